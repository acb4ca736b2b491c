/**
 * The registry of the web's own parts of each ruleset, keyed by catalogue id (src/rules/catalogue.ts):
 * the panels and hooks of types.ts that the generic page asks for. Each entry is loaded on first use
 * by a dynamic import (a chunk of its own), so the first page stays small; a ruleset with no entry gets
 * the generic table alone.
 *
 * Adding a ruleset's web parts: web/src/rulesets/<id>/index.ts exporting one `RulesetWeb`, and one line here.
 */
import type { RulesetId } from '../../../src/rules/catalogue.js';
import type { RulesetWeb } from './types.js';

export type * from './types.js';

/** How to load a ruleset's web parts. */
export type RulesetWebLoader = () => Promise<RulesetWeb>;

/** Every ruleset that has web parts of its own. */
export const RULESET_WEB: Readonly<Partial<Record<RulesetId, RulesetWebLoader>>> = {
  hammercrawl: async () => (await import('./hammercrawl/index.js')).web,
  'bare-bones': async () => (await import('./bare-bones/index.js')).web,
  'so-long-as-men-die': async () => (await import('./so-long-as-men-die/index.js')).web,
  'exalted-hack': async () => (await import('./exalted-hack/index.js')).web,
};

/** The web parts of a ruleset that has none of its own. */
export function noWeb(id: string): RulesetWeb {
  return { id };
}

const cache = new Map<string, Promise<RulesetWeb>>();

/**
 * Loads a ruleset's web parts; `noWeb(id)` when it has none, or when its chunk fails to load or is
 * another ruleset's (the generic table then works without them). `registry` replaces RULESET_WEB in tests.
 */
export function loadRulesetWeb(id: string, registry: Readonly<Record<string, RulesetWebLoader | undefined>> = RULESET_WEB): Promise<RulesetWeb> {
  const useCache = registry === RULESET_WEB;
  const hit = useCache ? cache.get(id) : undefined;
  if (hit) return hit;
  const p = (async () => {
    const load = Object.hasOwn(registry, id) ? registry[id] : undefined;
    if (load === undefined) return noWeb(id);
    try {
      const web = await load();
      return web.id === id ? web : noWeb(id);
    } catch {
      // A chunk that failed (offline, a new deploy) is tried again on the next open, not remembered.
      cache.delete(id);
      return { ...noWeb(id), hasFailed: true };
    }
  })();
  if (useCache) cache.set(id, p);
  return p;
}
