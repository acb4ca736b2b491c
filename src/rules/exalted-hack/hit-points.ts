/**
 * Hit points, lethal damage to Constitution, dying and recovery. HP soak damage first; damage past 0 is
 * lethal and comes off CON; a character at 0 HP is incapacitated, and with lethal damage taken also
 * dying, losing CON each turn until healed. Healing restores HP, never CON.
 * Rules: The Exalted Hack, Resolving Actions and Attributes (Constitution); Attacking, Defending and
 * Damage; Damage and Dying; Recovery. Rulings: docs/rulings.md (EH-11, EH-12).
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type RuleResult } from '../rule-system.js';
import { MAX_ATTRIBUTE_SCORE, MAX_LEVEL } from './attributes.js';
import { DYING_DIE_SIDES, type DyingRule } from './dying-rule.js';

/** Highest HP a document or request accepts (Constitution; a project limit: the formula gives at most 18 + 12 + 20 = 50). */
export const MAX_HP = 100;

/** Hours of rest that heal one Hit Die (Recovery: "1 HD per hour's rest"). */
export const HOURS_PER_HIT_DIE = 1;

/** Hours in a long rest: one attribute point back per long rest (Recovery; ruling EH-12). */
export const LONG_REST_HOURS = 8;

/** Attribute points back per long rest, without and with proper care (Recovery). */
export const ATTRIBUTE_RECOVERY = { rest: 1, care: 2 } as const;

/** Hours knocked down when HP reach 0 without lethal damage (Damage and Dying). */
export const KNOCKED_DOWN_HOURS = 1;

/** Largest damage or healing one call accepts (Damage and Dying; a project limit). */
export const MAX_DAMAGE_AMOUNT = 1000;

/**
 * Maximum HP: Constitution + the Hit Die's maximum + level (Constitution).
 * @example maxHitPoints(12, 8, 1) // 21
 */
export function maxHitPoints(con: number, hitDie: number, level: number): number {
  if (!Number.isInteger(con) || con < 1 || con > MAX_ATTRIBUTE_SCORE) throw new RangeError(`CON must be 1-${MAX_ATTRIBUTE_SCORE}, got ${con}`);
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) throw new RangeError(`level must be 1-${MAX_LEVEL}, got ${level}`);
  return con + hitDie + level;
}

/** HP and current CON: what damage, dying and healing change (Damage and Dying). */
export interface Vitality {
  readonly hp: number;
  readonly maxHp: number;
  /** Constitution now, after lethal damage. */
  readonly con: number;
}

/** Standing, incapacitated at 0 HP (stable), dying (0 HP and lethal damage taken), or dead (CON 0). */
export type Condition = 'standing' | 'incapacitated' | 'dying' | 'dead';

/**
 * The condition of a character from its HP and CON; `conLost` says whether lethal damage was taken (Damage and Dying).
 * @example conditionOf({ hp: 0, maxHp: 21, con: 9 }, true) // 'dying'
 */
export function conditionOf(v: Vitality, hasLethalDamage: boolean): Condition {
  if (v.con <= 0) return 'dead';
  if (v.hp > 0) return 'standing';
  return hasLethalDamage ? 'dying' : 'incapacitated';
}

/** What a hit did: HP and CON after, and the lethal part (Damage and Dying). */
export interface DamageReport {
  readonly before: Vitality;
  readonly after: Vitality;
  /** Damage past 0 HP, taken off CON. */
  readonly lethal: number;
  readonly condition: Condition;
  readonly explanation: string;
}

function checkVitality(v: Vitality): RuleResult<Vitality> {
  if (!Number.isInteger(v.maxHp) || v.maxHp < 1 || v.maxHp > MAX_HP) return problem('exalted-hack/bad-max-hp', `Maximum HP must be 1-${MAX_HP}, got ${v.maxHp}.`, '$.maxHp');
  if (!Number.isInteger(v.hp) || v.hp < 0 || v.hp > v.maxHp) return problem('exalted-hack/hp-above-max', `HP must be 0-${v.maxHp} (the maximum), got ${v.hp}; fix the current HP.`, '$.hp');
  if (!Number.isInteger(v.con) || v.con < 0 || v.con > MAX_ATTRIBUTE_SCORE) return problem('exalted-hack/bad-con', `CON must be 0-${MAX_ATTRIBUTE_SCORE}, got ${v.con}.`, '$.con');
  return ok(v);
}

function checkAmount(amount: number, what: string): RuleResult<number> {
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_DAMAGE_AMOUNT) {
    return problem('exalted-hack/bad-amount', `${what} must be a whole number from 0 to ${MAX_DAMAGE_AMOUNT}, got ${amount}.`, '$.amount');
  }
  return ok(amount);
}

/**
 * Takes damage: off HP first, the rest off CON as lethal damage (Attacking, Defending and Damage; Damage and Dying).
 * @example applyDamage({ hp: 3, maxHp: 21, con: 12 }, 5, false) // ok({ after: { hp: 0, con: 10 }, lethal: 2, condition: 'dying' })
 */
export function applyDamage(v: Vitality, amount: number, hadLethalDamage: boolean): RuleResult<DamageReport> {
  const checked = checkVitality(v);
  if (!checked.ok) return checked;
  const a = checkAmount(amount, 'Damage');
  if (!a.ok) return a;
  const toHp = Math.min(v.hp, amount);
  const lethal = amount - toHp;
  const after = { hp: v.hp - toHp, maxHp: v.maxHp, con: Math.max(0, v.con - lethal) };
  const condition = conditionOf(after, hadLethalDamage || lethal > 0);
  const explanation = `${amount} damage: HP ${v.hp} -> ${after.hp}${lethal > 0 ? `, ${lethal} lethal: CON ${v.con} -> ${after.con}` : ''} (${condition})`;
  return ok({ before: v, after, lethal, condition, explanation });
}

/**
 * Heals HP up to the maximum; CON is not restored by healing (Damage and Dying).
 * @example heal({ hp: 5, maxHp: 21, con: 10 }, 30) // ok({ hp: 21, maxHp: 21, con: 10 })
 */
export function heal(v: Vitality, amount: number): RuleResult<Vitality> {
  const checked = checkVitality(v);
  if (!checked.ok) return checked;
  const a = checkAmount(amount, 'Healing');
  if (!a.ok) return a;
  if (v.con <= 0) return problem('exalted-hack/dead', 'A character at CON 0 is dead; healing cannot help.', '$.con');
  return ok({ ...v, hp: Math.min(v.maxHp, v.hp + amount) });
}

/**
 * An hour's rest heals one Hit Die (Recovery), capped at the maximum.
 * @example rollHitDieRecovery(scriptedRandom([6]), { hp: 10, maxHp: 21, con: 12 }, 8) // ok({ hp: 16, ... })
 */
export function rollHitDieRecovery(rng: RandomSource, v: Vitality, hitDie: number): RuleResult<{ readonly face: number; readonly after: Vitality }> {
  const checked = checkVitality(v);
  if (!checked.ok) return checked;
  if (![4, 6, 8, 10, 12].includes(hitDie)) return problem('exalted-hack/bad-hit-die', `A Hit Die is d4, d6, d8, d10 or d12, got ${hitDie}.`, '$.hitDie');
  if (v.con <= 0) return problem('exalted-hack/dead', 'A character at CON 0 is dead; rest cannot help.', '$.con');
  const face = rng.rollDie(hitDie);
  return ok({ face, after: { ...v, hp: Math.min(v.maxHp, v.hp + face) } });
}

/**
 * One turn of dying: 1 CON lost, or 1d4 under the other reading (Damage and Dying; ruling EH-11). Only a
 * dying character (0 HP, lethal damage taken) bleeds; anyone else is a problem.
 * @example rollDyingTurn(scriptedRandom([3]), { hp: 0, maxHp: 21, con: 5 }, 'd4-per-turn') // ok({ lost: 3, after: { con: 2 } })
 */
export function rollDyingTurn(rng: RandomSource, v: Vitality, rule: DyingRule): RuleResult<{ readonly lost: number; readonly after: Vitality; readonly condition: Condition }> {
  const checked = checkVitality(v);
  if (!checked.ok) return checked;
  if (v.hp > 0 || v.con <= 0) return problem('exalted-hack/not-dying', 'Only a character at 0 HP who took lethal damage loses CON each turn.', '$.hp');
  const lost = rule === 'd4-per-turn' ? rng.rollDie(DYING_DIE_SIDES) : 1;
  const after = { ...v, con: Math.max(0, v.con - lost) };
  return ok({ lost, after, condition: conditionOf(after, true) });
}

/**
 * Attribute points back after `hours` of rest: one per long rest (8 hours), two with proper care, but
 * Constitution only one per long rest whatever the care (Recovery; Constitution; ruling EH-12).
 * @example attributePointsRecovered('str', 16, true) // 4
 */
export function attributePointsRecovered(attribute: string, hours: number, hasProperCare: boolean): number {
  if (!Number.isInteger(hours) || hours < 0) throw new RangeError(`hours of rest must be a whole number of 0 or more, got ${hours}`);
  const rests = Math.floor(hours / LONG_REST_HOURS);
  const per = attribute === 'con' || !hasProperCare ? ATTRIBUTE_RECOVERY.rest : ATTRIBUTE_RECOVERY.care;
  return rests * per;
}
