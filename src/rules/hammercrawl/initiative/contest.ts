/**
 * The rolls that decide initiative: the leaders' Initiative Contest (d20 + INT mod, ties for the top
 * re-rolled among the tied), the Initiative Challenge of an interrupt (d20 + INT mod, original flow), the
 * DEX Competition of an interrupt (2024-09 Exchanges) and the INT Test that ends surprise; each with its
 * exact odds. Every roll goes through `checks.ts`, so a roll and its odds read one definition.
 * Rules: HAMMERCRAWL! v4, COMBAT: Order of Actions, Passing the Initiative; COMBAT FLOW (2024-09
 * proposal): SURPRISE, INTERRUPTING ACTION. Rulings IN-n in docs/rulings.md.
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type RuleResult } from '../../rule-system.js';
import { STAT_TABLE, statModifier, type StatId } from '../check-modifiers.js';
import {
  MAX_COMPETITION_REROLLS,
  checkOdds,
  competitionOdds,
  prepareCheck,
  prepareCompetition,
  rollCheck,
  rollCompetition,
  type PreparedCheck,
  type PreparedCompetition,
} from '../checks.js';

/** The base die of every initiative roll ("d20 plus INT mod", Order of Actions). */
export const INITIATIVE_DIE = 20;

/** Most sides (leaders) one Initiative Contest may hold; exact odds visit every subset of them. */
export const MAX_CONTEST_SIDES = 8;

/** Most re-rolls of tied leaders before the contest stops undecided (shared with Competitions). */
export const MAX_CONTEST_REROLLS = MAX_COMPETITION_REROLLS;

/** One leader in the Initiative Contest: who, for which side, with which INT score (1-20). */
export interface ContestEntrant {
  readonly id: string;
  readonly side: string;
  readonly intScore: number;
}

/** One leader's roll in one round of the contest. */
export interface ContestRoll {
  readonly id: string;
  readonly side: string;
  readonly natural: number;
  /** null only in a player's view of one of the Smith's hidden foes (its mod is the Smith's; TB-17). */
  readonly total: number | null;
}

/** One round of the contest: the rolls of the leaders still contending. */
export interface ContestRound {
  readonly rolls: readonly ContestRoll[];
}

/** A rolled Initiative Contest: every round, and the winner (null only when stopped at the re-roll cap). */
export interface ContestResult {
  readonly rounds: readonly ContestRound[];
  readonly winner: { readonly id: string; readonly side: string } | null;
  readonly explanation: readonly string[];
}

/** The stat mod of a score, or a problem naming the combatant (STATS, stat table). */
export function statModOf(score: number, who: string, stat: StatId): RuleResult<number> {
  const row = Number.isInteger(score) ? STAT_TABLE[score - 1] : undefined;
  if (row === undefined) return problem('initiative/stat-off-table', `${who}'s ${stat} score must be a whole number from 1 to 20, got ${score}; fix the score before the fight.`);
  return ok(row.mod);
}

function initiativeCheck(stat: StatId, mod: number, label: string): PreparedCheck {
  return prepareCheck({ kind: 'open', die: INITIATIVE_DIE, mods: mod === 0 ? [] : [statModifier(stat, mod)], label });
}

function validateEntrants(entrants: readonly ContestEntrant[]): RuleResult<number[]> {
  if (entrants.length < 2) return problem('initiative/too-few-sides', 'an Initiative Contest needs the leaders of at least two sides.');
  if (entrants.length > MAX_CONTEST_SIDES) {
    return problem('initiative/too-many-sides', `an Initiative Contest holds at most ${MAX_CONTEST_SIDES} sides, got ${entrants.length}; split the fight into separate contests.`);
  }
  const sides = new Set(entrants.map((e) => e.side));
  if (sides.size !== entrants.length) return problem('initiative/one-leader-per-side', 'each side rolls once, by its leader; name one leader per side.');
  const mods: number[] = [];
  for (const e of entrants) {
    const m = statModOf(e.intScore, e.id, 'INT');
    if (!m.ok) return m;
    mods.push(m.value);
  }
  return ok(mods);
}

/**
 * Rolls the leaders' Initiative Contest: each rolls d20 + INT mod; the highest total wins; leaders tied
 * for the highest re-roll among themselves until one wins (ruling IN-1), at most MAX_CONTEST_REROLLS times.
 * @example rollInitiativeContest(scriptedRandom([12, 7]), [{ id: 'a', side: 'pc', intScore: 10 }, { id: 'b', side: 'foe', intScore: 10 }]) // a wins 12 to 7
 */
export function rollInitiativeContest(rng: RandomSource, entrants: readonly ContestEntrant[]): RuleResult<ContestResult> {
  const v = validateEntrants(entrants);
  if (!v.ok) return v;
  const checks = entrants.map((e, i) => initiativeCheck('INT', v.value[i]!, `Initiative Contest: ${e.id}`));
  let contenders = entrants.map((_, i) => i);
  const rounds: ContestRound[] = [];
  const explanation: string[] = [];
  for (let r = 0; r <= MAX_CONTEST_REROLLS; r++) {
    const rolls = contenders.map((i) => {
      const res = rollCheck(rng, checks[i]!);
      return { i, roll: { id: entrants[i]!.id, side: entrants[i]!.side, natural: res.natural!, total: res.total! } };
    });
    rounds.push({ rolls: rolls.map((x) => x.roll) });
    const best = Math.max(...rolls.map((x) => x.roll.total));
    const top = rolls.filter((x) => x.roll.total === best);
    explanation.push(rolls.map((x) => `${x.roll.id} ${x.roll.natural}${x.roll.total !== x.roll.natural ? ` -> ${x.roll.total}` : ''}`).join(', '));
    if (top.length === 1) {
      const w = entrants[top[0]!.i]!;
      explanation.push(`${w.id} wins the Initiative for ${w.side}`);
      return ok({ rounds, winner: { id: w.id, side: w.side }, explanation });
    }
    explanation.push(`tied at ${best}: ${top.map((x) => x.roll.id).join(', ')} re-roll`);
    contenders = top.map((x) => x.i);
  }
  explanation.push(`still tied after ${MAX_CONTEST_REROLLS} re-rolls: the Smith decides`);
  return ok({ rounds, winner: null, explanation });
}

/** The exact chance each leader wins the Initiative Contest, and of a first-round tie for the top. */
export interface ContestOdds {
  readonly wins: readonly { readonly id: string; readonly side: string; readonly p: number }[];
  readonly firstRoundTie: number;
}

/**
 * The exact odds of the Initiative Contest under "re-roll the tied leaders": by recursion over the
 * subsets still contending, each solved as a geometric series of its own full ties (ruling IN-1).
 * @example initiativeContestOdds([{ id: 'a', side: 'x', intScore: 10 }, { id: 'b', side: 'y', intScore: 10 }]) // each 0.5
 */
export function initiativeContestOdds(entrants: readonly ContestEntrant[]): RuleResult<ContestOdds> {
  const v = validateEntrants(entrants);
  if (!v.ok) return v;
  const mods = v.value;
  const n = entrants.length;
  const lo = 1 + Math.min(...mods);
  const hi = INITIATIVE_DIE + Math.max(...mods);
  const pEq = (i: number, t: number) => (t - mods[i]! >= 1 && t - mods[i]! <= INITIATIVE_DIE ? 1 / INITIATIVE_DIE : 0);
  const pBelow = (i: number, t: number) => Math.min(1, Math.max(0, (t - 1 - mods[i]!) / INITIATIVE_DIE));
  const members = (mask: number) => [...Array(n).keys()].filter((i) => (mask & (1 << i)) !== 0);
  /** P(the leaders tied for the top among `set` are exactly `top`). */
  const pTop = (set: number, top: number): number => {
    const inTop = members(top);
    const rest = members(set & ~top);
    let p = 0;
    for (let t = lo; t <= hi; t++) {
      let q = 1;
      for (const i of inTop) q *= pEq(i, t);
      if (q === 0) continue;
      for (const j of rest) q *= pBelow(j, t);
      p += q;
    }
    return p;
  };
  const memo = new Map<number, Float64Array>();
  const solve = (set: number): Float64Array => {
    const hit = memo.get(set);
    if (hit) return hit;
    const w = new Float64Array(n);
    const idx = members(set);
    if (idx.length === 1) {
      w[idx[0]!] = 1;
      memo.set(set, w);
      return w;
    }
    const full = pTop(set, set);
    for (let sub = (set - 1) & set; sub > 0; sub = (sub - 1) & set) {
      const p = pTop(set, sub);
      if (p === 0) continue;
      const ws = solve(sub);
      for (const i of members(sub)) w[i] = w[i]! + p * ws[i]!;
    }
    for (const i of idx) w[i] = full < 1 ? w[i]! / (1 - full) : 1 / idx.length;
    memo.set(set, w);
    return w;
  };
  const all = (1 << n) - 1;
  const w = solve(all);
  let single = 0;
  for (let i = 0; i < n; i++) single += pTop(all, 1 << i);
  return ok({ wins: entrants.map((e, i) => ({ id: e.id, side: e.side, p: w[i]! })), firstRoundTie: 1 - single });
}

/** How an interrupt's tie is settled: to the target already acting (default), or re-rolled (ruling IN-4). */
export type InterruptTies = 'target' | 'reroll';

/** An interrupt's roll: the Initiative Challenge (INT, original flow) or the DEX Competition (Exchanges). */
export interface InterruptSpec {
  readonly stat: 'INT' | 'DEX';
  readonly interrupter: { readonly id: string; readonly score: number };
  readonly target: { readonly id: string; readonly score: number };
  readonly ties: InterruptTies;
}

/** One round of an interrupt roll, as stored in the event (faces kept, so replay never rolls). */
export interface InterruptRound {
  /** A `total` is null only in a player's view of one of the Smith's hidden foes (TB-17). */
  readonly interrupter: { readonly natural: number; readonly total: number | null };
  readonly target: { readonly natural: number; readonly total: number | null };
}

/** A rolled interrupt: its rounds and the winner's id (null only at the re-roll cap). */
export interface InterruptResult {
  readonly rounds: readonly InterruptRound[];
  readonly winner: string | null;
  readonly summary: string;
}

function interruptCompetition(spec: InterruptSpec): RuleResult<PreparedCompetition> {
  const a = statModOf(spec.interrupter.score, spec.interrupter.id, spec.stat);
  if (!a.ok) return a;
  const b = statModOf(spec.target.score, spec.target.id, spec.stat);
  if (!b.ok) return b;
  const side = (m: number) => ({ die: INITIATIVE_DIE, mods: m === 0 ? [] : [statModifier(spec.stat, m)] });
  return ok(prepareCompetition({ first: side(a.value), second: side(b.value), ties: spec.ties === 'target' ? 'defender' : 'reroll', defender: 'second' }));
}

/**
 * Rolls an interrupt: both roll d20 + the stat mod; the higher total goes first; a tie goes to the target
 * (or is re-rolled, by setting).
 * @example rollInterrupt(scriptedRandom([9, 9]), { stat: 'DEX', interrupter: { id: 'a', score: 10 }, target: { id: 'b', score: 10 }, ties: 'target' }).value.winner // 'b'
 */
export function rollInterrupt(rng: RandomSource, spec: InterruptSpec): RuleResult<InterruptResult> {
  const c = interruptCompetition(spec);
  if (!c.ok) return c;
  const r = rollCompetition(rng, c.value);
  const rounds = r.rounds.map((x) => ({
    interrupter: { natural: x.first.natural!, total: x.first.total! },
    target: { natural: x.second.natural!, total: x.second.total! },
  }));
  const winner = r.winner === null ? null : r.winner === 'first' ? spec.interrupter.id : spec.target.id;
  return ok({ rounds, winner, summary: `${spec.stat === 'INT' ? 'Initiative Challenge' : 'DEX Competition'}: ${r.summary.replace(/first side/g, spec.interrupter.id).replace(/second side/g, spec.target.id)}` });
}

/** The exact chance an interrupt succeeds (the interrupter goes first). */
export function interruptOdds(spec: InterruptSpec): RuleResult<{ readonly interrupterFirst: number; readonly targetFirst: number; readonly tie: number }> {
  const c = interruptCompetition(spec);
  if (!c.ok) return c;
  const o = competitionOdds(c.value);
  return ok({ interrupterFirst: o.first, targetFirst: o.second, tie: o.tie });
}

/** One surprised combatant's INT Test, as stored in the event. */
export interface SurpriseTest {
  readonly id: string;
  /** The d20's face, or null when the Test could not fail (INT 20) and was not rolled. */
  readonly natural: number | null;
  /** The score to roll under; null only in a player's view of one of the Smith's hidden foes (TB-17). */
  readonly target: number | null;
  readonly recovers: boolean;
}

/**
 * Rolls a surprised combatant's INT Test (d20 at or under the INT score): a success lets them act in the
 * first Exchange (2024-09, SURPRISE).
 * @example rollSurpriseTest(scriptedRandom([11]), 'goblin', 11).value.recovers // true
 */
export function rollSurpriseTest(rng: RandomSource, id: string, intScore: number): RuleResult<SurpriseTest> {
  const m = statModOf(intScore, id, 'INT');
  if (!m.ok) return m;
  const r = rollCheck(rng, prepareCheck({ kind: 'test', die: INITIATIVE_DIE, target: intScore, label: `${id} recovers from surprise` }));
  return ok({ id, natural: r.natural, target: intScore, recovers: r.success === true });
}

/** The exact chance a surprised combatant recovers (INT Test): intScore / 20. */
export function surpriseRecoveryOdds(intScore: number): RuleResult<number> {
  const m = statModOf(intScore, 'the combatant', 'INT');
  if (!m.ok) return m;
  return ok(checkOdds({ kind: 'test', die: INITIATIVE_DIE, target: intScore }).success!);
}
