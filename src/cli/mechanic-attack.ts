/**
 * `hammercrawl odds attack` and `hammercrawl roll attack`: one attack Challenge against a Defense, then on
 * a hit the Harm roll through the target's Armour Die and Health Die (HAMMERCRAWL! v4, COMBAT: ATTACK!,
 * Combat Crits; DAMAGE). Both go through the one attack definition of the rules (`combat/attack.ts`):
 * `attackOdds` for the odds and `rollAttack` for the roll.
 * Contract (README, "CLI"; scripts rely on it):
 * `odds attack --json` prints exactly `{ "hit", "crit", "outcomes": [{ "armour": "d6"|null, "health": "d8"|null, "p" }] }`,
 * a miss among the outcomes (the dice unchanged); `roll attack --json` prints
 * `{ "seed", "hit", "crit", "dv", "armour", "health", "down", "lines" }`.
 */
import { HAMMERCRAWL_CHAIN, isOnChain, type StepModifier } from '../dice/dice-chain.js';
import type { RandomSource } from '../dice/random.js';
import type { StaticModifier } from '../rules/hammercrawl/check-modifiers.js';
import { isCheckError } from '../rules/hammercrawl/check-modifiers.js';
import { COMBAT_CRIT_MIN, attackOdds, prepareAttack, rollAttack, type AttackSpec, type PreparedAttack } from '../rules/hammercrawl/combat/attack.js';
import { prepareHarm } from '../rules/hammercrawl/combat/harm.js';
import { DEFAULT_DAMAGE_SETTINGS, DamageError, MAX_SOAK_MODIFIER } from '../rules/hammercrawl/damage.js';
import { UsageError, type MechanicCommand, type MechanicFlag, type MechanicFlags, type MechanicOutput } from './mechanic.js';

/** Largest static mod `--mod` and `--harm-mod` take, either sign. */
export const MAX_ATTACK_MOD = 50;

/** Largest step mod `--steps` takes, either sign. */
export const MAX_ATTACK_STEPS = 12;

const FLAGS: readonly MechanicFlag[] = [
  { name: 'target', kind: 'integer', required: true, placeholder: 'defense', description: "the target's Defense: the attack Challenge must beat it" },
  { name: 'mod', kind: 'integer', placeholder: 'm', description: 'static mod on the attack roll (STR or DEX mod and the rest; --mod -1 or --mod=-1)' },
  { name: 'steps', kind: 'integer', placeholder: 'n', description: "step mods on the attack die, + in the attacker's favour (--steps -1)" },
  { name: 'harm', kind: 'die', required: true, placeholder: 'dX', description: 'the Harm Die (the damage roll), a die of the chain' },
  { name: 'harm-mod', kind: 'integer', placeholder: 'm', description: 'static mod on the damage roll (the STR mod of a melee weapon)' },
  { name: 'health', kind: 'die', required: true, placeholder: 'dX', description: "the target's Health Die now, d3 to d30" },
  { name: 'armour', kind: 'die', placeholder: 'dX', description: "the target's Armour Die now, d3 to d30 (none when absent)" },
  { name: 'con', kind: 'integer', placeholder: 'm', description: "the target's CON mod, added to Health Die soaks" },
  { name: 'penetrating', kind: 'boolean', description: 'a Penetrating weapon: it bypasses the armour, the Health Die soaks' },
];

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

function intFlag(flags: MechanicFlags, name: string, limit: number): number {
  const v = flags[name];
  if (v === undefined) return 0;
  if (typeof v !== 'number' || Math.abs(v) > limit) throw new UsageError(`--${name} takes a whole number from -${limit} to +${limit}, got ${String(v)}`);
  return v;
}

function chainDie(flags: MechanicFlags, name: string): number | null {
  const v = flags[name];
  if (v === undefined) return null;
  if (typeof v !== 'number' || !isOnChain(HAMMERCRAWL_CHAIN, v)) {
    throw new UsageError(`--${name} d${String(v)} is not a die of the chain (${HAMMERCRAWL_CHAIN.sides.map((s) => `d${s}`).join(' ')})`);
  }
  return v;
}

/** The attack the flags describe, prepared once for the roll or the odds. */
export function attackFromFlags(flags: MechanicFlags): PreparedAttack {
  const target = flags['target'];
  if (typeof target !== 'number') throw new UsageError("give the target's Defense: --target 12");
  const mod = intFlag(flags, 'mod', MAX_ATTACK_MOD);
  const steps = intFlag(flags, 'steps', MAX_ATTACK_STEPS);
  const harmMod = intFlag(flags, 'harm-mod', MAX_ATTACK_MOD);
  const con = intFlag(flags, 'con', MAX_SOAK_MODIFIER);
  const harmDie = chainDie(flags, 'harm');
  const health = chainDie(flags, 'health');
  const armour = chainDie(flags, 'armour');
  if (harmDie === null) throw new UsageError('give the Harm Die: --harm d8');
  if (health === null) throw new UsageError("give the target's Health Die: --health d8");
  const smith = (label: string) => ({ kind: 'smith', label }) as const;
  const mods: StaticModifier[] = mod !== 0 ? [{ amount: mod, origin: smith('--mod') }] : [];
  const stepList: StepModifier[] = steps !== 0 ? [{ amount: steps, origin: smith('--steps') }] : [];
  const harm = prepareHarm({ source: { kind: 'harm-die', sides: harmDie, stat: null, statMod: harmMod }, steps: [], rerollUpTo: 0 });
  if (!harm.ok) throw new UsageError(`${harm.problem.message} (${harm.problem.code})`);
  const spec: AttackSpec = {
    mode: 'attack-roll',
    attack: { mods, steps: stepList },
    defense: {},
    target,
    critMin: COMBAT_CRIT_MIN,
    critFaces: 1,
    harm: harm.harm,
    hit: { isPenetrating: flags['penetrating'] === true },
    defender: { healthDie: health, armourDie: armour, conMod: con },
    damageSettings: DEFAULT_DAMAGE_SETTINGS,
  };
  return asUsage(() => prepareAttack(spec));
}

/** Runs core code, turning a rules mistake into the CLI's one-line `UsageError`. */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof DamageError || isCheckError(e)) throw new UsageError(e.describe());
    throw e;
  }
}

const die = (sides: number | null): string | null => (sides === null ? null : `d${sides}`);

function describe(p: PreparedAttack): string {
  const s = p.spec;
  const d = s.defender;
  const armour = d.armourDie === null ? 'no armour' : `Armour d${d.armourDie}`;
  return `attack ${p.attackCheck!.resolved.notation} against Defense ${s.target}; damage ${s.harm.explanation}${s.hit.isPenetrating ? ' (Penetrating)' : ''}; target Health d${d.healthDie}${d.conMod ? ` (CON ${d.conMod > 0 ? '+' : ''}${d.conMod})` : ''}, ${armour}`;
}

function odds(flags: MechanicFlags): MechanicOutput {
  const attack = attackFromFlags(flags);
  const o = asUsage(() => attackOdds(attack));
  const outcomes = o.outcomes.map((x) => ({ armour: die(x.armourDie), health: die(x.healthDie), p: x.p }));
  const hadArmour = attack.spec.defender.armourDie !== null;
  const lines = [describe(attack), `P(hit) = ${pct(o.hit)}   P(crit) = ${pct(o.crit)}   P(miss) = ${pct(o.miss)}`, `${'armour'.padStart(9)}  ${'health'.padStart(6)}  chance`];
  for (const x of o.outcomes) {
    const a = x.armourDie !== null ? `d${x.armourDie}` : hadArmour ? 'destroyed' : 'none';
    lines.push(`${a.padStart(9)}  ${(x.healthDie === null ? 'down' : `d${x.healthDie}`).padStart(6)}  ${pct(x.p).padStart(7)}`);
  }
  lines.push(`P(down, unconscious and dying) = ${pct(o.down)}`);
  return { json: { hit: o.hit, crit: o.crit, outcomes }, text: lines.join('\n') };
}

function roll(rng: RandomSource, flags: MechanicFlags): MechanicOutput {
  const attack = attackFromFlags(flags);
  const r = asUsage(() => rollAttack(rng, attack));
  const after = r.defender;
  const result = r.isHit
    ? after.healthDie === null
      ? 'result: down, unconscious and dying'
      : `result: ${after.armourDie !== null ? `Armour d${after.armourDie}, ` : ''}Health d${after.healthDie}`
    : 'result: a miss, the dice unchanged';
  const lines = [...r.lines];
  return {
    json: {
      hit: r.isHit,
      crit: r.isCrit,
      dv: r.harm?.dv ?? null,
      armour: die(after.armourDie),
      health: die(after.healthDie),
      down: after.healthDie === null,
      lines,
    },
    text: [describe(attack), ...lines.map((l) => `  ${l}`), result].join('\n'),
  };
}

/** The attack mechanic: `--target <defense> [--mod] [--steps] --harm <dX> [--harm-mod] --health <dX> [--armour <dX>] [--con <m>] [--penetrating]`. */
export const ATTACK_MECHANIC: MechanicCommand = {
  name: 'attack',
  description: "Attack: d20 + mods must beat the target's Defense (crit on the top face); a hit rolls the Harm Die through Armour and Health",
  flags: FLAGS,
  roll,
  odds,
};
