/**
 * Rolling: a resolved expression plus a RandomSource give a roll record, plain JSON that
 * explains itself (every die, its faces, what was kept, re-rolled and exploded, the steps).
 */
import { DiceError } from './errors.js';
import type { AppliedSteps, DiceOptions, ResolvedDiceTerm, ResolvedExpression } from './resolve.js';
import { matches, resolveChecked, resolveExpression } from './resolve.js';
import { rollUnit } from './die-unit.js';
import type { RandomSource } from './random.js';
import type { DiceExpression } from './notation/ast.js';
import { parseNotation } from './notation/parse.js';
import { COMPILED_ROLL_CACHE_SIZE, MAX_DICE_PER_TERM, MAX_DIE_SIDES, MAX_EXPLOSION_CHAIN, MAX_REROLLS } from './limits.js';
import { HAMMERCRAWL_CHAIN, type BelowBottomPolicy, type DiceChain, type StepOrigin } from './dice-chain.js';

/**
 * One die of a roll.
 * @example { term: 0, die: 'd6', value: 5, faces: [5], rerolled: [1], exploded: false, kept: true }
 */
export interface DieRecord {
  /** Index of the term in `RollRecord.terms`. */
  readonly term: number;
  /** The die thrown, after steps: `d20`, `d30+d4`, `d100`. */
  readonly die: string;
  /** What the die counts for: its face, or the sum of its explosion chain. */
  readonly value: number;
  /** The value of each counted throw: one entry, or the chain of an exploding die. */
  readonly faces: readonly number[];
  /** Physical faces of each counted throw, for dice made of several dice (d30+d4, d100, d66). */
  readonly parts?: readonly (readonly number[])[];
  /** Values thrown and then re-rolled away (not counted). */
  readonly rerolled: readonly number[];
  /** True when the die showed its highest face and rolled again. */
  readonly exploded: boolean;
  /** False when keep/drop or vantage dropped the die. */
  readonly kept: boolean;
}

/** One step modifier as recorded: its amount and where it came from. */
export interface StepRecord {
  readonly amount: number;
  readonly origin: StepOrigin;
}

/** One term of a roll. */
export type TermRecord =
  | {
      readonly kind: 'dice';
      readonly notation: string;
      readonly sign: 1 | -1;
      /** The die thrown after steps (`d14`, `d30+d4`), or `no die` when steps negated it. */
      readonly die: string;
      readonly vantage: 'advantage' | 'disadvantage' | null;
      readonly steps?: {
        readonly from: string;
        readonly to: string;
        readonly amount: number;
        readonly modifiers: readonly StepRecord[];
        readonly explanation: string;
      };
    }
  | { readonly kind: 'constant'; readonly notation: string; readonly sign: 1 | -1; readonly value: number };

/**
 * A roll, as plain JSON. `total` is a pure function of the terms and the dice. `terms` describe the
 * notation (not the dice), so one frozen list is shared by every roll of a compiled notation.
 * @example rollNotation(seededRandom(1), '2d6+1') // { notation: '2d6+1', total: 8, dice: [...], terms: [...] }
 */
export interface RollRecord {
  readonly notation: string;
  readonly total: number;
  readonly dice: readonly DieRecord[];
  readonly terms: readonly TermRecord[];
}

/** A parsed and resolved notation, ready to roll many times cheaply. */
export interface CompiledRoll {
  readonly notation: string;
  readonly resolved: ResolvedExpression;
  /** Rolls once and returns the full record. */
  roll(rng: RandomSource): RollRecord;
}

interface DieWork {
  value: number;
  faces: number[];
  parts: number[][] | null;
  rerolled: number[];
  exploded: boolean;
}

/** Shared empty list for dice that were never re-rolled (records are never mutated). */
const NONE: readonly number[] = Object.freeze([]);

/** Shared one-face lists, `[v]`, frozen: most dice show one face, and records are never mutated. */
const singleFaces: (readonly number[])[] = [];

function oneFace(v: number): readonly number[] {
  return singleFaces[v] ?? (v >= 0 && v <= MAX_DIE_SIDES * 3 ? (singleFaces[v] = Object.freeze([v])) : [v]);
}

/** One-throw records are shared for plain dice in the first INTERN_TERMS terms... */
const INTERN_TERMS = 8;
/** ...with at most INTERN_SIDES sides: at most INTERN_TERMS x INTERN_SIDES x 2 x (INTERN_SIDES + 1) shared records. */
const INTERN_SIDES = 100;
/** Shared one-throw records of plain dice, by `term * (INTERN_SIDES + 1) + sides`, then `value * 2 + (kept ? 0 : 1)`. */
const internedRecords: DieRecord[][] = [];

function stepsRecord(steps: AppliedSteps): NonNullable<Extract<TermRecord, { kind: 'dice' }>['steps']> {
  return {
    from: steps.from,
    to: steps.to,
    amount: steps.amount,
    modifiers: steps.modifiers.map((m) => ({ amount: m.amount, origin: m.origin })),
    explanation: steps.explanation,
  };
}

function throwDie(rng: RandomSource, term: ResolvedDiceTerm, work: DieWork): number {
  const unit = term.unit!;
  let t = rollUnit(rng, unit);
  const reroll = term.reroll;
  if (reroll && matches(reroll.when, t.value)) {
    if (work.rerolled === NONE) work.rerolled = [];
    if (reroll.mode === 'once') {
      work.rerolled.push(t.value);
      t = rollUnit(rng, unit);
    } else {
      let n = 0;
      while (matches(reroll.when, t.value)) {
        if (n === MAX_REROLLS) {
          throw new DiceError(
            'roll/reroll-limit',
            `a ${term.label} was re-rolled ${MAX_REROLLS} times without stopping; the roll was abandoned`,
            term.span,
          );
        }
        work.rerolled.push(t.value);
        t = rollUnit(rng, unit);
        n += 1;
      }
    }
  }
  work.faces.push(t.value);
  if (t.parts) (work.parts ??= []).push([...t.parts]);
  return t.value;
}

function throwWithModifiers(rng: RandomSource, term: ResolvedDiceTerm): DieWork {
  const work: DieWork = { value: 0, faces: [], parts: null, rerolled: NONE as number[], exploded: false };
  let v = throwDie(rng, term, work);
  let value = v;
  if (term.explode) {
    let chain = 0;
    while (v === term.maxFace) {
      if (chain === MAX_EXPLOSION_CHAIN) explosionLimit(term);
      work.exploded = true;
      v = throwDie(rng, term, work);
      value += v;
      chain += 1;
    }
  }
  work.value = value;
  return work;
}

function dieRecord(term: ResolvedDiceTerm, w: DieWork): DieRecord {
  return w.parts
    ? { term: term.index, die: term.label, value: w.value, faces: w.faces, parts: w.parts, rerolled: w.rerolled, exploded: w.exploded, kept: true }
    : { term: term.index, die: term.label, value: w.value, faces: w.faces, rerolled: w.rerolled, exploded: w.exploded, kept: true };
}

/** Scratch space for sorting one term's dice (a term has at most MAX_DICE_PER_TERM dice). */
const order = new Int32Array(MAX_DICE_PER_TERM);
/** Scratch space for the values of one term's plain dice. */
const scratch = new Int32Array(MAX_DICE_PER_TERM);
/** Up to this many dice, a term's kept dice are found by counting each die's rank rather than sorting. */
const RANK_BY_COUNTING_MAX = 8;
/** Exploding plain dice of at most this many sides share their record when the chain is two throws long (`[6, 2]`). */
const INTERN_EXPLODED_SIDES = 20;
/** Shared two-throw chains `[sides, second]` of exploding plain dice, by sides then second face. */
const twoThrows: (readonly number[])[][] = [];
/** Shared two-throw records of exploding plain dice, by `term * (INTERN_EXPLODED_SIDES + 1) + sides`, then `second face * 2 + (kept ? 0 : 1)`. */
const internedExplosions: DieRecord[][] = [];

/**
 * The sorted positions (highest first, ties: the earlier die first) that count, as the run [start, end)
 * packed in one number (`start * 256 + end`), when a keep mask is one run (every mask `keepMaskFor`
 * gives is); -1 when it is not.
 */
function keptRun(mask: readonly boolean[]): number {
  const n = mask.length;
  let start = 0;
  while (start < n && !mask[start]) start += 1;
  let end = start;
  while (end < n && mask[end]) end += 1;
  for (let i = end; i < n; i++) if (mask[i]) return -1;
  return start * 256 + end;
}

/** The record of an exploding plain die whose chain is `faces` (at least two throws). */
function explodedRecord(term: ResolvedDiceTerm, sides: number, faces: number[], value: number, kept: boolean): DieRecord {
  if (faces.length === 2 && sides <= INTERN_EXPLODED_SIDES && term.index < INTERN_TERMS) {
    const byFace = (internedExplosions[term.index * (INTERN_EXPLODED_SIDES + 1) + sides] ??= []);
    const slot = faces[1]! * 2 + (kept ? 0 : 1);
    return (byFace[slot] ??= Object.freeze({ term: term.index, die: term.label, value, faces: Object.isFrozen(faces) ? faces : Object.freeze(faces), rerolled: NONE, exploded: true, kept }));
  }
  return { term: term.index, die: term.label, value, faces, rerolled: NONE, exploded: true, kept };
}

/**
 * A term of plain dice without re-rolls, the common case: the faces are drawn into scratch space, the
 * kept ones found (by rank for a few dice, by sorting for more), and each die's record made once, with
 * whether it counts. The same faces from the same draws, and the same records, as the general path.
 */
function rollPlainTerm(rng: RandomSource, term: ResolvedDiceTerm, sides: number, out: DieRecord[]): number {
  const n = term.rolled;
  const explode = term.explode;
  const mask = term.keepMask;
  const byFace = term.index < INTERN_TERMS && sides <= INTERN_SIDES ? (internedRecords[term.index * (INTERN_SIDES + 1) + sides] ??= []) : null;
  let subtotal = 0;
  if (!mask) {
    // Every die counts: each record is made as its die is thrown.
    for (let i = 0; i < n; i++) {
      const v = rng.rollDie(sides);
      if (explode && v === sides) {
        const value = throwChain(rng, term, sides);
        subtotal += value;
        out.push(explodedRecord(term, sides, lastChain, value, true));
      } else {
        subtotal += v;
        out.push(recordOf(term, sides, byFace, undefined, v, true));
      }
    }
    return subtotal;
  }
  const values = scratch;
  // Chains of exploding dice, by die; only dice that exploded have one.
  let chains: (number[] | undefined)[] | null = null;
  for (let i = 0; i < n; i++) {
    let v = rng.rollDie(sides);
    if (explode && v === sides) {
      v = throwChain(rng, term, sides);
      (chains ??= [])[i] = lastChain;
    }
    values[i] = v;
  }
  const run = n <= RANK_BY_COUNTING_MAX ? keptRun(mask) : -1;
  if (run >= 0) {
    const start = run >> 8;
    const end = run & 255;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      // The die's place in the order highest first, ties: the earlier die first.
      let rank = 0;
      for (let j = 0; j < n; j++) {
        const w = values[j]!;
        if (w > v || (w === v && j < i)) rank += 1;
      }
      const kept = rank >= start && rank < end;
      if (kept) subtotal += v;
      out.push(recordOf(term, sides, byFace, chains?.[i], v, kept));
    }
    return subtotal;
  }
  // Sort this term's dice highest first (ties: the earlier die first), then apply the mask.
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    let j = i;
    while (j > 0 && values[order[j - 1]!]! < v) {
      order[j] = order[j - 1]!;
      j -= 1;
    }
    order[j] = i;
  }
  const first = out.length;
  for (let i = 0; i < n; i++) out.push(NO_RECORD);
  for (let pos = 0; pos < n; pos++) {
    const i = order[pos]!;
    const v = values[i]!;
    const kept = mask[pos]!;
    if (kept) subtotal += v;
    out[first + i] = recordOf(term, sides, byFace, chains?.[i], v, kept);
  }
  return subtotal;
}

/** The chain of faces `throwChain` last threw. */
let lastChain: number[] = [];

/**
 * The rest of the chain of an exploding plain die that showed its top face: throws until a face below
 * the top, returns the chain's value and leaves the chain in `lastChain` (a shared list when it is two
 * throws long).
 */
function throwChain(rng: RandomSource, term: ResolvedDiceTerm, sides: number): number {
  const second = rng.rollDie(sides);
  if (second !== sides && sides <= INTERN_EXPLODED_SIDES && term.index < INTERN_TERMS) {
    lastChain = ((twoThrows[sides] ??= [])[second] ??= Object.freeze([sides, second])) as number[];
    return sides + second;
  }
  const faces = [sides, second];
  let value = sides + second;
  let v = second;
  while (v === sides) {
    if (faces.length > MAX_EXPLOSION_CHAIN) explosionLimit(term);
    v = rng.rollDie(sides);
    faces.push(v);
    value += v;
  }
  lastChain = faces;
  return value;
}

/** A placeholder while a sorted term's records are filled in (never left in a record). */
const NO_RECORD = Object.freeze({}) as DieRecord;

function recordOf(term: ResolvedDiceTerm, sides: number, byFace: DieRecord[] | null, chain: number[] | undefined, v: number, kept: boolean): DieRecord {
  if (chain) return explodedRecord(term, sides, chain, v, kept);
  if (byFace === null) return { term: term.index, die: term.label, value: v, faces: oneFace(v), rerolled: NONE, exploded: false, kept };
  const slot = v * 2 + (kept ? 0 : 1);
  return byFace[slot] ?? (byFace[slot] = Object.freeze({ term: term.index, die: term.label, value: v, faces: oneFace(v), rerolled: NONE, exploded: false, kept }));
}

function rollTerm(rng: RandomSource, term: ResolvedDiceTerm, out: DieRecord[]): number {
  const unit = term.unit;
  if (!unit) return 0;
  if (unit.kind === 'plain' && !term.reroll) return rollPlainTerm(rng, term, unit.sides, out);
  const first = out.length;
  for (let i = 0; i < term.rolled; i++) {
    if (!term.explode && !term.reroll) {
      const t = rollUnit(rng, unit);
      out.push(
        t.parts
          ? { term: term.index, die: term.label, value: t.value, faces: [t.value], parts: [t.parts], rerolled: NONE, exploded: false, kept: true }
          : { term: term.index, die: term.label, value: t.value, faces: [t.value], rerolled: NONE, exploded: false, kept: true },
      );
    } else {
      out.push(dieRecord(term, throwWithModifiers(rng, term)));
    }
  }
  const mask = term.keepMask;
  let subtotal = 0;
  if (mask) {
    // Sort this term's dice highest first (ties: the earlier die first), then apply the mask.
    const n = out.length - first;
    for (let i = 0; i < n; i++) {
      const v = out[first + i]!.value;
      let j = i;
      while (j > 0 && out[first + order[j - 1]!]!.value < v) {
        order[j] = order[j - 1]!;
        j -= 1;
      }
      order[j] = i;
    }
    for (let pos = 0; pos < n; pos++) {
      const d = out[first + order[pos]!]!;
      if (mask[pos]) subtotal += d.value;
      else (d as { kept: boolean }).kept = false;
    }
  } else {
    for (let i = first; i < out.length; i++) subtotal += out[i]!.value;
  }
  return subtotal;
}

function explosionLimit(term: ResolvedDiceTerm): never {
  throw new DiceError(
    'roll/explosion-limit',
    `a ${term.label} exploded ${MAX_EXPLOSION_CHAIN} times in a row; the roll was abandoned`,
    term.span,
  );
}

/** The sum of the kept dice of one term of a roll, before the term's sign. */
export function termSubtotal(record: RollRecord, termIndex: number): number {
  let sum = 0;
  for (const d of record.dice) if (d.term === termIndex && d.kept) sum += d.value;
  return sum;
}

/**
 * The records describing each term of a resolved expression. A compiled roll shares one list among
 * all its rolls; the types make it read-only (freezing every record would cost more than the roll).
 */
export function termRecordsOf(resolved: ResolvedExpression): readonly TermRecord[] {
  return resolved.terms.map((term): TermRecord => {
    if (term.kind === 'constant') return { kind: 'constant', notation: term.notation, sign: term.sign, value: term.value };
    return term.steps
      ? { kind: 'dice', notation: term.notation, sign: term.sign, die: term.label, vantage: term.vantage, steps: stepsRecord(term.steps) }
      : { kind: 'dice', notation: term.notation, sign: term.sign, die: term.label, vantage: term.vantage };
  });
}

/** Rolls a resolved expression; `terms` may be given when the caller keeps them (a compiled roll). */
export function rollResolved(
  rng: RandomSource,
  resolved: ResolvedExpression,
  terms: readonly TermRecord[] = termRecordsOf(resolved),
): RollRecord {
  const dice: DieRecord[] = [];
  let total = 0;
  for (const term of resolved.terms) {
    if (term.kind === 'constant') total += term.sign * term.value;
    else total += term.sign * rollTerm(rng, term, dice);
  }
  return { notation: resolved.notation, total, dice, terms };
}

/**
 * Parses (if given text) and resolves a notation once, for rolling it many times.
 * @example const attack = compileRoll('1d20+3'); attack.roll(rng).total
 */
export function compileRoll(notation: string | DiceExpression, options: DiceOptions = {}): CompiledRoll {
  // A tree the parser just gave was checked term by term as it was read.
  const resolved = typeof notation === 'string' ? resolveChecked(parseNotation(notation), options) : resolveExpression(notation, options);
  const terms = termRecordsOf(resolved);
  return {
    notation: resolved.notation,
    resolved,
    roll: (rng) => rollResolved(rng, resolved, terms),
  };
}

const defaultCache = new Map<string, CompiledRoll>();
const optionCaches = new WeakMap<DiceChain, Map<BelowBottomPolicy | 'default', Map<string, CompiledRoll>>>();

function cacheFor(options: DiceOptions): Map<string, CompiledRoll> {
  if (!options.chain && !options.belowBottom) return defaultCache;
  const chain = options.chain ?? HAMMERCRAWL_CHAIN;
  let byPolicy = optionCaches.get(chain);
  if (!byPolicy) optionCaches.set(chain, (byPolicy = new Map()));
  const policy = options.belowBottom ?? 'default';
  let c = byPolicy.get(policy);
  if (!c) byPolicy.set(policy, (c = new Map()));
  return c;
}

/**
 * Compiles a notation text, reusing the compiled form of a text seen recently (the last
 * `COMPILED_ROLL_CACHE_SIZE` texts per chain and policy, oldest evicted first), so that a repeated
 * notation costs only the roll.
 */
export function compileCached(text: string, options: DiceOptions = {}): CompiledRoll {
  const cache = cacheFor(options);
  const hit = cache.get(text);
  if (hit) return hit;
  const compiled = compileRoll(text, options);
  if (cache.size >= COMPILED_ROLL_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, compiled);
  return compiled;
}

/**
 * Rolls a notation (text or parsed tree) and returns the roll record.
 * @example rollNotation(seededRandom(7), '4d6kh3').total // between 3 and 18
 */
export function rollNotation(
  rng: RandomSource,
  notation: string | DiceExpression | CompiledRoll,
  options: DiceOptions = {},
): RollRecord {
  if (typeof notation === 'string') return compileCached(notation, options).roll(rng);
  if ('roll' in notation) return notation.roll(rng);
  return rollResolved(rng, resolveExpression(notation, options));
}
