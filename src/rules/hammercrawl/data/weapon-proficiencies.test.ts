import { describe, expect, it } from 'vitest';
import { NON_PROFICIENT_STEPS, WEAPON_PROFICIENCIES, WEAPON_SPECIALIZATION_TIERS, WP_INVESTMENTS_PER_WEAPON_PER_LEVEL_UP, WP_LEARN_COST } from './weapon-proficiencies.js';
import { WEAPONS } from './weapons.js';
import { duplicatesOf, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('Weapon Proficiencies (WEAPON PROFICIENCIES)', () => {
  it('data integrity: unique kebab-case ids and refs', () => {
    expect([
      ...duplicatesOf(WEAPON_PROFICIENCIES.map((p) => p.id)),
      ...rulesBroken(WEAPON_PROFICIENCIES, (p) => p.id, (p) => ({ 'kebab-case id': KEBAB.test(p.id), 'ref to HAMMERCRAWL! v4': /HAMMERCRAWL! v4/.test(p.ref) })),
    ]).toEqual([]);
  });

  it('one WP per weapon row, each used by exactly that weapon; only natural WPs have no weapon', () => {
    expect(
      offendersOf(
        WEAPON_PROFICIENCIES,
        (p) => WEAPONS.filter((w) => w.proficiencyId === p.id).length !== (p.kind === 'weapon' ? 1 : 0),
        (p) => `${p.id} (${p.kind}): used by ${WEAPONS.filter((w) => w.proficiencyId === p.id).map((w) => w.id).join(', ') || 'no weapon'}`,
      ),
    ).toEqual([]);
    expect(WEAPON_PROFICIENCIES.filter((p) => p.kind === 'natural').map((p) => p.id)).toEqual(['claws-and-teeth']);
    expect(WEAPON_PROFICIENCIES.find((p) => p.id === 'unarmed')).toMatchObject({ kind: 'weapon', label: 'Unarmed Combat' });
  });

  it('specialization tiers: costs 1/2/3, a natural first tier costs 2, unlocks in the printed order', () => {
    expect(WEAPON_SPECIALIZATION_TIERS).toHaveLength(3);
    expect([...duplicatesOf(WEAPON_SPECIALIZATION_TIERS.map((t) => t.id)), ...offendersOf(WEAPON_SPECIALIZATION_TIERS, (t) => !KEBAB.test(t.id), (t) => `${t.id}: id not kebab-case`)]).toEqual([]);
    expect(WEAPON_SPECIALIZATION_TIERS.map((t) => [t.tier, t.cost, t.naturalCost])).toEqual([
      [1, 1, 2],
      [2, 2, 2],
      [3, 3, 3],
    ]);
    expect(WEAPON_SPECIALIZATION_TIERS.map((t) => t.unlock)).toEqual([
      { kind: 'weapon-special' },
      { kind: 'harm-steps', steps: 1 },
      { kind: 'extra-attacks', attacks: 1 },
    ]);
  });

  it('constants from the text', () => {
    expect(NON_PROFICIENT_STEPS).toEqual({ attack: -1, harm: -1 });
    expect(WP_LEARN_COST).toBe(1);
    expect(WP_INVESTMENTS_PER_WEAPON_PER_LEVEL_UP).toBe(1);
  });
});
