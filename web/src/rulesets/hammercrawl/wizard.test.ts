import { describe, expect, it } from 'vitest';
import type { ParamDef } from '../../../../src/rules/rule-system.js';
import { seededRandom } from '../../../../src/dice/random.js';
import { CREATION_OPTIONS } from '../../../../src/rules/hammercrawl/creation-options.js';
import { ruleSystem } from '../../../../src/rules/hammercrawl/rule-system.js';
import { readForm } from '../../lib/params.js';
import { DEVOUT_PATTERN_FIELD, SOC_ROLL_HELP, STARTING_KIT_HELP, hammercrawlCreationDefs, hammercrawlListSpec, hammercrawlValues, listEntries, listValue } from './wizard.js';

const DEFS: ParamDef[] = [
  { name: 'method', kind: 'choice', label: 'Method', help: '', choices: [{ id: 'random', label: 'A' }, { id: 'semi', label: 'B' }, { id: 'palladium', label: 'P' }], default: 'random' },
  { name: 'name', kind: 'text', label: 'Name', help: '', maxLength: 60 },
  { name: 'stock', kind: 'text', label: 'Stock', help: '', maxLength: 40 },
  { name: 'class', kind: 'choice', label: 'Class', help: '', choices: [{ id: 'fighter', label: 'Fighter' }] },
];

describe('HAMMERCRAWL! creation choices', () => {
  it('hides stock and class under Option A', () => {
    expect(hammercrawlCreationDefs(DEFS, { method: 'random' }).map((d) => d.name)).toEqual(['method', 'name']);
    expect(hammercrawlValues({ method: 'random', stock: 'x', class: 'y', name: 'N' })).toEqual({ method: 'random', name: 'N' });
  });
  it('lists the stocks of the method\'s setting', () => {
    const semi = hammercrawlCreationDefs(DEFS, { method: 'semi' }).find((d) => d.name === 'stock');
    const pal = hammercrawlCreationDefs(DEFS, { method: 'palladium' }).find((d) => d.name === 'stock');
    expect(semi?.kind).toBe('choice');
    expect(pal?.kind).toBe('choice');
    if (semi?.kind !== 'choice' || pal?.kind !== 'choice') return;
    expect(semi.choices.length).toBeGreaterThan(1);
    expect(semi.choices.map((c) => c.id)).toContain('human');
    expect(pal.choices.map((c) => c.id)).not.toEqual(semi.choices.map((c) => c.id));
  });
});

describe('HAMMERCRAWL! Option B and P: every choice, where the choices so far allow it', () => {
  const names = (values: Record<string, string>) => hammercrawlCreationDefs(CREATION_OPTIONS, values).map((d) => d.name);

  it('shows a choice only once what it depends on is chosen', () => {
    expect(names({ method: 'random' })).toEqual(['method', 'name', 'soc-roll', 'starting-kit']);
    expect(names({ method: 'semi' })).toEqual(['method', 'name', 'soc-roll', 'starting-kit', 'stock', 'class', 'skills', 'wps']);
    expect(names({ method: 'semi', stock: 'human' })).toContain('stock-prime');
    expect(names({ method: 'semi', stock: 'elfin' })).not.toContain('stock-prime');
    expect(names({ method: 'semi', stock: 'human' })).not.toContain('stat-priority');
    expect(names({ method: 'palladium', stock: 'human' })).toContain('stat-priority');
    const combatant = names({ method: 'semi', class: 'combatant' });
    expect(combatant).toEqual(expect.arrayContaining(['class-prime', 'shtick', 'save-feat', 'weapons']));
    expect(combatant).not.toContain('spellblade-style');
    expect(names({ method: 'semi', class: 'combatant', shtick: 'spellblade' })).toEqual(expect.arrayContaining(['spellblade-style', 'caster-type']));
    expect(names({ method: 'semi', class: 'true-mage' })).toContain('focus');
    expect(names({ method: 'semi', class: 'true-mage', focus: 'holy-mage' })).toContain('holy-mage-power');
    expect(names({ method: 'semi', class: 'devout' })).toContain('devout-powers');
    expect(names({ method: 'semi', class: 'devout' })).not.toContain('weapons');
    // The Specialist's other Save differs from the prime stat: offered once the prime stat is chosen.
    expect(names({ method: 'semi', class: 'specialist' })).not.toContain('save-feat');
    const specialist = hammercrawlCreationDefs(CREATION_OPTIONS, { method: 'semi', class: 'specialist', 'class-prime': 'DEX' });
    const saveFeat = specialist.find((d) => d.name === 'save-feat');
    expect(saveFeat?.kind === 'choice' ? saveFeat.choices.map((c) => c.id) : []).not.toContain('DEX');
    expect(specialist.map((d) => d.name)).toEqual(expect.arrayContaining(['specialist-choices', 'specialties']));
  });

  it('explains the SOC roll and the starting kit in words a player reads (CR-3, CR-17)', () => {
    for (const method of ['random', 'semi', 'palladium']) {
      const defs = hammercrawlCreationDefs(CREATION_OPTIONS, { method });
      const soc = defs.find((d) => d.name === 'soc-roll');
      const kit = defs.find((d) => d.name === 'starting-kit');
      expect(soc?.help).toBe(SOC_ROLL_HELP);
      expect(kit?.help).toBe(STARTING_KIT_HELP);
    }
    // Each help names both choices as the form shows them, and what they change.
    const socDef = CREATION_OPTIONS.find((d) => d.name === 'soc-roll');
    const kitDef = CREATION_OPTIONS.find((d) => d.name === 'starting-kit');
    for (const [help, def] of [[SOC_ROLL_HELP, socDef], [STARTING_KIT_HELP, kitDef]] as const) {
      expect(def?.kind).toBe('choice');
      if (def?.kind !== 'choice') continue;
      for (const c of def.choices) expect(help).toContain(`“${c.label}”`);
    }
    expect(SOC_ROLL_HELP).toMatch(/coins/);
    expect(STARTING_KIT_HELP).toMatch(/weapon/);
  });

  it('says how many entries each list takes', () => {
    expect(hammercrawlListSpec('weapons', { method: 'semi', class: 'combatant' })?.max).toBe(3);
    expect(hammercrawlListSpec('weapons', { method: 'semi', class: 'specialist' })?.max).toBe(1);
    expect(hammercrawlListSpec('wps', { method: 'semi', class: 'combatant' })?.max).toBe(6);
    expect(hammercrawlListSpec('wps', { method: 'semi', class: 'true-mage', focus: 'war-mage' })?.max).toBe(3);
    expect(hammercrawlListSpec('skills', { method: 'semi', class: 'combatant' })?.max).toBe(4 + 3);
    expect(hammercrawlListSpec('skills', { method: 'palladium' })?.max).toBe(18);
    expect(hammercrawlListSpec('devout-powers', { method: 'semi', class: 'devout', [DEVOUT_PATTERN_FIELD]: 'three-basic' })?.max).toBe(3);
    expect(hammercrawlListSpec('specialist-choices', { method: 'semi', class: 'specialist', 'class-prime': 'DEX' })?.choices.map((c) => c.id)).not.toContain('commander');
    expect(hammercrawlListSpec('specialties', { method: 'semi', class: 'specialist', skills: 'riding,,art:oils' })?.choices.map((c) => c.id)).toEqual(['riding', 'art']);
    expect(hammercrawlListSpec('skills', { method: 'semi' })?.textFor('art')).toBe('medium');
    expect(hammercrawlListSpec('skills', { method: 'semi' })?.textFor('riding')).toBe('animal');
    expect(hammercrawlListSpec('skills', { method: 'semi' })?.textFor('fishing')).toBe('specialization');
    expect(hammercrawlListSpec('name', {})).toBeNull();
  });

  it('keeps blank rows in the form and sends none', () => {
    for (const entries of [[], [{ id: '', text: '' }], [{ id: 'art', text: 'oils' }, { id: '', text: '' }, { id: 'riding', text: '' }]]) {
      expect(listEntries(listValue(entries))).toEqual(entries);
    }
    expect(listValue([{ id: 'art', text: 'oils, and more' }])).toBe('art:oils  and more');
    expect(hammercrawlValues({ method: 'semi', class: 'combatant', skills: 'art:oils,,riding', shtick: 'tank', focus: 'war-mage' })).toEqual({ method: 'semi', class: 'combatant', skills: 'art:oils,riding', shtick: 'tank' });
    expect(hammercrawlValues({ method: 'semi', class: 'devout', 'devout-powers': 'revenant', [DEVOUT_PATTERN_FIELD]: 'roll' })).toEqual({ method: 'semi', class: 'devout', [DEVOUT_PATTERN_FIELD]: 'roll' });
  });

  it('what the form sends, the ruleset rolls with every choice kept', () => {
    const values = hammercrawlValues({
      method: 'semi', class: 'devout', [DEVOUT_PATTERN_FIELD]: 'basic-and-advanced', 'devout-powers': listValue([{ id: 'lay-on-hands', text: 'advanced' }, { id: 'revenant', text: '' }]),
      skills: listValue([{ id: 'art', text: 'oils' }, { id: '', text: '' }]),
    });
    const defs = hammercrawlCreationDefs(CREATION_OPTIONS, values);
    const read = readForm(defs, values);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const r = ruleSystem.rollCharacter(seededRandom(2), read.params);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.value as unknown as { classPicks: { kind: string; id: string; version?: string }[]; skills: { id: string; specialization: string | null }[] };
    expect(c.classPicks.filter((p) => p.kind === 'devout-power').map((p) => [p.id, p.version])).toEqual([
      ['lay-on-hands', 'advanced'],
      ['revenant', 'basic'],
    ]);
    expect(c.skills[0]).toMatchObject({ id: 'art', specialization: 'oils' });
  });
});
