/**
 * Initiative: each round the protagonists' company makes a group WIS check; with successes of half the
 * company or more it acts first, otherwise after its foes. Within a side, highest DEX acts first, and
 * each finishes action and move before the next (ruling EH-21).
 * Rules: The Exalted Hack, Initiative; Other Rolls (Group Rolls).
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type CheckDie, type InitiativeEntrant, type InitiativeOrder, type InitiativePlace, type RuleResult } from '../rule-system.js';
import { MAX_ATTRIBUTE_SCORE } from './attributes.js';
import { GROUP_SCORE, groupOutcome } from './checks.js';
import { MAX_GROUP_SIZE } from './params.js';
import { CHECK_DIE, outcomeOfFace, targetFor } from './resolution.js';

/** Most combatants one initiative call orders (Initiative; a project limit). */
export const MAX_INITIATIVE_ENTRANTS = 200;

/** How initiative works, one line for the table (Initiative; EH-21). */
export const INITIATIVE_HELP =
  'Each round the company (the party side) rolls a group WIS check: half or more successes and it acts first, otherwise after everyone else; each side acts from highest DEX to lowest.';

/** The side of the protagonists' company: the table tracker's `party` (ruling EH-21). */
export const COMPANY_SIDE = 'party';

function score(e: InitiativeEntrant, id: string): number | undefined {
  // "WIS" as a tracker may write it, "wis" as a document keeps it.
  const key = Object.keys(e.stats).find((k) => k.toLowerCase() === id);
  const s = key === undefined ? undefined : e.stats[key];
  return typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= MAX_ATTRIBUTE_SCORE ? s : undefined;
}

/**
 * Rolls one round's initiative (Initiative; ruling EH-21): the company is the `party` side; a fight with
 * no party side (a call from outside the table) takes the first entrant's side.
 * @example rollInitiative(scriptedRandom([5, 17]), [{ id: 'a', side: 'pcs', stats: { wis: 12, dex: 14 } }, ...])
 */
export function rollInitiative(rng: RandomSource, entrants: readonly InitiativeEntrant[]): RuleResult<InitiativeOrder> {
  if (entrants.length === 0) return problem('exalted-hack/no-entrants', 'Initiative needs at least one combatant.', '$');
  if (entrants.length > MAX_INITIATIVE_ENTRANTS) return problem('exalted-hack/too-many-entrants', `At most ${MAX_INITIATIVE_ENTRANTS} combatants, got ${entrants.length}; group minor foes.`, '$');
  const seen = new Set<string>();
  for (const [i, e] of entrants.entries()) {
    if (seen.has(e.id)) return problem('exalted-hack/duplicate-entrant', `Combatant id "${e.id}" appears twice; give each a distinct id.`, `$[${i}].id`);
    seen.add(e.id);
    const dexKey = Object.keys(e.stats).find((k) => k.toLowerCase() === 'dex');
    const dex = dexKey === undefined ? undefined : e.stats[dexKey];
    if (dex !== undefined && score(e, 'dex') === undefined) return problem('exalted-hack/bad-score', `DEX must be 1-${MAX_ATTRIBUTE_SCORE}, got ${String(dex)}.`, `$[${i}].stats.dex`);
  }
  const company = entrants.some((e) => e.side === COMPANY_SIDE) ? COMPANY_SIDE : entrants[0]!.side;
  const members = entrants.map((e, i) => ({ e, i })).filter(({ e }) => e.side === company);
  if (members.length > MAX_GROUP_SIZE) return problem('exalted-hack/group-too-large', `A group WIS check takes at most ${MAX_GROUP_SIZE} members, got ${members.length}.`, '$');
  for (const { e, i } of members) {
    if (score(e, 'wis') === undefined) return problem('exalted-hack/missing-wis', `The company rolls WIS: give ${e.id} a WIS score from 1 to ${MAX_ATTRIBUTE_SCORE}.`, `$[${i}].stats.wis`);
  }
  const dice: CheckDie[] = [];
  let tally = 0;
  for (const { e } of members) {
    const target = targetFor({ attribute: score(e, 'wis')! }).target;
    const face = rng.rollDie(CHECK_DIE);
    dice.push({ sides: CHECK_DIE, face, isKept: true, role: `${e.id} WIS (under ${target})` });
    tally += GROUP_SCORE[outcomeOfFace(face, target)];
  }
  const outcome = groupOutcome(tally, members.length);
  const isFirst = outcome === 'success' || outcome === 'critical-success';
  const sides: string[] = [];
  for (const e of entrants) if (!sides.includes(e.side)) sides.push(e.side);
  const others = sides.filter((x) => x !== company);
  const sideOrder = isFirst ? [company, ...others] : [...others, company];
  const order: InitiativePlace[] = [];
  for (const side of sideOrder) {
    const group = entrants.filter((e) => e.side === side);
    const sorted = [...group].sort((a, b) => (score(b, 'dex') ?? 0) - (score(a, 'dex') ?? 0));
    for (const e of sorted) {
      const dex = score(e, 'dex');
      order.push({ id: e.id, rank: order.length + 1, note: `${side === company ? 'company' : side}${dex === undefined ? ', no DEX given' : `, DEX ${dex}`}` });
    }
  }
  return ok({
    order,
    dice,
    explanation: [
      `the company (${company}, ${members.length}) rolls WIS: tally ${tally} of ${members.length} (${outcome})`,
      isFirst ? 'the company acts first this round' : 'the company acts after its foes this round',
    ],
  });
}
