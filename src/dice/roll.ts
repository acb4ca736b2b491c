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

/**
 * The record of a plain die that showed one face and was neither re-rolled nor exploded. Such records
 * carry nothing but the term, die, face and whether it counted, so small dice share one frozen record per
 * face (records are never mutated): a roll then allocates its list of dice and little else.
 */
function plainRecord(term: ResolvedDiceTerm, sides: number, v: number, kept: boolean): DieRecord {
  if (term.index >= INTERN_TERMS || sides > INTERN_SIDES) {
    return { term: term.index, die: term.label, value: v, faces: oneFace(v), rerolled: NONE, exploded: false, kept };
  }
  const key = term.index * (INTERN_SIDES + 1) + sides;
  const byFace = (internedRecords[key] ??= []);
  const slot = v * 2 + (kept ? 0 : 1);
  return (byFace[slot] ??= Object.freeze({ term: term.index, die: term.label, value: v, faces: oneFace(v), rerolled: NONE, exploded: false, kept }));
}

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

function rollTerm(rng: RandomSource, term: ResolvedDiceTerm, out: DieRecord[]): number {
  const unit = term.unit;
  if (!unit) return 0;
  const first = out.length;
  const plain = unit.kind === 'plain' && !term.reroll;
  for (let i = 0; i < term.rolled; i++) {
    if (plain) {
      // The common case, kept allocation-light: a plain die, perhaps exploding.
      const sides = (unit as { sides: number }).sides;
      let v = rng.rollDie(sides);
      if (term.explode && v === sides) {
        const faces = [v];
        let value = v;
        while (v === sides) {
          if (faces.length > MAX_EXPLOSION_CHAIN) explosionLimit(term);
          v = rng.rollDie(sides);
          faces.push(v);
          value += v;
        }
        out.push({ term: term.index, die: term.label, value, faces, rerolled: NONE, exploded: true, kept: true });
      } else {
        out.push(plainRecord(term, sides, v, true));
      }
    } else if (!term.explode && !term.reroll) {
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
      const at = first + order[pos]!;
      const d = out[at]!;
      if (mask[pos]) subtotal += d.value;
      else if (plain && d.faces.length === 1) out[at] = plainRecord(term, (unit as { sides: number }).sides, d.value, false);
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
