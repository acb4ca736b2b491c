/**
 * The encounter simulator: whole fights run turn by turn through `takeTurn` (every roll through the
 * checks, damage and specials of the rules), N times from one seeded source, reporting the party's win
 * rate, rounds, each PC's chance to drop and the resources they used. The same source gives the same
 * report. Rules: HAMMERCRAWL! v4, COMBAT; rulings CB-18 to CB-21 (turn order, tactics, fresh Ventures).
 */
import type { RandomSource } from '../../../dice/index.js';
import { HAMMERCRAWL_CHAIN } from '../../../dice/index.js';
import type { Character } from '../character.js';
import { attackOdds, prepareAttack, rollAttackChecks, type AttackSpec, type PreparedAttack } from './attack.js';
import { rollHarm } from './harm.js';
import { rollHit } from '../damage.js';
import { DEFAULT_COMBAT_SETTINGS, buildAttack, canDeclareFeat, type AttackOptions, type CombatSettings } from './build-attack.js';
import { isFightOver, nextRound, startEncounter, takeTurn, type CombatAction, type Encounter, type ExtraAttack } from './encounter.js';
import { fighterFromCharacter, monsterFighters, type Fighter, type MonsterSpec } from './fighter.js';
import { MAX_FIGHTS, MAX_ROUNDS, combatProblem, type CombatResult } from './problems.js';
import { rollInitiativeContest, type ContestEntrant } from '../initiative/contest.js';

/** How a simulation runs (ruling CB-18 on turn order). */
export interface SimulationOptions {
  readonly fights: number;
  /** Rounds before a fight is called a draw; default and most MAX_ROUNDS. */
  readonly maxRounds?: number;
  readonly settings?: CombatSettings;
  /**
   * Turn order (ruling CB-18). `initiative` (default): the rules' order, each fight opening with the
   * leaders' Initiative Contest and the initiative passed along (`initiativeOrder`). `party` or `foes`:
   * that side's fighter acts first each round, then turns alternate sides (the simulator's older order).
   */
  readonly first?: TurnOrderRule;
  /** Called after each fight with the fights done and the total (a progress line for long runs). */
  readonly onProgress?: (done: number, total: number) => void;
  /** Whether PCs declare Feats (and Fist of an Angry God) whenever their class allows; default true. */
  readonly useFeats?: boolean;
  /**
   * `dice` (default): every die rolled as `takeTurn` rolls it (fighters whose specials do not act on
   * single dice from attacks prepared once per simulation, the same dice in the same order). `exact`: each attack's end state drawn at once
   * from its exact odds (`attackOdds`), the same distribution, far faster; only for fighters whose specials
   * do not act on single dice (ruling CB-21), otherwise the simulator falls back to `dice` and says why.
   */
  readonly mode?: 'dice' | 'exact';
  /** Most tree nodes the faces of planned dice-mode attacks (and the Initiative Contest) may take; default and at most `MAX_MEMO_NODES`. Past it new paths are rolled without being kept, the same dice. */
  readonly maxMemoNodes?: number;
}

/** One PC across all fights. */
export interface PcReport {
  readonly id: string;
  readonly name: string;
  /** P(the PC went down at some point in the fight). */
  readonly pDown: number;
  readonly meanHealthStepsLost: number;
  readonly meanArmourStepsLost: number;
  readonly meanHdRerollsUsed: number;
  readonly meanArmourRerollsUsed: number;
  readonly meanFistUsesUsed: number;
}

/** What N fights gave. */
export interface SimulationReport {
  readonly fights: number;
  readonly partyWins: number;
  readonly foesWins: number;
  readonly draws: number;
  /** P(the party wins): party wins / fights. */
  readonly winRate: number;
  readonly rounds: { readonly mean: number; readonly min: number; readonly max: number; readonly histogram: readonly { readonly rounds: number; readonly fights: number }[] };
  readonly pcs: readonly PcReport[];
  /** Mean number of monsters down at the end of a fight. */
  readonly meanMonstersDown: number;
  /** How the fights were run, and why `exact` was not possible when it was asked for. */
  readonly mode: 'dice' | 'exact';
  readonly exactUnavailable: string | null;
}

/** One fight's end. */
export interface FightResult {
  readonly winner: 'party' | 'foes' | 'draw';
  readonly rounds: number;
  readonly encounter: Encounter;
  /** Ids of the fighters who went down at some point. */
  readonly wentDown: ReadonlySet<string>;
}

/** Each die's place on the chain by its sides (-1 off the chain), read instead of searching the chain. */
const CHAIN_POSITION: readonly number[] = (() => {
  const sides = HAMMERCRAWL_CHAIN.sides;
  const out: number[] = new Array<number>(sides[sides.length - 1]! + 1).fill(-1);
  sides.forEach((s, i) => (out[s] = i));
  return out;
})();

function position(die: number | null): number {
  return die === null ? -1 : (CHAIN_POSITION[die] ?? -1);
}

function weakestFoe(enc: Encounter, side: Fighter['side']): Fighter | null {
  let best: Fighter | null = null;
  for (const f of enc.fighters) {
    if (f.side === side || f.healthDie === null) continue;
    if (!best || f.healthDie < best.healthDie! || (f.healthDie === best.healthDie && (f.armourDie ?? 0) < (best.armourDie ?? 0))) best = f;
  }
  return best;
}

/** The simple tactics of a simulated PC (ruling CB-19): heal a downed ally, else attack the weakest foe with everything the turn allows. */
export function pcTactics(enc: Encounter, pc: Fighter, useFeats = true): CombatAction {
  if (pc.specials.layOnHands === 'advanced' && (pc.lastLayOnHandsRound === null || enc.round - pc.lastLayOnHandsRound >= 2)) {
    const down = enc.fighters.find((f) => f.side === pc.side && f.id !== pc.id && f.role === 'pc' && f.healthDie === null);
    if (down) return { kind: 'lay-on-hands', targetId: down.id };
  }
  const target = weakestFoe(enc, pc.side);
  if (!target) return { kind: 'pass' };
  const usable = pc.weapons.filter((w) => w.harm.kind !== 'unknown');
  const main = usable[0];
  if (!main) return { kind: 'pass' };
  const feat = useFeats && canDeclareFeat(pc, 'attack', target.conditions.length > 0);
  const options: AttackOptions = {
    weaponId: main.id,
    ...(feat ? { feat: true } : {}),
    ...(useFeats && pc.resources.fistUses > 0 ? { fistOfAngryGod: true } : {}),
  };
  if (pc.specials.barrage && main.canBeThrown) {
    return { kind: 'barrage', targetIds: Array.from({ length: 1 + pc.specials.barrage.extraAttacks }, () => target.id), options };
  }
  const used = new Set([main.id]);
  let offHand: ExtraAttack | undefined;
  if (pc.specials.dualWield && !main.isTwoHanded) {
    const second = usable.find((w) => !used.has(w.id) && !w.isTwoHanded && w.type !== 'ranged-missile' && w.type !== 'ranged-mechanical' && w.id !== 'unarmed');
    if (second) {
      used.add(second.id);
      offHand = { targetId: target.id, options: { weaponId: second.id } };
    }
  }
  const momentum: ExtraAttack[] = [];
  for (const w of usable) {
    if (momentum.length >= pc.specials.momentumAttacks) break;
    if (used.has(w.id)) continue;
    used.add(w.id);
    momentum.push({ targetId: target.id, options: { weaponId: w.id, ...(feat && canDeclareFeat(pc, 'attack') ? { feat: true } : {}) } });
  }
  return {
    kind: 'attack',
    targetId: target.id,
    options,
    ...(momentum.length > 0 ? { momentum } : {}),
    ...(offHand ? { offHand } : {}),
    ...(main.specializationTier >= 3 ? { specializationAttack: { targetId: target.id } } : {}),
  };
}

/** The Smith's monsters' tactics (ruling CB-19): attack a standing PC chosen at random. */
export function monsterTactics(rng: RandomSource, enc: Encounter, monster: Fighter): CombatAction {
  const targets = enc.fighters.filter((f) => f.side !== monster.side && f.healthDie !== null);
  if (targets.length === 0) return { kind: 'pass' };
  const t = targets.length === 1 ? targets[0]! : targets[rng.rollDie(targets.length) - 1]!;
  return { kind: 'attack', targetId: t.id };
}

/** How the simulator orders turns (ruling CB-18): the rules' initiative, or a side first each round. */
export type TurnOrderRule = 'initiative' | 'party' | 'foes';

/** The default turn order: as the rules roll and pass it (ruling CB-18). */
export const DEFAULT_TURN_ORDER: TurnOrderRule = 'initiative';

/**
 * The leaders of the Initiative Contest (Order of Actions: one leader per side rolls d20 + INT mod): the
 * first fighter given on each side (ruling CB-18), with its INT score, 10 (mod 0) for a monster, whose
 * line gives no INT.
 */
export function contestLeaders(fighters: readonly Fighter[]): ContestEntrant[] {
  const leader = (side: 'party' | 'foes'): ContestEntrant => {
    const f = fighters.find((x) => x.side === side)!;
    return { id: f.id, side, intScore: f.statScores?.INT ?? 10 };
  };
  return [leader('party'), leader('foes')];
}

/**
 * Rolls which side starts the fight (Order of Actions): the leaders' Initiative Contest, ties re-rolled
 * until a side wins (at the re-roll cap, the party: the Smith's call, ruling CB-18).
 */
export function rollStartingSide(rng: RandomSource, fighters: readonly Fighter[]): 'party' | 'foes' {
  const r = rollInitiativeContest(rng, contestLeaders(fighters));
  if (!r.ok) throw new Error(`simulator: ${r.error.code}: ${r.error.message}`);
  return r.value.winner?.side === 'foes' ? 'foes' : 'party';
}

/**
 * The turns of one round under the rules' initiative (Passing the Initiative; New Rounds), with the
 * tactics of ruling CB-18: whoever holds the initiative passes it to an ally who has not acted (in the
 * order given), and to the other side when none is left; the last to act starts the next round with
 * their own side. So `start`'s fighters act, then the other side's.
 */
export function initiativeOrder(fighters: readonly Fighter[], start: 'party' | 'foes'): string[] {
  return [...fighters.filter((f) => f.side === start), ...fighters.filter((f) => f.side !== start)].map((f) => f.id);
}

/** The order of turns in a round: the sides alternate, starting with `first` (`--first party|foes`, ruling CB-18). */
function turnOrder(fighters: readonly Fighter[], first: 'party' | 'foes'): string[] {
  const a = fighters.filter((f) => f.side === first).map((f) => f.id);
  const b = fighters.filter((f) => f.side !== first).map((f) => f.id);
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}

/** Runs one fight to its end or to `maxRounds` (a draw), every turn through `takeTurn`. */
export function rollFight(rng: RandomSource, start: Encounter, options: Omit<SimulationOptions, 'fights'> = {}): FightResult {
  const maxRounds = Math.min(options.maxRounds ?? MAX_ROUNDS, MAX_ROUNDS);
  const rule = options.first ?? DEFAULT_TURN_ORDER;
  let side: 'party' | 'foes' = rule === 'initiative' ? rollStartingSide(rng, start.fighters) : rule;
  const useFeats = options.useFeats ?? true;
  const wentDown = new Set<string>();
  let enc = start;
  let rounds = 0;
  while (rounds < maxRounds && !isFightOver(enc)) {
    rounds += 1;
    const order = rule === 'initiative' ? initiativeOrder(start.fighters, side) : turnOrder(start.fighters, rule);
    for (const id of order) {
      if (isFightOver(enc)) break;
      const f = enc.fighters.find((x) => x.id === id)!;
      if (f.healthDie === null) continue;
      side = f.side === 'foes' ? 'foes' : 'party';
      const lost = f.conditions.some((c) => c.kind === 'loses-action');
      const action: CombatAction = lost ? { kind: 'pass' } : f.role === 'pc' ? pcTactics(enc, f, useFeats) : monsterTactics(rng, enc, f);
      let r = takeTurn(rng, enc, id, action);
      if (!r.ok) r = takeTurn(rng, enc, id, { kind: 'pass' });
      if (!r.ok) throw new Error(`simulator: ${r.problem.code}: ${r.problem.message}`);
      for (const e of r.events) if (e.kind === 'down') wentDown.add(e.fighterId);
      enc = r.encounter;
    }
    if (!isFightOver(enc)) enc = nextRound(enc);
  }
  const partyUp = enc.fighters.some((f) => f.side === 'party' && f.healthDie !== null);
  const foesUp = enc.fighters.some((f) => f.side === 'foes' && f.healthDie !== null);
  const winner = partyUp && !foesUp ? 'party' : foesUp && !partyUp ? 'foes' : 'draw';
  return { winner, rounds, encounter: enc, wentDown };
}

/** The end of a fight as the report reads it: per fighter (in encounter order) dice, uses and whether they went down. */
interface FightEnd {
  readonly winner: FightResult['winner'];
  readonly rounds: number;
  readonly health: readonly (number | null)[];
  readonly armour: readonly (number | null)[];
  readonly hdRerolls: readonly number[];
  readonly armourRerolls: readonly number[];
  readonly fistUses: readonly number[];
  readonly wentDown: readonly boolean[];
}

function fightEnd(r: FightResult): FightEnd {
  const fs = r.encounter.fighters;
  return {
    winner: r.winner,
    rounds: r.rounds,
    health: fs.map((f) => f.healthDie),
    armour: fs.map((f) => f.armourDie),
    hdRerolls: fs.map((f) => f.resources.hdRerolls),
    armourRerolls: fs.map((f) => f.resources.armourRerolls),
    fistUses: fs.map((f) => f.resources.fistUses),
    wentDown: fs.map((f) => r.wentDown.has(f.id)),
  };
}

/** A party member as given: a character document or a fighter already built. */
export type SimulatedPartyMember = Character | Fighter;

function toFighters(party: readonly SimulatedPartyMember[], monsters: readonly (MonsterSpec | Fighter)[]): Fighter[] {
  const out: Fighter[] = [];
  const ids = new Set<string>();
  const unique = (id: string) => {
    let u = id;
    for (let i = 2; ids.has(u); i++) u = `${id}-${i}`;
    ids.add(u);
    return u;
  };
  for (const m of party) {
    if ('schemaVersion' in m) out.push(fighterFromCharacter(m, { id: unique(m.name), side: 'party' }));
    else out.push({ ...m, id: unique(m.id), side: 'party' });
  }
  for (const m of monsters) {
    if ('hd' in m) for (const f of monsterFighters(m)) out.push({ ...f, id: unique(f.id) });
    else out.push({ ...m, id: unique(m.id), side: 'foes' });
  }
  return out;
}

/**
 * Runs `options.fights` whole fights of the party against the monsters (COMBAT), each from fresh dice and
 * full per-Venture uses, and reports win rate, rounds, each PC's chance to drop and resources used.
 * Deterministic: the same seeded source gives the same report.
 * @example simulateEncounter(seededRandom(7), party, [goblins], { fights: 1000 }).report.winRate
 */
export function simulateEncounter(
  rng: RandomSource,
  party: readonly SimulatedPartyMember[],
  monsters: readonly (MonsterSpec | Fighter)[],
  options: SimulationOptions,
): CombatResult<{ readonly report: SimulationReport }> {
  if (!Number.isInteger(options.fights) || options.fights < 1 || options.fights > MAX_FIGHTS) {
    return combatProblem('combat/fights-out-of-range', `run 1 to ${MAX_FIGHTS} fights; got ${options.fights}`);
  }
  if (party.length === 0) return combatProblem('combat/no-party', 'give at least one party member');
  if (monsters.length === 0) return combatProblem('combat/no-monsters', 'give at least one monster');
  const fighters = toFighters(party, monsters);
  const started = startEncounter(fighters, options.settings ?? DEFAULT_COMBAT_SETTINGS);
  if (!started.ok) return started;
  const pcs = fighters.filter((f) => f.side === 'party');
  const size = fighters.length;
  const down = new Float64Array(size);
  const health = new Float64Array(size);
  const armour = new Float64Array(size);
  const hd = new Float64Array(size);
  const arm = new Float64Array(size);
  const fist = new Float64Array(size);
  const startHealth = fighters.map((f) => position(f.healthDie));
  const startArmour = fighters.map((f) => position(f.armourDie));
  let partyWins = 0;
  let foesWins = 0;
  let draws = 0;
  let roundSum = 0;
  let minR = Infinity;
  let maxR = 0;
  let monstersDown = 0;
  const hist = new Map<number, number>();
  // Fighters whose specials do not act on single dice are fought from attacks planned and prepared once
  // per simulation (ruling CB-21): drawn from their exact odds in `exact` mode, rolled die by die in
  // `dice` mode (the same dice in the same order as `rollFight`, so the same report); others turn by
  // turn through `takeTurn`.
  const planless = exactUnavailableReason(fighters);
  const unavailable = options.mode === 'exact' ? planless : null;
  const planned = planless === null ? new PlannedFights(started.encounter, options, options.mode === 'exact' ? 'exact' : 'dice') : null;
  const exact = options.mode === 'exact' && planned !== null;
  for (let i = 0; i < options.fights; i++) {
    const r = planned ? planned.roll(rng) : fightEnd(rollFight(rng, started.encounter, options));
    options.onProgress?.(i + 1, options.fights);
    if (r.winner === 'party') partyWins++;
    else if (r.winner === 'foes') foesWins++;
    else draws++;
    roundSum += r.rounds;
    minR = Math.min(minR, r.rounds);
    maxR = Math.max(maxR, r.rounds);
    hist.set(r.rounds, (hist.get(r.rounds) ?? 0) + 1);
    for (let k = 0; k < size; k++) {
      const s = fighters[k]!;
      if (s.side === 'foes') {
        if (r.health[k] === null) monstersDown++;
        continue;
      }
      if (r.wentDown[k]) down[k]! += 1;
      health[k]! += startHealth[k]! - position(r.health[k]!);
      armour[k]! += startArmour[k]! - position(r.armour[k]!);
      hd[k]! += s.resources.hdRerolls - r.hdRerolls[k]!;
      arm[k]! += s.resources.armourRerolls - r.armourRerolls[k]!;
      fist[k]! += s.resources.fistUses - r.fistUses[k]!;
    }
  }
  const n = options.fights;
  const index = new Map(fighters.map((f, k) => [f.id, k]));
  const mean = (m: Float64Array, id: string) => m[index.get(id)!]! / n;
  return {
    ok: true,
    report: {
      fights: n,
      partyWins,
      foesWins,
      draws,
      winRate: partyWins / n,
      rounds: {
        mean: roundSum / n,
        min: minR,
        max: maxR,
        histogram: [...hist].sort((a, b) => a[0] - b[0]).map(([rounds, fights]) => ({ rounds, fights })),
      },
      pcs: pcs.map((p) => ({
        id: p.id,
        name: p.name,
        pDown: mean(down, p.id),
        meanHealthStepsLost: mean(health, p.id),
        meanArmourStepsLost: mean(armour, p.id),
        meanHdRerollsUsed: mean(hd, p.id),
        meanArmourRerollsUsed: mean(arm, p.id),
        meanFistUsesUsed: mean(fist, p.id),
      })),
      meanMonstersDown: monstersDown / n,
      mode: exact ? 'exact' : 'dice',
      exactUnavailable: unavailable,
    },
  };
}

/** Why a set of fighters cannot be simulated in `exact` mode (specials that act on single dice), or null. */
export function exactUnavailableReason(fighters: readonly Fighter[]): string | null {
  for (const f of fighters) {
    const s = f.specials;
    const why =
      f.resources.hdRerolls > 0 ? 'HD Re-rolls' :
      f.resources.armourRerolls > 0 ? 'Armour Die re-rolls' :
      s.revenant ? 'Revenant' :
      s.hackAndSlash ? 'Hack and Slash' :
      s.layOnHands === 'advanced' ? 'Lay on Hands in combat' :
      s.sharpshooter ? 'Sharpshooter' :
      s.barrage ? "a Thrower's barrage" :
      s.canidPack ? 'the Canid pack bonus' :
      f.conditions.length > 0 ? 'conditions at the start' :
      f.isInTotalDefense ? 'Total Defense' : null;
    if (why) return `${f.name} has ${why}, which acts on single dice`;
  }
  return null;
}

/** One attack slot of a fighter's plan: the options, and whether it uses Fist of an Angry God. */
interface Slot {
  readonly options: AttackOptions;
  readonly main: boolean;
}

/** Cached end states of one attack against one target state: cumulative chances and the dice after. */
interface Table {
  readonly cum: Float64Array;
  readonly health: (number | null)[];
  readonly armour: (number | null)[];
}

const EXACT_DRAW = 2 ** 30;
/** Most tree nodes the faces of planned dice-mode attacks may take in one simulation; past it, attacks are rolled without the tree. */
export const MAX_MEMO_NODES = 2_000_000;

/** A target's dice after an attack. */
interface DefenderAfter {
  readonly healthDie: number | null;
  readonly armourDie: number | null;
}

/** The end of a path of faces: what the roll gave (`sides` 0). */
interface FaceLeaf<T> {
  readonly sides: 0;
  readonly value: T;
}

/** A die a roll asks for, and what follows each of its faces. */
interface FaceNode<T> {
  readonly sides: number;
  readonly next: (FaceNode<T> | FaceLeaf<T> | undefined)[];
}

/** The faces one roll (a pure function of the faces it reads) has read so far, and what each path gave. */
interface FaceTree<T> {
  root: FaceNode<T> | FaceLeaf<T> | null;
}

/**
 * A planned attack, in the three parts `rollAttack` rolls one after the other, each a pure function of the
 * faces it reads: the checks (miss, hit or crit), the damage roll (the DV), and the hit through the soak
 * (the target's dice after). Each part has its tree of faces, shared by every planned attack whose part is
 * the same (the same check, the same damage roll, the same target dice and hit): a pack of like fighters
 * reads one tree.
 */
interface Memo {
  readonly attack: PreparedAttack;
  readonly missed: DefenderAfter;
  /** 0 miss, 1 hit, 2 hit with a combat Crit. */
  readonly checks: FaceTree<number>;
  readonly harm: FaceTree<number>;
  /** What makes the hit part of this attack: the target's dice and the hit's tags. */
  readonly hitKey: string;
  /** The hit part's tree by `dv * 2 + (crit ? 1 : 0)`, filled as DVs come up. */
  readonly hits: (FaceTree<DefenderAfter> | undefined)[];
}

/** The soak re-rolls of a planned fighter: none (planned fights have no specials acting on single dice). */
/** What `#walk` gives when the path leaves the tree. */
const MISSING: unique symbol = Symbol('missing');

/** The checks part of a planned attack: 0 miss, 1 hit, 2 hit with a combat Crit. */
function rollChecksPart(rng: RandomSource, memo: Memo): number {
  const c = rollAttackChecks(rng, memo.attack);
  return c.isHit ? (c.critBy !== null ? 2 : 1) : 0;
}

/** The damage part of a planned attack: the DV. */
function rollHarmPart(rng: RandomSource, memo: Memo): number {
  return rollHarm(rng, memo.attack.spec.harm).dv;
}

/** The hit part of a planned attack: the hit through the soak with no re-rolls to spend (as `rollHitWithRerolls` with none). */
function rollHitPart(rng: RandomSource, hit: { readonly spec: AttackSpec; readonly dv: number; readonly isCrit: boolean }): DefenderAfter {
  const spec = hit.spec;
  const after = rollHit(rng, spec.defender, { ...spec.hit, dv: hit.dv, isCrit: hit.isCrit }, spec.damageSettings).defender;
  return { healthDie: after.healthDie, armourDie: after.armourDie };
}

/** The Initiative Contest part of a planned fight: the side that starts. */
function rollStartPart(rng: RandomSource, fighters: readonly Fighter[]): 'party' | 'foes' {
  return rollStartingSide(rng, fighters);
}

const NO_TABLE: Table = { cum: new Float64Array(0), health: [], armour: [] };

/**
 * Fights of fighters whose specials do not act on single dice (ruling CB-21), from the attacks the tactics
 * would make, built by `buildAttack` once per attacker, slot, target and target dice (fighters alike in all
 * but id and name share them). In `exact` mode each attack's end state is weighed by `attackOdds` and drawn
 * with one uniform number; in `dice` mode the prepared attack is rolled in the parts `rollAttack` rolls (the
 * checks, the damage roll, the hit through the soak), die for die as `takeTurn` rolls it, each part read
 * from its tree of faces once a path has been rolled, without the encounter objects, events and words a
 * turn builds.
 */
class PlannedFights {
  readonly #fighters: readonly Fighter[];
  readonly #rule: TurnOrderRule;
  /** The turn order of a round by the side that starts it (the same both ways for `party` or `foes`). */
  readonly #orders: { readonly party: readonly number[]; readonly foes: readonly number[] };
  readonly #plans: Slot[][][] = [];
  readonly #tables = new Map<number, Table>();
  readonly #prepared = new Map<number, Memo | null>();
  readonly #checkTrees = new Map<string, FaceTree<number>>();
  readonly #harmTrees = new Map<string, FaceTree<number>>();
  readonly #hitTrees = new Map<string, FaceTree<DefenderAfter>>();
  /** The Initiative Contest's tree of faces: the side that starts. */
  readonly #initiative: FaceTree<'party' | 'foes'> = { root: null };
  #memoNodes = 0;
  readonly #maxMemoNodes: number;
  readonly #mode: 'dice' | 'exact';
  readonly #maxRounds: number;
  readonly #settings: CombatSettings;
  readonly #isParty: boolean[];
  readonly #isPc: boolean[];
  /** For each fighter, the first fighter alike in all but id and name: attacks are built and prepared for it. */
  readonly #likeOf: number[];
  readonly #hdRerolls: number[];
  readonly #armourRerolls: number[];

  constructor(start: Encounter, options: Omit<SimulationOptions, 'fights'>, mode: 'dice' | 'exact') {
    this.#mode = mode;
    this.#maxMemoNodes = Math.max(0, Math.min(options.maxMemoNodes ?? MAX_MEMO_NODES, MAX_MEMO_NODES));
    this.#fighters = start.fighters;
    this.#settings = start.settings;
    this.#maxRounds = Math.min(options.maxRounds ?? MAX_ROUNDS, MAX_ROUNDS);
    this.#isParty = start.fighters.map((f) => f.side === 'party');
    this.#isPc = start.fighters.map((f) => f.role === 'pc');
    // Fighters alike in everything but id and name (a pack from one monster line, PCs built the same)
    // attack and are attacked alike: `buildAttack` reads their id and name for words only.
    const alike = new Map<string, number>();
    this.#likeOf = start.fighters.map((f, i) => {
      const key = JSON.stringify({ ...f, id: '', name: '' });
      const first = alike.get(key);
      if (first !== undefined) return first;
      alike.set(key, i);
      return i;
    });
    this.#hdRerolls = start.fighters.map((f) => f.resources.hdRerolls);
    this.#armourRerolls = start.fighters.map((f) => f.resources.armourRerolls);
    this.#rule = options.first ?? DEFAULT_TURN_ORDER;
    const indexes = (ids: readonly string[]) => ids.map((id) => start.fighters.findIndex((f) => f.id === id));
    if (this.#rule === 'initiative') {
      this.#orders = { party: indexes(initiativeOrder(start.fighters, 'party')), foes: indexes(initiativeOrder(start.fighters, 'foes')) };
    } else {
      const fixed = indexes(turnOrder(start.fighters, this.#rule));
      this.#orders = { party: fixed, foes: fixed };
    }
    const useFeats = options.useFeats ?? true;
    for (const f of start.fighters) {
      // [without Fist, with Fist]: the slots of the Attack action the tactics would declare.
      const plan: Slot[][] = [];
      for (const fist of [false, true]) {
        const probe = { ...f, resources: { ...f.resources, fistUses: fist ? 1 : 0 } };
        const foe = start.fighters.find((x) => x.side !== f.side)!;
        const action = f.role === 'pc' ? pcTactics({ ...start, fighters: [probe, foe] }, probe, useFeats) : { kind: 'attack' as const, targetId: foe.id };
        const slots: Slot[] = [];
        if (action.kind === 'attack') {
          slots.push({ options: action.options ?? {}, main: true });
          const dual = action.offHand ? f.specials.dualWield : null;
          if (dual && action.offHand) {
            const step = (n: number, label: string) => (n === 0 ? [] : [{ amount: n, origin: { kind: 'rule' as const, id: label, label } }]);
            slots[0] = { options: { ...slots[0]!.options, attackSteps: step(dual.primarySteps, 'Two-Fisted primary'), harmSteps: step(dual.primarySteps, 'Two-Fisted primary') }, main: true };
            slots.push({ options: { ...action.offHand.options, attackSteps: step(dual.secondarySteps, 'Two-Fisted secondary'), harmSteps: step(dual.secondarySteps, 'Two-Fisted secondary') }, main: false });
          }
          if (action.specializationAttack) slots.push({ options: { ...(action.options?.weaponId ? { weaponId: action.options.weaponId } : {}) }, main: false });
          for (const m of action.momentum ?? []) slots.push({ options: m.options ?? {}, main: false });
        }
        plan.push(slots);
      }
      this.#plans.push(plan);
    }
  }

  #key(actor: number, slot: number, fist: number, target: number, health: number, armour: number | null): number {
    actor = this.#likeOf[actor]!;
    target = this.#likeOf[target]!;
    return ((((actor * 8 + slot) * 2 + fist) * this.#fighters.length + target) * 32 + position(health)) * 32 + (armour === null ? 31 : position(armour));
  }

  #build(actor: number, slot: number, fist: number, target: number, health: number, armour: number | null) {
    actor = this.#likeOf[actor]!;
    target = this.#likeOf[target]!;
    const d = { ...this.#fighters[target]!, healthDie: health, armourDie: armour };
    return buildAttack(this.#fighters[actor]!, d, this.#plans[actor]![fist]![slot]!.options, this.#settings);
  }

  /** The attack prepared once for dice mode, or null when `buildAttack` refuses it. */
  #preparedAttack(actor: number, slot: number, fist: number, target: number, health: number, armour: number | null): Memo | null {
    const key = this.#key(actor, slot, fist, target, health, armour);
    let p = this.#prepared.get(key);
    if (p !== undefined) return p;
    const built = this.#build(actor, slot, fist, target, health, armour);
    if (built.ok) {
      const attack = prepareAttack(built.spec);
      const spec = attack.spec;
      // The keys hold everything each part reads (their labels too: a key is only ever more specific).
      const checkKey = JSON.stringify([spec.mode, spec.attack, spec.defense, spec.target, spec.critMin, spec.critFaces]);
      p = {
        attack,
        missed: { healthDie: spec.defender.healthDie, armourDie: spec.defender.armourDie },
        checks: this.#tree(this.#checkTrees, checkKey),
        harm: this.#tree(this.#harmTrees, JSON.stringify(spec.harm.spec)),
        hitKey: JSON.stringify([spec.defender, spec.hit, spec.damageSettings]),
        hits: [],
      };
    } else p = null;
    this.#prepared.set(key, p);
    return p;
  }

  /** The tree of a part of a planned attack, shared by every attack whose part has the same key. */
  #tree<T>(trees: Map<string, FaceTree<T>>, key: string): FaceTree<T> {
    let t = trees.get(key);
    if (!t) trees.set(key, (t = { root: null }));
    return t;
  }

  /**
   * Rolls a planned attack in its three parts (as `rollAttack` rolls them: the checks, on a hit the damage
   * roll, then the hit through the soak with no re-rolls to spend) and returns the target's dice after it.
   */
  #rollAttack(rng: RandomSource, memo: Memo): DefenderAfter {
    let checks = this.#walk(rng, memo.checks);
    if (checks === MISSING) checks = this.#fill(rng, memo.checks, memo, rollChecksPart);
    if (checks === 0) return memo.missed;
    let dv = this.#walk(rng, memo.harm);
    if (dv === MISSING) dv = this.#fill(rng, memo.harm, memo, rollHarmPart);
    const isCrit = checks === 2;
    const slot = dv * 2 + (isCrit ? 1 : 0);
    const tree = (memo.hits[slot] ??= this.#tree(this.#hitTrees, `${memo.hitKey}|${dv}|${isCrit}`));
    const after = this.#walk(rng, tree);
    if (after !== MISSING) return after;
    return this.#fill(rng, tree, { spec: memo.attack.spec, dv, isCrit }, rollHitPart);
  }

  /**
   * Reads a roll from its tree of faces (a pure function of the faces it reads: the die it asks for next
   * depends only on the faces before), die by die from the source: the value at the end of the path, or
   * MISSING when the path leaves the tree (the faces drawn so far wait in the path for `#fill`).
   */
  #walk<T>(rng: RandomSource, tree: FaceTree<T>): T | typeof MISSING {
    this.#pathLength = 0;
    let node = tree.root;
    if (node === null) return MISSING;
    const path = this.#path;
    for (;;) {
      if (node.sides === 0) return (node as FaceLeaf<T>).value;
      const face = rng.rollDie(node.sides);
      path[this.#pathLength++] = face;
      const next: FaceNode<T> | FaceLeaf<T> | undefined = (node as FaceNode<T>).next[face];
      if (next === undefined) return MISSING;
      node = next;
    }
  }

  /**
   * Rolls `roll` after `#walk` left the tree, replaying the faces already drawn then drawing from the
   * source, and adds its path while the trees have fewer than `maxMemoNodes` nodes. The source gives the
   * same dice, in the same order, as `roll` alone.
   */
  #fill<T, A>(rng: RandomSource, tree: FaceTree<T>, arg: A, roll: (rng: RandomSource, arg: A) => T): T {
    const path = this.#path;
    const asked: number[] = [];
    let length = this.#pathLength;
    let read = 0;
    const replay: RandomSource = {
      rollDie(sides: number): number {
        asked.push(sides);
        if (read < length) return path[read++]!;
        const face = rng.rollDie(sides);
        path[length++] = face;
        read++;
        return face;
      },
    };
    const value = roll(replay, arg);
    if (this.#memoNodes >= this.#maxMemoNodes) return value;
    // Add the path: a node per die asked for, the value at its end.
    const leaf: FaceLeaf<T> = { sides: 0, value };
    if (asked.length === 0) {
      tree.root = leaf;
      return value;
    }
    tree.root ??= this.#node<T>(asked[0]!);
    let at = tree.root as FaceNode<T>;
    for (let k = 0; k < asked.length; k++) {
      const face = path[k]!;
      if (k === asked.length - 1) at.next[face] = leaf;
      else at = (at.next[face] ??= this.#node<T>(asked[k + 1]!)) as FaceNode<T>;
    }
    return value;
  }

  #start(rng: RandomSource, fs: readonly Fighter[]): 'party' | 'foes' {
    const side = this.#walk(rng, this.#initiative);
    return side === MISSING ? this.#fill(rng, this.#initiative, fs, rollStartPart) : side;
  }

  #node<T>(sides: number): FaceNode<T> {
    this.#memoNodes += 1;
    return { sides, next: [] };
  }

  /** The faces drawn by the last `#walk` (the first `#pathLength` of them). */
  readonly #path: number[] = [];
  #pathLength = 0;

  #table(actor: number, slot: number, fist: number, target: number, health: number, armour: number | null): Table {
    const key = this.#key(actor, slot, fist, target, health, armour);
    let t = this.#tables.get(key);
    if (t) return t;
    const built = this.#build(actor, slot, fist, target, health, armour);
    if (!built.ok) t = NO_TABLE;
    else {
      const outcomes = attackOdds(built.spec).outcomes;
      const cum = new Float64Array(outcomes.length);
      let acc = 0;
      outcomes.forEach((o, i) => {
        acc += o.p;
        cum[i] = acc;
      });
      t = { cum, health: outcomes.map((o) => o.healthDie), armour: outcomes.map((o) => o.armourDie) };
    }
    this.#tables.set(key, t);
    return t;
  }

  roll(rng: RandomSource): FightEnd {
    const fs = this.#fighters;
    const n = fs.length;
    const health = fs.map((f) => f.healthDie);
    const armour = fs.map((f) => f.armourDie);
    const fist = fs.map((f) => f.resources.fistUses);
    const wentDown = fs.map(() => false);
    const isParty = this.#isParty;
    let partyUp = 0;
    let foesUp = 0;
    for (let i = 0; i < n; i++) if (health[i] !== null) isParty[i] ? partyUp++ : foesUp++;
    let rounds = 0;
    let side: 'party' | 'foes' = this.#rule === 'initiative' ? this.#start(rng, fs) : this.#rule;
    while (rounds < this.#maxRounds && partyUp > 0 && foesUp > 0) {
      rounds += 1;
      for (const i of this.#orders[side]) {
        if (health[i] === null) continue;
        if (partyUp === 0 || foesUp === 0) break;
        const mine = isParty[i];
        if (this.#rule === 'initiative') side = mine ? 'party' : 'foes';
        // The target: the weakest foe for a PC (as pcTactics), a random standing PC for a monster.
        let target = -1;
        if (this.#isPc[i]) {
          let th = 0;
          let ta = 0;
          for (let j = 0; j < n; j++) {
            const h = health[j]!;
            if (isParty[j] === mine || h === null) continue;
            const a = armour[j] ?? 0;
            if (target < 0 || h < th || (h === th && a < ta)) {
              target = j;
              th = h;
              ta = a;
            }
          }
        } else {
          const count = mine ? foesUp : partyUp;
          let pick = count === 1 ? 1 : rng.rollDie(count);
          for (let j = 0; j < n; j++) {
            if (isParty[j] !== mine && health[j] !== null && --pick === 0) {
              target = j;
              break;
            }
          }
        }
        if (target < 0) continue;
        const f = fist[i]! > 0 ? 1 : 0;
        const slots = this.#plans[i]![f]!;
        if (this.#mode === 'dice') {
          // As `takeTurn`: an attack `buildAttack` refuses undoes the turn (its dice stay rolled).
          const healthBefore = health[target]!;
          const armourBefore = armour[target]!;
          const fistBefore = fist[i]!;
          const downBefore = wentDown[target]!;
          let refused = false;
          for (let s = 0; s < slots.length; s++) {
            const h = health[target]!;
            if (h === null) break; // declared on this target: the rest is lost
            const p = this.#preparedAttack(i, s, f, target, h, armour[target]!);
            if (p === null) {
              refused = true;
              break;
            }
            if (f === 1 && slots[s]!.main && slots[s]!.options.fistOfAngryGod) fist[i]! -= 1;
            const after = this.#rollAttack(rng, p);
            health[target] = after.healthDie;
            armour[target] = after.armourDie;
            if (after.healthDie === null) wentDown[target] = true;
          }
          if (refused) {
            health[target] = healthBefore;
            armour[target] = armourBefore;
            fist[i] = fistBefore;
            wentDown[target] = downBefore;
          }
          if (healthBefore !== null && health[target] === null) {
            if (isParty[target]) partyUp--;
            else foesUp--;
          }
          continue;
        }
        for (let s = 0; s < slots.length; s++) {
          const h = health[target]!;
          if (h === null) break; // declared on this target: the rest is lost
          const t = this.#table(i, s, f, target, h, armour[target]!);
          const cum = t.cum;
          if (cum.length === 0) continue;
          if (f === 1 && slots[s]!.main && slots[s]!.options.fistOfAngryGod) fist[i]! -= 1;
          const u = (rng.rollDie(EXACT_DRAW) - 0.5) / EXACT_DRAW;
          let k = 0;
          while (k < cum.length - 1 && u > cum[k]!) k++;
          const after = t.health[k]!;
          health[target] = after;
          armour[target] = t.armour[k]!;
          if (after === null) {
            wentDown[target] = true;
            if (isParty[target]) partyUp--;
            else foesUp--;
          }
        }
      }
    }
    const winner = partyUp > 0 && foesUp === 0 ? 'party' : foesUp > 0 && partyUp === 0 ? 'foes' : 'draw';
    return { winner, rounds, health, armour, hdRerolls: this.#hdRerolls, armourRerolls: this.#armourRerolls, fistUses: fist, wentDown };
  }
}
