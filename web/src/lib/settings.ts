/**
 * The rulings that are options (docs/rulings.md: "where the text offers a choice, the choice is a
 * setting with the default named here"), offered when a table is created and on the Smith's screen.
 */
import type { ParamDef, RulesetId } from '../../../src/rules/rule-system.js';
import type { Settings } from './protocol.js';

/** The settings a ruleset's tables may set, each with its default. */
export const TABLE_SETTINGS: Readonly<Record<RulesetId, readonly ParamDef[]>> = {
  hammercrawl: [
    {
      name: 'below-d3',
      kind: 'choice',
      label: 'A die stepped below d3',
      help: 'Ruling D-1 / C-8: clamp keeps a d3; negate removes the die.',
      choices: [
        { id: 'clamp', label: 'Clamp (stays d3)' },
        { id: 'negate', label: 'Negate (no die)' },
      ],
      default: 'clamp',
    },
    {
      name: 'stance-symbols',
      kind: 'choice',
      label: 'Hourglasses and teardrops',
      help: 'Ruling H-2: as the face list (default), or as the symbol sections read.',
      choices: [
        { id: 'face-list', label: 'As the face list' },
        { id: 'symbol-sections', label: 'As the symbol sections' },
      ],
      default: 'face-list',
    },
    {
      name: 'xp-when-both',
      kind: 'choice',
      label: 'XP when hammers and crossblades both show',
      help: 'Ruling H-9: one XP for the Check, or two.',
      choices: [
        { id: 'one', label: 'One XP' },
        { id: 'two', label: 'Two XP' },
      ],
      default: 'one',
    },
    { name: 'con-on-armour', kind: 'boolean', label: 'CON mod adds to Armour Die soaks', help: 'Ruling H-1: off by default.', default: false },
  ],
  'bare-bones': [],
  'so-long-as-men-die': [],
  'exalted-hack': [],
};

/** The settings a new table starts with: every default. */
export function defaultSettings(ruleset: RulesetId): Settings {
  const out: Record<string, string | number | boolean> = {};
  for (const d of TABLE_SETTINGS[ruleset]) if (d.default !== undefined) out[d.name] = d.default;
  return out;
}

/** The below-d3 policy a table set (clamp unless it says negate). */
export function belowBottomOf(settings: Settings): 'clamp' | 'negate' {
  return settings['below-d3'] === 'negate' ? 'negate' : 'clamp';
}
