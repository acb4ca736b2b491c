/**
 * The rulesets as the web table knows them: the catalogue (src/rules/catalogue.ts), each ruleset loaded
 * on demand with a dynamic import (a chunk of its own), so the first page stays small.
 */
import { CATALOGUE, RULESET_IDS, isRulesetId, type CatalogueEntry, type RulesetId } from '../../../src/rules/catalogue.js';
import type { RuleSystem } from '../../../src/rules/rule-system.js';

export { RULESET_IDS, isRulesetId };

/** Names shown before a ruleset is loaded. */
export const RULESET_LABELS: Readonly<Record<RulesetId, string>> = Object.fromEntries(CATALOGUE.map((e) => [e.id, e.label])) as Record<RulesetId, string>;

/** One line on each ruleset, for the ruleset picker. */
export const RULESET_SUMMARIES: Readonly<Record<RulesetId, string>> = Object.fromEntries(CATALOGUE.map((e) => [e.id, e.summary])) as Record<RulesetId, string>;

/** The label of a ruleset id, or the id itself for one this build does not know. */
export function rulesetLabel(id: string): string {
  return isRulesetId(id) ? RULESET_LABELS[id] : id;
}

const cache = new Map<string, Promise<RuleSystem | null>>();

/**
 * Loads a ruleset's `ruleSystem`; null when this build does not have it or its chunk fails to load
 * (the table then works without odds and sheets). `entries` replaces the catalogue in tests.
 */
export function loadRuleSystem(id: string, entries: readonly Pick<CatalogueEntry, 'id' | 'load'>[] = CATALOGUE): Promise<RuleSystem | null> {
  const useCache = entries === CATALOGUE;
  const hit = useCache ? cache.get(id) : undefined;
  if (hit) return hit;
  const p = (async () => {
    const entry = entries.find((e) => e.id === id);
    if (entry === undefined) return null;
    try {
      const rs = await entry.load();
      return rs.id === id ? rs : null;
    } catch {
      return null;
    }
  })();
  if (useCache) cache.set(id, p);
  return p;
}
