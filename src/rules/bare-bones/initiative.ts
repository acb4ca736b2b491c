/**
 * Initiative: at the start of each round every player makes a Wisdom saving throw; those who pass act
 * before the GM, those who fail after. Ambushers act first every round. Rules: The Bare Bones, Live by
 * the Sword > Initiative; ruling BB-12.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type CheckDie, type InitiativeEntrant, type InitiativeOrder, type InitiativePlace, type RuleResult } from '../rule-system.js';
import { MAX_ATTRIBUTE_SCORE } from './attributes.js';
import { CHECK_DIE, isSuccess, rollTest } from './checks.js';
import { REF_RULINGS, refCombat } from './refs.js';

/**
 * The side id of the GM's creatures: they do not roll, and act between the players who pass and those
 * who fail. It is the table tracker's `foes` side (ruling BB-12).
 */
export const GM_SIDE = 'foes';

/** The side ids that are the GM's: the tracker's `foes`, and `gm` as earlier callers named it. */
export const GM_SIDES: readonly string[] = [GM_SIDE, 'gm'];

/** True when `side` is the GM's. */
export function isGmSide(side: string): boolean {
  return GM_SIDES.includes(side);
}

/** A score by attribute id, whatever the case of its key ("WIS" as a tracker may write it, "wis" as a document keeps it). */
function statOf(e: InitiativeEntrant, id: string): number | undefined {
  const key = Object.keys(e.stats).find((k) => k.toLowerCase() === id);
  return key === undefined ? undefined : e.stats[key];
}

/** Most entrants in one initiative roll. */
export const MAX_INITIATIVE_ENTRANTS = 200;

/** The ranks: ambushers, players who passed, the GM's side, players who failed (lower acts first). */
export const INITIATIVE_RANKS = { ambushers: 0, passed: 1, gm: 2, failed: 3 } as const;

/** One line of help for the table. */
export const INITIATIVE_HELP = `Each round every player makes a WIS save (d20 under WIS): pass and act before the GM, fail and act after. The GM's side (the tracker's foes) does not roll. Ambushers act first every round. (${refCombat('Initiative')}; ${REF_RULINGS} BB-12)`;

/**
 * Rolls one round's initiative. Entrants of the side `ambushers` (when given) act first without rolling;
 * everyone else not on the GM's side rolls a WIS save, in the order given.
 * @example rollInitiative(scriptedRandom([5, 17]), [{ id: 'a', side: 'party', stats: { wis: 12 } }, { id: 'b', side: 'party', stats: { wis: 12 } }, { id: 'orc', side: 'foes', stats: {} }])
 */
export function rollInitiative(rng: RandomSource, entrants: readonly InitiativeEntrant[], ambushers?: string): RuleResult<InitiativeOrder> {
  if (entrants.length > MAX_INITIATIVE_ENTRANTS) {
    return problem('bare-bones/too-many-entrants', `At most ${MAX_INITIATIVE_ENTRANTS} combatants roll initiative at once, got ${entrants.length}; split the fight.`, '$');
  }
  const ids = new Set<string>();
  for (let i = 0; i < entrants.length; i++) {
    const e = entrants[i]!;
    if (ids.has(e.id)) return problem('bare-bones/duplicate-entrant', `Combatant id ${e.id} appears twice; give each combatant its own id.`, `$[${i}].id`);
    ids.add(e.id);
    if (isGmSide(e.side) || e.side === ambushers) continue;
    const wis = statOf(e, 'wis');
    if (wis === undefined || !Number.isInteger(wis) || wis < 1 || wis > MAX_ATTRIBUTE_SCORE) {
      return problem('bare-bones/initiative-needs-wis', `${e.id} needs a Wisdom score from 1 to ${MAX_ATTRIBUTE_SCORE} to save for initiative (stats.wis).`, `$[${i}].stats.wis`);
    }
  }
  const places: InitiativePlace[] = [];
  const dice: CheckDie[] = [];
  const explanation: string[] = [];
  if (ambushers !== undefined) explanation.push(`side ${ambushers} ambushed: it acts first every round, and its first-round damage goes straight to Blood`);
  for (const e of entrants) {
    if (e.side === ambushers) {
      places.push({ id: e.id, rank: INITIATIVE_RANKS.ambushers, note: 'ambusher: acts first' });
    } else if (isGmSide(e.side)) {
      places.push({ id: e.id, rank: INITIATIVE_RANKS.gm, note: 'the GM\'s side' });
    } else {
      const wis = statOf(e, 'wis')!;
      const roll = rollTest(rng, { target: wis, vantage: null, bonusDie: null, critMax: 1 });
      dice.push({ sides: CHECK_DIE, face: roll.kept, isKept: true, role: `${e.id} WIS save` });
      const passed = isSuccess(roll.outcome);
      places.push({ id: e.id, rank: passed ? INITIATIVE_RANKS.passed : INITIATIVE_RANKS.failed, note: `WIS save ${roll.kept} against ${wis}: ${passed ? 'before' : 'after'} the GM` });
      explanation.push(`${e.id}: d20 ${roll.kept} against WIS ${wis}, ${passed ? 'passes' : 'fails'}`);
    }
  }
  const order = places.map((p, i) => ({ p, i })).sort((a, b) => a.p.rank - b.p.rank || a.i - b.i).map((x) => x.p);
  return ok({ order, dice, explanation });
}
