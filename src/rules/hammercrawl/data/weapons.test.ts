import { describe, expect, it } from 'vitest';
import { STAT_IDS } from '../check-modifiers.js';
import { GEAR_SIZES } from './gear.js';
import { WEAPON_PROFICIENCIES } from './weapon-proficiencies.js';
import {
  DAMAGE_TYPES,
  DEFENSIVE_DEFENSE_BONUS,
  DEFENSIVE_DEFENSE_BONUS_MAX,
  REACH_TOTAL_DEFENSE_STEPS,
  TWO_HANDED_REROLL_UP_TO,
  WEAPONS,
  WEAPON_RANGES,
  WEAPON_STR_SHORTFALL_STEPS,
  WEAPON_TAGS,
  WEAPON_TYPES,
  type Weapon,
} from './weapons.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ids = (rows: readonly { readonly id: string }[]) => rows.map((r) => r.id);
const byId = (id: string): Weapon => {
  const w = WEAPONS.find((x) => x.id === id);
  if (!w) throw new Error(`no weapon ${id}`);
  return w;
};

describe('the weapons table (WEAPONS & SHIELDS)', () => {
  it('data integrity: unique kebab-case ids in every table', () => {
    for (const rows of [WEAPONS, WEAPON_TYPES, DAMAGE_TYPES, WEAPON_TAGS, WEAPON_RANGES]) {
      expect(new Set(ids(rows)).size).toBe(rows.length);
      for (const id of ids(rows)) expect(id).toMatch(KEBAB);
    }
  });

  it('every referenced id exists: type, size, damage types, range, tags, WP, Special tags', () => {
    for (const w of WEAPONS) {
      expect(ids(WEAPON_TYPES)).toContain(w.type);
      if (w.stow !== null) expect(ids(GEAR_SIZES)).toContain(w.stow);
      for (const d of w.damageTypes) expect(ids(DAMAGE_TYPES)).toContain(d);
      if (w.range !== null) expect(ids(WEAPON_RANGES)).toContain(w.range);
      for (const t of w.tags) expect(ids(WEAPON_TAGS)).toContain(t);
      expect(ids(WEAPON_PROFICIENCIES)).toContain(w.proficiencyId);
      for (const t of w.special?.grantsTags ?? []) expect(ids(WEAPON_TAGS)).toContain(t);
      expect(w.ref).toMatch(/WEAPONS & SHIELDS/);
    }
  });

  it('numbers in range: STR 1-18, reach 0-4, at least one damage type, no prices', () => {
    for (const w of WEAPONS) {
      expect(w.strMin).toBeGreaterThanOrEqual(1);
      expect(w.strMin).toBeLessThanOrEqual(18);
      if (w.reach !== null) {
        expect(Number.isInteger(w.reach)).toBe(true);
        expect(w.reach).toBeGreaterThanOrEqual(0);
        expect(w.reach).toBeLessThanOrEqual(4);
      }
      expect(w.damageTypes.length).toBeGreaterThan(0);
      expect(w.price).toBeNull();
    }
  });

  it('each weapon\'s Harm follows its type; only mechanical ranged weapons have their own (unprinted) dice', () => {
    for (const w of WEAPONS) {
      const type = WEAPON_TYPES.find((t) => t.id === w.type)!;
      expect(w.harm).toEqual(type.harm);
    }
    for (const t of WEAPON_TYPES) {
      expect(STAT_IDS).toContain(t.attackStatMod);
      if (t.harm.kind === 'wielder-harm-die' && t.harm.statMod !== null) expect(STAT_IDS).toContain(t.harm.statMod);
    }
    expect(WEAPONS.filter((w) => w.harm.kind === 'own-harm-dice').map((w) => w.id)).toEqual(['crossbow-arbalest', 'crossbow-light']);
    expect(byId('crossbow-light').harm).toEqual({ kind: 'own-harm-dice', dice: null, mod: null });
  });

  it('holds the table as printed', () => {
    // Weapon, Type, Stow, STR, Damage, Reach, Range/Tags, copied from the rules text (N/A as null).
    const code = (w: Weapon) => WEAPON_TYPES.find((t) => t.id === w.type)!.tableCode;
    const letter = (w: Weapon) => (w.stow === null ? null : GEAR_SIZES.find((s) => s.id === w.stow)!.letter);
    const last = (w: Weapon) =>
      [...(w.range === null ? [] : [WEAPON_RANGES.find((r) => r.id === w.range)!.tableCode]), ...w.tags.map((t) => WEAPON_TAGS.find((x) => x.id === t)!.label)].join(' ');
    const row = (w: Weapon) => [w.label, code(w), letter(w), w.strMin, w.damageTypes.join(', '), w.reach, last(w)].join('|');
    const printed = [
      'Axe, great|Melee|L|13|chop|3|', 'Axe, hatchet|Melee|M|4|chop|1|Throw-', 'Axe, Throwing|R-Missile|M|9|chop|1|Throw+',
      'Bow, Longbow|R-Missile|M|13|stab||', 'Bow, Shortbow|R-Missile|M|6|stab||', 'Club|Melee|M|4|bash|2|',
      'Crossbow, Arbalest|R-Mech|L|9|stab||', 'Crossbow, Light|R-Mech|M|6|stab||', 'Dagger, Common|Melee|S|3|stab|1|Throw-',
      'Dagger, Dueling|Dueling|S|3|stab|1|Defensive', 'Dagger, Throwing|R-Missile|S|3|stab|1|Throw+', 'Javelin|R-Missile|M|6|stab|2|Throw+',
      'Mace|Melee|M|6|bash|2|', 'Shield, Buckler|Melee|M|4|bash|1|Defensive', 'Shield, Normal|Melee|M|9|bash|2|Defensive',
      'Shield, Tower|Melee|L|13|bash|3|Defensive', 'Sling|R-Missile|S|4|bash||', 'Spear, Long|Melee|L|6|stab|4|',
      'Spear, Short|Melee|M|4|stab|3|Throw-', 'Sword, Great|Melee|L|13|slash, stab|4|', 'Sword, Long|Melee|M|9|slash, stab|3|',
      'Sword, Rapier|Dueling|M|6|slash, stab|2|', 'Sword, Scimitar|Melee|M|6|slash|2|', 'Sword, Short|Melee|M|6|slash, stab|2|',
      'Unarmed|Melee||1|bash|0|',
    ];
    expect(WEAPONS.map(row)).toEqual(printed);
  });

  it('agrees with the Reach column\'s own examples (daggers 1, short swords 2, long swords 3, greatswords 4, unarmed 0)', () => {
    for (const id of ['dagger-common', 'dagger-dueling', 'dagger-throwing']) expect(byId(id).reach).toBe(1);
    expect(byId('sword-short').reach).toBe(2);
    expect(byId('sword-long').reach).toBe(3);
    expect(byId('sword-great').reach).toBe(4);
    expect(byId('unarmed').reach).toBe(0);
  });

  it('shields: the three are Defensive, one-handed, with their Specials; the normal shield\'s makes it Tactical', () => {
    const shields = WEAPONS.filter((w) => w.isShield);
    expect(ids(shields)).toEqual(['shield-buckler', 'shield-normal', 'shield-tower']);
    for (const s of shields) {
      expect(s.tags).toContain('defensive');
      expect(s.hands).toBe(1);
      expect(s.special).not.toBeNull();
    }
    expect(byId('shield-normal').special?.grantsTags).toEqual(['tactical']);
    expect(WEAPONS.filter((w) => w.special !== null).length).toBe(3);
  });

  it('hands: only what the text says (bows two-handed, shields one hand); the rest unknown', () => {
    expect(WEAPONS.filter((w) => w.hands === 2).map((w) => w.id)).toEqual(['bow-longbow', 'bow-shortbow']);
    expect(WEAPONS.filter((w) => w.hands === null).length).toBe(WEAPONS.length - 5);
  });

  it('ranges and constants from the text', () => {
    expect(WEAPON_RANGES.find((r) => r.id === 'throw-plus')?.maxThrow).toEqual({ stat: 'STR', of: 'score', times: 2, unit: 'metre' });
    expect(WEAPON_RANGES.find((r) => r.id === 'throw-minus')?.maxThrow).toEqual({ stat: 'STR', of: 'score', times: 2, unit: 'metre' });
    expect(WEAPON_RANGES.find((r) => r.id === 'melee')?.maxThrow).toEqual({ stat: 'STR', of: 'half-stat', times: 1, unit: 'metre' });
    expect(WEAPON_RANGES.find((r) => r.id === 'melee')?.penalties).toEqual([{ when: 'thrown', attackSteps: -1, harmSteps: -1 }]);
    for (const r of WEAPON_RANGES) for (const p of r.penalties) expect(p.attackSteps).toBeLessThan(0);
    expect(DEFENSIVE_DEFENSE_BONUS).toBe(2);
    expect(DEFENSIVE_DEFENSE_BONUS_MAX).toBe(3);
    expect(WEAPON_STR_SHORTFALL_STEPS).toEqual({ attack: -1, harm: -1 });
    expect(TWO_HANDED_REROLL_UP_TO).toBe(1);
    expect(REACH_TOTAL_DEFENSE_STEPS).toBe(1);
  });

  it('a dueling weapon adds DEX, a standard melee weapon STR, a missile weapon nothing', () => {
    expect(byId('sword-rapier').harm).toEqual({ kind: 'wielder-harm-die', statMod: 'DEX' });
    expect(byId('mace').harm).toEqual({ kind: 'wielder-harm-die', statMod: 'STR' });
    expect(byId('sling').harm).toEqual({ kind: 'wielder-harm-die', statMod: null });
    expect(WEAPON_TYPES.map((t) => [t.tableCode, t.attackStatMod])).toEqual([
      ['Melee', 'STR'], ['Dueling', 'DEX'], ['R-Missile', 'DEX'], ['R-Mech', 'DEX'],
    ]);
  });
});
