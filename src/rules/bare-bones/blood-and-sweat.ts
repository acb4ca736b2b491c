/**
 * Blood and Sweat: damage comes off Sweat first, then Blood (or Blood directly for crits, crossbows,
 * Grabs and ambushes); at 0 Blood all Sweat is gone; a hit on someone at 0 Blood kills, other harm
 * makes them unstable; healing fills Blood first. Short and long rests. Rules: The Bare Bones, Die by
 * the Sword; Shields Shall Be Splintered; Dying, Dying, Dead; Good for What Ails You; Halflings
 * (Second Breakfast); rulings BB-22, BB-23, BB-24.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type RuleResult } from '../rule-system.js';

/** How a character stands: on their feet, down at 0 Blood (stable), unstable (dying), or dead. */
export type VitalStatus = 'standing' | 'down' | 'unstable' | 'dead';

/**
 * Blood, Sweat and status, the part of a fight the tracker follows.
 * @example { blood: 10, bloodMax: 10, sweat: 4, sweatMax: 7, status: 'standing', roundsLeft: null }
 */
export interface Vitals {
  readonly blood: number;
  readonly bloodMax: number;
  readonly sweat: number;
  readonly sweatMax: number;
  readonly status: VitalStatus;
  /** Rounds until an unstable character dies; `null` otherwise, or until rolled. */
  readonly roundsLeft: number | null;
}

/** Most damage or healing one call takes (a table limit). */
export const MAX_DAMAGE = 1000;

/** A blow or other harm. */
export interface Harm {
  readonly amount: number;
  /** Straight to Blood: a critical hit, a crossbow, a dagger after a Grab, an ambusher's first round. */
  readonly isToBlood: boolean;
  /** `attack`: a successful attack (a coup de grâce at 0 Blood); `incidental`: anything else (ruling BB-23). */
  readonly source: 'attack' | 'incidental';
  /** The defender breaks their shield to soak the whole blow. */
  readonly splintersShield?: boolean;
}

/** What one harm did. */
export interface HarmResult {
  readonly vitals: Vitals;
  readonly fromSweat: number;
  readonly fromBlood: number;
  readonly isShieldSplintered: boolean;
  readonly explanation: readonly string[];
}

/** Fresh vitals: Blood and Sweat full. */
export function freshVitals(bloodMax: number, sweatMax: number): Vitals {
  return { blood: bloodMax, bloodMax, sweat: sweatMax, sweatMax, status: bloodMax > 0 ? 'standing' : 'down', roundsLeft: null };
}

function checkAmount(amount: number, what: string): RuleResult<number> {
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_DAMAGE) {
    return problem('bare-bones/amount-out-of-range', `${what} must be a whole number from 0 to ${MAX_DAMAGE}, got ${amount}.`, '$.amount');
  }
  return ok(amount);
}

/**
 * Applies harm (Die by the Sword; Dying, Dying, Dead): Sweat first unless it goes to Blood; reaching
 * 0 Blood empties Sweat; at 0 Blood an attack kills and other harm makes the character unstable.
 * @example takeHarm(freshVitals(6, 3), { amount: 5, isToBlood: false, source: 'attack' }) // ok: Sweat 0, Blood 4
 */
export function takeHarm(v: Vitals, harm: Harm): RuleResult<HarmResult> {
  const amount = checkAmount(harm.amount, 'Damage');
  if (!amount.ok) return amount;
  if (v.status === 'dead') return problem('bare-bones/already-dead', 'This character is dead; harm changes nothing.', '$.status');
  if (harm.splintersShield === true) {
    return ok({ vitals: v, fromSweat: 0, fromBlood: 0, isShieldSplintered: true, explanation: [`the shield splinters and soaks all ${harm.amount} damage`] });
  }
  if (v.blood === 0) {
    if (harm.amount === 0) return ok({ vitals: v, fromSweat: 0, fromBlood: 0, isShieldSplintered: false, explanation: ['no damage'] });
    if (harm.source === 'attack') {
      return ok({ vitals: { ...v, status: 'dead', roundsLeft: null }, fromSweat: 0, fromBlood: 0, isShieldSplintered: false, explanation: ['an attack on a character at 0 Blood is a coup de grâce: dead'] });
    }
    const next: Vitals = v.status === 'unstable' ? v : { ...v, status: 'unstable', roundsLeft: null };
    return ok({ vitals: next, fromSweat: 0, fromBlood: 0, isShieldSplintered: false, explanation: [v.status === 'unstable' ? 'already unstable' : 'harm at 0 Blood: unstable; roll the Hit Die for the rounds left'] });
  }
  const fromSweat = harm.isToBlood ? 0 : Math.min(v.sweat, harm.amount);
  const rest = harm.amount - fromSweat;
  const fromBlood = Math.min(v.blood, rest);
  const blood = v.blood - fromBlood;
  const explanation = [`${harm.amount} damage${harm.isToBlood ? ' straight to Blood' : ''}: ${fromSweat} from Sweat, ${fromBlood} from Blood${rest > fromBlood ? ` (${rest - fromBlood} more is lost: Blood stops at 0)` : ''}`];
  if (blood === 0) {
    explanation.push(`0 Blood: all remaining Sweat (${v.sweat - fromSweat}) is lost; the character is down`);
    return ok({ vitals: { ...v, blood: 0, sweat: 0, status: 'down', roundsLeft: null }, fromSweat, fromBlood, isShieldSplintered: false, explanation });
  }
  return ok({ vitals: { ...v, blood, sweat: v.sweat - fromSweat }, fromSweat, fromBlood, isShieldSplintered: false, explanation });
}

/**
 * Rolls the rounds an unstable character has left: the Hit Die (ruling BB-23: the race's, as the
 * classes have none).
 * @example rollUnstableRounds(scriptedRandom([4]), unstable, 6) // roundsLeft 4
 */
export function rollUnstableRounds(rng: RandomSource, v: Vitals, hitDie: number): RuleResult<Vitals> {
  if (v.status !== 'unstable') return problem('bare-bones/not-unstable', 'Only an unstable character counts rounds to death.', '$.status');
  return ok({ ...v, roundsLeft: rng.rollDie(hitDie) });
}

/** A round passes for an unstable character: one round fewer, dead at none (Dying, Dying, Dead). */
export function passUnstableRound(v: Vitals): RuleResult<Vitals> {
  if (v.status !== 'unstable' || v.roundsLeft === null) return problem('bare-bones/not-counting', 'Roll the unstable rounds first (rollUnstableRounds).', '$.roundsLeft');
  const left = v.roundsLeft - 1;
  return ok(left <= 0 ? { ...v, status: 'dead', roundsLeft: null } : { ...v, roundsLeft: left });
}

/** A successful INT check (or healing) stabilises: unstable becomes down (Dying, Dying, Dead). */
export function stabilize(v: Vitals): RuleResult<Vitals> {
  if (v.status !== 'unstable') return problem('bare-bones/not-unstable', 'Only an unstable character needs stabilising.', '$.status');
  return ok({ ...v, status: 'down', roundsLeft: null });
}

/** A character at 0 Blood who did something taxing made a CON save: a failure makes them unstable. */
export function afterTaxingSave(v: Vitals, isPassed: boolean): RuleResult<Vitals> {
  if (v.status !== 'down') return problem('bare-bones/not-down', 'The CON save for taxing actions is for characters down at 0 Blood.', '$.status');
  return ok(isPassed ? v : { ...v, status: 'unstable', roundsLeft: null });
}

/**
 * Heals hit points: Blood first, then Sweat; any Blood healed stands a down or unstable character up
 * (Good for What Ails You; Dying, Dying, Dead).
 * @example heal({ ...vitals, blood: 3, sweat: 0 }, 5) // Blood to max first, the rest to Sweat
 */
export function heal(v: Vitals, amount: number): RuleResult<Vitals> {
  const a = checkAmount(amount, 'Healing');
  if (!a.ok) return a;
  if (v.status === 'dead') return problem('bare-bones/already-dead', 'The dead are not healed by hit points.', '$.status');
  const toBlood = Math.min(v.bloodMax - v.blood, amount);
  const toSweat = Math.min(v.sweatMax - v.sweat, amount - toBlood);
  const blood = v.blood + toBlood;
  return ok({ ...v, blood, sweat: v.sweat + toSweat, status: blood > 0 ? 'standing' : v.status, roundsLeft: blood > 0 ? null : v.roundsLeft });
}

/** Most rations eaten at one short rest (a halfling's Second Breakfast; a table limit). */
export const MAX_RATIONS_PER_REST = 20;

/** What a short rest needs to know. */
export interface ShortRestOptions {
  readonly hitDie: number;
  /** Rations eaten: one, or more for a halfling (Second Breakfast). */
  readonly rations: number;
  readonly isHalfling: boolean;
  /** True when this character already took the day's short rest. */
  readonly hasRestedToday: boolean;
}

/**
 * A short rest: a watch, a ration, a Hit Die of healing; once a day; a halfling may eat more rations,
 * each healing a Hit Die (Good for What Ails You; Second Breakfast).
 */
export function rollShortRest(rng: RandomSource, v: Vitals, o: ShortRestOptions): RuleResult<{ readonly vitals: Vitals; readonly faces: readonly number[] }> {
  if (o.hasRestedToday) return problem('bare-bones/short-rest-used', 'Only one short rest a day: take a long rest instead.', '$.hasRestedToday');
  if (!Number.isInteger(o.rations) || o.rations < 1 || o.rations > MAX_RATIONS_PER_REST) {
    return problem('bare-bones/rations-out-of-range', `A short rest takes 1 to ${MAX_RATIONS_PER_REST} rations, got ${o.rations}.`, '$.rations');
  }
  if (o.rations > 1 && !o.isHalfling) return problem('bare-bones/one-ration', 'Only halflings eat more than one ration at a short rest (Second Breakfast).', '$.rations');
  const faces: number[] = [];
  let vitals = v;
  for (let i = 0; i < o.rations; i++) {
    const face = rng.rollDie(o.hitDie);
    faces.push(face);
    const h = heal(vitals, face);
    if (!h.ok) return h;
    vitals = h.value;
  }
  return ok({ vitals, faces });
}

/** What a long rest needs to know. */
export interface LongRestOptions {
  readonly hitDie: number;
  readonly hasRation: boolean;
  readonly hasFireOrBedroll: boolean;
}

/**
 * A long rest with a ration and a fire or bedroll: hurt Blood heals fully and a Hit Die of Sweat comes
 * back; with Blood full, all Sweat comes back. Without them, nothing is recovered (Good for What Ails You).
 */
export function rollLongRest(rng: RandomSource, v: Vitals, o: LongRestOptions): RuleResult<{ readonly vitals: Vitals; readonly faces: readonly number[]; readonly explanation: string }> {
  if (v.status === 'dead') return problem('bare-bones/already-dead', 'The dead do not rest.', '$.status');
  if (!o.hasRation || !o.hasFireOrBedroll) return ok({ vitals: v, faces: [], explanation: 'no ration, or neither fire nor bedroll: no hit points back' });
  if (v.blood < v.bloodMax) {
    const face = rng.rollDie(o.hitDie);
    return ok({
      vitals: { ...v, blood: v.bloodMax, sweat: Math.min(v.sweatMax, v.sweat + face), status: 'standing', roundsLeft: null },
      faces: [face],
      explanation: `Blood healed to ${v.bloodMax}; d${o.hitDie} = ${face} Sweat back`,
    });
  }
  return ok({ vitals: { ...v, sweat: v.sweatMax }, faces: [], explanation: 'Blood was full: all Sweat back' });
}
