/**
 * Phased initiative: each round every side rolls a d6 plus its leader's INT Modifier; in each phase,
 * and in each bullet of a phase, winners act before losers. Rules: So Long as Men Die, Initiative;
 * Weapons (Long, Light). Rulings SL-14, SL-15.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type CheckDie, type InitiativeEntrant, type InitiativeOrder, type RuleResult } from '../rule-system.js';
import { MAX_SCORE, MIN_SCORE, statModifier } from './attributes.js';
import { INITIATIVE_PHASES, type PhaseNumber } from './data/actions.js';
import { slotValue } from './data/slots.js';
import { findWeapon, hasQuality, type SlamdWeapon } from './data/weapons.js';

/** The initiative die (Initiative: a d6 per side). */
export const INITIATIVE_DIE = 6;

/** Most combatants in one initiative roll (an input limit). */
export const MAX_INITIATIVE_ENTRANTS = 200;

/** A side's initiative for the round. */
export interface SideInitiative {
  readonly side: string;
  readonly leaderId: string;
  readonly face: number;
  readonly intMod: number;
  readonly total: number;
  /** 1 acts first; tied sides share a rank and act together (ruling SL-14). */
  readonly rank: number;
}

/** A score by attribute id, whatever the case of its key ("INT" as a tracker may write it, "int" as a document keeps it). */
export function entrantStat(e: InitiativeEntrant, id: string): number | undefined {
  const key = Object.keys(e.stats).find((k) => k.toLowerCase() === id);
  return key === undefined ? undefined : e.stats[key];
}

const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/**
 * The sides of a fight and their leaders: the entrant marked leader, or else the side's highest INT
 * (the first listed on a tie, or when none has an INT Score; ruling SL-14). Problems name the entrant's path.
 */
export function sidesOf(entrants: readonly InitiativeEntrant[]): RuleResult<{ side: string; leaderIndex: number; isChosen: boolean }[]> {
  if (entrants.length === 0) return problem('so-long-as-men-die/no-entrants', 'Initiative needs at least one combatant.', '$');
  if (entrants.length > MAX_INITIATIVE_ENTRANTS) return problem('so-long-as-men-die/too-many-entrants', `At most ${MAX_INITIATIVE_ENTRANTS} combatants roll initiative at once, got ${entrants.length}.`, '$');
  const seen = new Set<string>();
  const sides: { side: string; leaderIndex: number; isChosen: boolean }[] = [];
  for (const [i, e] of entrants.entries()) {
    if (seen.has(e.id)) return problem('so-long-as-men-die/duplicate-entrant', `Combatant id ${e.id} is used twice; give each a different id.`, `$[${i}].id`);
    seen.add(e.id);
    if (e.side.trim() === '') return problem('so-long-as-men-die/no-side', `Combatant ${e.id} needs a side.`, `$[${i}].side`);
    const int = entrantStat(e, 'int');
    if (int !== undefined && (!Number.isInteger(int) || int < MIN_SCORE || int > MAX_SCORE)) {
      return problem('so-long-as-men-die/bad-int', `INT must be a Score from ${MIN_SCORE} to ${MAX_SCORE}, got ${int}.`, `$[${i}].stats.int`);
    }
    const s = sides.find((x) => x.side === e.side);
    if (s === undefined) {
      sides.push({ side: e.side, leaderIndex: i, isChosen: e.isLeader === true });
    } else if (e.isLeader === true) {
      if (s.isChosen) return problem('so-long-as-men-die/two-leaders', `Side ${e.side} has two leaders (${entrants[s.leaderIndex]!.id} and ${e.id}); mark one.`, `$[${i}].isLeader`);
      s.leaderIndex = i;
      s.isChosen = true;
    } else if (!s.isChosen && (int ?? -1) > (entrantStat(entrants[s.leaderIndex]!, 'int') ?? -1)) {
      s.leaderIndex = i;
    }
  }
  return ok(sides);
}

/** The full result of a phased initiative roll. */
export interface PhasedInitiative extends InitiativeOrder {
  readonly sides: readonly SideInitiative[];
}

/**
 * Rolls one round's initiative: a d6 per side in the order sides first appear, plus the leader's INT
 * Modifier; higher acts first in every phase (Initiative). Places carry the side's rank.
 * @example rollInitiative(scriptedRandom([2, 5]), [{ id: 'a', side: 'pcs', stats: { int: 10 } }, { id: 'b', side: 'orcs', stats: { int: 10 } }]) // orcs first
 */
export function rollInitiative(rng: RandomSource, entrants: readonly InitiativeEntrant[]): RuleResult<PhasedInitiative> {
  const found = sidesOf(entrants);
  if (!found.ok) return found;
  const rolled = found.value.map((s) => {
    const leader = entrants[s.leaderIndex]!;
    const face = rng.rollDie(INITIATIVE_DIE);
    // The text gives monsters no Scores: a leader without INT adds nothing (ruling SL-14).
    const int = entrantStat(leader, 'int');
    const intMod = int === undefined ? 0 : statModifier(int);
    return { side: s.side, leaderId: leader.id, face, intMod, hasInt: int !== undefined, total: face + intMod, isChosen: s.isChosen };
  });
  const sides: SideInitiative[] = rolled.map((r) => ({
    side: r.side, leaderId: r.leaderId, face: r.face, intMod: r.intMod, total: r.total, rank: 1 + rolled.filter((o) => o.total > r.total).length,
  }));
  const bySide = new Map(sides.map((s) => [s.side, s]));
  const order = entrants
    .map((e, i) => ({ e, i, s: bySide.get(e.side)! }))
    .sort((x, y) => x.s.rank - y.s.rank || x.i - y.i)
    .map(({ e, s }) => {
      const tied = sides.filter((o) => o.rank === s.rank).length > 1;
      return { id: e.id, rank: s.rank, note: `side ${s.side}: ${s.total}, acts ${ordinal(s.rank)}${tied ? ' (tied, together)' : ''} in every phase` };
    });
  const dice: CheckDie[] = rolled.map((r) => ({ sides: INITIATIVE_DIE, face: r.face, isKept: true, role: `initiative, side ${r.side}` }));
  const sign = (n: number) => (n < 0 ? `- ${-n}` : `+ ${n}`);
  const explanation = [
    ...rolled.map((r) => `Side ${r.side}: d6 ${r.face} ${sign(r.intMod)} (${r.hasInt ? 'INT' : 'no INT Score, no Modifier'} of ${r.leaderId}${r.isChosen ? ', leader' : r.hasInt ? ', highest INT' : ', first listed'}) = ${r.total}`),
    'Each phase in turn (1 re-roll and morale, 2 declare, 3 hold readied, 4 objects, 5 ranged, 6 move, 7 melee, 8 declared finish): in each of its bullets, winners before losers.',
  ];
  return ok({ order, dice, explanation, sides });
}

/** What a combatant does this round, for the order of the phases (Initiative). */
export type PlannedKind = 'declare' | 'hold-readied' | 'object-interaction' | 'ranged-attack' | 'movement' | 'melee-attack' | 'declared-finish';

/** A combatant's planned step. */
export interface PlannedStep {
  readonly id: string;
  readonly side: string;
  readonly kind: PlannedKind;
  /** The weapon (for attacks); unknown ids are the Smith's own weapons, sorted as one-handed. */
  readonly weaponId?: string;
}

/** A planned step in its place: phase, bullet and the side's rank. */
export interface OrderedStep extends PlannedStep {
  readonly phase: PhaseNumber;
  /** Index of the bullet inside the phase (0 when the phase has none). */
  readonly bullet: number;
  readonly bulletLabel: string | null;
  readonly rank: number;
}

const PHASE_OF: Record<PlannedKind, PhaseNumber> = {
  declare: 2, 'hold-readied': 3, 'object-interaction': 4, 'ranged-attack': 5, movement: 6, 'melee-attack': 7, 'declared-finish': 8,
};

/**
 * The bullet of a ranged or melee attack inside its phase: crossbows, light, heavy for ranged; long,
 * light, one-handed and bare hands, two-handed for melee (Initiative; ruling SL-15).
 */
export function attackBullet(kind: 'ranged-attack' | 'melee-attack', weapon: SlamdWeapon | undefined): number {
  if (kind === 'ranged-attack') {
    if (weapon?.isCrossbow === true) return 0;
    if (weapon !== undefined && hasQuality(weapon, 'light')) return 1;
    return 2;
  }
  if (weapon === undefined) return 2;
  if (hasQuality(weapon, 'long')) return 0;
  if (hasQuality(weapon, 'light')) return 1;
  return slotValue(weapon.slots) >= 2 ? 3 : 2;
}

/**
 * Sorts planned steps into the round: by phase, then bullet, then side rank (winners first), then
 * as listed (Initiative: a loser with a polearm strikes before a winner with a dagger).
 */
export function orderRound(steps: readonly PlannedStep[], sides: readonly SideInitiative[]): RuleResult<OrderedStep[]> {
  const placed: (OrderedStep & { i: number })[] = [];
  for (const [i, s] of steps.entries()) {
    const side = sides.find((x) => x.side === s.side);
    if (side === undefined) return problem('so-long-as-men-die/unknown-side', `Side ${s.side} did not roll initiative this round.`, `$[${i}].side`);
    const phase = PHASE_OF[s.kind];
    const weapon = s.weaponId === undefined ? undefined : findWeapon(s.weaponId);
    const bullet = s.kind === 'ranged-attack' || s.kind === 'melee-attack' ? attackBullet(s.kind, weapon) : 0;
    const bullets: readonly { readonly label: string }[] = INITIATIVE_PHASES[phase - 1]!.bullets;
    placed.push({ ...s, phase, bullet, bulletLabel: bullets[bullet]?.label ?? null, rank: side.rank, i });
  }
  placed.sort((a, b) => a.phase - b.phase || a.bullet - b.bullet || a.rank - b.rank || a.i - b.i);
  return ok(placed.map(({ i: _i, ...rest }) => rest));
}
