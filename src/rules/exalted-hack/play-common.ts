/**
 * What every change kind of play shares: the shape of a change rule (its description and how it is
 * prepared from a character and its read parameters), the parameters several kinds take, and the
 * refusals they share. Rules: The Exalted Hack (each kind cites its own section). Rulings: EH-28 ..
 * EH-34 in docs/rulings.md.
 */
import type { RandomSource } from '../../dice/random.js';
import { clip, MAX_HISTORY_SUMMARY_LENGTH } from '../character-play.js';
import { ok, problem, type CharacterChangeDef, type CharacterChangeResult, type CheckDie, type CheckOdds, type ParamDef, type ParamRecord, type RuleResult } from '../rule-system.js';
import { ATTRIBUTES, attributeShort, type AttributeId } from './attributes.js';
import { attributesAtZero, type ExaltedHackCharacter } from './character.js';
import { ATTRIBUTE_LOSSES } from './data/attribute-loss.js';
import type { ReadParams } from './params.js';

/** The change kind ids (Damage and Dying; Recovery; Inventory and Usage; Other Rolls; ruling EH-28). */
export type ChangeId =
  | 'damage' | 'heal' | 'rest' | 'dying'
  | 'level-up' | 'upgrade' | 'restore' | 'training' | 'language'
  | 'coins' | 'item-add' | 'item-remove' | 'item-spend' | 'item-use'
  | 'project-start' | 'elaboration' | 'project-end'
  | 'edit';

/** Longest "what did it" text a change takes ("Goblin spear"; a project limit). */
export const MAX_SOURCE_LENGTH = 60;

/** The result of a change, as the contract gives it. */
export type ChangeResult = CharacterChangeResult<ExaltedHackCharacter>;

/** A change ready to be made: its odds when it rolls, and the making (rng first; unused when it does not roll). */
export interface PreparedChange {
  readonly odds?: () => CheckOdds;
  make(rng: RandomSource): ChangeResult;
}

/** One change kind: its description, how to prepare it, and what its form starts from. */
export interface ChangeRule {
  readonly def: CharacterChangeDef & { readonly id: ChangeId };
  prepare(c: ExaltedHackCharacter, params: ReadParams): RuleResult<PreparedChange>;
  prefill?(c: ExaltedHackCharacter): ParamRecord;
}

/** A change that does not roll: its result, made whatever the rng. */
export function fixed(result: ChangeResult): RuleResult<PreparedChange> {
  return ok({ make: () => result });
}

/** A change's result: the summary clipped to the history's limit. */
export function changed(character: ExaltedHackCharacter, summary: string, explanation: readonly string[], dice: readonly CheckDie[] = [], outcome?: string): ChangeResult {
  const base = { character, summary: clip(summary, MAX_HISTORY_SUMMARY_LENGTH), explanation, dice };
  return outcome === undefined ? base : { ...base, outcome };
}

/** "Goblin spear: " before a summary when the change names what did it. */
export function sourcePrefix(v: ReadParams): string {
  const s = v['source'];
  return typeof s === 'string' && s.trim() !== '' ? `${s.trim()}: ` : '';
}

/** The "what did it" parameter: a label for the history line. */
export function sourceParam(help: string): ParamDef {
  return { kind: 'text', name: 'source', label: 'Source', maxLength: MAX_SOURCE_LENGTH, help, example: 'Goblin spear' };
}

/** The attributes as choices (Resolving Actions and Attributes). */
export const ATTRIBUTE_CHOICES = ATTRIBUTES.map((a) => ({ id: a.id, label: a.label }));

/** A choice of one of the six attributes. */
export function attributeChoiceParam(help: string): ParamDef {
  return { kind: 'choice', name: 'attribute', label: 'Attribute', choices: ATTRIBUTE_CHOICES, isRequired: true, help, example: 'str' };
}

/**
 * The refusal of a rule's change to a lost character: an attribute at 0 loses the character (Damage and
 * Dying; ruling EH-28). The DM's override, or an undo, is the way back.
 */
export function lostRefusal(c: ExaltedHackCharacter): RuleResult<never> | null {
  const lost = attributesAtZero(c);
  if (lost.length === 0) return null;
  const what = lost.map((id) => `${attributeShort(id)} 0 (${lossOf(id).label.toLowerCase()})`).join(', ');
  return problem('exalted-hack/character-lost', `${c.name} is lost: ${what}. The rules change a lost character no more; the DM may override or undo the change that lost them.`);
}

/** What an attribute at 0 means for the character (Damage and Dying). */
export function lossOf(id: AttributeId): (typeof ATTRIBUTE_LOSSES)[number] {
  return ATTRIBUTE_LOSSES.find((l) => l.id === id)!;
}

/** A line for each attribute a change brought to 0 (Damage and Dying). */
export function lossLines(before: ExaltedHackCharacter, after: ExaltedHackCharacter): string[] {
  const was = new Set(attributesAtZero(before));
  return attributesAtZero(after)
    .filter((id) => !was.has(id))
    .map((id) => `${attributeShort(id)} 0: ${lossOf(id).label.toLowerCase()}. ${lossOf(id).description} The character is lost (Damage and Dying).`);
}

/**
 * An id for a new entry from its label, unique among `taken`: "Silk rope" -> `silk-rope`, then
 * `silk-rope-2`; null when the label has no letter or digit.
 * @example entryId('Silk Rope', ['silk-rope']) // 'silk-rope-2'
 */
export function entryId(label: string, taken: readonly string[], maxLength: number): string | null {
  const base = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, maxLength - 4).replace(/-+$/, '');
  if (base === '') return null;
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`;
    if (!taken.includes(id)) return id;
  }
}

/**
 * The entry `text` names among `entries`: by id, else by label (any case); the refusal names the param
 * and lists what there is.
 */
export function findEntry<E extends { readonly id: string; readonly label: string }>(entries: readonly E[], text: string, param: string, what: string): RuleResult<{ readonly entry: E; readonly index: number }> {
  const key = text.trim().toLowerCase();
  let index = entries.findIndex((e) => e.id === key);
  if (index < 0) index = entries.findIndex((e) => e.label.toLowerCase() === key);
  if (index >= 0) return ok({ entry: entries[index]!, index });
  const known = entries.length === 0 ? `there is no ${what} yet` : `give one of ${entries.map((e) => e.id).join(', ')}`;
  return problem(`exalted-hack/no-such-${what.replace(/ /g, '-')}`, `No ${what} "${text}": ${known}.`, `$.${param}`);
}
