/**
 * The combat tracker of a table, the same for every ruleset: combatants (characters and the Smith's
 * monsters), the initiative order and the current turn, health and armour as the ruleset writes them
 * ("d8", "12/17"), conditions. Initiative is rolled by the table's ruleset (`RuleSystem.rollInitiative`);
 * a ruleset's table extension may add actions of its own (HAMMERCRAWL!'s one-click attacks).
 */
import type { RandomSource } from '../dice/random.js';
import { statScoresOf, type CombatChangedBody, type CombatSide, type Combatant, type CombatState, type RuleSystem, type TableCharacter, type TrackerField } from '../rules/rule-system.js';
import { MAX_COMBATANTS, MAX_CONDITION_LENGTH, MAX_CONDITIONS, MAX_MEMBER_NAME_LENGTH } from './limits.js';
import { done, refuse, type TableResult } from './result.js';

export type { CombatSide, Combatant, CombatState } from '../rules/rule-system.js';

/** Longest monster line on a combatant. */
export const MAX_MONSTER_LINE_LENGTH = 200;

/** An empty tracker. */
export const EMPTY_COMBAT: CombatState = { isActive: false, round: 0, order: [], turn: null, combatants: [], initiative: null, nextId: 1 };

/** Fields of a combatant that the Smith sets. */
export interface CombatantFields {
  readonly name?: string;
  readonly side?: CombatSide;
  readonly characterId?: string;
  readonly health?: string;
  readonly armour?: string;
  readonly conditions?: readonly string[];
  readonly isDown?: boolean;
  readonly stats?: Readonly<Record<string, number>>;
  readonly isLeader?: boolean;
  readonly monster?: string;
  /** The Smith shows this combatant's numbers to the players (ruling TB-17). */
  readonly isRevealed?: boolean;
}

/** A change to the tracker (the `combat` command's `action`). */
export type CombatAction =
  | ({ readonly type: 'add' } & CombatantFields & { readonly name: string; readonly side: CombatSide })
  | ({ readonly type: 'update'; readonly combatantId: string } & CombatantFields)
  | { readonly type: 'remove'; readonly combatantId: string }
  | { readonly type: 'roll-initiative' }
  | { readonly type: 'set-order'; readonly order: readonly string[] }
  | { readonly type: 'start' }
  | { readonly type: 'next-turn' }
  | { readonly type: 'end' }
  | { readonly type: 'clear' };

/** Every action type every table's tracker has; a ruleset's extension may add more (`combatActions`). */
export const COMBAT_ACTION_TYPES = ['add', 'update', 'remove', 'roll-initiative', 'set-order', 'start', 'next-turn', 'end', 'clear'] as const satisfies readonly CombatAction['type'][];

/** The tracker after an action, and one line saying what happened. */
export type CombatChange = CombatChangedBody;

function checkText(label: string, value: string, max: number, path: string): TableResult<string> {
  const text = value.trim();
  if (text.length === 0) return refuse('combat/empty-text', `${label} must not be empty.`, path);
  if (text.length > max) return refuse('combat/text-too-long', `${label} must be at most ${max} characters, got ${text.length}.`, path);
  return done(text);
}

/** The tracker's words for its fields, in messages. */
const FIELD_LABELS: Readonly<Record<TrackerField, string>> = { health: 'Health', armour: 'Armour', monster: 'A monster line' };

/** Longest text of each field the ruleset reads. */
const FIELD_MAX: Readonly<Record<TrackerField, number>> = { health: MAX_CONDITION_LENGTH, armour: MAX_CONDITION_LENGTH, monster: MAX_MONSTER_LINE_LENGTH };

/**
 * A combatant's fields as the tracker keeps them, or the first problem with its path in the `combat`
 * command (`$.action.health`): names and conditions not empty and within their lengths; Health, Armour
 * and the monster line read by the table's ruleset (`RuleSystem.readTrackerValue`: "banana" is no Health
 * Die), each as the ruleset writes it; on `add`, a Health or Armour left out taken from the monster line
 * where the ruleset reads one there. `current` is the combatant before an update. The web table asks the
 * same before it sends.
 */
export function checkFields(rules: Pick<RuleSystem, 'readTrackerValue'>, fields: CombatantFields, current?: { readonly monster?: string | undefined }): TableResult<CombatantFields> {
  if (fields.name !== undefined) {
    const r = checkText('Name', fields.name, MAX_MEMBER_NAME_LENGTH, '$.action.name');
    if (!r.ok) return r;
  }
  const out: { -readonly [K in keyof CombatantFields]: CombatantFields[K] } = { ...fields };
  // The monster line first: an empty Health or Armour is read against it.
  const monster = fields.monster ?? current?.monster;
  for (const field of ['monster', 'health', 'armour'] as const) {
    const given = fields[field];
    const path = `$.action.${field}`;
    if (given !== undefined && given.length > FIELD_MAX[field]) {
      return refuse('combat/text-too-long', `${FIELD_LABELS[field]} must be at most ${FIELD_MAX[field]} characters, got ${given.length}.`, path);
    }
    if (given === undefined && (current !== undefined || field === 'monster')) continue;
    if (rules.readTrackerValue === undefined) continue;
    const read = rules.readTrackerValue(field, given ?? '', monster === undefined ? {} : { monster: field === 'monster' ? (given ?? '') : monster });
    if (!read.ok) return refuse(read.error.code, read.error.message, path);
    if (given !== undefined || read.value !== '') out[field] = read.value;
  }
  if (fields.conditions !== undefined) {
    if (fields.conditions.length > MAX_CONDITIONS) {
      return refuse('combat/too-many-conditions', `A combatant may carry at most ${MAX_CONDITIONS} conditions, got ${fields.conditions.length}.`, '$.action.conditions');
    }
    for (const [i, c] of fields.conditions.entries()) {
      const r = checkText('A condition', c, MAX_CONDITION_LENGTH, `$.action.conditions[${i}]`);
      if (!r.ok) return r;
    }
  }
  return done(out);
}

function withFields(base: Combatant, fields: CombatantFields): Combatant {
  return {
    ...base,
    ...(fields.name !== undefined ? { name: fields.name.trim() } : {}),
    ...(fields.side !== undefined ? { side: fields.side } : {}),
    ...(fields.characterId !== undefined ? { characterId: fields.characterId } : {}),
    ...(fields.health !== undefined ? { health: fields.health.trim() } : {}),
    ...(fields.armour !== undefined ? { armour: fields.armour.trim() } : {}),
    ...(fields.conditions !== undefined ? { conditions: fields.conditions.map((c) => c.trim()) } : {}),
    ...(fields.isDown !== undefined ? { isDown: fields.isDown } : {}),
    ...(fields.stats !== undefined ? { stats: fields.stats } : {}),
    ...(fields.isLeader !== undefined ? { isLeader: fields.isLeader } : {}),
    ...(fields.monster !== undefined ? { monster: fields.monster.trim() } : {}),
    ...(fields.isRevealed !== undefined ? { isRevealed: fields.isRevealed } : {}),
  };
}

/**
 * The tracker without `gone`, and the line saying so. The turn stays with whoever acts now; when `gone`
 * was acting it passes to the next in the order (the first of a new round after the last), as a
 * "Next turn" would.
 */
function withoutCombatant(state: CombatState, gone: Combatant): CombatChange {
  const at = state.order.indexOf(gone.id);
  const order = state.order.filter((id) => id !== gone.id);
  const combatants = state.combatants.filter((c) => c.id !== gone.id);
  let { turn, round } = state;
  let passes = false;
  if (turn !== null && at >= 0) {
    if (order.length === 0) turn = null;
    else if (at < turn) turn -= 1;
    else if (at === turn) {
      passes = state.isActive;
      if (turn >= order.length) {
        turn = 0;
        if (state.isActive) round += 1;
      }
    }
  }
  const next = passes && turn !== null ? combatants.find((c) => c.id === order[turn!]) : undefined;
  return {
    combat: { ...state, combatants, order, turn, round, ...(order.length === 0 ? { isActive: false } : {}) },
    summary: `${gone.name} leaves the fight.${next !== undefined ? ` ${round !== state.round ? `Round ${round}: ` : ''}${next.name} acts.` : ''}`,
  };
}

/**
 * The tracker without the combatant that is character `characterId` (the character left the table),
 * or null when none is. What the table does when a character is removed.
 */
export function withoutCharacter(state: CombatState, characterId: string): CombatChange | null {
  const gone = state.combatants.find((c) => c.characterId === characterId);
  return gone === undefined ? null : withoutCombatant(state, gone);
}

function find(state: CombatState, id: string): TableResult<Combatant> {
  const c = state.combatants.find((x) => x.id === id);
  return c === undefined ? refuse('combat/no-such-combatant', `No combatant ${id} in the tracker.`) : done(c);
}

/** A change that gives the turn to a combatant, with what the ruleset ends as that turn begins (`RuleSystem.turnBegins`). */
function turnBegun(rules: RuleSystem, change: CombatChange): CombatChange {
  const { combat } = change;
  const id = combat.turn === null ? undefined : combat.order[combat.turn];
  if (rules.turnBegins === undefined || id === undefined) return change;
  const begun = rules.turnBegins(combat, id);
  return { combat: begun.combat, summary: begun.note === null ? change.summary : `${change.summary} ${begun.note}` };
}

/**
 * Applies a change to the tracker. Rolls (initiative) use `rng` and the table's ruleset; the
 * result is stored whole in the event, so replaying the event never rolls.
 */
export function rollCombatAction(
  rng: RandomSource,
  rules: RuleSystem,
  state: CombatState,
  action: CombatAction,
  characters: readonly TableCharacter[] = [],
): TableResult<CombatChange> {
  switch (action.type) {
    case 'add': {
      if (state.combatants.length >= MAX_COMBATANTS) {
        return refuse('combat/too-many-combatants', `The tracker holds at most ${MAX_COMBATANTS} combatants; remove one first.`);
      }
      const checked = checkFields(rules, action);
      if (!checked.ok) return checked;
      const id = `c${state.nextId}`;
      const combatant = withFields(
        { id, name: '', side: action.side, health: '', armour: '', conditions: [], isDown: false, stats: {}, isLeader: false },
        checked.value,
      );
      return done({
        combat: { ...state, combatants: [...state.combatants, combatant], order: [...state.order, id], nextId: state.nextId + 1 },
        summary: `${combatant.name} joins the fight (${combatant.side}).`,
      });
    }
    case 'update': {
      const found = find(state, action.combatantId);
      if (!found.ok) return found;
      const checked = checkFields(rules, action, found.value);
      if (!checked.ok) return checked;
      const updated = withFields(found.value, checked.value);
      const changes: string[] = [];
      if (updated.health !== found.value.health) changes.push(`health ${found.value.health || '-'} -> ${updated.health || '-'}`);
      if (updated.armour !== found.value.armour) changes.push(`armour ${found.value.armour || '-'} -> ${updated.armour || '-'}`);
      if (updated.isDown !== found.value.isDown) changes.push(updated.isDown ? 'down' : 'back up');
      if (updated.conditions.join('|') !== found.value.conditions.join('|')) changes.push(`conditions: ${updated.conditions.join(', ') || 'none'}`);
      return done({
        combat: { ...state, combatants: state.combatants.map((c) => (c.id === updated.id ? updated : c)) },
        summary: `${updated.name}: ${changes.join('; ') || 'updated'}.`,
      });
    }
    case 'remove': {
      const found = find(state, action.combatantId);
      if (!found.ok) return found;
      return done(withoutCombatant(state, found.value));
    }
    case 'roll-initiative': {
      if (state.combatants.length === 0) return refuse('combat/no-combatants', 'Add combatants before rolling initiative.');
      // A character's scores come from its document; what the tracker sets overrides them.
      const rolled = rules.rollInitiative(
        rng,
        state.combatants.map((c) => ({ id: c.id, side: c.side, stats: { ...statScoresOf(characters.find((x) => x.id === c.characterId)), ...c.stats }, isLeader: c.isLeader })),
      );
      if (!rolled.ok) {
        // Name combatants, not their ids, in the message.
        let message = rolled.error.message;
        for (const c of state.combatants) message = message.replace(new RegExp(`\\b${c.id}\\b`, 'g'), c.name);
        return refuse(rolled.error.code, message);
      }
      const ranked = [...rolled.value.order].sort((a, b) => a.rank - b.rank);
      const order = ranked.map((p) => p.id).filter((id) => state.combatants.some((c) => c.id === id));
      for (const c of state.combatants) if (!order.includes(c.id)) order.push(c.id);
      return done({
        combat: { ...state, order, initiative: rolled.value, turn: state.isActive ? 0 : state.turn },
        summary: `Initiative: ${order.map((id) => state.combatants.find((c) => c.id === id)!.name).join(', ')}.`,
      });
    }
    case 'set-order': {
      const ids = new Set(state.combatants.map((c) => c.id));
      if (action.order.length !== ids.size || action.order.some((id) => !ids.has(id)) || new Set(action.order).size !== action.order.length) {
        return refuse('combat/bad-order', 'The order must name every combatant exactly once.');
      }
      return done({ combat: { ...state, order: action.order }, summary: 'The Smith sets the order.' });
    }
    case 'start':
      if (state.combatants.length === 0) return refuse('combat/no-combatants', 'Add combatants before starting the fight.');
      return done(turnBegun(rules, { combat: { ...state, isActive: true, round: 1, turn: 0 }, summary: 'The fight begins: round 1.' }));
    case 'next-turn': {
      if (!state.isActive || state.turn === null) return refuse('combat/not-started', 'Start the fight first.');
      const next = state.turn + 1;
      if (next >= state.order.length) {
        return done(turnBegun(rules, { combat: { ...state, round: state.round + 1, turn: 0 }, summary: `Round ${state.round + 1}.` }));
      }
      const who = state.combatants.find((c) => c.id === state.order[next]);
      return done(turnBegun(rules, { combat: { ...state, turn: next }, summary: `${who?.name ?? 'Next'} acts.` }));
    }
    case 'end':
      return done({ combat: { ...state, isActive: false, turn: null }, summary: 'The fight ends.' });
    case 'clear':
      return done({ combat: { ...EMPTY_COMBAT, nextId: state.nextId }, summary: 'The tracker is cleared.' });
  }
}
