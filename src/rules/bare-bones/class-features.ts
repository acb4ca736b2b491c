/**
 * Class pools and features as sheet changes: spending and granting faith, tactic and luck points or
 * mana, a sorcerer's concentration die and counterspell reach, and a fighter's maneuver die. Rules: The
 * Bare Bones, Nobody Likes Adventurers (Clerics, Fighters, Specialists, Sorcerers); Weapons (swords and
 * flails); rulings BB-6, BB-28, BB-20.
 */
import { BARE_BONES_CHAIN, stepDie } from '../../dice/dice-chain.js';
import { ok, problem, type RuleResult } from '../rule-system.js';
import { MAX_POOL_ABOVE_LEVEL, type BareBonesCharacter } from './character.js';
import { CONCENTRATION_DIE, GM_BONUS_POINTS, bareBonesClass } from './data/classes.js';
import { race, type RaceId } from './data/races.js';
import { weaponKind, type WeaponKindId, type WeaponWeightId } from './data/weapons.js';

/** What spending a point did; a sorcerer past their mana may still cast, with a risk. */
export interface PointSpent {
  readonly character: BareBonesCharacter;
  /** True when a sorcerer cast with no mana left: an INT check with disadvantage or a catastrophe. */
  readonly needsCatastropheCheck: boolean;
}

/**
 * Spends one point of the class pool (Divine Aid, Lay on Hands, Smite, Tactics, Fortune's Favor,
 * a spell, Counterspell). With none left it is a problem, except that a sorcerer may cast anyway at the
 * risk of catastrophe (Sorcerers).
 */
export function spendPoint(c: BareBonesCharacter): RuleResult<PointSpent> {
  if (c.points.current > 0) return ok({ character: { ...c, points: { ...c.points, current: c.points.current - 1 } }, needsCatastropheCheck: false });
  if (c.class === 'sorcerer') return ok({ character: c, needsCatastropheCheck: true });
  const cls = bareBonesClass(c.class);
  return problem('bare-bones/no-points', `No ${cls.pool.label.toLowerCase()} left; they come back with rest and levels (ruling BB-28).`, '$.points.current');
}

/**
 * The GM grants 1-2 extra points for the class's deed (faithful worship, a worthy foe, ancient
 * treasure); sorcerers get none, and the pool holds at most level + 2 (ruling BB-6).
 */
export function grantBonusPoints(c: BareBonesCharacter, points: number): RuleResult<BareBonesCharacter> {
  const cls = bareBonesClass(c.class);
  if (cls.bonusPointsFor === null) return problem('bare-bones/no-bonus-points', `${cls.label}s are not granted extra points.`, '$.points');
  if (!Number.isInteger(points) || points < GM_BONUS_POINTS.min || points > GM_BONUS_POINTS.max) {
    return problem('bare-bones/bonus-points-range', `The GM grants ${GM_BONUS_POINTS.min} or ${GM_BONUS_POINTS.max} extra points, got ${points}.`, '$.points');
  }
  const current = Math.min(c.level + MAX_POOL_ABOVE_LEVEL, c.points.current + points);
  return ok({ ...c, points: { ...c.points, current } });
}

/** Refills the pool to the level: a new day's mana, and (ruling BB-28) faith, tactic and luck after a long rest. */
export function refillPoints(c: BareBonesCharacter): BareBonesCharacter {
  return { ...c, points: { ...c.points, current: Math.max(c.points.current, c.level) } };
}

/** A sorcerer's concentration die: d8, or d10 for a school sorcerer's spell of the school (Concentration). */
export function concentrationDieFor(c: BareBonesCharacter, isSchoolSpell: boolean): RuleResult<number> {
  if (c.sorcerer === null) return problem('bare-bones/not-a-sorcerer', 'Only sorcerers concentrate on spells.', '$.sorcerer');
  return ok(c.sorcerer.tradition === 'school' && isSchoolSpell ? CONCENTRATION_DIE.school : CONCENTRATION_DIE.generalist);
}

/** How many people one Counterspell shields: as many as the sorcerer's level (Counterspell). */
export function counterspellReach(c: BareBonesCharacter): RuleResult<number> {
  if (c.class !== 'sorcerer') return problem('bare-bones/not-a-sorcerer', 'Only sorcerers counterspell.', '$.class');
  return ok(c.level);
}

/** True when a sorcerer may cast now: unencumbered and empty-handed (Sorcerers). */
export function canCast(isEncumbered: boolean, isHoldingSomething: boolean): boolean {
  return !isEncumbered && !isHoldingSomething;
}

/**
 * The maneuver die for a maneuver: d4, a fighter's d6, one step larger with a sword (Aim, Clobber,
 * Evade) or a flail (Disarm, Trip) (Fighters; Weapons).
 * @example maneuverDieFor('fighter', 'sword', 'clobber') // 8
 */
export function maneuverDieFor(classId: BareBonesCharacter['class'], weapon: WeaponKindId, maneuver: string): number {
  const base = bareBonesClass(classId).maneuverDie;
  const larger = (weaponKind(weapon).largerManeuverDice as readonly string[]).includes(maneuver);
  return larger ? stepDie(BARE_BONES_CHAIN, base, 1).dice[0]! : base;
}

/**
 * How a race wields a weapon weight: halflings cannot use heavy weapons and need both hands for medium
 * ones (Small Fellows); everyone else uses one hand unless they choose two.
 * @example wieldingFor('halfling', 'medium') // ok: { hands: 2 }
 */
export function wieldingFor(raceId: RaceId, weight: WeaponWeightId): RuleResult<{ readonly hands: 1 | 2 }> {
  const r = race(raceId);
  if (weight === 'heavy' && r.heaviestWeapon !== 'heavy') return problem('bare-bones/too-heavy', `A ${r.label.toLowerCase()} cannot wield heavy weapons; pick a light or medium one.`, '$.weight');
  return ok({ hands: r.twoHandedWeight === weight ? 2 : 1 });
}
