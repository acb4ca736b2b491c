/**
 * The Bare Bones in play (the contract's `CharacterPlay`): every rule that changes a character as a
 * change kind, its odds where it rolls, the values a form starts from, and a short evening of play.
 * Rules: see play-vitals.ts, play-advance.ts, play-gear.ts, play-edit.ts; docs/rulings.md BB-29 .. BB-36.
 */
import type { RandomSource } from '../../dice/random.js';
import { problem, type CharacterChangeDef, type CharacterChangeRequest, type CharacterPlay, type CheckOdds, type ParamRecord, type RuleResult } from '../rule-system.js';
import type { BareBonesCharacter } from './character.js';
import { ADVANCE_KINDS, levelUpPrefill } from './play-advance.js';
import { EDIT_KINDS, editPrefill } from './play-edit.js';
import { GEAR_KINDS } from './play-gear.js';
import { readValues, type ChangeMade, type PlayKind } from './play-kit.js';
import { VITALS_KINDS } from './play-vitals.js';

const KINDS: readonly PlayKind[] = [...VITALS_KINDS, ...ADVANCE_KINDS, ...GEAR_KINDS, ...EDIT_KINDS];

/**
 * Every change kind with its parameters.
 * @example BARE_BONES_CHANGES.map((c) => c.id) // ['damage', 'heal', 'rest', ...]
 */
export const BARE_BONES_CHANGES: readonly CharacterChangeDef[] = KINDS.map((k) => k.def);

function kindOf(id: string): RuleResult<PlayKind> {
  const k = KINDS.find((x) => x.def.id === id);
  return k === undefined ? problem('bare-bones/unknown-change', `No change ${JSON.stringify(id.slice(0, 40))}; use one of ${KINDS.map((x) => x.def.id).join(', ')}.`, '$.change') : { ok: true, value: k };
}

/** Exact odds of a change that rolls (a problem for one that rolls nothing, or refused by the rules). */
export function changeOdds(c: BareBonesCharacter, request: CharacterChangeRequest): RuleResult<CheckOdds> {
  const k = kindOf(request.change);
  if (!k.ok) return k;
  const v = readValues(k.value.def, request.params);
  if (!v.ok) return v;
  return k.value.odds(c, v.value);
}

/**
 * Makes a change: the character after it (a new document; `c` is untouched), or the rules' refusal
 * with the path of the parameter at fault. The caller appends the history entry.
 * @example rollChange(seededRandom(1), c, { change: 'damage', params: { amount: 4 } })
 */
export function rollChange(rng: RandomSource, c: BareBonesCharacter, request: CharacterChangeRequest): RuleResult<ChangeMade> {
  const k = kindOf(request.change);
  if (!k.ok) return k;
  const v = readValues(k.value.def, request.params);
  if (!v.ok) return v;
  return k.value.roll(rng, c, v.value);
}

/** What a form for `change` starts from: an edit's current fields, a human's suggested bonus die. */
export function prefill(c: BareBonesCharacter, change: string): ParamRecord {
  if (change === 'edit') return editPrefill(c);
  if (change === 'level-up') return levelUpPrefill(c);
  return {};
}

/**
 * A short evening, for `rollCharacter(seededRandom(1), {})` (a dwarf fighter, 12 Blood): kit and
 * coins, a skirmish and a short rest, the quest done and a level back in town, a long rest, and a last
 * fight that drops the dwarf at 0 Blood, dying, and a draught that stands them up before a round can
 * kill (the round passes while they are still stable). Every request is accepted whatever the dice say,
 * and the evening ends standing with 5 Blood.
 */
export const BARE_BONES_EXAMPLES: readonly CharacterChangeRequest[] = [
  { change: 'item-add', params: { label: 'Torch', 'usage-die': 10, count: 2 } },
  { change: 'item-add', params: { label: 'Rations', 'usage-die': 10 } },
  { change: 'item-add', params: { label: 'Broadsword' } },
  { change: 'armour', params: { armour: 'medium', shield: true } },
  { change: 'edit', params: { arrows: 24, notes: 'Side Quest: find the lost forge' } },
  { change: 'coins', params: { amount: 40, cause: 'Advance from the guild' } },
  { change: 'damage', params: { amount: 5, cause: 'Goblin spear' } },
  { change: 'damage', params: { amount: 2, 'straight-to-blood': 'critical-hit', cause: 'Goblin archer' } },
  { change: 'damage', params: { amount: 6, 'splinter-shield': true, cause: 'Ogre club' } },
  { change: 'notch', params: { part: 'armour' } },
  { change: 'notch', params: { part: 'item', item: 'broadsword' } },
  { change: 'spend-point', params: { use: 'tactics' } },
  { change: 'mark-check', params: { attribute: 'str' } },
  { change: 'arrows-shot', params: { hits: 2, misses: 3 } },
  { change: 'arrows-recovered', params: {} },
  { change: 'rest', params: { kind: 'short' } },
  { change: 'heal', params: { amount: 2, cause: 'Healing draught' } },
  { change: 'repair', params: { part: 'armour' } },
  { change: 'repair', params: { part: 'item', item: 'broadsword' } },
  { change: 'xp', params: { 'guild-quest': true, 'side-quest': true, cause: 'The lost forge found' } },
  { change: 'level-up', params: { 'in-safe-place': true, 'favored-foe': 'Ogre' } },
  { change: 'grant-points', params: { points: 1, cause: 'Beat the ogre' } },
  { change: 'coins', params: { amount: -15, cause: 'A new shield' } },
  { change: 'armour', params: { shield: true } },
  { change: 'item-remove', params: { item: 'torch' } },
  { change: 'heal', params: { cause: 'Lay on Hands' } },
  { change: 'rest', params: { kind: 'long' } },
  { change: 'edit', params: { conditions: 'hungover', notes: 'Side Quest: avenge Brother Oswin' } },
  { change: 'damage', params: { amount: 40, cause: 'Troll' } },
  { change: 'round', params: {} },
  { change: 'taxing-action', params: { cause: 'Crawling to the door' } },
  { change: 'damage', params: { amount: 1, source: 'incidental', cause: 'Falling rubble' } },
  { change: 'stabilize', params: { int: 12, improvised: true, cause: 'Bandaged with a cloak' } },
  { change: 'heal', params: { amount: 5, cause: 'Healing draught' } },
  { change: 'edit', params: { notes: 'Carried out of the troll\'s den' } },
];

/** The contract's `play` for The Bare Bones. */
export const BARE_BONES_PLAY: CharacterPlay<BareBonesCharacter> = {
  changes: BARE_BONES_CHANGES,
  prefill,
  changeOdds,
  rollChange,
  examples: BARE_BONES_EXAMPLES,
};
