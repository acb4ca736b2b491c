/**
 * The Bare Bones rulings that are table settings (docs/rulings.md, BB section): each default is the
 * text's reading, the other choice the project's addition. A module of its own, with no imports beyond
 * the contract's types, so the catalogue and the web table can list them without loading the ruleset.
 */
import type { ParamDef } from '../rule-system.js';

/** How the natural 1 and 20 act: the setting's choices (ruling BB-1). */
export const NATURAL_ROLLS = ['attack-and-defence', 'every-roll'] as const;

/** A choice of the `natural-rolls` setting. */
export type NaturalRolls = (typeof NATURAL_ROLLS)[number];

/** The `natural-rolls` setting as a parameter (checks and changes mirror it with role `setting`). */
export const NATURAL_ROLLS_SETTING = {
  name: 'natural-rolls',
  kind: 'choice',
  label: 'Natural 1s and 20s',
  help: 'The text gives a natural 1 (a critical hit) and a natural 20 (a notch, a broken bowstring) effects on attack and defence rolls only, and still asks the roll to be under the number. The addition makes a 1 always succeed and a 20 always fail, on every check and save as well.',
  choices: [
    { id: 'attack-and-defence', label: 'As the text: effects on attack and defence rolls; the number decides every roll' },
    { id: 'every-roll', label: 'Addition: a 1 always succeeds and a 20 always fails, on every roll' },
  ],
  default: 'attack-and-defence',
  ref: 'ruling BB-1',
} as const satisfies ParamDef;

/** Every Bare Bones table setting with its default. */
export const BARE_BONES_SETTINGS: readonly ParamDef[] = [NATURAL_ROLLS_SETTING];
