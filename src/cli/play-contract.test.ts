/**
 * The CLI contract promised for play (README, "CLI"): `odds attack`, `odds cast`, `roll attack`,
 * `roll cast`, their JSON shapes exactly, and each odds held against its roll.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { cli } from '../../test/cli.js';
import { EXIT_BAD_INPUT } from './options.js';
import { ATTACK_MECHANIC } from './mechanic-attack.js';
import { CAST_MECHANIC, MAX_SPELL_DIE } from './mechanic-cast.js';

const ATTACK = ['--target', '12', '--mod', '1', '--harm', 'd8', '--harm-mod', '1', '--health', 'd8', '--armour', 'd6', '--con', '0'];

describe('odds attack --json', () => {
  it('prints exactly { hit, crit, outcomes: [{ armour, health, p }] }, a miss included with the dice unchanged', async () => {
    const r = await cli(['odds', 'attack', ...ATTACK, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { hit: number; crit: number; outcomes: { armour: string | null; health: string | null; p: number }[] };
    expect(Object.keys(json)).toEqual(['hit', 'crit', 'outcomes']);
    // d20 + 1 beats 12 on 12-20: 9 in 20; the crit is the natural 20.
    expect(json.hit).toBeCloseTo(9 / 20, 12);
    expect(json.crit).toBeCloseTo(1 / 20, 12);
    for (const o of json.outcomes) expect(Object.keys(o)).toEqual(['armour', 'health', 'p']);
    expect(json.outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    const unchanged = json.outcomes.find((o) => o.armour === 'd6' && o.health === 'd8')!;
    expect(unchanged.p).toBeGreaterThanOrEqual(11 / 20);
  });

  it('--penetrating reaches the Health Die; down is health null', async () => {
    const r = await cli(['odds', 'attack', '--target', '5', '--harm', 'd12', '--health', 'd3', '--armour', 'd12', '--penetrating', '--json']);
    const json = JSON.parse(r.out) as { outcomes: { armour: string | null; health: string | null; p: number }[] };
    expect(json.outcomes.some((o) => o.health === null && o.armour === 'd12')).toBe(true);
  });

  it('refuses a die off the chain with one line and exit 2', async () => {
    const r = await cli(['odds', 'attack', '--target', '12', '--harm', 'd9', '--health', 'd8', '--json']);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.err).toMatch(/^hammercrawl: --harm d9 is not a die of the chain/);
  });
});

describe('roll attack --json', () => {
  it('prints { seed, hit, crit, dv, armour, health, down, lines }; the same seed, the same roll', async () => {
    const a = await cli(['roll', 'attack', ...ATTACK, '--seed', '3', '--json']);
    const b = await cli(['roll', 'attack', ...ATTACK, '--seed', '3', '--json']);
    expect(a.out).toBe(b.out);
    expect(Object.keys(JSON.parse(a.out) as object)).toEqual(['seed', 'hit', 'crit', 'dv', 'armour', 'health', 'down', 'lines']);
  });

  it('rolled many times, lands within 4 sigma of the odds of every outcome', () => {
    const flags = { target: 10, harm: 8, health: 6, armour: 4 };
    const odds = ATTACK_MECHANIC.odds(flags).json as { outcomes: { armour: string | null; health: string | null; p: number }[] };
    const rng = seededRandom(11);
    const n = 20000;
    const seen = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const r = ATTACK_MECHANIC.roll(rng, flags).json as { armour: string | null; health: string | null };
      const k = `${r.armour}/${r.health}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    for (const o of odds.outcomes) {
      const got = (seen.get(`${o.armour}/${o.health}`) ?? 0) / n;
      expect(Math.abs(got - o.p)).toBeLessThanOrEqual(4 * Math.sqrt((o.p * (1 - o.p)) / n) + 1e-9);
    }
  });
});

describe('odds cast / roll cast', () => {
  it('odds prints exactly { keep, burn }: d6 against level 2 keeps 4 in 6, no burn without Mana-burn', async () => {
    const r = await cli(['odds', 'cast', '--spell-die', 'd6', '--level', '2', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as Record<string, number>;
    expect(Object.keys(json)).toEqual(['keep', 'burn']);
    expect(json['keep']).toBeCloseTo(4 / 6, 12);
    expect(json['burn']).toBe(0);
  });

  it('--mana-burn keeps the spell and burns on two failures: (2/6)^2', async () => {
    const json = JSON.parse((await cli(['odds', 'cast', '--spell-die', 'd6', '--level', '2', '--mana-burn', '--json'])).out) as Record<string, number>;
    expect(json['keep']).toBeCloseTo(1, 12);
    expect(json['burn']).toBeCloseTo(1 / 9, 12);
  });

  it('roll prints { seed, keep, burn, burnSteps, burnedOut, die, faces, lines }, within 4 sigma of the odds', async () => {
    const r = await cli(['roll', 'cast', '--spell-die', 'd6', '--level', '4', '--mana-burn', '--seed', '1', '--json']);
    expect(Object.keys(JSON.parse(r.out) as object)).toEqual(['seed', 'keep', 'burn', 'burnSteps', 'burnedOut', 'die', 'faces', 'lines']);
    const flags = { 'spell-die': 4, level: 2, 'mana-burn': true };
    const odds = CAST_MECHANIC.odds(flags).json as { keep: number; burn: number };
    const rng = seededRandom(5);
    const n = 20000;
    let burns = 0;
    for (let i = 0; i < n; i++) if ((CAST_MECHANIC.roll(rng, flags).json as { burn: boolean }).burn) burns++;
    expect(Math.abs(burns / n - odds.burn)).toBeLessThanOrEqual(4 * Math.sqrt((odds.burn * (1 - odds.burn)) / n));
  });

  it(`takes a Spell Die up to d${MAX_SPELL_DIE}, refuses the next die of the chain`, async () => {
    expect((await cli(['odds', 'cast', '--spell-die', `d${MAX_SPELL_DIE}`, '--level', '1', '--json'])).code).toBe(0);
    const past = await cli(['odds', 'cast', '--spell-die', 'd12', '--level', '1', '--json']);
    expect(past.code).toBe(EXIT_BAD_INPUT);
    expect(past.err).toMatch(/--spell-die d12 is not a Spell Die/);
  });
});

describe('step past the top of the chain', () => {
  it('steps d30+d3 back down: step d30+d3 -1 is d30', async () => {
    const r = await cli(['step', 'd30+d3', '-1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ from: 'd30+d3', steps: -1, dice: [30], explanation: 'd30+d3 -1 step -> d30' });
    expect((await cli(['step', 'd30+d30+d4', '-15'])).out).toBe('d30+d30+d4 -15 steps -> d30\n');
  });

  it('refuses dice that are no place on the extended chain', async () => {
    const r = await cli(['step', 'd20+d3', '-1']);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.err).toMatch(/'d20\+d3' is not a die of the HAMMERCRAWL! dice chain/);
  });
});

describe('odds save --feat', () => {
  it('adds the Feat Die of --level: d20 + d6 + 1 beats 14 at level 5', async () => {
    const r = await cli(['odds', 'save', '--mod', '1', '--target', '14', '--level', '5', '--feat', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { featDie: string; success: number };
    expect(json.featDie).toBe('d6');
    let wins = 0;
    for (let d = 1; d <= 20; d++) for (let f = 1; f <= 6; f++) if (d + f + 1 > 14) wins++;
    expect(json.success).toBeCloseTo(wins / 120, 12);
  });

  it('needs --level, and --weak needs --feat', async () => {
    expect((await cli(['odds', 'save', '--mod', '1', '--target', '14', '--feat'])).err).toMatch(/--feat needs --level/);
    expect((await cli(['odds', 'save', '--mod', '1', '--target', '14', '--weak'])).err).toMatch(/--weak needs --feat/);
  });
});

describe('compete --crit', () => {
  it("gives each side's chance to crit; a d12 cannot crit at C16", async () => {
    const r = await cli(['odds', 'compete', '--crit', '16', '--vs-die', 'd12', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { crit: number; vsCrit: number };
    expect(json.crit).toBeCloseTo(1 / 20, 12);
    expect(json.vsCrit).toBe(0);
    const roll = JSON.parse((await cli(['roll', 'compete', '--crit', '16', '--seed', '4', '--json'])).out) as { crit: boolean; vsCrit: boolean };
    expect(typeof roll.crit).toBe('boolean');
    expect(typeof roll.vsCrit).toBe('boolean');
  });
});

describe('sim from the command line', () => {
  const GOBLINS = 'goblin:hd=1,attack=+2,defense=12,damage=d6,count=2';
  it('runs as sim and as simulate, the same output for the same seed', async () => {
    const a = await cli(['sim', '--generate', '2', '--monster', GOBLINS, '--runs', '30', '--seed', '5', '--json']);
    const b = await cli(['simulate', '--generate', '2', '--monster', GOBLINS, '--runs', '30', '--seed', '5', '--json']);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    const json = JSON.parse(a.out) as { runs: number; partyWins: number; rounds: { mean: number } };
    expect(json.runs).toBe(30);
    expect(json.partyWins).toBeGreaterThanOrEqual(0);
    expect(json.rounds.mean).toBeGreaterThan(0);
  });
});
