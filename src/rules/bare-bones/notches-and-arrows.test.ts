// Armour notches and arrows (Critical Hits and Notches; Missiles; ruling BB-21).
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import { armourClassOf, type BareBonesCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import { notchArmour, recoverArrows, repairArmour, shootArrow } from './notches-and-arrows.js';

describe('notches and arrows', () => {
  it('each notch takes 1 AC, never below 8; repair clears them', () => {
    const r = rollCharacter(seededRandom(2), { race: 'human' });
    if (!r.ok) throw new Error(r.error.message);
    let c: BareBonesCharacter = { ...r.value, armour: 'medium', hasShield: true };
    expect(armourClassOf(c)).toBe(13);
    for (let i = 0; i < 5; i++) c = notchArmour(c).character;
    expect([armourClassOf(c), c.armourNotches]).toEqual([8, 5]);
    expect(notchArmour(c).isNotched).toBe(false);
    expect(armourClassOf(repairArmour(c))).toBe(13);
    const halfling = { ...c, race: 'halfling' as const, house: null };
    expect(armourClassOf(halfling)).toBe(11);
  });

  it('hits lose arrows, misses come back after the fight', () => {
    let a = { quiver: 24, recoverable: 0 };
    for (const hit of [true, false, false, true]) {
      const r = shootArrow(a, hit);
      if (!r.ok) throw new Error(r.error.message);
      a = r.value;
    }
    expect(a).toEqual({ quiver: 20, recoverable: 2 });
    expect(recoverArrows(a)).toEqual({ quiver: 22, recoverable: 0 });
    expect(shootArrow({ quiver: 0, recoverable: 3 }, true)).toMatchObject({ ok: false, error: { code: 'bare-bones/no-arrows' } });
  });
});
