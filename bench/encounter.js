// Whole simulated fights per second: the encounter simulator (every turn through the rules engine's
// checks, damage flow and specials) against a hand-written loop of the same fight with the same seeded
// dice (goal: engine >= 0.5x of the loop). Figures are printed, never asserted.
// Run alone: node bench/encounter.js (after npm run build); the lead registers it in bench/run.js.
import { seededRandom } from '../dist/dice/index.js';
import { simulateEncounter } from '../dist/rules/hammercrawl/combat/index.js';
import { testPc } from '../dist/rules/hammercrawl/combat/test-helpers.js';
import { compare, fmtOps, printTable } from './harness.js';

const FIGHTS = 2000;

// 4 PCs: d8 Health, d6 Armour, long sword d20+1 and Harm d8+1, Defense rolls d20+0.
const party = [0, 1, 2, 3].map((i) => testPc({ id: `pc${i}`, name: `PC ${i}`, armourDie: 6, baseArmourDie: 6 }));
// 6 goblins: static attack 13 (the PCs' Defense roll must beat it), Defense 12, DV 6, d6 Health.
const GOBLINS = 6;
const DV = 6;
const goblins = { name: 'goblin', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv: DV }, healthDie: 6, count: GOBLINS };

const CHAIN = [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 30];
const down = (s) => (s === 3 ? null : CHAIN[CHAIN.indexOf(s) - 1]);

/** The DAMAGE flow written out: Crit step (to armour when worn), Overwhelming with spill, soak roll. */
function hit(rng, d, dv, crit) {
  if (crit) {
    if (d.a !== null) d.a = down(d.a);
    else d.h = down(d.h);
    if (d.h === null) return;
  }
  if (dv === 0) return;
  let armour = d.a !== null;
  for (;;) {
    const sides = armour ? d.a : d.h;
    const mod = armour ? 0 : d.con;
    if (dv < sides + mod) break;
    dv = Math.max(0, dv - sides);
    if (armour) {
      d.a = down(d.a);
      if (d.a === null) {
        if (dv === 0) return;
        armour = false;
        continue;
      }
    } else {
      d.h = down(d.h);
      if (d.h === null) return;
    }
    if (dv === 0) return;
  }
  const sides = armour ? d.a : d.h;
  const mod = armour ? 0 : d.con;
  const face = rng.rollDie(sides);
  if (face === 1 || face + mod <= dv) {
    if (armour) d.a = down(d.a);
    else d.h = down(d.h);
  }
}

/** The same fights by hand: sides alternate (party first), PCs hit the weakest goblin, goblins a random PC. */
function handFights(rng, n) {
  let wins = 0;
  for (let f = 0; f < n; f++) {
    const pcs = [0, 1, 2, 3].map(() => ({ h: 8, a: 6, con: 0 }));
    const gobs = Array.from({ length: GOBLINS }, () => ({ h: 6, a: null, con: 0 }));
    const order = [];
    for (let i = 0; i < GOBLINS; i++) {
      if (i < pcs.length) order.push(['pc', i]);
      order.push(['gob', i]);
    }
    const up = (xs) => xs.some((x) => x.h !== null);
    for (let round = 0; round < 100 && up(pcs) && up(gobs); round++) {
      for (const [side, i] of order) {
        if (!up(pcs) || !up(gobs)) break;
        if (side === 'pc') {
          if (pcs[i].h === null) continue;
          let t = null;
          for (const g of gobs) if (g.h !== null && (t === null || g.h < t.h)) t = g; // no armour: ties keep the first
          const nat = rng.rollDie(20);
          const crit = nat === 20;
          if (!crit && nat + 1 <= 12) continue;
          hit(rng, t, Math.max(0, rng.rollDie(8) + 1), crit);
        } else {
          if (gobs[i].h === null) continue;
          const standing = pcs.filter((p) => p.h !== null);
          const t = standing.length === 1 ? standing[0] : standing[rng.rollDie(standing.length) - 1];
          const nat = rng.rollDie(20);
          const crit = nat === 1;
          if (!crit && nat > 13) continue;
          hit(rng, t, DV, crit);
        }
      }
    }
    if (up(pcs) && !up(gobs)) wins++;
  }
  return wins / n;
}

export function benchEncounter() {
  const dice = simulateEncounter(seededRandom(1), party, [goblins], { fights: 4000 });
  const exact = simulateEncounter(seededRandom(1), party, [goblins], { fights: 4000, mode: 'exact' });
  const byHand = handFights(seededRandom(1), 4000);
  let seed = 0;
  const ops = compare(
    {
      dice: () => simulateEncounter(seededRandom(seed++), party, [goblins], { fights: FIGHTS / 10 }),
      exact: () => simulateEncounter(seededRandom(seed++), party, [goblins], { fights: FIGHTS, mode: 'exact' }),
      hand: () => handFights(seededRandom(seed++), FIGHTS),
    },
    { rounds: 5, ms: 400 },
  );
  const hand = ops.hand * FIGHTS;
  const row = (label, perSecond, winRate) => [label, fmtOps(perSecond), `${(perSecond / hand).toFixed(3)}x`, `${(winRate * 100).toFixed(1)}%`];
  console.log(`\n## Encounter simulator: fights per second (4 PCs against ${GOBLINS} goblins; goal engine >= 0.5x of a hand-written loop)\n`);
  printTable(
    ['path', 'fights/s', 'ratio to hand', 'party win rate (4,000 fights, seed 1)'],
    [
      row("simulateEncounter mode 'exact' (each attack drawn from attackOdds)", ops.exact * FIGHTS, exact.report.winRate),
      row("simulateEncounter mode 'dice' (every die rolled, attacks prepared once per simulation)", ops.dice * (FIGHTS / 10), dice.report.winRate),
      row('hand-written loop (same fight, same rules)', hand, byHand),
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) benchEncounter();
