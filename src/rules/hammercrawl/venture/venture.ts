/**
 * A Venture as state, commands and events: from town into a dungeon, node by node (the Smith's node
 * pool of hammer dice and the uses the Smith picks for its marks: encounters, treasure tiers, features,
 * bosses, lost time, lost resources), camp breaks and nights between rooms, crawl-mode XP per node, and
 * back to town, where per-venture and per-dungeon limits come back. Light sources burn in real time
 * on an injected clock (times are numbers in the commands, never read).
 *
 * The state is a fold of the events (`foldVenture`); rolled faces are stored in the events, so a
 * server replays them without rolling. A player's or Smith's mistake is a result with a
 * `venture/...` code.
 * Rules: HAMMERCRAWL! v4, VENTURES AND SESSION STRUCTURE; LIGHT SOURCES; TIME MEASUREMENT; THE SMITH'S
 * RULES (THE HAMMER DICE, DUNGEON CRAFTING, CAMPING AND RESTING, TREASURES); XP and LEVELING (CRAWL MODE).
 * Rulings VE-1 to VE-14 in docs/rulings.md.
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type RuleResult } from '../../rule-system.js';
import { MAX_TREASURE_TIER, MIN_TREASURE_TIER, TREASURE_TIERS } from '../data/treasures.js';
import { CRAWL_XP_TABLE, XP_AWARDS } from '../data/xp.js';
import { HAMMER_SYMBOLS, type HammerSymbol } from '../hammer-dice.js';
import { NODE_EFFECTS, nodePool, resolveHammerFaces, rollHammerPool, type HammerPool, type SymbolTally } from '../hammer-pools.js';
import { RESOURCE_DICE, resourceStepDown, rollResourceUse, type ResourceDieState } from '../resource-die.js';
import type { CampKind } from './camping.js';
import { TORCH_BURN_MS, lightRemainingMs, torchBurnsOutAt, type LightSource, type LightState } from './light.js';
import {
  MAX_LIMITS,
  MAX_LIMIT_ID_LENGTH,
  MAX_LIMIT_USES,
  LIMIT_SCOPES,
  limitKey,
  scopesRestoredBy,
  type LimitCounter,
  type LimitScope,
  type RestoreMoment,
} from './limits.js';

/** The version of venture events and state this code writes. */
export const VENTURE_SCHEMA_VERSION = 1;

/** "Hammercrawl 3 to 7 room Dungeons" (DUNGEON CRAFTING): the fewest nodes a dungeon may be given. */
export const DUNGEON_MIN_NODES = 3;
/** The most nodes a dungeon may be given (DUNGEON CRAFTING). */
export const DUNGEON_MAX_NODES = 7;
/** Highest dungeon level (bonus XP for a boss equals it). */
export const MAX_DUNGEON_LEVEL = 20;
/** Most purple difficulty dice a dungeon may set. */
export const MAX_DUNGEON_DIFFICULTY = 20;
/** Most party members. */
export const MAX_PARTY_SIZE = 20;
/** Most party resource dice tracked. */
export const MAX_RESOURCES = 50;
/** Most XP one manual award may give. */
export const MAX_XP_AWARD = 1000;
/** Most Health or Armour Die steps a camp may restore (the whole chain). */
export const MAX_CAMP_STEPS = RESOURCE_DICE.length;
/** Longest id (member, dungeon, light, resource). */
export const MAX_ID_LENGTH = 80;

/** XP for a node explored and survived, in crawl mode (from `XP_AWARDS`). */
export const NODE_XP = XP_AWARDS.find((a) => a.id === 'dungeon-node')!.xp;

/** A party member as the Venture tracks them: id and crawl-mode XP. */
export interface PartyMember {
  readonly id: string;
  readonly xp: number;
}

/**
 * A dungeon as the Smith sets it: its id, level (the boss bonus XP), difficulty (purple dice in the
 * node pool) and, optionally, its number of nodes (3 to 7).
 * @example { id: 'goblin-warren', level: 1, difficulty: 2, nodes: 5 }
 */
export interface DungeonSpec {
  readonly id: string;
  readonly level: number;
  readonly difficulty: number;
  readonly nodes?: number;
}

/** The dungeon the party is in, with what earlier marks added to its node pools. */
export interface DungeonState extends DungeonSpec {
  readonly nodesEntered: number;
  /** Comets used for "a blue die in all following pools" until the party leaves. */
  readonly comets: number;
  /** Chaos stars used for "a purple die in all following pools" until the party leaves. */
  readonly chaosStars: number;
  /** Skulls used for "extra black dice on the next exploration roll". */
  readonly skullsNext: number;
}

/** One use the Smith picks for one remaining mark of a node pool. */
export interface MarkUse {
  readonly symbol: HammerSymbol;
  /** An effect id of `NODE_EFFECTS[symbol]`. */
  readonly use: string;
  /** For `node-treasure`: the treasure tier (1-11); the default is the dungeon level, at most 10 (VE-12). */
  readonly tier?: number;
  /** For `node-resource-loss`: the party resource die that steps down. */
  readonly resource?: string;
}

/** What a node's resolved marks came to. */
export interface NodeOutcome {
  readonly friendlyEncounters: number;
  readonly hostileEncounters: number;
  readonly treasureTiers: readonly number[];
  readonly favourableFeatures: number;
  readonly unfavourableFeatures: number;
  readonly extraXpSources: number;
  readonly bosses: number;
  readonly elevatedEncounters: number;
  readonly curses: number;
  readonly backgroundCounters: number;
  readonly turnsLost: number;
  readonly resourcesLost: readonly string[];
}

/** The node the party is in. */
export interface NodeState {
  readonly number: number;
  readonly pool: HammerPool | null;
  readonly faces: readonly number[] | null;
  /** Marks left after cancellation (net hammers and crossblades, the rest as shown). */
  readonly remaining: SymbolTally | null;
  readonly outcome: NodeOutcome | null;
  readonly bossesDefeated: number;
}

/** The state of the party's Ventures: a fold of the events. */
export interface VentureState {
  readonly schemaVersion: typeof VENTURE_SCHEMA_VERSION;
  readonly location: 'town' | 'dungeon';
  /** Ventures begun so far. */
  readonly venture: number;
  /** The last time a command carried (milliseconds on the table's clock), or null before any. */
  readonly clock: number | null;
  readonly party: readonly PartyMember[];
  readonly dungeon: DungeonState | null;
  readonly node: NodeState | null;
  /** Nodes cleared this Venture. */
  readonly nodesCleared: number;
  /** Exploration turns lost to hourglasses this Venture. */
  readonly turnsLost: number;
  readonly campBreaks: number;
  readonly nights: number;
  readonly limits: readonly LimitCounter[];
  readonly lights: readonly LightState[];
  /** Party resource dice (food, ammo...): sides, or null when depleted. */
  readonly resources: Readonly<Record<string, ResourceDieState>>;
}

/** A command. Rolling ones (`roll-node`, `use-resource`) go through `rollVentureCommand`. */
export type VentureCommand =
  | { readonly kind: 'join'; readonly member: PartyMember }
  | { readonly kind: 'leave'; readonly id: string }
  | { readonly kind: 'set-limit'; readonly holder: string; readonly ability: string; readonly scope: LimitScope; readonly max: number }
  /** A use of a counted ability; `override` (the Smith's) allows it past the limit, recorded in the event (VE-18). */
  | { readonly kind: 'use-limit'; readonly holder: string; readonly ability: string; readonly uses?: number; readonly override?: boolean }
  | { readonly kind: 'set-resource'; readonly id: string; readonly die: number | null }
  | { readonly kind: 'use-resource'; readonly id: string }
  | { readonly kind: 'start-venture'; readonly at: number; readonly dungeon: DungeonSpec }
  | { readonly kind: 'enter-dungeon'; readonly at: number; readonly dungeon: DungeonSpec }
  | { readonly kind: 'enter-node'; readonly at: number }
  | { readonly kind: 'roll-node'; readonly at: number }
  | { readonly kind: 'resolve-node'; readonly uses: readonly MarkUse[] }
  | { readonly kind: 'defeat-boss'; readonly survivors: readonly string[] }
  | { readonly kind: 'clear-node'; readonly at: number; readonly survivors: readonly string[] }
  | { readonly kind: 'award-xp'; readonly ids: readonly string[]; readonly amount: number; readonly reason: string }
  /** A camp; the Health and Armour Die steps it gives each party member are the Smith's (PL-6, VE-17; default none). */
  | { readonly kind: 'camp'; readonly at: number; readonly camp: CampKind; readonly healthSteps?: number; readonly armourSteps?: number }
  | { readonly kind: 'light'; readonly at: number; readonly id: string; readonly source: LightSource }
  | { readonly kind: 'douse'; readonly at: number; readonly id: string }
  | { readonly kind: 'relight'; readonly at: number; readonly id: string }
  | { readonly kind: 'refill'; readonly at: number; readonly id: string }
  | { readonly kind: 'tick'; readonly at: number }
  | { readonly kind: 'return-to-town'; readonly at: number };

/** One XP award line. */
export interface XpLine {
  readonly id: string;
  readonly gained: number;
  readonly total: number;
  /** The crawl-mode level that total XP reaches (CRAWL_XP_TABLE). */
  readonly levelByXp: number;
}

interface EventBase {
  readonly schemaVersion: typeof VENTURE_SCHEMA_VERSION;
}

/** What happened: the stored record. Rolled faces are in `node-rolled` and `resource-used`. */
export type VentureEvent = EventBase &
  (
    | { readonly kind: 'member-joined'; readonly member: PartyMember }
    | { readonly kind: 'member-left'; readonly id: string }
    | { readonly kind: 'limit-set'; readonly holder: string; readonly ability: string; readonly scope: LimitScope; readonly max: number }
    | { readonly kind: 'limit-used'; readonly holder: string; readonly ability: string; readonly uses: number; readonly isOverride?: true }
    | { readonly kind: 'limits-restored'; readonly moment: RestoreMoment; readonly scopes: readonly LimitScope[] }
    | { readonly kind: 'resource-set'; readonly id: string; readonly die: ResourceDieState }
    | { readonly kind: 'resource-used'; readonly id: string; readonly die: number; readonly face: number; readonly after: ResourceDieState }
    | { readonly kind: 'clock'; readonly at: number }
    | { readonly kind: 'venture-started'; readonly at: number; readonly venture: number }
    | { readonly kind: 'dungeon-entered'; readonly dungeon: DungeonSpec }
    | { readonly kind: 'node-entered'; readonly number: number }
    | { readonly kind: 'node-rolled'; readonly pool: HammerPool; readonly faces: readonly number[] }
    | { readonly kind: 'node-resolved'; readonly uses: readonly MarkUse[]; readonly outcome: NodeOutcome }
    | { readonly kind: 'boss-defeated'; readonly xp: readonly XpLine[] }
    | { readonly kind: 'node-cleared'; readonly number: number; readonly xp: readonly XpLine[] }
    | { readonly kind: 'xp-awarded'; readonly reason: string; readonly xp: readonly XpLine[] }
    | { readonly kind: 'camped'; readonly camp: CampKind }
    | { readonly kind: 'light-lit'; readonly id: string; readonly source: LightSource; readonly at: number }
    | { readonly kind: 'light-doused'; readonly id: string; readonly at: number }
    | { readonly kind: 'light-relit'; readonly id: string; readonly at: number }
    | { readonly kind: 'light-refilled'; readonly id: string }
    | { readonly kind: 'light-burned-out'; readonly id: string; readonly at: number }
    | { readonly kind: 'venture-ended'; readonly at: number }
  );

/** The events a command produced and the state after them. */
export interface VentureStep {
  readonly events: readonly VentureEvent[];
  readonly state: VentureState;
}

/** Thrown when a fold meets an event that cannot follow the state (a corrupted log). */
export class VentureReplayError extends Error {
  override readonly name = 'VentureReplayError';
}

/** Thrown when a rolling command is given to `applyVenture`, which has no dice. */
export class VentureNeedsDiceError extends Error {
  override readonly name = 'VentureNeedsDiceError';
}

type Body = VentureEvent extends infer E ? (E extends EventBase ? Omit<E, 'schemaVersion'> : never) : never;

function ev(body: Body): VentureEvent {
  return { schemaVersion: VENTURE_SCHEMA_VERSION, ...body } as VentureEvent;
}

/** A party in town, before any Venture: the starting state. */
export function newVenture(party: readonly PartyMember[] = []): VentureState {
  return {
    schemaVersion: VENTURE_SCHEMA_VERSION,
    location: 'town',
    venture: 0,
    clock: null,
    party,
    dungeon: null,
    node: null,
    nodesCleared: 0,
    turnsLost: 0,
    campBreaks: 0,
    nights: 0,
    limits: [],
    lights: [],
    resources: {},
  };
}

/**
 * The crawl-mode level a total of XP reaches (CRAWL_XP_TABLE, ruling CL-34).
 * @example crawlLevelForXp(30) // 3
 */
export function crawlLevelForXp(xp: number): number {
  let level = 1;
  for (const row of CRAWL_XP_TABLE) if (xp >= row.minXp) level = row.level;
  return level;
}

/** The treasure tier row of a tier number (TREASURES), or a problem. */
export function treasureTier(tier: number): RuleResult<(typeof TREASURE_TIERS)[number]> {
  const row = TREASURE_TIERS.find((t) => t.tier === tier);
  if (row === undefined) return problem('venture/treasure-tier', `a treasure tier is a whole number from ${MIN_TREASURE_TIER} to ${MAX_TREASURE_TIER}, got ${tier}.`);
  return ok(row);
}

/** The default tier of a node's treasure: the dungeon level, from 1 to 10 (tier 11 only by the Smith's hand; VE-12). */
export function defaultTreasureTier(dungeonLevel: number): number {
  return Math.min(MAX_TREASURE_TIER - 1, Math.max(MIN_TREASURE_TIER, dungeonLevel));
}

// ---- the fold ---------------------------------------------------------------------------------------

const EMPTY_OUTCOME: NodeOutcome = {
  friendlyEncounters: 0,
  hostileEncounters: 0,
  treasureTiers: [],
  favourableFeatures: 0,
  unfavourableFeatures: 0,
  extraXpSources: 0,
  bosses: 0,
  elevatedEncounters: 0,
  curses: 0,
  backgroundCounters: 0,
  turnsLost: 0,
  resourcesLost: [],
};

function withXp(party: readonly PartyMember[], lines: readonly XpLine[]): PartyMember[] {
  return party.map((m) => {
    const line = lines.find((l) => l.id === m.id);
    return line ? { ...m, xp: line.total } : m;
  });
}

function mapLight(state: VentureState, id: string, f: (l: LightState) => LightState): VentureState {
  return { ...state, lights: state.lights.map((l) => (l.id === id ? f(l) : l)) };
}

function restore(state: VentureState, scopes: readonly LimitScope[]): VentureState {
  return { ...state, limits: state.limits.map((l) => (scopes.includes(l.scope) ? { ...l, used: 0 } : l)) };
}

/**
 * Applies one event to the state (pure, never rolls).
 * @example evolveVenture(newVenture(), event)
 */
export function evolveVenture(state: VentureState, event: VentureEvent): VentureState {
  switch (event.kind) {
    case 'member-joined':
      return { ...state, party: [...state.party, event.member] };
    case 'member-left':
      return { ...state, party: state.party.filter((m) => m.id !== event.id) };
    case 'limit-set': {
      const key = limitKey(event.holder, event.ability);
      const old = state.limits.find((l) => limitKey(l.holder, l.ability) === key);
      const next: LimitCounter = { holder: event.holder, ability: event.ability, scope: event.scope, max: event.max, used: old?.used ?? 0 };
      return { ...state, limits: old ? state.limits.map((l) => (l === old ? next : l)) : [...state.limits, next] };
    }
    case 'limit-used':
      return {
        ...state,
        limits: state.limits.map((l) => (l.holder === event.holder && l.ability === event.ability ? { ...l, used: l.used + event.uses } : l)),
      };
    case 'limits-restored':
      return restore(state, event.scopes);
    case 'resource-set':
      return { ...state, resources: { ...state.resources, [event.id]: event.die } };
    case 'resource-used':
      return { ...state, resources: { ...state.resources, [event.id]: event.after } };
    case 'clock':
      return { ...state, clock: event.at };
    case 'venture-started':
      return { ...state, location: 'dungeon', venture: event.venture, clock: event.at, nodesCleared: 0, turnsLost: 0, campBreaks: 0, nights: 0 };
    case 'dungeon-entered':
      return { ...state, dungeon: { ...event.dungeon, nodesEntered: 0, comets: 0, chaosStars: 0, skullsNext: 0 }, node: null };
    case 'node-entered': {
      if (state.dungeon === null) throw new VentureReplayError('node-entered outside a dungeon');
      return {
        ...state,
        dungeon: { ...state.dungeon, nodesEntered: event.number },
        node: { number: event.number, pool: null, faces: null, remaining: null, outcome: null, bossesDefeated: 0 },
      };
    }
    case 'node-rolled': {
      if (state.node === null || state.dungeon === null) throw new VentureReplayError('node-rolled outside a node');
      const roll = resolveHammerFaces(event.pool, event.faces);
      return { ...state, node: { ...state.node, pool: event.pool, faces: event.faces, remaining: roll.remaining }, dungeon: { ...state.dungeon, skullsNext: 0 } };
    }
    case 'node-resolved': {
      if (state.node === null || state.dungeon === null) throw new VentureReplayError('node-resolved outside a node');
      const count = (use: string) => event.uses.filter((u) => u.use === use).length;
      let resources = state.resources;
      for (const id of event.outcome.resourcesLost) {
        const die = Object.hasOwn(resources, id) ? resources[id] : undefined;
        resources = { ...resources, [id]: die === null || die === undefined ? null : resourceStepDown(die) };
      }
      return {
        ...state,
        node: { ...state.node, outcome: event.outcome },
        dungeon: {
          ...state.dungeon,
          comets: state.dungeon.comets + count('node-comet-blue-die'),
          chaosStars: state.dungeon.chaosStars + count('node-chaos-purple-die'),
          skullsNext: state.dungeon.skullsNext + count('node-skull-black-die'),
        },
        turnsLost: state.turnsLost + event.outcome.turnsLost,
        resources,
      };
    }
    case 'boss-defeated':
      if (state.node === null) throw new VentureReplayError('boss-defeated outside a node');
      return { ...state, party: withXp(state.party, event.xp), node: { ...state.node, bossesDefeated: state.node.bossesDefeated + 1 } };
    case 'node-cleared':
      return { ...state, party: withXp(state.party, event.xp), node: null, nodesCleared: state.nodesCleared + 1 };
    case 'xp-awarded':
      return { ...state, party: withXp(state.party, event.xp) };
    case 'camped':
      return event.camp === 'night' ? { ...state, nights: state.nights + 1, campBreaks: state.campBreaks + 1 } : { ...state, campBreaks: state.campBreaks + 1 };
    case 'light-lit':
      return {
        ...state,
        lights: [...state.lights.filter((l) => l.id !== event.id), { id: event.id, source: event.source, burnedMs: 0, litAt: event.at, isSpent: false }],
      };
    case 'light-doused':
      return mapLight(state, event.id, (l) => ({ ...l, burnedMs: l.burnedMs + (l.litAt === null ? 0 : event.at - l.litAt), litAt: null }));
    case 'light-relit':
      return mapLight(state, event.id, (l) => ({ ...l, litAt: event.at }));
    case 'light-refilled':
      return mapLight(state, event.id, (l) => ({ ...l, burnedMs: 0, litAt: null, isSpent: false }));
    case 'light-burned-out':
      return mapLight(state, event.id, (l) => ({ ...l, burnedMs: l.source === 'torch' ? TORCH_BURN_MS : l.burnedMs, litAt: null, isSpent: true }));
    case 'venture-ended':
      return { ...state, location: 'town', dungeon: null, node: null, clock: event.at };
  }
}

/**
 * The state a log of events leads to, from a party in town (`newVenture(party)`). Never rolls.
 * @example foldVenture(storedEvents).party
 */
export function foldVenture(events: readonly VentureEvent[], start: VentureState = newVenture()): VentureState {
  let s = start;
  for (const e of events) s = evolveVenture(s, e);
  return s;
}

// ---- deciding ---------------------------------------------------------------------------------------

type Decision = RuleResult<readonly VentureEvent[]>;

const fail = (code: string, message: string): Decision => problem(`venture/${code}`, message);

function badId(id: string, what: string): Decision | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) return fail('bad-id', `${what} is 1 to ${MAX_ID_LENGTH} characters, got '${String(id)}'.`);
  return null;
}

function badTime(state: VentureState, at: number): Decision | null {
  if (!Number.isFinite(at) || at < 0) return fail('bad-time', `a time is a number of milliseconds, 0 or more, got ${at}.`);
  if (state.clock !== null && at < state.clock) return fail('time-goes-back', `the table's clock reads ${state.clock}; a command cannot happen earlier (${at}).`);
  return null;
}

/** Torches that burn out by `at`, in the order they go out, and the clock moved to `at`. */
function timePasses(state: VentureState, at: number): VentureEvent[] {
  const out = state.lights
    .map((l) => ({ l, when: torchBurnsOutAt(l) }))
    .filter((x): x is { l: LightState; when: number } => x.when !== null && x.when <= at)
    .sort((a, b) => a.when - b.when || a.l.id.localeCompare(b.l.id));
  const events = out.map((x) => ev({ kind: 'light-burned-out', id: x.l.id, at: x.when }));
  if (state.clock === null || at > state.clock) events.push(ev({ kind: 'clock', at }));
  return events;
}

function xpLines(state: VentureState, ids: readonly string[], amount: number): XpLine[] {
  return ids.map((id) => {
    const m = state.party.find((p) => p.id === id)!;
    const total = m.xp + amount;
    return { id, gained: amount, total, levelByXp: crawlLevelForXp(total) };
  });
}

function checkMembers(state: VentureState, ids: readonly string[]): Decision | null {
  if (new Set(ids).size !== ids.length) return fail('duplicate-member', 'name each party member once.');
  for (const id of ids) {
    if (!state.party.some((m) => m.id === id)) return fail('unknown-member', `${id} is not in the party; the party is ${state.party.map((m) => m.id).join(', ') || 'empty'}.`);
  }
  return null;
}

function checkDungeon(d: DungeonSpec): Decision | null {
  const id = badId(d.id, 'a dungeon id');
  if (id) return id;
  if (!Number.isInteger(d.level) || d.level < 1 || d.level > MAX_DUNGEON_LEVEL) return fail('dungeon-level', `a dungeon level is a whole number from 1 to ${MAX_DUNGEON_LEVEL}, got ${d.level}.`);
  if (!Number.isInteger(d.difficulty) || d.difficulty < 0 || d.difficulty > MAX_DUNGEON_DIFFICULTY) {
    return fail('dungeon-difficulty', `a dungeon's difficulty (purple dice) is a whole number from 0 to ${MAX_DUNGEON_DIFFICULTY}, got ${d.difficulty}.`);
  }
  if (d.nodes !== undefined && (!Number.isInteger(d.nodes) || d.nodes < DUNGEON_MIN_NODES || d.nodes > DUNGEON_MAX_NODES)) {
    return fail('dungeon-size', `a HAMMERCRAWL! dungeon has ${DUNGEON_MIN_NODES} to ${DUNGEON_MAX_NODES} nodes, got ${d.nodes}; leave it out for an open-ended dungeon.`);
  }
  return null;
}

function dungeonOf(d: DungeonSpec): DungeonSpec {
  return d.nodes === undefined ? { id: d.id, level: d.level, difficulty: d.difficulty } : { id: d.id, level: d.level, difficulty: d.difficulty, nodes: d.nodes };
}

function decideResolve(state: VentureState, uses: readonly MarkUse[]): Decision {
  const node = state.node;
  if (node === null || node.remaining === null) return fail('not-rolled', 'roll the node pool (roll-node) before resolving its marks.');
  if (node.outcome !== null) return fail('already-resolved', "this node's marks are resolved.");
  const remaining = node.remaining;
  for (const symbol of HAMMER_SYMBOLS) {
    if (symbol === 'hammer-plus') continue;
    const given = uses.filter((u) => u.symbol === symbol).length;
    if (given !== remaining[symbol]) {
      return fail('mark-count', `the pool left ${remaining[symbol]} ${symbol} mark(s); pick one use for each (got ${given}).`);
    }
  }
  const outcome = { ...EMPTY_OUTCOME, treasureTiers: [] as number[], resourcesLost: [] as string[] };
  const o = outcome as { -readonly [K in keyof NodeOutcome]: NodeOutcome[K] } & { treasureTiers: number[]; resourcesLost: string[] };
  for (const u of uses) {
    if (u.symbol === 'hammer-plus') return fail('mark-count', 'a node pool counts a Hammer+ as a hammer; give its use under hammer.');
    const choices: readonly { readonly id: string }[] = NODE_EFFECTS[u.symbol].choices;
    if (!choices.some((c) => c.id === u.use)) return fail('unknown-use', `${u.use} is not a use of a ${u.symbol} in a node; the uses are ${choices.map((c) => c.id).join(', ')}.`);
    if (u.tier !== undefined && u.use !== 'node-treasure') return fail('tier-not-treasure', 'only a treasure has a tier.');
    if (u.resource !== undefined && u.use !== 'node-resource-loss') return fail('resource-not-loss', 'only a resource loss names a resource.');
    switch (u.use) {
      case 'node-friendly-encounter':
        o.friendlyEncounters += 1;
        break;
      case 'node-hostile-encounter':
        o.hostileEncounters += 1;
        break;
      case 'node-treasure': {
        const tier = u.tier ?? defaultTreasureTier(state.dungeon!.level);
        const t = treasureTier(tier);
        if (!t.ok) return t;
        o.treasureTiers.push(tier);
        break;
      }
      case 'node-favourable-feature':
        o.favourableFeatures += 1;
        break;
      case 'node-unfavourable-feature':
        o.unfavourableFeatures += 1;
        break;
      case 'node-extra-xp-source':
        o.extraXpSources += 1;
        break;
      case 'node-boss-monster':
        o.bosses += 1;
        break;
      case 'node-elevated-encounters':
        o.elevatedEncounters += 1;
        break;
      case 'node-curse':
        o.curses += 1;
        break;
      case 'node-background-counter':
        o.backgroundCounters += 1;
        break;
      case 'node-extra-turns':
        o.turnsLost += 1;
        break;
      case 'node-resource-loss':
        if (u.resource !== undefined) {
          if (!Object.hasOwn(state.resources, u.resource)) return fail('unknown-resource', `the party has no resource die called ${u.resource}; add it with set-resource or leave the resource out.`);
          o.resourcesLost.push(u.resource);
        }
        break;
      default:
        break; // the dice a comet, chaos star or skull adds to later pools are counted by the fold
    }
  }
  return ok([ev({ kind: 'node-resolved', uses, outcome })]);
}

function decide(state: VentureState, cmd: VentureCommand, rng: RandomSource | null): Decision {
  const needDice = (): RandomSource => {
    if (rng === null) throw new VentureNeedsDiceError(`${cmd.kind} rolls dice; call rollVentureCommand(rng, state, command)`);
    return rng;
  };
  const inTown = state.location === 'town';
  const timed = 'at' in cmd ? badTime(state, cmd.at) : null;
  if (timed) return timed;
  const before = 'at' in cmd ? timePasses(state, cmd.at) : [];
  const then = (d: Decision): Decision => (d.ok ? ok([...before, ...d.value]) : d);
  switch (cmd.kind) {
    case 'join': {
      if (!inTown) return fail('not-in-town', 'the party changes between Ventures, in town.');
      const b = badId(cmd.member.id, 'a member id');
      if (b) return b;
      if (state.party.some((m) => m.id === cmd.member.id)) return fail('duplicate-member', `${cmd.member.id} is already in the party.`);
      if (state.party.length >= MAX_PARTY_SIZE) return fail('party-full', `a party holds at most ${MAX_PARTY_SIZE} members.`);
      if (!Number.isInteger(cmd.member.xp) || cmd.member.xp < 0) return fail('bad-xp', `XP is a whole number, 0 or more, got ${cmd.member.xp}.`);
      return ok([ev({ kind: 'member-joined', member: { id: cmd.member.id, xp: cmd.member.xp } })]);
    }
    case 'leave': {
      if (!inTown) return fail('not-in-town', 'the party changes between Ventures, in town.');
      const m = checkMembers(state, [cmd.id]);
      if (m) return m;
      return ok([ev({ kind: 'member-left', id: cmd.id })]);
    }
    case 'set-limit': {
      const b = badId(cmd.holder, 'a holder') ?? badId(cmd.ability, 'an ability id');
      if (b) return b;
      if (cmd.holder.length > MAX_LIMIT_ID_LENGTH || cmd.ability.length > MAX_LIMIT_ID_LENGTH) return fail('bad-id', `ids are at most ${MAX_LIMIT_ID_LENGTH} characters.`);
      if (!(LIMIT_SCOPES as readonly string[]).includes(cmd.scope)) return fail('bad-scope', `a limit's scope is one of ${LIMIT_SCOPES.join(', ')}, got ${String(cmd.scope)}.`);
      if (!Number.isInteger(cmd.max) || cmd.max < 0 || cmd.max > MAX_LIMIT_USES) return fail('bad-max', `uses are a whole number from 0 to ${MAX_LIMIT_USES}, got ${cmd.max}; a negative count (level 1, CHA -3) means 0.`);
      const exists = state.limits.some((l) => l.holder === cmd.holder && l.ability === cmd.ability);
      if (!exists && state.limits.length >= MAX_LIMITS) return fail('too-many-limits', `at most ${MAX_LIMITS} limits are tracked.`);
      return ok([ev({ kind: 'limit-set', holder: cmd.holder, ability: cmd.ability, scope: cmd.scope, max: cmd.max })]);
    }
    case 'use-limit': {
      const l = state.limits.find((x) => x.holder === cmd.holder && x.ability === cmd.ability);
      if (l === undefined) return fail('unknown-limit', `${cmd.holder} has no counted ability ${cmd.ability}; add it with set-limit.`);
      const n = cmd.uses ?? 1;
      if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT_USES) return fail('bad-uses', `uses are a whole number from 1 to ${MAX_LIMIT_USES}, got ${n}.`);
      if (l.used + n > l.max && cmd.override !== true) {
        const when = l.scope === 'venture' ? 'the return to town' : l.scope === 'dungeon' ? 'leaving the dungeon' : l.scope === 'night' ? "a full night's camp" : 'a camp break';
        return fail('limit-spent', `${cmd.holder} has ${Math.max(0, l.max - l.used)} of ${l.max} uses of ${cmd.ability} left; they come back at ${when} (the Smith may allow it anyway).`);
      }
      const isOverride = l.used + n > l.max;
      return ok([ev({ kind: 'limit-used', holder: cmd.holder, ability: cmd.ability, uses: n, ...(isOverride ? { isOverride: true as const } : {}) })]);
    }
    case 'set-resource': {
      const b = badId(cmd.id, 'a resource id');
      if (b) return b;
      if (cmd.die !== null && !RESOURCE_DICE.includes(cmd.die)) return fail('not-a-resource-die', `a resource die is one of ${RESOURCE_DICE.map((s) => `d${s}`).join(' ')} (or null when depleted), got d${cmd.die}.`);
      if (!Object.hasOwn(state.resources, cmd.id) && Object.keys(state.resources).length >= MAX_RESOURCES) return fail('too-many-resources', `at most ${MAX_RESOURCES} resource dice are tracked.`);
      return ok([ev({ kind: 'resource-set', id: cmd.id, die: cmd.die })]);
    }
    case 'use-resource': {
      if (!Object.hasOwn(state.resources, cmd.id)) return fail('unknown-resource', `the party has no resource die called ${cmd.id}.`);
      const die = state.resources[cmd.id] ?? null;
      if (die === null) return fail('resource-depleted', `${cmd.id} is depleted: replenish it (set-resource) before using it.`);
      const u = rollResourceUse(needDice(), die);
      return ok([ev({ kind: 'resource-used', id: cmd.id, die, face: u.face, after: u.after })]);
    }
    case 'start-venture': {
      if (!inTown) return fail('not-in-town', 'a Venture begins in town; return to town first.');
      if (state.party.length === 0) return fail('no-party', 'a Venture needs a party; add members with join.');
      const d = checkDungeon(cmd.dungeon);
      if (d) return d;
      return then(ok([ev({ kind: 'venture-started', at: cmd.at, venture: state.venture + 1 }), ev({ kind: 'dungeon-entered', dungeon: dungeonOf(cmd.dungeon) })]));
    }
    case 'enter-dungeon': {
      if (inTown) return fail('in-town', 'begin a Venture (start-venture) to enter a dungeon from town.');
      if (state.node !== null) return fail('in-node', 'clear or leave this node before moving to another dungeon.');
      const d = checkDungeon(cmd.dungeon);
      if (d) return d;
      if (state.dungeon?.id === cmd.dungeon.id) return fail('same-dungeon', `the party is already in ${cmd.dungeon.id}.`);
      return then(ok([ev({ kind: 'limits-restored', moment: 'new-dungeon', scopes: scopesRestoredBy('new-dungeon') }), ev({ kind: 'dungeon-entered', dungeon: dungeonOf(cmd.dungeon) })]));
    }
    case 'enter-node': {
      if (inTown || state.dungeon === null) return fail('in-town', 'begin a Venture before exploring nodes.');
      if (state.node !== null) return fail('in-node', `the party is in node ${state.node.number}; clear it first (clear-node).`);
      const n = state.dungeon.nodesEntered + 1;
      if (state.dungeon.nodes !== undefined && n > state.dungeon.nodes) return fail('dungeon-explored', `${state.dungeon.id} has ${state.dungeon.nodes} nodes, all entered; return to town or enter another dungeon.`);
      return then(ok([ev({ kind: 'node-entered', number: n })]));
    }
    case 'roll-node': {
      if (state.node === null || state.dungeon === null) return fail('not-in-node', 'enter a node before rolling its pool.');
      if (state.node.pool !== null) return fail('already-rolled', 'this node has been rolled; the Smith rolls once per node.');
      const pool = nodePool({ difficulty: state.dungeon.difficulty, comets: state.dungeon.comets, chaosStars: state.dungeon.chaosStars, skulls: state.dungeon.skullsNext });
      const roll = rollHammerPool(needDice(), pool);
      return then(ok([ev({ kind: 'node-rolled', pool, faces: roll.dice.map((d) => d.face) })]));
    }
    case 'resolve-node':
      return decideResolve(state, cmd.uses);
    case 'defeat-boss': {
      const node = state.node;
      if (node === null || node.outcome === null) return fail('no-boss', 'no boss has appeared here; a boss comes from a chaos star used as a boss monster.');
      if (node.bossesDefeated >= node.outcome.bosses) return fail('no-boss', `this node had ${node.outcome.bosses} boss(es), all defeated.`);
      const m = checkMembers(state, cmd.survivors);
      if (m) return m;
      return ok([ev({ kind: 'boss-defeated', xp: xpLines(state, cmd.survivors, state.dungeon!.level) })]);
    }
    case 'clear-node': {
      if (state.node === null) return fail('not-in-node', 'the party is not in a node.');
      if (state.node.pool !== null && state.node.outcome === null) return fail('not-resolved', "resolve the node pool's marks (resolve-node) before clearing the node.");
      const m = checkMembers(state, cmd.survivors);
      if (m) return m;
      return then(ok([ev({ kind: 'node-cleared', number: state.node.number, xp: xpLines(state, cmd.survivors, NODE_XP) })]));
    }
    case 'award-xp': {
      const m = checkMembers(state, cmd.ids);
      if (m) return m;
      if (!Number.isInteger(cmd.amount) || cmd.amount < 1 || cmd.amount > MAX_XP_AWARD) return fail('bad-xp', `an award is a whole number of XP from 1 to ${MAX_XP_AWARD}, got ${cmd.amount}.`);
      if (cmd.reason.trim().length === 0 || cmd.reason.length > 200) return fail('bad-reason', 'say in a few words why the XP is awarded (1 to 200 characters).');
      return ok([ev({ kind: 'xp-awarded', reason: cmd.reason, xp: xpLines(state, cmd.ids, cmd.amount) })]);
    }
    case 'camp': {
      if (inTown) return fail('in-town', 'in town the party rests fully; camps are made in the dungeon.');
      if (state.node !== null) return fail('in-node', 'camp between rooms: clear this node first.');
      if (cmd.camp !== 'break' && cmd.camp !== 'night') return fail('bad-camp', `a camp is a break or a night, got ${String(cmd.camp)}.`);
      for (const [field, steps] of [['healthSteps', cmd.healthSteps], ['armourSteps', cmd.armourSteps]] as const) {
        if (steps !== undefined && (!Number.isInteger(steps) || steps < 0 || steps > MAX_CAMP_STEPS)) {
          return fail('bad-steps', `${field} is a whole number of die steps from 0 to ${MAX_CAMP_STEPS}, got ${steps}.`);
        }
      }
      const moment: RestoreMoment = cmd.camp === 'night' ? 'night' : 'camp-break';
      return then(ok([ev({ kind: 'camped', camp: cmd.camp }), ev({ kind: 'limits-restored', moment, scopes: scopesRestoredBy(moment) })]));
    }
    case 'light': {
      const b = badId(cmd.id, 'a light id');
      if (b) return b;
      if (cmd.source !== 'torch' && cmd.source !== 'lantern') return fail('bad-light', `a light source is a torch or a lantern, got ${String(cmd.source)}.`);
      const l = state.lights.find((x) => x.id === cmd.id);
      if (l !== undefined && !l.isSpent && !before.some((e) => e.kind === 'light-burned-out' && e.id === cmd.id)) {
        return fail('light-exists', `${cmd.id} is not spent; relight it (relight) or give the new light another id.`);
      }
      return then(ok([ev({ kind: 'light-lit', id: cmd.id, source: cmd.source, at: cmd.at })]));
    }
    case 'douse':
    case 'relight':
    case 'refill': {
      const l = state.lights.find((x) => x.id === cmd.id);
      if (l === undefined) return fail('unknown-light', `no light called ${cmd.id}; light it first.`);
      const spentNow = l.isSpent || before.some((e) => e.kind === 'light-burned-out' && e.id === cmd.id);
      if (cmd.kind === 'refill') {
        if (l.source !== 'lantern') return fail('not-a-lantern', `${cmd.id} is a torch: a spent torch is replaced by a new one (light).`);
        return then(ok([ev({ kind: 'light-refilled', id: cmd.id })]));
      }
      if (spentNow) return fail('light-spent', `${cmd.id} is spent; ${l.source === 'torch' ? 'light a new torch' : 'refill the lantern'}.`);
      if (cmd.kind === 'douse') {
        if (l.litAt === null) return fail('light-out', `${cmd.id} is already out.`);
        return then(ok([ev({ kind: 'light-doused', id: cmd.id, at: cmd.at })]));
      }
      if (l.litAt !== null) return fail('light-burning', `${cmd.id} is already burning.`);
      return then(ok([ev({ kind: 'light-relit', id: cmd.id, at: cmd.at })]));
    }
    case 'tick':
      return ok(before);
    case 'return-to-town': {
      if (inTown) return fail('in-town', 'the party is already in town.');
      const events: VentureEvent[] = [];
      for (const l of state.lights) {
        if (before.some((e) => e.kind === 'light-burned-out' && e.id === l.id) || l.isSpent) continue;
        if (l.source === 'lantern') events.push(ev({ kind: 'light-burned-out', id: l.id, at: cmd.at }));
        else if (l.litAt !== null) events.push(ev({ kind: 'light-doused', id: l.id, at: cmd.at }));
      }
      events.push(ev({ kind: 'limits-restored', moment: 'town', scopes: scopesRestoredBy('town') }), ev({ kind: 'venture-ended', at: cmd.at }));
      return then(ok(events));
    }
  }
}

function step(state: VentureState, d: Decision): RuleResult<VentureStep> {
  if (!d.ok) return d;
  let s = state;
  for (const e of d.value) s = evolveVenture(s, e);
  return ok({ events: d.value, state: s });
}

/**
 * Decides a command that throws no dice and applies its events; `roll-node` and `use-resource` throw
 * `VentureNeedsDiceError` (use `rollVentureCommand`).
 * @example applyVenture(newVenture([{ id: 'ana', xp: 0 }]), { kind: 'start-venture', at: 0, dungeon })
 */
export function applyVenture(state: VentureState, command: VentureCommand): RuleResult<VentureStep> {
  return step(state, decide(state, command, null));
}

/**
 * Decides any command, rolling with `rng` where it must (the node pool, a resource die), and applies its
 * events; the faces are stored in the events for replay.
 * @example rollVentureCommand(rng, state, { kind: 'roll-node', at: 60000 })
 */
export function rollVentureCommand(rng: RandomSource, state: VentureState, command: VentureCommand): RuleResult<VentureStep> {
  return step(state, decide(state, command, rng));
}

/** Milliseconds each light has left at `now` (a lantern's `null`: until the Venture ends). */
export function lightsAt(state: VentureState, now: number): readonly { readonly id: string; readonly source: LightSource; readonly isLit: boolean; readonly remainingMs: number | null }[] {
  return state.lights.map((l) => ({ id: l.id, source: l.source, isLit: l.litAt !== null && !l.isSpent, remainingMs: lightRemainingMs(l, now) }));
}
