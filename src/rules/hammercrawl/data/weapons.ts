/**
 * Weapons and shields: type, stow size, STR minimum, damage types, reach, throwing range, tags, Harm
 * dice, the WP each uses, and the Specials unlocked by specialization. Rules: HAMMERCRAWL! v4,
 * EQUIPMENT > WEAPONS & SHIELDS; STANDARD COMBAT ACTIONS (ATTACK!).
 */
import type { StatId } from '../check-modifiers.js';
import type { GearSize } from './gear.js';
import type { TableDice } from './stocks.js';
import type { Price } from './treasures.js';
import type { WeaponProficiencyId } from './weapon-proficiencies.js';

const WEAPONS_REF = 'HAMMERCRAWL! v4, EQUIPMENT > WEAPONS & SHIELDS';
const WEAPONS_TABLE_REF = `${WEAPONS_REF} (weapons table)`;

/**
 * Where a weapon's damage comes from: the wielder's Harm Die plus a stat mod (or none), or dice of the
 * weapon's own (mechanical ranged weapons; `null` where the text does not give them).
 * @example { kind: 'wielder-harm-die', statMod: 'STR' }
 */
export type WeaponHarm =
  | { readonly kind: 'wielder-harm-die'; readonly statMod: StatId | null }
  | { readonly kind: 'own-harm-dice'; readonly dice: TableDice | null; readonly mod: number | null };

/** A weapon type (WEAPONS & SHIELDS, Weapon Types). */
export type WeaponTypeId = 'melee-standard' | 'melee-dueling' | 'ranged-missile' | 'ranged-mechanical';

/** A weapon type: its code in the table, the stat mod on its attacks and where its damage comes from. */
export interface WeaponType {
  readonly id: WeaponTypeId;
  readonly label: string;
  /** How the weapons table writes the type. */
  readonly tableCode: 'Melee' | 'Dueling' | 'R-Missile' | 'R-Mech';
  /** The stat mod usual on its attack Challenge (ATTACK!: STR if Melee, DEX if Ranged or Dueling). */
  readonly attackStatMod: StatId;
  readonly harm: WeaponHarm;
  readonly description: string;
  readonly ref: string;
}

const TYPES_REF = `${WEAPONS_REF} (Weapon Types); STANDARD COMBAT ACTIONS (ATTACK!)`;

/**
 * The four weapon types of the weapons table (Weapon Types). Two-Handed is a property, not a type
 * here: see `Weapon.hands` and `TWO_HANDED_REROLL_UP_TO`.
 * @example WEAPON_TYPES[1] // { id: 'melee-dueling', tableCode: 'Dueling', attackStatMod: 'DEX', harm: { kind: 'wielder-harm-die', statMod: 'DEX' }, ... }
 */
export const WEAPON_TYPES = [
  {
    id: 'melee-standard', label: 'Melee, Standard', tableCode: 'Melee', attackStatMod: 'STR',
    harm: { kind: 'wielder-harm-die', statMod: 'STR' }, description: 'Damage adds the STR mod.', ref: TYPES_REF,
  },
  {
    id: 'melee-dueling', label: 'Melee, Dueling', tableCode: 'Dueling', attackStatMod: 'DEX',
    harm: { kind: 'wielder-harm-die', statMod: 'DEX' }, description: 'Damage adds the DEX mod.', ref: TYPES_REF,
  },
  {
    id: 'ranged-missile', label: 'Ranged, missile', tableCode: 'R-Missile', attackStatMod: 'DEX',
    harm: { kind: 'wielder-harm-die', statMod: null }, description: 'Bows, slings and thrown weapons: no stat mod on damage.', ref: TYPES_REF,
  },
  {
    id: 'ranged-mechanical', label: 'Ranged, mechanical', tableCode: 'R-Mech', attackStatMod: 'DEX',
    harm: { kind: 'own-harm-dice', dice: null, mod: null },
    description: 'Crossbows and the like: the weapon\'s own Harm Dice and mods, not the wielder\'s Harm Die or stat mods.', ref: TYPES_REF,
  },
] as const satisfies readonly WeaponType[];

/** A damage type (WEAPONS & SHIELDS, Damage Types; placeholders for future armour resistances). */
export type DamageTypeId = 'bash' | 'slash' | 'stab' | 'chop';

/** A damage type; the text gives them no rules yet. */
export interface DamageType {
  readonly id: DamageTypeId;
  readonly label: string;
  readonly ref: string;
}

const DAMAGE_TYPES_REF = `${WEAPONS_REF} (Damage Types, placeholder)`;

/**
 * The damage types (placeholders: "TBD" in the text).
 * @example DAMAGE_TYPES[3] // { id: 'chop', label: 'Chop', ... }
 */
export const DAMAGE_TYPES = [
  { id: 'bash', label: 'Bash', ref: DAMAGE_TYPES_REF },
  { id: 'slash', label: 'Slash', ref: DAMAGE_TYPES_REF },
  { id: 'stab', label: 'Stab', ref: DAMAGE_TYPES_REF },
  { id: 'chop', label: 'Chop', ref: DAMAGE_TYPES_REF },
] as const satisfies readonly DamageType[];

/** A weapon tag (WEAPONS & SHIELDS, Weapon Tags). */
export type WeaponTagId = 'defensive' | 'penetrating' | 'tactical';

/** A weapon tag and what it does, in short. */
export interface WeaponTag {
  readonly id: WeaponTagId;
  readonly label: string;
  readonly description: string;
  readonly ref: string;
}

const TAGS_REF = `${WEAPONS_REF} (Weapon Tags)`;

/**
 * The weapon tags (Weapon Tags).
 * @example WEAPON_TAGS[0] // { id: 'defensive', label: 'Defensive', ... }
 */
export const WEAPON_TAGS = [
  {
    id: 'defensive', label: 'Defensive',
    description: '+2 to Passive and Total Defense; lost until the wielder\'s next turn once used other than to defend; two such weapons give +3 at most.',
    ref: TAGS_REF,
  },
  {
    id: 'penetrating', label: 'Penetrating',
    description: 'Ignores armour and harms the Health Die directly (not magickal armour, unless the weapon is magickal or enabled to).',
    ref: TAGS_REF,
  },
  {
    id: 'tactical', label: 'Tactical',
    description: 'WPs and Specializations apply to Tactical Attacks made with it.', ref: TAGS_REF,
  },
] as const satisfies readonly WeaponTag[];

/** Defense bonus of one Defensive weapon (Weapon Tags, Defensive). */
export const DEFENSIVE_DEFENSE_BONUS = 2;
/** Defense bonus of two or more Defensive weapons, which nothing raises further (Weapon Tags, Defensive). */
export const DEFENSIVE_DEFENSE_BONUS_MAX = 3;

/** A throwing range entry (WEAPONS & SHIELDS, Weapon Ranges). */
export type WeaponRangeId = 'melee' | 'throw-plus' | 'throw-minus';

/**
 * How far a weapon can be thrown: a multiple of the STR score or of the half-STR, in metres.
 * @example { stat: 'STR', of: 'score', times: 2, unit: 'metre' }
 */
export interface ThrowDistance {
  readonly stat: StatId;
  readonly of: 'score' | 'half-stat';
  readonly times: number;
  readonly unit: 'metre';
}

/**
 * A die-step penalty a range entry sets: when thrown at all, on melee attacks, or when thrown beyond
 * the STR score in metres.
 * @example { when: 'thrown', attackSteps: -1, harmSteps: -1 }
 */
export interface RangePenalty {
  readonly when: 'thrown' | 'melee-attack' | 'thrown-beyond-stat-metres';
  readonly attackSteps: number;
  readonly harmSteps: number;
}

/** A throwing range entry: how far, and the penalties. */
export interface WeaponRange {
  readonly id: WeaponRangeId;
  readonly label: string;
  /** How the weapons table writes it (`null`: a Melee weapon's empty Range). */
  readonly tableCode: 'Throw+' | 'Throw-' | null;
  readonly maxThrow: ThrowDistance;
  readonly penalties: readonly RangePenalty[];
  readonly description: string;
  readonly ref: string;
}

const RANGES_REF = `${WEAPONS_REF} (Weapon Ranges)`;

/**
 * The throwing range entries (Weapon Ranges). The list's two "?" entries are left out.
 * @example WEAPON_RANGES[1] // { id: 'throw-plus', maxThrow: { stat: 'STR', of: 'score', times: 2, unit: 'metre' }, ... }
 */
export const WEAPON_RANGES = [
  {
    id: 'melee', label: 'Melee', tableCode: null,
    maxThrow: { stat: 'STR', of: 'half-stat', times: 1, unit: 'metre' },
    penalties: [{ when: 'thrown', attackSteps: -1, harmSteps: -1 }],
    description: 'Made for melee; can be thrown to half-STR metres, one step worse on attack and damage at any distance.',
    ref: RANGES_REF,
  },
  {
    id: 'throw-plus', label: 'Throw+', tableCode: 'Throw+',
    maxThrow: { stat: 'STR', of: 'score', times: 2, unit: 'metre' },
    penalties: [{ when: 'melee-attack', attackSteps: -1, harmSteps: 0 }],
    description: 'Made for throwing, out to twice STR in metres; one step worse on melee attacks.',
    ref: RANGES_REF,
  },
  {
    id: 'throw-minus', label: 'Throw-', tableCode: 'Throw-',
    maxThrow: { stat: 'STR', of: 'score', times: 2, unit: 'metre' },
    penalties: [{ when: 'thrown-beyond-stat-metres', attackSteps: -1, harmSteps: 0 }],
    description: 'Can be thrown out to twice STR in metres; attacks past STR metres are one step worse.',
    ref: RANGES_REF,
  },
] as const satisfies readonly WeaponRange[];

/** A weapon's Special, unlocked at specialization tier 1 (Specific Weapons). */
export interface WeaponSpecial {
  readonly description: string;
  /** Tags the weapon gains while the Special is unlocked. */
  readonly grantsTags: readonly WeaponTagId[];
  readonly ref: string;
}

/** One row of the weapons table. */
export interface Weapon {
  readonly id: string;
  readonly label: string;
  readonly type: WeaponTypeId;
  readonly isShield: boolean;
  /** Size when Packed; `null` for Unarmed ("N/A"). */
  readonly stow: GearSize | null;
  /** The STR needed to wield it to full effect. */
  readonly strMin: number;
  /** Damage types; the attacker picks one before each attack when several are listed. */
  readonly damageTypes: readonly DamageTypeId[];
  /** Reach for Total Defense Checks; `null` where the table says "N/A". */
  readonly reach: number | null;
  /** The Throw+ or Throw- entry; `null` where the Range column is empty (see rulings). */
  readonly range: WeaponRangeId | null;
  readonly tags: readonly WeaponTagId[];
  /** Hands it takes: 2 for the bows and the great axe and great sword (EQ-16); `null` where the text does not say. */
  readonly hands: 1 | 2 | null;
  readonly harm: WeaponHarm;
  readonly proficiencyId: WeaponProficiencyId;
  /** Its Special, where the text describes one. */
  readonly special: WeaponSpecial | null;
  /** Always `null`: the text prices nothing (see rulings). */
  readonly price: Price | null;
  readonly ref: string;
}

const SPECIALS_REF = `${WEAPONS_REF} (Specific Weapons)`;
const STR_HARM = { kind: 'wielder-harm-die', statMod: 'STR' } as const;
const DEX_HARM = { kind: 'wielder-harm-die', statMod: 'DEX' } as const;
const NO_MOD_HARM = { kind: 'wielder-harm-die', statMod: null } as const;
const UNKNOWN_OWN_HARM = { kind: 'own-harm-dice', dice: null, mod: null } as const;

/**
 * The weapons table, in its order (WEAPONS & SHIELDS). No weapon has Harm dice of its own in the text:
 * all but the crossbows use the wielder's Harm Die.
 * @example WEAPONS[20] // { id: 'sword-long', type: 'melee-standard', stow: 'medium', strMin: 9, damageTypes: ['slash', 'stab'], reach: 3, ... }
 */
export const WEAPONS = [
  {
    id: 'axe-great', label: 'Axe, great', type: 'melee-standard', isShield: false, stow: 'large', strMin: 13, damageTypes: ['chop'], reach: 3,
    range: null, tags: [], hands: 2, harm: STR_HARM, proficiencyId: 'axe-great', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'axe-hatchet', label: 'Axe, hatchet', type: 'melee-standard', isShield: false, stow: 'medium', strMin: 4, damageTypes: ['chop'], reach: 1,
    range: 'throw-minus', tags: [], hands: null, harm: STR_HARM, proficiencyId: 'axe-hatchet', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'axe-throwing', label: 'Axe, Throwing', type: 'ranged-missile', isShield: false, stow: 'medium', strMin: 9, damageTypes: ['chop'], reach: 1,
    range: 'throw-plus', tags: [], hands: null, harm: NO_MOD_HARM, proficiencyId: 'axe-throwing', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'bow-longbow', label: 'Bow, Longbow', type: 'ranged-missile', isShield: false, stow: 'medium', strMin: 13, damageTypes: ['stab'], reach: null,
    range: null, tags: [], hands: 2, harm: NO_MOD_HARM, proficiencyId: 'bow-longbow', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'bow-shortbow', label: 'Bow, Shortbow', type: 'ranged-missile', isShield: false, stow: 'medium', strMin: 6, damageTypes: ['stab'], reach: null,
    range: null, tags: [], hands: 2, harm: NO_MOD_HARM, proficiencyId: 'bow-shortbow', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'club', label: 'Club', type: 'melee-standard', isShield: false, stow: 'medium', strMin: 4, damageTypes: ['bash'], reach: 2,
    range: null, tags: [], hands: null, harm: STR_HARM, proficiencyId: 'club', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'crossbow-arbalest', label: 'Crossbow, Arbalest', type: 'ranged-mechanical', isShield: false, stow: 'large', strMin: 9, damageTypes: ['stab'],
    reach: null, range: null, tags: [], hands: null, harm: UNKNOWN_OWN_HARM, proficiencyId: 'crossbow-arbalest', special: null, price: null,
    ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'crossbow-light', label: 'Crossbow, Light', type: 'ranged-mechanical', isShield: false, stow: 'medium', strMin: 6, damageTypes: ['stab'],
    reach: null, range: null, tags: [], hands: null, harm: UNKNOWN_OWN_HARM, proficiencyId: 'crossbow-light', special: null, price: null,
    ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'dagger-common', label: 'Dagger, Common', type: 'melee-standard', isShield: false, stow: 'small', strMin: 3, damageTypes: ['stab'], reach: 1,
    range: 'throw-minus', tags: [], hands: null, harm: STR_HARM, proficiencyId: 'dagger-common', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'dagger-dueling', label: 'Dagger, Dueling', type: 'melee-dueling', isShield: false, stow: 'small', strMin: 3, damageTypes: ['stab'], reach: 1,
    range: null, tags: ['defensive'], hands: null, harm: DEX_HARM, proficiencyId: 'dagger-dueling', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'dagger-throwing', label: 'Dagger, Throwing', type: 'ranged-missile', isShield: false, stow: 'small', strMin: 3, damageTypes: ['stab'], reach: 1,
    range: 'throw-plus', tags: [], hands: null, harm: NO_MOD_HARM, proficiencyId: 'dagger-throwing', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'javelin', label: 'Javelin', type: 'ranged-missile', isShield: false, stow: 'medium', strMin: 6, damageTypes: ['stab'], reach: 2,
    range: 'throw-plus', tags: [], hands: null, harm: NO_MOD_HARM, proficiencyId: 'javelin', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'mace', label: 'Mace', type: 'melee-standard', isShield: false, stow: 'medium', strMin: 6, damageTypes: ['bash'], reach: 2,
    range: null, tags: [], hands: null, harm: STR_HARM, proficiencyId: 'mace', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'shield-buckler', label: 'Shield, Buckler', type: 'melee-standard', isShield: true, stow: 'medium', strMin: 4, damageTypes: ['bash'], reach: 1,
    range: null, tags: ['defensive'], hands: 1, harm: STR_HARM, proficiencyId: 'shield-buckler',
    special: { description: 'The buckler stops taking up the off-hand: that hand is free for other uses and the Defense bonus stays.', grantsTags: [], ref: SPECIALS_REF },
    price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'shield-normal', label: 'Shield, Normal', type: 'melee-standard', isShield: true, stow: 'medium', strMin: 9, damageTypes: ['bash'], reach: 2,
    range: null, tags: ['defensive'], hands: 1, harm: STR_HARM, proficiencyId: 'shield-normal',
    special: { description: 'The shield becomes Tactical and can attack without giving up its Defense bonus.', grantsTags: ['tactical'], ref: SPECIALS_REF },
    price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'shield-tower', label: 'Shield, Tower', type: 'melee-standard', isShield: true, stow: 'large', strMin: 13, damageTypes: ['bash'], reach: 3,
    range: null, tags: ['defensive'], hands: 1, harm: STR_HARM, proficiencyId: 'shield-tower',
    special: {
      description: 'In Total Defense the bearer cannot take called shots from the front, nor be targeted by spells or effects that need a clear line of sight to head or body.',
      grantsTags: [], ref: SPECIALS_REF,
    },
    price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'sling', label: 'Sling', type: 'ranged-missile', isShield: false, stow: 'small', strMin: 4, damageTypes: ['bash'], reach: null,
    range: null, tags: [], hands: null, harm: NO_MOD_HARM, proficiencyId: 'sling', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'spear-long', label: 'Spear, Long', type: 'melee-standard', isShield: false, stow: 'large', strMin: 6, damageTypes: ['stab'], reach: 4,
    range: null, tags: [], hands: null, harm: STR_HARM, proficiencyId: 'spear-long', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'spear-short', label: 'Spear, Short', type: 'melee-standard', isShield: false, stow: 'medium', strMin: 4, damageTypes: ['stab'], reach: 3,
    range: 'throw-minus', tags: [], hands: null, harm: STR_HARM, proficiencyId: 'spear-short', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'sword-great', label: 'Sword, Great', type: 'melee-standard', isShield: false, stow: 'large', strMin: 13, damageTypes: ['slash', 'stab'], reach: 4,
    range: null, tags: [], hands: 2, harm: STR_HARM, proficiencyId: 'sword-great', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'sword-long', label: 'Sword, Long', type: 'melee-standard', isShield: false, stow: 'medium', strMin: 9, damageTypes: ['slash', 'stab'], reach: 3,
    range: null, tags: [], hands: null, harm: STR_HARM, proficiencyId: 'sword-long', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'sword-rapier', label: 'Sword, Rapier', type: 'melee-dueling', isShield: false, stow: 'medium', strMin: 6, damageTypes: ['slash', 'stab'], reach: 2,
    range: null, tags: [], hands: null, harm: DEX_HARM, proficiencyId: 'sword-rapier', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'sword-scimitar', label: 'Sword, Scimitar', type: 'melee-standard', isShield: false, stow: 'medium', strMin: 6, damageTypes: ['slash'], reach: 2,
    range: null, tags: [], hands: null, harm: STR_HARM, proficiencyId: 'sword-scimitar', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'sword-short', label: 'Sword, Short', type: 'melee-standard', isShield: false, stow: 'medium', strMin: 6, damageTypes: ['slash', 'stab'], reach: 2,
    range: null, tags: [], hands: null, harm: STR_HARM, proficiencyId: 'sword-short', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
  {
    id: 'unarmed', label: 'Unarmed', type: 'melee-standard', isShield: false, stow: null, strMin: 1, damageTypes: ['bash'], reach: 0,
    range: null, tags: [], hands: null, harm: STR_HARM, proficiencyId: 'unarmed', special: null, price: null, ref: WEAPONS_TABLE_REF,
  },
] as const satisfies readonly Weapon[];

/** A weapon's id. */
export type WeaponId = (typeof WEAPONS)[number]['id'];

/** Die steps on attacks and damage with a weapon above one's STR (Weapons Table Columns, "STR"). */
export const WEAPON_STR_SHORTFALL_STEPS = { attack: -1, harm: -1 } as const;

/** Two-handed weapons re-roll damage dice faces up to this (Weapon Types, Two-Handed: "re-roll all 1s"). */
export const TWO_HANDED_REROLL_UP_TO = 1;

/** Die steps on Total Defense Checks for the side with the greater Reach (+) or the lesser (-) (Weapons Table Columns, "Reach"). */
export const REACH_TOTAL_DEFENSE_STEPS = 1;
