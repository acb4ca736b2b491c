/**
 * `hammercrawl roll soak` and `hammercrawl odds soak`: one hit against an Armour Die and a Health Die,
 * with Overwhelming damage, the soak roll, Crits and Penetrating attacks (HAMMERCRAWL! v4, DAMAGE).
 * JSON shapes are a contract (README, "Output contract").
 */
import { distributionOf } from '../dice/distribution.js';
import type { RandomSource } from '../dice/random.js';
import { compileRoll } from '../dice/roll.js';
import {
  DamageError,
  chanceOfDown,
  chanceToKeepHealthDie,
  damageValueFromTotal,
  hitOutcomes,
  hitOutcomesForDamageRoll,
  rollHit,
  type DamageSettings,
  type Defender,
  type Hit,
  type HitOutcome,
} from '../rules/hammercrawl/damage.js';
import { UsageError, type MechanicCommand, type MechanicFlags, type MechanicOutput } from './mechanic.js';

const BAR_WIDTH = 40;

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

/** Runs `f`, turning a rules mistake into a `UsageError` (one line, exit 2). */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof DamageError) throw new UsageError(e.describe());
    throw e;
  }
}

/** The DV flag: a whole number, or dice notation for a rolled DV (a Harm Die). */
type DvSpec = { readonly kind: 'value'; readonly dv: number } | { readonly kind: 'roll'; readonly notation: string };

interface SoakRequest {
  readonly defender: Defender;
  readonly hit: Omit<Hit, 'dv'>;
  readonly dv: DvSpec;
  readonly settings: DamageSettings;
}

function readFlags(flags: MechanicFlags): SoakRequest {
  const health = flags['health'];
  const armour = flags['armour'];
  const con = flags['con'] ?? 0;
  const dvText = flags['dv'];
  if (typeof health !== 'number') throw new UsageError('give the Health Die: --health d8');
  if (typeof con !== 'number') throw new UsageError('--con takes a whole number, e.g. --con -1');
  if (typeof dvText !== 'string' || dvText.trim() === '') throw new UsageError('give the Damage Value: --dv 7, or a Harm Die roll such as --dv d8+1');
  const text = dvText.trim();
  const dv: DvSpec = /^[+-]?\d+$/.test(text) ? { kind: 'value', dv: Number(text) } : { kind: 'roll', notation: text };
  const critTo = flags['crit-to'];
  const defender: Defender = {
    healthDie: health,
    armourDie: typeof armour === 'number' ? armour : null,
    conMod: con,
    armourCoverage: flags['partial'] === true ? 'partial' : 'full',
    isArmourMagickal: flags['magickal-armour'] === true,
  };
  const hit: Omit<Hit, 'dv'> = {
    isPenetrating: flags['penetrating'] === true,
    isMagickal: flags['magickal'] === true,
    isCrit: flags['crit'] === true,
    critStepTo: critTo === 'health' ? 'health' : 'armour',
  };
  return { defender, hit, dv, settings: { conAppliesToArmour: flags['con-on-armour'] === true } };
}

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

function describeRequest(r: SoakRequest): string {
  const d = r.defender;
  const parts = [
    `Health d${d.healthDie}${d.conMod ? ` (CON ${signed(d.conMod)})` : ''}`,
    d.armourDie === null ? 'no armour' : `Armour d${d.armourDie}${d.armourCoverage === 'partial' ? ' (partial)' : ''}${d.isArmourMagickal ? ' (magickal)' : ''}`,
  ];
  const tags = [
    r.hit.isPenetrating ? 'Penetrating' : '',
    r.hit.isMagickal ? 'magickal' : '',
    r.hit.isCrit ? `Crit (free step to ${r.hit.critStepTo})` : '',
    r.settings.conAppliesToArmour ? 'CON on armour' : '',
  ].filter((t) => t !== '');
  const dv = r.dv.kind === 'value' ? `DV ${r.dv.dv}` : `DV ${r.dv.notation}`;
  return `hit ${dv}${tags.length ? `, ${tags.join(', ')}` : ''} against ${parts.join(', ')}`;
}

function armourName(die: number | null, hadArmour: boolean): string {
  if (die !== null) return `d${die}`;
  return hadArmour ? 'destroyed' : 'none';
}

function roll(rng: RandomSource, flags: MechanicFlags): MechanicOutput {
  const request = readFlags(flags);
  const lines = [describeRequest(request)];
  let dv: number;
  let damageRoll: { notation: string; total: number } | undefined;
  if (request.dv.kind === 'value') {
    dv = request.dv.dv;
  } else {
    const compiled = compileRoll(request.dv.notation);
    const record = compiled.roll(rng);
    dv = damageValueFromTotal(record.total);
    damageRoll = { notation: compiled.notation, total: record.total };
    lines.push(`  damage roll: ${compiled.notation} = ${record.total}${record.total < 0 ? ' (below 0: DV 0)' : ''}`);
  }
  const result = asUsage(() => rollHit(rng, request.defender, { ...request.hit, dv }, request.settings));
  for (const e of result.events) lines.push(`  ${e.text}`);
  const hadArmour = request.defender.armourDie !== null;
  const after = result.defender;
  lines.push(
    result.isDown
      ? `result: down, unconscious and dying${hadArmour ? ` (Armour ${armourName(after.armourDie, hadArmour)})` : ''}`
      : `result: ${hadArmour ? `Armour ${armourName(after.armourDie, hadArmour)}, ` : ''}Health d${after.healthDie}`,
  );
  const json = {
    dv,
    ...(damageRoll ? { damageRoll } : {}),
    events: result.events,
    armour: after.armourDie === null ? null : `d${after.armourDie}`,
    health: after.healthDie === null ? null : `d${after.healthDie}`,
    down: result.isDown,
  };
  return { json, text: lines.join('\n') };
}

function odds(flags: MechanicFlags): MechanicOutput {
  const request = readFlags(flags);
  const outcomes: HitOutcome[] = asUsage(() =>
    request.dv.kind === 'value'
      ? hitOutcomes(request.defender, { ...request.hit, dv: request.dv.dv }, request.settings)
      : hitOutcomesForDamageRoll(request.defender, distributionOf(request.dv.notation), request.hit, request.settings),
  );
  const health = request.defender.healthDie!;
  const keep = chanceToKeepHealthDie(outcomes, health);
  const down = chanceOfDown(outcomes);
  const json = {
    dv: request.dv.kind === 'value' ? request.dv.dv : compileRoll(request.dv.notation).notation,
    outcomes: outcomes.map((o) => ({
      armour: o.armourDie === null ? null : `d${o.armourDie}`,
      health: o.healthDie === null ? null : `d${o.healthDie}`,
      p: o.p,
    })),
    keepHealthDie: keep,
    down,
  };
  const hadArmour = request.defender.armourDie !== null;
  const peak = Math.max(...outcomes.map((o) => o.p));
  const lines = [describeRequest(request), `${'armour'.padStart(9)}  ${'health'.padStart(6)}  ${'chance'.padStart(7)}`];
  for (const o of outcomes) {
    const bar = '#'.repeat(Math.max(1, Math.round((o.p / peak) * BAR_WIDTH)));
    lines.push(`${armourName(o.armourDie, hadArmour).padStart(9)}  ${(o.healthDie === null ? 'down' : `d${o.healthDie}`).padStart(6)}  ${pct(o.p).padStart(7)}  ${bar}`);
  }
  lines.push(`P(Health Die stays d${health}) = ${pct(keep)}   P(down, unconscious and dying) = ${pct(down)}`);
  return { json, text: lines.join('\n') };
}

/**
 * The soak mechanic: `--health <dX> [--armour <dX>] [--con <m>] --dv <n|notation> [--penetrating]
 * [--crit [--crit-to armour|health]] [--partial] [--magickal-armour] [--magickal] [--con-on-armour]`.
 * Odds JSON: `{ dv, outcomes: [{ armour: "d6" | null, health: "d8" | null, p }], keepHealthDie, down }`
 * (DAMAGE; Combat Crits; ARMOUR).
 */
export const SOAK_MECHANIC: MechanicCommand = {
  name: 'soak',
  description: 'Soak: a hit soaked by the Armour Die or the Health Die, with Overwhelming damage',
  flags: [
    { name: 'health', kind: 'die', description: 'current Health Die, d3 to d30', required: true, placeholder: 'dX' },
    { name: 'armour', kind: 'die', description: 'current Armour Die, d3 to d30 (none when absent)', placeholder: 'dX' },
    { name: 'con', kind: 'integer', description: 'CON mod, added to Health Die soaks (e.g. --con -1)', placeholder: 'm' },
    { name: 'dv', kind: 'text', description: 'Damage Value: a whole number, or a Harm Die roll such as d8+1', required: true, placeholder: 'n' },
    { name: 'penetrating', kind: 'boolean', description: 'a Penetrating attack: bypasses armour, the Health Die soaks' },
    { name: 'crit', kind: 'boolean', description: 'a combat Crit: one free Overwhelming step before the DV' },
    { name: 'crit-to', kind: 'text', description: "where the defender takes the Crit's step (default armour)", choices: ['armour', 'health'], placeholder: 'die' },
    { name: 'partial', kind: 'boolean', description: 'partial armour: 30% of hits find an unprotected spot' },
    { name: 'magickal-armour', kind: 'boolean', description: 'the armour is magickal: Penetrating attacks do not bypass it' },
    { name: 'magickal', kind: 'boolean', description: 'the weapon is magickal: a Penetrating one bypasses magickal armour' },
    { name: 'con-on-armour', kind: 'boolean', description: 'table setting: the CON mod adds to Armour Die soaks too' },
  ],
  roll,
  odds,
};
