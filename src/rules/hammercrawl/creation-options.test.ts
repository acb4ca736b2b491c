import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import type { Character } from './character.js';
import { CREATION_OPTIONS, MAX_CREATION_LIST_LENGTH, creationOptionsOf } from './creation-options.js';
import { ruleSystem } from './rule-system.js';

function roll(options: Record<string, string>, seed = 5): Character {
  const r = ruleSystem.rollCharacter(seededRandom(seed), options);
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  return r.value as Character;
}

describe('creation options through the contract (Option B and P choices)', () => {
  it('offers every choice of `hammercrawl char new` as an option', () => {
    expect(CREATION_OPTIONS.map((d) => d.name)).toEqual([
      'method', 'name', 'soc-roll', 'starting-kit', 'stock', 'stock-prime', 'class', 'class-prime', 'stat-priority', 'shtick', 'spellblade-style', 'caster-type', 'focus',
      'holy-mage-power', 'devout-powers', 'specialist-choices', 'save-feat', 'skills', 'specialties', 'wps', 'weapons',
    ]);
  });

  it('a Combatant made with every choice has each of them', () => {
    const c = roll({
      method: 'semi', name: 'Brakka', stock: 'human', 'stock-prime': 'con', class: 'combatant', 'class-prime': 'STR', shtick: 'spellblade',
      'spellblade-style': 'eldritch-warrior', 'caster-type': 'believer', 'save-feat': 'DEX', skills: 'riding:horses, art:oils', wps: 'sword-long,bow-shortbow',
      weapons: 'sword-long,sword-long',
    });
    expect(c.name).toBe('Brakka');
    expect([c.stock, c.class, c.primeStats]).toEqual(['human', 'combatant', ['CON', 'STR']]);
    expect(c.classPicks).toEqual(expect.arrayContaining([{ kind: 'shtick', id: 'spellblade' }, { kind: 'spellblade-style', id: 'eldritch-warrior', casterType: 'believer' }, expect.objectContaining({ kind: 'save-feat', stat: 'DEX' })]));
    expect(c.skills.slice(0, 2)).toEqual([
      { id: 'riding', specialization: 'horses', isSpecialty: false, isCursed: false },
      { id: 'art', specialization: 'oils', isSpecialty: false, isCursed: false },
    ]);
    expect(c.weaponProficiencies.filter((w) => w.source === 'selection').slice(0, 2).map((w) => w.id)).toEqual(['sword-long', 'bow-shortbow']);
    expect(c.inventory.filter((i) => i.id === 'sword-long')).toHaveLength(2);
  });

  it('a Devout, a Holy Mage, a Specialist and a Palladium Human take their own choices', () => {
    const devout = roll({ method: 'semi', class: 'devout', 'devout-powers': 'lay-on-hands:advanced,revenant' });
    expect(devout.classPicks.filter((p) => p.kind === 'devout-power')).toEqual([
      { kind: 'devout-power', id: 'lay-on-hands', version: 'advanced' },
      { kind: 'devout-power', id: 'revenant', version: 'basic' },
    ]);
    const mage = roll({ method: 'semi', class: 'true-mage', focus: 'holy-mage', 'holy-mage-power': 'combat-hardened' });
    expect(mage.classPicks).toEqual(expect.arrayContaining([{ kind: 'focus', id: 'holy-mage' }, { kind: 'holy-mage-power', id: 'combat-hardened' }]));
    const specialist = roll({ method: 'semi', class: 'specialist', 'class-prime': 'DEX', 'specialist-choices': 'opportunist', skills: 'riding,sporting', specialties: 'sporting', 'save-feat': 'WIL' });
    expect(specialist.classPicks).toEqual(expect.arrayContaining([{ kind: 'specialist-choice', id: 'opportunist' }, expect.objectContaining({ kind: 'save-feat', stat: 'WIL' })]));
    expect(specialist.skills.find((s) => s.id === 'sporting')?.isSpecialty).toBe(true);
    const human = roll({ method: 'palladium', stock: 'human', 'stat-priority': 'INT,WIL' });
    const best = Math.max(...Object.values(human.stats).map((s) => s.score));
    expect(human.stats.INT.score).toBe(best);
  });

  it('a choice that does not fit is refused at its own option', () => {
    const refused = (options: Record<string, string>) => {
      const r = ruleSystem.rollCharacter(seededRandom(1), options);
      return r.ok ? null : [r.error.code, r.error.path];
    };
    expect(refused({ method: 'semi', stock: 'elfin', 'stock-prime': 'STR' })).toEqual(['creation/prime-stat', '$.stock-prime']);
    expect(refused({ method: 'semi', class: 'devout', shtick: 'tank' })).toEqual(['creation/wrong-class', '$.shtick']);
    expect(refused({ method: 'semi', 'class-prime': 'nope' })).toEqual(['creation/unknown-id', '$.class-prime']);
    expect(refused({ method: 'semi', class: 'devout', 'devout-powers': 'revenant:great' })).toEqual(['creation/devout-powers', '$.devout-powers']);
    expect(refused({ method: 'semi', class: 'combatant', weapons: 'sword-long,axe-great,club,mace' })).toEqual(['creation/too-many', '$.weapons']);
    expect(refused({ method: 'random', skills: 'riding' })).toEqual(['creation/choices-need-semi', '$.skills']);
  });

  it('a list option takes MAX_CREATION_LIST_LENGTH characters, and one more is refused', () => {
    const at = 'a'.repeat(MAX_CREATION_LIST_LENGTH);
    const over = ruleSystem.rollCharacter(seededRandom(1), { method: 'semi', skills: `${at}b` });
    expect(over.ok ? null : over.error.code).toBe('param/too-long');
    const atLimit = ruleSystem.rollCharacter(seededRandom(1), { method: 'semi', skills: at });
    expect(atLimit.ok ? null : atLimit.error.code).toBe('creation/unknown-id');
  });

  it('reads lists as the command line writes them', () => {
    const r = creationOptionsOf({ method: 'semi', skills: ' riding : horses ,, art', 'stat-priority': 'wis,int' });
    expect(r.ok && r.value.choices).toEqual({ skills: [{ id: 'riding', specialization: 'horses' }, { id: 'art' }], statPriority: ['WIL', 'INT'] });
  });
});

describe('reading a character through the contract', () => {
  it('lists every problem of a document, each with its path', () => {
    const c = roll({ method: 'semi' });
    const r = ruleSystem.readCharacter({ ...c, class: 'bard', xp: -4 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.problems?.map((p) => p.path)).toEqual(expect.arrayContaining(['$.class', '$.xp']));
    expect(r.error.message).toMatch(/and \d+ more problem/);
    const one = ruleSystem.readCharacter({ ...c, xp: -4 });
    expect(one.ok ? null : [one.error.path, one.error.problems]).toEqual(['$.xp', undefined]);
  });
});
