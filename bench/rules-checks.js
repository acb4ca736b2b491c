// Exact odds of one HAMMERCRAWL! check against a naive enumeration of the same check in the same
// process (quality goal: >= 10x, and under 50 us warm). Figures are printed, never asserted.
import { hammercrawl } from '../dist/index.js';
import { fmtMicros, printTable, timeMicros } from './harness.js';

const feat = { kind: 'feat', id: 'bench', label: 'Feat' };
const smith = { kind: 'smith', label: 'Smith' };

/** Checks as the tray would ask them, each with a naive enumeration of every face combination. */
const CASES = [
  {
    label: 'Test d20, +1 step, advantage, (C16), target 12',
    spec: { kind: 'test', target: 12, steps: [{ amount: 1, origin: feat }], vantage: [{ mark: 'adv', origin: smith }], critMin: 16 },
    // d16 (one step down the chain), two dice keep the lower; success at or under 12; crit on a natural 1.
    naive: () => naiveVantage(16, 2, 'low', (v) => v <= 12, (v) => v === 1),
  },
  {
    label: 'Challenge d20 +3, -1 step, disadvantage, (C16), target 14',
    spec: { kind: 'challenge', target: 14, mods: [{ amount: 3, origin: smith }], steps: [{ amount: -1, origin: smith }], vantage: [{ mark: 'dis', origin: smith }], critMin: 16 },
    naive: () => naiveVantage(16, 2, 'low', (v) => v + 3 > 14, (v) => v === 16),
  },
  {
    label: 'Challenge d24 with a Feat d6, target 20',
    spec: { kind: 'challenge', die: 24, target: 20, feat: { sides: 6, origin: feat } },
    naive: () => naiveSum(24, 6, (a, b) => a + b > 20),
  },
];

/** Enumerates `n` dice of `sides`, keeps the lowest or highest, and counts success and crit. */
function naiveVantage(sides, n, keep, isSuccess, isCrit) {
  const faces = new Array(n).fill(1);
  let success = 0;
  let crit = 0;
  const total = sides ** n;
  for (let i = 0; i < total; i++) {
    const kept = keep === 'low' ? Math.min(...faces) : Math.max(...faces);
    if (isSuccess(kept)) success += 1;
    if (isCrit(kept)) crit += 1;
    for (let k = 0; k < n; k++) {
      if (faces[k] < sides) {
        faces[k] += 1;
        break;
      }
      faces[k] = 1;
    }
  }
  return { success: success / total, crit: crit / total };
}

function naiveSum(a, b, isSuccess) {
  let success = 0;
  for (let x = 1; x <= a; x++) for (let y = 1; y <= b; y++) if (isSuccess(x, y)) success += 1;
  return { success: success / (a * b), crit: 0 };
}

export function benchChecks() {
  const rows = [];
  for (const c of CASES) {
    const exact = hammercrawl.checkOdds(c.spec);
    const naive = c.naive();
    const ours = timeMicros(() => hammercrawl.checkOdds(c.spec), { runs: 21, warm: 50 });
    const prepared = hammercrawl.prepareCheck(c.spec);
    const oursPrepared = timeMicros(() => hammercrawl.checkOdds(prepared), { runs: 21, warm: 50 });
    const base = timeMicros(c.naive, { runs: 21, warm: 5 });
    rows.push([
      c.label,
      `${(exact.success * 100).toFixed(4)}% / ${(naive.success * 100).toFixed(4)}%`,
      fmtMicros(ours),
      fmtMicros(oursPrepared),
      fmtMicros(base),
      `${(base / ours).toFixed(1)}x`,
    ]);
  }
  console.log('\n## One check\'s exact odds against naive enumeration (goal >= 10x, < 50 us warm)\n');
  printTable(['check', 'P(success) exact / naive', 'checkOdds(spec)', 'checkOdds(prepared)', 'naive enumeration', 'ratio'], rows);
}
