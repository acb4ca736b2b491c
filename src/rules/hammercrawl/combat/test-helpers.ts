/**
 * Fighters for tests and benchmarks: a plain player character with given stats, dice and weapon, built
 * without the creation rolls. Not part of the public API of the rules.
 */
import { WEAPONS } from '../data/weapons.js';
import { FRESH_FIGHT_STATE, NO_SPECIALS, type CombatSpecials, type Fighter, type WeaponProfile } from './fighter.js';

/** A test fighter: a level-1 PC with d8 Health and Harm Dice, Defense 8 (DEX mod 0), a long sword, STR +1. */
export function testPc(overrides: Partial<Omit<Fighter, 'specials'>> & { readonly specials?: Partial<CombatSpecials> } = {}): Fighter {
  const { specials, ...rest } = overrides;
  const sword = WEAPONS.find((w) => w.id === 'sword-long')!;
  const weapon: WeaponProfile = {
    id: sword.id,
    label: sword.label,
    weaponId: sword.id,
    type: sword.type,
    reach: sword.reach,
    range: sword.range,
    isTwoHanded: false,
    isProficient: true,
    specializationTier: 0,
    isUnderStrength: false,
    attackStat: 'STR',
    attackMod: 1,
    harm: { kind: 'harm-die', sides: 8, stat: 'STR', statMod: 1 },
    isPenetrating: false,
    isMagickal: false,
    isTactical: false,
    canBeThrown: false,
  };
  return {
    id: 'pc',
    name: 'Brakka',
    side: 'party',
    role: 'pc',
    level: 1,
    healthDie: 8,
    baseHealthDie: 8,
    armourDie: null,
    baseArmourDie: null,
    armourCoverage: 'full',
    isArmourMagickal: false,
    isArmourTooHeavy: false,
    conMod: 0,
    defense: 8,
    defenseMod: 0,
    attackValue: null,
    saveMods: { STR: 1, DEX: 0, CON: 0, INT: 0, WIL: 0, CHA: 0, SOC: 0 },
    statScores: { STR: 14, DEX: 11, CON: 10, INT: 10, WIL: 12, CHA: 10, SOC: 10 },
    featDie: 3,
    weapons: [weapon],
    specials: { ...NO_SPECIALS, ...specials },
    stockId: null,
    classId: null,
    resources: { hdRerolls: 0, armourRerolls: 0, fistUses: 0 },
    ...FRESH_FIGHT_STATE,
    ...rest,
  };
}

/** A weapon profile from the table for a test PC with the given mods. */
export function testWeapon(id: string, patch: Partial<WeaponProfile> = {}): WeaponProfile {
  const w = WEAPONS.find((x) => x.id === id)!;
  return {
    id: w.id,
    label: w.label,
    weaponId: w.id,
    type: w.type,
    reach: w.reach,
    range: w.range,
    isTwoHanded: w.hands === 2,
    isProficient: true,
    specializationTier: 0,
    isUnderStrength: false,
    attackStat: w.type === 'melee-standard' ? 'STR' : 'DEX',
    attackMod: 0,
    harm: { kind: 'harm-die', sides: 8, stat: w.harm.kind === 'wielder-harm-die' ? w.harm.statMod : null, statMod: 0 },
    isPenetrating: false,
    isMagickal: false,
    isTactical: (w.tags as readonly string[]).includes('tactical'),
    canBeThrown: w.range === 'throw-plus' || w.range === 'throw-minus' || (w.type === 'ranged-missile' && w.reach !== null),
    ...patch,
  };
}
