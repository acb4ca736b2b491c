/**
 * Saves: a Challenge on d20 plus the stat mod against the effect's target; one step down when the
 * source's level or HD is greater than the character's level; success halves the effect, or negates an
 * "all or nothing" one. Rules: HAMMERCRAWL! v4, SAVES. Rulings: docs/rulings.md (S-1 to S-3).
 */
import type { RandomSource, StepModifier } from '../../dice/index.js';
import {
  CheckError,
  requireWholeNumber,
  statModifier,
  type StatId,
  type StaticModifier,
  type VantageSource,
} from './check-modifiers.js';
import type { FeatDieBonus } from './feat-die.js';
import { checkOdds, prepareCheck, rollCheck, type CheckOdds, type CheckResult, type CheckSpec, type PreparedCheck } from './checks.js';

/** The base die of a Save ("Saves are rolled as Challenges, with a base die of d20"). */
export const SAVE_DIE = 20;

/** Which source costs a Save one step: one greater than the character's level (default), or twice it or more. */
export type SaveLevelRule = 'greater' | 'twice';

/** How much of the effect lands: all of it, half (potency, duration...), or none. */
export type EffectFraction = 1 | 0.5 | 0;

/**
 * A Save as data.
 * @example { stat: 'WIL', statMod: 2, target: 14, level: 3, sourceLevel: 5 } // d16 + 2 against 14
 */
export interface SaveSpec {
  /** Which stat the Save uses (STATS, each stat's SAVES line); labels the stat mod. */
  readonly stat?: StatId;
  /** The character's stat mod, added to the roll. */
  readonly statMod: number;
  /** The target set by the effect (often the caster's stat score); the Save must beat it. */
  readonly target: number;
  /** The character's XP level. */
  readonly level?: number;
  /** The source's level or HD; greater than `level` costs one step. */
  readonly sourceLevel?: number;
  /**
   * When the source costs a step: `greater` (SAVES: a source "greater than your character's XP level",
   * the default) or `twice` (the late notes on spells: a caster "twice the target's level/HD or higher").
   */
  readonly levelRule?: SaveLevelRule;
  /** "all or nothing Save": a success negates the effect instead of halving it. */
  readonly allOrNothing?: boolean;
  /** Other step mods (a god's favour, the Smith); + favours the saver. */
  readonly steps?: readonly StepModifier[];
  /** Other static mods. */
  readonly mods?: readonly StaticModifier[];
  readonly vantage?: readonly VantageSource[];
  readonly critMin?: number;
  /** How many natural faces crit, counted down from the d20's top face (2: "crits on 19-20"; ruling H-17, H-24). */
  readonly critRange?: number;
  /**
   * The Save declared as a Feat (THE FEAT DIE: a Feat adds the Feat Die to the check; every class lists
   * its Save Feats): the Feat Die of the character's level, rolled alongside and added.
   */
  readonly feat?: FeatDieBonus;
  readonly label?: string;
}

/** A Save, rolled. */
export interface SaveResult {
  readonly check: CheckResult;
  /** True when the Save beat its target. */
  readonly saved: boolean;
  /** How much of the effect lands. */
  readonly effect: EffectFraction;
  /** True when the source's level or HD was greater than the character's level (one step down). */
  readonly levelPenalty: boolean;
  readonly allOrNothing: boolean;
  readonly summary: string;
}

/** The exact odds of a Save. */
export interface SaveOdds {
  readonly check: CheckOdds;
  /** P(the Save succeeds). */
  readonly saved: number;
  /** P(all, half, none of the effect lands). */
  readonly effect: { readonly full: number; readonly half: number; readonly none: number };
  /** The expected fraction of the effect that lands. */
  readonly expectedEffect: number;
  readonly levelPenalty: boolean;
}

/**
 * How much of an effect lands after a Save (SAVES, Check Result): all of it on a failure; half on a
 * success; none on a success against an "all or nothing" effect.
 * @example saveEffect(true, false) // 0.5
 */
export function saveEffect(saved: boolean, allOrNothing: boolean): EffectFraction {
  if (!saved) return 1;
  return allOrNothing ? 0 : 0.5;
}

/**
 * True when the source's level or HD costs the Save one step: "greater than your character's XP level"
 * (SAVES), or under the `twice` rule at least twice the character's level. Only one step, however great.
 */
export function hasLevelPenalty(spec: Pick<SaveSpec, 'level' | 'sourceLevel' | 'levelRule'>): boolean {
  if (spec.sourceLevel === undefined && spec.level === undefined) return false;
  if (spec.sourceLevel === undefined || spec.level === undefined) {
    throw new CheckError('save/level', "give both the source's level (or HD) and the character's level, or neither");
  }
  requireWholeNumber(spec.level, "the character's level");
  requireWholeNumber(spec.sourceLevel, "the source's level or HD");
  if (spec.level < 1 || spec.sourceLevel < 0) {
    throw new CheckError('save/level', `levels are at least 1 (HD at least 0), got level ${spec.level} and source ${spec.sourceLevel}`);
  }
  return spec.levelRule === 'twice' ? spec.sourceLevel >= 2 * spec.level : spec.sourceLevel > spec.level;
}

/**
 * The Challenge a Save rolls (SAVES): d20, the stat mod on the roll, one step down against a greater
 * source, against the effect's target.
 * @example saveCheckSpec({ stat: 'WIL', statMod: 2, target: 14, level: 3, sourceLevel: 5 }).steps // [{ amount: -1, ... }]
 */
export function saveCheckSpec(spec: SaveSpec): CheckSpec {
  const penalty = hasLevelPenalty(spec);
  const steps: StepModifier[] = [...(spec.steps ?? [])];
  if (penalty) {
    steps.push({
      amount: -1,
      origin: {
        kind: 'rule',
        id: 'save-greater-source',
        label: spec.levelRule === 'twice' ? `source level/HD ${spec.sourceLevel} >= twice your level ${spec.level}` : `source level/HD ${spec.sourceLevel} > your level ${spec.level}`,
      },
    });
  }
  const statMod: StaticModifier = spec.stat
    ? statModifier(spec.stat, spec.statMod)
    : { amount: spec.statMod, origin: { kind: 'rule', id: 'save-stat-mod', label: 'stat mod' } };
  return {
    kind: 'challenge',
    die: SAVE_DIE,
    target: spec.target,
    mods: [statMod, ...(spec.mods ?? [])],
    steps,
    ...(spec.vantage ? { vantage: spec.vantage } : {}),
    ...(spec.critMin !== undefined ? { critMin: spec.critMin } : {}),
    ...(spec.critRange !== undefined ? { critRange: spec.critRange } : {}),
    ...(spec.feat ? { feat: spec.feat } : {}),
    label: spec.label ?? (spec.stat ? `${spec.stat} Save` : 'Save'),
  };
}

/** Prepares a Save's Challenge once, for rolling many times. */
export function prepareSave(spec: SaveSpec): PreparedCheck {
  return prepareCheck(saveCheckSpec(spec));
}

/**
 * Rolls a Save and says how much of the effect lands.
 * @example rollSave(scriptedRandom([13]), { stat: 'WIL', statMod: 2, target: 14 }).effect // 0.5 (15 beats 14)
 */
export function rollSave(rng: RandomSource, spec: SaveSpec): SaveResult {
  const check = rollCheck(rng, prepareSave(spec));
  const saved = check.success === true;
  const allOrNothing = spec.allOrNothing ?? false;
  const effect = saveEffect(saved, allOrNothing);
  const what = effect === 1 ? 'the full effect lands' : effect === 0.5 ? 'half the effect lands' : 'the effect is negated (all or nothing)';
  return {
    check,
    saved,
    effect,
    levelPenalty: hasLevelPenalty(spec),
    allOrNothing,
    summary: `${check.summary}: ${saved ? 'saved' : 'not saved'}, ${what}`,
  };
}

/** The exact odds of a Save: P(saved), the chance of each effect fraction, and the expected fraction. */
export function saveOdds(spec: SaveSpec): SaveOdds {
  const check = checkOdds(prepareSave(spec));
  const saved = check.success!;
  const allOrNothing = spec.allOrNothing ?? false;
  const effect = allOrNothing ? { full: 1 - saved, half: 0, none: saved } : { full: 1 - saved, half: saved, none: 0 };
  return {
    check,
    saved,
    effect,
    expectedEffect: effect.full + effect.half / 2,
    levelPenalty: hasLevelPenalty(spec),
  };
}
