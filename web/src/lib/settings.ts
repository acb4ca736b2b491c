/**
 * The rulings that are options (docs/rulings.md: "where the text offers a choice, the choice is a
 * setting with the default named here"), offered when a table is created and on the Smith's screen.
 */
import type { ParamDef, RulesetId } from '../../../src/rules/rule-system.js';
import { HAMMERCRAWL_SETTINGS } from '../../../src/rules/hammercrawl/settings.js';
import type { Settings } from './protocol.js';

/** The settings a ruleset's tables may set, each with its default. */
export const TABLE_SETTINGS: Readonly<Record<RulesetId, readonly ParamDef[]>> = {
  // The ruleset's own list (the server checks a table's settings against it), without loading the ruleset.
  hammercrawl: HAMMERCRAWL_SETTINGS,
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
