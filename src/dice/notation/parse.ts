/**
 * Dice notation parser: text -> `DiceExpression`, with the position of every problem.
 *
 * Grammar (case-insensitive, spaces allowed between terms):
 *   expression := sign? term (('+' | '-') term)*
 *   term       := number | number? 'd' die modifier*
 *   die        := number | '%'
 *   modifier   := '^' ('+' | '-') number        step modifier (up or down the dice chain)
 *               | 'adv' | 'dis'                 advantage / disadvantage
 *               | 'r' 'o'? comparison?          re-roll until (r) or once (ro); default =1
 *               | '!'                           explode on the highest face
 *               | ('kh' | 'kl' | 'dh' | 'dl' | 'k') number?   keep/drop by position
 *   comparison := ('=' | '<' | '<=' | '>' | '>=')? number
 */
import { DiceError } from '../errors.js';
import type { DiceErrorCode, SourceSpan } from '../errors.js';
import type { StepModifier } from '../dice-chain.js';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_EXPRESSION,
  MAX_DICE_PER_TERM,
  MAX_DIE_SIDES,
  MAX_NOTATION_LENGTH,
  MAX_STEP_AMOUNT,
} from '../limits.js';
import type {
  Comparison,
  DiceExpression,
  DiceTerm,
  DieSpec,
  KeepModifier,
  RerollModifier,
  Term,
  VantageMark,
} from './ast.js';

/** Tens-digit dice the rules describe (d40, d50, d60 ... read as a smaller die and a d10). */
export const TENS_DICE: readonly number[] = [40, 50, 60, 70, 80];
/** Digit-pair dice (d44, d66, d88 ... two matching dice side by side). */
export const DIGIT_DICE: readonly number[] = [22, 33, 44, 55, 66, 77, 88];

/** The die spec a written side count stands for. */
export function dieSpecForSides(sides: number): DieSpec {
  if (sides === 100) return { kind: 'percentile' };
  if (TENS_DICE.includes(sides)) return { kind: 'tens', tensSides: sides / 10 };
  if (DIGIT_DICE.includes(sides)) return { kind: 'digits', digitSides: sides / 11 };
  return { kind: 'plain', sides };
}

/**
 * Parses dice notation into a typed tree. Bad input throws a `DiceError` with a code,
 * the position and what was expected.
 * @example parseNotation('4d6kh3+2').terms.length // 2
 */
export function parseNotation(text: string): DiceExpression {
  if (typeof text !== 'string') {
    throw new DiceError('notation/unexpected', `notation must be text, got ${typeof text}`);
  }
  if (text.length > MAX_NOTATION_LENGTH) {
    throw new DiceError(
      'notation/too-long',
      `notation is ${text.length} characters long; the limit is ${MAX_NOTATION_LENGTH}`,
      { start: MAX_NOTATION_LENGTH, end: text.length },
    );
  }
  return new Parser(text).parseExpression();
}

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'the end';
  const cp = ch.codePointAt(0)!;
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0)) return `control character U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

class Parser {
  private pos = 0;
  private totalDice = 0;
  private readonly lower: string;

  constructor(private readonly text: string) {
    this.lower = text.toLowerCase();
  }

  parseExpression(): DiceExpression {
    this.skipSpaces();
    if (this.pos >= this.text.length) {
      throw new DiceError('notation/empty', 'notation is empty; write something like 1d20 or 4d6kh3+2', { start: 0, end: 0 });
    }
    const terms: Term[] = [];
    let sign: 1 | -1 = 1;
    const first = this.peek();
    if (first === '+' || first === '-') {
      sign = first === '-' ? -1 : 1;
      this.pos += 1;
      this.skipSpaces();
    }
    terms.push(this.parseTerm(sign));
    for (;;) {
      this.skipSpaces();
      const ch = this.peek();
      if (ch === undefined) break;
      if (ch !== '+' && ch !== '-') {
        throw this.unexpected("'+', '-' or the end");
      }
      this.pos += 1;
      this.skipSpaces();
      terms.push(this.parseTerm(ch === '-' ? -1 : 1));
    }
    return { kind: 'expression', terms, source: this.text };
  }

  private parseTerm(sign: 1 | -1): Term {
    const start = this.pos;
    let count: number | null = null;
    if (this.isDigit(this.peek())) {
      count = this.parseNumber('a number');
    }
    if (this.lower[this.pos] !== 'd') {
      if (count === null) throw this.unexpected("a number or a die such as 'd20'");
      return { kind: 'constant', sign, value: count, span: { start, end: this.pos } };
    }
    this.pos += 1; // 'd'
    const dieStart = this.pos;
    let die: DieSpec;
    if (this.peek() === '%') {
      this.pos += 1;
      die = { kind: 'percentile' };
    } else {
      if (!this.isDigit(this.peek())) throw this.unexpected("the number of sides (as in 'd20') or '%'", 'notation/expected-number');
      const sides = this.parseNumber('the number of sides');
      const span = { start: dieStart, end: this.pos };
      if (sides < 1) throw new DiceError('notation/unknown-die', 'a die needs at least 1 side', span);
      if (sides > MAX_DIE_SIDES) {
        throw new DiceError('limit/die-sides', `d${sides} has more than ${MAX_DIE_SIDES} sides, the limit`, span);
      }
      die = dieSpecForSides(sides);
    }
    const n = count ?? 1;
    if (n === 0) {
      throw new DiceError('notation/zero-dice', 'a dice term must roll at least 1 die', { start, end: dieStart - 1 });
    }
    const steps: StepModifier[] = [];
    const vantage: VantageMark[] = [];
    let reroll: RerollModifier | null = null;
    let explode = false;
    let keep: KeepModifier | null = null;
    let keepSpan: SourceSpan | null = null;
    for (;;) {
      const mStart = this.pos;
      const ch = this.lower[this.pos];
      if (ch === '^') {
        this.pos += 1;
        const s = this.peek();
        if (s !== '+' && s !== '-') throw this.unexpected("'+' or '-' after '^' (as in 'd8^+3')");
        this.pos += 1;
        if (!this.isDigit(this.peek())) throw this.unexpected("a number of steps (as in 'd8^+3')", 'notation/expected-number');
        const amount = this.parseNumber('a number of steps');
        const span = { start: mStart, end: this.pos };
        if (amount > MAX_STEP_AMOUNT) {
          throw new DiceError('limit/step-amount', `${amount} steps is more than the limit of ${MAX_STEP_AMOUNT}`, span);
        }
        steps.push({ amount: s === '-' ? -amount : amount, origin: { kind: 'notation', span } });
      } else if (this.lower.startsWith('adv', this.pos) || this.lower.startsWith('dis', this.pos)) {
        vantage.push(this.lower.startsWith('adv', this.pos) ? 'adv' : 'dis');
        this.pos += 3;
      } else if (ch === 'r') {
        if (reroll) throw this.duplicate('re-roll', mStart);
        this.pos += 1;
        let mode: RerollModifier['mode'] = 'until';
        if (this.lower[this.pos] === 'o') {
          mode = 'once';
          this.pos += 1;
        }
        reroll = { mode, when: this.parseComparison() };
      } else if (ch === '!') {
        if (explode) throw this.duplicate('explode', mStart);
        this.pos += 1;
        explode = true;
      } else if (ch === 'k' || (ch === 'd' && (this.lower[this.pos + 1] === 'h' || this.lower[this.pos + 1] === 'l'))) {
        if (keep) throw this.duplicate('keep/drop', mStart);
        let kind: KeepModifier['kind'];
        const next = this.lower[this.pos + 1];
        if (ch === 'k') {
          kind = next === 'l' ? 'kl' : 'kh';
          this.pos += next === 'l' || next === 'h' ? 2 : 1;
        } else {
          kind = next === 'h' ? 'dh' : 'dl';
          this.pos += 2;
        }
        const k = this.isDigit(this.peek()) ? this.parseNumber('how many dice') : 1;
        keep = { kind, count: k };
        keepSpan = { start: mStart, end: this.pos };
      } else {
        break;
      }
    }
    const span = { start, end: this.pos };
    const net = netVantage(vantage);
    const rolled = n + (net !== null && !(die.kind === 'percentile' && n === 1) ? 1 : 0);
    if (rolled > MAX_DICE_PER_TERM) {
      throw new DiceError(
        'limit/dice-per-term',
        `${rolled} dice in one term${rolled > n ? ' (with the extra vantage die)' : ''}; the limit is ${MAX_DICE_PER_TERM}`,
        span,
      );
    }
    this.totalDice += rolled;
    if (this.totalDice > MAX_DICE_PER_EXPRESSION) {
      throw new DiceError(
        'limit/dice-per-expression',
        `${this.totalDice} dice in the expression so far; the limit is ${MAX_DICE_PER_EXPRESSION}`,
        span,
      );
    }
    if (keep && keepSpan) {
      if (keep.count < 1 || keep.count > n) {
        throw new DiceError(
          'notation/keep-out-of-range',
          `'${keep.kind}${keep.count}' on ${n} ${n === 1 ? 'die' : 'dice'}: the count must be from 1 to ${n}`,
          keepSpan,
        );
      }
    }
    const term: DiceTerm = { kind: 'dice', sign, count: n, die, steps, vantage, reroll, explode, keep, span };
    return term;
  }

  private parseComparison(): Comparison {
    let op: Comparison['op'] = '=';
    const two = this.text.slice(this.pos, this.pos + 2);
    if (two === '<=' || two === '>=') {
      op = two;
      this.pos += 2;
    } else {
      const ch = this.peek();
      if (ch === '<' || ch === '>' || ch === '=') {
        op = ch;
        this.pos += 1;
      } else if (!this.isDigit(ch)) {
        return { op: '=', value: 1 };
      }
    }
    if (!this.isDigit(this.peek())) throw this.unexpected(`a number after '${op}'`, 'notation/expected-number');
    return { op, value: this.parseNumber('a number') };
  }

  private parseNumber(what: string): number {
    const start = this.pos;
    while (this.isDigit(this.peek())) this.pos += 1;
    if (this.pos === start) throw this.unexpected(what, 'notation/expected-number');
    const digits = this.text.slice(start, this.pos);
    const value = Number(digits);
    if (value > MAX_CONSTANT) {
      throw new DiceError(
        'notation/number-too-large',
        `${digits.length > 12 ? `${digits.slice(0, 12)}...` : digits} is larger than ${MAX_CONSTANT}, the largest number notation accepts`,
        { start, end: this.pos },
      );
    }
    return value;
  }

  private duplicate(what: string, at: number): DiceError {
    return new DiceError('notation/duplicate-modifier', `a term may have only one ${what} modifier`, {
      start: at,
      end: at + 1,
    });
  }

  private unexpected(expected: string, code: DiceErrorCode = 'notation/unexpected'): DiceError {
    const ch = this.peekCodePoint();
    return new DiceError(
      code,
      `expected ${expected}, found ${describeChar(ch)}`,
      { start: this.pos, end: Math.min(this.text.length, this.pos + (ch?.length ?? 0)) },
    );
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private peekCodePoint(): string | undefined {
    const cp = this.text.codePointAt(this.pos);
    return cp === undefined ? undefined : String.fromCodePoint(cp);
  }

  private isDigit(ch: string | undefined): boolean {
    return ch !== undefined && ch >= '0' && ch <= '9';
  }

  private skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }
}

/**
 * The vantage that counts: several of one kind count once, any of both cancel.
 * Rules: HAMMERCRAWL! v4, ADVANTAGE AND DISADVANTAGE.
 */
export function netVantage(marks: readonly VantageMark[]): 'advantage' | 'disadvantage' | null {
  const adv = marks.includes('adv');
  const dis = marks.includes('dis');
  if (adv && !dis) return 'advantage';
  if (dis && !adv) return 'disadvantage';
  return null;
}
