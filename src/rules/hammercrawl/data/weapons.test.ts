import { isDeepStrictEqual } from 'node:util';
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
import { duplicatesOf, missingIds, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ids = (rows: readonly { readonly id: string }[]) => rows.map((r) => r.id);
const byId = (id: string): Weapon => {
  const w = WEAPONS.find((x) => x.id === id);
  if (!w) throw new Error(`no weapon ${id}`);
  return w;
};

describe('the weapons table (WEAPONS & SHIELDS)', () => {
  it('data integrity: unique kebab-case ids in every table', () => {
    const tables = { WEAPONS, WEAPON_TYPES, DAMAGE_TYPES, WEAPON_TAGS, WEAPON_RANGES };
    expect([
      ...Object.entries(tables).flatMap(([table, rows]) => duplicatesOf(ids(rows)).map((d) => `${table}: id ${d}`)),
      ...Object.entries(tables).flatMap(([table, rows]) => offendersOf(ids(rows), (id) => !KEBAB.test(id), (id) => `${table}/${id}: id not kebab-case`)),
    ]).toEqual([]);
  });

  it('every referenced id exists: type, size, damage types, range, tags, WP, Special tags', () => {
    expect([
      ...missingIds(ids(WEAPON_TYPES), WEAPONS.map((w) => [`${w.id} type`, w.type] as const)),
      ...missingIds(ids(GEAR_SIZES), WEAPONS.flatMap((w) => (w.stow !== null ? [[`${w.id} stow`, w.stow] as const] : []))),
      ...missingIds(ids(DAMAGE_TYPES), WEAPONS.flatMap((w) => w.damageTypes.map((d) => [`${w.id} damage type`, d] as const))),
      ...missingIds(ids(WEAPON_RANGES), WEAPONS.flatMap((w) => (w.range !== null ? [[`${w.id} range`, w.range] as const] : []))),
      ...missingIds(ids(WEAPON_TAGS), WEAPONS.flatMap((w) => w.tags.map((t) => [`${w.id} tag`, t] as const))),
      ...missingIds(ids(WEAPON_PROFICIENCIES), WEAPONS.map((w) => [`${w.id} WP`, w.proficiencyId] as const)),
      ...missingIds(ids(WEAPON_TAGS), WEAPONS.flatMap((w) => (w.special?.grantsTags ?? []).map((t) => [`${w.id} Special grants`, t] as const))),
      ...offendersOf(WEAPONS, (w) => !/WEAPONS & SHIELDS/.test(w.ref), (w) => `${w.id}: ref ${w.ref}`),
    ]).toEqual([]);
  });

  it('numbers in range: STR 1-18, reach 0-4, at least one damage type, no prices', () => {
    expect(
      rulesBroken(WEAPONS, (w) => w.id, (w) => ({
        'STR minimum 1 to 18': w.strMin >= 1 && w.strMin <= 18,
        'reach a whole number 0 to 4, or none': w.reach === null || (Number.isInteger(w.reach) && w.reach >= 0 && w.reach <= 4),
        'at least one damage type': w.damageTypes.length > 0,
        'no price (the text gives none)': w.price === null,
      })),
    ).toEqual([]);
  });

  it('each weapon\'s Harm follows its type; only mechanical ranged weapons have their own (unprinted) dice', () => {
    expect([
      ...offendersOf(WEAPONS, (w) => !isDeepStrictEqual(w.harm, WEAPON_TYPES.find((t) => t.id === w.type)?.harm), (w) => `${w.id}: Harm ${JSON.stringify(w.harm)} is not its type's`),
      ...missingIds(STAT_IDS, WEAPON_TYPES.map((t) => [`${t.id} attack stat`, t.attackStatMod] as const)),
      ...missingIds(STAT_IDS, WEAPON_TYPES.flatMap((t) => (t.harm.kind === 'wielder-harm-die' && t.harm.statMod !== null ? [[`${t.id} Harm stat`, t.harm.statMod] as const] : []))),
    ]).toEqual([]);
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
    expect(['dagger-common', 'dagger-dueling', 'dagger-throwing'].map((id) => byId(id).reach)).toEqual([1, 1, 1]);
    expect(byId('sword-short').reach).toBe(2);
    expect(byId('sword-long').reach).toBe(3);
    expect(byId('sword-great').reach).toBe(4);
    expect(byId('unarmed').reach).toBe(0);
  });

  it('shields: the three are Defensive, one-handed, with their Specials; the normal shield\'s makes it Tactical', () => {
    const shields = WEAPONS.filter((w) => w.isShield);
    expect(ids(shields)).toEqual(['shield-buckler', 'shield-normal', 'shield-tower']);
    expect(rulesBroken(shields, (s) => s.id, (s) => ({ Defensive: s.tags.includes('defensive'), 'one hand': s.hands === 1, 'a Special': s.special !== null }))).toEqual([]);
    expect(byId('shield-normal').special?.grantsTags).toEqual(['tactical']);
    expect(WEAPONS.filter((w) => w.special !== null).length).toBe(3);
  });

  it('hands: bows ("most bows") and the great axe and great sword two-handed (EQ-16), shields one hand; the rest unknown', () => {
    expect(WEAPONS.filter((w) => w.hands === 2).map((w) => w.id)).toEqual(['axe-great', 'bow-longbow', 'bow-shortbow', 'sword-great']);
    expect(WEAPONS.filter((w) => w.hands === null).length).toBe(WEAPONS.length - 7);
  });

  it('ranges and constants from the text', () => {
    expect(WEAPON_RANGES.find((r) => r.id === 'throw-plus')?.maxThrow).toEqual({ stat: 'STR', of: 'score', times: 2, unit: 'metre' });
    expect(WEAPON_RANGES.find((r) => r.id === 'throw-minus')?.maxThrow).toEqual({ stat: 'STR', of: 'score', times: 2, unit: 'metre' });
    expect(WEAPON_RANGES.find((r) => r.id === 'melee')?.maxThrow).toEqual({ stat: 'STR', of: 'half-stat', times: 1, unit: 'metre' });
    expect(WEAPON_RANGES.find((r) => r.id === 'melee')?.penalties).toEqual([{ when: 'thrown', attackSteps: -1, harmSteps: -1 }]);
    expect(WEAPON_RANGES.flatMap((r) => r.penalties.filter((p) => p.attackSteps >= 0).map((p) => `${r.id} ${p.when}: ${p.attackSteps} attack steps`))).toEqual([]);
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
