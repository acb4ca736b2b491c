/**
 * The Exalted Hack rulings that are table settings (docs/rulings.md, EH section): where the text offers
 * two readings, or where the project adds an aid the text does not have. Each default is the text's
 * reading. A module of its own, with no imports beyond the contract's types, so the catalogue and the
 * web table can list them without loading the ruleset.
 */
import type { ParamDef } from '../rule-system.js';

/** How fast a dying character loses CON (ruling EH-11); the `dying` check and change mirror it. */
export const DYING_RULE_SETTING = {
  name: 'dying-rule',
  kind: 'choice',
  label: 'A dying character loses Constitution',
  help: 'The text says both: one point a turn (said twice, the default) and a d4 a turn, until healed.',
  choices: [
    { id: 'one-per-turn', label: '1 a turn' },
    { id: 'd4-per-turn', label: '1d4 a turn' },
  ],
  default: 'one-per-turn',
  ref: 'ruling EH-11',
} as const satisfies ParamDef;

/** Every Exalted Hack table setting with its default. */
export const EXALTED_HACK_SETTINGS: readonly ParamDef[] = [DYING_RULE_SETTING];
