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
  MAX_DIE_SIDES,
  MAX_NOTATION_LENGTH,
  MAX_STEP_AMOUNT,
} from '../limits.js';
import { checkDiceTerm } from './validate.js';
import { dieSpecForSides } from './special-dice.js';
export { dieSpecForSides, TENS_DICE, DIGIT_DICE } from './special-dice.js';
export { netVantage } from './vantage.js';
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

/** The ASCII lower case of the character code at `i` of `text` (NaN past the end): notation is case-insensitive. */
function lowerAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** Character codes the parser looks for. */
const C_D = 100; // 'd'
const C_H = 104; // 'h'
const C_L = 108; // 'l'
const C_K = 107; // 'k'
const C_R = 114; // 'r'
const C_O = 111; // 'o'
const C_A = 97; // 'a'
const C_V = 118; // 'v'
const C_I = 105; // 'i'
const C_S = 115; // 's'

/** Shared empty lists for terms without steps or vantage (trees are never mutated). */
const NO_STEPS: readonly StepModifier[] = Object.freeze([]);
const NO_VANTAGE: readonly VantageMark[] = Object.freeze([]);

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'the end';
  const cp = ch.codePointAt(0)!;
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0)) return `control character U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

class Parser {
  private pos = 0;
  private totalDice = 0;

  // Letters are folded ASCII-only (`lowerAt`): `toLowerCase` maps some non-ASCII letters onto ASCII ones
  // (KELVIN SIGN U+212A -> 'k') or changes the length (U+0130), which would accept or misplace such input.
  constructor(private readonly text: string) {}

  /** True when the three letters at the position are `a`, `b`, `c` (any case). */
  private word3(a: number, b: number, c: number): boolean {
    const t = this.text;
    const i = this.pos;
    return lowerAt(t, i) === a && lowerAt(t, i + 1) === b && lowerAt(t, i + 2) === c;
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
        throw this.unexpected(
          terms[terms.length - 1]!.kind === 'dice'
            ? "a modifier (kh kl dh dl ! r ro adv dis ^+N ^-N), '+', '-' or the end"
            : "'+', '-' or the end",
        );
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
    if (lowerAt(this.text, this.pos) !== C_D) {
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
      if (sides < 1) throw new DiceError('notation/unknown-die', 'a die needs at least 1 side', { start: dieStart, end: this.pos });
      if (sides > MAX_DIE_SIDES) {
        throw new DiceError('limit/die-sides', `d${sides} has more than ${MAX_DIE_SIDES} sides, the limit`, { start: dieStart, end: this.pos });
      }
      die = dieSpecForSides(sides);
    }
    const n = count ?? 1;
    if (n === 0) {
      throw new DiceError('notation/zero-dice', 'a dice term must roll at least 1 die', { start, end: dieStart - 1 });
    }
    let steps: StepModifier[] | null = null;
    let vantage: VantageMark[] | null = null;
    let reroll: RerollModifier | null = null;
    let explode = false;
    let keep: KeepModifier | null = null;
    let keepSpan: SourceSpan | null = null;
    while (this.pos < this.text.length) {
      const mStart = this.pos;
      const ch = lowerAt(this.text, this.pos);
      if (ch === 94 /* ^ */) {
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
        // `0 - amount`, not `-amount`: '^-0' is a step of 0, never -0 (which would not round-trip).
        (steps ??= []).push({ amount: s === '-' ? 0 - amount : amount, origin: { kind: 'notation', span } });
      } else if (ch === C_A && this.word3(C_A, C_D, C_V)) {
        (vantage ??= []).push('adv');
        this.pos += 3;
      } else if (ch === C_D && this.word3(C_D, C_I, C_S)) {
        (vantage ??= []).push('dis');
        this.pos += 3;
      } else if (ch === C_R) {
        if (reroll) throw this.duplicate('re-roll', mStart);
        this.pos += 1;
        let mode: RerollModifier['mode'] = 'until';
        if (lowerAt(this.text, this.pos) === C_O) {
          mode = 'once';
          this.pos += 1;
        }
        reroll = { mode, when: this.parseComparison() };
      } else if (ch === 33 /* ! */) {
        if (explode) throw this.duplicate('explode', mStart);
        this.pos += 1;
        explode = true;
      } else if (ch === C_K || (ch === C_D && (lowerAt(this.text, this.pos + 1) === C_H || lowerAt(this.text, this.pos + 1) === C_L))) {
        if (keep) throw this.duplicate('keep/drop', mStart);
        let kind: KeepModifier['kind'];
        const next = lowerAt(this.text, this.pos + 1);
        if (ch === C_K) {
          kind = next === C_L ? 'kl' : 'kh';
          this.pos += next === C_L || next === C_H ? 2 : 1;
        } else {
          kind = next === C_H ? 'dh' : 'dl';
          this.pos += 2;
        }
        const k = this.isDigit(this.peek()) ? this.parseNumber('how many dice') : 1;
        keep = { kind, count: k };
        keepSpan = { start: mStart, end: this.pos };
      } else {
        break;
      }
    }
    const term: DiceTerm = {
      kind: 'dice',
      sign,
      count: n,
      die,
      steps: steps ?? NO_STEPS,
      vantage: vantage ?? NO_VANTAGE,
      reroll,
      explode,
      keep,
      span: { start, end: this.pos },
    };
    this.totalDice = checkDiceTerm(term, this.totalDice, keepSpan ?? undefined);
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
    const text = this.text;
    let value = 0;
    let c = text.charCodeAt(this.pos);
    while (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      this.pos += 1;
      c = text.charCodeAt(this.pos);
    }
    if (this.pos === start) throw this.unexpected(what, 'notation/expected-number');
    if (value > MAX_CONSTANT) {
      const digits = text.slice(start, this.pos);
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

