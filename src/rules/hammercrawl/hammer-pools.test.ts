/**
 * Hammer pools: building (check, node, free), scenario rolls with scripted dice, cancellation, XP,
 * effect choices, exact odds against brute-force enumeration (BigInt, through the real resolver) and
 * seeded Monte Carlo (4 sigma), properties (fast-check) and limits.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isDiceError } from '../../dice/errors.js';
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/random.js';
import { HAMMER_COLOURS, HAMMER_DICE, HAMMER_SYMBOLS, hammerDice, type HammerColour, type HammerSymbol } from './hammer-dice.js';
import {
  CHECK_EFFECTS,
  DEFAULT_HAMMER_SETTINGS,
  HammerPoolError,
  MAX_HAMMER_POOL_DICE,
  MAX_JOINT_STATES,
  MAX_VANTAGE_COUNT,
  NODE_EFFECTS,
  checkPool,
  hammerPool,
  hammerPoolOdds,
  jointSymbolDistribution,
  nodePool,
  parseHammerColours,
  resolveHammerFaces,
  rollHammerPool,
  symbolCountDistribution,
  type HammerPool,
  type HammerPoolRoll,
  type HammerSettings,
  type HammerPoolErrorCode,
} from './hammer-pools.js';
import { chanceOf, enumeratePaths, meanOf, ratio, totalsBy, type Enumeration } from '../../../test/enumerate.js';
import { expectMeanWithinFourSigma, expectWithinFourSigma } from '../../../test/monte-carlo.js';

function colours(pool: HammerPool): HammerColour[] {
  return pool.dice.map((d) => d.colour);
}

function expectHammerError(fn: () => unknown, code: HammerPoolErrorCode, message?: RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HammerPoolError);
    expect((e as HammerPoolError).code).toBe(code);
    if (message) expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected HammerPoolError ${code}`);
}

// ---- building pools ---------------------------------------------------------------------

describe('checkPool (WHEN, WHAT, AND HOW MANY TO ROLL)', () => {
  test.each([
    [1, 'white'],
    [4, 'white'],
    [5, 'blue'],
    [8, 'blue'],
    [9, 'yellow'],
    [10, 'yellow'],
  ] as const)('a Feat at level %i adds one %s die', (level, colour) => {
    const pool = checkPool({ level, isFeat: true });
    expect(pool).toEqual({ context: 'check', dice: [{ colour, source: 'feat', reason: `Feat at level ${level} -> ${colour}` }] });
  });

  test.each([
    [1, 'white'],
    [2, 'blue'],
    [3, 'yellow'],
    [7, 'yellow'],
    [MAX_VANTAGE_COUNT, 'yellow'],
  ] as const)('%i advantages add one %s die', (n, colour) => {
    expect(colours(checkPool({ advantages: n }))).toEqual([colour]);
  });

  test.each([
    [1, 'black'],
    [2, 'purple'],
    [5, 'purple'],
  ] as const)('%i disadvantages add one %s die', (n, colour) => {
    expect(colours(checkPool({ disadvantages: n }))).toEqual([colour]);
  });

  test('advantages and disadvantages no longer cancel: both dice are rolled', () => {
    expect(colours(checkPool({ advantages: 2, disadvantages: 2 }))).toEqual(['blue', 'purple']);
  });

  test('a Feat and advantages are separate dice; stance dice; order Feat, advantage, disadvantage, stance', () => {
    const pool = checkPool({ level: 5, isFeat: true, advantages: ['flanking', 'high ground'], disadvantages: 1, stance: 'reckless' });
    expect(colours(pool)).toEqual(['blue', 'blue', 'black', 'red']);
    expect(pool.dice.map((d) => d.reason)).toEqual([
      'Feat at level 5 -> blue',
      '2 advantages (flanking, high ground) -> blue',
      '1 disadvantage -> black',
      'throwing caution to the wind -> red',
    ]);
    expect(colours(checkPool({ stance: 'cautious' }))).toEqual(['green']);
  });

  test('nothing applies: an empty pool (no hammer die)', () => {
    expect(checkPool({})).toEqual({ context: 'check', dice: [] });
    expect(checkPool({ level: 3, isFeat: false, advantages: 0, disadvantages: [], stance: 'none' }).dice).toEqual([]);
  });

  test('bad input is a typed error that says how to fix it', () => {
    expectHammerError(() => checkPool({ isFeat: true }), 'hammer/feat-needs-level', /level/);
    expectHammerError(() => checkPool({ isFeat: true, level: 0 }), 'hammer/bad-level', /1 to 10/);
    expectHammerError(() => checkPool({ isFeat: true, level: 11 }), 'hammer/bad-level');
    expectHammerError(() => checkPool({ level: 2.5 }), 'hammer/bad-level');
    expectHammerError(() => checkPool({ advantages: -1 }), 'hammer/bad-count', /0 to 99/);
    expectHammerError(() => checkPool({ advantages: MAX_VANTAGE_COUNT + 1 }), 'hammer/bad-count');
    expectHammerError(() => checkPool({ disadvantages: Array<string>(MAX_VANTAGE_COUNT + 1).fill('x') }), 'hammer/bad-count');
    expectHammerError(() => checkPool({ stance: 'sneaky' as 'none' }), 'hammer/bad-stance');
  });
});

describe("nodePool (the Smith's node pool)", () => {
  test('difficulty purple dice and one blue reward die', () => {
    const pool = nodePool({ difficulty: 3 });
    expect(pool.context).toBe('node');
    expect(colours(pool)).toEqual(['purple', 'purple', 'purple', 'blue']);
    expect(pool.dice.map((d) => d.source)).toEqual(['difficulty', 'difficulty', 'difficulty', 'reward']);
    expect(colours(nodePool({ difficulty: 0 }))).toEqual(['blue']);
  });

  test('comets and chaos stars add dice to all following pools; skulls add black dice to the next', () => {
    const pool = nodePool({ difficulty: 1, comets: 2, chaosStars: 1, skulls: 2 });
    expect(colours(pool)).toEqual(['purple', 'blue', 'blue', 'blue', 'purple', 'black', 'black']);
    expect(pool.dice.map((d) => d.source)).toEqual(['difficulty', 'reward', 'comet', 'comet', 'chaos-star', 'skull', 'skull']);
  });

  test(`limits: at most ${MAX_HAMMER_POOL_DICE} dice`, () => {
    expect(nodePool({ difficulty: MAX_HAMMER_POOL_DICE - 1 }).dice).toHaveLength(MAX_HAMMER_POOL_DICE);
    expectHammerError(() => nodePool({ difficulty: MAX_HAMMER_POOL_DICE }), 'hammer/too-many-dice');
    expectHammerError(() => nodePool({ difficulty: 50, skulls: 50 }), 'hammer/too-many-dice');
    expectHammerError(() => nodePool({ difficulty: -1 }), 'hammer/bad-count');
    expectHammerError(() => nodePool({ difficulty: 1, comets: 0.5 }), 'hammer/bad-count');
  });
});

describe('free pools and colour names', () => {
  test('parseHammerColours reads names in any case, with spaces', () => {
    expect(parseHammerColours(' White, BLUE ,purple')).toEqual({ ok: true, colours: ['white', 'blue', 'purple'] });
    expect(parseHammerColours(['red'])).toEqual({ ok: true, colours: ['red'] });
    expect(parseHammerColours('')).toEqual({ ok: true, colours: [] });
  });

  test('an unknown colour names the valid ones', () => {
    const r = parseHammerColours('white,orange');
    expect(r).toEqual({ ok: false, code: 'hammer/unknown-colour', message: "'orange' is not a hammer die; the colours are black, blue, green, purple, red, white, yellow" });
    expectHammerError(() => hammerPool(['orange' as HammerColour]), 'hammer/unknown-colour', /black, blue, green/);
  });

  test(`limits: ${MAX_HAMMER_POOL_DICE} dice, not one more`, () => {
    const list = Array<string>(MAX_HAMMER_POOL_DICE).fill('white');
    expect(parseHammerColours(list).ok).toBe(true);
    expect(parseHammerColours([...list, 'white'])).toMatchObject({ ok: false, code: 'hammer/too-many-dice' });
    expect(hammerPool(Array<HammerColour>(MAX_HAMMER_POOL_DICE).fill('red')).dice).toHaveLength(MAX_HAMMER_POOL_DICE);
    expectHammerError(() => hammerPool(Array<HammerColour>(MAX_HAMMER_POOL_DICE + 1).fill('red')), 'hammer/too-many-dice');
  });

  test('a free pool is a check pool unless said otherwise', () => {
    expect(hammerPool(['white']).context).toBe('check');
    expect(hammerPool(['white'], 'node').context).toBe('node');
  });
});

// ---- rolling: scenarios -----------------------------------------------------------------

describe('rolling: scenarios with scripted dice', () => {
  test('each die is thrown with its own number of sides, in pool order', () => {
    const asked: number[] = [];
    const rng: RandomSource = {
      rollDie(s) {
        asked.push(s);
        return 1;
      },
    };
    rollHammerPool(rng, hammerPool([...HAMMER_COLOURS]));
    expect(asked).toEqual([6, 8, 10, 8, 10, 6, 6]);
    // A d6 cannot show 7: the script says so.
    expect(() => rollHammerPool(scriptedRandom([7]), hammerPool(['white']))).toThrow(/cannot come up on a d6/);
    try {
      rollHammerPool(scriptedRandom([1]), hammerPool(['white', 'black']));
    } catch (e) {
      expect(isDiceError(e) && e.code).toBe('random/script-exhausted');
    }
  });

  test('a hammer and a crossblades cancel, and the character still gains 1 XP', () => {
    // white face 4 = hammer, black face 6 = crossblades
    const roll = rollHammerPool(scriptedRandom([4, 6]), checkPool({ advantages: 1, disadvantages: 1 }));
    expect(roll.dice.map((d) => [d.colour, d.faceLabel])).toEqual([
      ['white', 'hammer'],
      ['black', 'crossblades'],
    ]);
    expect(roll.shown).toMatchObject({ hammer: 1, crossblades: 1 });
    expect(roll.cancelledPairs).toBe(1);
    expect(roll.netHammers).toBe(0);
    expect(roll.remaining).toMatchObject({ hammer: 0, crossblades: 0 });
    expect(roll.xp).toBe(1);
    expect(roll.gainsXp).toBe(true);
    expect(roll.effects).toEqual([]);
  });

  test("XP when both show: 'one' by default, 'two' as a setting (ruling H-9)", () => {
    const pool = hammerPool(['white', 'black']);
    expect(resolveHammerFaces(pool, [4, 6], { settings: { xpWhenBoth: 'two' } }).xp).toBe(2);
    expect(resolveHammerFaces(pool, [4, 1], { settings: { xpWhenBoth: 'two' } }).xp).toBe(1);
    expect(resolveHammerFaces(pool, [1, 1], { settings: { xpWhenBoth: 'two' } }).xp).toBe(0);
  });

  test('no hammer and no crossblades: no XP, and the other symbols keep their effects', () => {
    // white face 6 = falcon, black face 4 = skull
    const roll = resolveHammerFaces(hammerPool(['white', 'black']), [6, 4]);
    expect(roll.xp).toBe(0);
    expect(roll.gainsXp).toBe(false);
    expect(roll.effects.map((e) => [e.symbol, e.count, e.chooser])).toEqual([
      ['falcon', 1, 'player'],
      ['skull', 1, 'smith'],
    ]);
    expect(roll.effects[0]!.choices.map((c) => c.id)).toEqual(['trigger-specialization', 'make-it-neat', 'pay-it-forward', 'pay-it-back']);
  });

  test('a level 9 Feat, two disadvantages, reckless: hammer+ counts as a hammer unless set aside', () => {
    const pool = checkPool({ level: 9, isFeat: true, disadvantages: 2, stance: 'reckless' });
    expect(colours(pool)).toEqual(['yellow', 'purple', 'red']);
    // yellow 5 = hammer+, purple 5 = crossblades + crossblades, red 5 = hammer + hammer
    const roll = rollHammerPool(scriptedRandom([5, 5, 5]), pool);
    expect(roll.shown).toMatchObject({ hammer: 2, 'hammer-plus': 1, crossblades: 2 });
    expect(roll.hammersCounted).toBe(3);
    expect(roll.cancelledPairs).toBe(2);
    expect(roll.netHammers).toBe(1);
    expect(roll.remaining).toMatchObject({ hammer: 1, 'hammer-plus': 0, crossblades: 0 });
    expect(roll.effects.map((e) => [e.symbol, e.count])).toEqual([
      ['hammer', 1],
      ['hammer-plus', 1],
    ]);
    expect(roll.effects[0]!.choices.map((c) => c.id)).toEqual(['make-it-happen', 'make-it-big', 'hammer-as-falcon']);
    expect(roll.banked).toEqual([]);

    const aside = resolveHammerFaces(pool, [5, 5, 5], { hammerPlus: 'set-aside' });
    expect(aside.hammersCounted).toBe(2);
    expect(aside.netHammers).toBe(0);
    expect(aside.dice.map((d) => d.isSetAside)).toEqual([true, false, false]);
    expect(aside.banked).toEqual([{ kind: 'three-advantages', die: 0, ref: CHECK_EFFECTS['hammer-plus'].ref }]);
    expect(aside.xp).toBe(1);
  });

  test('a Hammer+ set aside leaves the results: alone, it gives no XP (ruling H-4)', () => {
    const pool = hammerPool(['yellow']);
    expect(resolveHammerFaces(pool, [5]).xp).toBe(1);
    expect(resolveHammerFaces(pool, [5], { hammerPlus: 'set-aside' }).xp).toBe(0);
    expect(resolveHammerFaces(pool, [5], { hammerPlus: 1 }).netHammers).toBe(0);
  });

  test('setting aside some of several Hammer+: the first ones are set aside', () => {
    const pool = hammerPool(['yellow', 'white', 'yellow']);
    const roll = resolveHammerFaces(pool, [5, 1, 5], { hammerPlus: 1 });
    expect(roll.dice.map((d) => d.isSetAside)).toEqual([true, false, false]);
    expect(roll.netHammers).toBe(1);
    expectHammerError(() => resolveHammerFaces(pool, [5, 1, 4], { hammerPlus: 2 }), 'hammer/set-aside-unavailable', /1 showed/);
    expectHammerError(() => resolveHammerFaces(pool, [5, 1, 5], { hammerPlus: -1 }), 'hammer/set-aside-unavailable');
  });

  test('net crossblades remain for the Smith; a comet and a chaos star keep their effects', () => {
    // purple 6 = crossblades + crossblades, white 4 = hammer, yellow 6 = twin comet
    const roll = resolveHammerFaces(hammerPool(['purple', 'white', 'yellow']), [6, 4, 6]);
    expect(roll.netHammers).toBe(-1);
    expect(roll.remaining).toMatchObject({ hammer: 0, crossblades: 1, comet: 1 });
    expect(roll.effects.map((e) => [e.symbol, e.count, e.chooser])).toEqual([
      ['comet', 1, 'player'],
      ['crossblades', 1, 'smith'],
    ]);
    expect(roll.effects[1]!.per).toBe('each net crossblades');
    // purple 8 = chaos star
    const star = resolveHammerFaces(hammerPool(['purple', 'purple']), [8, 8]);
    expect(star.effects).toEqual([{ ...CHECK_EFFECTS['chaos-star'], count: 2 }]);
    expect(star.xp).toBe(0);
  });

  test('green shows hourglasses (Smith) and red teardrops (automatic); the other setting swaps them', () => {
    // green face 8 = hammer + hourglass; red face 7 = hammer + teardrop
    const pool = hammerPool(['green', 'red']);
    const faceList = resolveHammerFaces(pool, [8, 7]);
    expect(faceList.dice.map((d) => d.faceLabel)).toEqual(['hammer + hourglass', 'hammer + teardrop']);
    expect(faceList.effects.map((e) => [e.symbol, e.count, e.chooser])).toEqual([
      ['hammer', 2, 'player'],
      ['hourglass', 1, 'smith'],
      ['teardrop', 1, 'automatic'],
    ]);
    const sections = resolveHammerFaces(pool, [8, 8], { settings: { stanceSymbols: 'symbol-sections' } });
    expect(sections.dice.map((d) => d.faceLabel)).toEqual(['hammer + teardrop', 'hammer + hourglass']);
    const onlyGreen = resolveHammerFaces(hammerPool(['green']), [8], { settings: { stanceSymbols: 'symbol-sections' } });
    expect(onlyGreen.remaining).toMatchObject({ teardrop: 1, hourglass: 0 });
  });

  test("a node pool: the Smith's uses of each mark, no XP, hammers and crossblades still cancel", () => {
    // purple 2 = crossblades, purple 7 = skull + skull, blue 3 = hammer
    const pool = nodePool({ difficulty: 2 });
    const roll = rollHammerPool(scriptedRandom([2, 7, 3]), pool);
    expect(roll.context).toBe('node');
    expect(roll.cancelledPairs).toBe(1);
    expect(roll.xp).toBe(0);
    expect(roll.effects).toEqual([{ ...NODE_EFFECTS.skull, count: 2 }]);
    expect(NODE_EFFECTS.skull.choices.map((c) => c.id)).toContain('node-skull-black-die');
    // blue 3 = hammer alone: a friendly encounter or treasure
    const good = resolveHammerFaces(nodePool({ difficulty: 1 }), [1, 3]);
    expect(good.effects).toEqual([{ ...NODE_EFFECTS.hammer, count: 1 }]);
    expectHammerError(() => resolveHammerFaces(hammerPool(['yellow'], 'node'), [5], { hammerPlus: 'set-aside' }), 'hammer/set-aside-unavailable');
  });

  test('bad faces are refused', () => {
    const pool = hammerPool(['white']);
    expectHammerError(() => resolveHammerFaces(pool, []), 'hammer/bad-faces');
    expectHammerError(() => resolveHammerFaces(pool, [0]), 'hammer/bad-faces');
    expectHammerError(() => resolveHammerFaces(pool, [7]), 'hammer/bad-faces', /d6/);
    expectHammerError(() => resolveHammerFaces(pool, [1.5]), 'hammer/bad-faces');
  });

  test('the roll is plain JSON and resolving the same faces again gives the same result', () => {
    const pool = checkPool({ level: 9, isFeat: true, advantages: 2, disadvantages: 1, stance: 'cautious' });
    const roll = rollHammerPool(seededRandom(5), pool);
    expect(JSON.parse(JSON.stringify(roll))).toEqual(roll);
    expect(resolveHammerFaces(pool, roll.dice.map((d) => d.face))).toEqual(roll);
  });
});

describe('effect tables', () => {
  test('every symbol has effects in both contexts; ids unique per table; refs name the section', () => {
    for (const table of [CHECK_EFFECTS, NODE_EFFECTS]) {
      const ids = HAMMER_SYMBOLS.flatMap((s) => table[s].choices.map((c) => c.id));
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of HAMMER_SYMBOLS) {
        expect(table[s].symbol).toBe(s);
        expect(table[s].choices.length).toBeGreaterThan(0);
        for (const c of table[s].choices) {
          expect(c.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
          expect(c.ref).toMatch(/^HAMMERCRAWL! v4, /);
        }
      }
    }
  });

  test('who chooses: the player for good symbols, the Smith for bad ones, nobody for teardrops', () => {
    expect(HAMMER_SYMBOLS.map((s) => CHECK_EFFECTS[s].chooser)).toEqual(['player', 'player', 'player', 'player', 'smith', 'automatic', 'smith', 'smith', 'smith']);
    expect(HAMMER_SYMBOLS.every((s) => NODE_EFFECTS[s].chooser === 'smith')).toBe(true);
  });
});

// ---- exact odds against brute force -----------------------------------------------------

/** Every face combination of a pool, resolved by the real resolver, with its exact chance (test/enumerate.ts). */
function enumerate(pool: HammerPool, settings: Partial<HammerSettings>, hammerPlus: 'hammer' | 'set-aside'): Enumeration<HammerPoolRoll> {
  const dice = hammerDice({ ...DEFAULT_HAMMER_SETTINGS, ...settings });
  return enumeratePaths((rng) => resolveHammerFaces(pool, pool.dice.map((d) => rng.rollDie(dice[d.colour].sides)), { settings, hammerPlus }));
}

const CLOSE = 1e-12;

function expectOddsMatch(pool: HammerPool, settings: Partial<HammerSettings> = {}, hammerPlus: 'hammer' | 'set-aside' = 'hammer'): void {
  const e = enumerate(pool, settings, hammerPlus);
  const net = totalsBy(e, (r) => r.netHammers);
  const odds = hammerPoolOdds(pool, { settings, hammerPlus });
  const points = odds.netHammers.points();
  expect(points.map((p) => p.value)).toEqual([...net.keys()].sort((a, b) => a - b));
  for (const { value, p } of points) expect(Math.abs(p - ratio(net.get(value)!, e.denominator))).toBeLessThan(CLOSE);
  for (const s of HAMMER_SYMBOLS) {
    expect(Math.abs(odds.symbols[s] - meanOf(e, (r) => r.shown[s])), `mean ${s}`).toBeLessThan(CLOSE);
    expect(Math.abs(odds.pAny[s] - chanceOf(e, (r) => r.shown[s] > 0)), `P(any ${s})`).toBeLessThan(CLOSE);
  }
  expect(Math.abs(odds.pAnyHammer - chanceOf(e, (r) => r.hammersCounted > 0))).toBeLessThan(CLOSE);
  expect(Math.abs(odds.pAnyCrossblades - chanceOf(e, (r) => r.shown.crossblades > 0))).toBeLessThan(CLOSE);
  expect(Math.abs(odds.pXp - chanceOf(e, (r) => r.gainsXp))).toBeLessThan(CLOSE);
  expect(Math.abs(odds.meanXp - meanOf(e, (r) => r.xp))).toBeLessThan(CLOSE);
  expect(Math.abs(odds.remaining.hammer - meanOf(e, (r) => r.remaining.hammer))).toBeLessThan(CLOSE);
  expect(Math.abs(odds.remaining.crossblades - meanOf(e, (r) => r.remaining.crossblades))).toBeLessThan(CLOSE);
  expect(Math.abs(odds.pNetHammer - chanceOf(e, (r) => r.netHammers >= 1))).toBeLessThan(CLOSE);

  const joint = jointSymbolDistribution(pool, HAMMER_SYMBOLS, settings);
  const jointTotals = totalsBy(e, (r) => HAMMER_SYMBOLS.map((s) => r.shown[s]).join(','));
  expect(joint.points).toHaveLength(jointTotals.size);
  for (const point of joint.points) {
    const n = jointTotals.get(point.counts.join(','));
    expect(n, `joint ${point.counts.join(',')}`).toBeDefined();
    expect(Math.abs(point.p - ratio(n!, e.denominator))).toBeLessThan(CLOSE);
  }
  for (const s of HAMMER_SYMBOLS) {
    const marginal = symbolCountDistribution(pool, s, settings);
    const byCount = totalsBy(e, (r) => r.shown[s]);
    for (const { value, p } of marginal.points()) expect(Math.abs(p - ratio(byCount.get(value) ?? 0n, e.denominator)), `${s} = ${value}`).toBeLessThan(CLOSE);
    expect(marginal.points()).toHaveLength(byCount.size);
  }
}

describe('exact odds = brute-force enumeration through the resolver (BigInt counts, 1e-12)', () => {
  test('the empty pool: net 0 for sure, no XP', () => {
    const odds = hammerPoolOdds(hammerPool([]));
    expect(odds.netHammers.points()).toEqual([{ value: 0, p: 1 }]);
    expect(odds.pXp).toBe(0);
    expectOddsMatch(hammerPool([]));
  });

  test.each(HAMMER_COLOURS)('one %s die, both Hammer+ choices and both stance settings', (c) => {
    expectOddsMatch(hammerPool([c]));
    expectOddsMatch(hammerPool([c]), {}, 'set-aside');
    expectOddsMatch(hammerPool([c]), { stanceSymbols: 'symbol-sections', xpWhenBoth: 'two' });
  });

  const pairs = HAMMER_COLOURS.flatMap((a, i) => HAMMER_COLOURS.slice(i).map((b) => [a, b] as const));
  test(`every pair of dice (${pairs.length} pairs)`, () => {
    for (const [a, b] of pairs) expectOddsMatch(hammerPool([a, b]), { xpWhenBoth: 'two' });
  });

  test.each([
    ['yellow', 'yellow', 'purple', 'red'],
    ['yellow', 'white', 'black', 'green'],
    ['blue', 'blue', 'purple', 'red'],
    ['black', 'purple', 'green', 'yellow'],
  ] as HammerColour[][])('check-sized pool %s, %s, %s, %s', (...cs) => {
    expectOddsMatch(hammerPool(cs));
    expectOddsMatch(hammerPool(cs), { stanceSymbols: 'symbol-sections', xpWhenBoth: 'two' }, 'set-aside');
  });

  test('a node pool of difficulty 3 (no XP)', () => {
    const pool = nodePool({ difficulty: 3 });
    expectOddsMatch(pool);
    expect(hammerPoolOdds(pool).pXp).toBe(0);
    expectHammerError(() => hammerPoolOdds(pool, { hammerPlus: 'set-aside' }), 'hammer/set-aside-unavailable');
  });

  test('known values: one white die, one purple die', () => {
    const white = hammerPoolOdds(hammerPool(['white']));
    expect(white.netHammers.points()).toEqual([
      { value: 0, p: 4 / 6 },
      { value: 1, p: 2 / 6 },
    ]);
    expect(white.symbols).toMatchObject({ hammer: 2 / 6, falcon: 1 / 6, crossblades: 0 });
    const purple = hammerPoolOdds(hammerPool(['purple']));
    expect(purple.netHammers.points()).toEqual([
      { value: -2, p: 2 / 8 },
      { value: -1, p: 2 / 8 },
      { value: 0, p: 4 / 8 },
    ]);
    expect(purple.pXp).toBe(4 / 8);
  });
});

// ---- exact odds against seeded Monte Carlo ----------------------------------------------

describe('exact odds = seeded Monte Carlo within 4 sigma', () => {
  test.each([
    { name: 'all seven dice', pool: hammerPool([...HAMMER_COLOURS]) },
    { name: 'a full check pool', pool: checkPool({ level: 9, isFeat: true, advantages: 3, disadvantages: 2, stance: 'reckless' }) },
    { name: 'a node pool of difficulty 6 with a comet and a skull', pool: nodePool({ difficulty: 6, comets: 1, skulls: 1 }) },
  ])('$name', ({ pool }) => {
    const n = 40_000;
    const rng = seededRandom(2024);
    const net = new Map<number, number>();
    const sums = Object.fromEntries(HAMMER_SYMBOLS.map((s) => [s, 0])) as Record<HammerSymbol, number>;
    let xp = 0;
    for (let i = 0; i < n; i++) {
      const r = rollHammerPool(rng, pool);
      net.set(r.netHammers, (net.get(r.netHammers) ?? 0) + 1);
      for (const s of HAMMER_SYMBOLS) sums[s] += r.shown[s];
      if (r.gainsXp) xp += 1;
    }
    const odds = hammerPoolOdds(pool);
    // 4 sigma of a binomial proportion; `slack` (4 counts) only for the pooled rare cell, whose
    // count is closer to Poisson than to normal.
    const within = (observed: number, p: number, slack = 0) => expectWithinFourSigma(observed, n, p, slack / n + 1e-12);
    // Values expected fewer than 20 times are tested together (the normal bound fails for rare cells).
    let rareObserved = 0;
    let rareP = 0;
    for (const { value, p } of odds.netHammers.points()) {
      if (n * p >= 20) within(net.get(value) ?? 0, p);
      else {
        rareObserved += net.get(value) ?? 0;
        rareP += p;
      }
    }
    within(rareObserved, rareP, 4);
    for (const v of net.keys()) expect(odds.netHammers.probabilityOf(v)).toBeGreaterThan(0);
    within(xp, odds.pXp);
    for (const s of HAMMER_SYMBOLS) {
      const d = symbolCountDistribution(pool, s);
      expect(Math.abs(d.mean - odds.symbols[s])).toBeLessThan(1e-12);
      expectMeanWithinFourSigma(sums[s] / n, d.mean, d.variance, n, 1e-12, s);
    }
  });
});

// ---- properties -------------------------------------------------------------------------

const colourArb = fc.constantFrom(...HAMMER_COLOURS);
const poolArb = fc.array(colourArb, { maxLength: 10 });
const GOOD = ['white', 'blue', 'yellow'] as const;
const BAD = ['black', 'purple'] as const;

describe('properties', () => {
  test('adding a white, blue or yellow die never lowers E[net hammers]; black or purple never raises it', () => {
    fc.assert(
      fc.property(poolArb, fc.constantFrom(...GOOD), fc.constantFrom(...BAD), fc.constantFrom<'hammer' | 'set-aside'>('hammer', 'set-aside'), (cs, good, bad, hp) => {
        const before = hammerPoolOdds(hammerPool(cs), { hammerPlus: hp }).netHammers.mean;
        expect(hammerPoolOdds(hammerPool([...cs, good]), { hammerPlus: hp }).netHammers.mean).toBeGreaterThanOrEqual(before - 1e-12);
        expect(hammerPoolOdds(hammerPool([...cs, bad]), { hammerPlus: hp }).netHammers.mean).toBeLessThanOrEqual(before + 1e-12);
      }),
      { numRuns: 200 },
    );
  });

  test('a green or red stance die raises E[net hammers]; setting Hammer+ aside never raises it', () => {
    fc.assert(
      fc.property(poolArb, fc.constantFrom<HammerColour>('green', 'red'), (cs, stance) => {
        const before = hammerPoolOdds(hammerPool(cs));
        expect(hammerPoolOdds(hammerPool([...cs, stance])).netHammers.mean).toBeGreaterThan(before.netHammers.mean);
        expect(hammerPoolOdds(hammerPool(cs), { hammerPlus: 'set-aside' }).netHammers.mean).toBeLessThanOrEqual(before.netHammers.mean + 1e-12);
      }),
      { numRuns: 100 },
    );
  });

  test('distributions sum to 1; probabilities lie in [0, 1]; the mean of net hammers is E[hammers] - E[crossblades]', () => {
    fc.assert(
      fc.property(fc.array(colourArb, { maxLength: 6 }), (cs) => {
        const pool = hammerPool(cs);
        const odds = hammerPoolOdds(pool);
        const sum = (ps: readonly { p: number }[]) => ps.reduce((a, x) => a + x.p, 0);
        expect(sum(odds.netHammers.points())).toBeCloseTo(1, 12);
        expect(sum(jointSymbolDistribution(pool).points)).toBeCloseTo(1, 12);
        for (const s of HAMMER_SYMBOLS) expect(sum(symbolCountDistribution(pool, s).points())).toBeCloseTo(1, 12);
        for (const p of [odds.pAnyHammer, odds.pAnyCrossblades, odds.pNetHammer, odds.pNetCrossblades, odds.pXp, ...Object.values(odds.pAny)]) {
          expect(p).toBeGreaterThanOrEqual(-1e-15);
          expect(p).toBeLessThanOrEqual(1 + 1e-12);
        }
        expect(odds.netHammers.mean).toBeCloseTo(odds.symbols.hammer + odds.symbols['hammer-plus'] - odds.symbols.crossblades, 12);
        expect(odds.remaining.hammer - odds.remaining.crossblades).toBeCloseTo(odds.netHammers.mean, 12);
        expect(odds.pXp).toBeGreaterThanOrEqual(Math.max(odds.pAnyHammer, odds.pAnyCrossblades) - 1e-12);
      }),
      { numRuns: 200 },
    );
  });

  test('the stance setting swaps the means of teardrops and hourglasses, nothing else', () => {
    fc.assert(
      fc.property(poolArb, (cs) => {
        const a = hammerPoolOdds(hammerPool(cs)).symbols;
        const b = hammerPoolOdds(hammerPool(cs), { settings: { stanceSymbols: 'symbol-sections' } }).symbols;
        expect(b.teardrop).toBeCloseTo(a.hourglass, 12);
        expect(b.hourglass).toBeCloseTo(a.teardrop, 12);
        for (const s of HAMMER_SYMBOLS.filter((x) => x !== 'teardrop' && x !== 'hourglass')) expect(b[s]).toBe(a[s]);
      }),
    );
  });

  test('every roll explains itself: cancellation, remaining symbols and XP follow from the faces', () => {
    fc.assert(
      fc.property(poolArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.boolean(), (cs, seed, aside) => {
        const r = rollHammerPool(seededRandom(seed), hammerPool(cs), { hammerPlus: aside ? 'set-aside' : 'hammer' });
        const shown = Object.fromEntries(HAMMER_SYMBOLS.map((s) => [s, 0])) as Record<HammerSymbol, number>;
        r.dice.forEach((d, i) => {
          expect(d.colour).toBe(cs[i]);
          expect(d.symbols).toEqual(HAMMER_DICE[d.colour].faces[d.face - 1]!.symbols);
          for (const s of d.symbols) shown[s] += 1;
        });
        expect(r.shown).toEqual(shown);
        const counted = shown.hammer + (aside ? 0 : shown['hammer-plus']);
        expect(r.hammersCounted).toBe(counted);
        expect(r.cancelledPairs).toBe(Math.min(counted, shown.crossblades));
        expect(r.netHammers).toBe(counted - shown.crossblades);
        expect(r.remaining.hammer * r.remaining.crossblades).toBe(0);
        expect(r.gainsXp).toBe(counted > 0 || shown.crossblades > 0);
        expect(r.banked).toHaveLength(aside ? shown['hammer-plus'] : 0);
        for (const e of r.effects) expect(e.count).toBe(e.symbol === 'hammer-plus' ? shown['hammer-plus'] : r.remaining[e.symbol]);
      }),
      { numRuns: 300 },
    );
  });
});

// ---- limits and cost --------------------------------------------------------------------

describe('limits and cost', () => {
  // What these odds cost is in bench/rules-cost.js (`npm run bench rules`).
  test(`odds of a ${MAX_HAMMER_POOL_DICE}-die pool`, () => {
    const pool = hammerPool([...Array<HammerColour>(50).fill('red'), ...Array<HammerColour>(50).fill('purple')]);
    const odds = hammerPoolOdds(pool);
    expect(odds.netHammers.min).toBe(-100);
    expect(odds.netHammers.max).toBe(100);
    expect(odds.netHammers.mean).toBeCloseTo(50 * 0.7 - 50 * 0.75, 10);
  });

  test(`a joint distribution past ${MAX_JOINT_STATES} states is refused before any work`, () => {
    const pool = hammerPool(Array<HammerColour>(MAX_HAMMER_POOL_DICE).fill('red'));
    // hammer 0..200 x skull 0..100 = 20,301 states: fine.
    expect(jointSymbolDistribution(pool, ['hammer', 'skull']).points.length).toBeGreaterThan(100);
    // hammer x skull x falcon x teardrop: 201 x 101 x 201 x 101 states: refused.
    expectHammerError(() => jointSymbolDistribution(pool, ['hammer', 'skull', 'falcon', 'teardrop']), 'hammer/too-costly');
  });

  test(`at the limit: exactly ${MAX_JOINT_STATES} states is allowed, past it is refused`, () => {
    // 99 white dice show 0..99 hammers: the same count asked three times spans 100^3 = 10^6 states.
    const at = jointSymbolDistribution(hammerPool(Array<HammerColour>(99).fill('white')), ['hammer', 'hammer', 'hammer']);
    expect(at.points).toHaveLength(100);
    expect(at.points.every((x) => x.counts[0] === x.counts[1] && x.counts[1] === x.counts[2])).toBe(true);
    // 100 white dice: 101^3 states.
    expectHammerError(() => jointSymbolDistribution(hammerPool(Array<HammerColour>(100).fill('white')), ['hammer', 'hammer', 'hammer']), 'hammer/too-costly');
  });
});

describe('H-18: the node pool never shows comets, hourglasses or teardrops', () => {
  test('no purple, blue or black face carries them, so their node uses come up only in a pool listed with other colours', () => {
    const pool = nodePool({ difficulty: 3, comets: 1, chaosStars: 1, skulls: 1 });
    for (const s of ['comet', 'hourglass', 'teardrop'] as HammerSymbol[]) {
      expect(symbolCountDistribution(pool, s).probabilityOf(0)).toBeCloseTo(1, 14);
      expect(NODE_EFFECTS[s].choices.length).toBeGreaterThan(0);
    }
    // A Smith who wants them lists the colours that carry them for a node roll (hammerPool with the node context).
    const listed = hammerPool(['purple', 'blue', 'yellow', 'green', 'white'], 'node');
    expect(symbolCountDistribution(listed, 'comet').probabilityOf(0)).toBeLessThan(1);
  });
});
