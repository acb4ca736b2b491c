/**
 * The exact odds of the forget check after a spell (before it is cast): keeping it, forgetting it, how
 * many other spells the difference rule forgets, and under Mana-burn how many steps burn and the chance
 * of burning out. Rules: HAMMERCRAWL! v4, MAGICK (Casting Spells, Mana-burn (Special)).
 * Rulings: docs/rulings.md (MG-3 .. MG-7).
 *
 * How: without Mana-burn the outcome is one die roll (or none) and a fixed count of draws. With
 * Mana-burn on an automatic failure, the extra spells are drawn without replacement and each is checked
 * with a die that shrinks as it burns: a dynamic program over (remaining spells grouped by level, Spell
 * Die position, draws left), memoized; spells of one level are interchangeable, so the state space is
 * the product of (count + 1) over distinct levels, never the ordered draws.
 */
import { chainPosition, dieAtPosition } from './caster.js';

/** What the caster does when a forget check fails: forget (the default), or risk Mana-burn (Mana-burn (Special)). */
export type ForgetChoice = 'forget' | 'mana-burn';

/**
 * The facts a forget check depends on.
 * @example { spellDie: 4, level: 2, others: [1, 1, 3], choice: 'forget' }
 */
export interface ForgetOddsInput {
  /** The Spell Die now (after Mana-burn), a die of the chain. */
  readonly spellDie: number;
  /** Net favour steps on the die rolled (the Smith's manual steps, MG-12); the Spell Die itself burns. */
  readonly steps?: number;
  /** The level checked against (over-cast levels included). */
  readonly level: number;
  /** The levels of the other spells still remembered: the pool extra forgetting draws from. */
  readonly others: readonly number[];
  readonly choice: ForgetChoice;
}

/** One joint outcome of a forget check. */
export interface ForgetOutcome {
  /** The cast spell can still be cast afterwards (false when forgotten, or burned out). */
  readonly kept: boolean;
  /** Other spells forgotten by the difference rule. */
  readonly extraForgotten: number;
  /** Steps of Mana-burn taken (the step that burns out counts). */
  readonly burnSteps: number;
  readonly burnedOut: boolean;
  readonly p: number;
}

/** The exact odds of one forget check (Casting Spells; Mana-burn (Special)). */
export interface ForgetOdds {
  /** The die rolled (the Spell Die after manual steps). */
  readonly die: number;
  readonly level: number;
  readonly choice: ForgetChoice;
  /** The die cannot beat the level: forgotten without a roll (or one step of burn). */
  readonly automatic: boolean;
  /** Spells drawn at random beyond this one: one per point the level exceeds the die's maximum. */
  readonly extraDraws: number;
  /** P(the first roll beats the level): kept with no consequence. */
  readonly keepOnFirstRoll: number;
  /** P(the spell can be cast again afterwards). */
  readonly kept: number;
  /** P(the spell is forgotten): 0 under Mana-burn (the spell stays, burn or not). */
  readonly forgotten: number;
  /** Distribution of the other spells forgotten. */
  readonly extraForgotten: readonly { readonly count: number; readonly p: number }[];
  /** P(one given other remembered spell is forgotten): E[extra] / others (draws are uniform). */
  readonly eachOtherForgotten: number;
  /** Distribution of Mana-burn steps (all mass at 0 when forgetting). */
  readonly burnSteps: readonly { readonly steps: number; readonly p: number }[];
  readonly burnedOut: number;
  /** Every joint outcome with its chance; the chances sum to 1. */
  readonly outcomes: readonly ForgetOutcome[];
}

/**
 * The die a forget check rolls: the Spell Die moved by net favour steps, kept at d3 below the chain
 * (D-1 clamp); past d30 is `RangeError` (the caller reports `magick/spell-die-too-large`).
 * @example rolledDie(5, -1) // 4
 */
export function rolledDie(spellDie: number, steps = 0): number {
  const pos = chainPosition(spellDie) + steps;
  if (pos > 12) throw new RangeError(`d${spellDie} ${steps >= 0 ? '+' : ''}${steps} steps is past d30`);
  return dieAtPosition(Math.max(0, pos));
}

/** One point of difference between a level and the die's maximum forgets one more spell (Casting Spells). */
export function extraForgetDraws(die: number, level: number): number {
  return Math.max(0, level - die);
}

function key(o: Omit<ForgetOutcome, 'p'>): string {
  return `${o.kept ? 'kept' : 'lost'}|${o.extraForgotten}|${o.burnSteps}|${o.burnedOut ? 'out' : 'in'}`;
}

class OutcomeMap {
  readonly map = new Map<string, ForgetOutcome>();
  add(o: Omit<ForgetOutcome, 'p'>, p: number): void {
    if (p === 0) return;
    const k = key(o);
    const old = this.map.get(k);
    this.map.set(k, { ...o, p: (old?.p ?? 0) + p });
  }
}

/** Mana-burn draws: distribution of (extra burns, burned out) from a pool grouped by level. */
function burnDraws(
  levels: readonly number[],
  counts: number[],
  position: number,
  steps: number,
  draws: number,
  memo: Map<string, Map<string, number>>,
): Map<string, number> {
  // Result keys: `${burns}|${out}`.
  const total = counts.reduce((a, b) => a + b, 0);
  if (draws === 0 || total === 0) return new Map([['0|0', 1]]);
  const memoKey = `${counts.join(',')}|${position}|${draws}`;
  const hit = memo.get(memoKey);
  if (hit) return hit;
  const out = new Map<string, number>();
  const add = (k: string, p: number) => out.set(k, (out.get(k) ?? 0) + p);
  const die = dieAtPosition(Math.max(0, Math.min(12, position + steps)));
  for (let i = 0; i < levels.length; i++) {
    const c = counts[i]!;
    if (c === 0) continue;
    const pDraw = c / total;
    const level = levels[i]!;
    const pBurn = level >= die ? 1 : level / die;
    counts[i] = c - 1;
    if (pBurn < 1) {
      for (const [k, p] of burnDraws(levels, counts, position, steps, draws - 1, memo)) add(k, pDraw * (1 - pBurn) * p);
    }
    if (pBurn > 0) {
      if (position === 0) add('1|1', pDraw * pBurn);
      else {
        for (const [k, p] of burnDraws(levels, counts, position - 1, steps, draws - 1, memo)) {
          const [b, o] = k.split('|');
          add(`${Number(b) + 1}|${o}`, pDraw * pBurn * p);
        }
      }
    }
    counts[i] = c;
  }
  memo.set(memoKey, out);
  return out;
}

/**
 * The exact odds of a forget check before the spell is cast (Casting Spells; Mana-burn (Special)).
 * @example forgetOdds({ spellDie: 4, level: 2, others: [], choice: 'forget' }).kept // 0.5
 * @example forgetOdds({ spellDie: 3, level: 5, others: [1, 1, 1], choice: 'forget' }).extraForgotten // [{ count: 2, p: 1 }]
 */
export function forgetOdds(input: ForgetOddsInput): ForgetOdds {
  const { spellDie, level, others, choice } = input;
  const steps = input.steps ?? 0;
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`a spell level is a whole number of at least 1, got ${level}`);
  const die = rolledDie(spellDie, steps);
  const automatic = level >= die;
  const extraDraws = extraForgetDraws(die, level);
  const pFail = automatic ? 1 : level / die;
  const outcomes = new OutcomeMap();
  const none = { extraForgotten: 0, burnSteps: 0, burnedOut: false };
  outcomes.add({ kept: true, ...none }, 1 - pFail);
  if (choice === 'forget') {
    outcomes.add({ kept: false, ...none, extraForgotten: Math.min(extraDraws, others.length) }, pFail);
  } else if (!automatic) {
    // A failed check, then the Mana-burn re-roll: beats the level (kept clean) or burns one step.
    outcomes.add({ kept: true, ...none }, pFail * (1 - pFail));
    const position = chainPosition(spellDie);
    outcomes.add({ kept: position > 0, extraForgotten: 0, burnSteps: 1, burnedOut: position === 0 }, pFail * pFail);
  } else {
    // Automatic: one step of burn at once, then a check for each extra spell drawn (MG-5).
    const position = chainPosition(spellDie);
    if (position === 0) outcomes.add({ kept: false, extraForgotten: 0, burnSteps: 1, burnedOut: true }, 1);
    else {
      const levels = [...new Set(others)].sort((a, b) => a - b);
      const counts = levels.map((l) => others.filter((x) => x === l).length);
      for (const [k, p] of burnDraws(levels, counts, position - 1, steps, extraDraws, new Map())) {
        const [b, o] = k.split('|');
        const out = o === '1';
        outcomes.add({ kept: !out, extraForgotten: 0, burnSteps: 1 + Number(b), burnedOut: out }, p);
      }
    }
  }
  const list = [...outcomes.map.values()].sort((a, b) => key(a).localeCompare(key(b)));
  const sum = (pred: (o: ForgetOutcome) => boolean) => list.filter(pred).reduce((s, o) => s + o.p, 0);
  const marginal = <K extends number>(by: (o: ForgetOutcome) => K) => {
    const m = new Map<K, number>();
    for (const o of list) m.set(by(o), (m.get(by(o)) ?? 0) + o.p);
    return [...m.entries()].sort((a, b) => a[0] - b[0]);
  };
  const extra = marginal((o) => o.extraForgotten).map(([count, p]) => ({ count, p }));
  const expectedExtra = extra.reduce((s, e) => s + e.count * e.p, 0);
  return {
    die,
    level,
    choice,
    automatic,
    extraDraws,
    keepOnFirstRoll: 1 - pFail,
    kept: sum((o) => o.kept),
    forgotten: choice === 'forget' ? pFail : 0,
    extraForgotten: extra,
    eachOtherForgotten: others.length === 0 ? 0 : expectedExtra / others.length,
    burnSteps: marginal((o) => o.burnSteps).map(([s, p]) => ({ steps: s, p })),
    burnedOut: sum((o) => o.burnedOut),
    outcomes: list,
  };
}
