/**
 * `hammercrawl roll resource` and `hammercrawl odds resource`: a resource die after some uses
 * (HAMMERCRAWL! v4, RESOURCES). JSON shapes are a contract (README, "Output contract").
 */
import type { RandomSource } from '../dice/random.js';
import {
  MAX_RESOURCE_USES,
  ResourceError,
  resourceOdds,
  rollResourceUses,
  type ResourceDieState,
} from '../rules/hammercrawl/resource-die.js';
import { UsageError, type MechanicCommand, type MechanicFlags, type MechanicOutput } from './mechanic.js';
import { SOAK_MECHANIC } from './mechanic-soak.js';

const BAR_WIDTH = 40;

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

const dieName = (die: ResourceDieState): string | null => (die === null ? null : `d${die}`);

/** Runs `f`, turning a rules mistake into a `UsageError` (one line, exit 2). */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ResourceError) throw new UsageError(e.describe());
    throw e;
  }
}

function readFlags(flags: MechanicFlags): { die: number; uses: number } {
  const die = flags['die'];
  const uses = flags['uses'] ?? 1;
  if (typeof die !== 'number') throw new UsageError('give the resource die: --die d12');
  if (typeof uses !== 'number') throw new UsageError(`--uses takes a whole number from 0 to ${MAX_RESOURCE_USES}`);
  return { die, uses };
}

function roll(rng: RandomSource, flags: MechanicFlags): MechanicOutput {
  const { die, uses } = readFlags(flags);
  const result = asUsage(() => rollResourceUses(rng, die, uses));
  const isDepleted = result.after === null;
  const json = {
    die: `d${die}`,
    requested: uses,
    uses: result.uses.map((u, i) => ({ use: i + 1, die: `d${u.die}`, face: u.face, after: dieName(u.after), explanation: u.explanation })),
    after: dieName(result.after),
    depleted: isDepleted,
  };
  const lines = [`resource d${die}, ${uses} use${uses === 1 ? '' : 's'}`];
  result.uses.forEach((u, i) => lines.push(`  use ${i + 1}: ${u.explanation}`));
  if (isDepleted) {
    const missed = uses - result.uses.length;
    lines.push(
      `depleted after ${result.uses.length} use${result.uses.length === 1 ? '' : 's'}${missed > 0 ? ` (${missed} more could not be made)` : ''}: it cannot be used until replenished, renewed, repaired or restored`,
    );
  } else {
    lines.push(`now d${result.after}`);
  }
  return { json, text: lines.join('\n') };
}

function odds(flags: MechanicFlags): MechanicOutput {
  const { die, uses } = readFlags(flags);
  const o = asUsage(() => resourceOdds(die, uses));
  const json = {
    die: `d${die}`,
    uses,
    depleted: o.depleted,
    expectedUses: o.expectedUses,
    distribution: o.distribution.map((x) => ({ die: dieName(x.die), p: x.p })),
  };
  const peak = Math.max(...o.distribution.map((x) => x.p));
  const lines = [`resource d${die} after ${uses} use${uses === 1 ? '' : 's'}`, `${'die'.padStart(8)}  ${'chance'.padStart(7)}`];
  for (const { die: d, p } of o.distribution) {
    const bar = '#'.repeat(Math.max(p > 0 ? 1 : 0, Math.round((p / peak) * BAR_WIDTH)));
    lines.push(`${(d === null ? 'depleted' : `d${d}`).padStart(8)}  ${pct(p).padStart(7)}  ${bar}`);
  }
  lines.push(`P(depleted within ${uses} use${uses === 1 ? '' : 's'}) = ${pct(o.depleted)}`);
  lines.push(`expected uses before a fresh d${die} is depleted: ${o.expectedUses} (the use whose roll depletes it counted)`);
  return { json, text: lines.join('\n') };
}

/**
 * The resource mechanic: `--die <dX> [--uses <n>]` (uses default to 1). Odds JSON:
 * `{ die, uses, depleted, expectedUses, distribution: [{ die: "d12" | null, p }] }` (RESOURCES).
 */
export const RESOURCE_MECHANIC: MechanicCommand = {
  name: 'resource',
  description: 'Resource die: the die after some uses (a 1 or 2 steps it down; a d3 rolling 1 or 2 is depleted)',
  flags: [
    { name: 'die', kind: 'die', description: 'the resource die, d3 to d30', required: true, placeholder: 'dX' },
    { name: 'uses', kind: 'integer', description: `how many uses, 0 to ${MAX_RESOURCE_USES} (default 1)`, placeholder: 'n' },
  ],
  roll,
  odds,
};

/** The resource and damage mechanics, in help order, as `mechanics.ts` lists them: resource, soak. */
export const RESOURCE_MECHANICS: readonly MechanicCommand[] = [RESOURCE_MECHANIC, SOAK_MECHANIC];
