/**
 * Inventory slots and encumbrance: one slot an item, two for two-handed things, shields and light
 * armour, three medium, five heavy; 100 coins or 24 arrows a slot. Up to CON slots is unencumbered,
 * up to CON + STR encumbered, past that morbidly encumbered. Rules: The Bare Bones, Dead Weight;
 * Dwarves (Sturdy); ruling BB-25.
 */
import type { AttributeId } from './attributes.js';
import type { BareBonesCharacter } from './character.js';
import { SHIELD, armour } from './data/armour.js';
import { race } from './data/races.js';
import { ARROWS_PER_QUIVER } from './data/weapons.js';

/** Coins to one slot. */
export const COINS_PER_SLOT = 100;

/** Arrows to one slot (a quiver). */
export const ARROWS_PER_SLOT = ARROWS_PER_QUIVER;

/** How loaded a character is. */
export type EncumbranceLevel = 'unencumbered' | 'encumbered' | 'morbidly-encumbered';

/** The load and what it does. */
export interface Encumbrance {
  readonly slots: number;
  /** Slots carried unencumbered (CON, +5 for dwarves). */
  readonly unencumberedMax: number;
  /** Slots carried before morbid encumbrance (that plus STR). */
  readonly encumberedMax: number;
  readonly level: EncumbranceLevel;
  /** Rolls made with disadvantage at this level. */
  readonly disadvantageOn: readonly ('dex-checks' | 'dex-saves' | 'armour-class')[];
  /** Sorcerers cannot cast while encumbered. */
  readonly canCastSpells: boolean;
}

/** Slots the sheet's gear takes: items, armour, shield, coins and arrows (part bundles take a whole slot, ruling BB-25). */
export function slotsUsed(c: Pick<BareBonesCharacter, 'inventory' | 'armour' | 'hasShield' | 'coins' | 'arrows'>): number {
  return (
    c.inventory.reduce((a, i) => a + i.slots, 0) +
    armour(c.armour).slots +
    (c.hasShield ? SHIELD.slots : 0) +
    Math.ceil(c.coins / COINS_PER_SLOT) +
    Math.ceil(c.arrows / ARROWS_PER_SLOT)
  );
}

/**
 * Encumbrance from slots and scores (Dead Weight; Sturdy adds 5 to CON for both limits).
 * @example encumbranceFor(14, { con: 10, str: 12 }, 0).level // 'encumbered'
 */
export function encumbranceFor(slots: number, stats: Readonly<Pick<Record<AttributeId, number>, 'con' | 'str'>>, carryConBonus: number): Encumbrance {
  const unencumberedMax = stats.con + carryConBonus;
  const encumberedMax = unencumberedMax + stats.str;
  const level: EncumbranceLevel = slots <= unencumberedMax ? 'unencumbered' : slots <= encumberedMax ? 'encumbered' : 'morbidly-encumbered';
  const disadvantageOn: Encumbrance['disadvantageOn'] =
    level === 'unencumbered' ? [] : level === 'encumbered' ? ['dex-checks', 'dex-saves'] : ['dex-checks', 'dex-saves', 'armour-class'];
  return { slots, unencumberedMax, encumberedMax, level, disadvantageOn, canCastSpells: level === 'unencumbered' };
}

/** A character's encumbrance from the sheet. */
export function encumbranceOf(c: BareBonesCharacter): Encumbrance {
  return encumbranceFor(slotsUsed(c), { con: c.stats.con.score, str: c.stats.str.score }, race(c.race).carryConBonus);
}
