/**
 * HAMMERCRAWL! play behind the contract (`CharacterPlay`): every rule of the text that changes a
 * character, as a change kind the table, the CLI and the web sheet make without knowing the ruleset.
 * Every change is pure (rng first), returns a new document that reads back (`readCharacters`), or a
 * refusal with the parameter's path; the history entry is the caller's (`withHistory`).
 * Rules: HAMMERCRAWL! v4 (DAMAGE; RESOURCES; XP and LEVELING; CLASSES; EQUIPMENT). Rulings:
 * docs/rulings.md (PL-n).
 */
import type { RandomSource } from '../../../dice/random.js';
import { MAX_HISTORY_SUMMARY_LENGTH, clip } from '../../character-play.js';
import { ok, problem, type CharacterChangeRequest, type CharacterPlay, type CheckOdds, type ParamRecord, type RuleResult } from '../../rule-system.js';
import { readCharacters, type Character } from '../character.js';
import { DAMAGE_CHANGE } from './damage.js';
import { EDIT_CHANGE } from './edit.js';
import { HEIR_CHANGE } from './heir.js';
import { PLAY_EXAMPLES } from './examples.js';
import { COINS_CHANGE, ITEM_ADD_CHANGE, ITEM_MOVE_CHANGE, ITEM_REMOVE_CHANGE } from './items.js';
import type { ChangeKind, ChangeResult } from './kind.js';
import { LEVEL_UP_CHANGE } from './level-up.js';
import { readParams, type Read } from './params.js';
import { HEAL_CHANGE, REST_CHANGE } from './rest.js';
import { XP_CHANGE } from './xp.js';

/** Every change kind, in the order a sheet offers them. */
export const CHANGE_KINDS: readonly ChangeKind[] = [
  DAMAGE_CHANGE,
  HEAL_CHANGE,
  REST_CHANGE,
  XP_CHANGE,
  LEVEL_UP_CHANGE,
  HEIR_CHANGE,
  COINS_CHANGE,
  ITEM_ADD_CHANGE,
  ITEM_REMOVE_CHANGE,
  ITEM_MOVE_CHANGE,
  EDIT_CHANGE,
];

function withKind<T>(request: CharacterChangeRequest, f: (kind: ChangeKind, params: Read) => RuleResult<T>): RuleResult<T> {
  const kind = CHANGE_KINDS.find((k) => k.def.id === request.change);
  if (kind === undefined) {
    return problem('change/unknown-kind', `Unknown change ${request.change}; expected one of ${CHANGE_KINDS.map((k) => k.def.id).join(', ')}.`, '$.change');
  }
  const params = readParams(kind.def.params, request.params);
  if (!params.ok) return params;
  return f(kind, params.value);
}

/**
 * Exact odds of a change that rolls (`damage`, `level-up`), before it is made.
 * @example changeOddsOf(character, { change: 'damage', params: { dv: 6 } })
 */
export function changeOddsOf(character: Character, request: CharacterChangeRequest): RuleResult<CheckOdds> {
  return withKind(request, (kind, params) => {
    if (kind.odds === undefined) return problem('change/no-odds', `${kind.def.label} does not roll dice: it has no odds.`, '$.change');
    return kind.odds(character, params);
  });
}

/**
 * Makes a change: the document after it (checked: it reads back as a character), the history line and
 * what happened, or the refusal. The input document is never changed.
 * @example rollChangeOf(seededRandom(1), character, { change: 'rest', params: { kind: 'town' } })
 */
export function rollChangeOf(rng: RandomSource, character: Character, request: CharacterChangeRequest): RuleResult<ChangeResult> {
  return withKind(request, (kind, params) => {
    const r = kind.roll(rng, character, params);
    if (!r.ok) return r;
    const read = readCharacters(r.value.character);
    if (!read.ok) {
      const first = read.problems[0]!;
      return problem('character/invalid', `the change would leave the sheet invalid: ${first.path}: ${first.message}`, first.path);
    }
    return ok({ ...r.value, character: read.characters[0]!, summary: clip(r.value.summary, MAX_HISTORY_SUMMARY_LENGTH) });
  });
}

function prefillOf(character: Character, change: string): ParamRecord {
  return CHANGE_KINDS.find((k) => k.def.id === change)?.prefill?.(character) ?? {};
}

/** HAMMERCRAWL! play: the change kinds, their odds and rolls, the forms' starting values, an evening of examples. */
export const hammercrawlPlay: CharacterPlay<Character> = {
  changes: CHANGE_KINDS.map((k) => k.def),
  prefill: prefillOf,
  changeOdds: changeOddsOf,
  rollChange: rollChangeOf,
  examples: PLAY_EXAMPLES,
};
