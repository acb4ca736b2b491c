/**
 * The action economy, the common actions and maneuvers, and the phases of a round.
 * Rules: So Long as Men Die, Fighting Things (Actions); Initiative. Rulings SL-14, SL-15.
 */
import { SLAMD_REF } from '../attributes.js';

const ACTIONS_REF = `${SLAMD_REF}, Fighting Things, Actions`;
const INITIATIVE_REF = `${SLAMD_REF}, Initiative`;

/** What a creature has to spend each round (Actions): one each of the first three, free actions within reason. */
export type EconomyId = 'action' | 'reaction' | 'movement' | 'free';

/** Each creature's budget per round, before abilities that grant more (Actions). */
export const ROUND_BUDGET = { action: 1, reaction: 1, movement: 1 } as const;

/**
 * What an action costs: one of the listed kinds (`any-of`: the player chooses) or all of them at once.
 * @example { kind: 'all-of', economy: ['action', 'reaction', 'movement'] } // Dodge
 */
export type ActionCost =
  | { readonly kind: 'any-of'; readonly economy: readonly EconomyId[] }
  | { readonly kind: 'all-of'; readonly economy: readonly EconomyId[] };

/** A phase number of the round, 1 to 8 (Initiative). */
export type PhaseNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** A common action (Actions). */
export interface SlamdAction {
  readonly id: string;
  readonly label: string;
  readonly cost: ActionCost;
  /** The phase it is taken in, or null when it may happen at any point (reactions, talk). */
  readonly phase: PhaseNumber | null;
  readonly description: string;
  readonly ref: string;
}

const any = (...economy: EconomyId[]): ActionCost => ({ kind: 'any-of', economy });

/**
 * The common actions, in the text's order. Phases follow the Initiative list (ruling SL-15).
 * @example ACTIONS[1] // { id: 'attack', cost: { kind: 'any-of', economy: ['action'] }, phase: null, ... }
 */
export const ACTIONS = [
  { id: 'talk', label: 'Talk', cost: any('free'), phase: null, description: 'Speak freely.', ref: ACTIONS_REF },
  { id: 'attack', label: 'Attack', cost: any('action'), phase: null, description: 'Attack Roll at a creature in reach of the held weapon or ability; ranged in phase 5, melee in phase 7.', ref: ACTIONS_REF },
  { id: 'maneuver', label: 'Maneuver', cost: any('action'), phase: null, description: 'Attack Roll without damage, no Toughness for the target; beat its Defense to Disarm, Harry, Trip or Feint.', ref: ACTIONS_REF },
  { id: 'object-interaction', label: 'Object Interaction', cost: any('action', 'movement'), phase: 4, description: 'Use a held or nearby object: drink, pick up, reload, scatter, open.', ref: ACTIONS_REF },
  { id: 'sprint', label: 'Sprint', cost: any('action'), phase: 6, description: 'Run your full Speed, straight ahead only.', ref: ACTIONS_REF },
  { id: 'punish', label: 'Punish', cost: any('reaction'), phase: null, description: 'Attack a creature in reach that declares an action or moves more than half its Speed away from you.', ref: ACTIONS_REF },
  { id: 'protect', label: 'Protect', cost: any('reaction'), phase: null, description: 'Roll your Defense Dice for an adjacent creature under attack; it soaks what gets through with its own Toughness.', ref: ACTIONS_REF },
  { id: 'pursue', label: 'Pursue', cost: any('movement', 'reaction'), phase: null, description: 'Follow a creature that backs off less than half its Speed, up to your Speed.', ref: ACTIONS_REF },
  { id: 'rearm', label: 'Rearm', cost: any('action', 'reaction'), phase: null, description: 'Swap the held item for a readied one, outside the initiative order.', ref: ACTIONS_REF },
  { id: 'move', label: 'Move', cost: any('movement'), phase: 6, description: 'Move up to your Speed any way; diagonals cost double.', ref: ACTIONS_REF },
  { id: 'brace', label: 'Brace', cost: any('movement'), phase: 6, description: 'Stand firm: +2 on Defense rolls this round.', ref: ACTIONS_REF },
  { id: 'drop-stand', label: 'Drop/Stand', cost: any('movement'), phase: 6, description: 'Go prone or get up; prone is +2 Defense against ranged, -2 against melee, and half Speed.', ref: ACTIONS_REF },
  { id: 'dodge', label: 'Dodge', cost: { kind: 'all-of', economy: ['action', 'reaction', 'movement'] }, phase: null, description: 'Spend action, reaction and movement to shift 5 ft or drop prone; may cut into a melee attack.', ref: ACTIONS_REF },
  { id: 'declare', label: 'Declare', cost: any('action'), phase: 2, description: 'Announce a special ability or a spell from a grimoire or scroll, or dig a Stowed item out; it lands at the end of the round.', ref: ACTIONS_REF },
] as const satisfies readonly SlamdAction[];

/** A maneuver (Actions, Maneuver): what beating the target's Defense achieves instead of damage. */
export interface SlamdManeuver {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly ref: string;
}

/** Damage a mounted target takes when tripped (Actions, Trip): 1d6. */
export const TRIP_MOUNTED_FALL_DAMAGE = { count: 1, sides: 6 } as const;

/**
 * The maneuvers (Actions, Maneuver).
 * @example MANEUVERS[2] // { id: 'trip', label: 'Trip', ... }
 */
export const MANEUVERS = [
  { id: 'disarm', label: 'Disarm', description: 'The target drops a held or readied item of your choice (armour too); an empty attacking hand may take it at once.', ref: ACTIONS_REF },
  { id: 'harry', label: 'Harry', description: 'Another creature in reach may Punish the target.', ref: ACTIONS_REF },
  { id: 'trip', label: 'Trip', description: 'The target falls prone; a mounted target takes 1d6 from the fall.', ref: ACTIONS_REF },
  { id: 'feint', label: 'Feint', description: 'The target has no reaction this round.', ref: ACTIONS_REF },
] as const satisfies readonly SlamdManeuver[];

/** A place inside a phase, for phases that order their attacks (Initiative, phases 5 and 7). */
export interface PhaseBullet {
  readonly id: string;
  readonly label: string;
}

/** A phase of the round (Initiative). */
export interface InitiativePhase {
  readonly id: string;
  readonly label: string;
  /** The phase's number, 1 to 8: also its row in the rules. */
  readonly phase: PhaseNumber;
  readonly economy: readonly EconomyId[];
  /** The order inside the phase, first first; empty when the phase has none. */
  readonly bullets: readonly PhaseBullet[];
  readonly description: string;
  readonly ref: string;
}

/**
 * The eight phases of a round, first to last (Initiative).
 * @example INITIATIVE_PHASES[6].bullets[0] // { id: 'long', label: 'Long weapons' }
 */
export const INITIATIVE_PHASES = [
  { id: 'reroll-and-morale', label: 'Re-roll initiative, check morale', phase: 1, economy: [], bullets: [], description: 'Every side rolls again; morale is tested.', ref: INITIATIVE_REF },
  { id: 'declared-actions', label: 'Declared actions', phase: 2, economy: ['action'], bullets: [], description: 'Spells, monster specials and digging in packs are announced; they may be dropped, the action stays spent.', ref: INITIATIVE_REF },
  { id: 'hold-readied', label: 'Hold readied items', phase: 3, economy: ['free'], bullets: [], description: 'Readied items come to hand.', ref: INITIATIVE_REF },
  { id: 'object-interactions', label: 'Object interactions', phase: 4, economy: ['action', 'movement'], bullets: [], description: 'Objects are used.', ref: INITIATIVE_REF },
  {
    id: 'ranged-attacks', label: 'Ranged attacks', phase: 5, economy: ['action'],
    bullets: [{ id: 'crossbows', label: 'Crossbows and firearms' }, { id: 'light', label: 'Light weapons' }, { id: 'heavy', label: 'Heavy weapons' }],
    description: 'Shots and throws.', ref: INITIATIVE_REF,
  },
  { id: 'movement', label: 'Move, Brace or Drop/Stand', phase: 6, economy: ['movement'], bullets: [], description: 'Creatures move.', ref: INITIATIVE_REF },
  {
    id: 'melee-attacks', label: 'Melee attacks', phase: 7, economy: ['action'],
    bullets: [{ id: 'long', label: 'Long weapons' }, { id: 'light', label: 'Light weapons' }, { id: 'one-handed', label: 'One-handed weapons and bare hands' }, { id: 'two-handed', label: 'Heavy and two-handed weapons' }],
    description: 'Blows are struck.', ref: INITIATIVE_REF,
  },
  { id: 'declared-finish', label: 'Declared actions finish', phase: 8, economy: ['free'], bullets: [], description: 'What was declared in phase 2 takes effect.', ref: INITIATIVE_REF },
] as const satisfies readonly InitiativePhase[];
