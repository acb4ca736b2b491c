/**
 * Attacks: the Attack Roll is the damage roll (weapon dice that explode, plus a Modifier), less the
 * defender's Defense roll, then soaked by Toughness; what gets through injures, and the CON save and
 * the damage decide what the injury leaves. Maneuvers roll the same way but only compare.
 * Rules: So Long as Men Die, Attacking and Defending; Armor; Toughness; Injury; Mutilation;
 * Actions (Maneuver). Rulings SL-5, SL-9 ... SL-12.
 */
import type { RandomSource } from '../../dice/random.js';
import type { CheckDie } from '../rule-system.js';
import { addChance, addDense, densePoints, meanOf, pointMass, shiftDense, uniformDie, type Dense, type ValueChance } from './dense.js';
import { isDefenseDie, type DefenseDie } from './data/armour.js';
import { mutilationForDamage, type Mutilation } from './data/mutilations.js';
import type { WeaponDamage } from './data/weapons.js';
import { ATTACK_DIE_SIDES, MAX_ATTACK_DICE, explodedCheckDice, explodingSumDistribution, rollExplodingDie, type ExplodedDie, type ExplosionRule } from './explode.js';
import { MAX_SAVE_MODIFIER, mutilationOdds, rollSave, saveChance, type SaveRoll } from './injury.js';
import { MAX_TOUGHNESS_DICE, TOUGHNESS_DIE_SIDES, rollSoak, soakOutcomes, type Soak, type SoakPolicy } from './toughness.js';
import { MAX_SCORE, MIN_SCORE } from './attributes.js';
import type { MutilationDamageRule } from './settings.js';

/** Largest flat Modifier on an Attack Roll either way (an input limit). */
export const MAX_ATTACK_MODIFIER = 20;

/** Largest flat bonus on a Defense roll either way (an input limit). */
export const MAX_DEFENSE_BONUS = 10;

/** Largest flat Attack Roll: a bare hand deals 1, and a rolled Attack Roll applied to a character (the `damage` change) is given as one (an input limit). */
export const MAX_FLAT_DAMAGE = 200;

/** What an Attack Roll throws: the weapon's damage and the Modifier (Attacking and Defending). */
export interface AttackRollSpec {
  readonly damage: WeaponDamage;
  /** The stat Modifier and every flat bonus (trait, weapon against prone, Brace from a mount...). */
  readonly modifier: number;
  /** How the dice explode: once, as the text says (the default), or chained (ruling SL-9). */
  readonly explosions?: ExplosionRule;
}

/** What the defender rolls: the Defense Die (0 = none) and flat bonuses (shield, Brace, prone). */
export interface DefenseSpec {
  readonly defenseDie: DefenseDie;
  readonly defenseBonus: number;
}

/** An attack, as data: both rolls, the defender's Toughness and CON (Attacking and Defending; Toughness; Injury). */
export interface AttackSpec extends AttackRollSpec, DefenseSpec {
  /** Fresh Toughness Dice the defender will use (0 when out, encumbered, unwilling, or a maneuver). */
  readonly toughnessDice: number;
  readonly soakPolicy: SoakPolicy;
  /** Faces that exhaust the defender's Toughness Dice. */
  readonly exhaustOn: readonly number[];
  readonly conScore: number;
  /** Situational modifier on the CON save. */
  readonly conModifier: number;
  /** A nonlethal weapon knocks out instead of mutilating (ruling SL-12). */
  readonly isNonlethal: boolean;
  /** Which damage picks the mutilation: the damage dealt, before Toughness (the default), or what got past it (ruling SL-10). */
  readonly mutilationFrom?: MutilationDamageRule;
}

/** How an attack ends. */
export type AttackOutcome = 'no-damage' | 'soaked' | 'knocked-out' | 'injured-save-made' | 'injured-save-failed';

/** Every attack outcome with its label, in order of growing harm. */
export const ATTACK_OUTCOMES = [
  { outcome: 'no-damage', label: 'Defense held: no damage' },
  { outcome: 'soaked', label: 'Toughness soaked it all' },
  { outcome: 'knocked-out', label: 'Knocked out with a Flesh Wound (nonlethal)' },
  { outcome: 'injured-save-made', label: 'Injured, CON save made: unconscious with a Flesh Wound, or mutilated and standing' },
  { outcome: 'injured-save-failed', label: 'Injured, CON save failed: unconscious with a Flesh Wound and mutilated' },
] as const satisfies readonly { outcome: AttackOutcome; label: string }[];

function checkInt(v: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${what} must be a whole number from ${min} to ${max}, got ${v}`);
}

/** Throws on a spec no caller should build (the checks read their parameters first). */
export function assertAttackRollSpec(spec: AttackRollSpec): void {
  if (spec.damage.kind === 'dice') {
    checkInt(spec.damage.count, 1, MAX_ATTACK_DICE, 'Attack dice');
    if (!(ATTACK_DIE_SIDES as readonly number[]).includes(spec.damage.sides)) throw new RangeError(`an Attack die is one of ${ATTACK_DIE_SIDES.join(' ')}, got ${spec.damage.sides}`);
  } else {
    checkInt(spec.damage.value, 0, MAX_FLAT_DAMAGE, 'Flat damage');
  }
  checkInt(spec.modifier, -MAX_ATTACK_MODIFIER, MAX_ATTACK_MODIFIER, 'The Attack modifier');
}

function assertDefense(spec: DefenseSpec): void {
  if (!isDefenseDie(spec.defenseDie)) throw new RangeError(`a Defense Die is d0 d4 d6 d8 d10 d12, got ${spec.defenseDie}`);
  checkInt(spec.defenseBonus, -MAX_DEFENSE_BONUS, MAX_DEFENSE_BONUS, 'The Defense bonus');
}

/** Throws on an attack spec out of its limits. */
export function assertAttackSpec(spec: AttackSpec): void {
  assertAttackRollSpec(spec);
  assertDefense(spec);
  checkInt(spec.toughnessDice, 0, MAX_TOUGHNESS_DICE, 'Toughness Dice');
  checkInt(spec.conScore, MIN_SCORE, MAX_SCORE, 'The CON Score');
  checkInt(spec.conModifier, -MAX_SAVE_MODIFIER, MAX_SAVE_MODIFIER, 'The CON save modifier');
}

/**
 * Exact distribution of the Attack Roll: exploding dice plus the Modifier (Attacking and Defending).
 * @example attackRollDistribution({ damage: { kind: 'dice', count: 1, sides: 6 }, modifier: 1 }).min // 2
 */
export function attackRollDistribution(spec: AttackRollSpec): Dense {
  assertAttackRollSpec(spec);
  const base = spec.damage.kind === 'dice' ? explodingSumDistribution(spec.damage.count, spec.damage.sides, spec.explosions ?? 'once') : pointMass(spec.damage.value);
  return shiftDense(base, spec.modifier);
}

/** Exact distribution of the Defense roll: the die (none for d0) plus the flat bonus (Armor). */
export function defenseRollDistribution(spec: DefenseSpec): Dense {
  assertDefense(spec);
  return spec.defenseDie === 0 ? pointMass(spec.defenseBonus) : shiftDense(uniformDie(spec.defenseDie), spec.defenseBonus);
}

/**
 * Exact distribution of damage past Defense: Attack Roll less Defense roll, never below 0.
 * @example damageDistribution({ damage: { kind: 'flat', value: 1 }, modifier: 0, defenseDie: 0, defenseBonus: 0 }) // 1 for certain
 */
export function damageDistribution(spec: AttackRollSpec & DefenseSpec): Dense {
  const neg = defenseRollDistribution(spec);
  const negated: Dense = { min: -(neg.min + neg.p.length - 1), p: [...neg.p].reverse() };
  const diff = addDense(attackRollDistribution(spec), negated);
  const zeroAt = -diff.min;
  if (zeroAt <= 0) return diff;
  const p = diff.p.slice(Math.min(zeroAt, diff.p.length));
  const atZero = diff.p.slice(0, zeroAt + 1).reduce((s, x) => s + x, 0);
  return { min: 0, p: [atZero, ...(zeroAt < diff.p.length ? p.slice(1) : [])] };
}

/** The exact odds of an attack, every part of it. */
export interface AttackOdds {
  readonly attackRoll: readonly ValueChance[];
  readonly defenseRoll: readonly ValueChance[];
  /** Damage past Defense, before Toughness. */
  readonly damage: readonly ValueChance[];
  /** Damage past Toughness: what injures. */
  readonly remaining: readonly ValueChance[];
  readonly meanRemaining: number;
  /** Toughness Dice exhausted. */
  readonly exhausted: readonly ValueChance[];
  readonly outcomes: readonly { readonly outcome: AttackOutcome; readonly label: string; readonly p: number }[];
  /** Chance of each mutilation row being called for (an injury that is not nonlethal), absolute. */
  readonly mutilation: readonly { readonly id: string; readonly label: string; readonly p: number }[];
  /** For blows past Toughness: the chance of each damage that picks the mutilation (SL-10), absolute. */
  readonly injuredBy: readonly ValueChance[];
}

/**
 * Exact odds of an attack, by the same procedure `rollAttack` follows (Attacking and Defending;
 * Toughness; Injury).
 */
export function attackOdds(spec: AttackSpec): AttackOdds {
  assertAttackSpec(spec);
  const damage = densePoints(damageDistribution(spec));
  const n = spec.toughnessDice;
  const maxSoak = n * TOUGHNESS_DIE_SIDES;
  const joint = toughnessJoint(n, spec.exhaustOn);
  const remaining = new Map<number, number>();
  const exhausted = new Map<number, number>();
  const outcomes = new Map<AttackOutcome, number>();
  const injuredBy = new Map<number, number>();
  const isDealt = (spec.mutilationFrom ?? 'dealt') === 'dealt';
  const save = saveChance(spec.conScore, spec.conModifier);
  for (const d of damage) {
    if (d.value === 0) {
      addChance(remaining, 0, d.p);
      addChance(exhausted, 0, d.p);
      addChance(outcomes, 'no-damage', d.p);
      continue;
    }
    // Past the most the dice could soak (or all rolled at once), every die is thrown: the joint sum decides.
    const ends = spec.soakPolicy === 'all-at-once' || d.value > maxSoak
      ? joint.map((j) => ({ remaining: Math.max(0, d.value - j.sum), exhausted: j.exhausted, p: j.p }))
      : soakOutcomes(d.value, n, spec.soakPolicy, spec.exhaustOn);
    for (const e of ends) {
      const p = d.p * e.p;
      addChance(remaining, e.remaining, p);
      addChance(exhausted, e.exhausted, p);
      if (e.remaining > 0) addChance(injuredBy, isDealt ? d.value : e.remaining, p);
      if (e.remaining === 0) addChance(outcomes, 'soaked', p);
      else if (spec.isNonlethal) addChance(outcomes, 'knocked-out', p);
      else {
        addChance(outcomes, 'injured-save-made', p * save);
        addChance(outcomes, 'injured-save-failed', p * (1 - save));
      }
    }
  }
  const list = (m: Map<number, number>): ValueChance[] => [...m].map(([value, p]) => ({ value, p })).sort((a, b) => a.value - b.value);
  const remainingList = list(remaining);
  const injuredList = list(injuredBy);
  return {
    attackRoll: densePoints(attackRollDistribution(spec)),
    defenseRoll: densePoints(defenseRollDistribution(spec)),
    damage,
    remaining: remainingList,
    meanRemaining: meanOf(remainingList),
    exhausted: list(exhausted),
    outcomes: ATTACK_OUTCOMES.map((o) => ({ ...o, p: outcomes.get(o.outcome) ?? 0 })),
    mutilation: spec.isNonlethal ? [] : mutilationOdds(injuredList),
    injuredBy: injuredList,
  };
}

function toughnessJoint(n: number, exhaustOn: readonly number[]): { sum: number; exhausted: number; p: number }[] {
  // Joint (sum, exhausted) of n Toughness Dice, for damage past what the dice could ever soak.
  let joint = new Map<string, { sum: number; exhausted: number; p: number }>([['0/0', { sum: 0, exhausted: 0, p: 1 }]]);
  for (let i = 0; i < n; i++) {
    const next = new Map<string, { sum: number; exhausted: number; p: number }>();
    for (const s of joint.values()) {
      for (let f = 1; f <= TOUGHNESS_DIE_SIDES; f++) {
        const sum = s.sum + f;
        const ex = s.exhausted + (exhaustOn.includes(f) ? 1 : 0);
        const k = `${sum}/${ex}`;
        next.set(k, { sum, exhausted: ex, p: (next.get(k)?.p ?? 0) + s.p / TOUGHNESS_DIE_SIDES });
      }
    }
    joint = next;
  }
  return [...joint.values()];
}

/** An attack as rolled: every die, each step's number, and how it ended. */
export interface AttackRoll {
  readonly attackDice: readonly ExplodedDie[];
  readonly attackTotal: number;
  /** The Defense Die's face, or null for d0. */
  readonly defenseFace: number | null;
  readonly defenseTotal: number;
  /** Damage past Defense. */
  readonly damage: number;
  readonly soak: Soak;
  /** The CON save, when the injury called for one. */
  readonly save: SaveRoll | null;
  readonly outcome: AttackOutcome;
  /** The damage that picks the mutilation: dealt (past Defense) or past Toughness, by the spec (SL-10). */
  readonly mutilationDamage: number;
  /** The mutilation row that damage calls for, when mutilation is possible (roll its follow-up with `rollMutilation(rng, mutilationDamage)`). */
  readonly mutilation: Mutilation | null;
  readonly dice: readonly CheckDie[];
  readonly explanation: readonly string[];
}

/** Rolls the Attack Roll alone: dice in order, then the Modifier (Attacking and Defending). */
export function rollAttackRoll(rng: RandomSource, spec: AttackRollSpec): { dice: ExplodedDie[]; total: number } {
  assertAttackRollSpec(spec);
  if (spec.damage.kind === 'flat') return { dice: [], total: spec.damage.value + spec.modifier };
  const dice: ExplodedDie[] = [];
  for (let i = 0; i < spec.damage.count; i++) dice.push(rollExplodingDie(rng, spec.damage.sides, spec.explosions ?? 'once'));
  return { dice, total: dice.reduce((s, d) => s + d.total, 0) + spec.modifier };
}

/** Rolls the Defense roll alone (Armor). */
export function rollDefense(rng: RandomSource, spec: DefenseSpec): { face: number | null; total: number } {
  assertDefense(spec);
  const face = spec.defenseDie === 0 ? null : rng.rollDie(spec.defenseDie);
  return { face, total: (face ?? 0) + spec.defenseBonus };
}

const signed = (n: number): string => (n < 0 ? `- ${-n}` : `+ ${n}`);

/**
 * Rolls an attack: Attack dice, Defense Die, Toughness Dice by the policy, then the CON save when
 * injured (Attacking and Defending; Toughness; Injury).
 * @example rollAttack(scriptedRandom([8, 3, 2]), spec) // d8 8 explodes, 3 more: 11 + mod, Defense d6 2...
 */
export function rollAttack(rng: RandomSource, spec: AttackSpec): AttackRoll {
  assertAttackSpec(spec);
  const attack = rollAttackRoll(rng, spec);
  const defense = rollDefense(rng, spec);
  const damage = Math.max(0, attack.total - defense.total);
  const soak = rollSoak(rng, damage, spec.toughnessDice, spec.soakPolicy, spec.exhaustOn);
  let outcome: AttackOutcome;
  let save: SaveRoll | null = null;
  if (damage === 0) outcome = 'no-damage';
  else if (soak.remaining === 0) outcome = 'soaked';
  else if (spec.isNonlethal) outcome = 'knocked-out';
  else {
    save = rollSave(rng, spec.conScore, spec.conModifier);
    outcome = save.isSuccess ? 'injured-save-made' : 'injured-save-failed';
  }
  const mutilationDamage = (spec.mutilationFrom ?? 'dealt') === 'dealt' ? damage : soak.remaining;
  const mutilation = save !== null ? mutilationForDamage(mutilationDamage) : null;
  const dice: CheckDie[] = [
    ...attack.dice.flatMap((d) => explodedCheckDice(d, 'Attack die')),
    ...(defense.face === null ? [] : [{ sides: spec.defenseDie, face: defense.face, isKept: true, role: 'Defense Die' }]),
    ...soak.faces.map((face) => ({ sides: TOUGHNESS_DIE_SIDES, face, isKept: true, role: spec.exhaustOn.includes(face) ? 'Toughness Die, exhausted' : 'Toughness Die' })),
    ...(save === null ? [] : [{ sides: 20, face: save.face, isKept: true, role: 'CON save' }]),
  ];
  const explanation = [
    `Attack Roll ${attack.dice.map((d) => d.faces.join('+')).join(' + ') || String(attack.total - spec.modifier)} ${signed(spec.modifier)} = ${attack.total}`,
    `Defense ${defense.face === null ? 'd0' : `d${spec.defenseDie} ${defense.face}`} ${signed(spec.defenseBonus)} = ${defense.total}: ${damage} damage past Defense`,
    ...(damage > 0 ? [`Toughness ${soak.faces.length === 0 ? 'none rolled' : `${soak.faces.join(', ')} (sum ${soak.sum}, ${soak.exhausted} exhausted)`}: ${soak.remaining} damage left`] : []),
    ...(save === null ? [] : [`CON save d20 ${save.face} vs ${save.target}: ${save.isSuccess ? 'made' : 'failed'}; ${(spec.mutilationFrom ?? 'dealt') === 'dealt' ? `the ${damage} damage dealt` : `the ${soak.remaining} damage past Toughness`} calls for ${mutilation?.label ?? '-'}`]),
  ];
  return { attackDice: attack.dice, attackTotal: attack.total, defenseFace: defense.face, defenseTotal: defense.total, damage, soak, save, outcome, mutilationDamage, mutilation, dice, explanation };
}

/**
 * Chance a maneuver works: the Attack Roll must be higher than the Defense roll; no damage, no
 * Toughness (Actions, Maneuver).
 * @example maneuverChance({ damage: { kind: 'dice', count: 1, sides: 4 }, modifier: 0, defenseDie: 0, defenseBonus: 0 }) // 1
 */
export function maneuverChance(spec: AttackRollSpec & DefenseSpec): number {
  const diff = addDense(attackRollDistribution(spec), (() => {
    const d = defenseRollDistribution(spec);
    return { min: -(d.min + d.p.length - 1), p: [...d.p].reverse() };
  })());
  let p = 0;
  diff.p.forEach((x, i) => {
    if (diff.min + i > 0) p += x;
  });
  return p;
}

/** A maneuver as rolled. */
export interface ManeuverRoll {
  readonly attackDice: readonly ExplodedDie[];
  readonly attackTotal: number;
  readonly defenseFace: number | null;
  readonly defenseTotal: number;
  readonly isSuccess: boolean;
}

/** Rolls a maneuver: Attack Roll against Defense roll, higher wins (Actions, Maneuver). */
export function rollManeuver(rng: RandomSource, spec: AttackRollSpec & DefenseSpec): ManeuverRoll {
  const attack = rollAttackRoll(rng, spec);
  const defense = rollDefense(rng, spec);
  return { attackDice: attack.dice, attackTotal: attack.total, defenseFace: defense.face, defenseTotal: defense.total, isSuccess: attack.total > defense.total };
}
