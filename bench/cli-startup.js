// The CLI as a whole process against `node -e 0` (goal: <= 2x), median of interleaved runs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, fmtMicros, printTable } from './harness.js';

const BIN = fileURLToPath(new URL('../bin/hammercrawl.js', import.meta.url));

function wall(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t0) / 1000;
}

export function benchCliStartup(runs = 21) {
  const node = [];
  const roll = [];
  const odds = [];
  for (let i = 0; i < runs; i++) {
    node.push(wall(['-e', '0']));
    roll.push(wall([BIN, 'roll', 'd20', '--seed', '1']));
    odds.push(wall([BIN, 'odds', '4d6kh3', '--json']));
  }
  const base = median(node);
  console.log(`\n## The CLI as a whole process (median of ${runs} interleaved runs)\n`);
  printTable(
    ['command', 'wall time', 'ratio to node -e 0 (goal <= 2x)'],
    [
      ['`node -e 0`', fmtMicros(base), '1.00x'],
      ['`hammercrawl roll d20 --seed 1`', fmtMicros(median(roll)), `${(median(roll) / base).toFixed(2)}x`],
      ['`hammercrawl odds 4d6kh3 --json`', fmtMicros(median(odds)), `${(median(odds) / base).toFixed(2)}x`],
    ],
  );
}
