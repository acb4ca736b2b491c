/**
 * Weapon Proficiencies (WPs): one per weapon, plus the natural "Claws and Teeth"; the three tiers of
 * Weapon Specialization with their costs and what each unlocks. Rules: HAMMERCRAWL! v4, WEAPON
 * PROFICIENCIES (WPs).
 */

/** A WP taken with WP selections (`weapon`), or one some stocks have for free (`natural`). */
export type WeaponProficiencyKind = 'weapon' | 'natural';

/** One Weapon Proficiency. */
export interface WeaponProficiency {
  readonly id: string;
  readonly label: string;
  readonly kind: WeaponProficiencyKind;
  readonly ref: string;
}

const WP_REF = 'HAMMERCRAWL! v4, WEAPON PROFICIENCIES (WPs)';
const WEAPONS_TABLE_REF = 'HAMMERCRAWL! v4, EQUIPMENT > WEAPONS & SHIELDS (weapons table)';

/**
 * The Weapon Proficiencies: one for each row of the weapons table (a WP is for "the chosen weapon"),
 * including Unarmed (which "must be taken as a proficiency"), and Claws and Teeth, the Natural
 * Proficiency of several Palladium stocks. Ids match the weapons' ids.
 * @example WEAPON_PROFICIENCIES[25] // { id: 'claws-and-teeth', kind: 'natural', ... }
 */
export const WEAPON_PROFICIENCIES = [
  { id: 'axe-great', label: 'Axe, great', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'axe-hatchet', label: 'Axe, hatchet', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'axe-throwing', label: 'Axe, Throwing', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'bow-longbow', label: 'Bow, Longbow', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'bow-shortbow', label: 'Bow, Shortbow', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'club', label: 'Club', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'crossbow-arbalest', label: 'Crossbow, Arbalest', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'crossbow-light', label: 'Crossbow, Light', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'dagger-common', label: 'Dagger, Common', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'dagger-dueling', label: 'Dagger, Dueling', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'dagger-throwing', label: 'Dagger, Throwing', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'javelin', label: 'Javelin', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'mace', label: 'Mace', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'shield-buckler', label: 'Shield, Buckler', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'shield-normal', label: 'Shield, Normal', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'shield-tower', label: 'Shield, Tower', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'sling', label: 'Sling', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'spear-long', label: 'Spear, Long', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'spear-short', label: 'Spear, Short', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'sword-great', label: 'Sword, Great', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'sword-long', label: 'Sword, Long', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'sword-rapier', label: 'Sword, Rapier', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'sword-scimitar', label: 'Sword, Scimitar', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'sword-short', label: 'Sword, Short', kind: 'weapon', ref: WEAPONS_TABLE_REF },
  { id: 'unarmed', label: 'Unarmed Combat', kind: 'weapon', ref: `${WP_REF} (FURTHER NOTE); ${WEAPONS_TABLE_REF}` },
  { id: 'claws-and-teeth', label: 'Claws and Teeth', kind: 'natural', ref: 'HAMMERCRAWL! v4, STOCKS (RACES), Palladium stocks (Natural Weapons)' },
] as const satisfies readonly WeaponProficiency[];

/** A Weapon Proficiency's id. */
export type WeaponProficiencyId = (typeof WEAPON_PROFICIENCIES)[number]['id'];

/**
 * What a specialization tier unlocks (Weapon Specialization): the weapon's Special, Harm Die steps
 * with it, or extra attacks with it when taking the Attack action.
 * @example { kind: 'harm-steps', steps: 1 }
 */
export type SpecializationUnlock =
  | { readonly kind: 'weapon-special' }
  | { readonly kind: 'harm-steps'; readonly steps: number }
  | { readonly kind: 'extra-attacks'; readonly attacks: number };

/** One tier of Weapon Specialization: its cost in WP selections and what it unlocks. */
export interface SpecializationTier {
  readonly id: string;
  readonly label: string;
  readonly tier: number;
  /** WP selections it costs for a WP taken normally. */
  readonly cost: number;
  /** WP selections it costs for a Natural Proficiency. */
  readonly naturalCost: number;
  readonly unlock: SpecializationUnlock;
  readonly ref: string;
}

const SPEC_REF = `${WP_REF}, Weapon Specialization`;

/**
 * The three tiers of Weapon Specialization, in the order they are bought (costs 1, 2, 3; a Natural
 * Proficiency's first tier costs 2).
 * @example WEAPON_SPECIALIZATION_TIERS[0] // { id: 'tier-1', cost: 1, naturalCost: 2, unlock: { kind: 'weapon-special' }, ... }
 */
export const WEAPON_SPECIALIZATION_TIERS = [
  { id: 'tier-1', label: 'Spec tier 1', tier: 1, cost: 1, naturalCost: 2, unlock: { kind: 'weapon-special' }, ref: SPEC_REF },
  { id: 'tier-2', label: 'Spec tier 2', tier: 2, cost: 2, naturalCost: 2, unlock: { kind: 'harm-steps', steps: 1 }, ref: SPEC_REF },
  { id: 'tier-3', label: 'Spec tier 3', tier: 3, cost: 3, naturalCost: 3, unlock: { kind: 'extra-attacks', attacks: 1 }, ref: SPEC_REF },
] as const satisfies readonly SpecializationTier[];

/** WP selections to learn a new WP (one selection; the text counts WPs in selections). */
export const WP_LEARN_COST = 1;

/** How many times WP selections may go into one weapon at one level-up (learn it or raise one tier). */
export const WP_INVESTMENTS_PER_WEAPON_PER_LEVEL_UP = 1;

/** Die steps on the attack and on the Harm Die with a weapon one is not proficient in. */
export const NON_PROFICIENT_STEPS = { attack: -1, harm: -1 } as const;
