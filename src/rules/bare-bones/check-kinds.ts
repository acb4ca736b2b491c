/**
 * Every check kind the table can ask for, described as `ParamDef`s (CLI flags `--<name>`), and the
 * contract's `checkOdds` / `rollCheck`. Each kind reads its params once into a spec; odds and roll both
 * read that spec and the same rule functions (`resolveTest`, `meleeOutcome`, `damageSpec`...).
 * Rules: The Bare Bones (checks, The Meat Grinder, Live by the Sword, Clerics, Usage Dice, Attribute
 * Advancement); rulings in docs/rulings.md.
 */
import { BARE_BONES_CHAIN } from '../../dice/dice-chain.js';
import type { RandomSource } from '../../dice/random.js';
import {
  ok,
  problem,
  readParam,
  unknownParam,
  type CheckDie,
  type CheckKindDef,
  type CheckOdds,
  type CheckRequest,
  type CheckRoll,
  type OutcomeOdds,
  type CheckParamDef,
  type ParamRecord,
  type ParamValue,
  type RuleResult,
} from '../rule-system.js';
import { MAX_ADVANCEMENT_CHECKS, MAX_ADVANCEMENT_BONUS_DICE, advancementDice, advancementOdds, rollAdvancement, type AdvancementSpec } from './advancement.js';
import { MAX_ATTRIBUTE_SCORE, MIN_ATTRIBUTE_SCORE } from './attributes.js';
import {
  CHECK_DIE,
  MANEUVER_DICE,
  MAX_CHECK_MODIFIER,
  MAX_CRIT_MAX,
  TEST_OUTCOMES,
  isSuccess,
  netVantage,
  rollTest,
  testOdds,
  type NaturalsRule,
  type TestOutcome,
  type TestRoll,
  type TestSpec,
} from './checks.js';
import { NATURAL_ROLLS_SETTING } from './settings.js';
import { ARMOUR_IDS, SHIELD, armour, type ArmourId } from './data/armour.js';
import { DIVINE_AID_SUCCESS } from './data/classes.js';
import { WATCH_DIE } from './data/watch.js';
import { WEAPON_KINDS, WEAPON_WEIGHTS, weaponKind, type WeaponKindId, type WeaponWeightId } from './data/weapons.js';
import { MAX_NOTCHES, damageOdds, damageSpec, diceText, hasMaxDamageOutcome, rollDamage, type DamageSpec, type Pmf } from './damage.js';
import { MAX_SKILL_BONUS, SKILL_BONUS } from './data/skills.js';
import { REF_ADVANCEMENT, REF_CHECKS, REF_RESTS, REF_USAGE, REF_WATCH, refClass, refCombat } from './refs.js';
import { USAGE_CHAIN, rollUsage } from './usage-dice.js';
import { MAX_WANDERING_MAX, USUAL_WANDERING_MAX, rollWatch, watchTable } from './watch.js';

/** Lowest attribute score (or Armor Class) a check accepts. */
export const MIN_CHECK_SCORE = 1;

/** Highest Armor Class a melee check accepts (heavy 13, shield +2, halfling +3, with room for magic). */
export const MAX_ARMOUR_CLASS = 24;

/** Hit Dice of the four races. */
export const HIT_DICE = [6, 8, 10, 12] as const;

/** Most Smite d6s on one blow (one, and one more against the cult's favoured foe). */
export const MAX_SMITE_DICE = 2;

// ---------- parameter descriptions ----------

/**
 * A check is always one d20 (two with advantage): the text steps usage, light and weapon dice, never the
 * check die. Declared with the range 0 to 0 so that a dice tray or form offers no steps for it (BB-37).
 */
export const NO_STEPS: CheckParamDef = { name: 'steps', role: 'steps', kind: 'integer', label: 'Steps', help: 'None: a check is always rolled on a d20; help comes as advantage, a skill or a maneuver die.', min: 0, max: 0, default: 0 };

const testParams = (statLabel: string, statHelp: string): CheckParamDef[] => [
  { name: 'stat', role: 'stat-score', kind: 'integer', label: statLabel, help: statHelp, min: MIN_CHECK_SCORE, max: MAX_ATTRIBUTE_SCORE, isRequired: true },
  { name: 'skill', role: 'option', kind: 'boolean', label: 'Relevant skill', help: `A relevant skill adds +${SKILL_BONUS} to the score.`, default: false },
  { name: 'skill-bonus', role: 'option', kind: 'integer', label: 'Skill bonus', help: `The skill's bonus when --skill: +${SKILL_BONUS}, a specialist's trained skill up to +${MAX_SKILL_BONUS}.`, min: SKILL_BONUS, max: MAX_SKILL_BONUS, default: SKILL_BONUS },
  { name: 'advantage', role: 'advantage', kind: 'boolean', label: 'Advantage', help: 'Roll two d20s, keep the lower (helped, a house motto, Fortune\'s Favor...).', default: false },
  { name: 'disadvantage', role: 'disadvantage', kind: 'boolean', label: 'Disadvantage', help: 'Roll two d20s, keep the higher (encumbered DEX, improvised tools...).', default: false },
  { name: 'modifier', role: 'modifier', kind: 'integer', label: 'Modifier', help: 'Added to the score the d20 must roll under.', min: -MAX_CHECK_MODIFIER, max: MAX_CHECK_MODIFIER, default: 0 },
  { name: 'bonus-die', role: 'option', kind: 'die', label: 'Maneuver die', help: 'A maneuver die (Feint, Aim; Evade on defence) added to the score.', sides: [...MANEUVER_DICE] },
  { name: 'crit-range', role: 'option', kind: 'integer', label: 'Critical range', help: 'Natural faces up to this are critical successes (halflings 2).', min: 1, max: MAX_CRIT_MAX, default: 1 },
  { ...NATURAL_ROLLS_SETTING, role: 'setting' },
  NO_STEPS,
];

const TEST_PARAMS = testParams('Attribute score', 'The attribute tested; the d20 must come up lower.');
// Missiles: penalties on the DEX target for medium or heavy armour and a shield (ruling BB-14).
const MISSILE_PARAMS: CheckParamDef[] = [
  ...testParams('Dexterity', 'The attacker\'s DEX score.'),
  { name: 'target-armour', role: 'option', kind: 'choice', label: 'Target\'s armour', help: 'Medium or heavy armour puts -2 on the shot.', choices: ARMOUR_IDS.map((id) => ({ id, label: armour(id).label })), default: 'none' },
  { name: 'target-shield', role: 'option', kind: 'boolean', label: 'Target has a shield', help: 'A shield puts -2 on the shot (stacks with armour).', default: false },
];
const MELEE_PARAMS: CheckParamDef[] = [
  ...testParams('Strength', 'The attacker\'s STR score.'),
  { name: 'armor-class', role: 'option', kind: 'integer', label: 'Defender\'s Armor Class', help: 'The defender rolls under it (none 8, light 10, medium 11, heavy 13, shield +2).', min: MIN_CHECK_SCORE, max: MAX_ARMOUR_CLASS, isRequired: true },
  { name: 'defense-advantage', role: 'option', kind: 'boolean', label: 'Defender advantage', help: 'The defender rolls two d20s and keeps the lower.', default: false },
  { name: 'defense-disadvantage', role: 'option', kind: 'boolean', label: 'Defender disadvantage', help: 'Morbidly encumbered defenders keep the higher of two.', default: false },
  { name: 'defense-bonus-die', role: 'option', kind: 'die', label: 'Evade die', help: 'An Evade maneuver die added to the Armor Class.', sides: [...MANEUVER_DICE] },
  { name: 'defense-crit-range', role: 'option', kind: 'integer', label: 'Defender critical range', help: 'Natural faces up to this are the defender\'s critical faces (halflings 2); they defend whatever the Armor Class only with the every-roll setting.', min: 1, max: MAX_CRIT_MAX, default: 1 },
];
const DAMAGE_PARAMS: CheckParamDef[] = [
  { name: 'weight', role: 'option', kind: 'choice', label: 'Weapon weight', help: 'Light d6, medium d8 (2d4 in two hands), heavy d10.', choices: WEAPON_WEIGHTS.map((w) => ({ id: w.id, label: w.label })), default: 'medium' },
  { name: 'kind', role: 'option', kind: 'choice', label: 'Weapon kind', help: 'Bows and crossbows have their own dice; axes and hammers care about top damage.', choices: WEAPON_KINDS.map((k) => ({ id: k.id, label: k.label })), default: 'other' },
  { name: 'two-handed', role: 'option', kind: 'boolean', label: 'Two hands', help: 'A medium weapon in two hands deals 2d4.', default: false },
  { name: 'notches', role: 'option', kind: 'integer', label: 'Notches', help: 'Each notch steps the damage die down until repaired.', min: 0, max: MAX_NOTCHES, default: 0 },
  { name: 'favored-foe', role: 'option', kind: 'boolean', label: 'Favoured foe', help: 'A fighter\'s favoured foe: damage dice one step up.', default: false },
  { name: 'dual-wield', role: 'option', kind: 'boolean', label: 'Dual wielding', help: 'Two melee weapons: damage dice rolled with advantage.', default: false },
  { name: 'clobber-die', role: 'option', kind: 'die', label: 'Clobber die', help: 'A Clobber maneuver die added to the damage.', sides: [...MANEUVER_DICE] },
  { name: 'smite', role: 'option', kind: 'integer', label: 'Smite dice', help: 'A cleric\'s Smite: 1 (+1d6), 2 against the cult\'s favoured foe.', min: 0, max: MAX_SMITE_DICE, default: 0 },
];
const WATCH_PARAMS: CheckParamDef[] = [
  { name: 'wandering-max', role: 'option', kind: 'integer', label: 'Wandering monster up to', help: 'Widen the wandering-monster range (1-3 after a racket).', min: USUAL_WANDERING_MAX, max: MAX_WANDERING_MAX, default: USUAL_WANDERING_MAX },
];
const USAGE_PARAMS: CheckParamDef[] = [
  { name: 'die', role: 'die', kind: 'die', label: 'Usage die', help: 'The item\'s current die (usually starts d10, fine work d12; light and concentration dice too).', sides: [...USAGE_CHAIN.sides], default: 10 },
];
const HIT_DIE_PARAMS: CheckParamDef[] = [
  { name: 'die', role: 'die', kind: 'die', label: 'Hit Die', help: 'The race\'s Hit Die: dwarf d12, human d10, elf d8, halfling d6.', sides: [...HIT_DICE], isRequired: true },
];
const ADVANCEMENT_PARAMS: CheckParamDef[] = [
  { name: 'score', role: 'stat-score', kind: 'integer', label: 'Attribute score', help: 'The score before the test.', min: MIN_ATTRIBUTE_SCORE, max: MAX_ATTRIBUTE_SCORE, isRequired: true },
  { name: 'checks', role: 'option', kind: 'integer', label: 'Marks', help: 'Failed-check marks erased (one d4 each).', min: 0, max: MAX_ADVANCEMENT_CHECKS, isRequired: true },
  { name: 'bonus-die', role: 'option', kind: 'boolean', label: 'Race bonus die', help: 'The race adds a d4 to this test (favoured attribute, or a human\'s pick).', default: false },
];

/**
 * Every check kind with its parameters.
 * @example BARE_BONES_CHECKS.map((c) => c.id) // ['test', 'save', 'missile', 'melee', 'damage', 'watch', 'usage', 'divine-aid', 'hit-die', 'advancement']
 */
export const BARE_BONES_CHECKS = [
  { id: 'test', label: 'Attribute check', help: 'Roll a d20 under the attribute (+2 with a skill). Triggers a watch; let it ride.', ref: REF_CHECKS, params: TEST_PARAMS },
  { id: 'save', label: 'Saving throw', help: 'An attribute check made in an instant to dodge disaster; never triggers a watch.', ref: REF_CHECKS, params: TEST_PARAMS },
  { id: 'missile', label: 'Missile attack', help: 'A DEX test, -2 against medium or heavier armour and -2 against a shield; a natural 20 snaps the bowstring.', ref: refCombat('Missiles'), params: MISSILE_PARAMS },
  { id: 'melee', label: 'Melee attack', help: 'The attacker tests STR, the defender tests Armor Class: a hit, a maneuver for either side, or a stand-off.', ref: refCombat('Melee'), params: MELEE_PARAMS },
  { id: 'damage', label: 'Damage', help: 'The weapon\'s damage dice, stepped by notches and favoured foes, with Clobber and Smite.', ref: refCombat('Weapons'), params: DAMAGE_PARAMS },
  { id: 'watch', label: 'Watch roll', help: 'The d6 watch die: 1 wandering monster, 2-4 nothing, 5 torches gutter, 6 mana fluctuates.', ref: REF_WATCH, params: WATCH_PARAMS },
  { id: 'usage', label: 'Usage die', help: 'Roll the item\'s die after a use: 1-3 steps it down; a d4 stepping down is used up.', ref: REF_USAGE, params: USAGE_PARAMS },
  { id: 'divine-aid', label: 'Divine Aid', help: 'A cleric spends a faith point and rolls a d6: 4-6 works a miracle.', ref: refClass('Clerics'), params: [] },
  { id: 'hit-die', label: 'Hit Die roll', help: 'Healing (Lay on Hands, short rest), Sweat at level up, or rounds left when unstable.', ref: REF_RESTS, params: HIT_DIE_PARAMS },
  { id: 'advancement', label: 'Attribute advancement', help: 'At level up, one d4 per mark (plus a race bonus die): a total above the score raises it by 1.', ref: REF_ADVANCEMENT, params: ADVANCEMENT_PARAMS },
] as const satisfies readonly CheckKindDef[];

/** A check kind id. */
export type CheckKindId = (typeof BARE_BONES_CHECKS)[number]['id'];

// ---------- reading params ----------

type Values = Readonly<Record<string, ParamValue | undefined>>;

/** Reads every parameter of a kind: unknown names and bad values are problems with a path. */
function readAll(defs: readonly CheckParamDef[], params: ParamRecord): RuleResult<Values> {
  const unknown = unknownParam(defs, params);
  if (unknown !== null) return { ok: false, error: unknown };
  const out: Record<string, ParamValue | undefined> = {};
  for (const def of defs) {
    const r = readParam(defs, params, def.name);
    if (!r.ok) return r;
    out[def.name] = r.value;
  }
  return ok(out);
}

const num = (v: Values, name: string): number => v[name] as number;
const opt = (v: Values, name: string): number | null => (v[name] === undefined ? null : (v[name] as number));
const flag = (v: Values, name: string): boolean => v[name] === true;

/**
 * What the natural 1 and 20 do on a roll of this kind under the table's `natural-rolls` setting
 * (ruling BB-1): the text's reading gives them effects on attack and defence rolls only, and the number
 * decides every roll; the addition makes them win or lose on every roll.
 */
export function naturalsOf(setting: ParamValue | undefined, isAttackOrDefence: boolean): NaturalsRule {
  if (setting === 'every-roll') return 'absolute';
  return isAttackOrDefence ? 'attack' : 'plain';
}

/** The spec of an attacker's or tester's test from the shared test params, and its explanation. */
function testSpecOf(v: Values, extraMod: number, extraLines: readonly string[], isAttack = false): { spec: TestSpec; lines: string[] } {
  const stat = num(v, 'stat');
  const skill = flag(v, 'skill') ? num(v, 'skill-bonus') : 0;
  const modifier = num(v, 'modifier');
  const vantage = netVantage(flag(v, 'advantage'), flag(v, 'disadvantage'));
  const lines = [`score ${stat}`];
  if (skill > 0) lines.push(`skill +${skill}`);
  if (modifier !== 0) lines.push(`modifier ${signed(modifier)}`);
  lines.push(...extraLines);
  const target = stat + skill + modifier + extraMod;
  if (flag(v, 'advantage') && flag(v, 'disadvantage')) lines.push('advantage and disadvantage cancel');
  else if (vantage !== null) lines.push(`${vantage}: two d20s, keep the ${vantage === 'advantage' ? 'lower' : 'higher'}`);
  const bonusDie = opt(v, 'bonus-die');
  if (bonusDie !== null) lines.push(`maneuver die +d${bonusDie} on the score`);
  const critMax = num(v, 'crit-range');
  if (critMax > 1) lines.push(`critical success on a natural 1-${critMax}`);
  const naturals = naturalsOf(v['natural-rolls'], isAttack);
  if (naturals === 'absolute') lines.push('table setting: a natural 1 always succeeds, a natural 20 always fails (ruling BB-1)');
  return { spec: { target, vantage, bonusDie, critMax, naturals }, lines };
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

function describeTest(spec: TestSpec, what: string): string {
  const dice = spec.vantage === null ? 'd20' : `2d20 keep ${spec.vantage === 'advantage' ? 'lowest' : 'highest'}`;
  return `${what}: ${dice} under ${spec.target}${spec.bonusDie === null ? '' : ` + d${spec.bonusDie}`}`;
}

function testDice(roll: TestRoll, role: string): CheckDie[] {
  const keptIndex = roll.d20s.indexOf(roll.kept);
  const dice: CheckDie[] = roll.d20s.map((face, i) => ({ sides: CHECK_DIE, face, isKept: i === keptIndex, role }));
  if (roll.bonus !== null && roll.spec.bonusDie !== null) dice.push({ sides: roll.spec.bonusDie, face: roll.bonus, isKept: true, role: `${role} maneuver die` });
  return dice;
}

function testLine(roll: TestRoll, who: string): string {
  const target = roll.spec.target + (roll.bonus ?? 0);
  return `${who} rolled ${roll.kept}${roll.d20s.length > 1 ? ` (of ${roll.d20s.join(', ')})` : ''} against ${target}${roll.bonus === null ? '' : ` (${roll.spec.target} + ${roll.bonus})`}: ${roll.outcome}`;
}

// ---------- outcome labels ----------

const TEST_LABELS: Record<TestOutcome, string> = {
  critical: 'Critical success',
  success: 'Success',
  'natural-20-success': 'Natural 20: success',
  failure: 'Failure',
  fumble: 'Natural 20: failure',
};

/** The outcomes a check or save can have under a naturals rule: no natural 20 of its own unless absolute. */
function testOutcomesFor(naturals: NaturalsRule | undefined): readonly TestOutcome[] {
  return naturals === 'absolute' ? ['critical', 'success', 'failure', 'fumble'] : ['critical', 'success', 'failure'];
}

/** Melee's results: the text's three, and both succeeding (ruling BB-13). */
export type MeleeOutcome = 'critical-hit' | 'hit' | 'attacker-maneuver' | 'defender-maneuver' | 'stand-off';

/** What each melee outcome means, as odds and the log word it. */
export const MELEE_LABELS: Readonly<Record<MeleeOutcome, string>> = {
  'critical-hit': 'Critical hit: damage straight to Blood',
  hit: 'Hit: roll damage or maneuver',
  'attacker-maneuver': 'Both fail: the attacker may maneuver',
  'defender-maneuver': 'Defended: the defender may maneuver',
  'stand-off': 'Both succeed: no effect',
};

/**
 * The one rule of melee: attacker success against defender failure hits (a critical hit on the
 * attacker's critical face); both failing gives the attacker a maneuver; the defender alone succeeding
 * gives the defender one; both succeeding is a stand-off (ruling BB-13).
 */
export function meleeOutcome(attacker: TestOutcome, defender: TestOutcome): MeleeOutcome {
  const a = isSuccess(attacker);
  const d = isSuccess(defender);
  if (a && !d) return attacker === 'critical' ? 'critical-hit' : 'hit';
  if (!a && !d) return 'attacker-maneuver';
  if (!a && d) return 'defender-maneuver';
  return 'stand-off';
}

/** Missile results: a natural 20 breaks the string whether or not the shot is under the number (BB-1, BB-14). */
export type MissileOutcome = 'critical-hit' | 'hit' | 'hit-string-breaks' | 'miss' | 'string-breaks';

/** The missile outcome of each attacker's test outcome (BB-1, BB-14). */
export const MISSILE_OF: Readonly<Record<TestOutcome, MissileOutcome>> = { critical: 'critical-hit', success: 'hit', 'natural-20-success': 'hit-string-breaks', failure: 'miss', fumble: 'string-breaks' };
/** What each missile outcome means. */
export const MISSILE_LABELS: Readonly<Record<MissileOutcome, string>> = {
  'critical-hit': 'Critical hit: damage straight to Blood; the arrow is lost',
  hit: 'Hit: roll damage; the arrow is lost',
  'hit-string-breaks': 'Natural 20: a hit, but the bowstring snaps',
  miss: 'Miss: the arrow can be picked up after the fight',
  'string-breaks': 'Natural 20: miss, and the bowstring snaps',
};

// ---------- the kinds ----------

interface Kind<S> {
  read(v: Values): RuleResult<S>;
  odds(s: S): Omit<CheckOdds, 'check'>;
  roll(rng: RandomSource, s: S): Omit<CheckRoll, 'check'>;
}

type TestPrepared = { spec: TestSpec; lines: string[]; what: string };

const outcomesOf = <K extends string>(p: Record<K, number>, labels: Record<K, string>): OutcomeOdds[] =>
  (Object.keys(labels) as K[]).map((k) => ({ outcome: k, label: labels[k], p: p[k] }));

function testKind(what: string): Kind<TestPrepared> {
  return {
    read: (v) => ok({ ...testSpecOf(v, 0, []), what }),
    odds: ({ spec, lines, what: w }) => {
      const t = testOdds(spec);
      return { description: describeTest(spec, w), outcomes: testOutcomesFor(spec.naturals).map((k) => ({ outcome: k, label: TEST_LABELS[k], p: t[k] })), explanation: lines };
    },
    roll: (rng, { spec, lines, what: w }) => {
      const r = rollTest(rng, spec);
      return { description: describeTest(spec, w), dice: testDice(r, w), total: r.kept, outcome: r.outcome, label: TEST_LABELS[r.outcome], explanation: [...lines, testLine(r, w)] };
    },
  };
}

const missileKind: Kind<TestPrepared> = {
  read: (v) => {
    const a = armour(v['target-armour'] as ArmourId);
    const shield = flag(v, 'target-shield') ? SHIELD.missilePenalty : 0;
    const extra: string[] = [];
    if (a.missilePenalty !== 0) extra.push(`target in ${a.label.toLowerCase()} ${signed(a.missilePenalty)}`);
    if (shield !== 0) extra.push(`target carries a shield ${signed(shield)}`);
    return ok({ ...testSpecOf(v, a.missilePenalty + shield, extra, true), what: 'Missile attack' });
  },
  odds: ({ spec, lines, what }) => {
    const t = testOdds(spec);
    const p: Record<MissileOutcome, number> = { 'critical-hit': 0, hit: 0, 'hit-string-breaks': 0, miss: 0, 'string-breaks': 0 };
    for (const k of TEST_OUTCOMES) p[MISSILE_OF[k]] += t[k];
    return { description: describeTest(spec, what), outcomes: outcomesOf(p, MISSILE_LABELS), explanation: lines };
  },
  roll: (rng, { spec, lines, what }) => {
    const r = rollTest(rng, spec);
    const outcome = MISSILE_OF[r.outcome];
    return { description: describeTest(spec, what), dice: testDice(r, 'attacker'), total: r.kept, outcome, label: MISSILE_LABELS[outcome], explanation: [...lines, testLine(r, 'Attacker')] };
  },
};

type MeleePrepared = { attacker: TestSpec; defender: TestSpec; lines: string[] };

const meleeKind: Kind<MeleePrepared> = {
  read: (v) => {
    const att = testSpecOf(v, 0, [], true);
    const ac = num(v, 'armor-class');
    const defVantage = netVantage(flag(v, 'defense-advantage'), flag(v, 'defense-disadvantage'));
    const defender: TestSpec = { target: ac, vantage: defVantage, bonusDie: opt(v, 'defense-bonus-die'), critMax: num(v, 'defense-crit-range'), naturals: naturalsOf(v['natural-rolls'], true) };
    const lines = [`attacker: ${att.lines.join(', ')}`, `defender: Armor Class ${ac}${defVantage === null ? '' : `, ${defVantage}`}${defender.bonusDie === null ? '' : `, Evade +d${defender.bonusDie}`}`];
    return ok({ attacker: att.spec, defender, lines });
  },
  odds: ({ attacker, defender, lines }) => {
    const a = testOdds(attacker);
    const d = testOdds(defender);
    const p: Record<MeleeOutcome, number> = { 'critical-hit': 0, hit: 0, 'attacker-maneuver': 0, 'defender-maneuver': 0, 'stand-off': 0 };
    for (const ao of TEST_OUTCOMES) for (const dO of TEST_OUTCOMES) p[meleeOutcome(ao, dO)] += a[ao] * d[dO];
    return {
      description: `${describeTest(attacker, 'STR')} against ${describeTest(defender, 'AC')}`,
      outcomes: outcomesOf(p, MELEE_LABELS),
      explanation: [...lines, `weapon notched (attacker's natural 20): ${a.fumble + a['natural-20-success']}`, `armour notched (defender's natural 20): ${d.fumble + d['natural-20-success']}`],
    };
  },
  roll: (rng, { attacker, defender, lines }) => {
    const a = rollTest(rng, attacker);
    const d = rollTest(rng, defender);
    const outcome = meleeOutcome(a.outcome, d.outcome);
    const notes: string[] = [];
    if (a.kept === CHECK_DIE) notes.push('the attacker\'s weapon is notched: its damage die drops a step until repaired');
    if (d.kept === CHECK_DIE) notes.push('the defender\'s armour is notched: AC -1 until repaired (not below 8)');
    return {
      description: `${describeTest(attacker, 'STR')} against ${describeTest(defender, 'AC')}`,
      dice: [...testDice(a, 'attacker'), ...testDice(d, 'defender')],
      total: a.kept,
      outcome,
      label: MELEE_LABELS[outcome],
      explanation: [...lines, testLine(a, 'Attacker'), testLine(d, 'Defender'), ...notes],
    };
  },
};

type DamagePrepared = { spec: DamageSpec; lines: readonly string[] };

function damageDescription(spec: DamageSpec): string {
  const parts: string[] = [];
  if (spec.weapon !== null) parts.push(spec.hasAdvantage ? `best of two ${diceText(spec.weapon)}` : diceText(spec.weapon));
  for (const e of spec.extra) parts.push(`${e.count === 1 ? '' : e.count}d${e.sides} (${e.role})`);
  return `Damage: ${parts.length === 0 ? 'nothing' : parts.join(' + ')}${spec.isToBlood ? ', to Blood' : ''}`;
}

function maxDamageLabel(spec: DamageSpec): string {
  return weaponKind(spec.kind).maxDamageEffect === 'destroy-shield' ? 'Top damage: may destroy the foe\'s shield' : 'Top damage: the foe\'s heavy armour is notched';
}

const damageKind: Kind<DamagePrepared> = {
  read: (v) => {
    const kind = v['kind'] as WeaponKindId;
    const isMissile = weaponKind(kind).isMissile;
    if (flag(v, 'dual-wield') && isMissile) return problem('bare-bones/dual-wield-missile', 'Dual wielding is for melee weapons; drop --dual-wield or pick a melee kind.', '$.dual-wield');
    if (flag(v, 'dual-wield') && flag(v, 'two-handed')) return problem('bare-bones/dual-wield-two-handed', 'A weapon held in two hands cannot be dual wielded; drop --two-handed or --dual-wield.', '$.two-handed');
    const { spec, explanation } = damageSpec({
      weight: v['weight'] as WeaponWeightId,
      kind,
      isTwoHanded: flag(v, 'two-handed'),
      notches: num(v, 'notches'),
      isFavoredFoe: flag(v, 'favored-foe'),
      isDualWield: flag(v, 'dual-wield'),
      clobberDie: opt(v, 'clobber-die'),
      smiteDice: num(v, 'smite'),
    });
    return ok({ spec, lines: explanation });
  },
  odds: ({ spec, lines }) => {
    const { pmf, maxDamage } = damageOdds(spec);
    const values = pmfValues(pmf);
    const outcomes: OutcomeOdds[] = hasMaxDamageOutcome(spec)
      ? [{ outcome: 'max-damage', label: maxDamageLabel(spec), p: maxDamage }, { outcome: 'damage', label: 'Damage', p: 1 - maxDamage }]
      : [{ outcome: 'damage', label: 'Damage', p: 1 }];
    return { description: damageDescription(spec), outcomes, values, mean: meanOf(values), explanation: lines };
  },
  roll: (rng, { spec, lines }) => {
    const r = rollDamage(rng, spec);
    const outcome = r.isMaxDamage ? 'max-damage' : 'damage';
    return {
      description: damageDescription(spec),
      dice: r.dice.map((d) => ({ sides: d.sides, face: d.face, isKept: d.isKept, role: d.role })),
      total: r.total,
      outcome,
      label: r.isMaxDamage ? maxDamageLabel(spec) : 'Damage',
      explanation: [...lines, `${r.total} damage${spec.isToBlood ? ' to Blood' : ''}`],
    };
  },
};

function pmfValues(pmf: Pmf): { value: number; p: number }[] {
  const out: { value: number; p: number }[] = [];
  pmf.p.forEach((p, i) => {
    if (p > 0) out.push({ value: pmf.min + i, p });
  });
  return out;
}

function meanOf(values: readonly { value: number; p: number }[]): number {
  return values.reduce((a, x) => a + x.value * x.p, 0);
}

const watchKind: Kind<number> = {
  read: (v) => ok(num(v, 'wandering-max')),
  odds: (wanderingMax) => {
    const table = watchTable(wanderingMax);
    return {
      description: `d${WATCH_DIE} watch roll`,
      outcomes: table.map((r) => ({ outcome: r.id, label: r.label, p: (r.range.max - r.range.min + 1) / WATCH_DIE })),
      explanation: table.map((r) => `${r.range.min === r.range.max ? r.range.min : `${r.range.min}-${r.range.max}`}: ${r.label}`),
    };
  },
  roll: (rng, wanderingMax) => {
    const r = rollWatch(rng, wanderingMax);
    return { description: `d${WATCH_DIE} watch roll`, dice: [{ sides: WATCH_DIE, face: r.face, isKept: true, role: 'watch die' }], total: r.face, outcome: r.row.id, label: r.row.label, explanation: [`watch die ${r.face}: ${r.row.label}`] };
  },
};

const USAGE_LABELS = { holds: 'Holds', 'steps-down': 'Steps down', 'used-up': 'Used up' } as const;

const usageKind: Kind<number> = {
  read: (v) => ok(num(v, 'die')),
  odds: (die) => {
    const down = Math.min(1, USAGE_CHAIN.stepDownMaxFace / die);
    const isBottom = die === USAGE_CHAIN.sides[0];
    return {
      description: `usage die d${die}, steps down on 1-${USAGE_CHAIN.stepDownMaxFace}`,
      outcomes: [
        { outcome: 'holds', label: USAGE_LABELS.holds, p: 1 - down },
        isBottom ? { outcome: 'used-up', label: USAGE_LABELS['used-up'], p: down } : { outcome: 'steps-down', label: USAGE_LABELS['steps-down'], p: down },
      ],
      explanation: [isBottom ? 'a d4 stepping down is used up' : `1-3 steps d${die} down to d${BARE_BONES_CHAIN.sides[USAGE_CHAIN.sides.indexOf(die) - 1]}`],
    };
  },
  roll: (rng, die) => {
    const r = rollUsage(rng, die);
    if (!r.ok) throw new Error(r.error.message);
    const outcome = !r.value.isSteppedDown ? 'holds' : r.value.after === null ? 'used-up' : 'steps-down';
    return { description: `usage die d${die}`, dice: [{ sides: die, face: r.value.face, isKept: true, role: 'usage die' }], total: r.value.face, outcome, label: USAGE_LABELS[outcome], explanation: [r.value.explanation] };
  },
};

const DIVINE_AID_LABELS = { miracle: 'A miracle is granted', 'faith-wasted': 'The faith point is wasted' } as const;
const DIVINE_AID_DIE = 6;

const divineAidKind: Kind<null> = {
  read: () => ok(null),
  odds: () => {
    const p = (DIVINE_AID_SUCCESS.max - DIVINE_AID_SUCCESS.min + 1) / DIVINE_AID_DIE;
    return { description: `d${DIVINE_AID_DIE}, ${DIVINE_AID_SUCCESS.min}+ works a miracle`, outcomes: [{ outcome: 'miracle', label: DIVINE_AID_LABELS.miracle, p }, { outcome: 'faith-wasted', label: DIVINE_AID_LABELS['faith-wasted'], p: 1 - p }], explanation: ['costs one faith point either way'] };
  },
  roll: (rng) => {
    const face = rng.rollDie(DIVINE_AID_DIE);
    const outcome = face >= DIVINE_AID_SUCCESS.min ? 'miracle' : 'faith-wasted';
    return { description: `d${DIVINE_AID_DIE}, ${DIVINE_AID_SUCCESS.min}+ works a miracle`, dice: [{ sides: DIVINE_AID_DIE, face, isKept: true, role: 'Divine Aid' }], total: face, outcome, label: DIVINE_AID_LABELS[outcome], explanation: [`d6 ${face}: ${DIVINE_AID_LABELS[outcome]}`] };
  },
};

const hitDieKind: Kind<number> = {
  read: (v) => ok(num(v, 'die')),
  odds: (die) => {
    const values = Array.from({ length: die }, (_, i) => ({ value: i + 1, p: 1 / die }));
    return { description: `Hit Die d${die}`, outcomes: [{ outcome: 'rolled', label: 'Rolled', p: 1 }], values, mean: (die + 1) / 2, explanation: ['heals Blood first, then Sweat; or Sweat gained at level up; or rounds until an unstable character dies'] };
  },
  roll: (rng, die) => {
    const face = rng.rollDie(die);
    return { description: `Hit Die d${die}`, dice: [{ sides: die, face, isKept: true, role: 'Hit Die' }], total: face, outcome: 'rolled', label: 'Rolled', explanation: [`d${die}: ${face}`] };
  },
};

const ADVANCEMENT_LABELS = { raised: 'The attribute rises by 1', unchanged: 'No change' } as const;

const advancementKind: Kind<AdvancementSpec> = {
  read: (v) => ok({ score: num(v, 'score'), checks: num(v, 'checks'), bonusDice: flag(v, 'bonus-die') ? MAX_ADVANCEMENT_BONUS_DICE : 0 }),
  odds: (spec) => {
    const { pmf, raised } = advancementOdds(spec);
    const values = pmfValues(pmf);
    const n = advancementDice(spec);
    return {
      description: `${n}d4 over ${spec.score}`,
      outcomes: [{ outcome: 'raised', label: ADVANCEMENT_LABELS.raised, p: raised }, { outcome: 'unchanged', label: ADVANCEMENT_LABELS.unchanged, p: 1 - raised }],
      values,
      mean: meanOf(values),
      explanation: [spec.checks === 0 ? 'no marks: no test, the race bonus die alone is not rolled (ruling BB-26)' : `${spec.checks} mark${spec.checks === 1 ? '' : 's'}${spec.bonusDice > 0 ? ' + race bonus die' : ''}`],
    };
  },
  roll: (rng, spec) => {
    const r = rollAdvancement(rng, spec);
    const outcome = r.isRaised ? 'raised' : 'unchanged';
    return {
      description: `${r.faces.length}d4 over ${spec.score}`,
      dice: r.faces.map((face) => ({ sides: 4, face, isKept: true, role: 'advancement' })),
      total: r.total,
      outcome,
      label: ADVANCEMENT_LABELS[outcome],
      explanation: [`${r.faces.join(' + ') || 'no dice'} = ${r.total}: ${spec.score} -> ${r.after}`],
    };
  },
};

/** A kind with its spec type hidden: params in, odds or a roll out, both through the same `read`. */
interface ErasedKind {
  odds(v: Values): RuleResult<Omit<CheckOdds, 'check'>>;
  roll(rng: RandomSource, v: Values): RuleResult<Omit<CheckRoll, 'check'>>;
}

function erase<S>(k: Kind<S>): ErasedKind {
  return {
    odds: (v) => {
      const s = k.read(v);
      return s.ok ? ok(k.odds(s.value)) : s;
    },
    roll: (rng, v) => {
      const s = k.read(v);
      return s.ok ? ok(k.roll(rng, s.value)) : s;
    },
  };
}

const KINDS: Record<CheckKindId, ErasedKind> = {
  test: erase(testKind('Attribute check')),
  save: erase(testKind('Saving throw')),
  missile: erase(missileKind),
  melee: erase(meleeKind),
  damage: erase(damageKind),
  watch: erase(watchKind),
  usage: erase(usageKind),
  'divine-aid': erase(divineAidKind),
  'hit-die': erase(hitDieKind),
  advancement: erase(advancementKind),
};

function prepare(request: CheckRequest): RuleResult<{ kind: ErasedKind; values: Values }> {
  const def = BARE_BONES_CHECKS.find((c) => c.id === request.check);
  if (def === undefined) {
    return problem('bare-bones/unknown-check', `No check kind ${request.check}; use one of ${BARE_BONES_CHECKS.map((c) => c.id).join(', ')}.`, '$.check');
  }
  const values = readAll(def.params, request.params);
  if (!values.ok) return values;
  return ok({ kind: KINDS[def.id], values: values.value });
}

/**
 * Exact odds of a check, before it is rolled.
 * @example checkOdds({ check: 'test', params: { stat: 12 } }) // ok: success 0.5 (faces 2-11), critical 0.05, failure 0.4, fumble 0.05
 */
export function checkOdds(request: CheckRequest): RuleResult<CheckOdds> {
  const p = prepare(request);
  if (!p.ok) return p;
  const o = p.value.kind.odds(p.value.values);
  return o.ok ? ok({ check: request.check, ...o.value }) : o;
}

/**
 * Rolls a check.
 * @example rollCheck(scriptedRandom([7]), { check: 'test', params: { stat: 12 } }) // ok: outcome 'success'
 */
export function rollCheck(rng: RandomSource, request: CheckRequest): RuleResult<CheckRoll> {
  const p = prepare(request);
  if (!p.ok) return p;
  const r = p.value.kind.roll(rng, p.value.values);
  return r.ok ? ok({ check: request.check, ...r.value }) : r;
}
