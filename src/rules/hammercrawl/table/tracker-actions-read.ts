/**
 * The readers of HAMMERCRAWL!'s tracker actions beyond `attack` (tracker-actions.ts), each field checked
 * against its limit with its JSON path; spread into the `combat` message's reader (read-command.ts).
 */
import { MAX_TABLE_ID_LENGTH, problem } from '../../rule-system.js';
import { optional, readArray, readBoolean, readInteger, readObject, readOneOf, readString, readTagged, type Reader } from '../../json-reader.js';
import { STAT_IDS } from '../check-modifiers.js';
import { MAX_CALLED_SHOT_STEPS } from '../combat/problems.js';
import {
  MAX_DAMAGE_SOURCE_LENGTH,
  MAX_TRACKER_DAMAGE_DICE,
  MAX_TRACKER_DAMAGE_SIDES,
  MAX_TRACKER_DV,
  type TrackerCombatAction,
  type TrackerDamageBody,
  type TrackerTacticalEffect,
} from './tracker-actions.js';
import { MAX_SMITH_EFFECT_LENGTH } from './tracker-conditions.js';

/** Longest text of an Adjust Inventory action. */
export const MAX_INVENTORY_TEXT_LENGTH = 200;
/** Longest weapon id of a Tactical Attack. */
const MAX_WEAPON_ID = 60;

const id = readString({ min: 1, max: MAX_TABLE_ID_LENGTH });
const effect: Reader<TrackerTacticalEffect> = readTagged('kind', {
  exposed: readObject({}),
  hampered: readObject({}),
  'loses-action': readObject({}),
  smith: readObject({ text: readString({ min: 1, max: MAX_SMITH_EFFECT_LENGTH, trim: true }) }),
});
const damageCommon = {
  targetId: id,
  source: readString({ min: 1, max: MAX_DAMAGE_SOURCE_LENGTH, trim: true }),
  isPenetrating: optional(readBoolean),
  isCrit: optional(readBoolean),
  isPartial: optional(readBoolean),
};
const fixedDamage = readObject({ ...damageCommon, dv: readInteger(0, MAX_TRACKER_DV) });
const rolledDamage = readObject({
  ...damageCommon,
  dice: readObject({ count: readInteger(1, MAX_TRACKER_DAMAGE_DICE), sides: readInteger(2, MAX_TRACKER_DAMAGE_SIDES), mod: optional(readInteger(-MAX_TRACKER_DV, MAX_TRACKER_DV)) }),
});

/** Damage: a DV (`dv`) or dice (`dice`), never both. */
const damage: Reader<TrackerDamageBody> = (json, path) => {
  const has = (k: string) => typeof json === 'object' && json !== null && Object.hasOwn(json, k);
  if (has('dv') === has('dice')) {
    return problem('json/invalid', `${path.replace(/^\$\.?/, '') || 'message'}: give the damage as dv (a number) or dice ({ count, sides, mod }), one of the two`, path);
  }
  return has('dv') ? fixedDamage(json, path) : rolledDamage(json, path);
};

/** One reader per action type (the `type` is the tag). */
export const TRACKER_ACTION_READERS = {
  'total-defense': readObject({ combatantId: id, covering: optional(readBoolean) }),
  pass: readObject({ combatantId: id }),
  'adjust-inventory': readObject({ combatantId: id, text: optional(readString({ max: MAX_INVENTORY_TEXT_LENGTH, trim: true })) }),
  'crit-step': readObject({ combatantId: id, to: readOneOf(['armour', 'health'] as const) }),
  'tactical-attack': readObject({
    attackerId: id,
    targetId: id,
    stat: readOneOf(STAT_IDS),
    weaponId: optional(readString({ min: 1, max: MAX_WEAPON_ID })),
    calledShot: optional(readInteger(0, MAX_CALLED_SHOT_STEPS)),
    feat: optional(readBoolean),
  }),
  'tactical-effect': readObject({ targetId: id, effects: readArray(effect, { min: 1, max: 2 }) }),
  damage,
  'lay-on-hands': readObject({ healerId: id, targetId: id, isOfFaith: optional(readBoolean), override: optional(readBoolean) }),
} as const satisfies Record<TrackerCombatAction['type'], Reader<unknown>>;
