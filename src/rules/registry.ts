/**
 * Every ruleset by id, loaded on demand: the CLI pays only for the ruleset a command names, and the
 * server loads the ones its tables use.
 */
import { RULESET_IDS, type RuleSystem, type RulesetId } from './rule-system.js';

/** Loads the `ruleSystem` of a ruleset. */
export async function loadRuleSystem(id: RulesetId): Promise<RuleSystem> {
  switch (id) {
    case 'hammercrawl':
      return (await import('./hammercrawl/rule-system.js')).ruleSystem as unknown as RuleSystem;
    case 'bare-bones':
      return (await import('./bare-bones/index.js')).ruleSystem as unknown as RuleSystem;
    case 'so-long-as-men-die':
      return (await import('./so-long-as-men-die/index.js')).ruleSystem as unknown as RuleSystem;
    case 'exalted-hack':
      return (await import('./exalted-hack/index.js')).ruleSystem as unknown as RuleSystem;
  }
}

/** True when `id` names a ruleset. */
export function isRulesetId(id: unknown): id is RulesetId {
  return typeof id === 'string' && (RULESET_IDS as readonly string[]).includes(id);
}

/** Every ruleset, loaded. */
export async function loadAllRuleSystems(): Promise<ReadonlyMap<RulesetId, RuleSystem>> {
  const entries = await Promise.all(RULESET_IDS.map(async (id) => [id, await loadRuleSystem(id)] as const));
  return new Map(entries);
}
