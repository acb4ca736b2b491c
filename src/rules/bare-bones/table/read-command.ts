/**
 * Reads the Bare Bones tracker actions from JSON (`{ kind: 'combat', requestId, action }`), every field
 * checked against its limit with its JSON path (docs/protocol.md, The Bare Bones tracker).
 */
import { MAX_REQUEST_ID_LENGTH, MAX_TABLE_ID_LENGTH, ok, problem, type CombatSide, type RuleResult } from '../../rule-system.js';
import { optional, readBoolean, readInteger, readLiteral, readNullable, readObject, readOneOf, readString, readTagged, type Reader } from '../../json-reader.js';
import { MANEUVER_DICE, MAX_CHECK_MODIFIER } from '../checks.js';
import { MAX_NAME_LENGTH } from '../character.js';
import { WEAPON_KINDS, WEAPON_WEIGHTS, type WeaponKindId, type WeaponWeightId } from '../data/weapons.js';
import type { AttackMode, BareBonesAttackOptions } from './tracker-attack.js';

/** An exchange from the tracker: who attacks whom, and how. */
export interface BareBonesAttackAction extends BareBonesAttackOptions {
  readonly type: 'attack';
  readonly attackerId: string;
  readonly targetId: string;
}

/** The round's initiative, with the side that ambushed (if any). */
export interface BareBonesInitiativeAction {
  readonly type: 'initiative';
  readonly ambushers?: CombatSide | null;
}

/** A Bare Bones table command as read. */
export interface BareBonesTableCommand {
  readonly kind: 'combat';
  readonly requestId: string;
  readonly action: BareBonesAttackAction | BareBonesInitiativeAction;
}

const id = readString({ min: 1, max: MAX_TABLE_ID_LENGTH });
const side = readOneOf(['party', 'foes'] as const);
/** A maneuver die by its sides (4, 6 or 8). */
const maneuverDie: Reader<number> = (value, path) =>
  typeof value === 'number' && (MANEUVER_DICE as readonly number[]).includes(value) ? ok(value) : problem('json/invalid', `${path.replace(/^\$\.?/, '')} must be a maneuver die: ${MANEUVER_DICE.join(', ')}`, path);

const action = readTagged('type', {
  attack: readObject({
    attackerId: id,
    targetId: id,
    mode: optional(readOneOf(['melee', 'missile'] as const satisfies readonly AttackMode[])),
    weight: optional(readOneOf(WEAPON_WEIGHTS.map((w) => w.id) as WeaponWeightId[])),
    kind: optional(readOneOf(WEAPON_KINDS.map((k) => k.id) as WeaponKindId[])),
    twoHanded: optional(readBoolean),
    weaponItem: optional(readString({ min: 1, max: MAX_NAME_LENGTH, trim: true })),
    skill: optional(readBoolean),
    modifier: optional(readInteger(-MAX_CHECK_MODIFIER, MAX_CHECK_MODIFIER)),
    advantage: optional(readBoolean),
    disadvantage: optional(readBoolean),
    bonusDie: optional(maneuverDie),
    defenseBonusDie: optional(maneuverDie),
    favoredFoe: optional(readBoolean),
  }),
  initiative: readObject({ ambushers: optional(readNullable(side)) }),
});

const message = readObject({ kind: readLiteral('combat'), requestId: readString({ min: 1, max: MAX_REQUEST_ID_LENGTH }), action });

/** Reads a Bare Bones table message (a tracker `attack` or `initiative`). */
export function readBareBonesCommand(json: unknown): RuleResult<BareBonesTableCommand> {
  return message(json, '$') as RuleResult<BareBonesTableCommand>;
}
