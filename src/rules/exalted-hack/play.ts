/**
 * Play through the contract (`RuleSystem.play`): every change kind of The Exalted Hack, its odds where
 * it rolls and its making, both from one preparation, and a short evening of examples.
 * Rules: The Exalted Hack (each kind cites its section). Rulings: docs/rulings.md (EH-28 .. EH-34).
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type CharacterChangeRequest, type CharacterPlay, type CheckOdds, type ParamRecord, type RuleResult } from '../rule-system.js';
import type { ExaltedHackCharacter } from './character.js';
import { readParams } from './params.js';
import { LANGUAGE, LEVEL_UP, RESTORE, TRAINING, UPGRADE } from './play-advancement.js';
import type { ChangeResult, ChangeRule, PreparedChange } from './play-common.js';
import { COINS, EDIT, ITEM_ADD, ITEM_REMOVE, ITEM_SPEND, ITEM_USE } from './play-goods.js';
import { DAMAGE, DYING, HEAL, REST } from './play-health.js';
import { ELABORATION, PROJECT_END, PROJECT_START } from './play-projects.js';

/** Every change kind, in the order a sheet lists them. */
export const CHANGE_RULES: readonly ChangeRule[] = [
  DAMAGE, HEAL, REST, DYING,
  LEVEL_UP, UPGRADE, RESTORE, TRAINING, LANGUAGE,
  COINS, ITEM_ADD, ITEM_REMOVE, ITEM_SPEND, ITEM_USE,
  PROJECT_START, ELABORATION, PROJECT_END,
  EDIT,
];

/** The change kinds as the contract describes them (`CharacterPlay.changes`). */
export const CHANGE_KINDS = CHANGE_RULES.map((r) => r.def);

/** Reads a change request against its kind: the kind, then its parameters (each problem with its path). */
export function prepareChange(c: ExaltedHackCharacter, request: CharacterChangeRequest): RuleResult<PreparedChange> {
  const rule = CHANGE_RULES.find((r) => r.def.id === request.change);
  if (rule === undefined) return problem('exalted-hack/unknown-change', `Unknown change "${request.change}"; use one of ${CHANGE_RULES.map((r) => r.def.id).join(', ')}.`, '$.change');
  const values = readParams(rule.def.params, request.params);
  if (!values.ok) return values;
  return rule.prepare(c, values.value);
}

/** Exact odds of a change that rolls (the same preparation `rollChange` makes). */
export function changeOdds(c: ExaltedHackCharacter, request: CharacterChangeRequest): RuleResult<CheckOdds> {
  const prepared = prepareChange(c, request);
  if (!prepared.ok) return prepared;
  const odds = prepared.value.odds;
  if (odds === undefined) return problem('exalted-hack/change-does-not-roll', `The change "${request.change}" throws no dice, so it has no odds.`, '$.change');
  return ok(odds());
}

/** Makes a change: the character after it, or why the rules refuse it (the character is never touched). */
export function rollChange(rng: RandomSource, c: ExaltedHackCharacter, request: CharacterChangeRequest): RuleResult<ChangeResult> {
  const prepared = prepareChange(c, request);
  return prepared.ok ? ok(prepared.value.make(rng)) : prepared;
}

/** What the form of `change` starts from for `c` (an edit's fields, the first item or project). */
export function prefill(c: ExaltedHackCharacter, change: string): ParamRecord {
  return CHANGE_RULES.find((r) => r.def.id === change)?.prefill?.(c) ?? {};
}

/**
 * A short evening for `rollCharacter(seededRandom(1), {})` (STR 11, CON 9, 18 HP): gear and silver,
 * a fight that drops the character past 0 HP, a turn of dying, healing, a night's rest, a torch used
 * up, a level and the DM's other awards, a project worked on, an edit (index.test.ts applies them).
 */
export const PLAY_EXAMPLES: readonly CharacterChangeRequest[] = [
  { change: 'coins', params: { amount: 120, source: 'Paid in advance' } },
  { change: 'item-add', params: { label: 'Torches', spaces: 1, 'usage-die': 6 } },
  { change: 'item-add', params: { label: 'Rope', spaces: 1 } },
  { change: 'edit', params: { armour: 2, notes: 'Hired to clear the old mill.' } },
  { change: 'damage', params: { amount: 9, source: 'Goblin spear' } },
  { change: 'damage', params: { amount: 2, to: 'dex', source: 'Poisoned dart' } },
  { change: 'damage', params: { amount: 15, source: 'Ogre club' } },
  { change: 'dying', params: {} },
  { change: 'heal', params: { amount: 3, source: 'Bandages' } },
  { change: 'rest', params: { hours: 8 } },
  { change: 'item-use', params: { item: 'torches' } },
  { change: 'item-spend', params: { item: 'torches' } },
  { change: 'item-remove', params: { item: 'rope' } },
  { change: 'coins', params: { amount: -20, source: 'Healer' } },
  { change: 'restore', params: { attribute: 'con', points: 1, source: 'Healer\'s draught' } },
  { change: 'level-up', params: { source: 'The old mill' } },
  { change: 'upgrade', params: { attribute: 'str', points: 1 } },
  { change: 'training', params: { weapon: 'martial' } },
  { change: 'language', params: { language: 'Goblin', points: 1 } },
  { change: 'project-start', params: { label: 'Map of the mill', goal: 3 } },
  { change: 'elaboration', params: { project: 'map-of-the-mill', attribute: 'int' } },
  { change: 'project-end', params: { project: 'map-of-the-mill' } },
  { change: 'edit', params: { conditions: 'fatigued' } },
];

/** Play for The Exalted Hack, through the contract. */
export const EXALTED_HACK_PLAY: CharacterPlay<ExaltedHackCharacter> = {
  changes: CHANGE_KINDS,
  prefill,
  changeOdds,
  rollChange,
  examples: PLAY_EXAMPLES,
};
