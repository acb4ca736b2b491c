/**
 * Commands to a table: validated against the permission matrix, the limits and the table's ruleset,
 * then turned into events. Rolls happen here, with the injected `rng`, and their faces go into the
 * events; the server stores the events and acknowledges the command after the commit.
 */
import { DiceError } from '../dice/errors.js';
import { scriptedRandom, type RandomSource } from '../dice/random.js';
import { rollNotation } from '../dice/roll.js';
import type { DiceChain } from '../dice/dice-chain.js';
import type { DiceOptions } from '../dice/resolve.js';
import { withHistory } from '../rules/character-play.js';
import { forbidden, readParam, readRollLabel, settingsProblem, unknownParam, tableCharacter, type CharacterChangeRecord, type ExtensionEvent, type ParamDef, type ParamRecord, type RuleSystem, type TableExtension } from '../rules/rule-system.js';
import { dieLike, syncCombatants, valueAt, writeAt, writeTrackerValues } from './character-link.js';
import { rollCombatAction, withoutCharacter, type CombatAction } from './combat.js';
import { declaredVisibility, eventOfKind, isTableEventKind, type NewTableEvent, type RulesetEvent, type RulesetEventKind, type Role, type TableCharacter, type TableSettings, type Visibility } from './events.js';
import { MAX_CHANGE_PARAMS_JSON_LENGTH, MAX_CHARACTER_JSON_LENGTH, MAX_CHARACTERS, MAX_CHAT_LENGTH, MAX_MEMBER_NAME_LENGTH, MAX_SETTINGS_JSON_LENGTH } from './limits.js';
import { can, canAt } from './permissions.js';
import { isEntitled } from './project.js';
import { done, refuse, type TableResult } from './result.js';
import type { TableState } from './state.js';

/** A command a member sends (docs/protocol.md, Commands). */
export type TableCommand =
  | {
      readonly kind: 'roll';
      readonly requestId: string;
      readonly notation: string;
      readonly visibility: Visibility;
      readonly label?: string;
      /** Faces of physical dice thrown at the table, in the order the roller reads them. */
      readonly faces?: readonly number[];
    }
  | {
      readonly kind: 'check';
      readonly requestId: string;
      readonly check: string;
      readonly params: ParamRecord;
      readonly visibility: Visibility;
      readonly label?: string;
      readonly characterId?: string;
    }
  | {
      readonly kind: 'usage';
      readonly requestId: string;
      /** The die to roll; may be left out when `path` names it on the character. */
      readonly die?: number;
      readonly label: string;
      readonly visibility: Visibility;
      readonly characterId?: string;
      /**
       * JSON pointer (RFC 6901) to the usage die on the character's document ("/inventory/items/2/resourceDie",
       * "/healthDie"): the die is read there and the die after the roll written back, in the same commit.
       */
      readonly path?: string;
    }
  | { readonly kind: 'character-save'; readonly requestId: string; readonly character: unknown; readonly characterId?: string }
  | { readonly kind: 'character-remove'; readonly requestId: string; readonly characterId: string }
  /** A rule of the table's ruleset that changes a character (`RuleSystem.play`: damage, a rest, XP, a level-up, an edit). */
  | { readonly kind: 'character-change'; readonly requestId: string; readonly characterId: string; readonly change: string; readonly params: ParamRecord }
  /** The Smith restores a character's document from before its last change. */
  | { readonly kind: 'character-undo'; readonly requestId: string; readonly characterId: string }
  | { readonly kind: 'combat'; readonly requestId: string; readonly action: CombatAction }
  | { readonly kind: 'settings'; readonly requestId: string; readonly settings: TableSettings }
  /** A chat message; `to` (a member id) makes it a whisper: a player's to the Smith, the Smith's to anyone. */
  | { readonly kind: 'chat'; readonly requestId: string; readonly text: string; readonly to?: string }
  /** A member renamed (by themselves or the Smith) or removed (by the Smith). */
  | { readonly kind: 'member-rename'; readonly requestId: string; readonly memberId: string; readonly name: string }
  | { readonly kind: 'member-remove'; readonly requestId: string; readonly memberId: string }
  /** The Smith hands a character to another member (a player who joined again, a character left behind). */
  | { readonly kind: 'character-owner'; readonly requestId: string; readonly characterId: string; readonly ownerId: string }
  /**
   * A command of the table's ruleset (a kind its extension declares: HAMMERCRAWL!'s `venture`, `magick`,
   * `hammer`, a tracker `attack`), as the extension read it (`TableExtension.readCommand`).
   */
  | { readonly kind: 'ruleset'; readonly requestId: string; readonly command: unknown };

/** Where a die sits in a document, and how it is written there ("d8" or 8). */
interface DieSlot {
  readonly keys: readonly string[];
  readonly sides: number;
  readonly previous: unknown;
}

/** Reads the die at a JSON pointer of a document. */
function dieAt(document: unknown, pointer: string): TableResult<DieSlot> {
  const found = valueAt(document, pointer);
  if (!found.ok) return found;
  const { keys, value } = found.value;
  if (value === null) return refuse('table/depleted', `The die at ${pointer} is depleted; restore it first.`);
  if (typeof value === 'number' && Number.isInteger(value)) return done({ keys, sides: value, previous: value });
  const m = typeof value === 'string' ? /^d(\d+)$/.exec(value) : null;
  if (m !== null) return done({ keys, sides: Number(m[1]), previous: value });
  return refuse('table/not-a-die', `The value at ${pointer} is not a die.`);
}

/**
 * A character document as the table keeps it: within the size limit, read by the ruleset (the problem
 * worded by `explain`), and stored as the ruleset read it.
 */
function checkedDocument(rules: RuleSystem, document: unknown, explain: (p: { readonly message: string; readonly path?: string }) => string): TableResult<{ [key: string]: unknown }> {
  // The history the table appends is bounded on its own (MAX_HISTORY_ENTRIES lines): the limit is the rest's.
  const rest = document !== null && typeof document === 'object' && !Array.isArray(document) && Object.hasOwn(document, 'history') ? { ...(document as Record<string, unknown>), history: undefined } : document;
  const text = JSON.stringify(rest) ?? '';
  if (text.length > MAX_CHARACTER_JSON_LENGTH) {
    return refuse('table/character-too-large', `A character document is at most ${MAX_CHARACTER_JSON_LENGTH} characters of JSON (its history aside), got ${text.length}.`);
  }
  const read = rules.readCharacter(document);
  if (!read.ok) return refuse(read.error.code, explain(read.error));
  return done(JSON.parse(JSON.stringify(read.value)) as { [key: string]: unknown });
}

/** The name a history entry gives the sender: their member name, else their role. */
function nameOf(state: TableState, actor: Actor): string {
  return state.members.find((m) => m.id === actor.id)?.name ?? actor.role;
}

/**
 * The `character-saved` event of a change to `character`: its history entry appended (who, when,
 * what), then held to the table's limits and read by the ruleset.
 */
function savedEvent(state: TableState, actor: Actor, context: CommandContext, character: TableCharacter, document: { readonly [key: string]: unknown }, change: CharacterChangeRecord): TableResult<NewTableEvent> {
  const recorded = withHistory(document, {
    at: context.now,
    by: nameOf(state, actor),
    change: change.id,
    summary: change.summary,
    ...(change.isOverride === true ? { isOverride: true as const } : {}),
  });
  const checked = checkedDocument(context.rules, recorded, (p) => `The character would no longer be valid: ${p.message}${p.path === undefined ? '' : ` (at ${p.path})`}`);
  if (!checked.ok) return checked;
  return done({ kind: 'character-saved', body: { character: { id: character.id, ownerId: character.ownerId, document: checked.value }, change } });
}

/** The top-level fields of a document that differ from `before` (its history aside), for an edit's summary. */
function changedFields(before: { readonly [key: string]: unknown }, after: { readonly [key: string]: unknown }): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('history');
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** True when `text` holds half of a surrogate pair on its own (not well-formed UTF-16). */
export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** A name as the table compares names: trimmed, composed, case folded ("Mora", " mora " and "MORA" are one). */
export function nameKey(name: string): string {
  return name.trim().normalize('NFC').toLocaleLowerCase('en');
}

/**
 * Why `name` cannot be a member's name at this table, or null: empty, too long, not well-formed text
 * or holding control characters, taken by another member now at the table (`exceptId` aside), or, for
 * anyone but the Smith, the Smith's title itself.
 */
export function memberNameProblem(state: Pick<TableState, 'members'>, name: string, role: Role, exceptId?: string): TableResult<string> {
  const text = name.trim().normalize('NFC');
  if (text.length === 0) return refuse('member/empty-name', 'A name must not be empty.', '$.name');
  if (text.length > MAX_MEMBER_NAME_LENGTH) return refuse('member/name-too-long', `A name is at most ${MAX_MEMBER_NAME_LENGTH} characters, got ${text.length}.`, '$.name');
  // eslint-disable-next-line no-control-regex
  if (hasLoneSurrogate(text) || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text)) return refuse('member/bad-name', 'A name is letters, digits, spaces and punctuation: no control characters or broken text.', '$.name');
  const key = nameKey(text);
  if (role !== 'smith' && key === 'smith') return refuse('member/name-taken', '"Smith" is the game master\'s title at every table; choose another name.', '$.name');
  const other = state.members.find((m) => m.id !== exceptId && nameKey(m.name) === key);
  if (other !== undefined) return refuse('member/name-taken', `${other.name} is already at this table; choose another name (add an initial, or a nickname).`, '$.name');
  return done(text);
}

/** Who sends a command. */
export interface Actor {
  readonly id: string;
  readonly role: Role;
}

/** What a command needs besides the state: dice and the table's ruleset. */
export interface CommandContext {
  readonly rng: RandomSource;
  readonly rules: RuleSystem;
  /** The server's clock (ms since the epoch) when the command is decided: light timers run on it. */
  readonly now: number;
}


function characterOf(state: TableState, id: string): TableResult<TableCharacter> {
  return tableCharacter(state.characters, id);
}

function mayTouch(actor: Actor, character: TableCharacter, own: 'character-save-own' | 'character-remove-own', any: 'character-save-any' | 'character-remove-any'): boolean {
  return can(actor.role, any) || (can(actor.role, own) && character.ownerId === actor.id);
}

/**
 * The dice options of a table: its ruleset's chain, and for a chain that lets the table choose, the
 * `below-d3` setting (`clamp` or `negate`; ruling D-1). The web table's odds read the same settings.
 */
export function tableDiceOptions(state: TableState, rules: RuleSystem): DiceOptions {
  return diceOptionsOf(rules.chain, state.settings);
}

/** The dice options of a chain under a table's settings (`tableDiceOptions`; verification replays rolls with them). */
export function diceOptionsOf(chain: DiceChain, settings: TableSettings): DiceOptions {
  const setting = settings['below-d3'];
  const belowBottom = setting === 'clamp' || setting === 'negate' ? setting : undefined;
  return chain.belowBottomIsChoice && belowBottom !== undefined ? { chain, belowBottom } : { chain };
}

function rollDice(rng: RandomSource, notation: string, faces: readonly number[] | undefined, options: DiceOptions): TableResult<ReturnType<typeof rollNotation>> {
  try {
    if (faces === undefined) return done(rollNotation(rng, notation, options));
    const script = scriptedRandom(faces);
    const record = rollNotation(script, notation, options);
    if (script.remaining > 0) {
      return refuse('dice/too-many-faces', `${notation} used ${script.used} of the ${faces.length} faces entered; enter exactly the dice thrown.`);
    }
    return done(record);
  } catch (e) {
    if (e instanceof DiceError) {
      if (e.code === 'random/script-exhausted') return refuse('dice/too-few-faces', `${notation} needs more dice than the ${faces?.length ?? 0} faces entered.`);
      if (e.code === 'random/script-out-of-range') return refuse('dice/face-out-of-range', `A face entered cannot come up on its die: ${e.message}.`);
      return refuse(e.code, e.message);
    }
    throw e;
  }
}

/**
 * Decides a command: the events it makes, or why it is refused. Nothing is changed here; the
 * caller stores the events (one transaction) and folds them in. The tracker follows the characters the
 * command changes (`withTrackerSync`).
 */
export function rollCommand(state: TableState, actor: Actor, command: TableCommand, context: CommandContext): TableResult<NewTableEvent[]> {
  const decided = decideCommand(state, actor, command, context);
  if (!decided.ok) return decided;
  const secret = secretOf(decided.value);
  return done(secret === null ? withTrackerSync(decided.value, state, context.rules) : withSecretConsequences(decided.value, secret));
}

/**
 * The most secret visibility a command's rolls declare (blind before Smith-only), or null when every
 * one is public. A character change is no roll: its own visibility is what this gives it.
 */
function secretOf(events: readonly NewTableEvent[]): Exclude<Visibility, 'public'> | null {
  let secret: Exclude<Visibility, 'public'> | null = null;
  for (const e of events) {
    if (e.kind === 'character-saved') continue;
    const v = declaredVisibility(e.body as { readonly [key: string]: unknown });
    if (v === 'blind' || v === 'invalid') return 'blind';
    if (v === 'smith') secret = 'smith';
  }
  return secret;
}

/**
 * A secret roll's consequences are as secret as the roll (ruling TB-21): each character it changes is
 * saved with the roll's visibility, so it reaches the others redacted on every path; the tracker does not
 * follow the sheet here (its change would be public), but at the next public change.
 */
function withSecretConsequences(events: NewTableEvent[], visibility: Exclude<Visibility, 'public'>): NewTableEvent[] {
  return events.map((e) => {
    const saved = eventOfKind(e, 'character-saved');
    if (saved === null || saved.body.visibility === visibility || saved.body.visibility === 'blind') return e;
    return { kind: 'character-saved', body: { ...saved.body, visibility } };
  });
}

/**
 * Why a secret usage roll may not write on `character`'s sheet, or null: its owner reads the sheet,
 * so the owner must be entitled to the roll (the owner's own Smith-only roll, or any roll on the
 * Smith's own characters). Otherwise the owner's sheet would hide the die it shows them (TB-21).
 */
function secretUsageProblem(state: TableState, actor: Actor, character: TableCharacter, visibility: Visibility): TableResult<null> {
  if (visibility === 'public') return done(null);
  const owner = state.members.find((m) => m.id === character.ownerId);
  // A character whose owner left the table is the Smith's to change.
  if (owner === undefined || isEntitled(owner, visibility, actor.id)) return done(null);
  const roll = visibility === 'blind' ? 'a blind roll (the Smith alone sees it)' : "another member's Smith-only roll";
  return refuse(
    'table/secret-usage-on-sheet',
    `${owner.name} reads this sheet but may not see ${roll}, so it cannot step the die there: roll it publicly${visibility === 'blind' ? ' or Smith-only by its owner' : ''}, or roll the die without its path and write the result on the sheet after.`,
    '$.visibility',
  );
}

/**
 * `events` with the tracker showing the characters as they stand after them: each tracker change of
 * the command shows its characters' Health and Armour from their documents, and a command that changes
 * a character in the tracker without changing the tracker gets a tracker change first.
 */
function withTrackerSync(events: NewTableEvent[], state: TableState, rules: RuleSystem): NewTableEvent[] {
  const saved = events.flatMap((e) => {
    const s = eventOfKind(e, 'character-saved');
    return s === null ? [] : [s.body.character];
  });
  const hasCombat = events.some((e) => e.kind === 'combat-changed');
  if (saved.length === 0 && !hasCombat) return events;
  const characters = state.characters.map((c) => [...saved].reverse().find((x) => x.id === c.id) ?? c);
  if (hasCombat) {
    return events.map((e) => {
      const cc = eventOfKind(e, 'combat-changed');
      if (cc === null) return e;
      const combat = syncCombatants(cc.body.combat, characters, rules);
      return combat === cc.body.combat ? e : { kind: 'combat-changed', body: { ...cc.body, combat } };
    });
  }
  const combat = syncCombatants(state.combat, characters, rules);
  if (combat === state.combat) return events;
  const names = combat.combatants.filter((c, i) => c !== state.combat.combatants[i]).map((c) => c.name);
  return [{ kind: 'combat-changed', body: { combat, summary: `The tracker follows ${names.join(', ')}'s sheet.` } }, ...events];
}

/** Decides a command without the tracker's follow-up. */
function decideCommand(state: TableState, actor: Actor, command: TableCommand, context: CommandContext): TableResult<NewTableEvent[]> {
  switch (command.kind) {
    case 'roll': {
      if (!can(actor.role, 'roll')) return forbidden('roll dice');
      const label = readRollLabel(command.label);
      if (!label.ok) return label;
      const rolled = rollDice(context.rng, command.notation, command.faces, tableDiceOptions(state, context.rules));
      if (!rolled.ok) return rolled;
      return done([
        {
          kind: 'rolled',
          body: {
            requestId: command.requestId,
            notation: rolled.value.notation,
            visibility: command.visibility,
            record: rolled.value,
            ...(label.value !== undefined ? { label: label.value } : {}),
            ...(command.faces !== undefined ? { isPhysical: true } : {}),
          },
        },
      ]);
    }
    case 'check': {
      if (!can(actor.role, 'check')) return forbidden('make checks');
      const label = readRollLabel(command.label);
      if (!label.ok) return label;
      if (command.characterId !== undefined) {
        const c = characterOf(state, command.characterId);
        if (!c.ok) return c;
      }
      // A parameter that mirrors a table setting takes the table's ruling: a check cannot step around it.
      const def = context.rules.checks.find((k) => k.id === command.check);
      const fromTable = def === undefined ? {} : settingParams(def.params, state.settings);
      for (const [name, value] of Object.entries(fromTable)) {
        if (Object.hasOwn(command.params, name) && command.params[name] !== value) {
          return refuse('check/setting-differs', `This table's setting ${name} is ${String(value)}: leave ${name} out of the check (the table fills it), or ask the Smith to change the setting.`, `$.params.${name}`);
        }
      }
      const params: ParamRecord = { ...command.params, ...fromTable };
      const result = context.rules.rollCheck(context.rng, { check: command.check, params });
      if (!result.ok) return refuse(result.error.code, result.error.message);
      return done([
        {
          kind: 'checked',
          body: {
            requestId: command.requestId,
            check: command.check,
            params,
            visibility: command.visibility,
            result: result.value,
            ...(label.value !== undefined ? { label: label.value } : {}),
            ...(command.characterId !== undefined ? { characterId: command.characterId } : {}),
          },
        },
      ]);
    }
    case 'usage': {
      if (!can(actor.role, 'usage')) return forbidden('roll usage dice');
      const label = readRollLabel(command.label);
      if (!label.ok) return label;
      let character: TableCharacter | null = null;
      if (command.characterId !== undefined) {
        const c = characterOf(state, command.characterId);
        if (!c.ok) return c;
        character = c.value;
      }
      let die = command.die;
      let slot: DieSlot | null = null;
      if (command.path !== undefined) {
        if (character === null) return refuse('table/path-needs-character', 'A usage die path needs the characterId of the document it points into.');
        if (!mayTouch(actor, character, 'character-save-own', 'character-save-any')) return forbidden("change another player's character");
        const found = dieAt(character.document, command.path);
        if (!found.ok) return found;
        slot = found.value;
        if (die !== undefined && die !== slot.sides) return refuse('table/die-mismatch', `The character's die at ${command.path} is d${slot.sides}, not d${die}; reload the sheet.`);
        const secret = secretUsageProblem(state, actor, character, command.visibility);
        if (!secret.ok) return secret;
        die = slot.sides;
      }
      if (die === undefined) return refuse('table/no-die', 'Name the die to roll, or the path of the die on a character.');
      const used = context.rules.rollUsage(context.rng, die);
      if (!used.ok) return refuse(used.error.code, used.error.message);
      const events: NewTableEvent[] = [
        {
          kind: 'usage-rolled',
          body: {
            requestId: command.requestId,
            label: label.value ?? context.rules.usageDie.label,
            visibility: command.visibility,
            die: used.value.die,
            face: used.value.face,
            after: used.value.after,
            explanation: used.value.explanation,
            ...(command.characterId !== undefined ? { characterId: command.characterId } : {}),
            ...(command.path !== undefined ? { path: command.path } : {}),
          },
        },
      ];
      // A secret roll saves the sheet whether or not the die stepped down: others see the same events either way (TB-21).
      if (slot !== null && character !== null && (used.value.after !== slot.sides || command.visibility !== 'public')) {
        const isHeld = used.value.after === slot.sides;
        const document = isHeld ? character.document : writeAt(character.document, slot.keys, dieLike(slot.previous, used.value.after));
        const title = label.value ?? context.rules.usageDie.label;
        const summary = isHeld ? `${title}: d${used.value.die} held` : `${title}: d${used.value.die} -> ${used.value.after === null ? 'depleted' : `d${used.value.after}`}`;
        const saved = savedEvent(state, actor, context, character, document, { id: 'usage', summary });
        if (!saved.ok) return saved;
        events.push(saved.value);
      }
      return done(events);
    }
    case 'character-save': {
      const checked = checkedDocument(context.rules, command.character, (p) => `${p.message}${p.path === undefined ? '' : ` (at ${p.path})`}`);
      if (!checked.ok) return checked;
      if (command.characterId === undefined) {
        if (!can(actor.role, 'character-save-own')) return forbidden('create characters');
        if (state.characters.length >= MAX_CHARACTERS) return refuse('table/too-many-characters', `A table holds at most ${MAX_CHARACTERS} characters; remove one first.`);
        const character: TableCharacter = { id: `ch${state.nextCharacter}`, ownerId: actor.id, document: checked.value };
        const made = savedEvent(state, actor, context, character, checked.value, { id: 'created', summary: 'Came to the table.' });
        return made.ok ? done([made.value]) : made;
      }
      const existing = characterOf(state, command.characterId);
      if (!existing.ok) return existing;
      if (!mayTouch(actor, existing.value, 'character-save-own', 'character-save-any')) return forbidden("edit another player's character");
      // A whole document replaced: what changed is named; the Smith's on another's character is an override.
      const fields = changedFields(existing.value.document, checked.value);
      const isOverride = existing.value.ownerId !== actor.id;
      const summary = `${isOverride ? 'The Smith replaced the sheet' : 'Replaced the sheet'}${fields.length === 0 ? ' (no change)' : `: ${fields.join(', ')}`}.`;
      const made = savedEvent(state, actor, context, existing.value, checked.value, { id: isOverride ? 'override' : 'edit', summary, ...(isOverride ? { isOverride: true as const } : {}) });
      return made.ok ? done([made.value]) : made;
    }
    case 'character-change':
      return rollCharacterChange(state, actor, command, context);
    case 'character-undo': {
      if (!can(actor.role, 'character-undo')) return forbidden("undo a change to a character (that is the Smith's)");
      const existing = characterOf(state, command.characterId);
      if (!existing.ok) return existing;
      const previous = Object.hasOwn(state.previous, existing.value.id) ? state.previous[existing.value.id]! : undefined;
      if (previous === undefined) {
        return refuse('table/nothing-to-undo', 'Nothing to undo: the last change to this character was undone already, or it has not changed since it came to the table.');
      }
      const summary = `Undid: ${previous.summary}`;
      const made = savedEvent(state, actor, context, existing.value, previous.document, { id: 'undo', summary, isUndo: true, isOverride: true });
      return made.ok ? done([made.value]) : made;
    }
    case 'character-remove': {
      const existing = characterOf(state, command.characterId);
      if (!existing.ok) return existing;
      if (!mayTouch(actor, existing.value, 'character-remove-own', 'character-remove-any')) return forbidden("remove another player's character");
      // A character that leaves the table leaves the fight too, the turn passing on if it was acting.
      const left = withoutCharacter(state.combat, existing.value.id);
      return done([...(left !== null ? [{ kind: 'combat-changed' as const, body: left }] : []), { kind: 'character-removed', body: { characterId: existing.value.id } }]);
    }
    case 'combat': {
      if (!can(actor.role, 'combat')) return forbidden('run the combat tracker');
      const changed = rollCombatAction(context.rng, context.rules, state.combat, command.action, state.characters);
      if (!changed.ok) return changed;
      const events: NewTableEvent[] = [{ kind: 'combat-changed', body: changed.value }];
      // The Smith's Health or Armour for a character's combatant is written on the character's sheet.
      const action = command.action;
      if (action.type === 'update' && (action.health !== undefined || action.armour !== undefined)) {
        const combatant = state.combat.combatants.find((c) => c.id === action.combatantId);
        const character = combatant?.characterId === undefined ? undefined : state.characters.find((c) => c.id === combatant.characterId);
        if (character !== undefined) {
          const written = writeTrackerValues(context.rules, character, { ...(action.health !== undefined ? { health: action.health } : {}), ...(action.armour !== undefined ? { armour: action.armour } : {}) });
          if (!written.ok) return written;
          if (written.value !== null) {
            const saved = savedEvent(state, actor, context, character, written.value.document, { id: 'tracker', summary: written.value.summary });
            if (!saved.ok) return saved;
            events.push(saved.value);
          }
        }
      }
      return done(events);
    }
    case 'ruleset':
      return rollRulesetCommand(state, actor, command.command, context);
    case 'chat':
      return chatCommand(state, actor, command);
    case 'member-rename':
    case 'member-remove':
      return memberCommand(state, actor, command);
    case 'character-owner': {
      if (!can(actor.role, 'members')) return forbidden("hand a character to another member (that is the Smith's)");
      const existing = characterOf(state, command.characterId);
      if (!existing.ok) return existing;
      const owner = state.members.find((m) => m.id === command.ownerId);
      if (owner === undefined) return refuse('member/no-such-member', `No member ${command.ownerId.slice(0, 64)} at this table.`, '$.ownerId');
      if (owner.role === 'observer') return refuse('member/observer', `${owner.name} is an observer; observers hold no characters.`, '$.ownerId');
      if (owner.id === existing.value.ownerId) return refuse('member/already-owner', `${owner.name} already holds this character.`, '$.ownerId');
      const character = { ...existing.value, ownerId: owner.id };
      const made = savedEvent(state, actor, context, character, existing.value.document, { id: 'owner', summary: `Handed to ${owner.name}.`, isOverride: true });
      return made.ok ? done([made.value]) : made;
    }
    case 'settings': {
      if (!can(actor.role, 'settings')) return forbidden('change the table settings');
      const text = JSON.stringify(command.settings);
      if (text.length > MAX_SETTINGS_JSON_LENGTH) return refuse('table/settings-too-large', `Settings are at most ${MAX_SETTINGS_JSON_LENGTH} characters of JSON.`);
      const bad = settingsProblem(context.rules.settings, command.settings);
      if (bad !== null) return refuse(bad.code, bad.message);
      return done([{ kind: 'settings-changed', body: { settings: command.settings } }]);
    }
  }
}

/** A chat message: its text within the limit; a whisper to a member now at the table, a player's to the Smith only. */
function chatCommand(state: TableState, actor: Actor, command: Extract<TableCommand, { kind: 'chat' }>): TableResult<NewTableEvent[]> {
  if (!can(actor.role, 'chat')) return forbidden('chat');
  const text = command.text.trim();
  if (text.length === 0) return refuse('chat/empty', 'Type something to say.', '$.text');
  if (text.length > MAX_CHAT_LENGTH) return refuse('chat/too-long', `A message is at most ${MAX_CHAT_LENGTH} characters, got ${text.length}.`, '$.text');
  if (hasLoneSurrogate(text)) return refuse('chat/bad-text', 'The message holds broken text (a lone surrogate).', '$.text');
  if (command.to === undefined) return done([{ kind: 'chatted', body: { requestId: command.requestId, text, visibility: 'public' } }]);
  const to = state.members.find((m) => m.id === command.to);
  if (to === undefined) return refuse('member/no-such-member', `No member ${command.to.slice(0, 64)} at this table to whisper to.`, '$.to');
  if (to.id === actor.id) return refuse('chat/whisper-self', 'A whisper goes to someone else.', '$.to');
  if (to.role !== 'smith' && !can(actor.role, 'whisper-any')) return forbidden('whisper to anyone but the Smith');
  return done([{ kind: 'chatted', body: { requestId: command.requestId, text, visibility: 'smith', to: to.id } }]);
}

/** A member renamed (themselves, or anyone by the Smith) or removed by the Smith (never the Smith). */
function memberCommand(state: TableState, actor: Actor, command: Extract<TableCommand, { kind: 'member-rename' | 'member-remove' }>): TableResult<NewTableEvent[]> {
  const member = state.members.find((m) => m.id === command.memberId);
  if (member === undefined) return refuse('member/no-such-member', `No member ${command.memberId.slice(0, 64)} at this table.`, '$.memberId');
  if (command.kind === 'member-rename') {
    if (!(can(actor.role, 'members') || (can(actor.role, 'member-rename-self') && member.id === actor.id))) return forbidden('rename another member');
    const name = memberNameProblem(state, command.name, member.role, member.id);
    if (!name.ok) return name;
    if (name.value === member.name) return refuse('member/same-name', `${member.name} is already called that.`, '$.name');
    return done([{ kind: 'member-renamed', body: { memberId: member.id, name: name.value } }]);
  }
  if (!can(actor.role, 'members')) return forbidden("remove members (that is the Smith's)");
  if (member.role === 'smith') return refuse('member/smith', 'The Smith cannot be removed from the table.', '$.memberId');
  return done([{ kind: 'member-removed', body: { memberId: member.id } }]);
}

/** The values a table's settings give the parameters of role `setting` (a parameter named as the setting). */
export function settingParams(defs: readonly ParamDef[], settings: TableSettings): ParamRecord {
  const out: Record<string, string | number | boolean> = {};
  for (const d of defs) if (d.role === 'setting' && Object.hasOwn(settings, d.name)) out[d.name] = settings[d.name]!;
  return out;
}

/**
 * A rule of the table's ruleset that changes a character (`RuleSystem.play`): the sender's rights (the
 * owner and the Smith, or the Smith alone for a change the rules leave to the Smith), the parameters read
 * against the change's description (a problem names `$.params.<name>`), then the ruleset's roll, stored
 * whole (parameters, dice, explanation) on the `character-saved` event with its history line.
 */
function rollCharacterChange(state: TableState, actor: Actor, command: Extract<TableCommand, { kind: 'character-change' }>, context: CommandContext): TableResult<NewTableEvent[]> {
  const play = context.rules.play;
  const found = characterOf(state, command.characterId);
  if (!found.ok) return found;
  const character = found.value;
  const def = play.changes.find((d) => d.id === command.change);
  if (def === undefined) return refuse('character/unknown-change', `${context.rules.label} has no change ${command.change.slice(0, 40)}; its changes are ${play.changes.map((d) => d.id).join(', ')}.`, '$.change');
  if (def.by === 'smith') {
    if (!can(actor.role, 'character-award')) return forbidden(`${def.label.toLowerCase()} (that is the Smith's)`);
  } else if (!mayTouch(actor, character, 'character-save-own', 'character-save-any')) {
    return forbidden("change another player's character");
  }
  for (const p of def.params) {
    if (p.isSmithOnly === true && Object.hasOwn(command.params, p.name) && command.params[p.name] !== p.default && actor.role !== 'smith') {
      return forbidden(`set ${p.label.toLowerCase()} (that is the Smith's)`);
    }
  }
  if (JSON.stringify(command.params).length > MAX_CHANGE_PARAMS_JSON_LENGTH) return refuse('table/params-too-large', `A change's parameters are at most ${MAX_CHANGE_PARAMS_JSON_LENGTH} characters of JSON.`, '$.params');
  const unknown = unknownParam(def.params, command.params);
  if (unknown !== null) return refuse(unknown.code, `${def.label}: ${unknown.message}`, `$.params${(unknown.path ?? '').slice(1)}`);
  for (const p of def.params) {
    const read = readParam(def.params, command.params, p.name);
    if (!read.ok) return refuse(read.error.code, read.error.message, `$.params${(read.error.path ?? '').slice(1)}`);
  }
  const sheet = context.rules.readCharacter(character.document);
  if (!sheet.ok) return refuse(sheet.error.code, `The character's sheet does not read: ${sheet.error.message}`);
  // A parameter that mirrors a table setting (con-on-armour) takes the table's ruling unless the sender gives one.
  const params: ParamRecord = { ...settingParams(def.params, state.settings), ...command.params };
  const made = play.rollChange(context.rng, sheet.value, { change: def.id, params });
  if (!made.ok) {
    const path = made.error.path;
    return refuse(made.error.code, made.error.message, path === undefined ? undefined : path.startsWith('$.') ? `$.params.${path.slice(2)}` : path);
  }
  const r = made.value;
  const saved = savedEvent(state, actor, context, character, r.character as unknown as { readonly [key: string]: unknown }, {
    id: def.id,
    summary: r.summary,
    params,
    explanation: r.explanation,
    dice: r.dice,
    ...(r.outcome !== undefined ? { outcome: r.outcome } : {}),
  });
  return saved.ok ? done([saved.value]) : saved;
}

/** Thrown when a ruleset's extension breaks the contract (an undeclared kind, an unknown character). */
export class ExtensionContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtensionContractError';
  }
}

/**
 * A ruleset's event as the table stores it; a shared change as the table's own event, held to the
 * rules the table's own commands follow: a character changed by the ruleset stays its owner's, may be
 * changed only by whom the owner's rights allow, stays within the size limit and reads as valid.
 */
function toTableEvent(event: ExtensionEvent, extension: TableExtension, actor: Actor, state: TableState, context: CommandContext): TableResult<NewTableEvent> {
  const rules = context.rules;
  if ('own' in event) {
    if (isTableEventKind(event.own) || !extension.eventKinds.includes(event.own)) throw new ExtensionContractError(`the ruleset made an event of undeclared kind ${event.own}`);
    if (declaredVisibility(event.body) === 'invalid') throw new ExtensionContractError(`the ruleset made a ${event.own} event whose visibility is not public, smith or blind`);
    const own: RulesetEvent = { kind: event.own as RulesetEventKind, body: event.body };
    return done(own);
  }
  if (event.shared === 'combat-changed') return done({ kind: 'combat-changed', body: event.body });
  const before = state.characters.find((c) => c.id === event.body.character.id);
  if (before === undefined) throw new ExtensionContractError(`the ruleset saved character ${event.body.character.id}, which is not at the table`);
  if (event.isConsequence !== true && !mayTouch(actor, before, 'character-save-own', 'character-save-any')) return forbidden("change another player's character");
  return savedEvent(state, actor, context, before, event.body.character.document, event.body.change ?? { id: 'ruleset', summary: `Changed by the rules of ${rules.label}.` });
}

/**
 * The kind of a command the extension does not declare (`venture` at a table whose ruleset has none, a
 * tracker action it lacks), in words, or null: another ruleset's command never reaches its `decide`.
 * A command without a `kind` is left to the extension.
 */
function undeclaredKind(extension: TableExtension, command: unknown): string | null {
  if (typeof command !== 'object' || command === null) return null;
  const kind = (command as { readonly kind?: unknown }).kind;
  if (typeof kind !== 'string') return null;
  if (kind === 'combat') {
    const type = (command as { readonly action?: { readonly type?: unknown } }).action?.type;
    return typeof type === 'string' && !extension.combatActions.some((a) => a.kind === type) ? `tracker action ${type}` : null;
  }
  return extension.commands.some((c) => c.kind === kind) ? null : `command ${kind}`;
}

/** Decides a command of the table's ruleset through its extension. */
function rollRulesetCommand(state: TableState, actor: Actor, command: unknown, context: CommandContext): TableResult<NewTableEvent[]> {
  const extension = context.rules.table;
  if (extension === undefined) return refuse('table/not-in-ruleset', `${context.rules.label} adds no commands of its own to a table.`);
  const undeclared = undeclaredKind(extension, command);
  if (undeclared !== null) return refuse('table/not-in-ruleset', `${context.rules.label} has no ${undeclared} of its own at a table.`);
  const decided = extension.decide(context.rng, state.extension, command, {
    actor,
    can: (action) => canAt(extension, actor.role, action),
    characters: state.characters,
    settings: state.settings,
    combat: state.combat,
    now: context.now,
    rules: context.rules,
  });
  if (!decided.ok) return refuse(decided.error.code, decided.error.message);
  // A secret roll's consequences would be as visible as the table's shared parts: the ruleset may not
  // change the tracker or a character in the same command as a secret event of its own.
  const isSecret = decided.value.some((e) => 'own' in e && (declaredVisibility(e.body) === 'smith' || declaredVisibility(e.body) === 'blind'));
  if (isSecret && decided.value.some((e) => 'shared' in e)) {
    throw new ExtensionContractError('the ruleset changed the tracker or a character in the same command as a secret event');
  }
  const out: NewTableEvent[] = [];
  for (const e of decided.value) {
    const made = toTableEvent(e, extension, actor, state, context);
    if (!made.ok) return made;
    out.push(made.value);
  }
  return done(out);
}
