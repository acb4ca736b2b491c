/**
 * The contract every ruleset exports as one `ruleSystem` object (conventions: Layout).
 *
 * The CLI (`--ruleset`), the table server and the web table drive any ruleset through this contract
 * alone: they never import a ruleset's own modules for anything the contract offers. Rulesets never
 * import each other; what they share comes from `src/dice` and from the types in this file.
 */
import type { DiceChain } from '../dice/dice-chain.js';
import type { RandomSource } from '../dice/random.js';

/**
 * A player's or the Smith's mistake, returned as a value: a namespaced `code`
 * (`'check/target-out-of-range'`), a message saying how to fix it, and for documents the JSON path.
 */
export interface RuleProblem {
  readonly code: string;
  readonly message: string;
  /** JSON path of the offending value (`$.stats.str.score`), for documents and option records. */
  readonly path?: string;
  /**
   * Every problem found, this one first, each with its own message and path, when the ruleset reads a
   * whole document and found several (`message` above may sum the others up for a one-line report).
   */
  readonly problems?: readonly RuleProblem[];
}

/** A result or a problem. */
export type RuleResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RuleProblem };

/** A value of a parameter or an option: what a command line or a form can carry. */
export type ParamValue = number | string | boolean;

/** Parameters of a check or options of creation, by parameter name. */
export type ParamRecord = Readonly<Record<string, ParamValue>>;

/**
 * A parameter a check or creation accepts, described so that the CLI can make a flag of it
 * (`--<name>`) and the web table a form field, without knowing the ruleset.
 */
export type ParamDef =
  | (ParamBase & { readonly kind: 'integer'; readonly min: number; readonly max: number; readonly default?: number })
  | (ParamBase & { readonly kind: 'boolean'; readonly default?: boolean })
  | (ParamBase & { readonly kind: 'choice'; readonly choices: readonly ParamChoice[]; readonly default?: string })
  /** A die given as its number of sides, one of `sides`. */
  | (ParamBase & { readonly kind: 'die'; readonly sides: readonly number[]; readonly default?: number })
  | (ParamBase & { readonly kind: 'text'; readonly maxLength: number; readonly default?: string });

/**
 * What a check parameter is, so that a form, a dice tray or a sheet can fill it without knowing the
 * ruleset's names for things:
 * - `stat-score`: the score of a stat rolled against (a stat's roll button and the tray's target fill it);
 * - `target`: a target number the situation sets (the tray's target fills it);
 * - `stat`: which stat, a choice of the ruleset's attribute ids (a stat's roll button fills it);
 * - `stat-mod`: the stat's modifier (a stat's roll button fills it);
 * - `die`: the die thrown (the tray's die);
 * - `steps`: step modifiers along the chain; `modifier`: a flat modifier;
 * - `advantage`, `disadvantage`: roll with one (booleans);
 * - `feat`: roll as a Feat (a boolean, or the character level of the Feat Die);
 * - `level`: the character's level;
 * - `setting`: mirrors the table setting of the same name (the table's choice is sent);
 * - `option`: anything else the check's own form shows.
 */
export type ParamRole =
  | 'stat-score'
  | 'target'
  | 'stat'
  | 'stat-mod'
  | 'die'
  | 'steps'
  | 'modifier'
  | 'advantage'
  | 'disadvantage'
  | 'feat'
  | 'level'
  | 'setting'
  | 'option';

/** Every parameter role. */
export const PARAM_ROLES = [
  'stat-score',
  'target',
  'stat',
  'stat-mod',
  'die',
  'steps',
  'modifier',
  'advantage',
  'disadvantage',
  'feat',
  'level',
  'setting',
  'option',
] as const satisfies readonly ParamRole[];

/** A check's parameter: a parameter with its role. */
export type CheckParamDef = ParamDef & { readonly role: ParamRole };

/** What every parameter description carries. */
export interface ParamBase {
  /** kebab-case; the CLI flag is `--<name>`. */
  readonly name: string;
  readonly label: string;
  /** One line of help. */
  readonly help: string;
  /** True when the check cannot be made without it (no default). */
  readonly isRequired?: boolean;
  /** What the parameter is (required on a check's parameters: `CheckParamDef`). */
  readonly role?: ParamRole;
  /** A value the check accepts, for help and tests (`"12,14,9"` for a list of scores). */
  readonly example?: ParamValue;
  /** Only the Smith may set it at a table (a level-up's `force`); others get its default. */
  readonly isSmithOnly?: true;
  /** Where the rules or docs/rulings.md decide it ("ruling D-1"), for readers who know the reference; never part of the label. */
  readonly ref?: string;
}

/** One choice of a `choice` parameter. */
export interface ParamChoice {
  readonly id: string;
  readonly label: string;
}

/** An attribute (ability score) of the ruleset. */
export interface AttributeDef {
  /** The key used in `stats` (`STR` in HAMMERCRAWL!, `str` elsewhere: each ruleset names its own). */
  readonly id: string;
  readonly label: string;
  readonly ref: string;
}

/** A kind of check the ruleset offers (a Test, a save, an attack, a damage roll...). */
export interface CheckKindDef {
  /** kebab-case, unique within the ruleset (`test`, `save`, `melee`, `damage`). */
  readonly id: string;
  readonly label: string;
  /** One line on what it is and how it resolves. */
  readonly help: string;
  readonly ref: string;
  readonly params: readonly CheckParamDef[];
}

/** A check to make: its kind and its parameters. */
export interface CheckRequest {
  readonly check: string;
  readonly params: ParamRecord;
}

/** One named outcome of a check and its exact chance. */
export interface OutcomeOdds {
  /** kebab-case (`success`, `critical`, `blunder`, `failure`). */
  readonly outcome: string;
  readonly label: string;
  readonly p: number;
}

/** One value of a numeric result (a total, damage dealt) and its exact chance. */
export interface ValueOdds {
  readonly value: number;
  readonly p: number;
}

/** The exact odds of a check, before it is rolled. */
export interface CheckOdds {
  readonly check: string;
  /** What is rolled, in words and notation: "d20 roll-under 12, advantage". */
  readonly description: string;
  /** Named outcomes; chances sum to 1 (within 1e-12). */
  readonly outcomes: readonly OutcomeOdds[];
  /** The numeric result's distribution when the check has one (a damage roll); chances sum to 1. */
  readonly values?: readonly ValueOdds[];
  /** Mean of `values` when present. */
  readonly mean?: number;
  /** How each modifier changed the roll, one line each. */
  readonly explanation: readonly string[];
}

/** One die thrown in a check, with what happened to it. */
export interface CheckDie {
  readonly sides: number;
  readonly face: number;
  /** False when dropped (the lower of an advantage pair...). */
  readonly isKept: boolean;
  /** Why this die was thrown ("advantage", "Toughness Die", "explosion"). */
  readonly role?: string;
}

/** A rolled check: the dice, the outcome and a numeric result where there is one. */
export interface CheckRoll {
  readonly check: string;
  readonly description: string;
  readonly dice: readonly CheckDie[];
  /** The number the outcome was read from (the kept face, the damage dealt...). */
  readonly total: number;
  readonly outcome: string;
  readonly label: string;
  readonly explanation: readonly string[];
}

/** A usage (resource) die's rules: its chain and the faces that step it down. */
export interface UsageDieRules {
  /** Die sizes a usage die can be, smallest first. */
  readonly sides: readonly number[];
  /** Faces at or below this step the die down (HAMMERCRAWL! 2, The Bare Bones 3, The Exalted Hack 2). */
  readonly stepDownMaxFace: number;
  readonly ref: string;
  /** What the ruleset calls it ("resource die", "usage die"). */
  readonly label: string;
}

/** One roll of a usage die after a use. */
export interface UsageRoll {
  readonly die: number;
  readonly face: number;
  readonly isSteppedDown: boolean;
  /** The die after the roll; `null` once depleted (gone). */
  readonly after: number | null;
  readonly explanation: string;
}

/** Exact odds of a usage die after some uses: the same shape for every ruleset. */
export interface UsageOdds {
  readonly die: number;
  readonly uses: number;
  /** P(depleted within `uses` uses). */
  readonly depleted: number;
  /** Expected uses a fresh die gives, the depleting use included. */
  readonly expectedUses: number;
  /** Every die from the fresh one down to the smallest, then `null` (depleted); chances sum to 1. */
  readonly distribution: readonly { readonly die: number | null; readonly p: number }[];
}

/** A stat as every ruleset stores it: the score and, where the ruleset has one, its modifier. */
export interface StatValue {
  readonly score: number;
  readonly mod?: number;
  /** The score play has left it (the score less attribute damage), where the ruleset tells the two apart: checks roll against it. */
  readonly current?: number;
}

/** What every ruleset's character document has; each ruleset adds its own fields. */
export interface RulesetCharacter {
  /** The id of the ruleset the document belongs to (src/rules/catalogue.ts). */
  readonly ruleset: string;
  readonly schemaVersion: number;
  readonly name: string;
  /** Keyed by the ruleset's attribute ids. */
  readonly stats: Readonly<Record<string, StatValue>>;
  /** The player's notes (src/rules/character-play.ts: `MAX_NOTES_LENGTH`). */
  readonly notes?: string;
  /** What play did to the character, oldest first, the last `MAX_HISTORY_ENTRIES` (src/rules/character-play.ts). */
  readonly history?: readonly CharacterHistoryEntry[];
}

/** One change in a character's history: when, by whom, what. */
export interface CharacterHistoryEntry {
  /** ms since the epoch (the table's clock, or the CLI's). */
  readonly at: number;
  /** Who made it: a member's name at a table, `cli` from the command line. */
  readonly by: string;
  /** The change kind (`damage`, `level-up`, `edit`, `override`, `undo`, `usage`, `attack`...). */
  readonly change: string;
  readonly summary: string;
  /** True when the Smith changed what the rules or the owner would not (an override), or a whole document was replaced. */
  readonly isOverride?: true;
}

/** A tracker shown on a sheet or in the combat tracker: "Health d8", "HP 14/17", "Toughness 3d6". */
export interface SheetTracker {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  /** `health` or `armour`: the combat tracker starts a character's Health or Armour from this line. */
  readonly role?: 'health' | 'armour';
}

/** What a value of a character is to the table: the combat tracker reads `health` and `armour`. */
export type CharacterValueRole = 'health' | 'armour' | 'xp' | 'level' | 'coins' | 'usage' | 'pool' | 'other';

/**
 * A value of a character that play changes (a usage die, the Health Die, hit points, XP, coins), with
 * the JSON pointer (RFC 6901) where the document keeps it, so that a sheet can show it and offer its
 * roll, and a table command can change it in place, without knowing the document's shape.
 * @example { id: 'health-die', label: 'Health Die', role: 'health', kind: 'die', pointer: '/healthDie', value: 6 }
 */
export interface CharacterValue {
  /** Stable within the character (`health-die`, `item-3-usage`). */
  readonly id: string;
  readonly label: string;
  readonly role: CharacterValueRole;
  /** `die`: a die (its sides; null when depleted or none); `number`: a count or score. */
  readonly kind: 'die' | 'number';
  readonly pointer: string;
  readonly value: number | null;
  /** A pool's maximum (hit points 12/17), or a die's base die (what healing restores it to), and where it is kept. */
  readonly max?: { readonly value: number; readonly pointer: string };
  /** True when the ruleset's usage roll steps it (the sheet offers the roll, written back at `pointer`). */
  readonly isUsageDie?: boolean;
}

/** The few lines a table shows of a character without knowing its ruleset. */
export interface CharacterSummary {
  readonly name: string;
  /** "Level 1 Dwarf Fighter". */
  readonly headline: string;
  readonly trackers: readonly SheetTracker[];
}

/** A combatant entering initiative. */
export interface InitiativeEntrant {
  readonly id: string;
  /** Side or party id: combatants of one side act together where the ruleset says so. */
  readonly side: string;
  /** Attribute scores by attribute id (the ruleset reads the ones it needs). */
  readonly stats: Readonly<Record<string, number>>;
  /** The side's leader, for rulesets whose leaders roll for the side. */
  readonly isLeader?: boolean;
}

/** What a ruleset's initiative reads of a combatant (`RuleSystem.initiativeReads`). */
export interface InitiativeReads {
  /** Attribute ids (of `RuleSystem.attributes`) whose scores initiative reads. */
  readonly stats: readonly string[];
  /** Each side's leader rolls or decides for it: the tracker lets the Smith mark one. */
  readonly hasLeaders: boolean;
}

/** One place in the initiative order. */
export interface InitiativePlace {
  readonly id: string;
  /** Lower acts first: a rank, or a phase for phased initiative. */
  readonly rank: number;
  readonly note: string;
}

/** The initiative order of one round or fight. */
export interface InitiativeOrder {
  readonly order: readonly InitiativePlace[];
  readonly dice: readonly CheckDie[];
  readonly explanation: readonly string[];
}

/** A typed data table of the ruleset, for the Smith's screen and the data-integrity tests. */
export interface RuleTable {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
  /** Rows with a stable `id` and a `label`; other fields are the ruleset's. */
  readonly rows: readonly { readonly id: string; readonly label: string }[];
}

// ---- play: the rules that change a character ------------------------------------------------------
//
// A character is the record of play: every rule that changes it (damage, healing and rests, XP, a level,
// spells, coins and items, conditions, notes) is a change kind the ruleset describes, like its checks, so
// that the CLI (`char apply`) and the table (the `character-change` command, a sheet's forms) make it
// without knowing the ruleset. A change is decided by one pure function (`rollChange`, rng first); its
// odds, where it rolls, come from the same definition (`changeOdds`). The table appends the history
// entry (`withHistory`, src/rules/character-play.ts); the ruleset returns the document changed.

/** A kind of change play makes to a character. */
export interface CharacterChangeDef {
  /** kebab-case, unique within the ruleset (`damage`, `heal`, `rest`, `xp`, `level-up`, `edit`, `item-add`). */
  readonly id: string;
  readonly label: string;
  /** One line on what it does and which rule it follows. */
  readonly help: string;
  readonly ref: string;
  /**
   * Who may make it: `owner`, the character's owner and the Smith (a rest, a level-up, an edit of
   * notes); `smith`, the Smith alone (an XP award, damage from a trap the Smith springs).
   */
  readonly by: 'owner' | 'smith';
  /** True when it rolls dice: it has odds (`changeOdds`) and counts against the sender's roll rate. */
  readonly rollsDice: boolean;
  /** Its parameters; a flag of `char apply` and a field of the sheet's form each. */
  readonly params: readonly ParamDef[];
}

/** A change to make: its kind and parameters. */
export interface CharacterChangeRequest {
  readonly change: string;
  readonly params: ParamRecord;
}

/** A change made: the character after it, and what happened, for the history and the log. */
export interface CharacterChangeResult<C extends RulesetCharacter = RulesetCharacter> {
  /** The document after the change (without the new history entry: the caller appends it). */
  readonly character: C;
  /** One line for the history: "Pit trap: 3 damage, Health d8 -> d6". At most `MAX_HISTORY_SUMMARY_LENGTH`. */
  readonly summary: string;
  /** How the rules were applied, one line each. */
  readonly explanation: readonly string[];
  /** The dice thrown (none for a change that does not roll). */
  readonly dice: readonly CheckDie[];
  /** For a change that rolls: which outcome of `changeOdds` came up. */
  readonly outcome?: string;
}

/** What play does to a ruleset's characters. */
export interface CharacterPlay<C extends RulesetCharacter = RulesetCharacter> {
  /** Every change kind, with its parameters (the same for every character; choices are checked on use). */
  readonly changes: readonly CharacterChangeDef[];
  /**
   * The values a form for `change` starts from for this character (an edit's current notes and coins,
   * a level-up's suggested picks); `{}` when there are none.
   */
  prefill(character: C, change: string): ParamRecord;
  /** Exact odds of a change that rolls, before it is made (the outcomes its roll reports). */
  changeOdds(character: C, request: CharacterChangeRequest): RuleResult<CheckOdds>;
  /** Makes the change: the character after it, or why the rules refuse it (a problem with the parameter's path). */
  rollChange(rng: RandomSource, character: C, request: CharacterChangeRequest): RuleResult<CharacterChangeResult<C>>;
  /**
   * A short evening of play, for docs and the contract suite: requests applied in order to a character
   * rolled with the default creation options (`rollCharacter(seededRandom(1), {})`), each accepted, every
   * change kind at least once (a fight's damage, a rest, XP, a level-up, an edit...).
   */
  readonly examples: readonly CharacterChangeRequest[];
}

/**
 * A change to a character as the table's log keeps it, on the `character-saved` event that made it:
 * the history line, and for a rule's change what was asked and rolled.
 */
export interface CharacterChangeRecord {
  /** The change kind (a `CharacterChangeDef` id), or the table's own: `created`, `edit`, `override`, `undo`, `usage`, `tracker`. */
  readonly id: string;
  readonly summary: string;
  readonly params?: ParamRecord;
  readonly explanation?: readonly string[];
  readonly dice?: readonly CheckDie[];
  readonly outcome?: string;
  /** The Smith changed what the owner or the rules would not, or the whole document was replaced. */
  readonly isOverride?: true;
  /** It restores the document from before the last change (the Smith's undo). */
  readonly isUndo?: true;
}

/** The contract: one object per ruleset. */
export interface RuleSystem<C extends RulesetCharacter = RulesetCharacter> {
  /** Its id in the catalogue (src/rules/catalogue.ts). */
  readonly id: string;
  readonly label: string;
  /** The rules text this implements ("v4", "2024-09"). */
  readonly version: string;
  /** Where the text comes from. */
  readonly ref: string;
  readonly attributes: readonly AttributeDef[];
  /** The ruleset's step chain. */
  readonly chain: DiceChain;

  /** Checks: every kind with its parameters; odds and rolls read one definition. */
  readonly checks: readonly CheckKindDef[];
  checkOdds(request: CheckRequest): RuleResult<CheckOdds>;
  rollCheck(rng: RandomSource, request: CheckRequest): RuleResult<CheckRoll>;
  /**
   * A check as one character makes it: the request with what the character always brings to it (a
   * stock's bonus on a stat) added as the check's own parameters, so that the odds and the roll agree.
   * The dice tray asks it for a check a sheet's stat set up. Optional: without it, or for a document
   * the ruleset cannot read, the request stands.
   * @example characterCheck(troll, { check: 'test', params: { target: 14, stat: 'STR' } }) // params gain stock: 'troll'
   */
  characterCheck?(document: unknown, request: CheckRequest): CheckRequest;

  /** Usage (resource) dice. */
  readonly usageDie: UsageDieRules;
  usageOdds(die: number, uses: number): RuleResult<UsageOdds>;
  rollUsage(rng: RandomSource, die: number): RuleResult<UsageRoll>;

  /** Character creation: the options a form or the CLI may set, then the roll. */
  readonly creationOptions: readonly ParamDef[];
  rollCharacter(rng: RandomSource, options: ParamRecord): RuleResult<C>;
  /** Reads (imports) a character document: JSON path in every problem. */
  readCharacter(json: unknown): RuleResult<C>;
  summarize(character: C): CharacterSummary;
  /** The values of a character that play changes, each with its JSON pointer. */
  characterValues(character: C): readonly CharacterValue[];
  /** The label of an id of the ruleset's data (a class, an item, a skill), for sheets; undefined when unknown. */
  labelOf(id: string): string | undefined;

  /** Initiative for a fight. */
  readonly initiativeHelp: string;
  rollInitiative(rng: RandomSource, entrants: readonly InitiativeEntrant[]): RuleResult<InitiativeOrder>;
  /**
   * What initiative reads of a combatant that is not a character (a monster), so that the tracker's add
   * form asks for it: the attribute ids whose scores it reads, and whether each side names a leader who
   * rolls for it. A character's scores come from its document. Optional: without it the form asks for neither.
   */
  readonly initiativeReads?: InitiativeReads;

  readonly tables: readonly RuleTable[];

  /** The rulings that are table settings, with their defaults; a table's settings are read against them. */
  readonly settings: readonly ParamDef[];

  /** The rules that change a character in play (docs: "play" above). */
  readonly play: CharacterPlay<C>;

  /** What the ruleset adds to a shared table, when it adds anything. */
  readonly table?: TableExtension;

  /**
   * Reads what the Smith writes into the combat tracker for a combatant's Health, Armour or monster
   * line: the text the tracker keeps (written the ruleset's way: "D8" as "d8", "12 / 17" as "12/17"),
   * a Health or Armour left empty filled from the combatant's monster line where the ruleset reads one
   * there, or a problem (`combat/bad-health`, `combat/bad-armour`, `combat/bad-monster`) saying what the
   * ruleset reads in that field. Optional: without it the tracker keeps any text within its length limits.
   * @example readTrackerValue('health', 'D8', {}) // ok('d8'); readTrackerValue('health', 'banana', {}) // combat/bad-health
   */
  readTrackerValue?(field: TrackerField, text: string, combatant: TrackerSubject): RuleResult<string>;
  /**
   * The tracker as combatant `combatantId`'s turn begins (the tracker's `start` and `next-turn`), with
   * what the ruleset ends then, and a line saying so (null when nothing ended). Optional: without it a
   * turn changes only the turn.
   * @example turnBegins(combat, 'c2') // { combat: c2 without "Total Defense", note: "Goblin's Total Defense ends: their turn." }
   */
  turnBegins?(combat: CombatState, combatantId: string): { readonly combat: CombatState; readonly note: string | null };
}

/** A field of a tracker combatant that the table's ruleset reads (`RuleSystem.readTrackerValue`). */
export type TrackerField = 'health' | 'armour' | 'monster';

/** Every tracker field a ruleset reads. */
export const TRACKER_FIELDS = ['health', 'armour', 'monster'] as const satisfies readonly TrackerField[];

/** What a ruleset is told of the combatant whose field it reads: its monster line after the change. */
export interface TrackerSubject {
  readonly monster?: string;
}

/** Largest count a tracker number may hold (hit points, wounds, an Armor Class): anything above is a slip of the keyboard. */
export const MAX_TRACKER_COUNT = 9999;

/**
 * Reads a count as the tracker writes it for rulesets that count Health or Armour: "7", or with
 * `hasMax` "7/12" (what is left of a maximum, never above it); `note` matches what may follow the
 * number ("(1 notch)", "magical"). Empty stays empty. Every problem has `code` and says what is read.
 * @example readTrackerCount(' 5 / 8 ', { label: 'Blood', code: 'combat/bad-health', hasMax: true }) // ok('5/8')
 */
export function readTrackerCount(
  text: string,
  what: { readonly label: string; readonly code: string; readonly hasMax?: boolean; readonly note?: { readonly pattern: RegExp; readonly example: string } },
): RuleResult<string> {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return ok('');
  const form = `${what.label} is a whole number from 0 to ${MAX_TRACKER_COUNT}${what.hasMax === true ? ', or what is left of a maximum such as 5/8' : ''}${what.note !== undefined ? ` (or with ${what.note.example})` : ''}`;
  const m = /^(-?\d+)(?:\s*\/\s*(-?\d+))?(?:\s+(.*))?$/.exec(t);
  const shown = t.length > 20 ? `${t.slice(0, 20)}…` : t;
  if (m === null || (m[2] !== undefined && what.hasMax !== true)) return problem(what.code, `${form}; got ${shown}.`);
  const note = m[3];
  if (note !== undefined && (what.note === undefined || !what.note.pattern.test(note))) return problem(what.code, `${form}; got ${shown}.`);
  const n = Number(m[1]);
  const max = m[2] === undefined ? undefined : Number(m[2]);
  for (const x of [n, max]) {
    if (x === undefined) continue;
    if (x < 0) return problem(what.code, `${what.label} is never below 0; got ${x}.`);
    if (x > MAX_TRACKER_COUNT) return problem(what.code, `${what.label} is at most ${MAX_TRACKER_COUNT}; got ${shown}.`);
  }
  if (max !== undefined && n > max) return problem(what.code, `${what.label} left (${n}) cannot be more than its maximum (${max}).`);
  return ok(`${n}${max !== undefined ? `/${max}` : ''}${note !== undefined ? ` ${note}` : ''}`);
}

/** The label of an id in a ruleset's tables (the first table naming it), or undefined. */
export function tableLabel(tables: readonly RuleTable[], id: string): string | undefined {
  for (const t of tables) {
    const row = t.rows.find((r) => r.id === id);
    if (row !== undefined) return row.label;
  }
  return undefined;
}

/** A JSON pointer (RFC 6901) of path segments: `pointerOf('inventory', 3, 'usageDie')` is `/inventory/3/usageDie`. */
export function pointerOf(...segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

// ---- the shared table, and what a ruleset adds to it ------------------------------------------------
//
// The generic table (src/table) runs rolls, checks, usage dice, characters, the combat tracker and
// settings for every ruleset. A ruleset that adds more (HAMMERCRAWL!'s Ventures, magick, hammer dice and
// one-click tracker attacks) declares a `TableExtension` as `RuleSystem.table`: its command kinds and how
// to read them from JSON, how to decide them (rng first, pure), how to fold its events into its own slice
// of the table's state, who may send each, and which count as rolls. The table hands it every command it
// declares and folds its events; it knows nothing else about the ruleset. These types are part of the
// contract (not of src/table) so that a ruleset can speak of the table without importing it.
/** Roles at a table (docs/protocol.md, Roles and tokens). */
export type Role = 'smith' | 'player' | 'observer';

/** Who may see a roll: everyone, the Smith and the roller, or the Smith alone. */
export type Visibility = 'public' | 'smith' | 'blind';

/** Every visibility, for validation. */
export const VISIBILITIES = ['public', 'smith', 'blind'] as const satisfies readonly Visibility[];

/** Longest label on a roll ("Sneak past the guard"). */
export const MAX_LABEL_LENGTH = 80;

/** Longest request id of a command. */
export const MAX_REQUEST_ID_LENGTH = 64;

/** Longest id of a character or a combatant in a command. */
export const MAX_TABLE_ID_LENGTH = 64;

/** Table settings: the rulings that are options, as the ruleset names them. */
export type TableSettings = { readonly [key: string]: string | number | boolean };

/** A character held by the table: the ruleset's document, its id and its owner. */
export interface TableCharacter {
  readonly id: string;
  /** Member id of the player who owns it (the Smith's own characters: the Smith's id). */
  readonly ownerId: string;
  readonly document: { readonly [key: string]: unknown };
}

/** Which side a combatant fights on. */
export type CombatSide = 'party' | 'foes';

/** One combatant of the combat tracker. */
export interface Combatant {
  readonly id: string;
  readonly name: string;
  readonly side: CombatSide;
  /** The table character it is, if any. */
  readonly characterId?: string;
  /** Health as the ruleset writes it: a Health Die "d8", hit points "12/17", Toughness "3d6". */
  readonly health: string;
  readonly armour: string;
  readonly conditions: readonly string[];
  readonly isDown: boolean;
  /** Attribute scores the ruleset's initiative reads (e.g. `{ int: 12, dex: 9, wis: 11 }`). */
  readonly stats: Readonly<Record<string, number>>;
  readonly isLeader: boolean;
  /** The Smith's monster line for the tracker's attacks ("hd=2,attack=+3,defense=12,damage=d6"). */
  readonly monster?: string;
  /**
   * Set only on the tracker a player or observer receives: this combatant is the Smith's, and its
   * Health, Armour, scores and stat line were left out (src/table/project.ts, ruling TB-17).
   */
  readonly isHidden?: true;
  /** The Smith shows this combatant's numbers to the players (a known foe): it is not hidden. */
  readonly isRevealed?: boolean;
}

/** The combat tracker. */
export interface CombatState {
  readonly isActive: boolean;
  /** 0 before the first round. */
  readonly round: number;
  /** Combatant ids in acting order. */
  readonly order: readonly string[];
  /** Index in `order` of the combatant acting, or null. */
  readonly turn: number | null;
  readonly combatants: readonly Combatant[];
  /** The last initiative roll, to show how the order came about. */
  readonly initiative: InitiativeOrder | null;
  /** Next combatant number, for stable ids. */
  readonly nextId: number;
}

/** A tracker attack as the roll log shows it: who, whom, and each roll explained. */
export interface TrackerAttackRecord {
  readonly attackerId: string;
  readonly targetId: string;
  readonly isHit: boolean;
  readonly isCrit: boolean;
  readonly lines: readonly string[];
  /**
   * The result in a few words for anyone at the table ("hit, but the target saves"), where hit and
   * miss alone would mislead (an attack that connects and does nothing); when set, the players' line
   * about an attack on a hidden combatant says it in place of "hits" or "miss".
   */
  readonly outcome?: string;
}

/** Harm no combatant's attack dealt (a trap, a fall, a spell's damage), as the roll log shows it: on whom, from what, each roll explained. */
export interface TrackerHarmRecord {
  readonly targetId: string;
  readonly source: string;
  readonly lines: readonly string[];
}

/** The body of a `combat-changed` event: the tracker after a change, one line saying what happened. */
export interface CombatChangedBody {
  readonly combat: CombatState;
  readonly summary: string;
  readonly attack?: TrackerAttackRecord;
  /** When the change is harm that came from no attack (what reacts to being hurt, a sustained spell's concentration, reads it). */
  readonly harm?: TrackerHarmRecord;
}

/** A body of a ruleset's own event: plain JSON. A body with `visibility` is redacted like a secret roll. */
export type ExtensionEventBody = { readonly [key: string]: unknown } & { readonly visibility?: Visibility };

/**
 * An event a ruleset's command makes: one of its own kinds (folded into its slice), or a change of the
 * table's shared parts that the generic table applies (the tracker, a character's document).
 */
export type ExtensionEvent =
  | { readonly shared: 'combat-changed'; readonly body: CombatChangedBody }
  | {
      readonly shared: 'character-saved';
      readonly body: { readonly character: TableCharacter; readonly change?: CharacterChangeRecord };
      /**
       * A consequence of a rule the sender may make on others (an attack's damage on its target): the
       * owner's rights are not asked; the size limit and validity still are.
       */
      readonly isConsequence?: true;
    }
  | { readonly own: string; readonly body: ExtensionEventBody };

/** What a ruleset's command is decided against, besides its own slice of the state. */
export interface ExtensionContext {
  /** Who sends the command. */
  readonly actor: { readonly id: string; readonly role: Role };
  /** True when the actor's role may do `action` (the table's matrix and the extension's own). */
  can(action: string): boolean;
  readonly characters: readonly TableCharacter[];
  readonly settings: TableSettings;
  readonly combat: CombatState;
  /** The server's clock (ms since the epoch) when the command is decided. */
  readonly now: number;
  /** The table's ruleset. */
  readonly rules: RuleSystem;
}

/** A command kind a ruleset adds. */
export interface ExtensionCommandKind {
  /** The message kind on the wire (`venture`). */
  readonly kind: string;
  /** Counted against the sender's roll rate (it rolls dice). */
  readonly rollsDice: boolean;
}

/**
 * A message a ruleset's table extension shows as an example, with the role of its sender: the Smith, or
 * the player who owns the table's one character (`ch1`).
 */
export interface ExtensionExample {
  /** Who sends it. */
  readonly role: Role;
  /**
   * The whole message as a client sends it (`{ kind, requestId, ... }`): one of the extension's kinds or
   * combat actions, or a message every table takes that sets up a later one (a tracker `add`).
   */
  readonly message: unknown;
}

/**
 * What a ruleset adds to a shared table. `S` is its slice of the table's state, `C` its commands as read.
 * Replay folds the stored events and never rolls: every face is in an event body.
 */
export interface TableExtension<S = unknown, C = unknown> {
  /** Top-level message kinds it adds (`venture`, `magick`, `hammer`). */
  readonly commands: readonly ExtensionCommandKind[];
  /** Combat tracker actions it adds, sent as `{ kind: 'combat', action: { type } }` (`attack`). */
  readonly combatActions: readonly ExtensionCommandKind[];
  /** Its own event kinds (stored under these names; a log written before keeps replaying). */
  readonly eventKinds: readonly string[];
  /** Its roles matrix: action -> roles allowed, read by `ExtensionContext.can`. */
  readonly permissions: { readonly [action: string]: readonly Role[] };
  /**
   * Messages of each declared kind that a fresh table with one character of the ruleset accepts, in
   * order; for docs and the contract suite (test/ruleset-contract.test.ts). The table has the default
   * settings, a Smith, and a player who owns character `ch1`.
   */
  readonly examples: readonly ExtensionExample[];
  /** Its slice of a new table's state. */
  initialState(): S;
  /**
   * Reads a whole message (`{ kind, requestId, ... }`) of one of its kinds or combat actions; every
   * problem names its JSON path.
   */
  readCommand(json: unknown): RuleResult<C>;
  /** The request id of a command as read (acknowledgements and retries use it). */
  requestIdOf(command: C): string;
  /** Decides a command: the events it makes (faces inside), or why it is refused. Pure. */
  decide(rng: RandomSource, state: S, command: C, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]>;
  /**
   * Folds an event into the slice: its own kinds, and the table's shared kinds it cares about (a
   * `character-removed` drops what it kept for that character). Pure; returns `state` when nothing
   * changes; throws an Error when a stored event cannot follow the state (a corrupt log).
   */
  fold(state: S, kind: string, body: { readonly [key: string]: unknown }): S;
  /**
   * The dice an event of the ruleset's own kind shows, as [sides, face] (a hammer pool's dice and its
   * Check die), for "Verify the dice": each must be one of the command's derived draws. Null for a
   * kind that shows no dice of its own; absent when the ruleset's events are held to their draws alone.
   */
  shownDice?(kind: string, body: { readonly [key: string]: unknown }): readonly (readonly [number, number])[] | null;
}

/** A roll's label as the table keeps it: trimmed, empty as none, at most `MAX_LABEL_LENGTH` characters. */
export function readRollLabel(label: string | undefined): RuleResult<string | undefined> {
  if (label === undefined) return ok(undefined);
  const text = label.trim();
  if (text.length > MAX_LABEL_LENGTH) return problem('table/label-too-long', `A label is at most ${MAX_LABEL_LENGTH} characters, got ${text.length}.`);
  return ok(text.length === 0 ? undefined : text);
}

/** The refusal of an action the sender's role may not take ("Your role may not run the Venture."). */
export function forbidden(what: string): RuleResult<never> {
  return problem('auth/forbidden', `Your role may not ${what}.`);
}

/**
 * The stat scores of a table character's document (`stats: { STR: { score } }`, `RulesetCharacter`), by
 * attribute id, each as it stands now: its `current` (the score less attribute damage) where the document
 * keeps one, else its `score` (`StatValue`); `{}` for no character, and an entry without a numeric score
 * is left out. The generic tracker reads it for initiative, and a ruleset's table code may read it the same way.
 * @example statScoresOf({ id: 'c', ownerId: 'u', document: { stats: { DEX: { score: 14, mod: 1 } } } }) // { DEX: 14 }
 * @example statScoresOf({ id: 'c', ownerId: 'u', document: { stats: { wis: { score: 14, current: 9 } } } }) // { wis: 9 }
 */
export function statScoresOf(character: TableCharacter | undefined): Record<string, number> {
  const stats = character?.document['stats'];
  const out: Record<string, number> = {};
  if (stats === null || typeof stats !== 'object') return out;
  for (const [k, v] of Object.entries(stats as Record<string, unknown>)) {
    if (v === null || typeof v !== 'object') continue;
    const { score, current } = v as { score?: unknown; current?: unknown };
    if (typeof score === 'number') out[k] = typeof current === 'number' ? current : score;
  }
  return out;
}

/** The table's character `id`, or the refusal naming it. */
export function tableCharacter(characters: readonly TableCharacter[], id: string): RuleResult<TableCharacter> {
  const c = characters.find((x) => x.id === id);
  return c === undefined ? problem('table/no-such-character', `No character ${id} at this table.`) : ok(c);
}

/** Helpers for writing results. */
export function ok<T>(value: T): RuleResult<T> {
  return { ok: true, value };
}

/** A problem result. */
export function problem<T = never>(code: string, message: string, path?: string): RuleResult<T> {
  return { ok: false, error: path === undefined ? { code, message } : { code, message, path } };
}

/**
 * Reads one check parameter against its description: the default when absent, a problem when it is
 * missing, of the wrong type or out of range. Shared by every ruleset so the CLI and the web table
 * get the same messages.
 */
export function readParam(defs: readonly ParamDef[], params: ParamRecord, name: string): RuleResult<ParamValue | undefined> {
  const def = defs.find((d) => d.name === name);
  if (def === undefined) throw new Error(`no parameter named ${name}`);
  const value = params[name];
  if (value === undefined) {
    if (def.default !== undefined) return ok(def.default);
    if (def.isRequired === true) return problem('param/missing', `${def.label} is required (--${name}).`, `$.${name}`);
    return ok(undefined);
  }
  switch (def.kind) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return problem('param/not-integer', `${def.label} must be a whole number, got ${String(value)}.`, `$.${name}`);
      if (value < def.min || value > def.max) return problem('param/out-of-range', `${def.label} must be from ${def.min} to ${def.max}, got ${value}.`, `$.${name}`);
      return ok(value);
    case 'boolean':
      if (typeof value !== 'boolean') return problem('param/not-boolean', `${def.label} is a yes/no option, got ${String(value)}.`, `$.${name}`);
      return ok(value);
    case 'choice': {
      if (typeof value !== 'string' || !def.choices.some((c) => c.id === value)) {
        return problem('param/unknown-choice', `${def.label} must be one of ${def.choices.map((c) => c.id).join(', ')}, got ${String(value)}.`, `$.${name}`);
      }
      return ok(value);
    }
    case 'die':
      if (typeof value !== 'number' || !def.sides.includes(value)) {
        return problem('param/not-a-die', `${def.label} must be one of ${def.sides.map((s) => `d${s}`).join(' ')}, got ${String(value)}.`, `$.${name}`);
      }
      return ok(value);
    case 'text':
      if (typeof value !== 'string') return problem('param/not-text', `${def.label} must be text.`, `$.${name}`);
      if (value.length > def.maxLength) return problem('param/too-long', `${def.label} must be at most ${def.maxLength} characters, got ${value.length}.`, `$.${name}`);
      return ok(value);
  }
}

/**
 * Checks a table's settings against a ruleset's: every key described, every value of its kind and range.
 * Returns the first problem, or null.
 */
export function settingsProblem(defs: readonly ParamDef[], settings: ParamRecord): RuleProblem | null {
  const unknown = unknownParam(defs, settings);
  if (unknown !== null) return { ...unknown, code: 'settings/unknown', message: `Unknown table setting ${unknown.path?.slice(2) ?? ''}; this ruleset's settings are ${defs.map((d) => d.name).join(', ') || '(none)'}.` };
  for (const def of defs) {
    const read = readParam(defs, settings, def.name);
    if (!read.ok) return read.error;
  }
  return null;
}

/** Parameters not described by `defs`: a form or command line that names one is a mistake. */
export function unknownParam(defs: readonly ParamDef[], params: ParamRecord): RuleProblem | null {
  for (const name of Object.keys(params)) {
    if (!defs.some((d) => d.name === name)) {
      return { code: 'param/unknown', message: `Unknown parameter ${name}; expected one of ${defs.map((d) => d.name).join(', ') || '(none)'}.`, path: `$.${name}` };
    }
  }
  return null;
}
