/**
 * What modifies a check, each part remembering where it came from: static mods, step mods, vantage
 * marks; the stat table (score -> half-stat, stat mod); and the errors of checks.
 * Rules: HAMMERCRAWL! v4, DICE & STEPS ("Dice Modifiers"), DICE ROLL MODIFICATIONS, ADVANTAGE AND
 * DISADVANTAGE, STATS.
 */
import { netVantage, type StepModifier, type StepOrigin, type VantageMark } from '../../dice/index.js';

/** Where a modifier came from (a stat, a Feat, an item, a power, a rule, the Smith); shared with step mods. */
export type ModifierOrigin = StepOrigin;

/**
 * A static mod (DICE & STEPS, "Static Mods: +7, -5"): a positive amount always favours the roller.
 * @example { amount: 2, origin: { kind: 'stat', id: 'dex', label: 'DEX mod' } }
 */
export interface StaticModifier {
  readonly amount: number;
  readonly origin: ModifierOrigin;
}

/**
 * One advantage or disadvantage and who granted it (ADVANTAGE AND DISADVANTAGE): several of one kind
 * count once, any of both cancel. `adv` always favours the roller, whatever the kind of check.
 * @example { mark: 'adv', origin: { kind: 'power', id: 'blessing', label: 'Blessing of the Forge' } }
 */
export interface VantageSource {
  readonly mark: VantageMark;
  readonly origin: ModifierOrigin;
}

/** Every code a `CheckError` may carry. */
export type CheckErrorCode =
  | 'check/die-not-allowed'
  | 'check/target-required'
  | 'check/target-not-allowed'
  | 'check/not-a-whole-number'
  | 'check/crit-threshold'
  | 'check/crit-range'
  | 'stat/off-table'
  | 'feat-die/level-out-of-range'
  | 'save/level';

/**
 * A check asked for in a way the rules cannot roll (a check die off the chain, a Test without a target,
 * a level past the Feat Die table): a player's or Smith's mistake, with a namespaced `code` and a message
 * that says how to fix it. Rules: DICE CHECKS.
 */
export class CheckError extends Error {
  override readonly name = 'CheckError';
  constructor(
    readonly code: CheckErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** One line for people: the code and the message. */
  describe(): string {
    return `${this.code}: ${this.message}`;
  }

  /** Plain JSON form, for the CLI and the wire. */
  toJSON(): { code: CheckErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** True when `e` is a `CheckError` (works across bundles, unlike `instanceof` alone). */
export function isCheckError(e: unknown): e is CheckError {
  return e instanceof CheckError || (e instanceof Error && e.name === 'CheckError' && 'code' in e);
}

/** Throws `check/not-a-whole-number` unless `n` is a safe integer (a target, a mod, a level). */
export function requireWholeNumber(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new CheckError('check/not-a-whole-number', `${what} must be a whole number, got ${n}`);
}

/** A number with its sign always written: `+2`, `-1`, `+0`. */
export function formatSigned(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}

/** How an origin reads in an explanation: its label (`DEX mod`, `Feat: Combat Hardened`), or `notation`. */
export function describeOrigin(origin: ModifierOrigin): string {
  if (origin.kind === 'notation') return 'notation';
  if (origin.kind === 'feat' && !origin.label.startsWith('Feat')) return `Feat: ${origin.label}`;
  return origin.label;
}

/** The sum of static mods (DICE & STEPS: static mods add up). */
export function netStaticMod(mods: readonly StaticModifier[]): number {
  let sum = 0;
  for (const m of mods) sum += m.amount;
  return sum;
}

/** The sum of step mods, in the roller's favour (+ is better for the roller). */
export function netStepAmount(steps: readonly StepModifier[]): number {
  let sum = 0;
  for (const s of steps) sum += s.amount;
  return sum;
}

/** The modifiers listed with their origins: "Called shot -1, Feat: Mighty Blow +2". */
export function listModifiers(mods: readonly { readonly amount: number; readonly origin: ModifierOrigin }[]): string {
  return mods.map((m) => `${describeOrigin(m.origin)} ${formatSigned(m.amount)}`).join(', ');
}

/** The vantage that counts, from marks that favour the roller (ADVANTAGE AND DISADVANTAGE). */
export function netCheckVantage(sources: readonly VantageSource[]): 'advantage' | 'disadvantage' | null {
  return netVantage(sources.map((s) => s.mark));
}

/** The seven stats (STATS; WIS is WIL in HAMMERCRAWL!). */
export type StatId = 'STR' | 'DEX' | 'CON' | 'INT' | 'WIL' | 'CHA' | 'SOC';

/** Every stat, in the rules' order. */
export const STAT_IDS = ['STR', 'DEX', 'CON', 'INT', 'WIL', 'CHA', 'SOC'] as const satisfies readonly StatId[];

/** One row of the stat table: a score, its half-stat and its stat mod. */
export interface StatRow {
  readonly id: string;
  readonly label: string;
  readonly score: number;
  readonly halfStat: number;
  readonly mod: number;
  readonly ref: string;
}

const STAT_REF = 'HAMMERCRAWL! v4, STATS (stat table)';

/**
 * The stat table, scores 1 to 20 (STATS). Rolled scores run 3-18; conversions and bonuses reach the rest.
 * @example STAT_TABLE[16] // { id: 'stat-17', score: 17, halfStat: 9, mod: 2, ... }
 */
export const STAT_TABLE = [
  { id: 'stat-1', label: 'Stat 1', score: 1, halfStat: 1, mod: -5, ref: STAT_REF },
  { id: 'stat-2', label: 'Stat 2', score: 2, halfStat: 1, mod: -4, ref: STAT_REF },
  { id: 'stat-3', label: 'Stat 3', score: 3, halfStat: 2, mod: -3, ref: STAT_REF },
  { id: 'stat-4', label: 'Stat 4', score: 4, halfStat: 2, mod: -2, ref: STAT_REF },
  { id: 'stat-5', label: 'Stat 5', score: 5, halfStat: 3, mod: -2, ref: STAT_REF },
  { id: 'stat-6', label: 'Stat 6', score: 6, halfStat: 3, mod: -1, ref: STAT_REF },
  { id: 'stat-7', label: 'Stat 7', score: 7, halfStat: 4, mod: -1, ref: STAT_REF },
  { id: 'stat-8', label: 'Stat 8', score: 8, halfStat: 4, mod: -1, ref: STAT_REF },
  { id: 'stat-9', label: 'Stat 9', score: 9, halfStat: 5, mod: 0, ref: STAT_REF },
  { id: 'stat-10', label: 'Stat 10', score: 10, halfStat: 5, mod: 0, ref: STAT_REF },
  { id: 'stat-11', label: 'Stat 11', score: 11, halfStat: 6, mod: 0, ref: STAT_REF },
  { id: 'stat-12', label: 'Stat 12', score: 12, halfStat: 6, mod: 0, ref: STAT_REF },
  { id: 'stat-13', label: 'Stat 13', score: 13, halfStat: 7, mod: 1, ref: STAT_REF },
  { id: 'stat-14', label: 'Stat 14', score: 14, halfStat: 7, mod: 1, ref: STAT_REF },
  { id: 'stat-15', label: 'Stat 15', score: 15, halfStat: 8, mod: 1, ref: STAT_REF },
  { id: 'stat-16', label: 'Stat 16', score: 16, halfStat: 8, mod: 2, ref: STAT_REF },
  { id: 'stat-17', label: 'Stat 17', score: 17, halfStat: 9, mod: 2, ref: STAT_REF },
  { id: 'stat-18', label: 'Stat 18', score: 18, halfStat: 9, mod: 3, ref: STAT_REF },
  { id: 'stat-19', label: 'Stat 19', score: 19, halfStat: 10, mod: 4, ref: STAT_REF },
  { id: 'stat-20', label: 'Stat 20', score: 20, halfStat: 10, mod: 5, ref: STAT_REF },
] as const satisfies readonly StatRow[];

/** The row of the stat table for a score; a score off the table (below 1, above 20) is `stat/off-table`. */
export function statRow(score: number): StatRow {
  requireWholeNumber(score, 'a stat score');
  const row = STAT_TABLE[score - 1];
  if (!row) {
    throw new CheckError(
      'stat/off-table',
      `the stat table runs from 1 to 20, got ${score}; give the stat mod directly for a score off the table`,
    );
  }
  return row;
}

/**
 * The stat mod of a score (STATS, stat table).
 * @example statMod(17) // 2
 */
export function statMod(score: number): number {
  return statRow(score).mod;
}

/**
 * The half-stat of a score: "the rolled stat, divided by two, rounded up" (STATS; BASIC CONCEPTS: round
 * up all fractions). Scores past the table follow the same rule, so a half-stat target always exists.
 * @example halfStat(15) // 8
 */
export function halfStat(score: number): number {
  requireWholeNumber(score, 'a stat score');
  if (score < 1) throw new CheckError('stat/off-table', `a stat score is at least 1, got ${score}`);
  return Math.ceil(score / 2);
}

/**
 * A stat mod as a static modifier, its origin the stat (DICE ROLL MODIFICATIONS).
 * @example statModifier('DEX', 2) // { amount: 2, origin: { kind: 'stat', id: 'dex', label: 'DEX mod' } }
 */
export function statModifier(stat: StatId, mod: number): StaticModifier {
  requireWholeNumber(mod, `the ${stat} mod`);
  return { amount: mod, origin: { kind: 'stat', id: stat.toLowerCase(), label: `${stat} mod` } };
}

/** A modifier the Smith declares ("When in doubt, ask the Smith", DICE & STEPS). */
export function smithModifier(amount: number, label: string): StaticModifier {
  requireWholeNumber(amount, 'a static mod');
  return { amount, origin: { kind: 'smith', label } };
}

/** A step mod the Smith declares; + favours the roller, whatever the kind of check (DICE & STEPS). */
export function smithStep(amount: number, label: string): StepModifier {
  requireWholeNumber(amount, 'a step mod');
  return { amount, origin: { kind: 'smith', label } };
}
