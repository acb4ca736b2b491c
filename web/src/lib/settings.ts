/**
 * The rulings that are options (docs/rulings.md: "where the text offers a choice, the choice is a
 * setting with the default named here"), offered when a table is created and on the Smith's screen.
 * The lists are the catalogue's (src/rules/catalogue.ts), so they are known before a ruleset loads.
 */
import { CATALOGUE, isRulesetId, type RulesetId } from '../../../src/rules/catalogue.js';
import type { ParamDef } from '../../../src/rules/rule-system.js';
import type { Settings } from './protocol.js';

/** The settings a ruleset's tables may set, each with its default. */
export const TABLE_SETTINGS: Readonly<Record<RulesetId, readonly ParamDef[]>> = Object.fromEntries(CATALOGUE.map((e) => [e.id, e.settings])) as Record<RulesetId, readonly ParamDef[]>;

/** The settings of a ruleset id (none for an id this build does not know). */
export function settingsOf(ruleset: string): readonly ParamDef[] {
  return isRulesetId(ruleset) ? TABLE_SETTINGS[ruleset] : [];
}

/** The settings a new table starts with: every default. */
export function defaultSettings(ruleset: string): Settings {
  const out: Record<string, string | number | boolean> = {};
  for (const d of settingsOf(ruleset)) if (d.default !== undefined) out[d.name] = d.default;
  return out;
}

/** The below-d3 policy a table set (clamp unless it says negate). */
export function belowBottomOf(settings: Settings): 'clamp' | 'negate' {
  return settings['below-d3'] === 'negate' ? 'negate' : 'clamp';
}
