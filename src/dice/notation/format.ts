/**
 * Dice notation formatter: `DiceExpression` -> canonical text. `parseNotation(formatNotation(x))`
 * gives back `x` (positions and step origins aside: every step is written as `^+N`/`^-N`).
 */
import type { Comparison, DiceExpression, DiceTerm, DieSpec, Term } from './ast.js';

/** Canonical text of a die: `d20`, `d100`, `d40`, `d66`. */
export function formatDieSpec(die: DieSpec): string {
  switch (die.kind) {
    case 'plain':
      return `d${die.sides}`;
    case 'percentile':
      return 'd100';
    case 'tens':
      return `d${die.tensSides * 10}`;
    case 'digits':
      return `d${die.digitSides * 11}`;
  }
}

function formatComparison(c: Comparison): string {
  return c.op === '=' ? String(c.value) : `${c.op}${c.value}`;
}

/** Canonical text of one term without its sign: `4d6kh3`, `1d8^+3`, `5`. */
export function formatTerm(term: Term): string {
  if (term.kind === 'constant') return String(term.value);
  return formatDiceTerm(term);
}

function formatDiceTerm(t: DiceTerm): string {
  let s = t.die.kind === 'plain' ? `${t.count}d${t.die.sides}` : `${t.count}${formatDieSpec(t.die)}`;
  if (t.steps.length === 0 && t.vantage.length === 0 && !t.reroll && !t.explode && !t.keep) return s;
  for (const step of t.steps) s += `^${step.amount < 0 ? '-' : '+'}${Math.abs(step.amount)}`;
  for (const v of t.vantage) s += v;
  if (t.reroll) s += `r${t.reroll.mode === 'once' ? 'o' : ''}${formatComparison(t.reroll.when)}`;
  if (t.explode) s += '!';
  if (t.keep) s += `${t.keep.kind}${t.keep.count}`;
  return s;
}

/**
 * Canonical notation text of an expression.
 * @example formatNotation(parseNotation(' d20 + 4D6KH3 ')) // '1d20+4d6kh3'
 */
export function formatNotation(expr: DiceExpression): string {
  if (expr.terms.length === 1 && expr.terms[0]!.sign > 0) return formatTerm(expr.terms[0]!);
  let out = '';
  expr.terms.forEach((term, i) => {
    if (i === 0) out += term.sign < 0 ? '-' : '';
    else out += term.sign < 0 ? '-' : '+';
    out += formatTerm(term);
  });
  return out;
}
