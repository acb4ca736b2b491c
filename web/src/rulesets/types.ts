/**
 * What a ruleset adds to the web table beyond the contract (src/rules/rule-system.ts): the panels and
 * hooks the generic page asks for. Every member is optional, and a ruleset with nothing of its own has
 * no entry at all (the generic table serves it whole).
 *
 * The generic page (web/src/ui, web/src/lib) imports these types and the registry (index.ts) only,
 * never a ruleset's folder; a ruleset's folder may import anything of the page. A panel is given the
 * open table as a `RulesetSession`, the part of web/src/session.ts's `TableSession` it uses.
 */
import type { ReadonlySignal } from '@preact/signals';
import type { ComponentType } from 'preact';
import type { ParamDef } from '../../../src/rules/rule-system.js';
import type { Combatant } from '../lib/combat-view.js';
import type { RulesetCardReader, RulesetLogReader } from '../lib/describe.js';
import type { FormValues } from '../lib/params.js';
import type { AckFrame, RulesetCombatAction, RulesetCommand, RulesetEvent, Settings, TableCharacter, Visibility } from '../lib/protocol.js';
import type { TableState } from '../lib/table-state.js';

/** One ruleset's web parts. */
export interface RulesetWeb {
  /** True when the ruleset has web parts but they failed to load (the page says so). */
  readonly hasFailed?: boolean;
  /** The ruleset's id in the catalogue (src/rules/catalogue.ts). */
  readonly id: string;
  /** The dice tray's extras. */
  readonly tray?: TrayExtras;
  /** Sections of the Smith's screen, in order, after the secret roll and the rulings. */
  readonly smithPanels?: readonly ComponentType<SmithPanelProps>[];
  /** Sections of a character sheet, after the usage dice. */
  readonly sheetPanels?: readonly SheetPanel[];
  /** The creation wizard's form, when it is more than the generic form of `creationOptions`. */
  readonly creation?: CreationForm;
  /** The combat tracker's extras. */
  readonly combat?: CombatExtras;
  /** The log card of a roll of the ruleset's own kinds (an event of its kinds with a `visibility`). */
  readonly rollCard?: RulesetCardReader;
  /** The log card of an event of its own kinds that is no roll (a Venture's step, a spell cast); null for none. */
  readonly logCard?: RulesetLogReader;
  /** Help on the ruleset's own words and tools, in the help dialog at a table of the ruleset. */
  readonly help?: readonly HelpSection[];
}

/** A section of the help dialog: a title, paragraphs, then terms with what they mean. */
export interface HelpSection {
  /** Unique within the ruleset. */
  readonly id: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly terms?: readonly (readonly [term: string, meaning: string])[];
}

/** What a ruleset's panels use of the open table. */
export interface RulesetSession {
  /** The table as this viewer sees it (its `rulesetEvents` are the ruleset's to fold). */
  readonly state: ReadonlySignal<TableState>;
  /** The viewer is the table's Smith. */
  readonly isSmith: ReadonlySignal<boolean>;
  /** The viewer may roll (the Smith or a player). */
  readonly canRoll: ReadonlySignal<boolean>;
  /** Sends a command of a kind the ruleset adds: resolves on its ack, rejects with the server's refusal. */
  sendRuleset(command: RulesetCommand): Promise<AckFrame>;
}

/** What the dice tray adds for a ruleset. */
export interface TrayExtras {
  /** The tray's Feat control: the Feat Die of a character level, rolled alongside a plain roll. */
  readonly feat?: FeatDie;
  /** Collapsible sections under the checks form; a panel's chunk loads when it is first opened. */
  readonly panels?: readonly TrayPanel[];
  /**
   * False when the ruleset's plain rolls take no steps along its chain (its chain steps only the dice
   * that wear out): the tray's Roll mode then shows no Steps control and rolls the die as chosen.
   */
  readonly plainSteps?: boolean;
}

/** The Feat Die by character level. */
export interface FeatDie {
  /** The levels offered, lowest first. */
  readonly levels: readonly number[];
  /** The sides of the Feat Die of a level. */
  dieOf(level: number): number;
}

/** What a tray panel is given. */
export interface TrayPanelProps {
  readonly session: RulesetSession;
  /** Who sees the rolls, as chosen in the tray. */
  readonly visibility: Visibility;
}

/** A collapsible section of the tray. */
export interface TrayPanel {
  /** Unique within the ruleset. */
  readonly id: string;
  /** The section's summary line ("Hammer dice pool"). */
  readonly title: string;
  readonly Panel: ComponentType<TrayPanelProps>;
}

/** What a section of the Smith's screen is given. */
export interface SmithPanelProps {
  readonly session: RulesetSession;
}

/** What a section of a sheet is given. */
export interface SheetPanelProps {
  readonly session: RulesetSession;
  readonly character: TableCharacter;
  /** The viewer owns the character or is the Smith. */
  readonly canAct: boolean;
}

/** A section of a character sheet. */
export interface SheetPanel {
  /** Whether the section has something for this character; asked before its chunk loads. */
  isShown(props: SheetPanelProps): boolean;
  readonly Panel: ComponentType<SheetPanelProps>;
}

/** The creation wizard's form for a ruleset whose choices depend on each other. */
export interface CreationForm {
  /** The fields to show for the values chosen so far, from the ruleset's `creationOptions`. */
  fields(options: readonly ParamDef[], values: FormValues): readonly ParamDef[];
  /** The values to read and send: without the choices the values so far do not allow. */
  values(values: FormValues): FormValues;
  /** Draws the fields itself (lists to add entries to, choices that shape each other), in place of one generic field per option. */
  readonly Fields?: ComponentType<CreationFieldsProps>;
}

/** What a ruleset's creation fields are given. */
export interface CreationFieldsProps {
  /** The options to show now (`fields` of the values so far). */
  readonly defs: readonly ParamDef[];
  /** The form's values as entered (blank rows and hidden choices kept). */
  readonly values: FormValues;
  readonly onChange: (name: string, value: string | boolean) => void;
  /** Keeps the fields' ids unique on the page. */
  readonly prefix: string;
  /** The option a problem is about, and the problem. */
  readonly errorField: string | null;
  readonly error: string | null;
}

/** What the combat tracker adds for a ruleset. */
export interface CombatExtras {
  /** Placeholders of the add form's Health and Armour fields ("d8", "d4"). */
  readonly healthExample?: string;
  readonly armourExample?: string;
  /** What the ruleset calls the tracker's Health and Armour ("Blood / Sweat", "AC"); "Health" and "Armour" when absent. */
  readonly healthLabel?: string;
  readonly armourLabel?: string;
  /** A line the Smith gives a foe, sent as the combatant's `monster` (what the ruleset's attacks read). */
  readonly monsterLine?: MonsterLine;
  /** Attacks made from the tracker (the `attack` action), with their control. */
  readonly attack?: CombatAttack;
  /** A panel shown in the tracker above the order (a ruleset's initiative flow). */
  readonly Panel?: ComponentType<CombatPanelProps>;
  /**
   * The Panel rolls initiative itself, with the ruleset's own choices (an ambush): the tracker shows
   * no generic "Roll initiative" button beside it, so the Smith has one button that rolls it right.
   */
  readonly rollsInitiative?: boolean;
}

/** What a tracker panel is given. */
export interface CombatPanelProps {
  readonly combatants: readonly Combatant[];
  /** The table's events of the ruleset's own kinds, in order. */
  readonly events: readonly RulesetEvent[];
  /** The table's settings (a ruleset's initiative flow). */
  readonly settings: Settings;
  readonly isSmith: boolean;
  /** Sends one of the ruleset's own tracker actions (`{ kind: 'combat', action }`); false when refused. */
  readonly act: (a: RulesetCombatAction) => Promise<boolean>;
  /** The viewer may speak for this combatant: the Smith for all, a player for their own characters'. */
  readonly mayActFor?: (combatantId: string) => boolean;
  /** The server's tracker as received (fields the generic view does not read, such as a ruleset's marks). */
  readonly combat?: unknown;
}

/** The monster line field. */
export interface MonsterLine {
  readonly label: string;
  readonly placeholder: string;
  /** Help under the field (the format, examples). */
  readonly Hint: ComponentType;
}

/** What a combatant's attack control is given. */
export interface CombatAttackProps {
  readonly attacker: Combatant;
  readonly combatants: readonly Combatant[];
  /** The server's tracker as received. */
  readonly combat: unknown;
  readonly characters: readonly TableCharacter[];
  /** The table's settings (its rulings may change the odds). */
  readonly settings: Settings;
  /** Sends one of the ruleset's own tracker actions (`{ kind: 'combat', action }`); false when refused. */
  readonly act: (a: RulesetCombatAction) => Promise<boolean>;
  /** The viewer is the Smith (a ruleset may offer the Smith's actions only to them). */
  readonly isSmith?: boolean;
  /**
   * Why the viewer may not attack with the attacker now (a player off their combatant's turn,
   * `turnProblem`), or null: the control shows it and sends no attack (a defence it offers still goes).
   */
  readonly offTurn?: string | null;
}

/** Attacks from the tracker. */
export interface CombatAttack {
  /** Whether a combatant can attack at all (who may attack with it is the page's: `mayAttackWith`). */
  canAttack(c: Combatant): boolean;
  readonly Control: ComponentType<CombatAttackProps>;
}
