/**
 * The shapes of the protocol (docs/protocol.md) as zod schemas: every HTTP body and WebSocket message
 * is read through these before it reaches the table, so the table core sees typed values only.
 */
import { z } from 'zod';
import { RULESET_IDS } from '../rules/catalogue.js';
import { COMBAT_ACTION_TYPES, MAX_MONSTER_LINE_LENGTH, type CombatAction } from '../table/combat.js';
import type { TableCommand } from '../table/commands.js';
import { VISIBILITIES } from '../table/events.js';
import { MAX_CONDITION_LENGTH, MAX_LABEL_LENGTH, MAX_MEMBER_NAME_LENGTH, MAX_REQUEST_ID_LENGTH, MAX_TABLE_NAME_LENGTH } from '../table/limits.js';
import { MAX_NOTATION_LENGTH } from '../dice/limits.js';
import { STAT_IDS } from '../rules/hammercrawl/check-modifiers.js';
import { SPELLCASTING_PROFILES, type SpellcastingProfileId } from '../rules/hammercrawl/data/classes.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL } from '../rules/hammercrawl/feat-die.js';
import { HAMMER_COLOURS, HAMMER_SYMBOLS } from '../rules/hammercrawl/hammer-dice.js';
import { MAX_HAMMER_POOL_DICE, MAX_VANTAGE_COUNT } from '../rules/hammercrawl/hammer-pools.js';
import { MAX_STAT_SCORE, MIN_STAT_SCORE } from '../rules/hammercrawl/magick/caster.js';
import { MAX_AFFLICTION_LENGTH, MAX_SPELL_LEVEL, MAX_SPELL_NAME_LENGTH, MAX_SPELLBOOK_SPELLS, MIN_SPELL_LEVEL } from '../rules/hammercrawl/magick/commands.js';
import { LIMIT_SCOPES, MAX_LIMIT_ID_LENGTH, MAX_LIMIT_USES } from '../rules/hammercrawl/venture/limits.js';
import { MAX_DUNGEON_DIFFICULTY, MAX_DUNGEON_LEVEL, MAX_ID_LENGTH, MAX_PARTY_SIZE, MAX_XP_AWARD, DUNGEON_MAX_NODES, DUNGEON_MIN_NODES } from '../rules/hammercrawl/venture/venture.js';
import { HAMMER_POOL_KINDS, MAGICK_COMMAND_KINDS, VENTURE_COMMAND_KINDS, type HammerPoolRequest, type TableMagickCommand, type TableVentureCommand } from '../table/hammercrawl.js';

/** Largest number of physical dice faces entered for one roll. */
export const MAX_PHYSICAL_FACES = 100;
/** Largest number of check parameters. */
export const MAX_CHECK_PARAMS = 30;
/** Largest number of table settings. */
export const MAX_SETTINGS = 50;

const requestId = z.string().min(1).max(MAX_REQUEST_ID_LENGTH).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const visibility = z.enum(VISIBILITIES);
const name = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const paramValue = z.union([z.number().finite(), z.string().max(200), z.boolean()]);
const settings = z.record(z.string().max(60), paramValue).refine((s) => Object.keys(s).length <= MAX_SETTINGS, `at most ${MAX_SETTINGS} settings`);
const id = z.string().min(1).max(64);

/** `POST /api/tables`. */
export const createTableBody = z.object({
  name: name(MAX_TABLE_NAME_LENGTH),
  /** The Smith's name at the table (default "Smith"). */
  smithName: name(MAX_MEMBER_NAME_LENGTH).optional(),
  ruleset: z.enum(RULESET_IDS),
  settings: settings.optional(),
});

/** `POST /api/tables/:id/players`. */
export const joinBody = z.object({
  inviteCode: z.string().min(1).max(100),
  name: name(MAX_MEMBER_NAME_LENGTH),
  role: z.enum(['player', 'observer']).optional(),
});

/** `POST /api/tables/:id/rolls`. */
export const rollBody = z.object({
  requestId,
  notation: z.string().min(1).max(MAX_NOTATION_LENGTH),
  visibility,
  label: z.string().max(MAX_LABEL_LENGTH).optional(),
});

/** `POST /api/tables/:id/invite`. */
export const inviteBody = z.object({ action: z.enum(['rotate', 'revoke']) });

/** `GET .../log` query. */
export const logQuery = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** The first WebSocket message. */
export const helloMessage = z.object({
  kind: z.literal('hello'),
  token: z.string().min(1).max(200),
  since: z.number().int().min(0).default(0),
});

const combatantFields = {
  name: name(MAX_MEMBER_NAME_LENGTH).optional(),
  side: z.enum(['party', 'foes']).optional(),
  characterId: id.optional(),
  health: z.string().max(MAX_CONDITION_LENGTH).optional(),
  armour: z.string().max(MAX_CONDITION_LENGTH).optional(),
  conditions: z.array(z.string().max(MAX_CONDITION_LENGTH)).max(100).optional(),
  isDown: z.boolean().optional(),
  stats: z.record(z.string().max(20), z.number().int().min(-1000).max(1000)).optional(),
  isLeader: z.boolean().optional(),
  monster: z.string().max(MAX_MONSTER_LINE_LENGTH).optional(),
};

const combatAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), ...combatantFields, name: name(MAX_MEMBER_NAME_LENGTH), side: z.enum(['party', 'foes']) }),
  z.object({ type: z.literal('update'), combatantId: id, ...combatantFields }),
  z.object({ type: z.literal('remove'), combatantId: id }),
  z.object({ type: z.literal('roll-initiative') }),
  z.object({ type: z.literal('set-order'), order: z.array(id).max(1000) }),
  z.object({ type: z.literal('start') }),
  z.object({ type: z.literal('next-turn') }),
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('clear') }),
  z.object({
    type: z.literal('attack'),
    attackerId: id,
    targetId: id,
    weaponId: z.string().min(1).max(60).optional(),
    calledShot: z.number().int().min(0).max(3).optional(),
    feat: z.boolean().optional(),
  }),
]);

// Keep the schema and the table's action list in step.
const _combatTypes: readonly (typeof COMBAT_ACTION_TYPES)[number][] = combatAction.options.map((o) => o.shape.type.value);
void _combatTypes;

// ---- HAMMERCRAWL!: ventures, magick, hammer dice (docs/protocol.md) ---------------------------------

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

const ventureId = z.string().min(1).max(MAX_ID_LENGTH);
const limitId = z.string().min(1).max(MAX_LIMIT_ID_LENGTH);
const whole = (min: number, max: number) => z.number().int().min(min).max(max);
const members = z.array(ventureId).max(MAX_PARTY_SIZE);
const dungeon = z.object({
  id: ventureId,
  level: whole(1, MAX_DUNGEON_LEVEL),
  difficulty: whole(0, MAX_DUNGEON_DIFFICULTY),
  nodes: whole(DUNGEON_MIN_NODES, DUNGEON_MAX_NODES).optional(),
});

const ventureCommand = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('join'), member: z.object({ id: ventureId, xp: whole(0, MAX_MEMBER_XP) }) }),
  z.object({ kind: z.literal('leave'), id: ventureId }),
  z.object({ kind: z.literal('set-limit'), holder: limitId, ability: limitId, scope: z.enum(LIMIT_SCOPES), max: whole(0, MAX_LIMIT_USES) }),
  z.object({ kind: z.literal('use-limit'), holder: limitId, ability: limitId, uses: whole(1, MAX_LIMIT_USES).optional() }),
  z.object({ kind: z.literal('set-resource'), id: ventureId, die: whole(1, 1000).nullable() }),
  z.object({ kind: z.literal('use-resource'), id: ventureId }),
  z.object({ kind: z.literal('start-venture'), dungeon }),
  z.object({ kind: z.literal('enter-dungeon'), dungeon }),
  z.object({ kind: z.literal('enter-node') }),
  z.object({ kind: z.literal('roll-node') }),
  z.object({
    kind: z.literal('resolve-node'),
    uses: z
      .array(z.object({ symbol: z.enum(HAMMER_SYMBOLS), use: z.string().min(1).max(60), tier: whole(1, 11).optional(), resource: ventureId.optional() }))
      .max(MAX_MARK_USES),
  }),
  z.object({ kind: z.literal('defeat-boss'), survivors: members }),
  z.object({ kind: z.literal('clear-node'), survivors: members }),
  z.object({ kind: z.literal('award-xp'), ids: members, amount: whole(1, MAX_XP_AWARD), reason: z.string().trim().min(1).max(200) }),
  z.object({ kind: z.literal('camp'), camp: z.enum(['break', 'night']) }),
  z.object({ kind: z.literal('light'), id: ventureId, source: z.enum(['torch', 'lantern']) }),
  z.object({ kind: z.literal('douse'), id: ventureId }),
  z.object({ kind: z.literal('relight'), id: ventureId }),
  z.object({ kind: z.literal('refill'), id: ventureId }),
  z.object({ kind: z.literal('tick') }),
  z.object({ kind: z.literal('return-to-town') }),
]);

// Keep the schema and the module's command list in step (both ways).
const _ventureKinds: readonly (typeof VENTURE_COMMAND_KINDS)[number][] = ventureCommand.options.map((o) => o.shape.kind.value);
const _ventureKindsBack: readonly z.infer<typeof ventureCommand>['kind'][] = VENTURE_COMMAND_KINDS;
void _ventureKinds;
void _ventureKindsBack;

const PROFILE_IDS = SPELLCASTING_PROFILES.map((p) => p.id) as [SpellcastingProfileId, ...SpellcastingProfileId[]];
const statScore = whole(MIN_STAT_SCORE, MAX_STAT_SCORE);
const caster = z.object({
  level: whole(MIN_CHARACTER_LEVEL, MAX_CHARACTER_LEVEL),
  grade: z.enum(['dedicated', 'dabbler']),
  spellStat: z.enum(STAT_IDS),
  spellStatScore: statScore,
  sustainDivisor: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  conScore: statScore,
  hasManaBurn: z.boolean(),
  canOvercast: z.boolean(),
  profileId: z.enum(PROFILE_IDS).nullable(),
});
const stepOrigin = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['stat', 'feat', 'item', 'power', 'rule']), id: z.string().min(1).max(60), label: z.string().min(1).max(MAX_LABEL_LENGTH) }),
  z.object({ kind: z.literal('smith'), label: z.string().min(1).max(MAX_LABEL_LENGTH) }),
]);
const steps = z.array(z.object({ amount: whole(-12, 12), origin: stepOrigin })).max(MAX_MAGICK_STEPS);
const spellId = z.string().min(1).max(MAX_SPELL_NAME_LENGTH);
const spellIds = z.array(spellId).max(MAX_SPELLBOOK_SPELLS);
const onForget = z.enum(['forget', 'mana-burn']);
const effectId = whole(0, 1_000_000);

const magickCommand = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('set-caster'), caster: caster.optional() }),
  z.object({ kind: z.literal('learn'), name: z.string().min(1).max(MAX_SPELL_NAME_LENGTH), level: whole(MIN_SPELL_LEVEL, MAX_SPELL_LEVEL), id: spellId.optional() }),
  z.object({ kind: z.literal('prepare'), spellIds: spellIds.optional() }),
  z.object({ kind: z.literal('remember'), spellIds }),
  z.object({
    kind: z.literal('cast'),
    spellId,
    effect: z.enum(['instant', 'lasting', 'sustained']).optional(),
    lingers: z.boolean().optional(),
    cancellable: z.boolean().optional(),
    overcast: whole(0, MAX_CON_POINTS).optional(),
    onForget: onForget.optional(),
    spellDieSteps: steps.optional(),
  }),
  z.object({ kind: z.literal('release'), effectIds: z.array(effectId).max(MAX_RELEASE_EFFECTS).optional(), onForget: onForget.optional(), spellDieSteps: steps.optional() }),
  z.object({
    kind: z.literal('concentration'),
    damaged: z.boolean(),
    feat: z.boolean().optional(),
    steps: steps.optional(),
    onForget: onForget.optional(),
    spellDieSteps: steps.optional(),
  }),
  z.object({ kind: z.literal('cancel'), effectId }),
  z.object({ kind: z.literal('end-effect'), effectId }),
  z.object({ kind: z.literal('night-rest') }),
  z.object({ kind: z.literal('town-rest') }),
  z.object({ kind: z.literal('record-affliction'), text: z.string().min(1).max(MAX_AFFLICTION_LENGTH) }),
  z.object({ kind: z.literal('restore-con'), points: whole(1, MAX_CON_POINTS) }),
]);

const _magickKinds: readonly (typeof MAGICK_COMMAND_KINDS)[number][] = magickCommand.options.map((o) => o.shape.kind.value);
const _magickKindsBack: readonly z.infer<typeof magickCommand>['kind'][] = MAGICK_COMMAND_KINDS;
void _magickKinds;
void _magickKindsBack;

const vantageCount = z.union([whole(0, MAX_VANTAGE_COUNT), z.array(z.string().min(1).max(60)).max(MAX_VANTAGE_COUNT)]);
const hammerCount = whole(0, MAX_HAMMER_POOL_DICE);
const hammerPoolRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('check'),
    level: whole(MIN_CHARACTER_LEVEL, MAX_CHARACTER_LEVEL).optional(),
    isFeat: z.boolean().optional(),
    advantages: vantageCount.optional(),
    disadvantages: vantageCount.optional(),
    stance: z.enum(['none', 'cautious', 'reckless']).optional(),
  }),
  z.object({ kind: z.literal('node'), difficulty: hammerCount, comets: hammerCount.optional(), chaosStars: hammerCount.optional(), skulls: hammerCount.optional() }),
  z.object({ kind: z.literal('dice'), colours: z.array(z.enum(HAMMER_COLOURS)).min(1).max(MAX_HAMMER_POOL_DICE), context: z.enum(['check', 'node']).optional() }),
]);

const _poolKinds: readonly (typeof HAMMER_POOL_KINDS)[number][] = hammerPoolRequest.options.map((o) => o.shape.kind.value);
void _poolKinds;

/** Commands after `hello`. */
export const commandMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('roll'),
    requestId,
    notation: z.string().min(1).max(MAX_NOTATION_LENGTH),
    visibility,
    label: z.string().max(MAX_LABEL_LENGTH).optional(),
    faces: z.array(z.number().int()).min(1).max(MAX_PHYSICAL_FACES).optional(),
  }),
  z.object({
    kind: z.literal('check'),
    requestId,
    check: z.string().min(1).max(60),
    params: z.record(z.string().max(60), paramValue).refine((p) => Object.keys(p).length <= MAX_CHECK_PARAMS, `at most ${MAX_CHECK_PARAMS} parameters`),
    visibility,
    label: z.string().max(MAX_LABEL_LENGTH).optional(),
    characterId: id.optional(),
  }),
  z.object({
    kind: z.literal('usage'),
    requestId,
    die: z.number().int().min(1).max(1000).optional(),
    label: z.string().max(MAX_LABEL_LENGTH).default(''),
    visibility: visibility.default('public'),
    characterId: id.optional(),
    path: z.string().min(1).max(200).optional(),
  }),
  z.object({ kind: z.literal('character-save'), requestId, character: z.unknown(), characterId: id.optional() }),
  z.object({ kind: z.literal('character-remove'), requestId, characterId: id }),
  z.object({ kind: z.literal('combat'), requestId, action: combatAction }),
  z.object({ kind: z.literal('settings'), requestId, settings }),
  z.object({ kind: z.literal('venture'), requestId, command: ventureCommand }),
  z.object({ kind: z.literal('magick'), requestId, characterId: id, command: magickCommand }),
  z.object({
    kind: z.literal('hammer'),
    requestId,
    pool: hammerPoolRequest,
    visibility,
    label: z.string().max(MAX_LABEL_LENGTH).optional(),
    characterId: id.optional(),
    hammerPlus: z.union([z.enum(['hammer', 'set-aside']), hammerCount]).optional(),
    faces: z.array(z.number().int()).min(1).max(MAX_HAMMER_POOL_DICE).optional(),
  }),
  z.object({ kind: z.literal('ping') }),
]);

/** Every message kind a client may send after `hello` (and `hello` itself): a message of another kind is `protocol/unknown-kind`. */
export const MESSAGE_KINDS: readonly string[] = ['hello', ...commandMessage.options.map((o) => o.shape.kind.value)];

/** A parsed command message. */
export type CommandMessage = z.infer<typeof commandMessage>;

/** Turns a parsed message into the table's command type (zod's optional fields to exact optionals). */
export function toTableCommand(m: Exclude<CommandMessage, { kind: 'ping' }>): TableCommand {
  return stripUndefined(m) as unknown as TableCommand;
}

/** The combat action type, as the schema reads it. */
export type WireCombatAction = z.infer<typeof combatAction> & CombatAction;

function stripUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripUndefined);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = stripUndefined(v);
    return out;
  }
  return value;
}

/** One line naming the first problem of a failed parse: "notation: Too big: expected string to have <=256 characters". */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid message';
  const path = issue.path.length === 0 ? '' : `${issue.path.map(String).join('.')}: `;
  return `${path}${issue.message}`;
}

/** A parsed shape with zod's `?: T | undefined` read as an exact optional, as `toTableCommand` leaves it. */
type Stripped<T> = T extends readonly (infer U)[] ? readonly Stripped<U>[] : T extends object ? { [K in keyof T]: Stripped<Exclude<T[K], undefined>> } : T;

// The HAMMERCRAWL! schemas give the pure modules the types they expect (a compile-time check).
const _ventureTyped: TableVentureCommand = null as unknown as Stripped<z.infer<typeof ventureCommand>>;
const _magickTyped: TableMagickCommand = null as unknown as Stripped<z.infer<typeof magickCommand>>;
const _poolTyped: HammerPoolRequest = null as unknown as Stripped<z.infer<typeof hammerPoolRequest>>;
void _ventureTyped;
void _magickTyped;
void _poolTyped;
