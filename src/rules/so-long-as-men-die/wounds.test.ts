import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { rollAttack, type AttackSpec } from './attack.js';
import { readCharacter, type SlamdCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import { rollMutilation } from './injury.js';
import { applyAttack } from './wounds.js';
import { assertOk } from '../../../test/narrow.js';

const victim = (): SlamdCharacter => {
  const r = rollCharacter(seededRandom(12), { name: 'Osric', traits: 'pick', 'trait-1': 'healthy', 'trait-2': 'princely' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const spec: AttackSpec = {
  damage: { kind: 'dice', count: 1, sides: 8 }, modifier: 0, defenseDie: 0, defenseBonus: 0, toughnessDice: 2,
  soakPolicy: 'one-at-a-time', exhaustOn: [5, 6], conScore: 10, conModifier: 0, isNonlethal: false,
};

describe('applying an attack to a character (Toughness; Injury; Mutilation)', () => {
  it('soaked: the 5s and 6s rolled are exhausted, nothing else changes', () => {
    const roll = rollAttack(scriptedRandom([7, 5, 2]), spec);
    const r = applyAttack(victim(), roll);
    expect(r.ok && r.value.toughness).toEqual({ dice: 2, exhausted: 1 });
    expect(r.ok && r.value.condition).toBe('standing');
  });

  it('save made: the player chooses; unconscious gives a Flesh Wound', () => {
    const roll = rollAttack(scriptedRandom([8, 6, 1, 1, 3]), spec);
    expect(roll.outcome).toBe('injured-save-made');
    expect(applyAttack(victim(), roll)).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/choice-needed' } });
    const out = applyAttack(victim(), roll, { choice: 'unconscious' });
    expect(out.ok && [out.value.condition, out.value.injuries.map((i) => i.mutilationId)]).toEqual(['unconscious', ['flesh-wound']]);
  });

  it('save failed: unconscious and mutilated; Scarred costs a point of CHA; the document still reads', () => {
    const roll = rollAttack(scriptedRandom([3, 1, 15]), { ...spec, toughnessDice: 1, mutilationFrom: 'past-toughness' });
    expect([roll.outcome, roll.soak.remaining]).toEqual(['injured-save-failed', 2]);
    // The default reads the damage dealt (3): a mutilation rolled for the 2 past Toughness is refused.
    const dealt = rollAttack(scriptedRandom([3, 1, 15]), { ...spec, toughnessDice: 1 });
    expect(applyAttack(victim(), dealt, { mutilation: rollMutilation(scriptedRandom([]), 2) })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/mutilation-mismatch' } });
    const c = victim();
    const r = applyAttack(c, roll, { mutilation: rollMutilation(scriptedRandom([]), 2) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.stats.cha.score).toBe(c.stats.cha.score - 1);
    expect(r.value.injuries.map((i) => i.mutilationId)).toEqual(['flesh-wound', 'scarred']);
    expect(readCharacter(JSON.parse(JSON.stringify(r.value))).ok).toBe(true);
  });

  it('Agony leaves you standing; a severed head or Instant Death kills; the dead take no more', () => {
    const none = { ...spec, toughnessDice: 0 };
    const agony = rollAttack(scriptedRandom([7, 3]), none);
    const a = applyAttack(victim(), agony, { choice: 'mutilated', mutilation: rollMutilation(scriptedRandom([]), 7) });
    expect(a.ok && [a.value.condition, a.value.injuries.map((i) => i.mutilationId)]).toEqual(['standing', ['agony']]);
    const severed = rollAttack(scriptedRandom([6, 11]), none);
    const h = applyAttack(victim(), severed, { mutilation: rollMutilation(scriptedRandom([1]), 6) });
    expect(h.ok && h.value.condition).toBe('dead');
    const arm = applyAttack(victim(), severed, { mutilation: rollMutilation(scriptedRandom([3]), 6) });
    expect(arm.ok && arm.value.condition).toBe('unconscious');
    const instant = rollAttack(scriptedRandom([8, 1, 20]), none);
    const d = applyAttack(victim(), instant, { mutilation: rollMutilation(scriptedRandom([]), 9) });
    assertOk(d);
    expect(d.value.condition).toBe('dead');
    expect(applyAttack(d.value, instant)).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/already-dead' } });
  });

  it('the mutilation must match the damage, and Toughness Dice cannot exceed the fresh ones', () => {
    const roll = rollAttack(scriptedRandom([3, 1, 15]), { ...spec, toughnessDice: 1 });
    expect(applyAttack(victim(), roll, { mutilation: rollMutilation(scriptedRandom([]), 1) })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/mutilation-mismatch' } });
    const tired = { ...victim(), toughness: { dice: 2, exhausted: 2 } };
    expect(applyAttack(tired, rollAttack(scriptedRandom([7, 5, 2]), spec))).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/toughness-exhausted' } });
  });
});

describe('Wounds: "your Score determines how many Wounds it takes to kill you" (Stats, Constitution; SL-24)', () => {
  const none = { ...spec, toughnessDice: 0 };
  it('each lethal injury is one Wound; a soak or a nonlethal blow is none', () => {
    const c = victim();
    const hurt = applyAttack(c, rollAttack(scriptedRandom([3, 1]), none), { choice: 'unconscious' });
    assertOk(hurt);
    expect(hurt.value.woundsLeft).toBe(c.woundsLeft - 1);
    const soaked = applyAttack(c, rollAttack(scriptedRandom([7, 5, 2]), spec));
    assertOk(soaked);
    expect(soaked.value.woundsLeft).toBe(c.woundsLeft);
    const knocked = applyAttack(c, rollAttack(scriptedRandom([3]), { ...none, isNonlethal: true }));
    assertOk(knocked);
    expect([knocked.value.condition, knocked.value.woundsLeft]).toEqual(['unconscious', c.woundsLeft]);
  });

  it('the Wound that leaves none kills, whatever the mutilation', () => {
    const last = { ...victim(), woundsLeft: 1 };
    const r = applyAttack(last, rollAttack(scriptedRandom([1, 20]), none), { mutilation: rollMutilation(scriptedRandom([]), 1) });
    assertOk(r);
    expect([r.value.condition, r.value.woundsLeft]).toEqual(['dead', 0]);
  });

  it('where it struck and how long is left are kept on the injury', () => {
    const maimed = applyAttack(victim(), rollAttack(scriptedRandom([3, 20]), none), { mutilation: rollMutilation(scriptedRandom([5]), 3) });
    assertOk(maimed);
    expect(maimed.value.injuries.at(-1)).toMatchObject({ mutilationId: 'maimed', location: 'leg' });
    const doomed = applyAttack(victim(), rollAttack(scriptedRandom([7, 20]), { ...none, modifier: 1 }), { mutilation: rollMutilation(scriptedRandom([2]), 8) });
    assertOk(doomed);
    expect(doomed.value.injuries.at(-1)).toMatchObject({ mutilationId: 'doomed', countdown: { value: 2, unit: 'rounds' } });
  });
});
