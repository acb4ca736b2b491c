/**
 * The Exalted Hack ruleset: roll-under d20 checks with four outcomes, group, elaboration, X-or-nothing,
 * PVP and NPC rolls, attacks, defences and damage, HP and lethal damage, usage dice, group WIS
 * initiative, characters, and play's changes to them. Pure. Rules: ../shared/rules/004 (The Exalted Hack); rulings in
 * docs/rulings.md.
 */
import { tableLabel, type RuleSystem, type RuleTable } from '../rule-system.js';
import { characterValuesOf } from './character-values.js';
import { ATTRIBUTES, LANGUAGE_POINTS_TABLE, SPEED_TABLE } from './attributes.js';
import { readCharacter, type ExaltedHackCharacter } from './character.js';
import { CHECK_KINDS, checkOdds, rollCheck } from './checks.js';
import { CREATION_OPTIONS, rollCharacter, summarize } from './create-character.js';
import { ARMOUR_KINDS } from './data/armour.js';
import { ATTRIBUTE_LOSSES } from './data/attribute-loss.js';
import { DISTANCES } from './data/distances.js';
import { ELABORATION_GOALS } from './data/elaboration.js';
import { LANGUAGES, LANGUAGE_FLUENCY } from './data/languages.js';
import { ATTACK_MODES, DEFENCE_MODES, WEAPON_CATEGORIES } from './data/weapons.js';
import { INITIATIVE_HELP, rollInitiative } from './initiative.js';
import { EXALTED_HACK_PLAY } from './play.js';
import { EXALTED_HACK_CHAIN, USAGE_DIE_RULES, rollUsage, usageOdds } from './usage-die.js';
import { readExaltedHackTrackerValue } from './tracker-values.js';
import { EXALTED_HACK_SETTINGS } from './settings.js';
import { exaltedHackTable } from './table/extension.js';

export * from './attributes.js';
export * from './resolution.js';
export * from './params.js';
export * from './checks.js';
export * from './dying-rule.js';
export * from './hit-points.js';
export * from './usage-die.js';
export * from './character.js';
export * from './migrations.js';
export * from './change-plan.js';
export * from './play.js';
export * from './play-common.js';
export * from './play-health.js';
export * from './play-advancement.js';
export * from './play-goods.js';
export * from './play-projects.js';
export * from './create-character.js';
export * from './initiative.js';
export * from './data/weapons.js';
export * from './data/armour.js';
export * from './data/distances.js';
export * from './data/languages.js';
export * from './data/elaboration.js';
export * from './settings.js';
export * from './data/attribute-loss.js';
export * from './table/tracker-attack.js';
export * from './table/monster-line.js';
export * from './table/extension.js';

const REF = 'The Exalted Hack';

/**
 * The data tables of the ruleset, for the DM's screen and the data tests.
 * @example EXALTED_HACK_TABLES.map((t) => t.id) // ['weapon-categories', 'attack-modes', ...]
 */
export const EXALTED_HACK_TABLES = [
  { id: 'weapon-categories', label: 'Weapon categories', ref: `${REF}, Weapons`, rows: WEAPON_CATEGORIES },
  { id: 'attack-modes', label: 'Attacks', ref: `${REF}, Attacking, Defending and Damage`, rows: ATTACK_MODES },
  { id: 'defence-modes', label: 'Defences', ref: `${REF}, Attacking, Defending and Damage`, rows: DEFENCE_MODES },
  { id: 'armour', label: 'Armour', ref: `${REF}, Armor`, rows: ARMOUR_KINDS },
  { id: 'distances', label: 'Distances', ref: `${REF}, Movement and Distance`, rows: DISTANCES },
  { id: 'speed', label: 'Speed by DEX', ref: `${REF}, Dexterity`, rows: SPEED_TABLE },
  { id: 'language-points', label: 'Language points by INT', ref: `${REF}, Intelligence`, rows: LANGUAGE_POINTS_TABLE },
  { id: 'languages', label: 'Languages', ref: `${REF}, Intelligence`, rows: LANGUAGES },
  { id: 'language-fluency', label: 'Language fluency', ref: `${REF}, Intelligence`, rows: LANGUAGE_FLUENCY },
  { id: 'elaboration-goals', label: 'Elaboration goals', ref: `${REF}, Other Rolls (Elaboration Roll)`, rows: ELABORATION_GOALS },
  { id: 'attribute-losses', label: 'An attribute at 0', ref: `${REF}, Damage and Dying`, rows: ATTRIBUTE_LOSSES },
] as const satisfies readonly RuleTable[];

/** The Exalted Hack through the ruleset contract (rule-system.ts). */
export const ruleSystem: RuleSystem<ExaltedHackCharacter> = {
  id: 'exalted-hack',
  label: 'The Exalted Hack',
  version: 'blog text (Black Hack hack)',
  ref: 'The Exalted Hack (rules text)',
  attributes: ATTRIBUTES,
  chain: EXALTED_HACK_CHAIN,
  checks: CHECK_KINDS,
  checkOdds,
  rollCheck,
  usageDie: USAGE_DIE_RULES,
  usageOdds,
  rollUsage,
  creationOptions: CREATION_OPTIONS,
  rollCharacter,
  readCharacter,
  summarize,
  characterValues: characterValuesOf,
  labelOf: (id) => tableLabel(EXALTED_HACK_TABLES, id),
  initiativeHelp: INITIATIVE_HELP,
  // The company's group WIS check, then each side from highest DEX (ruling EH-21).
  initiativeReads: { stats: ['wis', 'dex'], hasLeaders: false },
  rollInitiative,
  tables: EXALTED_HACK_TABLES,
  settings: EXALTED_HACK_SETTINGS,
  play: EXALTED_HACK_PLAY,
  readTrackerValue: (field, text) => readExaltedHackTrackerValue(field, text),
  table: exaltedHackTable,
};
