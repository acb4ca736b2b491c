import { describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT } from './options.js';
import { cli } from '../../test/cli.js';

/** The fresh seed of this file's runs. */
const FRESH_SEED = 4242;

async function json(args: string[]): Promise<Record<string, unknown>> {
  const r = await cli(args, FRESH_SEED);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as Record<string, unknown>;
}

describe('odds <check> --json: the contract', () => {
  it('test: { dice, success } with the dice after steps and the exact probability', async () => {
    const o = await json(['odds', 'test', '--target', '12', '--steps', '1', '--json']);
    expect(o['dice']).toEqual(['d16']);
    expect(o['success']).toBe(0.75);
    expect(o).not.toHaveProperty('crit');
  });

  it('challenge: negative flag values work as --steps -1 and as --mod=-2; crit appears with --crit', async () => {
    const a = await json(['odds', 'challenge', '--target', '12', '--steps', '-1', '--mod', '-2', '--crit', '16', '--json']);
    const b = await json(['odds', 'challenge', '--target=12', '--steps=-1', '--mod=-2', '--crit', 'C16', '--json']);
    expect(a).toEqual(b);
    expect(a['dice']).toEqual(['d16']);
    // d16 - 2 > 12 needs 15 or 16.
    expect(a['success']).toBe(2 / 16);
    expect(a['crit']).toBe(1 / 16);
    expect((await json(['odds', 'challenge', '--target', '12', '--crit', 'd24', '--json']))['crit']).toBe(0);
  });

  it('advantage, disadvantage, another die, a Feat, a half-stat target', async () => {
    // Test at an Advantage: two d20, keep the lower; P(min <= 10) = 1 - (10/20)^2.
    expect((await json(['odds', 'test', '--target', '10', '--adv', '--json']))['success']).toBeCloseTo(0.75, 14);
    expect((await json(['odds', 'test', '--target', '10', '--dis', '--json']))['success']).toBeCloseTo(0.25, 14);
    expect((await json(['odds', 'test', '--target', '10', '--adv', '--dis', '--json']))['success']).toBeCloseTo(0.5, 14);
    expect((await json(['odds', 'challenge', '--target', '4', '--die', 'd6', '--json']))['success']).toBeCloseTo(2 / 6, 14);
    const feat = await json(['odds', 'challenge', '--target', '20', '--feat', '2', '--json']);
    expect(feat['featDie']).toBe('d4');
    expect(feat['success']).toBeCloseTo(10 / 80, 14); // d20 + d4 > 20
    const half = await json(['odds', 'test', '--target', '15', '--half', '--json']);
    expect(half['target']).toBe(8);
    expect(half['success']).toBeCloseTo(8 / 20, 14);
  });

  it('save: stat mod and a greater source', async () => {
    const o = await json(['odds', 'save', '--mod', '2', '--target', '14', '--level', '3', '--source-level', '5', '--json']);
    expect(o['dice']).toEqual(['d16']);
    expect(o['success']).toBeCloseTo(0.25, 14);
    expect(o['saved']).toBeCloseTo(0.25, 14);
    expect(o['expectedEffect']).toBeCloseTo(0.875, 14);
    expect((await json(['odds', 'save', '--mod=-1', '--target', '14', '--json']))['success']).toBeCloseTo(5 / 20, 14);
  });

  it('compete: success is the chance the first side wins; ties go to the second side, or are re-rolled', async () => {
    const defender = await json(['odds', 'compete', '--vs-mod', '0', '--json']);
    expect(defender['success']).toBeCloseTo(190 / 400, 14);
    const reroll = await json(['odds', 'compete', '--mod', '0', '--vs-mod', '0', '--ties', 'reroll', '--json']);
    expect(reroll['success']).toBeCloseTo(0.5, 14);
    expect(reroll['capResidual']).toBeGreaterThan(0);
    const stalemate = await json(['odds', 'compete', '--mod', '1', '--vs-mod', '-1', '--vs-steps', '1', '--ties', 'stalemate', '--json']);
    expect(stalemate['vsDice']).toEqual(['d24']);
    expect((stalemate['success'] as number) + (stalemate['second'] as number) + (stalemate['stalemate'] as number)).toBeCloseTo(1, 12);
  });
});

describe('roll <check>', () => {
  it('--json prints the roll record with its outcome, and the same seed gives the same roll', async () => {
    const a = await cli(['roll', 'challenge', '--target', '10', '--steps', '1', '--mod', '2', '--seed', '7', '--json'], FRESH_SEED);
    const b = await cli(['roll', 'challenge', '--target', '10', '--steps', '1', '--mod', '2', '--seed', '7', '--json'], FRESH_SEED);
    expect(a.out).toBe(b.out);
    const r = JSON.parse(a.out) as Record<string, unknown> & { record: { total: number; dice: { die: string; value: number }[] } };
    expect(r['seed']).toBe(7);
    expect(r['dice']).toEqual(['d24']);
    expect(r.record.dice[0]!.die).toBe('d24');
    expect(r['total']).toBe(r.record.dice[0]!.value + 2);
    expect(r['outcome']).toBe((r['total'] as number) > 10 ? 'success' : 'failure');
    expect(r['success']).toBe(r['outcome'] === 'success');
  });

  it('readable output: the dice after steps, the modifiers with their origin, the result, the seed', async () => {
    const r = await cli(['roll', 'test', '--target', '12', '--steps', '1', '--mod', '-1', '--seed', '3'], FRESH_SEED);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe('Test: d20 +1 step (--steps +1) -> d16 (on a Test favourable steps move down the chain)');
    expect(lines[1]).toBe("target 12 -1 (--mod -1) -> 11: succeed on 11 or less (static mods move a Test's target)");
    expect(lines[2]).toMatch(/^d16: \d+ (<= 11: success \(margin \d+\)|> 11: failure)$/);
    expect(lines[3]).toBe('seed 3 (the same roll again: --seed 3)');
  });

  it('an automatic success says so and rolls nothing', async () => {
    const r = await json(['roll', 'test', '--target', '25', '--seed', '1', '--json']);
    expect(r['automatic']).toBe('success');
    expect(r['record']).toBeNull();
    expect(r['outcome']).toBe('success');
  });

  it('save and compete roll with their outcome', async () => {
    const s = await json(['roll', 'save', '--mod', '1', '--target', '12', '--stat', 'DEX', '--all-or-nothing', '--seed', '9', '--json']);
    expect([0, 1]).toContain(s['effect']);
    expect(s['effect']).toBe(s['saved'] ? 0 : 1);
    const c = await json(['roll', 'compete', '--mod', '1', '--vs-mod', '0', '--seed', '9', '--json']);
    expect(['first', 'second']).toContain(c['winner']);
    expect(c['success']).toBe(c['winner'] === 'first');
    expect((c['rounds'] as unknown[]).length).toBe(1);
  });
});

describe('odds <check>: readable output', () => {
  it('shows the explanation, the table and the probability as a percentage', async () => {
    const r = await cli(['odds', 'challenge', '--target', '14', '--mod', '2', '--crit', '16'], FRESH_SEED);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Challenge: d20\n+2 to the roll (--mod +2)\ntarget 14: beat it (15 or more)\ncrit (C16) on a natural 20 of d20');
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('P(success) = 40.00%   P(crit) = 5.00%');
  });
});

describe('--crit-range: a widened crit range on checks and Saves (H-17, H-24)', () => {
  it('a Challenge and a Save that crit on 19-20 have twice the crit chance of the usual range', async () => {
    const usual = await json(['odds', 'challenge', '--target', '12', '--crit', '16', '--json']);
    const wide = await json(['odds', 'challenge', '--target', '12', '--crit', '16', '--crit-range', '2', '--json']);
    expect(usual['crit']).toBe(1 / 20);
    expect(wide['crit']).toBe(2 / 20);
    const save = await json(['odds', 'save', '--mod', '1', '--target', '12', '--crit', '16', '--crit-range', '3', '--json']);
    expect(save['crit']).toBeCloseTo(3 / 20, 12);
    expect(await json(['odds', 'save', '--mod', '1', '--target', '12', '--crit', '16', '--crit-range', '10', '--json'])).toHaveProperty('crit');
  });

  it('a rolled Save with a range of 10 crits on every natural 11-20, as the odds say', async () => {
    let crits = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const r = await cli(['roll', 'save', '--mod', '0', '--target', '5', '--crit', '16', '--crit-range', '10', '--json'], seed);
      const j = JSON.parse(r.out) as { natural: number; crit: boolean };
      expect(j.crit).toBe(j.natural >= 11);
      if (j.crit) crits += 1;
    }
    expect(crits).toBeGreaterThan(0);
  });
});

describe('bad input: one line on stderr, exit 2', () => {
  it.each([
    [['odds', 'test', '--target', '12', '--die', 'd9']],
    [['odds', 'test']],
    [['odds', 'test', '--target', 'x']],
    [['odds', 'test', '--target', '12', '--die', 'd100', '--steps', '1']],
    [['odds', 'test', '--target', '12', '--crit', 'big']],
    [['odds', 'test', '--target', '12', '--feat', '11']],
    [['odds', 'test', '--target', '12', '--steps', '101']],
    [['roll', 'save', '--mod', '1', '--target', '12', '--level', '3']],
    [['odds', 'compete', '--ties', 'coin']],
    [['odds', 'challenge', '--target', '12', '--crit', '16', '--crit-range', '11']],
    [['odds', 'challenge', '--target', '12', '--crit', '16', '--crit-range', '0']],
    [['odds', 'challenge', '--target', '12', '--crit-range', '2']],
    [['roll', 'save', '--mod', '1', '--target', '12', '--crit', '16', '--crit-range', '11']],
  ])('%j', async (args) => {
    const r = await cli(args, FRESH_SEED);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^hammercrawl: .+\n$/);
    expect(r.err.split('\n')).toHaveLength(2);
    expect(r.err).not.toContain('internal error');
  });
});

describe('--stock and --stat: the roller\'s stock abilities on a check (STOCKS; ST-8, ST-9, ST-14)', () => {
  it("a Troll's STR Test is one step better (d20 -> d16); another stat is not", async () => {
    const troll = await json(['odds', 'test', '--target', '12', '--stat', 'STR', '--stock', 'troll', '--json']);
    expect(troll['dice']).toEqual(['d16']);
    expect(troll['success']).toBe(0.75);
    expect(String(troll['explanation'])).toMatch(/Monstrous Strength/);
    const dex = await json(['odds', 'test', '--target', '12', '--stat', 'DEX', '--stock', 'troll', '--json']);
    expect(dex['dice']).toEqual(['d20']);
  });

  it('a Droffen STR Save adds the level on stone, not --off-earth; an Elfin INT Save at --full-health has an Advantage', async () => {
    const base = ['odds', 'save', '--mod', '0', '--target', '12', '--stat', 'STR', '--stock', 'droffen', '--stock-level', '4', '--json'];
    const on = await json(base);
    const off = await json([...base, '--off-earth']);
    const plus4 = await json(['odds', 'save', '--mod', '4', '--target', '12', '--stat', 'STR', '--json']);
    expect(on['saved']).toBeCloseTo(plus4['saved'] as number, 12);
    expect(off['saved']).toBeLessThan(on['saved'] as number);
    const elf = await json(['odds', 'save', '--mod', '0', '--target', '12', '--stat', 'INT', '--stock', 'elfin', '--full-health', '--json']);
    const adv = await json(['odds', 'save', '--mod', '0', '--target', '12', '--stat', 'INT', '--adv', '--json']);
    expect(elf['saved']).toBeCloseTo(adv['saved'] as number, 12);
  });

  it('an unknown stock is refused, naming the flag', async () => {
    const r = await cli(['odds', 'test', '--target', '12', '--stat', 'STR', '--stock', 'martian'], FRESH_SEED);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.err).toMatch(/--stock/);
  });
});
