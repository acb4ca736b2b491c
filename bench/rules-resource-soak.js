// HAMMERCRAWL! resource dice and soak (shared/design/exact-odds.md, family 3): exact odds against a
// naive Monte Carlo of 10^6 trials in the same process. Figures are printed, never asserted.
// Run: npm run build && node bench/rules-resource-soak.js
import { seededRandom } from '../dist/index.js';
import { RESOURCE_DICE, resourceDistributions } from '../dist/rules/hammercrawl/resource-die.js';
import { hitOutcomes, hitOutcomesForDamageRoll, rollHit } from '../dist/rules/hammercrawl/damage.js';
import { distributionOf } from '../dist/index.js';
import { fmtMicros, printTable, timeMicros } from './harness.js';

const TRIALS = 1_000_000;
const MAX_USES = 100;

/** Wall time of one call in microseconds (for the long Monte Carlo runs: one timed run). */
function timeOnce(fn) {
  const t0 = process.hrtime.bigint();
  const result = fn();
  return { us: Number(process.hrtime.bigint() - t0) / 1000, result };
}

/**
 * Naive Monte Carlo of a resource die over 1..maxUses uses: each trial rolls the die after every use
 * (a 1 or 2 steps it down, a d3 is then depleted) and counts the state after each use.
 * Returns counts[n][k]: k = 0 depleted, k = i + 1 chain position i.
 */
function monteCarloResource(rng, startPosition, maxUses, trials) {
  const counts = Array.from({ length: maxUses + 1 }, () => new Float64Array(startPosition + 2));
  for (let t = 0; t < trials; t++) {
    let pos = startPosition;
    for (let n = 1; n <= maxUses; n++) {
      if (pos >= 0 && rng.rollDie(RESOURCE_DICE[pos]) <= 2) pos -= 1;
      counts[n][pos + 1] += 1;
    }
  }
  return counts;
}

function maxDiffResource(exact, counts, trials) {
  let worst = 0;
  for (let n = 1; n < counts.length; n++) {
    // exact[n]: dice from the fresh one down to d3, then depleted.
    const points = exact[n];
    const top = points.length - 2;
    for (let i = 0; i <= top; i++) worst = Math.max(worst, Math.abs(points[i].p - counts[n][top - i + 1] / trials));
    worst = Math.max(worst, Math.abs(points[top + 1].p - counts[n][0] / trials));
  }
  return worst;
}

function monteCarloHit(rng, defender, hit, trials, dvRoll) {
  const counts = new Map();
  for (let t = 0; t < trials; t++) {
    const dv = dvRoll ? Math.max(0, dvRoll(rng)) : hit.dv;
    const d = rollHit(rng, defender, { ...hit, dv }).defender;
    const k = `${d.armourDie}/${d.healthDie}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

function maxDiffHit(outcomes, counts, trials) {
  let worst = 0;
  for (const o of outcomes) worst = Math.max(worst, Math.abs(o.p - (counts.get(`${o.armourDie}/${o.healthDie}`) ?? 0) / trials));
  return worst;
}

/** Prints the resource and soak tables (called by bench/run.js, or run this file directly). */
export function benchResourceAndSoak() {
  const rows = [];

  // Resource dice: the state after every use count 1..100, from every starting die.
  const allDice = timeMicros(() => {
    for (const die of RESOURCE_DICE) resourceDistributions(die, MAX_USES);
  }, { runs: 15, warm: 5 });
  for (const die of [12, 30]) {
    const position = RESOURCE_DICE.indexOf(die);
    const exactUs = timeMicros(() => resourceDistributions(die, MAX_USES), { runs: 15, warm: 5 });
    const exact = resourceDistributions(die, MAX_USES);
    const mc = timeOnce(() => monteCarloResource(seededRandom(die), position, MAX_USES, TRIALS));
    rows.push([
      `resource d${die}, after each of 1..${MAX_USES} uses`,
      fmtMicros(exactUs),
      fmtMicros(mc.us),
      `${(mc.us / exactUs).toFixed(0)}x`,
      maxDiffResource(exact, mc.result, TRIALS).toExponential(1),
    ]);
  }
  rows.push([`resource, every die d3..d30, 1..${MAX_USES} uses`, fmtMicros(allDice), '-', '-', '-']);

  // One hit: Overwhelming damage through armour, spilling to the Health Die, then the soak roll.
  const hits = [
    { label: 'soak: Armour d4, Health d8, CON +1, DV 12 (overwhelms, spills)', defender: { healthDie: 8, armourDie: 4, conMod: 1 }, hit: { dv: 12 } },
    { label: 'soak: partial Armour d6, Health d6, Crit, DV 9', defender: { healthDie: 6, armourDie: 6, armourCoverage: 'partial' }, hit: { dv: 9, isCrit: true } },
  ];
  for (const c of hits) {
    const exactUs = timeMicros(() => hitOutcomes(c.defender, c.hit), { runs: 21, warm: 20 });
    const mc = timeOnce(() => monteCarloHit(seededRandom(5), c.defender, c.hit, TRIALS));
    rows.push([c.label, fmtMicros(exactUs), fmtMicros(mc.us), `${(mc.us / exactUs).toFixed(0)}x`, maxDiffHit(hitOutcomes(c.defender, c.hit), mc.result, TRIALS).toExponential(1)]);
  }
  // A DV that is a Harm Die roll: mixing over the d12+2 distribution.
  {
    const defender = { healthDie: 8, armourDie: 6, conMod: 1 };
    const damage = distributionOf('d12+2');
    const exactUs = timeMicros(() => hitOutcomesForDamageRoll(defender, damage, {}), { runs: 21, warm: 20 });
    const mc = timeOnce(() => monteCarloHit(seededRandom(6), defender, {}, TRIALS, (rng) => rng.rollDie(12) + 2));
    rows.push([
      'soak: Armour d6, Health d8, CON +1, DV d12+2 (mixed over the DV)',
      fmtMicros(exactUs),
      fmtMicros(mc.us),
      `${(mc.us / exactUs).toFixed(0)}x`,
      maxDiffHit(hitOutcomesForDamageRoll(defender, damage, {}), mc.result, TRIALS).toExponential(1),
    ]);
  }

  console.log(`\n## HAMMERCRAWL! resource dice and soak: exact odds against Monte Carlo (${TRIALS.toExponential(0)} trials)\n`);
  printTable(['case', 'exact (median, warm)', 'Monte Carlo, 10^6 trials', 'ratio', 'max abs difference'], rows);
  console.log('\nThe differences are Monte Carlo noise: about 1/sqrt(10^6) = 1e-3 at p = 0.5.');
}

if (import.meta.url === `file://${process.argv[1]}`) benchResourceAndSoak();
