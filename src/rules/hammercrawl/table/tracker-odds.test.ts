/**
 * The odds the page shows before a tracker Tactical Attack and before damage that is not an attack,
 * held against two independent computations: a brute force written here from the rules text (every
 * face of every die: the DV dice, the partial-armour d10, the soak die, the attack die and the Save
 * die), and a seeded Monte Carlo of the rolling function the server runs. The exhaustive enumeration
 * of the rolling function (test/enumerate.ts) ties the two ends together exactly.
 * Rules: HAMMERCRAWL! v4, Tactical ATTACK!, SAVES, Crits, Combat Crits, DAMAGE, ARMOUR (Coverage).
 */
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../dice/random.js';
import { rollCombatAction, EMPTY_COMBAT, type CombatAction, type CombatState } from '../../../table/combat.js';
import { chanceOf, enumeratePaths } from '../../../../test/enumerate.js';
import { add, bruteDamage, bruteTactical, keyOf, stepped, type BruteHit, type BruteTactical, type BruteTarget, type Dist } from '../../../../test/hammercrawl-brute.js';
import { expectWithinFourSigma } from '../../../../test/monte-carlo.js';
import type { TableCharacter, TableSettings } from '../../rule-system.js';
import { rollCharacters } from '../create-character.js';
import { ruleSystem as hammercrawl } from '../rule-system.js';
import { rollTrackerAction, trackerDamage, trackerTactical, type TrackerCombatAction, type TrackerDamageValue } from './tracker-actions.js';
import { combatSettingsOf } from './tracker-attack.js';
import { CONDITION_WORDS } from './tracker-conditions.js';

// ---- the tracker --------------------------------------------------------------------------------------

function combat(state: CombatState, action: CombatAction): CombatState {
  const r = rollCombatAction(seededRandom(9), hammercrawl, state, action);
  if (!r.ok) throw new Error(`setting up: ${r.error.code}: ${r.error.message}`);
  return r.value.combat;
}

function character(id: string, choices: Record<string, unknown>, seed: number): TableCharacter {
  const r = rollCharacters(seededRandom(seed), { method: 'semi', seed, choices: choices as never }, 1);
  if (!r.ok) throw new Error(r.error.message);
  return { id, ownerId: `owner-${id}`, document: r.characters[0]! as unknown as TableCharacter['document'] };
}

interface Doc {
  readonly level: number;
  readonly healthDie: string;
  readonly armourDie: string | null;
  readonly defense: number;
  readonly stats: Record<string, { readonly score: number; readonly mod: number }>;
}
const docOf = (c: TableCharacter): Doc => c.document as unknown as Doc;

/** A die as a document writes it ("d8"), or null for none. */
function sidesOf(die: string | null): number | null {
  if (die === null || die === '') return null;
  const m = /^d(\d+)$/.exec(die);
  if (m === null) throw new Error(`not a die: ${die}`);
  return Number(m[1]);
}

function outcomesMap(list: readonly { armourDie: number | null; healthDie: number | null; p: number }[]): Dist {
  const out: Dist = new Map();
  for (const o of list) add(out, keyOf(o.armourDie, o.healthDie), o.p);
  return out;
}

function expectSameDist(actual: Dist, expected: Dist, label: string): void {
  const keys = new Set([...actual.keys(), ...expected.keys()]);
  for (const k of keys) expect(actual.get(k) ?? 0, `${label}: ${k}`).toBeCloseTo(expected.get(k) ?? 0, 12);
  let total = 0;
  for (const p of expected.values()) total += p;
  expect(total, `${label}: the brute force sums to 1`).toBeCloseTo(1, 12);
}

/** A tracker of one foe with the given monster line, Health and Armour, and conditions. */
function oneFoe(line: string, health: string, armour: string, conditions: readonly string[] = []): CombatState {
  const s = combat(EMPTY_COMBAT, { type: 'add', name: 'Foe', side: 'foes', monster: line });
  return combat(s, { type: 'update', combatantId: 'c1', health, armour, conditions: [...conditions] });
}

// ---- damage that is not an attack ----------------------------------------------------------------------

type DamageAction = Extract<TrackerCombatAction, { type: 'damage' }>;
type DamageRest = { readonly isPenetrating?: boolean; readonly isCrit?: boolean; readonly isPartial?: boolean } & TrackerDamageValue;

interface DamageCase {
  readonly name: string;
  readonly combat: CombatState;
  readonly characters: readonly TableCharacter[];
  readonly action: DamageAction;
  readonly target: BruteTarget;
  readonly hit: BruteHit;
  readonly settings?: TableSettings;
}

const NO_TRICKS: BruteHit = { penetrating: false, crit: false, critToHealth: false };
const KNIGHT = 'hd=3,attack=+1,defense=11,damage=3';

/** A character with a CON mod other than 0, so that the Health Die soaks carry it, in a d6 of armour. */
const HURT = armoured(character('hurt', { class: 'combatant', shtick: 'tank' }, 21), 'd6');

function armoured(c: TableCharacter, die: string): TableCharacter {
  return { ...c, document: { ...c.document, armourDie: die, baseArmourDie: die } };
}

function damageCases(): DamageCase[] {
  const hurt = docOf(HURT);
  const withHurt = combat(EMPTY_COMBAT, { type: 'add', name: 'Tess', side: 'party', characterId: HURT.id });
  const hurtTarget: BruteTarget = { armour: sidesOf(hurt.armourDie), health: sidesOf(hurt.healthDie)!, con: hurt.stats['CON']!.mod, partial: false };
  const d = (count: number, sides: number, mod?: number) => ({ dice: { count, sides, ...(mod !== undefined ? { mod } : {}) } });
  const on = (action: DamageRest, targetId = 'c1'): DamageAction => ({ type: 'damage', targetId, source: 'Trap', ...action });
  return [
    { name: 'no armour, 1d6 on a d8', combat: oneFoe(KNIGHT, 'd8', ''), characters: [], action: on(d(1, 6)), target: { armour: null, health: 8, con: 0, partial: false }, hit: NO_TRICKS },
    { name: 'armour d6, 2d6+1 (spills over)', combat: oneFoe(KNIGHT, 'd8', 'd6'), characters: [], action: on(d(2, 6, 1)), target: { armour: 6, health: 8, con: 0, partial: false }, hit: NO_TRICKS },
    { name: 'armour d4, DV 30 overwhelms it all: down', combat: oneFoe(KNIGHT, 'd6', 'd4'), characters: [], action: on({ dv: 30 }), target: { armour: 4, health: 6, con: 0, partial: false }, hit: NO_TRICKS },
    { name: 'armour d8, DV 9: Overwhelming destroys a step, the rest soaked', combat: oneFoe(KNIGHT, 'd10', 'd8'), characters: [], action: on({ dv: 9 }), target: { armour: 8, health: 10, con: 0, partial: false }, hit: NO_TRICKS },
    { name: 'partial armour d6, 1d8', combat: oneFoe(KNIGHT, 'd8', 'd6'), characters: [], action: on({ ...d(1, 8), isPartial: true }), target: { armour: 6, health: 8, con: 0, partial: true }, hit: NO_TRICKS },
    { name: 'Penetrating 3d4-2 past armour d10', combat: oneFoe(KNIGHT, 'd6', 'd10'), characters: [], action: on({ ...d(3, 4, -2), isPenetrating: true }), target: { armour: 10, health: 6, con: 0, partial: false }, hit: { ...NO_TRICKS, penetrating: true } },
    { name: 'a crit, its step on the armour (the default), d6', combat: oneFoe(KNIGHT, 'd8', 'd4'), characters: [], action: on({ ...d(1, 6), isCrit: true }), target: { armour: 4, health: 8, con: 0, partial: false }, hit: { ...NO_TRICKS, crit: true } },
    {
      name: 'a crit, the defender takes it on Health, d3 on a d4: may go down',
      combat: oneFoe(KNIGHT, 'd4', 'd6', [CONDITION_WORDS.critsToHealth]),
      characters: [],
      action: on({ ...d(1, 3), isCrit: true }),
      target: { armour: 6, health: 4, con: 0, partial: false },
      hit: { ...NO_TRICKS, crit: true, critToHealth: true },
    },
    { name: 'a crit on a d3 Health Die with no armour: down at once', combat: oneFoe(KNIGHT, 'd3', ''), characters: [], action: on({ dv: 2, isCrit: true }), target: { armour: null, health: 3, con: 0, partial: false }, hit: { ...NO_TRICKS, crit: true } },
    { name: 'DV 0 does nothing', combat: oneFoe(KNIGHT, 'd8', 'd6'), characters: [], action: on({ dv: 0 }), target: { armour: 6, health: 8, con: 0, partial: false }, hit: NO_TRICKS },
    { name: 'a d20 DV on a d4 with no armour: mostly down', combat: oneFoe(KNIGHT, 'd4', ''), characters: [], action: on(d(1, 20)), target: { armour: null, health: 4, con: 0, partial: false }, hit: NO_TRICKS },
    { name: 'a character with a CON mod, Penetrating 2d6', combat: withHurt, characters: [HURT], action: on({ ...d(2, 6), isPenetrating: true }), target: hurtTarget, hit: { ...NO_TRICKS, penetrating: true } },
    { name: 'a character with a CON mod, 1d12+2 on its armour', combat: withHurt, characters: [HURT], action: on(d(1, 12, 2)), target: hurtTarget, hit: NO_TRICKS },
    {
      name: 'the same at a table whose CON adds to armour soaks (con-on-armour)',
      combat: withHurt,
      characters: [HURT],
      action: on(d(1, 12, 2)),
      target: { ...hurtTarget, conOnArmour: true },
      hit: NO_TRICKS,
      settings: { 'con-on-armour': true },
    },
  ];
}

describe('damage that is not an attack: the odds shown before the click', () => {
  const cases = damageCases();

  it('the character case carries a CON mod other than 0 (or it would test nothing a monster does not)', () => {
    expect(docOf(HURT).stats['CON']!.mod).not.toBe(0);
    const built = trackerDamage(cases.at(-1)!.combat, [HURT], cases.at(-1)!.action);
    expect(built.ok && built.value.defender.conMod).toBe(docOf(HURT).stats['CON']!.mod);
    expect(sidesOf(docOf(HURT).armourDie), 'the character wears armour').not.toBeNull();
  });

  for (const c of cases) {
    it(`${c.name}: every end state as the brute force finds it`, () => {
      const built = trackerDamage(c.combat, c.characters, c.action, combatSettingsOf(c.settings ?? {}));
      if (!built.ok) throw new Error(`${built.error.code}: ${built.error.message}`);
      const expected = bruteDamage(c.target, c.action, c.hit);
      expectSameDist(outcomesMap(built.value.outcomes), expected, c.name);
      expect(built.value.down, `${c.name}: down`).toBeCloseTo([...expected].reduce((s, [k, p]) => s + (k.endsWith('/-') ? p : 0), 0), 12);
    });
  }

  it('a case that goes down and one that cannot are in the spread', () => {
    const downs = cases.map((c) => [...bruteDamage(c.target, c.action, c.hit)].reduce((s, [k, p]) => s + (k.endsWith('/-') ? p : 0), 0));
    expect(downs.some((p) => p === 1)).toBe(true);
    expect(downs.some((p) => p > 0 && p < 1)).toBe(true);
    expect(downs.some((p) => p === 0)).toBe(true);
    // The con-on-armour case moves the odds (else the setting would go untested).
    const [usual, onArmour] = cases.filter((c) => c.name.includes('1d12+2') || c.name.includes('con-on-armour'));
    expect(bruteDamage(onArmour!.target, onArmour!.action, onArmour!.hit)).not.toEqual(bruteDamage(usual!.target, usual!.action, usual!.hit));
  });

  /** The end state the rolled action wrote on the tracker. */
  const rolledKey = (after: CombatState, targetId: string): string => {
    const t = after.combatants.find((x) => x.id === targetId)!;
    const die = (s: string): number | null => (/^d(\d+)$/.exec(s) === null ? null : Number(s.slice(1)));
    return keyOf(die(t.armour), t.isDown ? null : die(t.health));
  };

  it('the rolling function, every path of its dice enumerated, gives exactly the odds shown', () => {
    for (const c of cases) {
      const built = trackerDamage(c.combat, c.characters, c.action, combatSettingsOf(c.settings ?? {}));
      if (!built.ok) throw new Error(built.error.message);
      const e = enumeratePaths((rng) => {
        const r = rollTrackerAction(rng, c.combat, c.characters, c.action, combatSettingsOf(c.settings ?? {}));
        if (!r.ok) throw new Error(r.error.message);
        return rolledKey(r.value.combat, c.action.targetId);
      });
      for (const o of built.value.outcomes) {
        expect(chanceOf(e, (k) => k === keyOf(o.armourDie, o.healthDie)), `${c.name}: ${keyOf(o.armourDie, o.healthDie)}`).toBeCloseTo(o.p, 12);
      }
    }
  });

  it('a seeded Monte Carlo of the rolling function (20,000 runs a case) agrees with the exact odds within 4 sigma', () => {
    const RUNS = 20_000;
    for (const c of cases.filter((x) => x.name.includes('2d6+1') || x.name.includes('partial') || x.name.includes('CON mod, Penetrating'))) {
      const built = trackerDamage(c.combat, c.characters, c.action, combatSettingsOf(c.settings ?? {}));
      if (!built.ok) throw new Error(built.error.message);
      const rng = seededRandom(20_251_202);
      const counts = new Map<string, number>();
      for (let i = 0; i < RUNS; i++) {
        const r = rollTrackerAction(rng, c.combat, c.characters, c.action, combatSettingsOf(c.settings ?? {}));
        if (!r.ok) throw new Error(r.error.message);
        const k = rolledKey(r.value.combat, c.action.targetId);
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      const exact = outcomesMap(built.value.outcomes);
      for (const k of new Set([...counts.keys(), ...exact.keys()])) expectWithinFourSigma(counts.get(k) ?? 0, RUNS, exact.get(k) ?? 0, 0, `${c.name}: ${k}`);
    }
  });
});

// ---- Tactical Attacks ---------------------------------------------------------------------------------

interface TacticalCase {
  readonly name: string;
  readonly combat: CombatState;
  readonly characters: readonly TableCharacter[];
  readonly attackerId: string;
  readonly targetId: string;
  readonly stat: 'STR' | 'DEX' | 'CON' | 'INT' | 'WIL' | 'CHA';
  readonly brute: BruteTactical;
  readonly settings?: TableSettings;
}

/** The usual two-foe tracker: c1 and c2 with the given monster lines (c2 on the party's side). */
function duel(foe: string, friend: string, foeConditions: readonly string[] = [], friendConditions: readonly string[] = []): CombatState {
  let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Foe', side: 'foes', monster: foe });
  s = combat(s, { type: 'add', name: 'Friend', side: 'party', monster: friend });
  if (foeConditions.length > 0) s = combat(s, { type: 'update', combatantId: 'c1', conditions: [...foeConditions] });
  if (friendConditions.length > 0) s = combat(s, { type: 'update', combatantId: 'c2', conditions: [...friendConditions] });
  return s;
}

const HOUND = 'hd=2,attack=+3,defense=12,damage=d6';
const BRUTE = 'hd=3,attack=+4,defense=12,damage=d8';
const GOBLIN = 'hd=1,attack=+2,defense=11,damage=3';
/** A Tactical Attack without a Tactical weapon: the d20 one step down, WP and weapon effects off (CB-11). */
const NO_TACTICAL_WEAPON = -1;
/** A monster's Save stat mods are 0; its attack value 10 + attack stands in for a stat score (CB-11). */
const monsterTarget = (attack: number): number => 10 + attack;

function tacticalCases(): TacticalCase[] {
  const pc = character('pc', { class: 'combatant', shtick: 'two-handed' }, 22);
  const doc = docOf(pc);
  const withPc = (foe: string): CombatState => {
    let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Foe', side: 'foes', monster: foe });
    return combat(s, { type: 'add', name: 'Ulf', side: 'party', characterId: pc.id });
  };
  const d16 = stepped(20, NO_TACTICAL_WEAPON);
  return [
    { name: 'hound on brute (same level, d20 Save)', combat: duel(BRUTE, HOUND), characters: [], attackerId: 'c2', targetId: 'c1', stat: 'STR', brute: { attackDie: d16, attackMod: 3, defense: 12, meets: true, saveDie: 20, saveMod: 0, saveTarget: monsterTarget(3) } },
    {
      name: 'brute on hound (greater level: the Save one step down)',
      combat: duel(BRUTE, HOUND),
      characters: [],
      attackerId: 'c1',
      targetId: 'c2',
      stat: 'DEX',
      brute: { attackDie: d16, attackMod: 4, defense: 12, meets: true, saveDie: stepped(20, -1), saveMod: 0, saveTarget: monsterTarget(4) },
    },
    {
      name: 'goblin on an Exposed hound (+1 step: d20)',
      combat: duel(GOBLIN, HOUND, [], [CONDITION_WORDS.exposed]),
      characters: [],
      attackerId: 'c1',
      targetId: 'c2',
      stat: 'STR',
      brute: { attackDie: stepped(d16, 1), attackMod: 2, defense: 12, meets: true, saveDie: 20, saveMod: 0, saveTarget: monsterTarget(2) },
    },
    {
      name: 'a Hampered goblin (-1 step: d14, no crit) on the brute',
      combat: duel(BRUTE, GOBLIN, [], [CONDITION_WORDS.hampered]),
      characters: [],
      attackerId: 'c2',
      targetId: 'c1',
      stat: 'STR',
      brute: { attackDie: stepped(d16, -1), attackMod: 2, defense: 12, meets: true, saveDie: 20, saveMod: 0, saveTarget: monsterTarget(2) },
    },
    {
      name: 'hound on a brute in Total Defense: a Competition, d16 + 3 against d20 + 2, ties to the brute',
      combat: duel(BRUTE, HOUND, [CONDITION_WORDS.totalDefense]),
      characters: [],
      attackerId: 'c2',
      targetId: 'c1',
      stat: 'STR',
      brute: { attackDie: d16, attackMod: 3, defense: 12, meets: false, competition: { die: 20, mod: 12 - 10 }, saveDie: 20, saveMod: 0, saveTarget: monsterTarget(3) },
    },
    {
      name: 'hound on a twice Hampered brute in Total Defense: its d14 cannot give the crit',
      combat: duel(BRUTE, HOUND, [CONDITION_WORDS.totalDefense, CONDITION_WORDS.hampered, CONDITION_WORDS.hampered]),
      characters: [],
      attackerId: 'c2',
      targetId: 'c1',
      stat: 'DEX',
      brute: { attackDie: d16, attackMod: 3, defense: 12, meets: false, competition: { die: stepped(20, -2), mod: 12 - 10 }, saveDie: 20, saveMod: 0, saveTarget: monsterTarget(3) },
    },
    {
      name: 'goblin on a Hampered brute (a passive Defense): the Save is the brute’s next check, one step down (CB-43)',
      combat: duel(BRUTE, GOBLIN, [CONDITION_WORDS.hampered]),
      characters: [],
      attackerId: 'c2',
      targetId: 'c1',
      stat: 'STR',
      brute: { attackDie: d16, attackMod: 2, defense: 12, meets: true, saveDie: stepped(20, -1), saveMod: 0, saveTarget: monsterTarget(2) },
    },
    {
      name: 'goblin on a twice Hampered brute: the Save two steps down',
      combat: duel(BRUTE, GOBLIN, [CONDITION_WORDS.hampered, CONDITION_WORDS.hampered]),
      characters: [],
      attackerId: 'c2',
      targetId: 'c1',
      stat: 'STR',
      brute: { attackDie: d16, attackMod: 2, defense: 12, meets: true, saveDie: stepped(20, -2), saveMod: 0, saveTarget: monsterTarget(2) },
    },
    {
      name: 'a character on a goblin: its STR mod, and the Save against its STR score',
      combat: withPc(GOBLIN),
      characters: [pc],
      attackerId: 'c2',
      targetId: 'c1',
      stat: 'STR',
      brute: { attackDie: d16, attackMod: doc.stats['STR']!.mod, defense: 11, meets: true, saveDie: doc.level > 1 ? stepped(20, -1) : 20, saveMod: 0, saveTarget: doc.stats['STR']!.score },
    },
    {
      name: 'a goblin on a character: the character’s Defense roll, one step up (CB-7), and its Save',
      combat: withPc(GOBLIN),
      characters: [pc],
      attackerId: 'c1',
      targetId: 'c2',
      stat: 'STR',
      brute: {
        attackDie: 0,
        attackMod: 0,
        defense: 0,
        meets: true,
        defenseRoll: { die: stepped(20, -NO_TACTICAL_WEAPON), mod: doc.stats['DEX']!.mod, value: monsterTarget(2) },
        saveDie: 20,
        saveMod: doc.stats['STR']!.mod,
        saveTarget: monsterTarget(2),
      },
    },
  ];
}

/** The same cases at a table whose minion values must be beaten, not met (`minion-challenge: beat`, CB-1). */
function beatCases(cases: readonly TacticalCase[]): TacticalCase[] {
  return cases.map((c) => ({ ...c, name: `${c.name}, minion-challenge beat`, brute: { ...c.brute, meets: false }, settings: { 'minion-challenge': 'beat' } }));
}

describe('Tactical Attacks: the odds shown before the click', () => {
  const usual = tacticalCases();
  const cases = [...usual, ...beatCases(usual)];

  for (const c of cases) {
    it(`${c.name}: connect, crit, Save and effects as the brute force finds them`, () => {
      const built = trackerTactical(c.combat, c.characters, c.attackerId, c.targetId, c.stat, {}, combatSettingsOf(c.settings ?? {}));
      if (!built.ok) throw new Error(`${built.error.code}: ${built.error.message}`);
      const b = bruteTactical(c.brute);
      const got = built.value;
      expect(got.connect, 'connect').toBeCloseTo(b.connect, 12);
      expect(got.crit, 'crit').toBeCloseTo(b.crit, 12);
      expect(got.save, 'save').toBeCloseTo(b.save, 12);
      expect(got.oneEffect, 'one effect').toBeCloseTo(b.oneEffect, 12);
      expect(got.twoEffects, 'two effects').toBeCloseTo(b.twoEffects, 12);
    });
  }

  it('the spread holds a case with no crit and cases with one', () => {
    const crits = cases.map((c) => bruteTactical(c.brute).crit);
    expect(crits).toContain(0);
    expect(crits.some((p) => p > 0)).toBe(true);
  });

  /** What a rolled Tactical Attack came to: miss, saved, one effect or two. */
  const verdict = (c: TacticalCase, rng: Parameters<typeof rollTrackerAction>[0]): 'miss' | 'saved' | 'one' | 'two' => {
    const r = rollTrackerAction(rng, c.combat, c.characters, { type: 'tactical-attack', attackerId: c.attackerId, targetId: c.targetId, stat: c.stat }, combatSettingsOf(c.settings ?? {}));
    if (!r.ok) throw new Error(r.error.message);
    const a = r.value.attack!;
    if (a.isHit) return a.isCrit ? 'two' : 'one';
    return / saves\.$/.test(r.value.summary) ? 'saved' : 'miss';
  };

  it('the rolling function, every path of its dice enumerated, gives exactly the odds shown', () => {
    for (const c of cases) {
      const built = trackerTactical(c.combat, c.characters, c.attackerId, c.targetId, c.stat, {}, combatSettingsOf(c.settings ?? {}));
      if (!built.ok) throw new Error(built.error.message);
      const e = enumeratePaths((rng) => verdict(c, rng));
      const t = built.value;
      expect(chanceOf(e, (k) => k !== 'miss'), `${c.name}: connect`).toBeCloseTo(t.connect, 12);
      expect(chanceOf(e, (k) => k === 'one'), `${c.name}: one`).toBeCloseTo(t.oneEffect, 12);
      expect(chanceOf(e, (k) => k === 'two'), `${c.name}: two`).toBeCloseTo(t.twoEffects, 12);
      expect(chanceOf(e, (k) => k === 'saved'), `${c.name}: saved`).toBeCloseTo(t.connect * t.save, 12);
    }
  });

  it('a seeded Monte Carlo of the rolling function (20,000 runs a case) agrees with the exact odds within 4 sigma', () => {
    const RUNS = 20_000;
    for (const c of [cases[0]!, cases[1]!]) {
      const built = trackerTactical(c.combat, c.characters, c.attackerId, c.targetId, c.stat, {}, combatSettingsOf(c.settings ?? {}));
      if (!built.ok) throw new Error(built.error.message);
      const rng = seededRandom(1_790);
      const counts = { miss: 0, saved: 0, one: 0, two: 0 };
      for (let i = 0; i < RUNS; i++) counts[verdict(c, rng)]++;
      const t = built.value;
      expectWithinFourSigma(RUNS - counts.miss, RUNS, t.connect, 0, `${c.name}: connect`);
      expectWithinFourSigma(counts.saved, RUNS, t.connect * t.save, 0, `${c.name}: saved`);
      expectWithinFourSigma(counts.one, RUNS, t.oneEffect, 0, `${c.name}: one`);
      expectWithinFourSigma(counts.two, RUNS, t.twoEffects, 0, `${c.name}: two`);
    }
  });

  it('the Save uses up a Hampered target’s condition when it is rolled, and a miss leaves it (CB-43)', () => {
    const s = duel(BRUTE, GOBLIN, [CONDITION_WORDS.hampered]);
    const action = { type: 'tactical-attack', attackerId: 'c2', targetId: 'c1', stat: 'STR' } as const;
    // The goblin's d16 shows 12: 12 + 2 meets Defense 12. The brute's Save, a d16 for the Hampered: 5, under 12.
    const hit = rollTrackerAction(scriptedRandom([12, 5]), s, [], action);
    if (!hit.ok) throw new Error(hit.error.message);
    expect(hit.value.attack?.lines.join(' ')).toMatch(/d16/);
    expect(hit.value.combat.combatants[0]!.conditions).not.toContain(CONDITION_WORDS.hampered);
    const miss = rollTrackerAction(scriptedRandom([2]), s, [], action);
    if (!miss.ok) throw new Error(miss.error.message);
    expect(miss.value.combat.combatants[0]!.conditions).toEqual([CONDITION_WORDS.hampered]);
  });
});
