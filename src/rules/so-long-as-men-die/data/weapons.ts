/**
 * The weapon list and its qualities. Rules: So Long as Men Die, Weapons (list and qualities);
 * Initiative (the order of ranged and melee attacks inside their phases).
 */
import { SLAMD_REF } from '../attributes.js';
import { NO_SLOT, partSlot, slots, type SlotSize } from './slots.js';

const WEAPONS_REF = `${SLAMD_REF}, Weapons`;

/** A weapon quality id (Weapons; `long`, `nonlethal`, `reload` are named but not defined: ruling SL-12). */
export type WeaponQualityId = 'brace' | 'blast' | 'delay' | 'dexterous' | 'free-hand' | 'light' | 'terror' | 'long' | 'nonlethal' | 'reload';

/** A weapon quality and what it does, in short. */
export interface WeaponQuality {
  readonly id: WeaponQualityId;
  readonly label: string;
  readonly description: string;
  /** False for the qualities the text names on weapons without defining them. */
  readonly isDefined: boolean;
  readonly ref: string;
}

/**
 * The weapon qualities (Weapons, the paragraphs after the list).
 * @example WEAPON_QUALITIES[0] // { id: 'brace', label: 'Brace', ... }
 */
export const WEAPON_QUALITIES = [
  { id: 'brace', label: 'Brace', isDefined: true, ref: WEAPONS_REF, description: 'While using the Brace movement you may Punish foes who move into reach; +2 damage when used from a mount.' },
  { id: 'blast', label: 'Blast', isDefined: true, ref: WEAPONS_REF, description: 'Hits every creature within 5 ft of the target as well.' },
  { id: 'delay', label: 'Delay', isDefined: true, ref: WEAPONS_REF, description: 'Lands a round late, in the same phase it was used.' },
  { id: 'dexterous', label: 'Dexterous', isDefined: true, ref: WEAPONS_REF, description: 'Counts as a free hand for maneuvers and object interactions.' },
  { id: 'free-hand', label: 'Free Hand', isDefined: true, ref: WEAPONS_REF, description: 'A partial item that still lets its hand hold a whole-slot item beside it.' },
  { id: 'light', label: 'Light', isDefined: true, ref: WEAPONS_REF, description: 'With a light weapon in each hand, one action attacks with both, even in different phases.' },
  { id: 'terror', label: 'Terror', isDefined: true, ref: WEAPONS_REF, description: 'Injuring with it makes the foes test morale; feinting with it makes one foe test; either next round, at the top.' },
  { id: 'long', label: 'Long', isDefined: false, ref: WEAPONS_REF, description: 'Not defined in the text; read as reach that strikes first among melee attacks (ruling SL-12).' },
  { id: 'nonlethal', label: 'Nonlethal', isDefined: false, ref: WEAPONS_REF, description: 'Not defined in the text; read as knocking out instead of mutilating (ruling SL-12).' },
  { id: 'reload', label: 'Reload', isDefined: false, ref: WEAPONS_REF, description: 'Not defined in the text; read as an object interaction to reload after each shot (ruling SL-12).' },
] as const satisfies readonly WeaponQuality[];

/**
 * What a weapon deals on an Attack Roll: dice (that explode) or a flat amount (a bare hand).
 * @example { kind: 'dice', count: 2, sides: 6 }
 */
export type WeaponDamage =
  | { readonly kind: 'dice'; readonly count: number; readonly sides: number }
  | { readonly kind: 'flat'; readonly value: number };

/** How a weapon is used: in melee, thrown (a ranged attack), or shot. */
export type WeaponUse = 'melee' | 'thrown' | 'ranged';

/** A weapon's range in feet, for thrown and shot weapons. */
export interface WeaponRange {
  readonly kind: 'thrown' | 'ranged';
  readonly feet: number;
}

/** A row of the weapon list. */
export interface SlamdWeapon {
  readonly id: string;
  /** The names the row gives, joined. */
  readonly label: string;
  readonly slots: SlotSize;
  readonly damage: WeaponDamage;
  readonly qualities: readonly WeaponQualityId[];
  readonly range: WeaponRange | null;
  /** Ammunition size per shot, for weapons that list it. */
  readonly ammunition: SlotSize | null;
  /** Flat bonus to a Disarm maneuver aimed at armour or shields. */
  readonly disarmArmourBonus: number;
  /** Flat bonus to melee Attack Rolls against prone targets. */
  readonly meleeVsProneBonus: number;
  /** The target's shield bonus does not count. */
  readonly ignoresShields: boolean;
  /** Is the weapon one of the crossbows (they shoot first among ranged attacks)? */
  readonly isCrossbow: boolean;
  /** Other handling, in our words. */
  readonly notes: string;
  readonly ref: string;
}

const base = { range: null, ammunition: null, disarmArmourBonus: 0, meleeVsProneBonus: 0, ignoresShields: false, isCrossbow: false, notes: '', ref: WEAPONS_REF } as const;
const dice = (count: number, sides: number): WeaponDamage => ({ kind: 'dice', count, sides });

/** The id of the bare-hand row: what an unarmed creature attacks with. */
export const BARE_HAND_ID = 'bare-hand';

/**
 * The weapon list, in the text's order (Weapons).
 * @example WEAPONS[5] // { id: 'longsword', label: 'Longsword, Greataxe, Claymore', slots: 2, damage: 2d6, ... }
 */
export const WEAPONS = [
  { ...base, id: BARE_HAND_ID, label: 'Bare Hand', slots: NO_SLOT, damage: { kind: 'flat', value: 1 }, qualities: ['nonlethal'] },
  { ...base, id: 'claws', label: 'Claws, Gauntlets, Knuckles', slots: partSlot(2), damage: dice(1, 4), qualities: ['light', 'free-hand'] },
  { ...base, id: 'staff', label: 'Staff, Club, Flail', slots: slots(1), damage: dice(1, 6), qualities: [], disarmArmourBonus: 2 },
  { ...base, id: 'torch', label: 'Torch', slots: slots(1), damage: dice(1, 6), qualities: ['terror'] },
  { ...base, id: 'falchion', label: 'Falchion, Hand Axe, Arming Sword', slots: slots(1), damage: dice(1, 8), qualities: [] },
  { ...base, id: 'longsword', label: 'Longsword, Greataxe, Claymore', slots: slots(2), damage: dice(2, 6), qualities: [] },
  { ...base, id: 'polearm', label: 'Polearm, Bohemian Earspoon, Halberd', slots: slots(2), damage: dice(1, 10), qualities: ['brace', 'long'] },
  { ...base, id: 'whip', label: 'Whip', slots: slots(1), damage: dice(1, 4), qualities: ['dexterous', 'long', 'terror', 'nonlethal'] },
  { ...base, id: 'spear', label: 'Spear', slots: slots(1), damage: dice(1, 6), qualities: ['brace', 'long'] },
  { ...base, id: 'javelin', label: 'Javelin', slots: partSlot(2), damage: dice(1, 6), qualities: [], range: { kind: 'thrown', feet: 30 } },
  { ...base, id: 'dagger', label: 'Dagger', slots: partSlot(3), damage: dice(1, 4), qualities: ['light'], range: { kind: 'thrown', feet: 10 }, meleeVsProneBonus: 2 },
  { ...base, id: 'boomerang', label: 'Boomerang', slots: slots(1), damage: dice(1, 4), qualities: ['light', 'delay'], range: { kind: 'thrown', feet: 30 }, ignoresShields: true },
  { ...base, id: 'bomb', label: 'Bomb', slots: partSlot(3), damage: dice(1, 8), qualities: ['blast', 'delay'], range: { kind: 'thrown', feet: 30 }, notes: 'Needs an object interaction to arm before it is thrown.' },
  { ...base, id: 'firebomb', label: 'Firebomb', slots: partSlot(3), damage: dice(1, 8), qualities: ['blast', 'terror'], range: { kind: 'thrown', feet: 30 }, notes: 'Needs an object interaction to arm before it is thrown.' },
  { ...base, id: 'heavy-crossbow', label: 'Heavy Crossbow', slots: slots(3), damage: dice(2, 10), qualities: ['reload', 'blast'], range: { kind: 'ranged', feet: 300 }, ammunition: slots(1), isCrossbow: true, notes: 'Must be set down with an object interaction before it can shoot.' },
  { ...base, id: 'crossbow', label: 'Crossbow', slots: slots(2), damage: dice(1, 10), qualities: [], range: { kind: 'ranged', feet: 100 }, ammunition: partSlot(3), isCrossbow: true, notes: 'May stay loaded while Readied or Stowed.' },
  { ...base, id: 'hand-crossbow', label: 'Hand Crossbow', slots: partSlot(2), damage: dice(1, 6), qualities: ['light'], range: { kind: 'ranged', feet: 30 }, ammunition: partSlot(6), isCrossbow: true },
  { ...base, id: 'longbow', label: 'Longbow', slots: slots(2), damage: dice(1, 10), qualities: ['brace'], range: { kind: 'ranged', feet: 100 }, ammunition: partSlot(6), notes: 'Not usable from horseback.' },
  { ...base, id: 'shortbow', label: 'Shortbow', slots: slots(1), damage: dice(1, 6), qualities: [], range: { kind: 'ranged', feet: 60 }, ammunition: partSlot(6), notes: 'Not usable while carrying a shield.' },
  { ...base, id: 'sling', label: 'Sling', slots: partSlot(2), damage: dice(1, 4), qualities: ['light'], range: { kind: 'ranged', feet: 30 }, ammunition: partSlot(32), notes: 'Works beside a shield; its stones are not worth counting.' },
] as const satisfies readonly SlamdWeapon[];

/** A weapon id of the list. */
export type WeaponId = (typeof WEAPONS)[number]['id'];

/** The weapon of the list with this id, or undefined. */
export function findWeapon(id: string): SlamdWeapon | undefined {
  return WEAPONS.find((w) => w.id === id);
}

/** True when the weapon has the quality. */
export function hasQuality(weapon: SlamdWeapon, quality: WeaponQualityId): boolean {
  return weapon.qualities.includes(quality);
}

/** Flat damage a Brace weapon adds when used from a mount (Weapons, Brace). */
export const BRACE_MOUNTED_DAMAGE_BONUS = 2;

/** Feet around the target a Blast weapon also hits (Weapons, Blast). */
export const BLAST_RADIUS_FEET = 5;

/** Rounds a Delay weapon waits before it strikes (Weapons, Delay). */
export const DELAY_ROUNDS = 1;
