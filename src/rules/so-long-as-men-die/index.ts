/**
 * So Long as Men Die as a ruleset of the engine: the `ruleSystem` object (the contract of
 * rule-system.ts) and the module's own functions and tables. Pure. Rulings:
 * docs/rulings.md (SL-n).
 */
import type { RandomSource } from '../../dice/random.js';
import { problem, tableLabel, type CharacterSummary, type RuleResult, type RuleSystem, type RuleTable, type UsageOdds, type UsageRoll } from '../rule-system.js';
import { characterValuesOf } from './character-values.js';
import { ATTRIBUTES, SLAMD_ID, SLAMD_REF } from './attributes.js';
import { readCharacter, type SlamdCharacter } from './character.js';
import { CHECKS, checkOdds, rollCheck } from './checks.js';
import { CREATION_OPTIONS, rollCharacter } from './create-character.js';
import { ACTIONS, INITIATIVE_PHASES, MANEUVERS } from './data/actions.js';
import { ARMOUR, DEFENSE_CHAIN, SHIELDS } from './data/armour.js';
import { MAIMED_LOCATIONS, MUTILATIONS, SEVERED_LOCATIONS } from './data/mutilations.js';
import { TRAITS } from './data/traits.js';
import { WEAPONS, WEAPON_QUALITIES } from './data/weapons.js';
import { rollInitiative } from './initiative.js';
import { inventoryReport } from './inventory.js';
import { PLAY } from './play.js';
import { TOUGHNESS_DIE_SIDES, freshToughness } from './toughness.js';
import { readSlamdTrackerValue } from './tracker-values.js';
import { SLAMD_SETTINGS } from './settings.js';
import { slamdTable } from './table/extension.js';

export * from './attributes.js';
export * from './dense.js';
export * from './explode.js';
export * from './settings.js';
export * from './toughness.js';
export * from './injury.js';
export * from './attack.js';
export * from './character.js';
export * from './create-character.js';
export * from './inventory.js';
export * from './initiative.js';
export * from './checks.js';
export * from './morale.js';
export * from './economy.js';
export * from './wounds.js';
export * from './combat.js';
export * from './params.js';
export * from './play-kit.js';
export * from './play-harm.js';
export * from './play-toughness.js';
export * from './play-goods.js';
export * from './play.js';
export * from './data/slots.js';
export * from './data/weapons.js';
export * from './data/armour.js';
export * from './data/traits.js';
export * from './data/mutilations.js';
export * from './data/actions.js';
export * from './table/monster-line.js';
export * from './table/tracker-attack.js';

/** The text has no usage dice: every usage call returns this problem (ruling SL-19). */
export const NO_USAGE_DICE = 'so-long-as-men-die/no-usage-dice';

function noUsage<T>(): RuleResult<T> {
  return problem(NO_USAGE_DICE, 'So Long as Men Die has no usage dice; track supplies by slots, and Toughness with the toughness check.');
}

/** The typed tables, for the Smith's screen and the data tests (Weapons; Armor; Traits; Mutilation; Actions; Initiative). */
export const TABLES = [
  { id: 'weapons', label: 'Weapons', ref: `${SLAMD_REF}, Weapons`, rows: WEAPONS },
  { id: 'weapon-qualities', label: 'Weapon qualities', ref: `${SLAMD_REF}, Weapons`, rows: WEAPON_QUALITIES },
  { id: 'armour', label: 'Armour', ref: `${SLAMD_REF}, Armor`, rows: ARMOUR },
  { id: 'shields', label: 'Shields', ref: `${SLAMD_REF}, Armor`, rows: SHIELDS },
  { id: 'traits', label: 'Traits', ref: `${SLAMD_REF}, Traits`, rows: TRAITS },
  { id: 'mutilations', label: 'Mutilations', ref: `${SLAMD_REF}, Mutilation`, rows: MUTILATIONS },
  { id: 'maimed-locations', label: 'Maimed: where', ref: `${SLAMD_REF}, Mutilation`, rows: MAIMED_LOCATIONS },
  { id: 'severed-locations', label: 'Severed: what', ref: `${SLAMD_REF}, Mutilation`, rows: SEVERED_LOCATIONS },
  { id: 'actions', label: 'Actions', ref: `${SLAMD_REF}, Fighting Things`, rows: ACTIONS },
  { id: 'maneuvers', label: 'Maneuvers', ref: `${SLAMD_REF}, Fighting Things`, rows: MANEUVERS },
  { id: 'initiative-phases', label: 'Phases of a round', ref: `${SLAMD_REF}, Initiative`, rows: INITIATIVE_PHASES },
] as const satisfies readonly RuleTable[];

/** The lines a table shows of a character: class, traits and whether down; Wounds left (health, SL-25), Toughness, Defense, slots. */
export function summarize(character: SlamdCharacter): CharacterSummary {
  const traitLabels = character.traits.map((id) => TRAITS.find((t) => t.id === id)?.label ?? id);
  const report = inventoryReport(character);
  const trackers = [
    { id: 'wounds', label: 'Wounds left', value: `${character.woundsLeft}/${character.stats.con.score}`, role: 'health' as const },
    { id: 'toughness', label: 'Toughness', value: `${freshToughness(character.toughness)}/${character.toughness.dice} d${TOUGHNESS_DIE_SIDES} fresh` },
    ...(report.ok
      ? [
          { id: 'defense', label: 'Defense', value: `d${report.value.defenseDie}${report.value.shieldBonus > 0 ? ` +${report.value.shieldBonus}` : ''}`, role: 'armour' as const },
          { id: 'stowed', label: 'Stowed', value: `${report.value.used.stowed}/${report.value.capacity.stowed}` },
          { id: 'readied', label: 'Readied', value: `${report.value.used.readied}/${report.value.capacity.readied}${report.value.isEncumbered ? ' (encumbered)' : ''}` },
        ]
      : [{ id: 'inventory', label: 'Inventory', value: report.error.message }]),
  ];
  const state = character.condition === 'standing' ? '' : ` (${character.condition})`;
  return { name: character.name, headline: `${character.class?.label ?? 'No class'}; ${traitLabels.join(', ') || 'no traits'}${state}`, trackers };
}

/**
 * So Long as Men Die (heartbreaker, work in progress, 2026-01-22) through the engine's contract.
 * @example ruleSystem.checkOdds({ check: 'attack', params: { weapon: 'longsword', 'defense-die': 6 } })
 */
export const ruleSystem: RuleSystem<SlamdCharacter> = {
  id: SLAMD_ID,
  label: 'So Long as Men Die',
  version: '2026-01-22 (WIP)',
  ref: 'So Long as Men Die, heartbreaker WIP, Thursday, January 22, 2026',
  attributes: ATTRIBUTES,
  chain: DEFENSE_CHAIN,
  checks: CHECKS,
  checkOdds,
  rollCheck,
  usageDie: { sides: [], stepDownMaxFace: 0, ref: `${SLAMD_REF} (no usage dice; ruling SL-19)`, label: 'usage die (none)' },
  usageOdds(_die: number, _uses: number): RuleResult<UsageOdds> {
    return noUsage();
  },
  rollUsage(_rng: RandomSource, _die: number): RuleResult<UsageRoll> {
    return noUsage();
  },
  creationOptions: CREATION_OPTIONS,
  rollCharacter,
  readCharacter,
  summarize,
  characterValues: characterValuesOf,
  labelOf: (id) => tableLabel(TABLES, id),
  initiativeHelp: 'Each round every side rolls a d6 plus its leader\'s INT Modifier; in each of the eight phases (and each bullet of a phase) the higher side acts first; tied sides act together.',
  rollInitiative,
  // Each side's leader adds their INT Modifier (ruling SL-14).
  initiativeReads: { stats: ['int'], hasLeaders: true },
  tables: TABLES,
  settings: SLAMD_SETTINGS,
  play: PLAY,
  readTrackerValue: (field, text, subject) => readSlamdTrackerValue(field, text, subject),
  table: slamdTable,
};
