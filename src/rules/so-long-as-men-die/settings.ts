/**
 * The So Long as Men Die rulings that are table settings (docs/rulings.md, SL section): each default is
 * the text's reading, the other choice the project's addition. A module of its own, with no imports
 * beyond the contract's types, so the catalogue and the web table can list them without the ruleset.
 */
import type { ParamDef } from '../rule-system.js';

/** The `explosions` setting as a parameter (attack, maneuver and damage checks mirror it, ruling SL-9). */
export const EXPLOSIONS_SETTING = {
  name: 'explosions',
  kind: 'choice',
  label: 'Exploding attacks',
  help: 'An Attack die that shows its highest face is rolled a second time and the two added. As the text, that second roll stands whatever it shows; the addition lets every further highest face roll again (up to 20 times a die).',
  choices: [
    { id: 'once', label: 'As the text: one extra roll' },
    { id: 'chained', label: 'Addition: explosions chain (up to 20 a die)' },
  ],
  default: 'once',
  ref: 'ruling SL-9',
} as const satisfies ParamDef;

/** Which damage picks the mutilation (ruling SL-10): the choices of the `mutilation-damage` setting. */
export const MUTILATION_DAMAGE_RULES = ['dealt', 'past-toughness'] as const;

/** A choice of the `mutilation-damage` setting. */
export type MutilationDamageRule = (typeof MUTILATION_DAMAGE_RULES)[number];

/** The `mutilation-damage` setting as a parameter (the attack check and the damage change mirror it). */
export const MUTILATION_DAMAGE_SETTING = {
  name: 'mutilation-damage',
  kind: 'choice',
  label: 'The damage that picks the mutilation',
  help: 'As the text, the damage the blow dealt: the Attack Roll less the Defense roll, before Toughness soaks some of it. The other reading uses only what got past Toughness, which gives milder mutilations.',
  choices: [
    { id: 'dealt', label: 'As the text: the damage dealt (before Toughness)' },
    { id: 'past-toughness', label: 'What got past Toughness' },
  ],
  default: 'dealt',
  ref: 'ruling SL-10',
} as const satisfies ParamDef;

/** Every So Long as Men Die table setting with its default. */
export const SLAMD_SETTINGS: readonly ParamDef[] = [EXPLOSIONS_SETTING, MUTILATION_DAMAGE_SETTING];
