/**
 * Play: every rule of the text that changes a character, as change kinds of the contract
 * (`CharacterPlay`): harm and its mending (play-harm.ts), Toughness (play-toughness.ts), what is
 * carried (play-goods.ts), and here the Smith's XP tally, the player's edit of the free fields and the
 * one swap of creation; with the odds of the changes that roll, read from the same spec as the roll,
 * and a short evening of examples. Rules: So Long as Men Die (all sections named by each change).
 * Rulings SL-16, SL-24 ... SL-32.
 */
import type { RandomSource } from '../../dice/random.js';
import { MAX_CHARACTER_CONDITIONS, MAX_CHARACTER_CONDITION_LENGTH, MAX_HISTORY_SUMMARY_LENGTH, MAX_NOTES_LENGTH, clip, conditionsFromText, readConditions } from '../character-play.js';
import { ok, problem, type CharacterChangeDef, type CharacterChangeRequest, type CharacterPlay, type CheckOdds, type ParamDef, type ParamRecord, type RuleResult } from '../rule-system.js';
import { ATTRIBUTES, SLAMD_REF, type AttributeId } from './attributes.js';
import { MAX_HACKSILVER, MAX_NAME_LENGTH, MAX_XP, readCharacter, type SlamdCharacter } from './character.js';
import { swapStats } from './create-character.js';
import { inventoryReport } from './inventory.js';
import { readParams } from './params.js';
import { coinsChange, itemAddChange, itemMoveChange, itemRemoveChange } from './play-goods.js';
import { damageChange, healChange, leftForDeadChange, rescueChange, setConditionChange } from './play-harm.js';
import { MAX_REASON_LENGTH, because, changed, intOf, maybeInt, refuse, textOf, type ChangeProcedure, type SlamdChangeResult } from './play-kit.js';
import { restChange, toughnessRollChange, toughnessSpendChange } from './play-toughness.js';
import { freshToughness } from './toughness.js';

/** Longest conditions text of the edit form: every condition at its longest, with ", " between. */
export const MAX_CONDITIONS_TEXT_LENGTH = MAX_CHARACTER_CONDITIONS * (MAX_CHARACTER_CONDITION_LENGTH + 2);

const XP_PARAMS = [
  { kind: 'integer', name: 'amount', label: 'XP', help: 'XP awarded (negative to take some back).', min: -MAX_XP, max: MAX_XP, isRequired: true, example: 100 },
  { kind: 'text', name: 'reason', label: 'Reason', help: 'What for ("Cleared the crypt").', maxLength: MAX_REASON_LENGTH },
] as const satisfies readonly ParamDef[];

/** The Smith's XP tally: the text has no advancement, so XP buys nothing by rule (SL-29). */
export const xpChange: ChangeProcedure<{ amount: number; reason: string | undefined }> = {
  def: {
    id: 'xp', label: 'Award XP', by: 'smith', rollsDice: false, ref: `${SLAMD_REF} (no advancement in the text; ruling SL-29)`, params: XP_PARAMS,
    help: 'Add to the Smith\'s XP tally; the text has no levels, so what XP earns is the Smith\'s to say (write it in the notes).',
  },
  prepare(c, v) {
    const amount = intOf(v, 'amount');
    if (amount === 0) return refuse('no-amount', 'Give the XP awarded (positive) or taken back (negative), not 0.', 'amount');
    if (c.xp + amount < 0) return refuse('xp-below-zero', `${c.name} has ${c.xp} XP; take back at most that.`, 'amount');
    if (c.xp + amount > MAX_XP) return refuse('too-much-xp', `A document keeps at most ${MAX_XP} XP.`, 'amount');
    return ok({ amount, reason: textOf(v, 'reason') });
  },
  apply(_rng, c, s) {
    const line = `${s.amount > 0 ? `+${s.amount}` : s.amount} XP${because(s.reason)}: ${c.xp} -> ${c.xp + s.amount}`;
    return changed({ ...c, xp: c.xp + s.amount }, line, [line]);
  },
};

const EDIT_PARAMS = [
  { kind: 'text', name: 'name', label: 'Name', help: 'The character\'s name.', maxLength: MAX_NAME_LENGTH },
  { kind: 'text', name: 'notes', label: 'Notes', help: 'The player\'s notes: what XP earned, left or right limbs, companions, debts.', maxLength: MAX_NOTES_LENGTH },
  { kind: 'text', name: 'conditions', label: 'Conditions', help: 'Comma-separated ("prone, poisoned, Blind"); empty for none.', maxLength: MAX_CONDITIONS_TEXT_LENGTH },
  { kind: 'integer', name: 'hacksilver', label: 'Hacksilver', help: 'Hacksilver carried, set outright.', min: 0, max: MAX_HACKSILVER },
] as const satisfies readonly ParamDef[];

type EditSpec = Pick<SlamdCharacter, 'name' | 'notes' | 'conditions' | 'hacksilver'>;

/** The free fields: name, notes, conditions, hacksilver (the contract's `edit`). */
export const editChange: ChangeProcedure<EditSpec> = {
  def: {
    id: 'edit', label: 'Edit name, notes, conditions, hacksilver', by: 'owner', rollsDice: false, ref: `${SLAMD_REF}, Character Creation (Name)`, params: EDIT_PARAMS,
    help: 'Change the free fields; what is left out stays as it is.',
  },
  prepare(c, v) {
    const name = v['name'] === undefined ? c.name : (v['name'] as string);
    if (name.trim() === '') return refuse('blank-name', 'Give the character a name with at least one letter.', 'name');
    const notes = v['notes'] === undefined ? c.notes : (v['notes'] as string);
    let conditions = c.conditions;
    if (v['conditions'] !== undefined) {
      const read = readConditions(conditionsFromText(v['conditions'] as string), '$.conditions');
      if (!read.ok) return refuse('bad-conditions', `${read.error.message.replace(/^conditions(\[\d+\])?: /, '')} (conditions: at most ${MAX_CHARACTER_CONDITIONS}, each up to ${MAX_CHARACTER_CONDITION_LENGTH} characters, none twice).`, 'conditions');
      conditions = read.value;
    }
    const hacksilver = maybeInt(v, 'hacksilver') ?? c.hacksilver;
    if (name === c.name && notes === c.notes && hacksilver === c.hacksilver && conditions.join('\n') === c.conditions.join('\n')) {
      return problem('so-long-as-men-die/nothing-changed', 'Nothing to change: give a new name, notes, conditions or hacksilver.');
    }
    return ok({ name, notes, conditions, hacksilver });
  },
  apply(_rng, c, s) {
    const lines = [
      ...(s.name === c.name ? [] : [`Name: ${c.name} -> ${s.name}`]),
      ...(s.notes === c.notes ? [] : ['Notes changed']),
      ...(s.conditions.join('\n') === c.conditions.join('\n') ? [] : [`Conditions: ${s.conditions.join(', ') || 'none'}`]),
      ...(s.hacksilver === c.hacksilver ? [] : [`Hacksilver ${c.hacksilver} -> ${s.hacksilver}`]),
    ];
    return changed({ ...c, ...s }, `Edited: ${lines.join('; ')}`, lines);
  },
};

const statChoices = ATTRIBUTES.map((a) => ({ id: a.id, label: a.label }));
const SWAP_PARAMS = [
  { kind: 'choice', name: 'swap-a', label: 'First stat', help: 'One stat of the pair swapped.', choices: statChoices, isRequired: true, example: 'str' },
  { kind: 'choice', name: 'swap-b', label: 'Second stat', help: 'The other stat of the pair.', choices: statChoices, isRequired: true, example: 'dex' },
] as const satisfies readonly ParamDef[];

/** The one swap of creation, made after the rolls are seen (Character Creation; SL-16, SL-32). */
export const swapStatsChange: ChangeProcedure<{ character: SlamdCharacter; a: AttributeId; b: AttributeId }> = {
  def: {
    id: 'swap-stats', label: 'Swap two stats', by: 'owner', rollsDice: false, ref: `${SLAMD_REF}, Character Creation`, params: SWAP_PARAMS,
    help: 'Swap one pair of Scores, once, as creation allows; a character rolled with a swap already made has none left.',
  },
  prepare(c, v) {
    const a = v['swap-a'] as AttributeId;
    const b = v['swap-b'] as AttributeId;
    const r = swapStats(c, a, b);
    return r.ok ? ok({ character: r.value, a, b }) : r;
  },
  apply(_rng, c, s) {
    const line = `Swapped ${s.a.toUpperCase()} ${c.stats[s.a].score} and ${s.b.toUpperCase()} ${c.stats[s.b].score}`;
    return changed(s.character, line, [line, ...(s.a === 'con' || s.b === 'con' ? [`Wounds left ${c.woundsLeft} -> ${s.character.woundsLeft} (the CON Score)`] : [])]);
  },
};

/** Every change kind, in the order a sheet shows them. */
const PROCEDURES = [
  damageChange, leftForDeadChange, rescueChange, healChange, setConditionChange,
  toughnessRollChange, toughnessSpendChange, restChange,
  xpChange, coinsChange, itemAddChange, itemRemoveChange, itemMoveChange, editChange, swapStatsChange,
] as const satisfies readonly ChangeProcedure<unknown>[];

/** The change kinds (the contract's `CharacterPlay.changes`). */
export const CHANGES: readonly CharacterChangeDef[] = PROCEDURES.map((p) => p.def);

function procedureOf(change: string): RuleResult<ChangeProcedure<unknown>> {
  const found = (PROCEDURES as readonly ChangeProcedure<unknown>[]).find((p) => p.def.id === change);
  if (found === undefined) return refuse('unknown-change', `Unknown change ${change}; expected one of ${CHANGES.map((c) => c.id).join(', ')}.`, 'change');
  return ok(found);
}

function prepared(character: SlamdCharacter, request: CharacterChangeRequest): RuleResult<{ proc: ChangeProcedure<unknown>; spec: unknown }> {
  const proc = procedureOf(request.change);
  if (!proc.ok) return proc;
  const values = readParams(proc.value.def.params, request.params);
  if (!values.ok) return values;
  const spec = proc.value.prepare(character, values.value);
  return spec.ok ? ok({ proc: proc.value, spec: spec.value }) : spec;
}

/** Exact odds of a change that rolls, from the spec `rollChange` rolls. */
export function changeOdds(character: SlamdCharacter, request: CharacterChangeRequest): RuleResult<CheckOdds> {
  const p = prepared(character, request);
  if (!p.ok) return p;
  const { proc, spec } = p.value;
  if (proc.odds === undefined) return refuse('change-does-not-roll', `${proc.def.label} rolls no dice, so it has no odds.`, 'change');
  return ok(proc.odds(character, spec));
}

/**
 * Makes a change: the character after it, or why the rules refuse it. The document returned always
 * reads back (`readCharacter`); the caller appends the history entry.
 */
export function rollChange(rng: RandomSource, character: SlamdCharacter, request: CharacterChangeRequest): RuleResult<SlamdChangeResult> {
  const p = prepared(character, request);
  if (!p.ok) return p;
  const result = p.value.proc.apply(rng, character, p.value.spec);
  const check = readCharacter(JSON.parse(JSON.stringify(result.character)));
  // Each change checks its limits before it applies; a document that fails here is a bug of the change.
  if (!check.ok) throw new Error(`change ${request.change} made an unreadable document: ${check.error.path ?? ''} ${check.error.message}`);
  return ok({ ...result, summary: clip(result.summary, MAX_HISTORY_SUMMARY_LENGTH) });
}

/** The values a change's form starts from: the edit's current fields, the Toughness Dice a soak may use. */
export function prefill(character: SlamdCharacter, change: string): ParamRecord {
  switch (change) {
    case 'edit':
      return { name: character.name, notes: character.notes, conditions: character.conditions.join(', '), hacksilver: character.hacksilver };
    case 'damage': {
      const report = inventoryReport(character);
      const usable = report.ok && !report.value.isEncumbered && character.condition === 'standing' ? freshToughness(character.toughness) : 0;
      return { 'toughness-dice': usable };
    }
    default:
      return {};
  }
}

/**
 * A short evening for the character `rollCharacter(seededRandom(1), {})` rolls (a Lizard with a Boon
 * Companion who is a Dwarf): set up, a rest, a fight, a fall, medical attention, Healing, XP, and a
 * night left for dead. Every request is accepted whatever the dice: the fight's Attack Roll cannot get
 * more than 5 past her natural leather, which kills no one with Wounds to spare.
 */
export const EXAMPLES: readonly CharacterChangeRequest[] = [
  { change: 'edit', params: { name: 'Grisk', notes: 'Lizard-kin from the salt marsh; her dire wolf is called Ash.' } },
  { change: 'swap-stats', params: { 'swap-a': 'con', 'swap-b': 'cha' } },
  { change: 'coins', params: { amount: 25, reason: 'Advance from the caravan master' } },
  { change: 'item-add', params: { item: 'falchion', carry: 'readied' } },
  { change: 'item-add', params: { item: 'gear', label: 'Dried fungus', slots: '1/3', count: 3 } },
  { change: 'item-move', params: { item: 1, hands: '0' } },
  { change: 'toughness-spend', params: { dice: 1, reason: 'Ash brought back (Boon Companion)' } },
  { change: 'rest', params: { fungus: true, 'locked-room': true, 'sleep-hours': 8 } },
  { change: 'toughness-roll', params: { dice: 1, reason: 'Held the portcullis' } },
  { change: 'damage', params: { amount: 6, source: 'Goblin spear' } },
  { change: 'xp', params: { amount: 50, reason: 'Drove off the goblins' } },
  { change: 'damage', params: { amount: 1, source: 'Falling masonry', defend: false, 'toughness-dice': 0 } },
  { change: 'rescue', params: {} },
  { change: 'heal', params: { wounds: 1, source: 'The shrine of the drowned saint' } },
  { change: 'item-remove', params: { item: 2, count: 1, reason: 'Ate one' } },
  { change: 'set-condition', params: { condition: 'unconscious', cause: 'Fumes in the crypt' } },
  { change: 'left-for-dead', params: {} },
];

/** What play does to So Long as Men Die characters (the contract's `CharacterPlay`). */
export const PLAY: CharacterPlay<SlamdCharacter> = { changes: CHANGES, prefill, changeOdds, rollChange, examples: EXAMPLES };
