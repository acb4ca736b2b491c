/**
 * Rolling: a resolved expression plus a RandomSource give a roll record, plain JSON that
 * explains itself (every die, its faces, what was kept, re-rolled and exploded, the steps).
 */
import { DiceError } from './errors.js';
import type { AppliedSteps, DiceOptions, ResolvedDiceTerm, ResolvedExpression } from './resolve.js';
import { matches, resolveExpression } from './resolve.js';
import { rollUnit } from './die-unit.js';
import type { RandomSource } from './random.js';
import type { DiceExpression } from './notation/ast.js';
import { parseNotation } from './notation/parse.js';
import { COMPILED_ROLL_CACHE_SIZE, MAX_EXPLOSION_CHAIN, MAX_REROLLS } from './limits.js';
import type { StepOrigin } from './dice-chain.js';

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
      /** Sum of the kept dice, before the sign. */
      readonly subtotal: number;
    }
  | { readonly kind: 'constant'; readonly notation: string; readonly sign: 1 | -1; readonly value: number };

/**
 * A roll, as plain JSON. `total` is a pure function of the terms and the dice.
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
  kept: boolean;
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

function rollTerm(rng: RandomSource, term: ResolvedDiceTerm, out: DieRecord[]): number {
  if (!term.unit) return 0;
  const dice: DieWork[] = [];
  for (let i = 0; i < term.rolled; i++) {
    const work: DieWork = { value: 0, faces: [], parts: null, rerolled: [], exploded: false, kept: true };
    let v = throwDie(rng, term, work);
    let value = v;
    if (term.explode) {
      let chain = 0;
      while (v === term.maxFace) {
        if (chain === MAX_EXPLOSION_CHAIN) {
          throw new DiceError(
            'roll/explosion-limit',
            `a ${term.label} exploded ${MAX_EXPLOSION_CHAIN} times in a row; the roll was abandoned`,
            term.span,
          );
        }
        work.exploded = true;
        v = throwDie(rng, term, work);
        value += v;
        chain += 1;
      }
    }
    work.value = value;
    dice.push(work);
  }
  const mask = term.keepMask;
  if (mask) {
    const order = dice.map((_, i) => i);
    order.sort((a, b) => dice[b]!.value - dice[a]!.value || a - b);
    for (let pos = 0; pos < order.length; pos++) dice[order[pos]!]!.kept = mask[pos]!;
  }
  let subtotal = 0;
  for (const d of dice) {
    if (d.kept) subtotal += d.value;
    const rec: DieRecord = {
      term: term.index,
      die: term.label,
      value: d.value,
      faces: d.faces,
      ...(d.parts ? { parts: d.parts } : {}),
      rerolled: d.rerolled,
      exploded: d.exploded,
      kept: d.kept,
    };
    out.push(rec);
  }
  return subtotal;
}

/** Rolls a resolved expression. */
export function rollResolved(rng: RandomSource, resolved: ResolvedExpression): RollRecord {
  const dice: DieRecord[] = [];
  const terms: TermRecord[] = [];
  let total = 0;
  for (const term of resolved.terms) {
    if (term.kind === 'constant') {
      total += term.sign * term.value;
      terms.push({ kind: 'constant', notation: term.notation, sign: term.sign, value: term.value });
      continue;
    }
    const subtotal = rollTerm(rng, term, dice);
    total += term.sign * subtotal;
    terms.push({
      kind: 'dice',
      notation: term.notation,
      sign: term.sign,
      die: term.label,
      vantage: term.vantage,
      ...(term.steps ? { steps: stepsRecord(term.steps) } : {}),
      subtotal,
    });
  }
  return { notation: resolved.notation, total, dice, terms };
}

/**
 * Parses (if given text) and resolves a notation once, for rolling it many times.
 * @example const attack = compileRoll('1d20+3'); attack.roll(rng).total
 */
export function compileRoll(notation: string | DiceExpression, options: DiceOptions = {}): CompiledRoll {
  const expr = typeof notation === 'string' ? parseNotation(notation) : notation;
  const resolved = resolveExpression(expr, options);
  return {
    notation: resolved.notation,
    resolved,
    roll: (rng) => rollResolved(rng, resolved),
  };
}

const cache = new Map<string, CompiledRoll>();

function cacheKey(text: string, options: DiceOptions): string {
  return `${options.chain?.id ?? ''}|${options.belowBottom ?? ''}|${text}`;
}

/**
 * Compiles a notation text, reusing the compiled form of a text seen recently (an LRU of
 * `COMPILED_ROLL_CACHE_SIZE` entries), so that a repeated notation costs only the roll.
 */
export function compileCached(text: string, options: DiceOptions = {}): CompiledRoll {
  const key = cacheKey(text, options);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = compileRoll(text, options);
  if (cache.size >= COMPILED_ROLL_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
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
