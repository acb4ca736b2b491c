import { describe, expect, it } from 'vitest';
import { expectWithinFourSigma, tally } from '../../../../test/monte-carlo.js';
import { scriptedRandom, seededRandom } from '../../../dice/random.js';
import type { Character } from '../character.js';
import { MAX_DAMAGE_VALUE } from '../damage.js';
import { MAX_DV_DICE } from './damage.js';
import { changeOddsOf, rollChangeOf } from './index.js';
import { applied, expectOddsMatchRoll, refused, tamsin } from '../../../../test/hammercrawl-play.js';

/** Tamsin with a Health Die, an Armour Die (and its base) and a CON score of her own. */
function defender(health: string | null, armour: string | null, con = 12, base = health ?? 'd8'): Character {
  const c = tamsin();
  const conMod = con >= 13 ? 1 : 0;
  return {
    ...c,
    healthDie: health as Character['healthDie'],
    baseHealthDie: base as Character['baseHealthDie'],
    armourDie: armour as Character['armourDie'],
    baseArmourDie: armour as Character['baseArmourDie'],
    stats: { ...c.stats, CON: { score: con, half: Math.ceil(con / 2), mod: conMod } },
  };
}

describe('damage: the soak flow of DAMAGE on the document', () => {
  it("the rules' worked example: d4 Health Die, CON +1, DV 7 -> d3 and a soak roll against DV 3 (Overwhelming Damage)", () => {
    const c = defender('d4', null, 13);
    const odds = changeOddsOf(c, { change: 'damage', params: { dv: 7 } });
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.outcomes.map((o) => [o.outcome, o.label])).toEqual([
      ['health-d3', 'Health d3'],
      ['down', 'Down'],
    ]);
    expect(odds.value.outcomes[0]!.p).toBeCloseTo(1 / 3, 12);
    const kept = applied(c, 'damage', { dv: 7, source: 'Ogre club' }, scriptedRandom([3]));
    expect(kept.character.healthDie).toBe('d3');
    expect(kept.summary).toBe('Ogre club: DV 7, Health d4 -> d3');
    expect(kept.dice).toEqual([{ sides: 3, face: 3, isKept: true, role: 'soak: Health Die' }]);
    const down = applied(c, 'damage', { dv: 7 }, scriptedRandom([2]));
    expect(down.character.healthDie).toBeNull();
    expect(down.outcome).toBe('down');
    expect(down.explanation.at(-1)).toMatch(/down, unconscious and dying/);
  });

  it('DV 8 on the same d4 is Overwhelming twice: down with no roll', () => {
    const r = applied(defender('d4', null, 13), 'damage', { dv: 8 }, scriptedRandom([]));
    expect(r.character.healthDie).toBeNull();
    expect(r.dice).toEqual([]);
  });

  it('armour soaks first (Soaking Damage with Armour): a failed roll costs the Armour Die a step, never the Health Die (H-4)', () => {
    const r = applied(defender('d8', 'd6'), 'damage', { dv: 4 }, scriptedRandom([2]));
    expect(r.character).toMatchObject({ armourDie: 'd5', healthDie: 'd8' });
    expect(r.outcome).toBe('health-d8-armour-d5');
    const held = applied(defender('d8', 'd6'), 'damage', { dv: 4 }, scriptedRandom([5]));
    expect(held.summary).toBe('Damage: DV 4, soaked, no step lost');
  });

  it('destroyed armour spills the rest of an Overwhelming DV to the Health Die; the base stays for a repair (PL-3)', () => {
    const r = applied(defender('d8', 'd3'), 'damage', { dv: 12 }, scriptedRandom([7]));
    // d3 takes 3 (DV 9, destroyed), the d8 is overwhelmed (DV 1), then a soak roll of the d7.
    expect(r.character.armourDie).toBeNull();
    expect(r.character.baseArmourDie).toBe('d3');
    expect(r.character.healthDie).toBe('d7');
    expect(r.outcome).toBe('health-d7-armour-destroyed');
  });

  it('Penetrating bypasses armour; magickal armour stops a mundane Penetrating source (H-8)', () => {
    expect(applied(defender('d8', 'd6'), 'damage', { dv: 8, penetrating: true }).character).toMatchObject({ armourDie: 'd6', healthDie: 'd7' });
    expect(applied(defender('d8', 'd6'), 'damage', { dv: 6, penetrating: true, 'magickal-armour': true }).character).toMatchObject({ armourDie: 'd5', healthDie: 'd8' });
  });

  it('partial armour rolls a d10 first: 1-3 an unprotected spot (H-9)', () => {
    const open = applied(defender('d8', 'd6'), 'damage', { dv: 8, 'partial-armour': true }, scriptedRandom([3]));
    expect(open.character).toMatchObject({ armourDie: 'd6', healthDie: 'd7' });
    expect(open.dice[0]).toEqual({ sides: 10, face: 3, isKept: true, role: 'partial armour' });
    const covered = applied(defender('d8', 'd6'), 'damage', { dv: 6, 'partial-armour': true }, scriptedRandom([4]));
    expect(covered.character.armourDie).toBe('d5');
  });

  it('a Crit takes a free step first, from the die the defender picks (H-7)', () => {
    expect(applied(defender('d8', 'd6'), 'damage', { dv: 0, crit: true }).character).toMatchObject({ armourDie: 'd5', healthDie: 'd8' });
    expect(applied(defender('d8', 'd6'), 'damage', { dv: 0, crit: true, 'crit-to': 'health' }).character).toMatchObject({ armourDie: 'd6', healthDie: 'd7' });
  });

  it('con-on-armour (the table setting, H-1) adds the CON mod to Armour Die soaks', () => {
    const c = defender('d8', 'd6', 13);
    expect(applied(c, 'damage', { dv: 6 }).character.armourDie).toBe('d5');
    const odds = changeOddsOf(c, { change: 'damage', params: { dv: 6, 'con-on-armour': true } });
    // d6 + 1 reaches 7 > 6: not Overwhelming; the roll resists on a 6 only.
    expect(odds.ok && odds.value.outcomes.map((o) => [o.outcome, o.p])).toEqual([
      ['health-d8-armour-d6', 1 / 6],
      ['health-d8-armour-d5', 5 / 6],
    ]);
  });

  it('a rolled DV: its dice are thrown first, and the odds mix over the DV', () => {
    const r = applied(defender('d8', null), 'damage', { dv: 2, 'dv-die': 6, 'dv-dice': 2, source: 'Fall' }, scriptedRandom([1, 1, 5]));
    expect(r.dice).toEqual([
      { sides: 6, face: 1, isKept: true, role: 'DV' },
      { sides: 6, face: 1, isKept: true, role: 'DV' },
      { sides: 8, face: 5, isKept: true, role: 'soak: Health Die' },
    ]);
    expect(r.summary).toBe('Fall: DV 2d6+2 = 4, soaked, no step lost');
    const odds = changeOddsOf(defender('d8', null), { change: 'damage', params: { dv: 0, 'dv-die': 4 } });
    expect(odds.ok && odds.value.values?.map((v) => v.value)).toEqual([0, 1]);
  });

  it('refuses a character already down (H-10), and a DV off its range, leaving the document as it was', () => {
    expect(refused(defender(null, null, 12, 'd8'), 'damage', { dv: 3 }).code).toBe('damage/defender-down');
    expect(refused(tamsin(), 'damage', { dv: MAX_DAMAGE_VALUE + 1 })).toMatchObject({ code: 'param/out-of-range', path: '$.dv' });
    expect(refused(tamsin(), 'damage', { dv: -1 })).toMatchObject({ path: '$.dv' });
    expect(refused(tamsin(), 'damage', {})).toMatchObject({ code: 'param/missing', path: '$.dv' });
    expect(refused(tamsin(), 'damage', { dv: 1, 'dv-die': 9 })).toMatchObject({ code: 'param/not-a-die', path: '$.dv-die' });
  });

  it(`DV dice: ${MAX_DV_DICE} are taken, ${MAX_DV_DICE + 1} refused; a DV at ${MAX_DAMAGE_VALUE} is taken`, () => {
    expect(rollChangeOf(seededRandom(1), tamsin(), { change: 'damage', params: { dv: 0, 'dv-die': 6, 'dv-dice': MAX_DV_DICE } }).ok).toBe(true);
    expect(refused(tamsin(), 'damage', { dv: 0, 'dv-die': 6, 'dv-dice': MAX_DV_DICE + 1 })).toMatchObject({ path: '$.dv-dice' });
    expect(applied(tamsin(), 'damage', { dv: MAX_DAMAGE_VALUE }).character.healthDie).toBeNull();
  });
});

describe('damage: the odds are the roll (one definition)', () => {
  const cases: [string, Character, Record<string, number | boolean | string>][] = [
    ['worked example', defender('d4', null, 13), { dv: 7 }],
    ['armour and health', defender('d8', 'd6'), { dv: 5 }],
    ['partial armour, rolled DV', defender('d6', 'd4'), { dv: 1, 'dv-die': 6, 'partial-armour': true }],
    ['spill-over', defender('d5', 'd3', 13), { dv: 3, 'dv-die': 8 }],
    ['crit to armour, con on armour', defender('d6', 'd5', 13), { dv: 4, crit: true, 'con-on-armour': true }],
    ['penetrating, two DV dice', defender('d10', 'd8'), { dv: 0, 'dv-die': 4, 'dv-dice': 2, penetrating: true }],
  ];
  it.each(cases)('%s: exact odds against every face path', (_name, c, params) => {
    expectOddsMatchRoll(c, { change: 'damage', params });
  });

  it('seeded rolls land within 4 sigma of the odds (d20 Armour, 3d8 DV)', () => {
    const c = defender('d12', 'd20', 13);
    const request = { change: 'damage', params: { dv: 1, 'dv-die': 8, 'dv-dice': 3, 'partial-armour': true } };
    const odds = changeOddsOf(c, request);
    if (!odds.ok) throw new Error(odds.error.message);
    const rng = seededRandom(99);
    const n = 20_000;
    const counts = tally(n, () => {
      const r = rollChangeOf(rng, c, request);
      return r.ok ? r.value.outcome! : 'refused';
    });
    for (const [outcome, hits] of counts) {
      const p = odds.value.outcomes.find((o) => o.outcome === outcome)?.p ?? 0;
      expect(p, outcome).toBeGreaterThan(0);
      expectWithinFourSigma(hits, n, p, 0, outcome);
    }
  });
});
