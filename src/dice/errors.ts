/**
 * Errors of the dice engine. A player's mistake (bad notation, a die stepped off a chain,
 * a limit passed) is a `DiceError` with a namespaced `code`, the position in the notation
 * where it was found (when there is one) and a message that says how to fix it.
 */

/** Every code a `DiceError` may carry. */
export type DiceErrorCode =
  | 'notation/empty'
  | 'notation/too-long'
  | 'notation/unexpected'
  | 'notation/expected-number'
  | 'notation/number-too-large'
  | 'notation/zero-dice'
  | 'notation/unknown-die'
  | 'notation/duplicate-modifier'
  | 'notation/keep-out-of-range'
  | 'notation/reroll-every-face'
  | 'notation/explode-every-roll'
  | 'notation/vantage-on-digit-pair'
  | 'limit/dice-per-term'
  | 'limit/dice-per-expression'
  | 'limit/die-sides'
  | 'limit/step-amount'
  | 'chain/not-on-chain'
  | 'chain/above-top'
  | 'roll/explosion-limit'
  | 'roll/reroll-limit'
  | 'odds/too-wide'
  | 'odds/too-costly'
  | 'notation/reroll-too-likely'
  | 'random/script-exhausted'
  | 'random/script-out-of-range';

/** Where in a notation text a problem lies (0-based, `end` exclusive). */
export interface SourceSpan {
  readonly start: number;
  readonly end: number;
}

/** A typed, explainable failure of a dice operation caused by its input. */
export class DiceError extends Error {
  override readonly name = 'DiceError';
  constructor(
    readonly code: DiceErrorCode,
    message: string,
    readonly span?: SourceSpan,
  ) {
    super(message);
  }

  /** The 0-based position of the problem in the notation, when known. */
  get position(): number | undefined {
    return this.span?.start;
  }

  /** One line for people: the code, the 1-based column when known, and the message. */
  describe(): string {
    return this.span ? `${this.code} at column ${this.span.start + 1}: ${this.message}` : `${this.code}: ${this.message}`;
  }

  /** Plain JSON form, for the CLI and the wire. */
  toJSON(): { code: DiceErrorCode; message: string; position?: number; end?: number } {
    return this.span
      ? { code: this.code, message: this.message, position: this.span.start, end: this.span.end }
      : { code: this.code, message: this.message };
  }
}

/** True when `e` is a `DiceError` (works across bundles, unlike `instanceof` alone). */
export function isDiceError(e: unknown): e is DiceError {
  return e instanceof DiceError || (e instanceof Error && e.name === 'DiceError' && 'code' in e);
}
