/**
 * The counted uses a character's sheet gives, for the Smith to count at the table: the Combatant's HD
 * Re-rolls (the level), the Droffen's Armour Die re-rolls (the CON mod, never below 0) and the Devout's
 * Fist of an Angry God (level plus a CHA part), each per Venture as the class and stock say. Read from
 * the combat specials the fights use, so one reading serves both. Rules: HAMMERCRAWL! v4, CLASSES
 * (Combatant, Devout); STOCKS (Droffen). Rulings CL-13, CL-20, ST-8, VE-18.
 */
import type { Character } from '../character.js';
import { combatSpecialsOf } from '../combat/fighter.js';
import type { LimitScope } from './limits.js';

/** One counted use a sheet gives: the ability id the table counts, a label, its scope and allowance. */
export interface SheetLimit {
  readonly ability: string;
  readonly label: string;
  readonly scope: LimitScope;
  readonly max: number;
}

/**
 * The counted uses of a character, none when it has no such power (or the document cannot be read as a
 * HAMMERCRAWL! character).
 * @example sheetLimits(combatant) // [{ ability: 'hd-rerolls', label: 'HD Re-rolls', scope: 'venture', max: 3 }]
 */
export function sheetLimits(c: Character): SheetLimit[] {
  let s;
  try {
    s = combatSpecialsOf(c);
  } catch {
    return [];
  }
  const out: SheetLimit[] = [];
  if (s.hdRerolls > 0) out.push({ ability: 'hd-rerolls', label: 'HD Re-rolls', scope: 'venture', max: s.hdRerolls });
  if (s.armourRerolls > 0) out.push({ ability: 'armour-rerolls', label: 'Armour Die re-rolls', scope: 'venture', max: s.armourRerolls });
  if (s.fistUses !== null) out.push({ ability: 'fist-of-an-angry-god', label: 'Fist of an Angry God', scope: 'venture', max: s.fistUses });
  return out;
}
