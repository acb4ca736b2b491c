/**
 * `hammercrawl roll hammer` and `hammercrawl odds hammer`: text, the JSON contract, the pool flags and
 * bad input (one line on stderr, exit 2), through `runCli` and through the mechanic itself.
 */
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { checkPool, hammerPool, hammerPoolOdds, rollHammerPool } from '../rules/hammercrawl/hammer-pools.js';
import { EXIT_BAD_INPUT } from './options.js';
import { cli } from '../../test/cli.js';
import { HAMMER_MECHANIC, poolFromFlags } from './mechanic-hammer.js';

async function expectBadInput(args: string[], message: RegExp): Promise<void> {
  const r = await cli(args);
  expect(r.code, r.out + r.err).toBe(EXIT_BAD_INPUT);
  expect(r.out).toBe('');
  expect(r.err).toMatch(/^hammercrawl: [^\n]+\n$/);
  expect(r.err).toMatch(message);
}

describe('roll hammer (text)', () => {
  // Golden, written inline: pins the CLI's current output so that a change to it is made on purpose; it
  // does not by itself prove the output right (src/cli/golden/README.md).
  test('each die with its reason and face, tallies, cancellation, XP and the choices (golden)', async () => {
    // Seed 164 rolls yellow hammer+, purple crossblades, red hammer + falcon for this pool.
    const r = await cli(['roll', 'hammer', '--feat', '--level', '9', '--dis', '2', '--stance', 'reckless'], 164);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toBe(
      [
        'hammer dice, check pool (3 dice):',
        '  yellow  Feat at level 9 -> yellow            hammer+',
        '  purple  2 disadvantages -> purple            crossblades',
        '  red     throwing caution to the wind -> red  hammer + falcon',
        'shown: 1 hammer, 1 hammer+, 1 falcon, 1 crossblades',
        'cancelled: 1 hammer against 1 crossblades',
        'remaining: 1 hammer, 1 falcon',
        'XP: +1 (a hammer or crossblades showed, counted before cancelling)',
        'to choose:',
        '  1 hammer: the player picks one for each net hammer',
        '    make-it-happen             Make it happen: the Check succeeds even if the Check Die failed',
        "    make-it-big                Make it big: the Check's effect dice give their highest result",
        '    hammer-as-falcon           A falcon effect: if neither makes sense, one falcon effect instead',
        '  1 hammer+: the player picks for each (now: used as hammers; --hammer-plus set-aside)',
        '    hammer-plus-as-hammer      Use it as a hammer: it counts as a normal hammer (and cancels like one)',
        '    hammer-plus-set-aside      Set it aside: keep the die as one three-advantage effect for a later Check in this scene',
        '  1 falcon: the player picks one for each falcon',
        "    trigger-specialization     Trigger Specialization: the attack's weapon special effect, if specialized with it",
        '    make-it-neat               Make it neat: a minor beneficial detail in the scene, defined with the Smith',
        '    pay-it-forward             Pay it forward: set aside a white die: one advantage for you or an ally later in this scene',
        "    pay-it-back                Pay it back: set aside a black die: one disadvantage on an enemy's Check later in this scene",
        'seed 164 (the same roll again: --seed 164)',
        '',
      ].join('\n'),
    );
  });

  test('the same seed gives the same roll; the faces are those rollHammerPool gives', async () => {
    const a = await cli(['roll', 'hammer', '--pool', 'white,blue,black,purple,green'], 77);
    const b = await cli(['roll', 'hammer', '--pool', 'white,blue,black,purple,green'], 77);
    expect(a.out).toBe(b.out);
    const roll = rollHammerPool(seededRandom(77), hammerPool(['white', 'blue', 'black', 'purple', 'green']));
    const dieLines = a.out.split('\n').slice(1, 6);
    roll.dice.forEach((d, i) => expect(dieLines[i]!.trimEnd().endsWith(d.faceLabel)).toBe(true));
  });

  test('--hammer-plus set-aside marks the die and banks it', async () => {
    const r = await cli(['roll', 'hammer', '--feat', '--level', '9', '--dis', '2', '--stance', 'reckless', '--hammer-plus', 'set-aside'], 164);
    expect(r.code).toBe(0);
    expect(r.out).toContain('  yellow  Feat at level 9 -> yellow            hammer+  (set aside)\n');
    // Only the red die's hammer counts now, and the crossblades cancel it.
    expect(r.out).toContain('cancelled: 1 hammer against 1 crossblades\nremaining: 1 falcon\n');
    expect(r.out).toContain('set aside: the yellow die (die 1), one three-advantage effect for a later Check in this scene\n');
    expect(r.out).toContain('1 hammer+: the player picks for each (now: 1 set aside;');
  });

  test('a node pool: the Smith picks, no XP', async () => {
    const r = await cli(['roll', 'hammer', '--difficulty', '2', '--skulls', '1'], 9);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^hammer dice, the Smith's node pool \(4 dice\):\n {2}purple {2}difficulty 1 of 2 /);
    expect(r.out).toContain('  black   a skull on the last exploration roll  ');
    expect(r.out).toContain('XP: none (a node pool gives none)');
    expect(r.out).not.toContain('the player picks');
  });

  test('a check with nothing that adds a die rolls nothing, and says so', async () => {
    const r = await cli(['roll', 'hammer', '--level', '3']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('nothing to roll');
  });
});

describe('odds hammer (text)', () => {
  test('net hammers as percentages, P(net hammers >= 1), P(XP), symbol means', async () => {
    const r = await cli(['odds', 'hammer', '--pool', 'white,black']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        'hammer dice, check pool (2 dice): white, black',
        'net hammers   chance  at least',
        '         -1   11.11%   100.00%  #######',
        '          0   61.11%    88.89%  ########################################',
        '          1   27.78%    27.78%  ##################',
        '(net hammers = hammers minus crossblades; a hammer+ counts as a hammer; mean 0.167)',
        'P(net hammers >= 1) = 27.78%   P(net crossblades >= 1) = 11.11%',
        'P(any hammer) = 33.33%   P(any crossblades) = 16.67%   (before cancelling)',
        'P(XP) = 44.44%',
        'symbol        mean shown  P(any)',
        'hammer             0.333   33.33%',
        'falcon             0.167   16.67%',
        'crossblades        0.167   16.67%',
        'skull              0.333   33.33%',
        'after cancelling: mean 0.278 hammers, 0.111 crossblades',
        '',
      ].join('\n'),
    );
  });

  test('a node pool shows no XP line', async () => {
    const r = await cli(['odds', 'hammer', '--difficulty', '3']);
    expect(r.code).toBe(0);
    expect(r.out).toContain("the Smith's node pool (4 dice): purple, purple, purple, blue");
    expect(r.out).not.toContain('P(XP)');
  });
});

describe('the JSON contract', async () => {
  test('odds: { netHammers: [{ value, p }], symbols: { <symbol>: mean } } and more', () => {
    const out = HAMMER_MECHANIC.odds({ pool: ['yellow', 'purple'] });
    const json = JSON.parse(JSON.stringify(out.json)) as {
      netHammers: { value: number; p: number }[];
      symbols: Record<string, number>;
      pool: string[];
      pXp: number;
    };
    const exact = hammerPoolOdds(hammerPool(['yellow', 'purple']));
    expect(json.netHammers).toEqual(exact.netHammers.points());
    expect(json.netHammers.map((x) => x.value)).toEqual([-2, -1, 0, 1]);
    expect(json.netHammers.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
    expect(Object.keys(json.symbols)).toEqual(['hammer', 'hammer-plus', 'falcon', 'comet', 'hourglass', 'teardrop', 'crossblades', 'skull', 'chaos-star']);
    expect(json.symbols['hammer-plus']).toBeCloseTo(1 / 6, 15);
    expect(json.symbols['crossblades']).toBeCloseTo(6 / 8, 15);
    expect(json.pool).toEqual(['yellow', 'purple']);
    expect(json.pXp).toBeCloseTo(exact.pXp, 15);
    // A yellow hammer+ counts as a hammer: P(net = 1) = P(hammer or hammer+) x P(no crossblades) = 2/6 x 4/8.
    expect(json.netHammers.find((x) => x.value === 1)!.p).toBeCloseTo((2 / 6) * (4 / 8), 15);
  });

  test('roll: each die, tallies, XP and effects, as rollHammerPool gives them', () => {
    const out = HAMMER_MECHANIC.roll(seededRandom(5), { adv: 2, dis: 1, stance: 'cautious' });
    const expected = rollHammerPool(seededRandom(5), checkPool({ advantages: 2, disadvantages: 1, stance: 'cautious' }));
    expect(JSON.parse(JSON.stringify(out.json))).toEqual(JSON.parse(JSON.stringify({ pool: ['blue', 'black', 'green'], ...expected })));
  });

  test('settings flags reach the odds', () => {
    const plain = HAMMER_MECHANIC.odds({ pool: ['green'] }).json as { symbols: Record<string, number> };
    const swapped = HAMMER_MECHANIC.odds({ pool: ['green'], 'stance-symbols': 'symbol-sections' }).json as { symbols: Record<string, number> };
    expect([plain.symbols['hourglass'], plain.symbols['teardrop']]).toEqual([0.2, 0]);
    expect([swapped.symbols['hourglass'], swapped.symbols['teardrop']]).toEqual([0, 0.2]);
    const aside = HAMMER_MECHANIC.odds({ pool: ['yellow'], 'hammer-plus': 'set-aside' }).json as { netHammers: { value: number; p: number }[] };
    expect(aside.netHammers.map((x) => x.value)).toEqual([0, 1]);
    expect(aside.netHammers[0]!.p).toBeCloseTo(5 / 6, 15);
    expect(aside.netHammers[1]!.p).toBeCloseTo(1 / 6, 15);
    const two = HAMMER_MECHANIC.odds({ pool: ['white', 'black'], 'xp-when-both': 'two' }).json as { meanXp: number; pXp: number };
    expect(two.meanXp).toBeCloseTo(1 / 3 + 1 / 6, 15);
    expect(two.pXp).toBeCloseTo(1 - (4 / 6) * (5 / 6), 15);
  });

  test('odds hammer --pool ... --json through runCli: the contract', async () => {
    const r = await cli(['odds', 'hammer', '--pool', 'white,black', '--json']);
    expect(r.code).toBe(0);
    expect(r.out.endsWith('}\n')).toBe(true);
    const json = JSON.parse(r.out) as { netHammers: { value: number; p: number }[]; symbols: Record<string, number> };
    expect(json.netHammers.map((x) => x.value)).toEqual([-1, 0, 1]);
    expect(json.netHammers[0]!.p).toBeCloseTo(1 / 6 * (4 / 6), 15); // a crossblades and no hammer
    expect(json.netHammers[2]!.p).toBeCloseTo(2 / 6 * (5 / 6), 15); // a hammer and no crossblades
    expect(json.symbols['hammer']).toBeCloseTo(1 / 3, 15);
    expect(json.symbols['skull']).toBeCloseTo(1 / 3, 15);
    // The check flags give the same JSON as the colours they stand for.
    expect((await cli(['odds', 'hammer', '--adv', '1', '--dis', '1', '--json'])).out).toBe(r.out);
  });

  test('roll hammer --seed n --json through runCli: the seed and the resolved roll', async () => {
    const r = await cli(['roll', 'hammer', '--pool', 'yellow,purple,red', '--seed', '3', '--json'], 999);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { seed: number; pool: string[]; netHammers: number; dice: { face: number }[] };
    expect(json.seed).toBe(3);
    expect(json.pool).toEqual(['yellow', 'purple', 'red']);
    const expected = rollHammerPool(seededRandom(3), hammerPool(['yellow', 'purple', 'red']));
    expect(json.dice.map((d) => d.face)).toEqual(expected.dice.map((d) => d.face));
    expect(json.netHammers).toBe(expected.netHammers);
    expect((await cli(['roll', 'hammer', '--pool', 'white', '--json'])).out).toMatch(/^\{"seed":1234,/);
  });
});

describe('pool flags', () => {
  test.each([
    [{ feat: true, level: 1 }, ['white']],
    [{ feat: true, level: 5, adv: 1 }, ['blue', 'white']],
    [{ adv: 3, dis: 2, stance: 'reckless' }, ['yellow', 'purple', 'red']],
    [{ dis: 1, stance: 'none' }, ['black']],
    [{ difficulty: 2, comets: 1, 'chaos-stars': 1, skulls: 1 }, ['purple', 'purple', 'blue', 'blue', 'purple', 'black']],
    [{ pool: ['Yellow', ' red'] }, ['yellow', 'red']],
  ] as const)('%o -> %o', (flags, colours) => {
    expect(poolFromFlags(flags).dice.map((d) => d.colour)).toEqual(colours);
  });

  test('help lists the mechanic and its flags', async () => {
    expect((await cli(['roll', '--help'])).out).toMatch(/hammer/);
    const help = (await cli(['odds', 'hammer', '--help'])).out;
    for (const flag of ['--pool', '--feat', '--level', '--adv', '--dis', '--stance', '--difficulty', '--hammer-plus', '--stance-symbols', '--xp-when-both']) expect(help).toContain(flag);
  });
});

describe('bad input: one line on stderr, exit 2', () => {
  test('an unknown colour names the valid ones', async () => {
    await expectBadInput(['roll', 'hammer', '--pool', 'white,orange'], /'orange' is not a hammer die; the colours are black, blue, green, purple, red, white, yellow/);
    await expectBadInput(['odds', 'hammer', '--pool', 'white,,orange'], /the colours are black, blue/);
  });

  test('no pool, an empty pool, or two kinds of pool at once', async () => {
    await expectBadInput(['roll', 'hammer'], /say which dice: --pool <colours>, a check .* or a node pool \(--difficulty <n>\)/);
    await expectBadInput(['odds', 'hammer', '--pool', ','], /--pool lists no dice/);
    await expectBadInput(['odds', 'hammer', '--pool', 'white', '--adv', '1'], /one pool at a time: --pool, --adv mix --pool and a check/);
    await expectBadInput(['odds', 'hammer', '--difficulty', '2', '--stance', 'cautious'], /one pool at a time/);
  });

  test('check flags out of range', async () => {
    await expectBadInput(['roll', 'hammer', '--feat'], /--feat needs --level <n>/);
    await expectBadInput(['roll', 'hammer', '--feat', '--level', '11'], /hammer\/bad-level: the level must be a whole number from 1 to 10, got 11/);
    await expectBadInput(['odds', 'hammer', '--adv', '100'], /hammer\/bad-count: advantages must be a whole number from 0 to 99, got 100/);
    await expectBadInput(['odds', 'hammer', '--dis', 'two'], /expected a whole number/);
    await expectBadInput(['odds', 'hammer', '--stance', 'sideways'], /expected one of none, cautious, reckless/);
  });

  test('node pool flags', async () => {
    await expectBadInput(['odds', 'hammer', '--comets', '1'], /--comets add dice to a node pool: give --difficulty <n> too/);
    await expectBadInput(['odds', 'hammer', '--difficulty', '100'], /hammer\/too-many-dice: a hammer pool holds at most 100 dice, this one 101/);
    await expectBadInput(['roll', 'hammer', '--difficulty', '1', '--hammer-plus', 'set-aside'], /a node pool counts every Hammer\+ as a hammer/);
    expect((await cli(['odds', 'hammer', '--difficulty', '99'])).code).toBe(0);
  });

  test(`the free pool's limit: 100 dice, not 101`, async () => {
    expect((await cli(['odds', 'hammer', '--pool', Array(100).fill('red').join(',')])).code).toBe(0);
    await expectBadInput(['odds', 'hammer', '--pool', Array(101).fill('red').join(',')], /at most 100 dice/);
  });
});

describe('--check: the d20 Check die rolled with the pool as one check (H-22)', () => {
  test('roll: the Check die comes first from the same dice, then the pool, both in the JSON', async () => {
    const r = await cli(['roll', 'hammer', '--adv', '1', '--check', 'challenge', '--target', '12', '--check-mod', '1', '--json'], 7);
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as { check: { natural: number; total: number; success: boolean }; dice: { face: number }[]; seed: number };
    expect(j.check.total).toBe(j.check.natural + 1);
    expect(j.check.success).toBe(j.check.total > 12);
    // The same seed's first die is the check's, the second the white die's.
    const rng = seededRandom(j.seed ?? 7);
    expect(rng.rollDie(20)).toBe(j.check.natural);
    expect(rng.rollDie(6)).toBe(j.dice[0]!.face);
  });

  test('odds: the check\'s P(success) beside the pool\'s odds', async () => {
    const r = await cli(['odds', 'hammer', '--stance', 'cautious', '--check', 'test', '--target', '12', '--json']);
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as { check: { success: number }; pXp: number };
    expect(j.check.success).toBeCloseTo(12 / 20, 12);
    expect(j.pXp).toBeCloseTo(7 / 10, 12); // green: a hammer on 7 faces of 10
    const text = await cli(['odds', 'hammer', '--stance', 'cautious', '--check', 'test', '--target', '12']);
    expect(text.out).toContain('P(check success) = 60.00%');
  });

  test('bad input: a target without --check, a Challenge without a target, an Open roll with one, a node pool', async () => {
    await expectBadInput(['roll', 'hammer', '--adv', '1', '--target', '12'], /--check/);
    await expectBadInput(['roll', 'hammer', '--adv', '1', '--check', 'challenge'], /--target/);
    await expectBadInput(['odds', 'hammer', '--adv', '1', '--check', 'open', '--target', '3'], /no target/);
    await expectBadInput(['roll', 'hammer', '--difficulty', '2', '--check', 'open'], /node pool/);
    await expectBadInput(['roll', 'hammer', '--adv', '1', '--check', 'juggle'], /check/);
  });
});
