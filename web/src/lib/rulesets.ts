/**
 * The rulesets, each loaded on demand with a dynamic import (a chunk of its own), so the first page
 * stays small and the table works with whichever rulesets this build has. A ruleset module exports
 * one `ruleSystem` (src/rules/rule-system.ts).
 */
import type { RuleSystem, RulesetId } from '../../../src/rules/rule-system.js';

/** Names shown before a ruleset is loaded. */
export const RULESET_LABELS: Record<RulesetId, string> = {
  hammercrawl: 'HAMMERCRAWL!',
  'bare-bones': 'The Bare Bones',
  'so-long-as-men-die': 'So Long As Men Die',
  'exalted-hack': 'The Exalted Hack',
};

/** Every ruleset id, HAMMERCRAWL! first. */
export const RULESET_IDS = Object.keys(RULESET_LABELS) as RulesetId[];

type Loader = () => Promise<unknown>;

/** Module loaders by path; only files that exist at build time are here. */
const MODULES: Record<string, Loader> = import.meta.glob(['../../../src/rules/*/rule-system.ts', '../../../src/rules/*/index.ts']);

/** The loaders that may hold a ruleset's `ruleSystem`, most specific first. */
export function loadersFor(id: RulesetId, modules: Record<string, Loader> = MODULES): Loader[] {
  const out: Loader[] = [];
  for (const file of ['rule-system.ts', 'index.ts']) {
    const l = modules[`../../../src/rules/${id}/${file}`];
    if (l) out.push(l);
  }
  return out;
}

function isRuleSystem(v: unknown, id: RulesetId): v is RuleSystem {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Partial<RuleSystem>;
  return r.id === id && Array.isArray(r.checks) && typeof r.checkOdds === 'function';
}

const cache = new Map<RulesetId, Promise<RuleSystem | null>>();

/** Loads a ruleset's `ruleSystem`; null when this build does not have it. */
export function loadRuleSystem(id: RulesetId, modules: Record<string, Loader> = MODULES): Promise<RuleSystem | null> {
  if (modules === MODULES) {
    const hit = cache.get(id);
    if (hit) return hit;
  }
  const p = (async () => {
    for (const load of loadersFor(id, modules)) {
      try {
        const mod = (await load()) as { ruleSystem?: unknown };
        if (isRuleSystem(mod.ruleSystem, id)) return mod.ruleSystem;
      } catch {
        // A module that fails to load is as good as absent: try the next.
      }
    }
    return null;
  })();
  if (modules === MODULES) cache.set(id, p);
  return p;
}
