import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../../dice/random.js';
import { hammerPoolOdds, nodePool } from '../hammer-pools.js';
import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';
import { ruleSystem } from '../rule-system.js';
import { BURNED_OUT_RECOVERY_DIE, CAMP_EFFECTS, manaBurnRecoveryOdds, rollManaBurnRecovery } from './camping.js';
import { TORCH_BURN_MS, lightRemainingMs } from './light.js';
import { MAX_LIMIT_USES, scopesRestoredBy, type LimitScope } from './limits.js';
import {
  DUNGEON_MAX_NODES,
  DUNGEON_MIN_NODES,
  MAX_DUNGEON_DIFFICULTY,
  MAX_PARTY_SIZE,
  VentureNeedsDiceError,
  applyVenture,
  crawlLevelForXp,
  defaultTreasureTier,
  foldVenture,
  lightsAt,
  newVenture,
  rollVentureCommand,
  treasureTier,
  type VentureCommand,
  type VentureEvent,
  type VentureState,
} from './venture.js';

const MIN = 60_000;
const PARTY = [
  { id: 'ana', xp: 0 },
  { id: 'bo', xp: 0 },
];

class Table {
  readonly log: VentureEvent[] = [];
  state: VentureState;
  constructor(
    readonly rng: RandomSource = scriptedRandom([]),
    readonly start: VentureState = newVenture(PARTY),
  ) {
    this.state = start;
  }
  run(command: VentureCommand): VentureState {
    const r = rollVentureCommand(this.rng, this.state, command);
    if (!r.ok) throw new Error(`${command.kind}: ${r.error.code} ${r.error.message}`);
    this.log.push(...r.value.events);
    this.state = r.value.state;
    return r.value.state;
  }
  refuse(command: VentureCommand): string {
    const r = rollVentureCommand(this.rng, this.state, command);
    if (r.ok) throw new Error(`${command.kind} was accepted`);
    expect(r.error.message.length).toBeGreaterThan(10);
    return r.error.code;
  }
}

const limit = (s: VentureState, holder: string, ability: string) => s.limits.find((l) => l.holder === holder && l.ability === ability)!;

describe('a Venture (VENTURES AND SESSION STRUCTURE; THE HAMMER DICE; CRAWL MODE)', () => {
  it('from town through nodes and back: node pools, marks, bosses, XP, camps and limits', () => {
    // node 1: purple 8 (chaos star), purple 4 (skull), blue 3 (hammer)
    // node 2: purple 2 (crossblades), purple 1 (blank), blue 7 (falcon), black 1 (blank: the skull's extra die)
    const t = new Table(scriptedRandom([8, 4, 3, 2, 1, 7, 1]));
    t.run({ kind: 'set-limit', holder: 'bo', ability: 'hd-rerolls', scope: 'venture', max: 2 });
    t.run({ kind: 'set-limit', holder: 'ana', ability: 'spells', scope: 'night', max: 3 });
    t.run({ kind: 'set-limit', holder: 'ana', ability: 'second-wind', scope: 'camp-break', max: 1 });
    t.run({ kind: 'set-limit', holder: 'bo', ability: 'dungeon-boon', scope: 'dungeon', max: 1 });
    expect(t.refuse({ kind: 'enter-node', at: 0 })).toBe('venture/in-town');
    t.run({ kind: 'start-venture', at: 0, dungeon: { id: 'warren', level: 2, difficulty: 2, nodes: 3 } });
    expect(t.state).toMatchObject({ location: 'dungeon', venture: 1 });
    t.run({ kind: 'enter-node', at: 5 * MIN });
    const s1 = t.run({ kind: 'roll-node', at: 6 * MIN });
    expect(s1.node!.pool!.dice.map((d) => d.colour)).toEqual(['purple', 'purple', 'blue']);
    expect(s1.node!.remaining).toMatchObject({ hammer: 1, skull: 1, 'chaos-star': 1, crossblades: 0 });
    expect(t.refuse({ kind: 'clear-node', at: 7 * MIN, survivors: ['ana', 'bo'] })).toBe('venture/not-resolved');
    expect(t.refuse({ kind: 'resolve-node', uses: [{ symbol: 'hammer', use: 'node-treasure' }] })).toBe('venture/mark-count');
    expect(t.refuse({ kind: 'resolve-node', uses: [{ symbol: 'hammer', use: 'node-hostile-encounter' }, { symbol: 'skull', use: 'node-skull-black-die' }, { symbol: 'chaos-star', use: 'node-boss-monster' }] })).toBe('venture/unknown-use');
    expect(t.refuse({ kind: 'resolve-node', uses: [{ symbol: 'hammer', use: 'node-treasure', tier: 12 }, { symbol: 'skull', use: 'node-skull-black-die' }, { symbol: 'chaos-star', use: 'node-boss-monster' }] })).toBe('venture/treasure-tier');
    const s2 = t.run({
      kind: 'resolve-node',
      uses: [
        { symbol: 'hammer', use: 'node-treasure' },
        { symbol: 'skull', use: 'node-skull-black-die' },
        { symbol: 'chaos-star', use: 'node-boss-monster' },
      ],
    });
    expect(s2.node!.outcome).toMatchObject({ treasureTiers: [2], bosses: 1 });
    expect(s2.dungeon!.skullsNext).toBe(1);
    // the boss rewards bonus XP equal to the dungeon level
    t.run({ kind: 'defeat-boss', survivors: ['ana', 'bo'] });
    expect(t.refuse({ kind: 'defeat-boss', survivors: ['ana'] })).toBe('venture/no-boss');
    const s3 = t.run({ kind: 'clear-node', at: 20 * MIN, survivors: ['ana', 'bo'] });
    expect(s3.party).toEqual([
      { id: 'ana', xp: 3 },
      { id: 'bo', xp: 3 },
    ]);
    // a camp break between rooms restores camp-break limits only
    t.run({ kind: 'use-limit', holder: 'ana', ability: 'second-wind' });
    t.run({ kind: 'use-limit', holder: 'ana', ability: 'spells', uses: 3 });
    t.run({ kind: 'use-limit', holder: 'bo', ability: 'hd-rerolls' });
    expect(t.refuse({ kind: 'use-limit', holder: 'ana', ability: 'second-wind' })).toBe('venture/limit-spent');
    t.run({ kind: 'camp', at: 21 * MIN, camp: 'break' });
    expect(limit(t.state, 'ana', 'second-wind').used).toBe(0);
    expect(limit(t.state, 'ana', 'spells').used).toBe(3);
    expect(limit(t.state, 'bo', 'hd-rerolls').used).toBe(1);
    // node 2 rolls the skull's extra black die
    t.run({ kind: 'enter-node', at: 22 * MIN });
    const s4 = t.run({ kind: 'roll-node', at: 22 * MIN });
    expect(s4.node!.pool!.dice.map((d) => d.colour)).toEqual(['purple', 'purple', 'blue', 'black']);
    expect(s4.node!.remaining).toMatchObject({ crossblades: 1, falcon: 1, hammer: 0 });
    t.run({ kind: 'resolve-node', uses: [{ symbol: 'crossblades', use: 'node-hostile-encounter' }, { symbol: 'falcon', use: 'node-favourable-feature' }] });
    expect(t.state.dungeon!.skullsNext).toBe(0);
    // bo falls: only ana explored and survived the node
    t.run({ kind: 'clear-node', at: 40 * MIN, survivors: ['ana'] });
    expect(t.state.party.map((m) => m.xp)).toEqual([4, 3]);
    // a full night restores night and camp-break limits, not venture limits
    t.run({ kind: 'camp', at: 41 * MIN, camp: 'night' });
    expect(limit(t.state, 'ana', 'spells').used).toBe(0);
    expect(limit(t.state, 'bo', 'hd-rerolls').used).toBe(1);
    t.run({ kind: 'enter-node', at: 50 * MIN });
    t.run({ kind: 'clear-node', at: 55 * MIN, survivors: ['ana', 'bo'] });
    expect(t.refuse({ kind: 'enter-node', at: 56 * MIN })).toBe('venture/dungeon-explored');
    // another dungeon in the same Venture restores dungeon limits only
    t.run({ kind: 'use-limit', holder: 'bo', ability: 'dungeon-boon' });
    t.run({ kind: 'enter-dungeon', at: 57 * MIN, dungeon: { id: 'crypt', level: 3, difficulty: 3 } });
    expect(limit(t.state, 'bo', 'dungeon-boon').used).toBe(0);
    expect(limit(t.state, 'bo', 'hd-rerolls').used).toBe(1);
    // the return to town restores everything
    const end = t.run({ kind: 'return-to-town', at: 90 * MIN });
    expect(end.location).toBe('town');
    expect(end.limits.every((l) => l.used === 0)).toBe(true);
    expect(end.nodesCleared).toBe(3);
    expect(foldVenture(t.log, newVenture(PARTY))).toEqual(end);
  });

  it('comets and chaos stars add dice to every following pool until the party leaves the dungeon', () => {
    // difficulty 0: one blue die; 3 is a hammer
    const t = new Table(scriptedRandom([3, 1, 1, 1]));
    t.run({ kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: 0 } });
    t.run({ kind: 'enter-node', at: 0 });
    t.run({ kind: 'roll-node', at: 0 });
    t.run({ kind: 'resolve-node', uses: [{ symbol: 'hammer', use: 'node-friendly-encounter' }] });
    t.run({ kind: 'clear-node', at: 0, survivors: [] });
    expect(t.state.party.map((m) => m.xp)).toEqual([0, 0]);
    const s = { ...t.state, dungeon: { ...t.state.dungeon!, comets: 1, chaosStars: 1 } };
    const u = new Table(scriptedRandom([1, 1, 1]), s);
    u.run({ kind: 'enter-node', at: 0 });
    expect(u.run({ kind: 'roll-node', at: 0 }).node!.pool!.dice.map((d) => d.colour)).toEqual(['blue', 'blue', 'purple']);
  });

  it('a node pool gives the exact odds of hammers-pools (reuse, not a copy)', () => {
    const pool = nodePool({ difficulty: 2 });
    expect(hammerPoolOdds(pool).pNetHammer).toBeGreaterThan(0);
    expect(hammerPoolOdds(pool).pXp).toBe(0);
  });

  it('treasure tiers, the default tier, and crawl-mode levels', () => {
    const top = treasureTier(11);
    expect(top.ok && top.value).toMatchObject({ id: 'artifacts' });
    expect(treasureTier(0).ok).toBe(false);
    expect(treasureTier(12).ok).toBe(false);
    expect(defaultTreasureTier(1)).toBe(1);
    expect(defaultTreasureTier(15)).toBe(10);
    expect([0, 9, 10, 29, 30, 450, 10_000].map(crawlLevelForXp)).toEqual([1, 1, 2, 2, 3, 10, 10]);
  });

  it('party changes only in town; limits at and past their constants', () => {
    const t = new Table();
    expect(t.refuse({ kind: 'join', member: { id: 'ana', xp: 0 } })).toBe('venture/duplicate-member');
    t.run({ kind: 'join', member: { id: 'cy', xp: 12 } });
    expect(t.refuse({ kind: 'set-limit', holder: 'cy', ability: 'x', scope: 'venture', max: MAX_LIMIT_USES + 1 })).toBe('venture/bad-max');
    t.run({ kind: 'set-limit', holder: 'cy', ability: 'x', scope: 'venture', max: MAX_LIMIT_USES });
    t.run({ kind: 'use-limit', holder: 'cy', ability: 'x', uses: MAX_LIMIT_USES });
    expect(t.refuse({ kind: 'use-limit', holder: 'cy', ability: 'x' })).toBe('venture/limit-spent');
    const big = new Table(scriptedRandom([]), newVenture(Array.from({ length: MAX_PARTY_SIZE }, (_, i) => ({ id: `m${i}`, xp: 0 }))));
    expect(big.refuse({ kind: 'join', member: { id: 'one-more', xp: 0 } })).toBe('venture/party-full');
    for (const nodes of [DUNGEON_MIN_NODES, DUNGEON_MAX_NODES]) {
      expect(applyVenture(newVenture(PARTY), { kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: MAX_DUNGEON_DIFFICULTY, nodes } }).ok).toBe(true);
    }
    for (const nodes of [DUNGEON_MIN_NODES - 1, DUNGEON_MAX_NODES + 1]) {
      const r = applyVenture(newVenture(PARTY), { kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: 1, nodes } });
      expect(!r.ok && r.error.code).toBe('venture/dungeon-size');
    }
    const hard = applyVenture(newVenture(PARTY), { kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: MAX_DUNGEON_DIFFICULTY + 1 } });
    expect(!hard.ok && hard.error.code).toBe('venture/dungeon-difficulty');
    t.run({ kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: 1 } });
    expect(t.refuse({ kind: 'leave', id: 'cy' })).toBe('venture/not-in-town');
    t.run({ kind: 'enter-node', at: 0 });
    expect(() => applyVenture(t.state, { kind: 'roll-node', at: 0 })).toThrow(VentureNeedsDiceError);
  });

  it('party resource dice: a use rolls the die; a teardrop used as a resource loss steps it down', () => {
    // blue die 1 (blank) with difficulty 0: nothing remains
    const t = new Table(scriptedRandom([2, 1]));
    t.run({ kind: 'set-resource', id: 'rations', die: 12 });
    expect(t.refuse({ kind: 'set-resource', id: 'ammo', die: 9 })).toBe('venture/not-a-resource-die');
    t.run({ kind: 'use-resource', id: 'rations' });
    expect(t.state.resources['rations']).toBe(10);
    t.run({ kind: 'set-resource', id: 'torch-oil', die: null });
    expect(t.refuse({ kind: 'use-resource', id: 'torch-oil' })).toBe('venture/resource-depleted');
    // A name an object inherits is no resource the party tracks (it once failed as an internal error).
    for (const id of ['toString', 'constructor', '__proto__']) expect(t.refuse({ kind: 'use-resource', id })).toBe('venture/unknown-resource');
    t.run({ kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: 0 } });
    t.run({ kind: 'enter-node', at: 0 });
    t.run({ kind: 'roll-node', at: 0 });
    // nothing remained, but the Smith's table may still state one via a fresh state: resolve with no uses
    t.run({ kind: 'resolve-node', uses: [] });
    const withTear = { ...t.state, node: { ...t.state.node!, outcome: null, remaining: { ...t.state.node!.remaining!, teardrop: 1 } } };
    const r = applyVenture(withTear, { kind: 'resolve-node', uses: [{ symbol: 'teardrop', use: 'node-resource-loss', resource: 'rations' }] });
    expect(r.ok && r.value.state.resources['rations']).toBe(8);
  });
});

describe('light sources in real time (LIGHT SOURCES)', () => {
  it('a torch burns one hour of table time; dousing keeps what is left; it goes out on the hour', () => {
    const t = new Table();
    t.run({ kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: 1 } });
    t.run({ kind: 'light', at: 0, id: 'torch-1', source: 'torch' });
    expect(lightsAt(t.state, 10 * MIN)[0]!.remainingMs).toBe(50 * MIN);
    t.run({ kind: 'douse', at: 10 * MIN, id: 'torch-1' });
    expect(lightsAt(t.state, 30 * MIN)[0]!.remainingMs).toBe(50 * MIN);
    t.run({ kind: 'relight', at: 30 * MIN, id: 'torch-1' });
    expect(t.refuse({ kind: 'light', at: 31 * MIN, id: 'torch-1', source: 'torch' })).toBe('venture/light-exists');
    expect(t.refuse({ kind: 'tick', at: 29 * MIN })).toBe('venture/time-goes-back');
    t.run({ kind: 'tick', at: 79 * MIN });
    expect(t.state.lights[0]!.isSpent).toBe(false);
    t.run({ kind: 'tick', at: 81 * MIN });
    expect(t.log.at(-2)).toMatchObject({ kind: 'light-burned-out', id: 'torch-1', at: 80 * MIN });
    expect(lightRemainingMs(t.state.lights[0]!, 81 * MIN)).toBe(0);
    expect(t.refuse({ kind: 'relight', at: 82 * MIN, id: 'torch-1' })).toBe('venture/light-spent');
    expect(t.refuse({ kind: 'refill', at: 82 * MIN, id: 'torch-1' })).toBe('venture/not-a-lantern');
    // a new torch may take the spent one's id
    t.run({ kind: 'light', at: 82 * MIN, id: 'torch-1', source: 'torch' });
    expect(lightsAt(t.state, 82 * MIN)[0]!.remainingMs).toBe(TORCH_BURN_MS);
  });

  it('a lantern fill lasts the Venture, and a refill restores it', () => {
    const t = new Table();
    t.run({ kind: 'start-venture', at: 0, dungeon: { id: 'd', level: 1, difficulty: 1 } });
    t.run({ kind: 'light', at: 0, id: 'lantern', source: 'lantern' });
    t.run({ kind: 'tick', at: 5 * 60 * MIN });
    expect(lightsAt(t.state, 5 * 60 * MIN)[0]).toMatchObject({ isLit: true, remainingMs: null });
    t.run({ kind: 'return-to-town', at: 6 * 60 * MIN });
    expect(t.state.lights[0]!.isSpent).toBe(true);
    t.run({ kind: 'refill', at: 7 * 60 * MIN, id: 'lantern' });
    expect(t.state.lights[0]).toMatchObject({ isSpent: false, litAt: null });
  });
});

describe('camping and resting (CAMPING AND RESTING; MAGICK, Mana-burn)', () => {
  it('a camp restores by its kind', () => {
    expect(scopesRestoredBy('camp-break')).toEqual(['camp-break']);
    expect(scopesRestoredBy('night')).toEqual(['camp-break', 'night']);
    expect(scopesRestoredBy('new-dungeon')).toEqual(['dungeon']);
    expect(scopesRestoredBy('town')).toEqual(['camp-break', 'night', 'dungeon', 'venture']);
    const t = new Table();
    expect(t.refuse({ kind: 'camp', at: 0, camp: 'night' })).toBe('venture/in-town');
  });

  it("after a night's rest the Spell Die's highest face restores one step; burned out rolls a d3", () => {
    const up = rollManaBurnRecovery(scriptedRandom([6]), 6, 10);
    expect(up.ok && up.value).toMatchObject({ isRecovered: true, after: 7 });
    const none = rollManaBurnRecovery(scriptedRandom([5]), 6, 10);
    expect(none.ok && none.value).toMatchObject({ isRecovered: false, after: 6 });
    const out = rollManaBurnRecovery(scriptedRandom([3]), null, 4);
    expect(out.ok && out.value).toMatchObject({ rolled: BURNED_OUT_RECOVERY_DIE, after: 3 });
    const full = rollManaBurnRecovery(scriptedRandom([]), 8, 8);
    expect(!full.ok && full.error.code).toBe('venture/not-mana-burned');
    const odds = manaBurnRecoveryOdds(null, 8);
    expect(odds.ok && odds.value).toBeCloseTo(1 / 3, 15);
    // seeded Monte Carlo of the recovery chance of a d5
    const rng = seededRandom(5);
    let hits = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const r = rollManaBurnRecovery(rng, 5, 8);
      if (r.ok && r.value.isRecovered) hits += 1;
    }
    expect(Math.abs(hits / n - 0.2)).toBeLessThanOrEqual(4 * Math.sqrt((0.2 * 0.8) / n));
  });
});

// ---- properties ------------------------------------------------------------------------------------

function counting(seed: number): RandomSource & { count: number } {
  const inner = seededRandom(seed);
  const r = {
    count: 0,
    rollDie(sides: number) {
      r.count += 1;
      return inner.rollDie(sides);
    },
  };
  return r;
}

const ABILITIES: readonly { holder: string; ability: string; scope: LimitScope }[] = [
  { holder: 'ana', ability: 'a', scope: 'camp-break' },
  { holder: 'ana', ability: 'b', scope: 'night' },
  { holder: 'bo', ability: 'c', scope: 'dungeon' },
  { holder: 'bo', ability: 'd', scope: 'venture' },
];

function someCommand(state: VentureState, k: number, at: number): VentureCommand {
  const pick = <T>(xs: readonly T[], j: number): T => xs[Math.abs(j) % xs.length]!;
  const ab = pick(ABILITIES, k >> 4);
  const light = pick(['t1', 't2', 'lamp'], k >> 6);
  const node = state.node;
  const options: VentureCommand[] = [
    { kind: 'start-venture', at, dungeon: { id: pick(['d1', 'd2'], k >> 3), level: 1 + (k % 3), difficulty: k % 4, nodes: 3 + (k % 5) } },
    { kind: 'enter-dungeon', at, dungeon: { id: pick(['d1', 'd2'], k >> 3), level: 2, difficulty: 1 } },
    { kind: 'enter-node', at },
    { kind: 'roll-node', at },
    {
      kind: 'resolve-node',
      uses: node?.remaining
        ? (['hammer', 'falcon', 'comet', 'hourglass', 'teardrop', 'crossblades', 'skull', 'chaos-star'] as const).flatMap((symbol) =>
            Array.from({ length: node.remaining![symbol] }, (_, i) => ({ symbol, use: pick(symbolUses(symbol), k + i) })),
          )
        : [],
    },
    { kind: 'clear-node', at, survivors: k % 2 === 0 ? ['ana', 'bo'] : ['ana'] },
    { kind: 'defeat-boss', survivors: ['bo'] },
    { kind: 'camp', at, camp: k % 2 === 0 ? 'break' : 'night' },
    { kind: 'use-limit', holder: ab.holder, ability: ab.ability },
    { kind: 'light', at, id: light, source: light === 'lamp' ? 'lantern' : 'torch' },
    { kind: 'douse', at, id: light },
    { kind: 'relight', at, id: light },
    { kind: 'refill', at, id: 'lamp' },
    { kind: 'tick', at },
    { kind: 'use-resource', id: 'rations' },
    { kind: 'return-to-town', at },
  ];
  const choose = k >> 8;
  if ((k & 3) === 0) return pick(options, choose);
  if (state.location === 'town') return options[0]!;
  if (node !== null && node.pool === null && (k & 4) === 0) return options[3]!;
  if (node?.remaining && node.outcome === null) return options[4]!;
  if (node?.outcome && (k & 8) === 0) return options[node.outcome.bosses > node.bossesDefeated && (k & 16) !== 0 ? 6 : 5]!;
  if (node === null && (k & 4) === 0) return options[2]!;
  return pick(options.slice(7), choose);
}

function symbolUses(symbol: string): string[] {
  const table: Record<string, string[]> = {
    hammer: ['node-friendly-encounter', 'node-treasure'],
    falcon: ['node-favourable-feature'],
    comet: ['node-extra-xp-source', 'node-comet-blue-die'],
    hourglass: ['node-extra-turns'],
    teardrop: ['node-resource-loss'],
    crossblades: ['node-hostile-encounter'],
    skull: ['node-unfavourable-feature', 'node-skull-black-die', 'node-background-counter'],
    'chaos-star': ['node-boss-monster', 'node-chaos-purple-die', 'node-elevated-encounters', 'node-curse'],
  };
  return table[symbol]!;
}

function facesIn(events: readonly VentureEvent[]): number {
  let n = 0;
  for (const e of events) {
    if (e.kind === 'node-rolled') n += e.faces.length;
    if (e.kind === 'resource-used') n += 1;
  }
  return n;
}

describe('venture properties', () => {
  it('fold reproduces state; replay never rolls; torches never gain time unless a new one is lit; limits reset only at their scope', () => {
    let accepted = 0;
    let rolled = 0;
    let restorations = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 << 12 }), fc.integer({ min: 0, max: 30 * MIN })), { minLength: 1, maxLength: 80 }),
        (seed, steps) => {
          const rng = counting(seed);
          let state = newVenture(PARTY);
          const log: VentureEvent[] = [];
          const setup: VentureCommand[] = [...ABILITIES.map((a) => ({ kind: 'set-limit' as const, ...a, max: 3 })), { kind: 'set-resource', id: 'rations', die: 8 }];
          for (const c of setup) {
            const r = rollVentureCommand(rng, state, c);
            if (!r.ok) throw new Error(r.error.message);
            log.push(...r.value.events);
            state = r.value.state;
          }
          let clock = 0;
          for (const [k, dt] of steps) {
            clock += dt;
            const r = rollVentureCommand(rng, state, someCommand(state, k, clock));
            if (!r.ok) {
              expect(r.error.code.startsWith('venture/')).toBe(true);
              continue;
            }
            accepted += 1;
            const before = state;
            const after = r.value.state;
            // limits: used falls only when an event restores that limit's scope
            const restored = r.value.events.flatMap((e) => (e.kind === 'limits-restored' ? e.scopes : []));
            for (const l of after.limits) {
              const old = before.limits.find((x) => x.holder === l.holder && x.ability === l.ability)!;
              if (l.used < old.used) {
                restorations += 1;
                expect(restored).toContain(l.scope);
              }
              expect(l.used).toBeLessThanOrEqual(l.max);
            }
            // torches: what is left never grows without a new torch lit under that id
            const now = after.clock ?? clock;
            const relitFresh = r.value.events.filter((e) => e.kind === 'light-lit').map((e) => (e as { id: string }).id);
            for (const l of after.lights) {
              const old = before.lights.find((x) => x.id === l.id);
              if (old === undefined || relitFresh.includes(l.id) || l.source !== 'torch') continue;
              const was = lightRemainingMs(old, Math.max(before.clock ?? 0, now));
              expect(lightRemainingMs(l, now)!).toBeLessThanOrEqual(was!);
            }
            log.push(...r.value.events);
            state = after;
          }
          expect(foldVenture(log, newVenture(PARTY))).toEqual(state);
          expect(foldVenture(JSON.parse(JSON.stringify(log)) as VentureEvent[], newVenture(PARTY))).toEqual(state);
          expect(facesIn(log)).toBe(rng.count);
          rolled += rng.count;
        },
      ),
      { numRuns: 200 },
    );
    expect(accepted).toBeGreaterThan(500);
    expect(rolled).toBeGreaterThan(200);
    expect(restorations, 'limits restored').toBeGreaterThan(0);
  });
});

describe('own words', () => {
  it.skipIf(!HAS_RULES_TEXT)('the texts these modules show people copy no run of the rules prose', () => {
    const texts = [
      ...Object.values(CAMP_EFFECTS).flatMap((c) => [c.label, c.spells]),
      ruleSystem.initiativeHelp,
      ...ruleSystem.checks.flatMap((k) => [k.help, ...k.params.map((p) => p.help)]),
    ];
    expect(copiedRuns(texts)).toEqual([]);
  });
});
