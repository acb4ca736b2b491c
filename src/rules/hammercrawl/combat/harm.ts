/**
 * The Damage Value roll (DAMAGE, step 1): a Harm Die with its steps and stat mod, a monster's dice or a
 * static DV; two-handed weapons re-roll low faces once; a damage Feat adds the Feat Die. One resolved
 * dice tree serves `rollHarm` and `harmDistribution`, so the roll and its odds cannot disagree.
 * Rules: HAMMERCRAWL! v4, DAMAGE; WEAPONS & SHIELDS (Weapon Types); Two-Handed; THE FEAT DIE.
 */
import {
  distributionOfResolved,
  resolveExpression,
  rollResolved,
  termRecordsOf,
  Distribution,
  type DiceExpression,
  type RandomSource,
  type ResolvedExpression,
  type RollRecord,
  type StepModifier,
  type TermRecord,
} from '../../../dice/index.js';
import { listModifiers, formatSigned, netStepAmount } from '../check-modifiers.js';
import { damageValueFromTotal } from '../damage.js';
import type { FeatDieBonus } from '../feat-die.js';
import { combatProblem, type CombatResult } from './problems.js';
import type { HarmSource } from './fighter.js';

/**
 * A damage roll as data. Steps favour the attacker when positive.
 * @example { source: { kind: 'harm-die', sides: 8, stat: 'STR', statMod: 1 }, steps: [], rerollUpTo: 1 }
 */
export interface HarmSpec {
  readonly source: HarmSource;
  readonly steps: readonly StepModifier[];
  /** Faces at or under this are re-rolled once (two-handed: 1; Two-Handed shtick: 2); 0 for none. */
  readonly rerollUpTo: number;
  /** The damage roll declared as a Feat (Opportunist): the Feat Die is added. */
  readonly feat?: FeatDieBonus;
}

/** A damage roll ready to roll and to give odds. */
export interface PreparedHarm {
  readonly spec: HarmSpec;
  /** The dice tree, or null for a static DV. */
  readonly resolved: ResolvedExpression | null;
  readonly termRecords: readonly TermRecord[];
  readonly staticDv: number | null;
  /** The dice after steps ('d10'), empty for a static DV. */
  readonly dice: readonly string[];
  readonly explanation: string;
}

/** A damage roll, rolled. */
export interface HarmRoll {
  /** The DV: the total, or 0 when the total is below 0 (ruling H-5). */
  readonly dv: number;
  readonly total: number;
  readonly record: RollRecord | null;
  /** The first damage die's kept natural value (for HD Re-rolls), or null for a static DV. */
  readonly natural: number | null;
}

/**
 * Builds a damage roll (no randomness): the Harm Die (or the monster's dice) with the steps in chain
 * direction, the re-roll of low faces, the stat mod or the dice's own mod, and a Feat Die. A crossbow with
 * no dice given is `combat/no-harm-dice`.
 */
export function prepareHarm(spec: HarmSpec): CombatResult<{ readonly harm: PreparedHarm }> {
  const src = spec.source;
  if (src.kind === 'unknown') {
    return combatProblem(
      'combat/no-harm-dice',
      'this weapon has Harm Dice of its own that the rules do not give (the crossbows): the Smith supplies them (harmDice on the attack)',
    );
  }
  if (src.kind === 'static') {
    const steps = netStepAmount(spec.steps);
    const why = steps !== 0 ? ` (steps ${formatSigned(steps)} do not apply to a static DV)` : '';
    return {
      ok: true,
      harm: { spec, resolved: null, termRecords: [], staticDv: src.dv, dice: [], explanation: `static DV ${src.dv}${why}` },
    };
  }
  const count = src.kind === 'dice' ? src.count : 1;
  const sides = src.sides;
  const mod = src.kind === 'dice' ? src.mod : src.statMod;
  const terms: DiceExpression['terms'][number][] = [
    {
      kind: 'dice',
      sign: 1,
      count,
      die: { kind: 'plain', sides },
      steps: spec.steps,
      vantage: [],
      reroll: spec.rerollUpTo > 0 ? { mode: 'once', when: { op: '<=', value: spec.rerollUpTo } } : null,
      explode: false,
      keep: null,
    },
  ];
  if (spec.feat) {
    terms.push({ kind: 'dice', sign: 1, count: 1, die: { kind: 'plain', sides: spec.feat.sides }, steps: [], vantage: [], reroll: null, explode: false, keep: null });
  }
  if (mod !== 0) terms.push({ kind: 'constant', sign: mod < 0 ? -1 : 1, value: Math.abs(mod) });
  const resolved = resolveExpression({ kind: 'expression', terms }, { belowBottom: 'clamp' });
  const first = resolved.terms[0]!;
  const dice = first.kind === 'dice' ? [first.label] : [];
  const parts = [`${src.kind === 'harm-die' ? 'Harm Die' : 'damage'} ${count > 1 ? count : ''}d${sides}`];
  if (spec.steps.length > 0) {
    const below = first.kind === 'dice' ? first.steps?.result.belowBottom : undefined;
    parts.push(`${formatSigned(netStepAmount(spec.steps))} steps (${listModifiers(spec.steps)}) -> ${dice.join('+')}${below ? ` (${below.stepsBelow} below d3: kept at d3)` : ''}`);
  }
  if (spec.rerollUpTo > 0) parts.push(`re-roll ${spec.rerollUpTo === 1 ? '1s' : `1s to ${spec.rerollUpTo}s`} once (two-handed)`);
  if (spec.feat) parts.push(`+ Feat d${spec.feat.sides}`);
  if (mod !== 0) parts.push(`${formatSigned(mod)}${src.kind === 'harm-die' && src.stat ? ` ${src.stat} mod` : ''}`);
  return {
    ok: true,
    harm: { spec, resolved, termRecords: termRecordsOf(resolved), staticDv: null, dice, explanation: parts.join(', ') },
  };
}

/**
 * Rolls a damage roll (DAMAGE, step 1): the total of the dice tree, and the DV (0 for a total below 0).
 * @example rollHarm(scriptedRandom([5]), harm).dv // 6 for d8 + STR 1
 */
export function rollHarm(rng: RandomSource, harm: PreparedHarm): HarmRoll {
  if (harm.resolved === null) return { dv: harm.staticDv!, total: harm.staticDv!, record: null, natural: null };
  const record = rollResolved(rng, harm.resolved, harm.termRecords);
  let natural: number | null = null;
  for (const d of record.dice) {
    if (d.term === 0 && d.kept) {
      natural = d.value;
      break;
    }
  }
  return { dv: damageValueFromTotal(record.total), total: record.total, record, natural };
}

/** The exact distribution of a damage roll's total, from the tree `rollHarm` rolls (DAMAGE, step 1). */
export function harmDistribution(harm: PreparedHarm): Distribution {
  if (harm.resolved === null) return new Distribution(harm.staticDv!, [1]);
  return distributionOfResolved(harm.resolved);
}
