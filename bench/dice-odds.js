// Exact-distribution timings, and a naive enumeration of every face combination as the peer
// where enumeration is still possible (shared/design/exact-odds.md, families 1, 2 and 4).
import { distributionOf } from '../dist/index.js';
import { fmtMicros, printTable, timeMicros } from './harness.js';

/** Enumerates every face combination of `n` d`sides`, keeping sorted positions by `keep`. */
function naiveKeep(n, sides, keep, constant) {
  const counts = new Map();
  const faces = new Array(n).fill(1);
  const total = sides ** n;
  for (let i = 0; i < total; i++) {
    const sorted = [...faces].sort((a, b) => b - a);
    let s = constant;
    for (let j = 0; j < n; j++) if (keep(j)) s += sorted[j];
    counts.set(s, (counts.get(s) ?? 0) + 1);
    for (let k = 0; k < n; k++) {
      if (faces[k] < sides) {
        faces[k] += 1;
        break;
      }
      faces[k] = 1;
    }
  }
  return [...counts.entries()].map(([v, c]) => ({ value: v, p: c / total })).sort((a, b) => a.value - b.value);
}

const NAIVE_CASES = [
  { notation: '1d20+3', naive: () => naiveKeep(1, 20, () => true, 3) },
  { notation: '1d20adv+3', naive: () => naiveKeep(2, 20, (j) => j === 0, 3) },
  { notation: '2d20kh1+5', naive: () => naiveKeep(2, 20, (j) => j === 0, 5) },
  { notation: '1d24dis', naive: () => naiveKeep(2, 24, (j) => j === 1, 0) },
  { notation: '3d6', naive: () => naiveKeep(3, 6, () => true, 0) },
  { notation: '4d6kh3', naive: () => naiveKeep(4, 6, (j) => j < 3, 0) },
  { notation: '3d8adv', naive: () => naiveKeep(4, 8, (j) => j < 3, 0) },
  { notation: '8d6kh3', naive: () => naiveKeep(8, 6, (j) => j < 3, 0) },
];

const GUARD_RAILS = ['12d6', '5d10!kh3', '6d10!kh3', '10d10!kh5', '9d20kh1', '16d10kh8', '20d10kh2', '11d6kh10', '100d6', '100d20kh50', '10d6!'];

export function benchOdds() {
  const rows = [];
  for (const c of NAIVE_CASES) {
    const ours = timeMicros(() => distributionOf(c.notation), { runs: 21, warm: 20 });
    const naive = timeMicros(c.naive, { runs: c.notation.startsWith('8d6') ? 3 : 11, warm: 1 });
    // Same answer, or the comparison means nothing.
    const a = distributionOf(c.notation).points();
    const b = c.naive();
    const maxDiff = Math.max(...b.map((x, i) => Math.abs(x.p - (a[i]?.value === x.value ? a[i].p : Infinity))));
    rows.push([`\`${c.notation}\``, fmtMicros(ours), fmtMicros(naive), `${(naive / ours).toFixed(0)}x`, maxDiff.toExponential(1)]);
  }
  console.log('\n## Exact distribution against naive enumeration of every face combination\n');
  printTable(['notation', 'ours (median, warm)', 'naive enumeration', 'ratio', 'max |difference|'], rows);

  const guard = [];
  for (const notation of GUARD_RAILS) {
    const us = timeMicros(() => distributionOf(notation), { runs: 5, warm: 1 });
    const d = distributionOf(notation);
    guard.push([`\`${notation}\``, fmtMicros(us), String(d.points().length), d.mean.toFixed(4), d.truncatedMass.toExponential(1)]);
  }
  console.log('\n## Pools and guard rails (where enumeration explodes)\n');
  printTable(['notation', 'time (median of 5)', 'totals', 'mean', 'truncated mass'], guard);
}
