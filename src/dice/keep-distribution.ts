/**
 * The engine behind `distributionOf`: each term's pool of dice (one throw after re-rolls, explosion
 * chains, keep/drop by sorted position) and the sum of the terms. It reads the same resolved tree that
 * `rollResolved` rolls, so odds and rolls share one definition (conventions: Dice).
 * Ideas from shared/design/exact-odds.md: sums by convolution, one kept die by CDF powers, keep/drop by
 * a dynamic program over outcomes (icepool), never by enumerating faces.
 * Not re-exported from the package: `distribution.ts` is the public face.
 */
import { unitDistribution, type DenseDistribution } from './die-unit.js';
import { DiceError } from './errors.js';
import { EXPLOSION_RESIDUAL_TARGET, MAX_DICE_PER_TERM, MAX_DISTRIBUTION_SPAN, MAX_DISTRIBUTION_WORK, MAX_EXPLOSION_CHAIN } from './limits.js';
import { matches, type ResolvedDiceTerm, type ResolvedExpression } from './resolve.js';


/**
 * What an exploding die that reaches the depth limit is worth: `count` keeps its last highest face as
 * is (so the distribution sums to 1; the tray's choice), `drop` leaves that chain out (a sub-probability,
 * equal to "no die went deeper", which the brute-force tests use to compare at the same depth).
 */
export type DepthRule = 'count' | 'drop';

/** A dice term that throws a die (not negated by steps). */
export type ThrowingTerm = ResolvedDiceTerm & { readonly unit: NonNullable<ResolvedDiceTerm['unit']> };

/** The distribution of one die of a term: every throw re-rolled, the chain exploded to `depth`. */
export interface DieOdds {
  /** Trimmed: the first and last entries are the lowest and highest value the die can show. */
  readonly dist: DenseDistribution;
  /** Chance that the chain would have gone deeper than `depth` (0 for a die that cannot explode). */
  readonly residual: number;
  readonly depth: number;
}

/**
 * Where working arrays come from. Typed arrays past 64 bytes live outside the JS heap and cost about
 * 2 µs each to allocate, more than a whole d20 check; inside `denseTotal` they are views of one reused
 * buffer instead (`Arena`), released in stack order. Exported helpers hand out arrays of their own.
 */
export type Allocate = (length: number) => Float64Array;

/** A fresh zeroed array the caller owns. */
export const fresh: Allocate = (length) => new Float64Array(length);

/** Doubles the shared buffer keeps between calls (256 KiB); a call that needs more allocates more. */
const ARENA_KEEP = 1 << 15;

/** Bump allocator over one buffer, for the working arrays of a single `denseTotal` call. */
class Arena {
  private buf = new Float64Array(ARENA_KEEP);
  private top = 0;

  readonly take: Allocate = (length) => {
    if (this.top + length > this.buf.length) return new Float64Array(length);
    const view = this.buf.subarray(this.top, this.top + length);
    view.fill(0);
    this.top += length;
    return view;
  };

  mark(): number {
    return this.top;
  }

  release(mark: number): void {
    this.top = mark;
  }
}

/** Pure and single-threaded, and nothing from the arena outlives a `denseTotal` call. */
const arena = new Arena();

function trim(d: DenseDistribution): DenseDistribution {
  let lo = 0;
  let hi = d.p.length - 1;
  while (lo < hi && d.p[lo] === 0) lo++;
  while (hi > lo && d.p[hi] === 0) hi--;
  return lo === 0 && hi === d.p.length - 1 ? d : { min: d.min + lo, p: d.p.subarray(lo, hi + 1) };
}

/**
 * One throw of the term's die after its re-roll rule, as `throwDie` in roll.ts does it: `until` keeps
 * only the faces that do not match (renormalised; how many re-rolls it took does not change the face),
 * `once` gives P(v) = D(v)·[v does not match] + P(match)·D(v).
 */
export function throwDistribution(term: ThrowingTerm, alloc: Allocate = fresh): DenseDistribution {
  const d = unitDistribution(term.unit);
  const reroll = term.reroll;
  if (!reroll) return trim(d);
  let matched = 0;
  let kept = 0;
  for (let i = 0; i < d.p.length; i++) {
    const pi = d.p[i]!;
    if (pi === 0) continue;
    if (matches(reroll.when, d.min + i)) matched += pi;
    else kept += pi;
  }
  if (matched === 0) return trim(d);
  if (reroll.mode === 'until' && kept === 0) {
    // resolveExpression refuses this ('notation/reroll-every-face'); a hand-built tree may not.
    throw new RangeError(`term ${term.notation} re-rolls every face, so it has no distribution`);
  }
  const out = alloc(d.p.length);
  for (let i = 0; i < d.p.length; i++) {
    const pi = d.p[i]!;
    if (pi === 0) continue;
    const hit = matches(reroll.when, d.min + i);
    out[i] = reroll.mode === 'until' ? (hit ? 0 : pi / kept) : (hit ? 0 : pi) + matched * pi;
  }
  return trim({ min: d.min, p: out });
}

/**
 * The explosion depth the odds follow: the smallest depth at which the chance of going deeper,
 * p^(depth+1) for a top face of chance p, is below EXPLOSION_RESIDUAL_TARGET, never past
 * MAX_EXPLOSION_CHAIN (the roller's own cap).
 */
export function explosionDepth(topFaceChance: number): number {
  if (!(topFaceChance > 0)) return 0;
  let depth = 0;
  let deeper = topFaceChance;
  while (deeper >= EXPLOSION_RESIDUAL_TARGET && depth < MAX_EXPLOSION_CHAIN) {
    depth += 1;
    deeper *= topFaceChance;
  }
  return depth;
}

/**
 * One die of a term: a chain of throws, each after the re-roll rule, continuing while a throw shows
 * `term.maxFace` (roll.ts `rollTerm`); its value is the sum of the chain. With j explosions and a last
 * face r below the top, the value is j·maxFace + r with chance p^j·T(r).
 */
export function dieDistribution(
  term: ThrowingTerm,
  depth?: number,
  rule: DepthRule = 'count',
  alloc: Allocate = fresh,
): DieOdds {
  const t = throwDistribution(term, alloc);
  const top = term.maxFace - t.min;
  const p = top >= 0 && top < t.p.length ? t.p[top]! : 0;
  if (!term.explode || p === 0) return { dist: t, residual: 0, depth: 0 };
  const d = depth ?? explosionDepth(p);
  const step = term.maxFace;
  // Index i of level j is the value t.min + j·maxFace + i; the top face sits at the last index.
  const out = alloc(d * step + t.p.length);
  let chain = 1;
  for (let j = 0; j <= d; j++) {
    const base = j * step;
    for (let i = 0; i < t.p.length; i++) if (i !== top) out[base + i]! += chain * t.p[i]!;
    chain *= p;
  }
  // `chain` is now p^(d+1): every throw up to the depth limit showed the top face.
  if (rule === 'count') out[out.length - 1]! += chain;
  return { dist: trim({ min: t.min, p: out }), residual: chain, depth: d };
}

// ---------------------------------------------------------------------------------------------
// Keep/drop by sorted position.

let pascal: Float64Array[] = [];

/** Rows of Pascal's triangle up to n (C(100, 50) ~ 1e29 is exact enough in a double). */
function binomials(n: number): readonly Float64Array[] {
  if (pascal.length > n) return pascal;
  const rows: Float64Array[] = [new Float64Array([1])];
  for (let m = 1; m <= Math.max(n, MAX_DICE_PER_TERM); m++) {
    const prev = rows[m - 1]!;
    const row = new Float64Array(m + 1);
    row[0] = 1;
    row[m] = 1;
    for (let k = 1; k < m; k++) row[k] = prev[k - 1]! + prev[k]!;
    rows.push(row);
  }
  pascal = rows;
  return rows;
}

/**
 * How the dynamic program walks a pool: highest-first or lowest-first (whichever reaches the kept
 * positions with less work), the kept positions before each processing position, and where the last
 * kept one ends (every later position is dropped: zero-pruning).
 */
interface KeepPlan {
  readonly n: number;
  readonly highestFirst: boolean;
  /** Kept positions before processing position j, j = 0..n. */
  readonly keptBefore: readonly number[];
  readonly kept: number;
  readonly end: number;
  /** Upper bound on the inner-loop steps, for MAX_DISTRIBUTION_WORK. */
  readonly work: number;
}

function orderOf(mask: readonly boolean[], highestFirst: boolean): { keptBefore: number[]; end: number } {
  const n = mask.length;
  const keptBefore = [0];
  let end = 0;
  for (let j = 0; j < n; j++) {
    const isKept = mask[highestFirst ? j : n - 1 - j]!;
    keptBefore.push(keptBefore[j]! + (isKept ? 1 : 0));
    if (isKept) end = j + 1;
  }
  return { keptBefore, end };
}

/** Only the first die in processing order counts: CDF powers do it. */
function isSingleFirst(keptBefore: readonly number[]): boolean {
  return keptBefore[keptBefore.length - 1] === 1 && keptBefore[1] === 1;
}

/**
 * Upper bound on the DP's inner-loop steps in one order: per outcome, every state j before the last
 * kept position tries every count k of the n - j dice left, over its range of partial sums.
 */
function orderWork(keptBefore: readonly number[], end: number, outcomes: number, range: number): number {
  const n = keptBefore.length - 1;
  if (isSingleFirst(keptBefore)) return outcomes * n;
  let perOutcome = 0;
  for (let j = 0; j < end; j++) perOutcome += (n - j) * (keptBefore[j]! * range + 1);
  return outcomes * perOutcome;
}

function outcomeCount(die: DenseDistribution): number {
  let count = 0;
  for (let i = 0; i < die.p.length; i++) if (die.p[i]! > 0) count++;
  return count;
}

function planKeep(die: DenseDistribution, mask: readonly boolean[]): KeepPlan {
  const n = mask.length;
  const outcomes = outcomeCount(die);
  const range = die.p.length - 1;
  const top = orderOf(mask, true);
  const bottom = orderOf(mask, false);
  const topWork = orderWork(top.keptBefore, top.end, outcomes, range);
  const bottomWork = orderWork(bottom.keptBefore, bottom.end, outcomes, range);
  const highestFirst = topWork <= bottomWork;
  const { keptBefore, end } = highestFirst ? top : bottom;
  return { n, highestFirst, keptBefore, kept: keptBefore[n]!, end, work: Math.min(topWork, bottomWork) };
}

/**
 * The outcomes in processing order, x running from large to small: x = v - min highest-first,
 * x = max - v lowest-first; `rest[i]` is the chance of the outcomes after i, summed from the far end
 * so that small tails stay exact.
 */
interface Outcomes {
  readonly count: number;
  readonly xs: Float64Array;
  readonly ps: Float64Array;
  readonly rest: Float64Array;
}

function outcomesOf(die: DenseDistribution, highestFirst: boolean, alloc: Allocate): Outcomes {
  const len = die.p.length;
  const count = outcomeCount(die);
  const xs = alloc(count);
  const ps = alloc(count);
  const rest = alloc(count);
  let o = 0;
  for (let step = 0; step < len; step++) {
    const i = highestFirst ? len - 1 - step : step;
    const pi = die.p[i]!;
    if (pi > 0) {
      xs[o] = highestFirst ? i : len - 1 - i;
      ps[o] = pi;
      o++;
    }
  }
  let acc = 0;
  for (let i = count - 1; i >= 0; i--) {
    rest[i] = acc;
    acc += ps[i]!;
  }
  return { count, xs, ps, rest };
}

/**
 * The first die in processing order alone counts (kh1, kl1, one of two with vantage): CDF powers,
 * P(best <= x) = F(x)^n. The chance of exactly x, F(x)^n - F(x-)^n, is summed as
 * Σ_k C(n,k)·p(x)^k·F(x-)^(n-k) so that no subtraction eats the small probabilities.
 */
function singleKept(n: number, outcomes: Outcomes, out: Float64Array, alloc: Allocate): void {
  const { count, xs, ps, rest } = outcomes;
  const C = binomials(n)[n]!;
  const below = alloc(n + 1);
  for (let o = 0; o < count; o++) {
    const p = ps[o]!;
    const f = rest[o]!;
    below[0] = 1;
    for (let e = 1; e < n; e++) below[e] = below[e - 1]! * f;
    let chance = 0;
    let pk = 1;
    for (let k = 1; k <= n; k++) {
      pk *= p;
      chance += C[k]! * pk * below[n - k]!;
    }
    out[xs[o]!] = chance;
  }
}

/**
 * The outcome DP of exact-odds.md: outcomes in order, state = (dice assigned so far, partial sum of
 * kept positions), k dice showing the outcome weigh C(remaining, k)·p^k. Once the dice assigned cover
 * every kept position, the rest are dropped and finish at once with the chance that they all fall
 * below: rest^(n - j) (zero-pruning). Polynomial: outcomes × kept positions × dice × sums.
 */
function outcomeDp(plan: KeepPlan, outcomes: Outcomes, range: number, final: Float64Array, alloc: Allocate): void {
  const { n, keptBefore, end } = plan;
  const { count, xs, ps, rest } = outcomes;
  const C = binomials(n);
  const states: Float64Array[] = [];
  const lo: number[] = [];
  const hi: number[] = [];
  for (let j = 0; j < end; j++) {
    states.push(alloc(keptBefore[j]! * range + 1));
    lo.push(0x7fffffff);
    hi.push(-1);
  }
  states[0]![0] = 1;
  lo[0] = 0;
  hi[0] = 0;
  const restPow = alloc(n + 1);
  for (let o = 0; o < count; o++) {
    const x = xs[o]!;
    const p = ps[o]!;
    restPow[0] = 1;
    for (let e = 1; e <= n; e++) restPow[e] = restPow[e - 1]! * rest[o]!;
    // Downwards, so that mass moved to a later state is not moved again for this outcome.
    for (let j = end - 1; j >= 0; j--) {
      const h = hi[j]!;
      if (h < 0) continue;
      const l = lo[j]!;
      const src = states[j]!;
      const m = n - j;
      const row = C[m]!;
      let pk = 1;
      for (let k = 1; k <= m; k++) {
        pk *= p;
        if (pk === 0) break;
        const j2 = j + k;
        const shift = (keptBefore[j2]! - keptBefore[j]!) * x;
        let coef = row[k]! * pk;
        let dst: Float64Array;
        if (j2 >= end) {
          coef *= restPow[n - j2]!;
          if (coef === 0) continue;
          dst = final;
        } else {
          dst = states[j2]!;
          if (l + shift < lo[j2]!) lo[j2] = l + shift;
          if (h + shift > hi[j2]!) hi[j2] = h + shift;
        }
        for (let s = l; s <= h; s++) dst[s + shift]! += coef * src[s]!;
      }
    }
  }
}

/** Runs a keep plan; with an arena the working arrays are released, the result (taken first) kept. */
function keptSum(plan: KeepPlan, die: DenseDistribution, scope?: Arena): DenseDistribution {
  const alloc = scope ? scope.take : fresh;
  const k = plan.kept;
  const range = die.p.length - 1;
  const out = alloc(k === 0 ? 1 : k * range + 1);
  if (k === 0) {
    out[0] = totalMass(die) ** plan.n;
    return { min: 0, p: out };
  }
  const mark = scope?.mark();
  const outcomes = outcomesOf(die, plan.highestFirst, alloc);
  if (isSingleFirst(plan.keptBefore)) singleKept(plan.n, outcomes, out, alloc);
  else outcomeDp(plan, outcomes, range, out, alloc);
  if (scope && mark !== undefined) scope.release(mark);
  // Highest-first sums x = v - min, so the kept total is k·min + s; lowest-first sums x = max - v,
  // so the kept total is k·max - s: the same array read backwards.
  if (!plan.highestFirst) out.reverse();
  return { min: k * die.min, p: out };
}

/**
 * The sum of the kept dice of `mask.length` dice of one distribution (which may be a sub-probability),
 * `mask` saying which positions count with the dice sorted highest first (resolve.ts `keepMaskFor`).
 */
export function keptSumDistribution(die: DenseDistribution, mask: readonly boolean[]): DenseDistribution {
  return keptSum(planKeep(die, mask), die);
}

function totalMass(d: DenseDistribution): number {
  let s = 0;
  for (let i = 0; i < d.p.length; i++) s += d.p[i]!;
  return s;
}

// ---------------------------------------------------------------------------------------------
// Sums of independent values.

/** A maximal run of equal, non-zero chances: a scaled uniform block, convolved by window sums. */
interface Run {
  readonly start: number;
  readonly width: number;
  readonly value: number;
}

/** A distribution to convolve with, and how to do it cheaply. */
interface Addend {
  readonly dist: DenseDistribution;
  readonly runs: readonly Run[];
  readonly widths: readonly number[];
  /** Multiply-adds per entry of the running sum: direct, or by window sums over the runs. */
  readonly perEntry: number;
  readonly byRuns: boolean;
}

function addendOf(dist: DenseDistribution): Addend {
  const p = dist.p;
  const runs: Run[] = [];
  for (let i = 0; i < p.length; ) {
    const v = p[i]!;
    let j = i + 1;
    while (j < p.length && p[j] === v) j++;
    if (v !== 0) runs.push({ start: i, width: j - i, value: v });
    i = j;
  }
  const widths = [...new Set(runs.map((r) => r.width))];
  const byRunsCost = 3 * widths.filter((w) => w > 1).length + runs.length;
  const byRuns = byRunsCost < p.length;
  return { dist, runs, widths, perEntry: byRuns ? byRunsCost : p.length, byRuns };
}

function reversed(d: DenseDistribution, alloc: Allocate): DenseDistribution {
  const p = alloc(d.p.length);
  p.set(d.p);
  p.reverse();
  return { min: -(d.min + d.p.length - 1), p };
}

/** Multiply-adds of adding `a` to a running sum of `len` entries. */
function addCost(len: number, a: Addend): number {
  return len === 1 ? a.dist.p.length : len * a.perEntry + a.dist.p.length;
}

/**
 * Sums of every window of `w` consecutive entries of s[0..len) (zero outside), for window ends
 * 0..len+w-2, by van Herk / Gil-Werman blocks: only additions of non-negative numbers, so small
 * probabilities keep their precision (a running add-and-subtract sum would not).
 */
function windowSums(s: Float64Array, len: number, w: number, alloc: Allocate): Float64Array {
  const padded = len + 2 * (w - 1);
  const x = alloc(padded);
  const g = alloc(padded);
  const h = alloc(padded);
  const out = alloc(len + w - 1);
  x.set(s.subarray(0, len), w - 1);
  // g: sum from the start of k's block of w up to k; h: from k to the end of its block.
  for (let b = 0; b < padded; b += w) {
    const e = Math.min(b + w, padded);
    let acc = 0;
    for (let k = b; k < e; k++) g[k] = acc += x[k]!;
    acc = 0;
    for (let k = e - 1; k >= b; k--) h[k] = acc += x[k]!;
  }
  // The window starting at t covers the tail of t's block and the head of the next one.
  const outLen = len + w - 1;
  for (let b = 0; b < outLen; b += w) {
    out[b] = g[b + w - 1]!;
    const e = Math.min(b + w, outLen);
    for (let t = b + 1; t < e; t++) out[t] = h[t]! + g[t + w - 1]!;
  }
  return out;
}

/** out[0..len+|a|-1) = s[0..len) convolved with a. `out` must not alias `s`. */
function convolveInto(s: Float64Array, len: number, a: Addend, out: Float64Array): number {
  const mark = arena.mark();
  const e = a.dist.p;
  const outLen = len + e.length - 1;
  out.fill(0, 0, outLen);
  if (a.byRuns && len > 1) {
    for (const w of a.widths) {
      const win = w === 1 ? s : windowSums(s, len, w, arena.take);
      const winLen = len + w - 1;
      for (const run of a.runs) {
        if (run.width !== w) continue;
        const c = run.value;
        const base = run.start;
        for (let t = 0; t < winLen; t++) out[base + t]! += c * win[t]!;
      }
      arena.release(mark);
    }
    return outLen;
  }
  if (len <= e.length) {
    for (let i = 0; i < len; i++) {
      const x = s[i]!;
      if (x === 0) continue;
      for (let j = 0; j < e.length; j++) out[i + j]! += x * e[j]!;
    }
  } else {
    for (let j = 0; j < e.length; j++) {
      const y = e[j]!;
      if (y === 0) continue;
      for (let i = 0; i < len; i++) out[i + j]! += y * s[i]!;
    }
  }
  return outLen;
}

// ---------------------------------------------------------------------------------------------
// A whole expression.

/** A dense distribution of totals with the mass the explosion depth left out. */
export interface DenseTotal {
  readonly min: number;
  readonly p: Float64Array;
  readonly truncatedMass: number;
  /** The work estimate the guard checked. */
  readonly work: number;
}

/** How the engine is asked: the explosion depth (or the automatic one) and what the limit is worth. */
export interface EngineOptions {
  readonly explodeDepth?: number;
  readonly rule?: DepthRule;
}

/** One addition to the running total: `times` copies of a distribution (already signed). */
interface Step {
  readonly addend: Addend;
  readonly times: number;
}

/**
 * Plans an expression: each term's distribution (the keep DP runs here), the span of totals and the
 * cost of the sums, with both guards checked before the sums start. Term distributions of pools that
 * keep every die are not built: their dice are added one at a time to the running total.
 */
export function denseTotal(resolved: ResolvedExpression, options: EngineOptions = {}): DenseTotal {
  const depth = options.explodeDepth;
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 0 || depth > MAX_EXPLOSION_CHAIN)) {
    throw new RangeError(`explodeDepth must be a whole number from 0 to ${MAX_EXPLOSION_CHAIN}, got ${depth}`);
  }
  arena.release(0);
  try {
    return computeTotal(resolved, depth, options.rule ?? 'count');
  } finally {
    arena.release(0);
  }
}

function computeTotal(resolved: ResolvedExpression, depth: number | undefined, rule: DepthRule): DenseTotal {
  let offset = 0;
  let lowest = 0;
  let highest = 0;
  let logSurvive = 0;
  let work = 0;
  const pools: { term: ThrowingTerm; die: DenseDistribution; plan: KeepPlan | null }[] = [];
  for (const term of resolved.terms) {
    if (term.kind === 'constant') {
      offset += term.sign * term.value;
      continue;
    }
    if (term.unit === null || term.rolled === 0) continue;
    const odds = dieDistribution(term as ThrowingTerm, depth, rule, arena.take);
    if (odds.residual > 0) logSurvive += term.rolled * Math.log1p(-odds.residual);
    const die = odds.dist;
    const plan = term.keepMask ? planKeep(die, term.keepMask) : null;
    const counted = plan ? plan.kept : term.rolled;
    const a = counted * die.min;
    const b = counted * (die.min + die.p.length - 1);
    lowest += term.sign > 0 ? a : -b;
    highest += term.sign > 0 ? b : -a;
    if (plan) work += plan.work;
    pools.push({ term: term as ThrowingTerm, die, plan });
  }
  const span = highest - lowest + 1;
  if (span > MAX_DISTRIBUTION_SPAN) {
    throw new DiceError(
      'odds/too-wide',
      `the totals of ${resolved.notation} run from ${lowest + offset} to ${highest + offset}, ${span} values; exact odds handle at most ${MAX_DISTRIBUTION_SPAN}: use fewer or smaller dice${logSurvive < 0 ? ' or a smaller explosion depth' : ''}`,
    );
  }
  guardWork(work, resolved.notation);
  const steps: Step[] = [];
  for (const { term, die, plan } of pools) {
    const dist = plan ? keptSum(plan, die, arena) : die;
    steps.push({ addend: addendOf(term.sign > 0 ? dist : reversed(dist, arena.take)), times: plan ? 1 : term.rolled });
  }
  // Addition commutes; cheap-per-entry additions that grow the total little go first (Smith's rule on
  // cost = perEntry × current length), so a large sum is only swept by cheap window sums.
  steps.sort((x, y) => growth(x) / x.addend.perEntry - growth(y) / y.addend.perEntry);
  let len = 1;
  for (const s of steps) {
    for (let i = 0; i < s.times; i++) {
      work += addCost(len, s.addend);
      len += s.addend.dist.p.length - 1;
    }
  }
  guardWork(work, resolved.notation);
  let cur = arena.take(span);
  let next = arena.take(span);
  cur[0] = 1;
  len = 1;
  for (const s of steps) {
    for (let i = 0; i < s.times; i++) {
      len = convolveInto(cur, len, s.addend, next);
      [cur, next] = [next, cur];
    }
  }
  return {
    min: lowest + offset,
    p: cur.slice(0, span),
    truncatedMass: logSurvive < 0 ? -Math.expm1(logSurvive) : 0,
    work,
  };
}

function growth(s: Step): number {
  return s.addend.dist.p.length - 1;
}

/** Refuses a distribution whose estimated work passes MAX_DISTRIBUTION_WORK, before any work. */
export function guardWork(work: number, notation: string): void {
  if (work > MAX_DISTRIBUTION_WORK) {
    throw new DiceError(
      'odds/too-costly',
      `exact odds of ${notation} would take about ${work.toPrecision(2)} steps; the limit is ${MAX_DISTRIBUTION_WORK}: keep or drop fewer dice, or use smaller dice`,
    );
  }
}
