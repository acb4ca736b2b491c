/**
 * The changes of Toughness: rolling Toughness Dice for a trait or the Smith's call (any that show an
 * exhausting face are exhausted), spending one without a roll (Boon Companion, Trick Magic Item), and
 * the rest that brings them back (a full meal and six hours' sleep). Rules: So Long as Men Die,
 * Toughness; Inventory (Encumbrance); Traits; Mutilation (Agony). Rulings SL-3, SL-11, SL-28.
 */
import { ok, type CheckOdds, type ParamDef, type RuleProblem } from '../rule-system.js';
import { SLAMD_REF } from './attributes.js';
import type { SlamdCharacter } from './character.js';
import { MUTILATIONS } from './data/mutilations.js';
import { MEAL_QUALITY_IDS, MEAL_SUBSTITUTE_IDS, traitEffects, type MealQualityId, type MealSubstituteId } from './data/traits.js';
import { inventoryReport } from './inventory.js';
import { MAX_REASON_LENGTH, because, changed, intOf, isOn, refuse, refuseIfDead, rolled, textOf, type ChangeProcedure } from './play-kit.js';
import { MAX_SLEEP_HOURS, MAX_TOUGHNESS_DICE, MIN_SLEEP_HOURS, TOUGHNESS_DIE_SIDES, exhaustFaces, exhaustToughness, freshToughness, recoverToughness, rollFromPool, toughnessRollOdds, type ToughnessPool } from './toughness.js';

const TOUGHNESS_REF = `${SLAMD_REF}, Toughness`;

const poolText = (p: ToughnessPool): string => `${freshToughness(p)}/${p.dice} fresh`;

const USE_PARAMS = [
  { kind: 'integer', name: 'dice', label: 'Toughness Dice', help: 'How many fresh Toughness Dice.', min: 1, max: MAX_TOUGHNESS_DICE, default: 1 },
  { kind: 'text', name: 'reason', label: 'Reason', help: 'What for ("Wings", "daylight", "Boon Companion"), for the history.', maxLength: MAX_REASON_LENGTH },
] as const satisfies readonly ParamDef[];

interface UseSpec {
  readonly count: number;
  readonly exhaustOn: readonly number[];
  readonly reason: string | undefined;
}

/** Reads a use of fresh Toughness Dice: refused for the dead, the encumbered, and past the fresh dice (Toughness; Encumbrance). */
function prepareUse(c: SlamdCharacter, count: number, reason: string | undefined): { ok: true; value: UseSpec } | { ok: false; error: RuleProblem } {
  const dead = refuseIfDead(c, 'use Toughness Dice');
  if (dead !== null) return dead;
  const report = inventoryReport(c);
  if (!report.ok) return report;
  if (report.value.isEncumbered) return refuse('encumbered', `${c.name} is encumbered and cannot use Toughness Dice: stow or drop items until within the slots.`);
  const fresh = freshToughness(c.toughness);
  if (count > fresh) return refuse('toughness-exhausted', `${c.name} has ${fresh} fresh Toughness Dice; use that many or fewer, or rest (a full meal and six hours' sleep).`, 'dice');
  return ok({ count, exhaustOn: exhaustFaces(c.traits, report.value.isWearingArmour), reason });
}

/** Rolls fresh Toughness Dice; those showing an exhausting face are exhausted (Toughness: "any time ... for any reason"). */
export const toughnessRollChange: ChangeProcedure<UseSpec> = {
  def: {
    id: 'toughness-roll', label: 'Roll Toughness Dice', by: 'owner', rollsDice: true, ref: `${TOUGHNESS_REF}; Traits`, params: USE_PARAMS,
    help: 'Roll fresh Toughness Dice for a trait or when the Smith calls for it (Wings, daylight for a Vampire, a Firebreather\'s breath): 5s and 6s are exhausted.',
  },
  prepare: (c, v) => prepareUse(c, intOf(v, 'dice'), textOf(v, 'reason')),
  odds(_c, s): CheckOdds {
    const o = toughnessRollOdds(s.count, s.exhaustOn);
    return {
      check: 'toughness-roll', description: `${s.count}d${TOUGHNESS_DIE_SIDES} Toughness, exhaust on ${s.exhaustOn.join('/')}`,
      outcomes: o.exhausted.map((e) => ({ outcome: `exhausted-${e.value}`, label: e.value === 0 ? 'None exhausted' : `${e.value} exhausted`, p: e.p })),
      values: o.sum, mean: o.sum.reduce((m, x) => m + x.value * x.p, 0),
      explanation: [`The sum is what the roll is for (a Firebreather's Attack Roll); each die showing ${s.exhaustOn.join(' or ')} is exhausted`],
    };
  },
  apply(rng, c, s) {
    const r = rollFromPool(rng, c.toughness, s.count, s.exhaustOn);
    // prepare checked the count against the fresh dice.
    if (!r.ok) throw new Error(`toughness-roll: ${r.error.message}`);
    const { pool, roll } = r.value;
    const line = `Toughness ${roll.faces.join(', ')}: sum ${roll.sum}, ${roll.exhausted} exhausted; ${poolText(c.toughness)} -> ${poolText(pool)}`;
    const dice = roll.faces.map((face) => ({ sides: TOUGHNESS_DIE_SIDES, face, isKept: true, role: s.exhaustOn.includes(face) ? 'Toughness Die, exhausted' : 'Toughness Die' }));
    return rolled({ ...c, toughness: pool }, `Toughness Dice${because(s.reason)}: ${roll.faces.join(', ')} (sum ${roll.sum}), ${roll.exhausted} exhausted`, [line], dice, `exhausted-${roll.exhausted}`);
  },
};

/** Exhausts fresh Toughness Dice without a roll: what Boon Companion and Trick Magic Item cost (Traits). */
export const toughnessSpendChange: ChangeProcedure<UseSpec> = {
  def: {
    id: 'toughness-spend', label: 'Exhaust Toughness Dice', by: 'owner', rollsDice: false, ref: `${TOUGHNESS_REF}; Traits`, params: USE_PARAMS,
    help: 'Exhaust fresh Toughness Dice as a cost, no roll: bring a Boon Companion back, or stand in for a magic item\'s charge.',
  },
  prepare: (c, v) => prepareUse(c, intOf(v, 'dice'), textOf(v, 'reason')),
  apply(_rng, c, s) {
    const pool = exhaustToughness(c.toughness, s.count);
    const line = `${s.count} Toughness ${s.count === 1 ? 'Die' : 'Dice'} exhausted${because(s.reason)}: ${poolText(c.toughness)} -> ${poolText(pool)}`;
    return changed({ ...c, toughness: pool }, line, [line]);
  },
};

const MEAL_LABELS: Readonly<Record<MealQualityId, string>> = { hot: 'Hot', meat: 'With meat', 'locked-room': 'In a locked room', alcohol: 'With alcohol' };
const SUBSTITUTE_LABELS: Readonly<Record<MealSubstituteId, string>> = {
  'fresh-bloody-meat': 'Fresh bloody meat (Ghoulthirst)', 'fresh-water': 'Fresh water (Elf)', sunlight: 'Sunlight (Elf)', fungus: 'Fungus (Dwarf)', blood: 'Blood (Vampire)',
};

const REST_PARAMS = [
  ...MEAL_QUALITY_IDS.map((id) => ({ kind: 'boolean' as const, name: id, label: MEAL_LABELS[id], help: `The meal was ${MEAL_LABELS[id].toLowerCase()} (a full meal has two of hot, meat, a locked room, alcohol).`, default: false })),
  ...MEAL_SUBSTITUTE_IDS.map((id) => ({ kind: 'boolean' as const, name: id, label: SUBSTITUTE_LABELS[id], help: 'A trait\'s stand-in for a quality of the meal.', default: false })),
  { kind: 'integer', name: 'sleep-hours', label: 'Hours slept', help: `Hours of sleep (at least ${MIN_SLEEP_HOURS} to recover).`, min: 0, max: MAX_SLEEP_HOURS, default: MIN_SLEEP_HOURS },
] as const satisfies readonly ParamDef[];

interface RestSpec {
  readonly meal: readonly MealQualityId[];
  readonly substitutes: readonly MealSubstituteId[];
  readonly sleepHours: number;
}

/** Where recoverToughness's problems point, as this change names its parameters. */
const REST_PATHS: Readonly<Record<string, string>> = { '$.meal': '$.hot', '$.sleepHours': '$.sleep-hours' };

/** A full meal and six hours' sleep: every exhausted Toughness Die comes back (Toughness; SL-28). */
export const restChange: ChangeProcedure<RestSpec> = {
  def: {
    id: 'rest', label: 'Eat and sleep', by: 'owner', rollsDice: false, ref: `${TOUGHNESS_REF}; Traits; Mutilation (Agony)`, params: REST_PARAMS,
    help: 'A full meal (two of hot, meat, a locked room, alcohol; some traits stand in) and at least six hours\' sleep bring back every exhausted Toughness Die. Agony stops it.',
  },
  prepare(c, v) {
    const dead = refuseIfDead(c, 'rest');
    if (dead !== null) return dead;
    if (c.condition === 'unconscious') return refuse('unconscious', `${c.name} is unconscious and cannot eat; rescue them first (rescue), or wait for them to wake.`);
    const allowed = new Set(traitEffects(c.traits).flatMap((e) => (e.kind === 'meal-substitute' ? [e.substitute] : [])));
    const substitutes = MEAL_SUBSTITUTE_IDS.filter((id) => isOn(v, id));
    const stranger = substitutes.find((id) => !allowed.has(id));
    if (stranger !== undefined) return refuse('substitute-not-allowed', `${SUBSTITUTE_LABELS[stranger]} counts only for that trait, which ${c.name} does not have.`, stranger);
    const spec = { meal: MEAL_QUALITY_IDS.filter((id) => isOn(v, id)), substitutes, sleepHours: intOf(v, 'sleep-hours') };
    const agony = c.injuries.some((i) => MUTILATIONS.find((m) => m.id === i.mutilationId)?.blocksToughnessRecovery === true);
    const r = recoverToughness(c.toughness, spec, c.traits, agony);
    if (!r.ok) return { ok: false, error: { ...r.error, ...(r.error.path === undefined ? {} : { path: REST_PATHS[r.error.path] ?? r.error.path }) } };
    return ok(spec);
  },
  apply(_rng, c, s) {
    const pool = { dice: c.toughness.dice, exhausted: 0 };
    const had = [...s.meal.map((q) => MEAL_LABELS[q].toLowerCase()), ...s.substitutes.map((q) => SUBSTITUTE_LABELS[q].toLowerCase())];
    const line = `${had.length === 0 ? 'No meal needed' : `Meal: ${had.join(', ')}`}; ${s.sleepHours} hours' sleep: Toughness ${poolText(c.toughness)} -> ${poolText(pool)}`;
    return changed({ ...c, toughness: pool }, `Rested: Toughness ${poolText(c.toughness)} -> ${poolText(pool)}`, [line]);
  },
};
