/** CLI tests of the `resource` and `soak` mechanics (mechanic-resource.ts, mechanic-soak.ts). */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { hitOutcomes, hitOutcomesForDamageRoll, rollHit } from '../rules/hammercrawl/damage.js';
import { distributionOf } from '../dice/distribution.js';
import { resourceOdds, rollResourceUses } from '../rules/hammercrawl/resource-die.js';
import { EXIT_BAD_INPUT, toJson } from './options.js';
import { FRESH_SEED, cli } from '../../test/cli.js';
import { RESOURCE_MECHANIC, RESOURCE_MECHANICS } from './mechanic-resource.js';
import { SOAK_MECHANIC } from './mechanic-soak.js';
import { MECHANICS } from './mechanics.js';

interface ResourceOddsJson {
  die: string;
  uses: number;
  depleted: number;
  expectedUses: number;
  distribution: { die: string | null; p: number }[];
}
interface SoakOddsJson {
  outcomes: { armour: string | null; health: string | null; p: number }[];
  keepHealthDie: number;
  down: number;
}

describe('registration', () => {
  it('offers resource and soak under roll and odds', async () => {
    expect(RESOURCE_MECHANICS.map((m) => m.name)).toEqual(['resource', 'soak']);
    for (const m of RESOURCE_MECHANICS) expect(MECHANICS).toContain(m);
    const help = (await cli(['odds', '--help'])).out;
    expect(help).toMatch(/resource/);
    expect(help).toMatch(/soak/);
  });
});

describe('the JSON contract (the mechanics as main.ts calls them)', () => {
  it('odds resource: { depleted, expectedUses, distribution: [{ die: "d12", p } ... { die: null, p }] }', () => {
    const json = RESOURCE_MECHANIC.odds({ die: 12, uses: 10 }).json as unknown as ResourceOddsJson;
    const exact = resourceOdds(12, 10);
    expect(json.depleted).toBe(exact.depleted);
    expect(json.expectedUses).toBe(27.5);
    expect(json.distribution.map((x) => x.die)).toEqual(['d12', 'd10', 'd8', 'd7', 'd6', 'd5', 'd4', 'd3', null]);
    expect(json.distribution.map((x) => x.p)).toEqual(exact.distribution.map((x) => x.p));
    expect(json.distribution.at(-1)!.p).toBe(json.depleted);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('odds resource: --uses defaults to 1', () => {
    const json = RESOURCE_MECHANIC.odds({ die: 3 }).json as unknown as ResourceOddsJson;
    expect(json.uses).toBe(1);
    expect(json.depleted).toBeCloseTo(2 / 3, 15);
  });

  it('odds soak: { outcomes: [{ armour, health, p }] } with the rules example', () => {
    const json = SOAK_MECHANIC.odds({ health: 4, con: 1, dv: '7' }).json as unknown as SoakOddsJson;
    expect(json.outcomes.map((o) => [o.armour, o.health])).toEqual([
      [null, 'd3'],
      [null, null],
    ]);
    expect(json.outcomes[0]!.p).toBeCloseTo(1 / 3, 15);
    expect(json.down).toBeCloseTo(2 / 3, 15);
    const armoured = SOAK_MECHANIC.odds({ health: 8, armour: 6, dv: '5', crit: true, 'crit-to': 'health' }).json as unknown as SoakOddsJson;
    const exact = hitOutcomes({ healthDie: 8, armourDie: 6, conMod: 0 }, { dv: 5, isCrit: true, critStepTo: 'health' });
    expect(armoured.outcomes).toEqual(exact.map((o) => ({ armour: o.armourDie === null ? null : `d${o.armourDie}`, health: o.healthDie === null ? null : `d${o.healthDie}`, p: o.p })));
  });

  it('odds soak: a DV written as notation mixes over the roll', () => {
    const json = SOAK_MECHANIC.odds({ health: 8, armour: 6, con: 1, dv: 'd8+1' }).json as unknown as SoakOddsJson & { dv: string };
    const exact = hitOutcomesForDamageRoll({ healthDie: 8, armourDie: 6, conMod: 1 }, distributionOf('d8+1'), {});
    expect(json.dv).toBe('1d8+1');
    expect(json.outcomes.map((o) => o.p)).toEqual(exact.map((o) => o.p));
  });

  it('roll resource and roll soak give the same result as the rules functions with the same seed', () => {
    const r = RESOURCE_MECHANIC.roll(seededRandom(9), { die: 8, uses: 6 }).json as { uses: { face: number }[]; after: string | null; depleted: boolean };
    const core = rollResourceUses(seededRandom(9), 8, 6);
    expect(r.uses.map((u) => u.face)).toEqual(core.uses.map((u) => u.face));
    expect(r.after).toBe(core.after === null ? null : `d${core.after}`);
    const s = SOAK_MECHANIC.roll(seededRandom(4), { health: 6, armour: 4, dv: '9' }).json as { events: unknown[]; armour: string | null; health: string | null };
    const hit = rollHit(seededRandom(4), { healthDie: 6, armourDie: 4, conMod: 0, armourCoverage: 'full', isArmourMagickal: false }, { dv: 9, isCrit: false, isPenetrating: false, isMagickal: false, critStepTo: 'armour' });
    expect(s.events).toEqual(hit.events);
    expect([s.armour, s.health]).toEqual([hit.defender.armourDie === null ? null : `d${hit.defender.armourDie}`, `d${hit.defender.healthDie}`]);
  });
});

describe('readable output through runCli', () => {
  it('odds resource: a percentage per die, P(depleted) and the expected uses', async () => {
    const r = await cli(['odds', 'resource', '--die', 'd12', '--uses', '10']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toContain('resource d12 after 10 uses');
    expect(r.out).toMatch(/ d10 {3}27\.07% {2}#+/);
    expect(r.out).toMatch(/depleted {4}0\.23%/);
    expect(r.out).toContain('P(depleted within 10 uses) = 0.23%');
    expect(r.out).toContain('expected uses before a fresh d12 is depleted: 27.5 (the use whose roll depletes it counted)');
  });

  it('roll resource: every use, then the die; the seed to repeat it', async () => {
    const r = await cli(['roll', 'resource', '--die', 'd4', '--uses', '20']);
    expect(r.code).toBe(0);
    const core = rollResourceUses(seededRandom(FRESH_SEED), 4, 20);
    for (const [i, u] of core.uses.entries()) expect(r.out).toContain(`use ${i + 1}: ${u.explanation}`);
    expect(r.out).toContain(core.after === null ? `depleted after ${core.uses.length} uses` : `now d${core.after}`);
    expect(r.out).toContain(`seed ${FRESH_SEED} (the same roll again: --seed ${FRESH_SEED})`);
  });

  it('odds soak: the rules example in percentages', async () => {
    const r = await cli(['odds', 'soak', '--health', 'd4', '--con', '1', '--dv', '7']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('hit DV 7 against Health d4 (CON +1), no armour');
    expect(r.out).toMatch(/none {6}d3 {3}33\.33%/);
    expect(r.out).toMatch(/none {4}down {3}66\.67%/);
    expect(r.out).toContain('P(down, unconscious and dying) = 66.67%');
  });

  it('negative flag values work: --con -1', async () => {
    // d4 - 1 has a highest roll of 3: DV 3 overwhelms it to d3 and leaves nothing.
    const r = await cli(['odds', 'soak', '--health', 'd4', '--con', '-1', '--dv', '3']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('(CON -1)');
    expect(r.out).toMatch(/none {6}d3 {2}100\.00%/);
    expect((await cli(['odds', 'soak', '--health', 'd4', '--con=-1', '--dv', '3'])).out).toBe(r.out);
  });

  it('roll soak: every step (Overwhelming, the soak roll) and the result', async () => {
    const r = await cli(['roll', 'soak', '--health', 'd8', '--armour', 'd4', '--dv', '10']);
    expect(r.code).toBe(0);
    const hit = rollHit(seededRandom(FRESH_SEED), { healthDie: 8, armourDie: 4 }, { dv: 10 });
    for (const e of hit.events) expect(r.out).toContain(`  ${e.text}\n`);
    expect(r.out).toContain('Overwhelming: DV 10 >= 4 (d4, the highest possible soak roll): DV 10 - 4 = 6, Armour Die d4 -> d3');
    expect(r.out).toContain('spills over to the Health Die d8');
    expect(r.out).toMatch(/soak roll: d8 rolled \d+ vs DV 3/);
    expect(r.out).toMatch(/result: Armour destroyed, Health d[78]\n/);
  });

  it('roll soak: a DV written as notation is rolled first', async () => {
    const r = await cli(['roll', 'soak', '--health', 'd8', '--dv', 'd6+2', '--penetrating', '--crit']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/damage roll: 1d6\+2 = [3-8]\n/);
    expect(r.out).toContain('Crit: a free Overwhelming damage step');
  });
});

describe('bad input: one line on stderr, exit 2', () => {
  it.each([
    [['odds', 'resource', '--die', 'd9', '--uses', '3'], /chain\/not-on-chain: d9 is not on the HAMMERCRAWL! dice chain/],
    [['roll', 'resource', '--die', 'd12', '--uses', '-1'], /resource\/uses-out-of-range/],
    [['odds', 'resource', '--die', 'd12', '--uses', '10001'], /from 0 to 10000, got 10001/],
    [['odds', 'resource', '--die', 'twelve'], /'twelve' is not a die/],
    [['odds', 'resource', '--uses', '3'], /--die/],
    [['odds', 'soak', '--health', 'd8', '--dv', '-1'], /damage\/dv-out-of-range/],
    [['odds', 'soak', '--health', 'd8', '--dv', '10001'], /damage\/dv-out-of-range/],
    [['roll', 'soak', '--health', 'd8', '--dv', '3x'], /notation\/unexpected/],
    [['odds', 'soak', '--dv', '3'], /--health/],
    [['odds', 'soak', '--health', 'd8'], /--dv/],
    [['odds', 'soak', '--health', 'd8', '--dv', '3', '--con', '1.5'], /whole number/],
    [['odds', 'soak', '--health', 'd8', '--dv', '3', '--con', '21'], /damage\/con-out-of-range/],
    [['odds', 'soak', '--health', 'd8', '--armour', 'd11', '--dv', '3'], /an Armour Die must be one of them/],
    [['roll', 'soak', '--health', 'd8', '--dv', '3', '--crit-to', 'head'], /expected one of armour, health/],
  ])('%j', async (args, message) => {
    const r = await cli(args as string[]);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^hammercrawl: /);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/internal error|\n\s+at /);
  });
});

describe('--json and --seed through runCli', () => {
  it('odds resource --json prints the contract object', async () => {
    const r = await cli(['odds', 'resource', '--die', 'd12', '--uses', '10', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(JSON.parse(toJson(RESOURCE_MECHANIC.odds({ die: 12, uses: 10 }).json)));
  });

  it('odds soak --json prints the contract object', async () => {
    const r = await cli(['odds', 'soak', '--health', 'd4', '--con', '-1', '--dv', '7', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as SoakOddsJson;
    expect(json).toEqual(JSON.parse(toJson(SOAK_MECHANIC.odds({ health: 4, con: -1, dv: '7' }).json)));
    expect(json.outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
  });

  it('roll resource and roll soak with --seed --json repeat and carry the seed', async () => {
    const a = await cli(['roll', 'resource', '--die', 'd6', '--uses', '4', '--seed', '3', '--json']);
    expect(JSON.parse(a.out).seed).toBe(3);
    expect((await cli(['roll', 'resource', '--die', 'd6', '--uses', '4', '--seed', '3', '--json'])).out).toBe(a.out);
    const s = await cli(['roll', 'soak', '--health', 'd6', '--dv', '5', '--seed', '8', '--json']);
    expect(JSON.parse(s.out)).toMatchObject({ seed: 8, dv: 5 });
  });
});
