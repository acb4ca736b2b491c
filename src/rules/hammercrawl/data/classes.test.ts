import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../../dice/index.js';
import { STAT_IDS } from '../check-modifiers.js';
import { CORE_STAT_IDS } from './stocks.js';
import { FEAT_DIE_TABLE, MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL } from '../feat-die.js';
import {
  CLASSES,
  CLASS_FEATURES,
  CLASS_LEVELS,
  DEVOUT_POWERS,
  RANDOM_CLASS_DIE,
  RANDOM_CLASS_TABLE,
  SPELLCASTING_PROFILES,
  type CharacterClass,
  type ClassFeature,
  type ClassLevelRow,
  type DevoutPower,
  type FeatureEffect,
  type SpellcastingProfile,
  type WpProgressionRule,
} from './classes.js';
import { duplicatesOf, missingIds, offendersOf, rulesBroken } from '../../../../test/offenders.js';

// Widened views: the tables as their row types, so lookups by arbitrary ids type-check.
const classes: readonly CharacterClass[] = CLASSES;
const features: readonly ClassFeature[] = CLASS_FEATURES;
const powers: readonly DevoutPower[] = DEVOUT_POWERS;
const profiles: readonly SpellcastingProfile[] = SPELLCASTING_PROFILES;
const levels: readonly ClassLevelRow[] = CLASS_LEVELS;

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ALL_LEVELS = Array.from({ length: MAX_CHARACTER_LEVEL - MIN_CHARACTER_LEVEL + 1 }, (_, i) => MIN_CHARACTER_LEVEL + i);
const CORE_IDS = ['combatant', 'true-mage', 'devout', 'specialist'];

function cls(id: string): CharacterClass {
  const c = classes.find((r) => r.id === id);
  if (!c) throw new Error(`no class ${id}`);
  return c;
}
function feature(id: string): ClassFeature {
  const f = features.find((r) => r.id === id);
  if (!f) throw new Error(`no feature ${id}`);
  return f;
}
function power(id: string): DevoutPower {
  const p = powers.find((r) => r.id === id);
  if (!p) throw new Error(`no power ${id}`);
  return p;
}
function profile(id: string): SpellcastingProfile {
  const p = profiles.find((r) => r.id === id);
  if (!p) throw new Error(`no profile ${id}`);
  return p;
}
function levelRow(classId: string, level: number): ClassLevelRow {
  const r = levels.find((row) => row.classId === classId && row.level === level);
  if (!r) throw new Error(`no level row ${classId} ${level}`);
  return r;
}
function effectOf<K extends FeatureEffect['kind']>(effects: readonly FeatureEffect[], kind: K): Extract<FeatureEffect, { kind: K }> {
  const e = effects.find((x) => x.kind === kind);
  if (!e) throw new Error(`no effect ${kind}`);
  return e as Extract<FeatureEffect, { kind: K }>;
}
/** Each id of a list that is taken twice or is not kebab-case, named with where the list is. */
function idOffenders(where: string, rowIds: readonly string[]): string[] {
  return [...duplicatesOf(rowIds).map((d) => `${where}: id ${d}`), ...rowIds.filter((id) => !KEBAB.test(id)).map((id) => `${where}: ${id} not kebab-case`)];
}
/** Every effect anywhere in the class data (features, powers, nested feats). */
function allEffects(): { owner: string; classId: string; effect: FeatureEffect }[] {
  const out: { owner: string; classId: string; effect: FeatureEffect }[] = [];
  for (const f of features) for (const effect of f.effects) out.push({ owner: f.id, classId: f.classId, effect });
  for (const p of powers) {
    for (const effect of p.basic.effects) out.push({ owner: p.id, classId: 'devout', effect });
    for (const effect of p.advanced?.effects ?? []) out.push({ owner: p.id, classId: 'devout', effect });
  }
  return out;
}
/** The levels (above a feature's first) where a scaling effect changes. */
function scalingLevels(effect: FeatureEffect): number[] {
  switch (effect.kind) {
    case 'extra-attacks':
    case 'barrage':
    case 'crit-range':
    case 'save-steps-against-spells':
    case 'dual-wield':
      return effect.byLevel.map((x) => x.level);
    default:
      return [];
  }
}
/** WPs total at a level by a rule (CL-5). */
function wpTotal(rule: WpProgressionRule, level: number): number {
  let total = rule.atLevelOne;
  for (let l = 2; l <= level; l += 1) if (rule.onLevels === 'every-new-level' || l % 2 === 0) total += rule.perNewLevel;
  return total;
}

describe('classes: counts and flags (CLASSES (CORE), CLASSES (EXPERIMENTAL))', () => {
  it('has the four core classes in the rules order and the experimental Charlatan', () => {
    expect(CLASSES.map((c) => c.id)).toEqual([...CORE_IDS, 'charlatan']);
    expect(classes.filter((c) => !c.isExperimental).map((c) => c.id)).toEqual(CORE_IDS);
    expect(classes.filter((c) => c.isExperimental).map((c) => c.id)).toEqual(['charlatan']);
  });

  it('rolls only core classes at random; the Charlatan never', () => {
    expect(offendersOf(classes, (c) => c.canRollAtRandom !== !c.isExperimental, (c) => `${c.id}: canRollAtRandom ${c.canRollAtRandom}`)).toEqual([]);
    expect(cls('charlatan').canRollAtRandom).toBe(false);
  });

  it('marks every class with a gap as wip, with the gaps named', () => {
    const hasWip = (c: CharacterClass): boolean =>
      c.hd === null ||
      c.skills === null ||
      c.wps === null ||
      c.feats.some((f) => f.status === 'wip') ||
      features.some((f) => f.classId === c.id && f.status === 'wip') ||
      (c.id === 'devout' && powers.some((p) => p.basic.status === 'wip' || p.advanced?.status === 'wip'));
    expect(
      rulesBroken(classes, (c) => c.id, (c) => ({
        [`status ${hasWip(c) ? 'wip' : 'complete'}`]: c.status === (hasWip(c) ? 'wip' : 'complete'),
        'gaps named exactly when wip': c.gaps.length > 0 === (c.status === 'wip'),
      })),
    ).toEqual([]);
  });
});

describe('classes: data integrity', () => {
  it('unique kebab-case ids in every table and every nested list', () => {
    expect([
      ...idOffenders('CLASSES', CLASSES.map((r) => r.id)),
      ...idOffenders('CLASS_FEATURES', CLASS_FEATURES.map((r) => r.id)),
      ...idOffenders('DEVOUT_POWERS', DEVOUT_POWERS.map((r) => r.id)),
      ...idOffenders('SPELLCASTING_PROFILES', SPELLCASTING_PROFILES.map((r) => r.id)),
      ...idOffenders('CLASS_LEVELS', CLASS_LEVELS.map((r) => r.id)),
      ...idOffenders('RANDOM_CLASS_TABLE', RANDOM_CLASS_TABLE.map((r) => r.id)),
      ...classes.flatMap((c) => [...idOffenders(`${c.id} feats`, c.feats.map((f) => f.id)), ...idOffenders(`${c.id} choices`, c.choices.map((ch) => ch.id))]),
      ...allEffects().flatMap(({ owner, effect }) =>
        effect.kind === 'second-die-trigger'
          ? idOffenders(`${owner} second-die options`, effect.options.map((o) => o.id))
          : effect.kind === 'replace-feats'
            ? idOffenders(`${owner} replaced feats`, effect.feats.map((f) => f.id))
            : [],
      ),
      ...profiles.flatMap((p) => (p.spellStat.kind === 'by-style' ? idOffenders(`${p.id} styles`, p.spellStat.styles.map((s) => s.id)) : [])),
    ]).toEqual([]);
  });

  it('every row has a label and a rules reference', () => {
    const rows: readonly { readonly label: string; readonly ref: string }[] = [
      ...classes,
      ...features,
      ...powers,
      ...profiles,
      ...levels,
      ...RANDOM_CLASS_TABLE,
      ...classes.map((c) => ({ label: c.label, ref: c.startingGear.ref })),
    ];
    expect(
      rulesBroken(rows, (r) => r.label || '(no label)', (r) => ({ 'a label': r.label.length > 0, 'ref to HAMMERCRAWL! v4': r.ref.startsWith('HAMMERCRAWL! v4, ') })),
    ).toEqual([]);
  });

  it('every referenced id exists: specials, choices, level grants, profiles, powers, random rows', () => {
    const featureOf = (id: string) => features.find((f) => f.id === id);
    const profileOf = (id: string) => profiles.find((p) => p.id === id);
    const options = classes.flatMap((c) => c.choices.flatMap((ch) => ch.optionIds.map((id) => ({ c, ch, id }))));
    const grants = levels.flatMap((r) => r.grants.map((g) => ({ r, g })));
    const effects = allEffects();
    expect([
      ...classes.flatMap((c) =>
        c.specialIds.filter((id) => featureOf(id)?.classId !== c.id || featureOf(id)?.group !== 'special').map((id) => `${c.id} special ${id}: not a special feature of the class`),
      ),
      ...options.flatMap(({ c, ch, id }) => {
        if (ch.pick.kind === 'devout-powers') return powers.some((p) => p.id === id) ? [] : [`${c.id} choice ${ch.id}: no power ${id}`];
        const f = featureOf(id);
        return f !== undefined && f.classId === c.id && f.group !== 'special' ? [] : [`${c.id} choice ${ch.id}: ${id} is not an option feature of the class`];
      }),
      ...grants.flatMap(({ r, g }) => {
        const c = classes.find((x) => x.id === r.classId);
        if (c === undefined) return [`${r.id}: no class ${r.classId}`];
        if (g.kind === 'choice' && !c.choices.some((ch) => ch.id === g.choiceId)) return [`${r.id}: no choice ${g.choiceId}`];
        if (g.kind === 'feature-improves' && featureOf(g.featureId)?.classId !== c.id) return [`${r.id}: ${g.featureId} is not a feature of the class`];
        return [];
      }),
      ...effects.flatMap(({ owner, effect }) => {
        switch (effect.kind) {
          case 'spellcasting':
            return profileOf(effect.profileId) === undefined ? [`${owner}: no profile ${effect.profileId}`] : [];
          case 'replace-spellcasting': {
            const [a, b] = [profileOf(effect.profileId), profileOf(effect.replacesProfileId)];
            return a !== undefined && b !== undefined && a.classId === b.classId ? [] : [`${owner}: ${effect.profileId} does not replace a profile of its class (${effect.replacesProfileId})`];
          }
          case 'choose-devout-power':
            return effect.excludedIds.filter((id) => !powers.some((p) => p.id === id)).map((id) => `${owner}: excludes no power ${id}`);
          default:
            return [];
        }
      }),
      ...missingIds(classes.map((c) => c.id), profiles.map((p) => [`profile ${p.id} class`, p.classId] as const)),
      ...offendersOf(RANDOM_CLASS_TABLE, (r) => classes.find((c) => c.id === r.classId)?.canRollAtRandom !== true, (r) => `${r.id}: ${r.classId} is not a class rolled at random`),
    ]).toEqual([]);
    // Each kind of reference is in the data, so none of the lists above was empty.
    expect([options.length, grants.length, classes.flatMap((c) => c.specialIds).length].every((n) => n > 0)).toBe(true);
    expect(['spellcasting', 'replace-spellcasting', 'choose-devout-power'].filter((k) => !effects.some(({ effect }) => effect.kind === k))).toEqual([]);
  });

  it('every feature belongs to its class: specials granted, options offered by a choice', () => {
    expect(
      rulesBroken(features, (f) => f.id, (f) => {
        const c = classes.find((x) => x.id === f.classId);
        return {
          'a class that exists': c !== undefined,
          // A special is granted by its class; an option (not a setting's) is offered by one of its choices.
          'granted or offered by its class':
            f.group === 'special' ? c?.specialIds.includes(f.id) === true : f.group === 'setting-option' || c?.choices.some((ch) => ch.optionIds.includes(f.id)) === true,
          [`level ${MIN_CHARACTER_LEVEL} to ${MAX_CHARACTER_LEVEL}`]: f.level >= MIN_CHARACTER_LEVEL && f.level <= MAX_CHARACTER_LEVEL,
          'a description of more than 10 characters': f.description.length > 10,
          'at least one effect': f.effects.length > 0,
        };
      }),
    ).toEqual([]);
    // Every Devout power is on offer, and the level-1 picks are the two stated combinations.
    const devoutChoice = cls('devout').choices[0];
    expect(devoutChoice?.optionIds).toEqual(powers.map((p) => p.id));
    expect(devoutChoice?.pick).toEqual({
      kind: 'devout-powers',
      allowed: [
        { basic: 3, advanced: 0 },
        { basic: 1, advanced: 1 },
      ],
    });
  });

  it('wip entries carry a free-text effect for the Smith, or the stated mechanics', () => {
    const versions = powers.flatMap((p) => [{ p, v: p.basic, which: 'basic' }, ...(p.advanced ? [{ p, v: p.advanced, which: 'advanced' }] : [])]);
    expect(
      offendersOf(versions, ({ v }) => v.status === 'wip' && !v.effects.some((e) => e.kind === 'text'), ({ p, which }) => `${p.id} (${which}): wip without a free-text effect`),
    ).toEqual([]);
    expect(versions.some(({ v }) => v.status === 'wip')).toBe(true);
    expect(feature('dancer').status).toBe('wip');
    expect(feature('yoink').status).toBe('wip');
    expect(feature('sharpshooter').status).toBe('wip');
    expect(feature('over-casting').status).toBe('wip');
    expect(feature('psionic-true-mage').setting).toBe('palladium');
    expect(cls('devout').feats.find((f) => f.id === 'unstated')?.status).toBe('wip');
  });

  it('dice are values on the chain: class HD, War Mage HD, unarmoured Armour Dice, the Combat Hardened step', () => {
    expect(missingIds(HAMMERCRAWL_CHAIN.sides, classes.flatMap((c) => (c.hd !== null ? [[`${c.id} HD`, c.hd] as const] : [])))).toEqual([]);
    expect(HAMMERCRAWL_CHAIN.sides).toContain(effectOf(feature('war-mage').effects, 'set-class-hd').sides);
    const armour = power('armour-of-righteousness');
    expect(HAMMERCRAWL_CHAIN.sides).toContain(effectOf(armour.basic.effects, 'armour-die-steps').unarmouredDie);
    expect(HAMMERCRAWL_CHAIN.sides).toContain(effectOf(armour.advanced?.effects ?? [], 'armour-die-steps').unarmouredDie);
    // "Your base class HD increases two steps (i.e. from d6 to d8)"
    const steps = effectOf(power('combat-hardened').advanced?.effects ?? [], 'class-hd-steps').steps;
    const chain: readonly number[] = HAMMERCRAWL_CHAIN.sides;
    expect(chain[chain.indexOf(cls('devout').hd ?? 0) + steps]).toBe(8);
  });

  it('prime stats are valid stats; the Specialist may choose any stat that has a Save (CL-2)', () => {
    const optionsOf = (c: CharacterClass) => (c.primeStat.kind === 'fixed' ? [c.primeStat.stat] : c.primeStat.from);
    expect([
      ...offendersOf(classes, (c) => optionsOf(c).length === 0, (c) => `${c.id}: no prime stat to choose`),
      ...missingIds(STAT_IDS, classes.flatMap((c) => optionsOf(c).map((s) => [`${c.id} prime stat`, s] as const))),
    ]).toEqual([]);
    expect(cls('combatant').primeStat).toEqual({ kind: 'choose-one', from: ['STR', 'DEX'] });
    expect(cls('true-mage').primeStat).toEqual({ kind: 'choose-one', from: ['INT', 'CHA'] });
    expect(cls('devout').primeStat).toEqual({ kind: 'choose-one', from: ['WIL', 'CHA'] });
    expect(cls('specialist').primeStat).toEqual({ kind: 'choose-one', from: ['STR', 'DEX', 'CON', 'INT', 'WIL', 'CHA'] });
    expect(cls('specialist').primeStat).toEqual({ kind: 'choose-one', from: CORE_STAT_IDS });
    expect(cls('charlatan').primeStat).toEqual({ kind: 'fixed', stat: 'CHA' });
    // The Commander needs CHA, which a Specialist can choose.
    expect(feature('commander').requires).toEqual([{ kind: 'prime-stat', stat: 'CHA' }]);
  });
});

describe('classes: progressions by level', () => {
  it('every class with stated progressions has exactly levels 1-10; the Charlatan has none', () => {
    const levelsOf = (c: CharacterClass) => levels.filter((r) => r.classId === c.id).map((r) => r.level);
    expect(Object.fromEntries(classes.map((c) => [c.id, levelsOf(c)]))).toEqual(
      Object.fromEntries(classes.map((c) => [c.id, c.skills === null || c.wps === null ? [] : ALL_LEVELS])),
    );
  });

  it('totals are running sums of the gains, and match each stated rule (CL-3, CL-5)', () => {
    const offenders: string[] = [];
    const stated = classes.filter((c) => c.skills !== null && c.wps !== null);
    expect(stated.length).toBeGreaterThan(0);
    for (const c of stated) {
      let skills = 0;
      let wps = 0;
      for (const level of ALL_LEVELS) {
        const r = levelRow(c.id, level);
        skills += r.skills.gained;
        wps += r.wps.gained;
        const rules = {
          'skills total is the running sum': r.skills.total === skills,
          'WPs total is the running sum': r.wps.total === wps,
          'skills total follows the class rule': r.skills.total === c.skills!.atLevelOne + c.skills!.perNewLevel * (level - 1),
          'WPs total follows the class rule': r.wps.total === wpTotal(c.wps!, level),
          [`id ${c.id}-${level}`]: r.id === `${c.id}-${level}`,
        };
        for (const [rule, kept] of Object.entries(rules)) if (!kept) offenders.push(`${c.id} level ${level}: ${rule}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the War Mage WP progression covers levels 1-10 and matches its rule', () => {
    const wp = effectOf(feature('war-mage').effects, 'replace-wp-progression');
    expect(wp.byLevel.map((r) => r.level)).toEqual(ALL_LEVELS);
    const sums = wp.byLevel.map((_, i) => wp.byLevel.slice(0, i + 1).reduce((n, r) => n + r.gained, 0));
    expect(
      rulesBroken(wp.byLevel, (r) => `level ${r.level}`, (r) => ({
        'total is the running sum': r.total === sums[wp.byLevel.indexOf(r)],
        'total follows the rule': r.total === wpTotal(wp.rule, r.level),
      })),
    ).toEqual([]);
  });

  it('spell progressions cover levels 1-10; level 1 has only the starting spells', () => {
    expect(
      rulesBroken(profiles, (p) => p.id, (p) => ({
        'levels 1-10': isDeepStrictEqual(p.spellsByLevel.map((r) => r.level), ALL_LEVELS),
        'no spells gained at level 1': p.spellsByLevel[0]?.gained === 0,
        [`the ${p.grade === 'dabbler' ? 'weak' : 'normal'} spell die column`]: p.spellDieColumn === (p.grade === 'dabbler' ? 'weak' : 'normal'),
      })),
    ).toEqual([]);
  });

  it('every scaling step of a feature is announced on its class level row, and nothing else is', () => {
    const expected = new Set<string>();
    for (const f of features) {
      for (const e of f.effects) for (const l of scalingLevels(e)) if (l > f.level) expected.add(`${f.classId}-${l}:${f.id}`);
    }
    const announced = new Set<string>();
    for (const r of levels) for (const g of r.grants) if (g.kind === 'feature-improves') announced.add(`${r.id}:${g.featureId}`);
    expect([...announced].sort()).toEqual([...expected].sort());
  });

  it('class choices come at level 1 and are announced there; Devout powers at 3, 6, 9; specialties at 3, 6, 9', () => {
    const choices = classes.flatMap((c) => c.choices.map((ch) => ({ c, ch })));
    expect(
      rulesBroken(choices, ({ c, ch }) => `${c.id} ${ch.id}`, ({ c, ch }) => ({
        'at level 1': ch.level === 1,
        // A class without level rows (no stated skills) has nowhere to announce it.
        'announced on the level-1 row': c.skills === null || levelRow(c.id, 1).grants.some((g) => g.kind === 'choice' && g.choiceId === ch.id),
      })),
    ).toEqual([]);
    const at = (classId: string, kind: string) =>
      levels.filter((r) => r.classId === classId && r.grants.some((g) => g.kind === kind)).map((r) => r.level);
    expect(at('devout', 'devout-power-advance')).toEqual([3, 6, 9]);
    expect(at('specialist', 'skill-specialty')).toEqual([3, 6, 9]);
  });
});

describe('classes: spot checks against the text', () => {
  it('HD: Combatant d8, True Mage d4, Devout d6, Specialist d6, Charlatan "??"', () => {
    expect(CLASSES.map((c) => [c.id, c.hd])).toEqual([
      ['combatant', 8],
      ['true-mage', 4],
      ['devout', 6],
      ['specialist', 6],
      ['charlatan', null],
    ]);
  });

  it('skills at level 1: 4, 6, 6, 8; WPs at level 1: 6, 2, 3, 2', () => {
    expect(CORE_IDS.map((id) => levelRow(id, 1).skills.total)).toEqual([4, 6, 6, 8]);
    expect(CORE_IDS.map((id) => levelRow(id, 1).wps.total)).toEqual([6, 2, 3, 2]);
    // "2 more every new level", "1 more every new even-numbered level", "1 more every new level"
    expect(CORE_IDS.map((id) => levelRow(id, 10).wps.total)).toEqual([24, 7, 12, 11]);
    expect(CORE_IDS.map((id) => levelRow(id, 10).skills.total)).toEqual([13, 15, 15, 17]);
    expect(cls('combatant').wps?.maxSpecializationsPerLevelUp).toBe(1);
    expect(levelRow('true-mage', 3).wps.gained).toBe(0);
    expect(levelRow('true-mage', 4).wps.gained).toBe(1);
  });

  it('Feats: Combatant CON plus STR or DEX Saves, Attack and Defense; Specialist Initiative; Charlatan untrained skills', () => {
    expect(cls('combatant').feats.map((f) => f.scope)).toEqual([
      { kind: 'save', stat: 'CON' },
      { kind: 'save-choice', options: ['STR', 'DEX'] },
      { kind: 'check', check: 'attack', alsoAsDefender: false },
      { kind: 'check', check: 'defense', alsoAsDefender: false },
    ]);
    expect(cls('true-mage').feats[0]?.scope).toEqual({ kind: 'check', check: 'spellcasting', alsoAsDefender: true });
    expect(cls('specialist').feats.map((f) => f.id)).toEqual(['prime-stat-saves', 'other-save', 'initiative-checks']);
    expect(cls('charlatan').feats.map((f) => f.id)).toEqual(['untrained-skill-checks']);
  });

  it('Combatant specials and shticks', () => {
    expect(cls('combatant').specialIds).toEqual(['hd-rerolls', 'hack-and-slash', 'combat-momentum']);
    expect(cls('combatant').choices[0]?.optionIds).toEqual([
      'two-fisted',
      'two-handed',
      'thrower',
      'sharpshooter',
      'tank',
      'spellblade',
      'dancer',
    ]);
    expect(feature('hd-rerolls').uses).toEqual([{ amount: { kind: 'level', factor: 1 }, per: 'venture', context: 'any' }]);
    expect(effectOf(feature('combat-momentum').effects, 'extra-attacks').byLevel.map((x) => x.level)).toEqual([1, 5, 10]);
    expect(effectOf(feature('two-handed').effects, 'reroll-faces').faces).toEqual([1, 2]);
    expect(effectOf(feature('two-handed').effects, 'crit-range').byLevel.map((x) => x.level)).toEqual([2, 6, 10]);
    expect(effectOf(feature('two-fisted').effects, 'dual-wield').byLevel).toEqual([
      { level: 1, primarySteps: -1, secondarySteps: -2 },
      { level: 5, primarySteps: -1, secondarySteps: -1 },
      { level: 9, primarySteps: 0, secondarySteps: -1 },
    ]);
    // "a thrower with 4 attacks": three extra attacks, at level 5 (odd levels 1, 3, 5).
    const barrage = effectOf(feature('thrower').effects, 'barrage');
    expect(barrage.byLevel.find((x) => x.level === 5)?.value).toBe(3);
    expect(effectOf(feature('sharpshooter').effects, 'second-die-trigger').options).toHaveLength(6);
    expect(effectOf(feature('tank').effects, 'taunt').rangeMeters).toEqual({ kind: 'level', factor: 2 });
  });

  it('True Mage: specials, foci, Spell Penetration d20 -> d16 at 4 and d14 at 9', () => {
    expect(cls('true-mage').specialIds).toEqual(['true-mage-spellcasting', 'mana-burn', 'over-casting', 'spell-penetration']);
    expect(cls('true-mage').choices[0]?.optionIds).toEqual(['holy-mage', 'traditional-mage', 'war-mage']);
    const d20 = HAMMERCRAWL_CHAIN.sides.indexOf(20);
    const pen = effectOf(feature('spell-penetration').effects, 'save-steps-against-spells').byLevel;
    expect(pen.map((x) => [x.level, HAMMERCRAWL_CHAIN.sides[d20 + x.value]])).toEqual([
      [4, 16],
      [9, 14],
    ]);
    expect(effectOf(feature('war-mage').effects, 'set-class-hd').sides).toBe(6);
    expect(effectOf(feature('holy-mage').effects, 'choose-devout-power').excludedIds).toEqual(['spellcasting']);
  });

  it('spellcasting: the Spell Die follows the Feat Die table (normal or weak column)', () => {
    const spellDie = (id: string, level: number) => {
      const row = FEAT_DIE_TABLE[level - 1];
      return profile(id).spellDieColumn === 'weak' ? row?.weak : row?.normal;
    };
    expect(spellDie('true-mage-spellcasting', 10)).toBe(10);
    expect(spellDie('devout-basic-spellcasting', 10)).toBe(7);
    expect(spellDie('devout-advanced-spellcasting', 5)).toBe(6);
    expect(spellDie('spellblade-spellcasting', 1)).toBe(3);
    expect(profile('true-mage-spellcasting').startingSpells).toEqual({ kind: 'count', base: 3, plusPositiveModOf: 'class-prime-stat' });
    expect(profile('traditional-mage-spellcasting').startingSpells).toEqual({ kind: 'half-stat', stat: 'INT' });
    expect(profile('eldritch-dabbler-spellcasting').spellsByLevel.every((r) => r.gained === 0)).toBe(true);
    // Spellblade: two at each even level, one at each odd level after the first: 2 + 10 + 4 = 16 by level 10.
    const blade = profile('spellblade-spellcasting');
    expect(blade.spellsByLevel.reduce((n, r) => n + r.gained, 0)).toBe(14);
    expect(blade.spellStat.kind === 'by-style' && blade.spellStat.styles.map((s) => s.stat)).toEqual(['CON', 'INT', 'WIL']);
    // Sustaining: Dedicated = class level; Devout basic and Eldritch Dabbler = level/3; Spellblade the general /2 (CL-7).
    expect(profiles.map((p) => [p.id, p.sustainDivisor])).toEqual([
      ['true-mage-spellcasting', 1],
      ['traditional-mage-spellcasting', 1],
      ['devout-basic-spellcasting', 3],
      ['devout-advanced-spellcasting', 1],
      ['spellblade-spellcasting', 2],
      ['eldritch-dabbler-spellcasting', 3],
    ]);
    expect(profile('devout-advanced-spellcasting').spellsByLevel[1]?.gained).toBe(2);
    expect(profile('devout-basic-spellcasting').canLearnFoundSpells).toBe(false);
  });

  it('Devout powers: twelve, with the stated numbers', () => {
    expect(powers).toHaveLength(12);
    expect(powers.filter((p) => p.basic.status === 'wip').map((p) => p.id)).toEqual([
      'abjure-spiritual-enemy',
      'control-undead',
      'metamorphosis',
      'prayer-of-blessings',
      'prayer-of-curses',
      'special-animal-friend',
    ]);
    expect(effectOf(power('armour-of-righteousness').basic.effects, 'armour-die-steps')).toMatchObject({ steps: 2, unarmouredDie: 3 });
    const lay = effectOf(power('lay-on-hands').basic.effects, 'heal-hd-steps');
    expect([lay.steps, lay.stepsOnCrit, lay.critMin, lay.testStat, lay.canHealSelf]).toEqual([1, 3, 16, 'WIL', false]);
    expect(power('fist-of-an-angry-god').basic.uses[0]).toEqual({
      amount: { kind: 'level-plus-stat-mod', stat: 'CHA' },
      per: 'venture',
      context: 'any',
    });
    expect(power('fist-of-an-angry-god').advanced?.uses[0]?.amount).toEqual({ kind: 'level-plus-half-stat', stat: 'CHA' });
    expect(effectOf(power('revenant').advanced?.effects ?? [], 'reroll-faces').faces).toEqual([1, 2]);
    expect(power('spellcasting').isSpellcasting).toBe(true);
    expect(powers.filter((p) => p.isSpellcasting)).toHaveLength(1);
  });

  it('Specialist: specials, choose 2 of six, Commander needs CHA', () => {
    expect(cls('specialist').specialIds).toEqual(['skill-specializations', 'cursed-skill']);
    const choice = cls('specialist').choices[0];
    expect(choice?.pick).toEqual({ kind: 'count', count: 2 });
    expect(choice?.optionIds).toEqual([
      'commander',
      'defensive-specialist',
      'eldritch-dabbler',
      'opportunist',
      'tactical-combatant',
      'yoink',
    ]);
  });

  it('starting gear as in Starting Equipment', () => {
    expect(cls('combatant').startingGear.items).toEqual([{ kind: 'weapon-of-choice', count: 3 }]);
    expect(cls('specialist').startingGear.items.map((g) => g.kind)).toEqual(['weapon-of-choice', 'item']);
    expect(cls('true-mage').startingGear.items.map((g) => g.kind)).toEqual(['item', 'random-wizard-weapon']);
    expect(cls('devout').startingGear.items).toHaveLength(2);
    expect(cls('charlatan').startingGear.items).toEqual([]);
  });
});

describe('the random class roll (CL-1)', () => {
  it('covers 1..d4 exactly once, each core class once, never the Charlatan', () => {
    const faces = RANDOM_CLASS_TABLE.flatMap((r) => Array.from({ length: r.roll.max - r.roll.min + 1 }, (_, i) => r.roll.min + i));
    expect(faces.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(faces).toHaveLength(RANDOM_CLASS_DIE);
    expect(RANDOM_CLASS_TABLE.map((r) => r.classId)).toEqual(classes.filter((c) => c.canRollAtRandom).map((c) => c.id));
  });
});

// The rules' prose must not be copied: no description shares a run of 8 words with the rules text.
describe.skipIf(!HAS_RULES_TEXT)('descriptions are the project\'s own words', () => {
  it('no description or free-text effect repeats 8 consecutive words of the rules', () => {
    const texts = [
      ...features.map((f) => f.description),
      ...powers.flatMap((p) => [p.basic.description, p.advanced?.description ?? '']),
      ...allEffects().flatMap(({ effect }) => (effect.kind === 'text' ? [effect.text] : [])),
      ...classes.map((c) => c.summary ?? ''),
    ];
    expect(copiedRuns(texts)).toEqual([]);
  });
});
