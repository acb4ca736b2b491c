/**
 * The Bare Bones as a pure ruleset: roll-under checks, the watch, usage dice, races and classes,
 * combat, Blood and Sweat, rests, encumbrance and advancement, behind one `ruleSystem` object.
 * Rules: shared/rules/003_653991b710fb210d.txt; rulings: docs/rulings.md.
 */
import { BARE_BONES_CHAIN } from '../../dice/dice-chain.js';
import { tableLabel, type CharacterSummary, type RuleSystem, type RuleTable } from '../rule-system.js';
import { characterValuesOf } from './character-values.js';
import { BARE_BONES_ATTRIBUTES } from './attributes.js';
import { armourClassOf, readCharacter, statusOf, type BareBonesCharacter } from './character.js';
import { BARE_BONES_CHECKS, checkOdds, rollCheck } from './check-kinds.js';
import { CREATION_OPTIONS, rollCharacter } from './create-character.js';
import { encumbranceOf } from './encumbrance.js';
import { BARE_BONES_PLAY } from './play.js';
import { ARMOURS } from './data/armour.js';
import { CLASSES, SORCERER_TRADITIONS, bareBonesClass } from './data/classes.js';
import { MANEUVERS } from './data/maneuvers.js';
import { HOUSES, RACES, race } from './data/races.js';
import { SAMPLE_SKILLS } from './data/skills.js';
import { WATCH_TABLE, WATCH_TRIGGERS } from './data/watch.js';
import { WEAPON_KINDS, WEAPON_WEIGHTS } from './data/weapons.js';
import { QUEST_XP, XP_TABLE } from './data/xp.js';
import { INITIATIVE_HELP, rollInitiative } from './initiative.js';
import { BARE_BONES_TEXT, REF_CHARACTERS, REF_CHECKS, REF_RULINGS, REF_WATCH, REF_XP, refClass, refCombat } from './refs.js';
import { USAGE_DIE_RULES, rollUsage, usageOdds } from './usage-dice.js';
import { readBareBonesTrackerValue } from './tracker-values.js';
import { BARE_BONES_SETTINGS } from './settings.js';

export * from './refs.js';
export * from './settings.js';
export * from './errors.js';
export * from './attributes.js';
export * from './checks.js';
export * from './check-kinds.js';
export * from './damage.js';
export * from './usage-dice.js';
export * from './watch.js';
export * from './advancement.js';
export * from './character.js';
export * from './create-character.js';
export * from './initiative.js';
export * from './blood-and-sweat.js';
export * from './encumbrance.js';
export * from './level-up.js';
export * from './class-features.js';
export * from './notches-and-arrows.js';
export * from './play.js';
export { STRAIGHT_TO_BLOOD, type StraightToBloodId, type DamageOutcome } from './play-vitals.js';
export { POINT_USES, kebabOf } from './play-advance.js';
export { MAX_ITEMS_PER_ADD, loadLine } from './play-gear.js';
export { MAX_CONDITIONS_TEXT_LENGTH, MAX_SPELLS_TEXT_LENGTH } from './play-edit.js';
export { MAX_CAUSE_LENGTH } from './play-kit.js';
export * from './data/weapons.js';
export * from './data/armour.js';
export * from './data/watch.js';
export * from './data/races.js';
export * from './data/classes.js';
export * from './data/maneuvers.js';
export * from './data/xp.js';
export * from './data/skills.js';

/**
 * Every data table, for the GM's screen and the data-integrity test.
 * @example BARE_BONES_TABLES.map((t) => t.id) // ['watch', 'watch-triggers', 'races', ...]
 */
export const BARE_BONES_TABLES: readonly RuleTable[] = [
  { id: 'watch', label: 'Watch table (d6)', ref: REF_WATCH, rows: WATCH_TABLE },
  { id: 'watch-triggers', label: 'What triggers a watch', ref: REF_WATCH, rows: WATCH_TRIGGERS },
  { id: 'races', label: 'Races', ref: REF_CHARACTERS, rows: RACES },
  { id: 'houses', label: 'Great houses', ref: refClass('Humans'), rows: HOUSES },
  { id: 'classes', label: 'Classes', ref: REF_CHARACTERS, rows: CLASSES },
  { id: 'sorcerer-traditions', label: 'Sorcerer traditions', ref: refClass('Sorcerers'), rows: SORCERER_TRADITIONS },
  { id: 'weapon-weights', label: 'Weapons by weight', ref: refCombat('Weapons'), rows: WEAPON_WEIGHTS },
  { id: 'weapon-kinds', label: 'Weapon kinds', ref: refCombat('Weapons'), rows: WEAPON_KINDS },
  { id: 'armour', label: 'Armour', ref: refCombat('Armor'), rows: ARMOURS },
  { id: 'maneuvers', label: 'Maneuvers', ref: refCombat('Maneuvers'), rows: MANEUVERS },
  { id: 'xp', label: 'XP table', ref: REF_XP, rows: XP_TABLE },
  { id: 'quest-xp', label: 'Quest XP', ref: REF_XP, rows: QUEST_XP },
  { id: 'sample-skills', label: 'Sample skills', ref: `${REF_RULINGS} (BB-6)`, rows: SAMPLE_SKILLS },
];

/**
 * The few lines a table shows of a character: "Level 1 Dwarf Fighter", Blood, Sweat, AC, the class
 * pool, the load, and at 0 Blood how the character stands (down, unstable with its rounds, dead).
 */
export function summarize(c: BareBonesCharacter): CharacterSummary {
  const cls = bareBonesClass(c.class);
  const load = encumbranceOf(c);
  const status = statusOf(c);
  return {
    name: c.name,
    headline: `Level ${c.level} ${race(c.race).label} ${cls.label}`,
    trackers: [
      { id: 'blood', label: 'Blood', value: `${c.blood.current}/${c.blood.max}`, role: 'health' },
      { id: 'sweat', label: 'Sweat', value: `${c.sweat.current}/${c.sweat.max}` },
      { id: 'armour-class', label: 'Armor Class', value: `${armourClassOf(c)}${c.armourNotches > 0 ? ` (${c.armourNotches} notch${c.armourNotches === 1 ? '' : 'es'})` : ''}`, role: 'armour' },
      { id: c.points.pool, label: cls.pool.label, value: String(c.points.current) },
      { id: 'load', label: 'Load', value: `${load.slots}/${load.unencumberedMax} slots${load.level === 'unencumbered' ? '' : `, ${load.level}`}` },
      ...(status === 'standing' ? [] : [{ id: 'status', label: 'Status', value: status === 'unstable' ? `unstable, ${c.roundsLeft} round${c.roundsLeft === 1 ? '' : 's'} left` : status }]),
    ],
  };
}

/**
 * The Bare Bones ruleset object the CLI and the table drive.
 * @example ruleSystem.checkOdds({ check: 'test', params: { stat: 12, skill: true } })
 */
export const ruleSystem: RuleSystem<BareBonesCharacter> = {
  id: 'bare-bones',
  label: BARE_BONES_TEXT,
  version: 'blog draft',
  ref: `${BARE_BONES_TEXT}; ${REF_CHECKS}`,
  attributes: BARE_BONES_ATTRIBUTES,
  chain: BARE_BONES_CHAIN,
  checks: BARE_BONES_CHECKS,
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
  labelOf: (id) => tableLabel(BARE_BONES_TABLES, id),
  initiativeHelp: INITIATIVE_HELP,
  // Players save against WIS; the GM's side does not roll (ruling BB-12).
  initiativeReads: { stats: ['wis'], hasLeaders: false },
  rollInitiative: (rng, entrants) => rollInitiative(rng, entrants),
  tables: BARE_BONES_TABLES,
  settings: BARE_BONES_SETTINGS,
  play: BARE_BONES_PLAY,
  readTrackerValue: (field, text) => readBareBonesTrackerValue(field, text),
};
