/**
 * The shapes of the protocol (docs/protocol.md) as zod schemas: every HTTP body and WebSocket message
 * is read through these before it reaches the table, so the table core sees typed values only.
 */
import { z } from 'zod';
import { RULESET_IDS } from '../rules/catalogue.js';
import { MAX_NOTES_LENGTH } from '../rules/character-play.js';
import type { RuleSystem } from '../rules/rule-system.js';
import { COMBAT_ACTION_TYPES, MAX_MONSTER_LINE_LENGTH } from '../table/combat.js';
import type { TableCommand } from '../table/commands.js';
import { VISIBILITIES } from '../table/events.js';
import { MAX_CHAT_LENGTH, MAX_COMBATANT_SCORE, MAX_CONDITION_LENGTH, MAX_LABEL_LENGTH, MAX_MEMBER_NAME_LENGTH, MAX_REQUEST_ID_LENGTH, MAX_TABLE_NAME_LENGTH } from '../table/limits.js';
import { MAX_NOTATION_LENGTH } from '../dice/limits.js';
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
/** A character change's parameter: notes are longer than a check's text. */
const changeParamValue = z.union([z.number().finite(), z.string().max(MAX_NOTES_LENGTH), z.boolean()]);
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
  /** The client's nonce for a verifiable roll (src/table/epochs.ts; checked by `nonceProblem`). */
  nonce: z.string().optional(),
});

/** `POST /api/tables/:id/seat`: whose seat gets a new token (default: the sender's own). */
export const seatBody = z.object({ memberId: id.optional() });

/** `GET /api/tables/:id/summary` query: the invite code the page was opened with, if any. */
export const summaryQuery = z.object({ invite: z.string().max(100).optional() });

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
  stats: z.record(z.string().max(20), z.number().int().min(-MAX_COMBATANT_SCORE).max(MAX_COMBATANT_SCORE)).optional(),
  isLeader: z.boolean().optional(),
  monster: z.string().max(MAX_MONSTER_LINE_LENGTH).optional(),
  isRevealed: z.boolean().optional(),
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
]);

// Keep the schema and the table's action list in step.
const _combatTypes: readonly (typeof COMBAT_ACTION_TYPES)[number][] = combatAction.options.map((o) => o.shape.type.value);
void _combatTypes;

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
  z.object({
    kind: z.literal('character-change'),
    requestId,
    characterId: id,
    change: z.string().min(1).max(60),
    params: z.record(z.string().max(60), changeParamValue).refine((p) => Object.keys(p).length <= MAX_CHECK_PARAMS, `at most ${MAX_CHECK_PARAMS} parameters`).default({}),
  }),
  z.object({ kind: z.literal('character-undo'), requestId, characterId: id }),
  z.object({ kind: z.literal('combat'), requestId, action: combatAction }),
  z.object({ kind: z.literal('settings'), requestId, settings }),
  z.object({ kind: z.literal('chat'), requestId, text: z.string().max(MAX_CHAT_LENGTH * 2), to: id.optional() }),
  z.object({ kind: z.literal('member-rename'), requestId, memberId: id, name: z.string().max(MAX_MEMBER_NAME_LENGTH * 2) }),
  z.object({ kind: z.literal('member-remove'), requestId, memberId: id }),
  z.object({ kind: z.literal('character-owner'), requestId, characterId: id, ownerId: id }),
  z.object({ kind: z.literal('ping') }),
]);

/** Every message kind any table takes after `hello` (and `hello` itself); a ruleset's extension adds its own. */
export const MESSAGE_KINDS: readonly string[] = ['hello', ...commandMessage.options.map((o) => o.shape.kind.value)];

/** The kinds every table counts against the sender's roll rate; a ruleset's own say so themselves. */
const ROLLING_KINDS: readonly string[] = ['roll', 'check', 'usage'];

/**
 * The kinds that count against the sender's rate like a roll although they roll nothing: a chat
 * message is as cheap to send and as costly to every socket at the table.
 */
const RATED_KINDS: readonly string[] = ['chat'];

/** A parsed command message. */
export type CommandMessage = z.infer<typeof commandMessage>;

/** A command message as a client writes it, before the schema's defaults (the web table's commands are these). */
export type CommandMessageInput = z.input<typeof commandMessage>;

/** Turns a parsed message into the table's command type (zod's optional fields to exact optionals). */
export function toTableCommand(m: Exclude<CommandMessage, { kind: 'ping' }>): TableCommand {
  return stripUndefined(m) as unknown as TableCommand;
}

/**
 * How deep `stripUndefined` looks: the schemas' optional fields sit a few levels down, and below them
 * is JSON from the socket, which holds no undefined (a document nested ten thousand deep must not
 * overflow the stack).
 */
const STRIP_DEPTH = 8;

function stripUndefined(value: unknown, depth = 0): unknown {
  if (depth >= STRIP_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => stripUndefined(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = stripUndefined(v, depth + 1);
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

/** A command message read for a table: the table's command, and whether it counts as a roll. */
export type ReadMessage =
  | { readonly ok: true; readonly command: TableCommand | { readonly kind: 'ping' }; readonly rollsDice: boolean }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly requestId?: string };

function failure(code: string, message: string, json: unknown): ReadMessage {
  const rid = (json as { requestId?: unknown } | null)?.requestId;
  return typeof rid === 'string' ? { ok: false, code, message, requestId: rid.slice(0, MAX_REQUEST_ID_LENGTH) } : { ok: false, code, message };
}

/**
 * Reads a message after `hello` at a table of `rules`: a kind every table takes through the schemas
 * above, a kind the ruleset's extension declares through its own reader (`TableExtension.readCommand`).
 * A kind that only another ruleset (of `known`) declares is `table/not-in-ruleset`; any other kind is
 * `protocol/unknown-kind`.
 */
export function readCommandMessage(json: unknown, rules: RuleSystem, known: Iterable<RuleSystem>): ReadMessage {
  const kind = (json as { kind?: unknown } | null)?.kind;
  const actionType = (json as { action?: { type?: unknown } } | null)?.action?.type;
  const declared = (rs: RuleSystem) =>
    rs.table?.commands.find((c) => c.kind === kind) ?? (kind === 'combat' ? rs.table?.combatActions.find((a) => a.kind === actionType) : undefined);
  const own = declared(rules);
  const extension = rules.table;
  if (own !== undefined && extension !== undefined) {
    const read = extension.readCommand(json);
    if (!read.ok) return failure('protocol/malformed', read.error.message, json);
    return { ok: true, command: { kind: 'ruleset', requestId: extension.requestIdOf(read.value), command: read.value }, rollsDice: own.rollsDice };
  }
  const parsed = commandMessage.safeParse(json);
  if (parsed.success) {
    const m = parsed.data;
    if (m.kind === 'ping') return { ok: true, command: m, rollsDice: false };
    // A character change counts as a roll when the ruleset's change rolls dice.
    const rollsDice = ROLLING_KINDS.includes(m.kind) || RATED_KINDS.includes(m.kind) || (m.kind === 'character-change' && rules.play?.changes.find((c) => c.id === m.change)?.rollsDice === true);
    return { ok: true, command: toTableCommand(m), rollsDice };
  }
  for (const other of known) {
    if (other.id !== rules.id && declared(other) !== undefined) {
      const what = kind === 'combat' ? `Tracker ${String(actionType).slice(0, 40)} actions` : `${String(kind)} commands`;
      return failure('table/not-in-ruleset', `${what} belong to ${other.label}; this table plays ${rules.label}.`, json);
    }
  }
  if (typeof kind === 'string' && !MESSAGE_KINDS.includes(kind)) return failure('protocol/unknown-kind', `Unknown message kind ${kind.slice(0, 40)}.`, json);
  return failure('protocol/malformed', describeIssues(parsed.error), json);
}
