/**
 * The combat tracker of a table, the same for every ruleset: combatants (characters and the Smith's
 * monsters), the initiative order and the current turn, health and armour as the ruleset writes them
 * ("d8", "12/17"), conditions. Initiative is rolled by the table's ruleset (`RuleSystem.rollInitiative`);
 * a ruleset's table extension may add actions of its own (HAMMERCRAWL!'s one-click attacks).
 */
import type { RandomSource } from '../dice/random.js';
import type { CombatChangedBody, CombatSide, Combatant, CombatState, RuleSystem, TableCharacter } from '../rules/rule-system.js';
import { MAX_COMBATANTS, MAX_CONDITION_LENGTH, MAX_CONDITIONS, MAX_MEMBER_NAME_LENGTH } from './limits.js';
import { done, refuse, type TableResult } from './result.js';

export type { CombatSide, Combatant, CombatState } from '../rules/rule-system.js';

/** Longest monster line on a combatant. */
export const MAX_MONSTER_LINE_LENGTH = 200;

/** An empty tracker. */
export const EMPTY_COMBAT: CombatState = { isActive: false, round: 0, order: [], turn: null, combatants: [], initiative: null, nextId: 1 };

/** The attribute scores of a character document (`stats: { STR: { score } }`), for initiative. */
function scoresOf(character: TableCharacter | undefined): Record<string, number> {
  const stats = character?.document['stats'];
  const out: Record<string, number> = {};
  if (stats === null || typeof stats !== 'object') return out;
  for (const [k, v] of Object.entries(stats as Record<string, unknown>)) {
    const score = v !== null && typeof v === 'object' ? (v as { score?: unknown }).score : undefined;
    if (typeof score === 'number') out[k] = score;
  }
  return out;
}

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

function checkText(label: string, value: string, max: number): TableResult<string> {
  const text = value.trim();
  if (text.length === 0) return refuse('combat/empty-text', `${label} must not be empty.`);
  if (text.length > max) return refuse('combat/text-too-long', `${label} must be at most ${max} characters, got ${text.length}.`);
  return done(text);
}

function checkFields(fields: CombatantFields): TableResult<CombatantFields> {
  for (const [label, value, max] of [
    ['Name', fields.name, MAX_MEMBER_NAME_LENGTH],
    ['Health', fields.health, MAX_CONDITION_LENGTH],
    ['Armour', fields.armour, MAX_CONDITION_LENGTH],
  ] as const) {
    if (value === undefined) continue;
    if (label === 'Name') {
      const r = checkText(label, value, max);
      if (!r.ok) return r;
    } else if (value.length > max) {
      return refuse('combat/text-too-long', `${label} must be at most ${max} characters, got ${value.length}.`);
    }
  }
  if (fields.monster !== undefined && fields.monster.length > MAX_MONSTER_LINE_LENGTH) {
    return refuse('combat/text-too-long', `A monster line is at most ${MAX_MONSTER_LINE_LENGTH} characters, got ${fields.monster.length}.`);
  }
  if (fields.conditions !== undefined) {
    if (fields.conditions.length > MAX_CONDITIONS) {
      return refuse('combat/too-many-conditions', `A combatant may carry at most ${MAX_CONDITIONS} conditions, got ${fields.conditions.length}.`);
    }
    for (const c of fields.conditions) {
      const r = checkText('A condition', c, MAX_CONDITION_LENGTH);
      if (!r.ok) return r;
    }
  }
  return done(fields);
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
  };
}

function find(state: CombatState, id: string): TableResult<Combatant> {
  const c = state.combatants.find((x) => x.id === id);
  return c === undefined ? refuse('combat/no-such-combatant', `No combatant ${id} in the tracker.`) : done(c);
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
      const checked = checkFields(action);
      if (!checked.ok) return checked;
      const id = `c${state.nextId}`;
      const combatant = withFields(
        { id, name: '', side: action.side, health: '', armour: '', conditions: [], isDown: false, stats: {}, isLeader: false },
        action,
      );
      return done({
        combat: { ...state, combatants: [...state.combatants, combatant], order: [...state.order, id], nextId: state.nextId + 1 },
        summary: `${combatant.name} joins the fight (${combatant.side}).`,
      });
    }
    case 'update': {
      const found = find(state, action.combatantId);
      if (!found.ok) return found;
      const checked = checkFields(action);
      if (!checked.ok) return checked;
      const updated = withFields(found.value, action);
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
      const at = state.order.indexOf(found.value.id);
      const order = state.order.filter((id) => id !== found.value.id);
      let turn = state.turn;
      if (turn !== null) {
        if (order.length === 0) turn = null;
        else if (at < turn) turn -= 1;
        else if (turn >= order.length) turn = 0;
      }
      return done({
        combat: { ...state, combatants: state.combatants.filter((c) => c.id !== found.value.id), order, turn },
        summary: `${found.value.name} leaves the fight.`,
      });
    }
    case 'roll-initiative': {
      if (state.combatants.length === 0) return refuse('combat/no-combatants', 'Add combatants before rolling initiative.');
      // A character's scores come from its document; what the tracker sets overrides them.
      const rolled = rules.rollInitiative(
        rng,
        state.combatants.map((c) => ({ id: c.id, side: c.side, stats: { ...scoresOf(characters.find((x) => x.id === c.characterId)), ...c.stats }, isLeader: c.isLeader })),
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
      return done({ combat: { ...state, isActive: true, round: 1, turn: 0 }, summary: 'The fight begins: round 1.' });
    case 'next-turn': {
      if (!state.isActive || state.turn === null) return refuse('combat/not-started', 'Start the fight first.');
      const next = state.turn + 1;
      if (next >= state.order.length) {
        return done({ combat: { ...state, round: state.round + 1, turn: 0 }, summary: `Round ${state.round + 1}.` });
      }
      const who = state.combatants.find((c) => c.id === state.order[next]);
      return done({ combat: { ...state, turn: next }, summary: `${who?.name ?? 'Next'} acts.` });
    }
    case 'end':
      return done({ combat: { ...state, isActive: false, turn: null }, summary: 'The fight ends.' });
    case 'clear':
      return done({ combat: { ...EMPTY_COMBAT, nextId: state.nextId }, summary: 'The tracker is cleared.' });
  }
}
