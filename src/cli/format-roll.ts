/** Readable text for a roll record (the CLI's human output; `--json` is the contract). */
import { termSubtotal, type DieRecord, type RollRecord } from '../dice/roll.js';

function dieText(d: DieRecord): string {
  let text = d.faces.length > 1 ? `${d.faces.join('!+')}=${d.value}` : String(d.value);
  if (d.faces.length === 1 && d.exploded) text += '!';
  if (d.rerolled.length > 0) text += ` (re-rolled ${d.rerolled.join(', ')})`;
  if (d.parts && d.die !== `d${d.value}`) {
    const parts = d.parts.map((p) => p.join(d.die.includes('+') ? '+' : '|')).join(', ');
    if (d.faces.length === 1 && d.die.includes('+')) text += ` [${parts}]`;
    else if (!d.die.includes('+')) text += ` [${parts}]`;
  }
  return d.kept ? text : `(${text} dropped)`;
}

/** Several lines: the notation and total, then each term with its dice and steps. */
export function formatRollText(record: RollRecord, seed: number | null): string {
  const lines = [`${record.notation} = ${record.total}`];
  record.terms.forEach((term, i) => {
    const sign = term.sign < 0 ? '-' : i === 0 ? ' ' : '+';
    if (term.kind === 'constant') {
      lines.push(`  ${sign}${term.value}`);
      return;
    }
    const dice = record.dice.filter((d) => d.term === i);
    const body = dice.length === 0 ? 'no dice rolled' : `${term.die}: ${dice.map(dieText).join('  ')}`;
    lines.push(`  ${sign}${term.notation}  ${body}  = ${termSubtotal(record, i)}`);
    if (term.steps) lines.push(`      steps: ${term.steps.explanation}`);
  });
  if (seed !== null) lines.push(`seed ${seed} (the same roll again: --seed ${seed})`);
  return lines.join('\n');
}
