/**
 * The catalogue: the only list of rulesets this engine serves. Everything that names the rulesets
 * (`RulesetId`, the CLI's `--ruleset` help and `hammercrawl rules`, the server's create-table schema,
 * the web's ruleset list and settings) reads it. An entry is light (its settings are plain data), and
 * `load()` brings the ruleset itself on demand, so the CLI and the web pay only for the ruleset in use.
 *
 * Adding a ruleset: its folder under `src/rules/<id>/` exporting one `ruleSystem`, and one line here;
 * the contract suite (test/ruleset-contract.test.ts) then holds it to the contract.
 */
import type { ParamDef, RuleSystem } from './rule-system.js';
import { HAMMERCRAWL_SETTINGS } from './hammercrawl/settings.js';
import { BARE_BONES_SETTINGS } from './bare-bones/settings.js';
import { SLAMD_SETTINGS } from './so-long-as-men-die/settings.js';
import { EXALTED_HACK_SETTINGS } from './exalted-hack/settings.js';

/** One ruleset as the catalogue lists it. */
export interface CatalogueEntry {
  /** kebab-case; the ruleset's `ruleSystem.id`. */
  readonly id: string;
  /** Its name as players know it; the ruleset's `ruleSystem.label`. */
  readonly label: string;
  /** One line on what it is, for help and the ruleset picker. */
  readonly summary: string;
  /** The rulings that are table settings, with their defaults (the ruleset's `ruleSystem.settings`). */
  readonly settings: readonly ParamDef[];
  /** Loads the ruleset. */
  load(): Promise<RuleSystem>;
}

/** Every ruleset, HAMMERCRAWL! first (the default). */
export const CATALOGUE = [
  { id: 'hammercrawl', label: 'HAMMERCRAWL!', summary: 'HAMMERCRAWL! v4, the default: dice-chain Tests, resource dice, Hammer pools', settings: HAMMERCRAWL_SETTINGS, load: async () => (await import('./hammercrawl/rule-system.js')).ruleSystem },
  { id: 'bare-bones', label: 'The Bare Bones', summary: 'The Bare Bones: d20 roll-under checks, usage dice stepping down on 1-3', settings: BARE_BONES_SETTINGS, load: async () => (await import('./bare-bones/index.js')).ruleSystem },
  { id: 'so-long-as-men-die', label: 'So Long as Men Die', summary: 'So Long as Men Die: exploding attacks against Defense, Toughness Dice', settings: SLAMD_SETTINGS, load: async () => (await import('./so-long-as-men-die/index.js')).ruleSystem },
  { id: 'exalted-hack', label: 'The Exalted Hack', summary: 'The Exalted Hack: d20 roll-under with four outcomes, usage dice d4-d12', settings: EXALTED_HACK_SETTINGS, load: async () => (await import('./exalted-hack/index.js')).ruleSystem },
] as const satisfies readonly CatalogueEntry[];

/** The id of a ruleset in the catalogue. */
export type RulesetId = (typeof CATALOGUE)[number]['id'];

/** Every ruleset id, in catalogue order. */
export const RULESET_IDS = CATALOGUE.map((e) => e.id) as readonly RulesetId[] as readonly [RulesetId, ...RulesetId[]];

/** The ruleset a command line or a table uses when none is named. */
export const DEFAULT_RULESET: RulesetId = CATALOGUE[0].id;

/** True when `id` names a ruleset of the catalogue. */
export function isRulesetId(id: unknown): id is RulesetId {
  return typeof id === 'string' && (RULESET_IDS as readonly string[]).includes(id);
}

/** The catalogue entry of a ruleset. */
export function catalogueEntry(id: RulesetId): CatalogueEntry {
  return CATALOGUE.find((e) => e.id === id)!;
}

/** Loads the `ruleSystem` of a ruleset. */
export function loadRuleSystem(id: RulesetId): Promise<RuleSystem> {
  return catalogueEntry(id).load();
}

/** Every ruleset, loaded. */
export async function loadAllRuleSystems(): Promise<ReadonlyMap<RulesetId, RuleSystem>> {
  const entries = await Promise.all(CATALOGUE.map(async (e) => [e.id, await e.load()] as const));
  return new Map(entries);
}
