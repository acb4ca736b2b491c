// Rolls per second against @dice-roller/rpg-dice-roller in the same process.
// Goals (shared/design/quality-goals.md): parse+roll >= 20x the peer; repeated notation (compiled
// roll cache) >= 50x.
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { compileRoll, rollNotation, seededRandom } from '../dist/index.js';
import { compare, fmtOps, printTable } from './harness.js';

export const ROLL_NOTATIONS = ['1d20', '4d6kh3', '2d20kh1+5', '10d6!'];

export function benchRolls() {
  const rng = seededRandom(20261129);
  let sink = 0;
  const rows = [];
  for (const notation of ROLL_NOTATIONS) {
    const r = compare({
      peer: () => {
        sink += new DiceRoll(notation).total;
      },
      parseAndRoll: () => {
        sink += compileRoll(notation).roll(rng).total;
      },
      repeated: () => {
        sink += rollNotation(rng, notation).total;
      },
    });
    rows.push([
      `\`${notation}\``,
      fmtOps(r.peer),
      fmtOps(r.parseAndRoll),
      `${(r.parseAndRoll / r.peer).toFixed(1)}x`,
      fmtOps(r.repeated),
      `${(r.repeated / r.peer).toFixed(1)}x`,
    ]);
  }
  console.log('\n## Rolls per second (median of 7 interleaved rounds)\n');
  printTable(['notation', 'rpg-dice-roller 5.5.1', 'ours: parse+roll', 'ratio (goal >= 20x)', 'ours: repeated notation', 'ratio (goal >= 50x)'], rows);
  return sink;
}
