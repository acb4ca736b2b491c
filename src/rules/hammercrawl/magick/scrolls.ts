/**
 * Casting from a spell scroll: anyone who reads the language may try, by an INT Test (Dedicated casters
 * one step better, non-casters against the INT half-stat); a failure rolls d100 on the failure table. A
 * scroll is used up either way and never touches the Spell Die. Rules: HAMMERCRAWL! v4, MAGICK, Scrolls and
 * Other Single-Use Magicks. Rulings: docs/rulings.md (MG-10, MG-11).
 */
import type { RandomSource } from '../../../dice/index.js';
import { halfStat, requireWholeNumber } from '../check-modifiers.js';
import { checkOdds, rollCheck, type CheckOdds, type CheckResult, type CheckSpec } from '../checks.js';
import type { SpellGrade } from '../data/classes.js';
import type { FeatDieBonus } from '../feat-die.js';

/** The die the failure table is rolled on: d100 (00 and 0 read 100, D-5). */
export const SCROLL_FAILURE_DIE = 100;

/** What happens when casting from a scroll fails. */
export type ScrollFailureKind = 'fizzle' | 'backfire' | 'wild';

/**
 * One row of the scroll failure table.
 * @example { id: 'scroll-fizzle', roll: { min: 1, max: 33 }, kind: 'fizzle', ... }
 */
export interface ScrollFailureRow {
  readonly id: string;
  readonly label: string;
  readonly roll: { readonly min: number; readonly max: number };
  readonly kind: ScrollFailureKind;
  readonly description: string;
  readonly ref: string;
}

const SCROLL_REF = 'HAMMERCRAWL! v4, MAGICK, Scrolls and Other Single-Use Magicks (failure table)';

/**
 * The d100 table rolled after a failed scroll casting (01-33, 34-66, 67-00).
 * @example SCROLL_FAILURE_TABLE[1].kind // 'backfire'
 */
export const SCROLL_FAILURE_TABLE = [
  {
    id: 'scroll-fizzle',
    label: 'Fizzle',
    roll: { min: 1, max: 33 },
    kind: 'fizzle',
    description: 'No effect at all; the scroll is spent.',
    ref: SCROLL_REF,
  },
  {
    id: 'scroll-backfire',
    label: 'Backfire',
    roll: { min: 34, max: 66 },
    kind: 'backfire',
    description: 'The spell turns on the reader or their side; the Smith decides how.',
    ref: SCROLL_REF,
  },
  {
    id: 'scroll-wild-effect',
    label: 'Wild effect',
    roll: { min: 67, max: 100 },
    kind: 'wild',
    description: 'Some unrelated random effect happens instead, of the Smith\'s choosing.',
    ref: SCROLL_REF,
  },
] as const satisfies readonly ScrollFailureRow[];

/**
 * The failure row of a d100 result; a result outside 1-100 is a RangeError.
 * @example scrollFailureFor(50).id // 'scroll-backfire'
 */
export function scrollFailureFor(roll: number): ScrollFailureRow {
  const row = SCROLL_FAILURE_TABLE.find((r) => roll >= r.roll.min && roll <= r.roll.max);
  if (!row) throw new RangeError(`a d100 result runs from 1 to 100, got ${roll}`);
  return row;
}

/** Who reads the scroll: a Dedicated or Dabbler caster, or someone who casts no spells. */
export type ScrollReader = SpellGrade | 'non-caster';

/**
 * A scroll casting as data.
 * @example { reader: 'dedicated', intScore: 15 } // d20 +1 step (d16) against 15
 */
export interface ScrollSpec {
  readonly reader: ScrollReader;
  readonly intScore: number;
  /** Whether the reader knows the scroll's language (default true); if not, it cannot be read at all. */
  readonly canReadLanguage?: boolean;
  /** A Feat declared, where the class makes spellcasting checks Feats (MG-11). */
  readonly feat?: FeatDieBonus;
}

/** A scroll that cannot be tried: its language is unknown to the reader. */
export interface ScrollProblem {
  readonly code: 'magick/scroll-unreadable';
  readonly message: string;
}

/** A scroll casting, rolled: the INT Test, and on a failure the d100 and its row. The scroll is spent. */
export interface ScrollCasting {
  readonly test: CheckResult;
  readonly success: boolean;
  readonly failureRoll: number | null;
  readonly failure: ScrollFailureRow | null;
  readonly summary: string;
}

/** The exact odds of a scroll casting: success, and each failure row. */
export interface ScrollOdds {
  readonly test: CheckOdds;
  readonly success: number;
  readonly failures: readonly { readonly id: string; readonly kind: ScrollFailureKind; readonly p: number }[];
}

/**
 * The INT Test a scroll calls for: a Dedicated caster one step better, a Dabbler as is, a non-caster
 * against the INT half-stat (Scrolls and Other Single-Use Magicks; MG-10).
 * @example scrollTestSpec({ reader: 'non-caster', intScore: 13 }).target // 7
 */
export function scrollTestSpec(spec: ScrollSpec): CheckSpec {
  requireWholeNumber(spec.intScore, 'the INT score');
  const target = spec.reader === 'non-caster' ? halfStat(spec.intScore) : spec.intScore;
  return {
    kind: 'test',
    target,
    steps: spec.reader === 'dedicated' ? [{ amount: 1, origin: { kind: 'rule', id: 'scroll-dedicated', label: 'Dedicated caster' } }] : [],
    ...(spec.feat ? { feat: spec.feat } : {}),
    label: spec.reader === 'non-caster' ? 'Scroll (INT half-stat)' : 'Scroll (INT)',
  };
}

function unreadable(spec: ScrollSpec): ScrollProblem | null {
  return spec.canReadLanguage === false
    ? { code: 'magick/scroll-unreadable', message: 'the reader does not know the scroll\'s language; find someone who does' }
    : null;
}

/**
 * Casts from a scroll: the INT Test, then on a failure a d100 on the failure table.
 * @example rollScrollCasting(scriptedRandom([18, 40]), { reader: 'dabbler', intScore: 12 }) // failure, backfire
 */
export function rollScrollCasting(rng: RandomSource, spec: ScrollSpec): { ok: true; casting: ScrollCasting } | { ok: false; problem: ScrollProblem } {
  const problem = unreadable(spec);
  if (problem) return { ok: false, problem };
  const test = rollCheck(rng, scrollTestSpec(spec));
  if (test.success) return { ok: true, casting: { test, success: true, failureRoll: null, failure: null, summary: `${test.summary}: the spell goes off; the scroll is spent` } };
  const failureRoll = rng.rollDie(SCROLL_FAILURE_DIE);
  const failure = scrollFailureFor(failureRoll);
  return {
    ok: true,
    casting: { test, success: false, failureRoll, failure, summary: `${test.summary}; d100 ${failureRoll}: ${failure.label}; the scroll is spent` },
  };
}

/**
 * The exact odds of a scroll casting: P(success) from the Test's exact distribution, and each failure row
 * as P(failure) times its share of the d100.
 * @example scrollCastingOdds({ reader: 'dedicated', intScore: 16 }).success // 1 (a d16 never exceeds 16)
 */
export function scrollCastingOdds(spec: ScrollSpec): { ok: true; odds: ScrollOdds } | { ok: false; problem: ScrollProblem } {
  const problem = unreadable(spec);
  if (problem) return { ok: false, problem };
  const test = checkOdds(scrollTestSpec(spec));
  const success = test.success!;
  const failures = SCROLL_FAILURE_TABLE.map((r) => ({
    id: r.id,
    kind: r.kind,
    p: ((1 - success) * (r.roll.max - r.roll.min + 1)) / SCROLL_FAILURE_DIE,
  }));
  return { ok: true, odds: { test, success, failures } };
}
