/**
 * Notches on armour (AC -1 each, never below 8) and their repair, and arrows: a hit loses the arrow, a
 * miss can be picked up after the fight. Rules: The Bare Bones, Critical Hits and Notches; Missiles;
 * Dwarves (Handy if Not Handsome); ruling BB-21.
 */
import { ok, problem, type RuleResult } from '../rule-system.js';
import { MAX_ARROWS, type BareBonesCharacter } from './character.js';
import { MIN_NOTCHED_ARMOUR_CLASS, SHIELD, armour } from './data/armour.js';

/** Notches the armour when its wearer rolls a natural 20 defending; at AC 8 it takes no more (ruling BB-21). */
export function notchArmour(c: BareBonesCharacter): { readonly character: BareBonesCharacter; readonly isNotched: boolean } {
  const worn = armour(c.armour).armourClass + (c.hasShield ? SHIELD.armourClassBonus : 0);
  if (worn - c.armourNotches <= MIN_NOTCHED_ARMOUR_CLASS) return { character: c, isNotched: false };
  return { character: { ...c, armourNotches: c.armourNotches + 1 }, isNotched: true };
}

/** Repairs every notch of the armour (a dwarf's camp work, or a smith). */
export function repairArmour(c: BareBonesCharacter): BareBonesCharacter {
  return { ...c, armourNotches: 0 };
}

/** Arrows in a fight: those in the quiver, and those that missed and lie about to be recovered. */
export interface ArrowCount {
  readonly quiver: number;
  readonly recoverable: number;
}

/** Shoots one arrow: a hit (or critical hit) loses it; anything else leaves it to be recovered (Missiles). */
export function shootArrow(a: ArrowCount, isHit: boolean): RuleResult<ArrowCount> {
  if (a.quiver <= 0) return problem('bare-bones/no-arrows', 'The quiver is empty: recover arrows after the fight or buy more.', '$.arrows');
  return ok({ quiver: a.quiver - 1, recoverable: a.recoverable + (isHit ? 0 : 1) });
}

/** After the fight the missed arrows go back in the quiver (up to the sheet's limit). */
export function recoverArrows(a: ArrowCount): ArrowCount {
  return { quiver: Math.min(MAX_ARROWS, a.quiver + a.recoverable), recoverable: 0 };
}
