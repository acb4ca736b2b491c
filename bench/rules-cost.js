// What some rules cost in wall time: a pile of characters, the exact odds of the largest hammer pool,
// and `char new --count 50` through the CLI in-process. Figures are printed, never asserted.
import { hammercrawl, seededRandom } from '../dist/index.js';
import { runCli } from '../dist/cli/main.js';
import { fmtMicros, printTable, timeMicros } from './harness.js';

/** The largest pool (MAX_HAMMER_POOL_DICE dice): half red, half purple. */
function largestPool() {
  const half = hammercrawl.MAX_HAMMER_POOL_DICE / 2;
  return hammercrawl.hammerPool([...Array(half).fill('red'), ...Array(half).fill('purple')]);
}

/** Median wall time of an async call, in microseconds. */
async function timeMicrosAsync(fn, { runs = 7, warm = 1 } = {}) {
  for (let i = 0; i < warm; i++) await fn();
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

export async function benchRulesCost() {
  const pool = largestPool();
  const characters = timeMicros(() => hammercrawl.rollCharacters(seededRandom(7), { method: 'palladium' }, 50), { runs: 9, warm: 2 });
  const odds = timeMicros(() => hammercrawl.hammerPoolOdds(pool), { runs: 5, warm: 1 });
  const io = { stdout: () => {}, stderr: () => {} };
  const cli = await timeMicrosAsync(() => runCli(['char', 'new', '--count', '50', '--seed', '9'], io, () => 1));
  console.log('\n## Rules costs (median wall time, in-process)\n');
  printTable(
    ['what', 'wall time', 'meant to stay'],
    [
      ['50 Palladium characters (`rollCharacters`)', fmtMicros(characters), 'well under 500 ms'],
      [`exact odds of a ${hammercrawl.MAX_HAMMER_POOL_DICE}-die hammer pool (50 red, 50 purple)`, fmtMicros(odds), 'under 2 s'],
      ['`hammercrawl char new --count 50 --seed 9` through `runCli`', fmtMicros(cli), 'well under 1 s'],
    ],
  );
}
