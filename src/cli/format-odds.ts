/** Readable text for an exact distribution: a table with bars. */
import type { Distribution } from '../dice/distribution.js';

/** Values shown in the readable table before the rarest are folded away. */
export const ODDS_TABLE_ROWS = 60;
const BAR_WIDTH = 40;

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

/** The table: value, chance, at most, at least and a bar; long tails are folded into a note. */
export function formatOddsText(notation: string, dist: Distribution, options: { all: boolean; target: number | null }): string {
  const points = dist.points();
  const lines = [
    `${notation}: ${points.length} possible totals from ${dist.min} to ${dist.max}, mean ${dist.mean.toFixed(3)}, sd ${dist.standardDeviation.toFixed(3)}`,
  ];
  if (dist.truncatedMass > 0) {
    lines.push(`exploding dice followed until the chance of going further is ${dist.truncatedMass.toExponential(2)} (counted at the last depth)`);
  }
  let shown = points;
  if (!options.all && points.length > ODDS_TABLE_ROWS) {
    const byP = [...points].sort((a, b) => b.p - a.p).slice(0, ODDS_TABLE_ROWS);
    const keep = new Set(byP.map((x) => x.value));
    shown = points.filter((x) => keep.has(x.value));
  }
  const peak = Math.max(...shown.map((x) => x.p));
  const width = Math.max(5, ...shown.map((x) => String(x.value).length));
  lines.push(`${'total'.padStart(width)}  ${'chance'.padStart(7)}  ${'at most'.padStart(7)}  ${'at least'.padStart(8)}`);
  for (const { value, p } of shown) {
    const bar = '#'.repeat(Math.max(p > 0 ? 1 : 0, Math.round((p / peak) * BAR_WIDTH)));
    lines.push(
      `${String(value).padStart(width)}  ${pct(p).padStart(7)}  ${pct(dist.atMost(value)).padStart(7)}  ${pct(dist.atLeast(value)).padStart(8)}  ${bar}`,
    );
  }
  if (shown.length < points.length) {
    const hidden = points.length - shown.length;
    const mass = points.filter((x) => !shown.includes(x)).reduce((a, x) => a + x.p, 0);
    lines.push(`(${hidden} rarer totals not shown, ${pct(mass)} together; --all shows every total)`);
  }
  if (options.target !== null) {
    const t = options.target;
    lines.push(`P(total <= ${t}) = ${pct(dist.atMost(t))}   a Test against ${t} succeeds`);
    lines.push(`P(total > ${t}) = ${pct(dist.above(t))}   a Challenge against ${t} succeeds (beats it)`);
  }
  return lines.join('\n');
}
