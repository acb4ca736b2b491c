import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../dice/random.js';
import { competitionOdds, prepareCompetition } from '../checks.js';
import { statMod } from '../check-modifiers.js';
import {
  MAX_CONTEST_SIDES,
  initiativeContestOdds,
  interruptOdds,
  rollInitiativeContest,
  rollInterrupt,
  rollSurpriseTest,
  surpriseRecoveryOdds,
  type ContestEntrant,
} from './contest.js';

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('Initiative Contest (COMBAT, Order of Actions)', () => {
  it('the higher d20 + INT mod wins', () => {
    const r = value(rollInitiativeContest(scriptedRandom([12, 10]), [
      { id: 'ana', side: 'party', intScore: 13 },
      { id: 'orc', side: 'foes', intScore: 16 },
    ]));
    // ana 12 + 1 = 13 against orc 10 + 2 = 12
    expect(r.rounds[0]!.rolls.map((x) => x.total)).toEqual([13, 12]);
    expect(r.winner).toEqual({ id: 'ana', side: 'party' });
  });

  it('re-rolls only the leaders tied for the top', () => {
    const r = value(rollInitiativeContest(scriptedRandom([15, 15, 3, 4, 9]), [
      { id: 'a', side: 'x', intScore: 10 },
      { id: 'b', side: 'y', intScore: 10 },
      { id: 'c', side: 'z', intScore: 10 },
    ]));
    expect(r.rounds).toHaveLength(2);
    expect(r.rounds[1]!.rolls.map((x) => x.id)).toEqual(['a', 'b']);
    expect(r.winner).toEqual({ id: 'b', side: 'y' });
  });

  it('refuses one side, two leaders of a side, and more than MAX_CONTEST_SIDES sides', () => {
    expect(rollInitiativeContest(scriptedRandom([]), [{ id: 'a', side: 'x', intScore: 10 }]).ok).toBe(false);
    const twice = rollInitiativeContest(scriptedRandom([]), [
      { id: 'a', side: 'x', intScore: 10 },
      { id: 'b', side: 'x', intScore: 10 },
    ]);
    expect(!twice.ok && twice.error.code).toBe('initiative/one-leader-per-side');
    const many = (n: number): ContestEntrant[] => Array.from({ length: n }, (_, i) => ({ id: `l${i}`, side: `s${i}`, intScore: 10 }));
    expect(initiativeContestOdds(many(MAX_CONTEST_SIDES)).ok).toBe(true);
    const past = initiativeContestOdds(many(MAX_CONTEST_SIDES + 1));
    expect(!past.ok && past.error.code).toBe('initiative/too-many-sides');
    const off = rollInitiativeContest(scriptedRandom([]), [
      { id: 'a', side: 'x', intScore: 21 },
      { id: 'b', side: 'y', intScore: 10 },
    ]);
    expect(!off.ok && off.error.code).toBe('initiative/stat-off-table');
  });

  it('two leaders: exact odds equal a Competition re-rolling ties', () => {
    for (const [a, b] of [
      [10, 10],
      [3, 18],
      [13, 16],
    ] as const) {
      const o = value(initiativeContestOdds([
        { id: 'a', side: 'x', intScore: a },
        { id: 'b', side: 'y', intScore: b },
      ]));
      const mod = (n: number) => (n === 0 ? [] : [{ amount: n, origin: { kind: 'smith' as const, label: 'INT' } }]);
      const c = competitionOdds(prepareCompetition({ first: { mods: mod(statMod(a)) }, second: { mods: mod(statMod(b)) }, ties: 'reroll' }));
      expect(o.wins[0]!.p).toBeCloseTo(c.first, 12);
      expect(o.wins[1]!.p).toBeCloseTo(c.second, 12);
      expect(o.firstRoundTie).toBeCloseTo(c.tie, 12);
    }
  });

  it('three leaders: exact odds sum to 1 and hold against seeded Monte Carlo within 4 sigma', () => {
    const entrants: ContestEntrant[] = [
      { id: 'a', side: 'x', intScore: 7 },
      { id: 'b', side: 'y', intScore: 11 },
      { id: 'c', side: 'z', intScore: 17 },
    ];
    const o = value(initiativeContestOdds(entrants));
    expect(o.wins.reduce((s, w) => s + w.p, 0)).toBeCloseTo(1, 12);
    const rng = seededRandom(2024);
    const n = 30_000;
    const wins = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const w = value(rollInitiativeContest(rng, entrants)).winner!.id;
      wins.set(w, (wins.get(w) ?? 0) + 1);
    }
    for (const w of o.wins) {
      const sigma = Math.sqrt((w.p * (1 - w.p)) / n);
      expect(Math.abs((wins.get(w.id) ?? 0) / n - w.p)).toBeLessThanOrEqual(4 * sigma);
    }
  });

  it('three equal leaders: each wins a third; brute force of the first round agrees on the tie chance', () => {
    const o = value(initiativeContestOdds([
      { id: 'a', side: 'x', intScore: 10 },
      { id: 'b', side: 'y', intScore: 10 },
      { id: 'c', side: 'z', intScore: 10 },
    ]));
    for (const w of o.wins) expect(w.p).toBeCloseTo(1 / 3, 12);
    let ties = 0;
    for (let x = 1; x <= 20; x++) for (let y = 1; y <= 20; y++) for (let z = 1; z <= 20; z++) {
      const top = Math.max(x, y, z);
      if ([x, y, z].filter((v) => v === top).length > 1) ties += 1;
    }
    expect(o.firstRoundTie).toBeCloseTo(ties / 8000, 12);
  });
});

describe('interrupts and surprise', () => {
  it('an interrupt tie goes to the target already acting; by setting it is re-rolled', () => {
    const spec = { stat: 'DEX' as const, interrupter: { id: 'gob', score: 10 }, target: { id: 'ana', score: 10 } };
    expect(value(rollInterrupt(scriptedRandom([9, 9]), { ...spec, ties: 'target' })).winner).toBe('ana');
    const r = value(rollInterrupt(scriptedRandom([9, 9, 12, 4]), { ...spec, ties: 'reroll' }));
    expect(r.winner).toBe('gob');
    expect(r.rounds).toHaveLength(2);
  });

  it('interrupt odds against brute-force enumeration', () => {
    for (const [a, b, ties] of [
      [10, 10, 'target'],
      [16, 8, 'target'],
      [5, 14, 'reroll'],
    ] as const) {
      const o = value(interruptOdds({ stat: 'INT', interrupter: { id: 'i', score: a }, target: { id: 't', score: b }, ties }));
      let win = 0;
      let tie = 0;
      for (let x = 1; x <= 20; x++) for (let y = 1; y <= 20; y++) {
        const ta = x + statMod(a);
        const tb = y + statMod(b);
        if (ta > tb) win += 1;
        else if (ta === tb) tie += 1;
      }
      const expected = ties === 'target' ? win / 400 : win / (400 - tie);
      expect(o.interrupterFirst).toBeCloseTo(expected, 12);
      expect(o.tie).toBeCloseTo(tie / 400, 12);
    }
  });

  it('surprise: an INT Test at or under the score; INT 20 cannot fail and is not rolled', () => {
    expect(value(rollSurpriseTest(scriptedRandom([11]), 'orc', 11)).recovers).toBe(true);
    expect(value(rollSurpriseTest(scriptedRandom([12]), 'orc', 11)).recovers).toBe(false);
    const sure = value(rollSurpriseTest(scriptedRandom([]), 'sage', 20));
    expect(sure).toEqual({ id: 'sage', natural: null, target: 20, recovers: true });
    expect(value(surpriseRecoveryOdds(9))).toBeCloseTo(9 / 20, 12);
  });
});

describe('simultaneous action (SIMULTANEOUS ACTION)', () => {
  it("resolves from the Smith or the Smith's left, going left", async () => {
    const { simultaneousOrder } = await import('./simultaneous.js');
    const seating = { players: ['pam', 'lee'], controller: { ana: 'pam', bo: 'lee', cy: 'pam' } };
    expect(value(simultaneousOrder(['orc', 'bo', 'cy', 'ana', 'gob'], seating, 'smith'))).toEqual(['orc', 'gob', 'cy', 'ana', 'bo']);
    expect(value(simultaneousOrder(['orc', 'bo', 'ana'], seating, 'left'))).toEqual(['ana', 'bo', 'orc']);
    const bad = simultaneousOrder(['zed'], { players: [], controller: { zed: 'kim' } }, 'left');
    expect(!bad.ok && bad.error.code).toBe('initiative/unknown-player');
  });
});
