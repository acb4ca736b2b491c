/**
 * HAMMERCRAWL!'s table commands read from JSON (docs/protocol.md: Ventures, magick, hammer dice, tracker
 * attacks): every field checked against the rules' limits, every problem naming its JSON path. The
 * readers give the very types the rules modules take, so a message that reads is a command they can
 * decide.
 */
import { MAX_LABEL_LENGTH, MAX_REQUEST_ID_LENGTH, MAX_TABLE_ID_LENGTH, VISIBILITIES, ok, problem, type ParamRecord, type RuleResult, type Visibility } from '../../rule-system.js';
import {
  optional,
  readArray,
  readBoolean,
  readEither,
  readInteger,
  readNullable,
  readObject,
  readOneOf,
  readString,
  readTagged,
  type Reader,
} from '../../json-reader.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL } from '../feat-die.js';
import { HAMMER_COLOURS, HAMMER_SYMBOLS } from '../hammer-dice.js';
import { MAX_HAMMER_POOL_DICE, MAX_VANTAGE_COUNT, type HammerPlusChoice } from '../hammer-pools.js';
import { MAX_BANKED_DICE, MAX_EFFECT_PICKS, type EffectPick } from './hammer-apply.js';
import { MAX_STAT_SCORE } from '../magick/caster.js';
import { MAX_AFFLICTION_LENGTH, MAX_SPELL_LEVEL, MAX_SPELL_NAME_LENGTH, MAX_SPELLBOOK_SPELLS, MIN_SPELL_LEVEL } from '../magick/commands.js';
import { MAX_EFFECT_ID, readCaster } from '../magick/magick-document.js';
import { LIMIT_SCOPES, MAX_LIMIT_ID_LENGTH, MAX_LIMIT_USES } from '../venture/limits.js';
import { DUNGEON_MAX_NODES, DUNGEON_MIN_NODES, MAX_CAMP_STEPS, MAX_DUNGEON_DIFFICULTY, MAX_DUNGEON_LEVEL, MAX_ID_LENGTH, MAX_PARTY_SIZE, MAX_XP_AWARD } from '../venture/venture.js';
import type { HammerPoolRequest, TableMagickCommand, TableVentureCommand } from './commands.js';
import type { TrackerAttackOptions } from './tracker-attack.js';
import type { TrackerCombatAction } from './tracker-actions.js';
import { TRACKER_ACTION_READERS } from './tracker-actions-read.js';
import { readTableInitiativeCommand, type TrackerInitiativeAction } from './initiative.js';

/** Largest XP total a party member may join with. */
export const MAX_MEMBER_XP = 10_000_000;
/** Most mark uses one resolve-node may list. */
export const MAX_MARK_USES = 200;
/** Most manual steps one magick command may carry. */
export const MAX_MAGICK_STEPS = 10;
/** Most sustained effects one release may name. */
export const MAX_RELEASE_EFFECTS = 50;
/** Most CON points one over-cast or restore may name (the stat table ends at 20). */
export const MAX_CON_POINTS = MAX_STAT_SCORE;
/** Longest weapon id of a tracker attack. */
export const MAX_WEAPON_ID_LENGTH = 60;
/** Largest called-shot penalty (COMBAT, CALLED SHOTS: up to three steps). */
export const MAX_CALLED_SHOT = 3;

/** A tracker attack: one combatant attacks another; the target's dice step (tracker-attack.ts). */
export type TrackerAttackAction = { readonly type: 'attack'; readonly attackerId: string; readonly targetId: string } & TrackerAttackOptions;

/** A hammer dice pool to roll at the table. */
export interface HammerTableCommand {
  readonly kind: 'hammer';
  readonly requestId: string;
  readonly pool: HammerPoolRequest;
  readonly visibility: Visibility;
  readonly label?: string;
  readonly characterId?: string;
  /** The player's choice for the Hammer+ that show (H-4; default: hammers). */
  readonly hammerPlus?: HammerPlusChoice;
  /** Faces of physical hammer dice, one per die in pool order. */
  readonly faces?: readonly number[];
  /** The Check die rolled with the pool, as one check (H-22): a check kind of the ruleset and its params. */
  readonly check?: { readonly check: string; readonly params: ParamRecord };
  /** How many of the character's set-aside dice this Check spends, oldest first (H-20). */
  readonly useBanked?: number;
}

/** Picks for the symbols of a roll that wait for them (H-21). */
export interface HammerEffectsTableCommand {
  readonly kind: 'hammer-effects';
  readonly requestId: string;
  /** The request id of the `hammer` roll. */
  readonly rollId: string;
  readonly picks: readonly EffectPick[];
}

/** A HAMMERCRAWL! table command as read. */
export type HammercrawlTableCommand =
  /** A Venture command (the Smith's); the server's clock goes into timed ones. */
  | { readonly kind: 'venture'; readonly requestId: string; readonly command: TableVentureCommand }
  /** A magick command for one character (its owner or the Smith). */
  | { readonly kind: 'magick'; readonly requestId: string; readonly characterId: string; readonly command: TableMagickCommand }
  | HammerTableCommand
  | HammerEffectsTableCommand
  /** The Smith ends the scene: the dice set aside for it are gone (H-20). */
  | { readonly kind: 'hammer-scene-end'; readonly requestId: string }
  /** A one-click attack in the combat tracker. */
  | { readonly kind: 'combat'; readonly requestId: string; readonly action: TrackerAttackAction | TrackerCombatAction | TrackerInitiativeAction };

const whole = readInteger;
const requestId = readString({ min: 1, max: MAX_REQUEST_ID_LENGTH, pattern: /^[A-Za-z0-9_-]+$/, patternHelp: 'letters, digits, _ and - only' });
const tableId = readString({ min: 1, max: MAX_TABLE_ID_LENGTH });
const visibility = readOneOf(VISIBILITIES);
const label = readString({ max: MAX_LABEL_LENGTH });

// ---- ventures -----------------------------------------------------------------------------------------

const ventureId = readString({ min: 1, max: MAX_ID_LENGTH });
const limitId = readString({ min: 1, max: MAX_LIMIT_ID_LENGTH });
const members = readArray(ventureId, { max: MAX_PARTY_SIZE });
const dungeon = readObject({
  id: ventureId,
  level: whole(1, MAX_DUNGEON_LEVEL),
  difficulty: whole(0, MAX_DUNGEON_DIFFICULTY),
  nodes: optional(whole(DUNGEON_MIN_NODES, DUNGEON_MAX_NODES)),
});
const none = readObject({});

// Every kind of the venture module has a reader, and no other (a new kind fails to compile here).
const VENTURE_READERS = {
  join: readObject({ member: readObject({ id: ventureId, xp: optional(whole(0, MAX_MEMBER_XP)) }) }),
  leave: readObject({ id: ventureId }),
  'set-limit': readObject({ holder: limitId, ability: limitId, scope: readOneOf(LIMIT_SCOPES), max: whole(0, MAX_LIMIT_USES) }),
  'use-limit': readObject({ holder: limitId, ability: limitId, uses: optional(whole(1, MAX_LIMIT_USES)), override: optional(readBoolean) }),
  'set-resource': readObject({ id: ventureId, die: readNullable(whole(1, 1000)) }),
  'use-resource': readObject({ id: ventureId }),
  'start-venture': readObject({ dungeon }),
  'enter-dungeon': readObject({ dungeon }),
  'enter-node': none,
  'roll-node': none,
  'resolve-node': readObject({
    uses: readArray(
      readObject({ symbol: readOneOf(HAMMER_SYMBOLS), use: readString({ min: 1, max: 60 }), tier: optional(whole(1, 11)), resource: optional(ventureId) }),
      { max: MAX_MARK_USES },
    ),
  }),
  'defeat-boss': readObject({ survivors: members }),
  'clear-node': readObject({ survivors: members }),
  'award-xp': readObject({ ids: members, amount: whole(1, MAX_XP_AWARD), reason: readString({ min: 1, max: 200, trim: true }) }),
  camp: readObject({ camp: readOneOf(['break', 'night'] as const), healthSteps: optional(whole(0, MAX_CAMP_STEPS)), armourSteps: optional(whole(0, MAX_CAMP_STEPS)) }),
  light: readObject({ id: ventureId, source: readOneOf(['torch', 'lantern'] as const) }),
  douse: readObject({ id: ventureId }),
  relight: readObject({ id: ventureId }),
  refill: readObject({ id: ventureId }),
  tick: none,
  'return-to-town': none,
} as const satisfies Record<TableVentureCommand['kind'], Reader<unknown>>;
const ventureCommand: Reader<TableVentureCommand> = readTagged('kind', VENTURE_READERS);

// ---- magick -------------------------------------------------------------------------------------------

const originLabel = readString({ min: 1, max: MAX_LABEL_LENGTH });
const originId = readString({ min: 1, max: 60 });
const stepOrigin = readTagged('kind', {
  stat: readObject({ id: originId, label: originLabel }),
  feat: readObject({ id: originId, label: originLabel }),
  item: readObject({ id: originId, label: originLabel }),
  power: readObject({ id: originId, label: originLabel }),
  rule: readObject({ id: originId, label: originLabel }),
  smith: readObject({ label: originLabel }),
});
const steps = readArray(readObject({ amount: whole(-12, 12), origin: stepOrigin }), { max: MAX_MAGICK_STEPS });
const spellId = readString({ min: 1, max: MAX_SPELL_NAME_LENGTH });
const spellIds = readArray(spellId, { max: MAX_SPELLBOOK_SPELLS });
const onForget = readOneOf(['forget', 'mana-burn'] as const);
const effectId = whole(0, MAX_EFFECT_ID);

// Every kind of the magick module has a reader, and no other.
const MAGICK_READERS = {
  'set-caster': readObject({ caster: optional(readCaster) }),
  learn: readObject({ name: readString({ min: 1, max: MAX_SPELL_NAME_LENGTH }), level: whole(MIN_SPELL_LEVEL, MAX_SPELL_LEVEL), id: optional(spellId) }),
  prepare: readObject({ spellIds: optional(spellIds) }),
  remember: readObject({ spellIds }),
  cast: readObject({
    spellId,
    effect: optional(readOneOf(['instant', 'lasting', 'sustained'] as const)),
    lingers: optional(readBoolean),
    cancellable: optional(readBoolean),
    overcast: optional(whole(0, MAX_CON_POINTS)),
    onForget: optional(onForget),
    spellDieSteps: optional(steps),
  }),
  release: readObject({ effectIds: optional(readArray(effectId, { max: MAX_RELEASE_EFFECTS })), onForget: optional(onForget), spellDieSteps: optional(steps) }),
  concentration: readObject({ damaged: readBoolean, feat: optional(readBoolean), steps: optional(steps), onForget: optional(onForget), spellDieSteps: optional(steps) }),
  cancel: readObject({ effectId }),
  'end-effect': readObject({ effectId }),
  'night-rest': none,
  'town-rest': none,
  'record-affliction': readObject({ text: readString({ min: 1, max: MAX_AFFLICTION_LENGTH }) }),
  'restore-con': readObject({ points: whole(1, MAX_CON_POINTS) }),
  'read-scroll': readObject({ spell: readString({ min: 1, max: MAX_SPELL_NAME_LENGTH }), canReadLanguage: optional(readBoolean), feat: optional(readBoolean) }),
} as const satisfies Record<TableMagickCommand['kind'], Reader<unknown>>;
const magickCommand: Reader<TableMagickCommand> = readTagged('kind', MAGICK_READERS);

// ---- hammer dice --------------------------------------------------------------------------------------

const vantageCount = readEither(whole(0, MAX_VANTAGE_COUNT), readArray(readString({ min: 1, max: 60 }), { max: MAX_VANTAGE_COUNT }), `a count from 0 to ${MAX_VANTAGE_COUNT} or a list of sources`);
const hammerCount = whole(0, MAX_HAMMER_POOL_DICE);
// Every kind of pool request has a reader, and no other.
const POOL_READERS = {
  check: readObject({
    level: optional(whole(MIN_CHARACTER_LEVEL, MAX_CHARACTER_LEVEL)),
    isFeat: optional(readBoolean),
    advantages: optional(vantageCount),
    disadvantages: optional(vantageCount),
    stance: optional(readOneOf(['none', 'cautious', 'reckless'] as const)),
  }),
  node: readObject({ difficulty: hammerCount, comets: optional(hammerCount), chaosStars: optional(hammerCount), skulls: optional(hammerCount) }),
  dice: readObject({ colours: readArray(readOneOf(HAMMER_COLOURS), { min: 1, max: MAX_HAMMER_POOL_DICE }), context: optional(readOneOf(['check', 'node'] as const)) }),
} as const satisfies Record<HammerPoolRequest['kind'], Reader<unknown>>;
const hammerPoolRequest: Reader<HammerPoolRequest> = readTagged('kind', POOL_READERS);
const hammerPlus: Reader<HammerPlusChoice> = readEither(readOneOf(['hammer', 'set-aside'] as const), hammerCount, `hammer, set-aside or a count from 0 to ${MAX_HAMMER_POOL_DICE}`);

/** Most params a check rolled with a pool may carry. */
export const MAX_CHECK_PARAMS = 40;
const paramName = /^[a-z][a-z0-9-]{0,39}$/;
// The check's params as the ruleset reads them: names and scalar values here, each value by its kind there.
const checkParams: Reader<ParamRecord> = (value, path) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return problem('json/invalid', `${path} must be an object of check params`, path);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_CHECK_PARAMS) return problem('json/invalid', `${path} holds at most ${MAX_CHECK_PARAMS} params, got ${entries.length}`, path);
  for (const [k, v] of entries) {
    if (!paramName.test(k)) return problem('json/invalid', `${path}.${k} is no param name (lower-case letters, digits and -)`, `${path}.${k}`);
    if (typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean') return problem('json/invalid', `${path}.${k} must be a number, text or true/false`, `${path}.${k}`);
  }
  return ok(value as ParamRecord);
};
const checkRequest = readObject({ check: readString({ min: 1, max: 40 }), params: checkParams });
const effectPick = readObject({ symbol: readOneOf(HAMMER_SYMBOLS), effect: readString({ min: 1, max: 60 }), forCharacterId: optional(tableId) });

// ---- the messages -------------------------------------------------------------------------------------

const trackerAttack: Reader<TrackerAttackAction | TrackerCombatAction | TrackerInitiativeAction> = readTagged('type', {
  // Initiative as written (table/initiative.ts).
  initiative: readObject({ command: readTableInitiativeCommand }),
  attack: readObject({
    attackerId: tableId,
    targetId: tableId,
    weaponId: optional(readString({ min: 1, max: MAX_WEAPON_ID_LENGTH })),
    calledShot: optional(whole(0, MAX_CALLED_SHOT)),
    feat: optional(readBoolean),
    thrown: optional(readBoolean),
    opportune: optional(readBoolean),
  }),
  // Total Defense, Tactical Attacks, damage that is not an attack... (tracker-actions.ts).
  ...TRACKER_ACTION_READERS,
});

const message: Reader<HammercrawlTableCommand> = readTagged('kind', {
  venture: readObject({ requestId, command: ventureCommand }),
  magick: readObject({ requestId, characterId: tableId, command: magickCommand }),
  hammer: readObject({
    requestId,
    pool: hammerPoolRequest,
    visibility,
    label: optional(label),
    characterId: optional(tableId),
    hammerPlus: optional(hammerPlus),
    // Any whole number: a face its die cannot show is the table's `dice/face-out-of-range`.
    faces: optional(readArray(whole(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), { min: 1, max: MAX_HAMMER_POOL_DICE })),
    check: optional(checkRequest),
    useBanked: optional(whole(1, MAX_BANKED_DICE)),
  }),
  'hammer-effects': readObject({ requestId, rollId: requestId, picks: readArray(effectPick, { min: 1, max: MAX_EFFECT_PICKS }) }),
  'hammer-scene-end': readObject({ requestId }),
  combat: readObject({ requestId, action: trackerAttack }),
});

/** Reads a HAMMERCRAWL! table message (`venture`, `magick`, `hammer`, or a tracker `attack`). */
export function readHammercrawlCommand(json: unknown): RuleResult<HammercrawlTableCommand> {
  return message(json, '$');
}
