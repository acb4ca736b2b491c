// Damage specs and exact damage odds (Weapons; Critical Hits and Notches; rulings BB-16 .. BB-18).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { expectMeanWithinFourSigma } from '../../../test/monte-carlo.js';
import { EXPLOSION_ODDS_DEPTH, MAX_EXPLOSIONS, damageOdds, damageSpec, dieOdds, rollDamage, type DamageRequest } from './damage.js';
import { BareBonesError } from './errors.js';

const req = (over: Partial<DamageRequest> = {}): DamageRequest => ({
  weight: 'medium', kind: 'other', isTwoHanded: false, notches: 0, isFavoredFoe: false, isDualWield: false, clobberDie: null, smiteDice: 0, ...over,
});

describe('damage', () => {
  it('light d6, medium d8 (2d4 two-handed), heavy d10; notches step down, favoured foes up', () => {
    expect(damageSpec(req({ weight: 'light' })).spec.weapon).toEqual({ count: 1, sides: 6, explodes: false });
    expect(damageSpec(req({ isTwoHanded: true })).spec.weapon).toEqual({ count: 2, sides: 4, explodes: false });
    expect(damageSpec(req({ isTwoHanded: true, isFavoredFoe: true })).spec.weapon).toEqual({ count: 1, sides: 10, explodes: false });
    expect(damageSpec(req({ weight: 'heavy', notches: 2 })).spec.weapon?.sides).toBe(6);
    expect(damageSpec(req({ weight: 'light', notches: 3 })).spec.weapon).toBeNull();
    expect(damageSpec(req({ kind: 'bow', isFavoredFoe: true })).spec.weapon).toEqual({ count: 2, sides: 6, explodes: true });
    expect(damageSpec(req({ kind: 'crossbow' })).spec.isToBlood).toBe(true);
  });

  it('Smite: +1d6, +2d6 against the cult\'s favoured foe', () => {
    const o = damageOdds(damageSpec(req({ weight: 'light', smiteDice: 2 })).spec);
    expect(o.pmf.min).toBe(3);
    expect(o.pmf.p.length).toBe(16);
  });

  it('dual wielding keeps the higher of two weapon totals; Clobber adds after', () => {
    const r = rollDamage(scriptedRandom([2, 7, 3]), damageSpec(req({ isDualWield: true, clobberDie: 4 })).spec);
    expect([r.weaponTotal, r.total]).toEqual([7, 10]);
    expect(r.dice.map((d) => d.isKept)).toEqual([false, true, true]);
  });

  it('an exploding die\'s odds sum to 1 and its mean is s(s+1)/2 / (s-1)', () => {
    const p = dieOdds(4, true);
    expect(p.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const mean = p.p.reduce((a, q, i) => a + q * (p.min + i), 0);
    expect(mean).toBeCloseTo(10 / 3, 9);
    expect(p.p.length).toBe(4 * (EXPLOSION_ODDS_DEPTH + 1));
  });

  it('an explosion past MAX_EXPLOSIONS throws; MAX_EXPLOSIONS explosions do not', () => {
    const spec = damageSpec(req({ kind: 'bow' })).spec;
    const fours = (n: number) => Array.from({ length: n }, () => 4);
    expect(() => rollDamage(scriptedRandom([...fours(MAX_EXPLOSIONS), 1, 1]), spec)).not.toThrow();
    expect(() => rollDamage(scriptedRandom([...fours(MAX_EXPLOSIONS + 1), 1, 1]), spec)).toThrow(BareBonesError);
  });

  it('property: every damage mean agrees with seeded Monte Carlo within 4 sigma', () => {
    fc.assert(
      fc.property(
        fc.record({
          weight: fc.constantFrom('light', 'medium', 'heavy' as const),
          kind: fc.constantFrom('other', 'bow', 'axe' as const),
          isTwoHanded: fc.boolean(),
          notches: fc.integer({ min: 0, max: 2 }),
          isFavoredFoe: fc.boolean(),
          clobberDie: fc.constantFrom(null, 4, 6),
          smiteDice: fc.integer({ min: 0, max: 2 }),
          seed: fc.nat(),
        }),
        ({ seed, ...r }) => {
          const spec = damageSpec(req({ ...r, isDualWield: r.kind !== 'bow' && !r.isTwoHanded })).spec;
          const { pmf } = damageOdds(spec);
          const mean = pmf.p.reduce((a, q, i) => a + q * (pmf.min + i), 0);
          const variance = pmf.p.reduce((a, q, i) => a + q * (pmf.min + i - mean) ** 2, 0);
          const rng = seededRandom(seed);
          const n = 2000;
          let sum = 0;
          for (let t = 0; t < n; t++) sum += rollDamage(rng, spec).total;
          expectMeanWithinFourSigma(sum / n, mean, variance, n, 1e-9);
        },
      ),
      { numRuns: 30 },
    );
  });
});
