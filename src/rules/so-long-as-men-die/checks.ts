/**
 * Every check kind of So Long as Men Die with its parameters (the CLI's `--<name>` flags). Each kind
 * reads its parameters into one spec; `checkOdds` and `rollCheck` both work from that spec, through
 * the exact-odds and rolling functions of the same procedure (attack.ts, toughness.ts, injury.ts).
 * Rules: So Long as Men Die, Attacking and Defending; Toughness; Injury; Actions (Maneuver); Stats.
 */
import type { RandomSource } from '../../dice/random.js';
import {
  ok,
  problem,
  type CheckDie,
  type CheckKindDef,
  type CheckOdds,
  type CheckRequest,
  type CheckRoll,
  type CheckParamDef,
  type ParamRecord,
  type RuleResult,
} from '../rule-system.js';
import { ATTRIBUTES, MAX_SCORE, MIN_SCORE, SLAMD_REF, statModifier } from './attributes.js';
import { REACTION_BANDS, REACTION_DICE, moraleChance, reactionOdds, rollMorale, rollReaction } from './morale.js';
import { readParams, type ParamValues as Values } from './params.js';
import {
  ATTACK_OUTCOMES,
  MAX_ATTACK_MODIFIER,
  MAX_DEFENSE_BONUS,
  attackOdds,
  attackRollDistribution,
  maneuverChance,
  rollAttack,
  rollAttackRoll,
  rollManeuver,
  type AttackRollSpec,
  type AttackSpec,
  type DefenseSpec,
} from './attack.js';
import { DEFENSE_DICE, type DefenseDie } from './data/armour.js';
import { MANEUVERS } from './data/actions.js';
import { WEAPONS, findWeapon, hasQuality, type WeaponDamage } from './data/weapons.js';
import { densePoints, meanOf } from './dense.js';
import { ATTACK_DIE_SIDES, MAX_ATTACK_DICE, MAX_EXPLOSIONS, chanceOfExplosion, explodedCheckDice, type ExplosionRule } from './explode.js';
import { EXPLOSIONS_SETTING, MUTILATION_DAMAGE_SETTING, type MutilationDamageRule } from './settings.js';
import { MAX_SAVE_MODIFIER, SAVE_DIE, WAKE_HOURS_DICE, rollLeftForDead, rollMutilation, rollSave, saveChance, saveTarget, type MutilationResult } from './injury.js';
import { mutilationForDamage } from './data/mutilations.js';
import { MAX_TOUGHNESS_DICE, SOAK_POLICIES, STANDARD_EXHAUST_FACES, TOUGHNESS_DIE_SIDES, rollToughnessDice, toughnessRollOdds, type SoakPolicy } from './toughness.js';

const CUSTOM_WEAPON = 'custom';

const weaponParams = [
  {
    kind: 'choice', name: 'weapon', role: 'option', label: 'Weapon', help: 'A weapon of the list, or custom with --dice and --die.',
    choices: [...WEAPONS.map((w) => ({ id: w.id, label: w.label })), { id: CUSTOM_WEAPON, label: 'Custom dice' }], default: 'falchion',
  },
  { kind: 'integer', name: 'dice', role: 'option', label: 'Attack dice', help: 'How many Attack dice (custom weapon only).', min: 1, max: MAX_ATTACK_DICE },
  { kind: 'die', name: 'die', role: 'die', label: 'Attack die', help: 'The Attack die (custom weapon only).', sides: ATTACK_DIE_SIDES },
  {
    kind: 'integer', name: 'modifier', role: 'modifier', label: 'Attack modifier', help: 'The stat Modifier (STR melee, DEX ranged, INT magic) plus flat bonuses.',
    min: -MAX_ATTACK_MODIFIER, max: MAX_ATTACK_MODIFIER, default: 0,
  },
  { ...EXPLOSIONS_SETTING, role: 'setting' },
] as const satisfies readonly CheckParamDef[];

const defenseParams = [
  { kind: 'die', name: 'defense-die', role: 'option', label: 'Defense Die', help: 'The defender\'s Defense Die; 0 is d0, unarmoured.', sides: DEFENSE_DICE, default: 0 },
  { kind: 'integer', name: 'defense-bonus', role: 'option', label: 'Defense bonus', help: 'Shield, Brace and prone bonuses to the Defense roll.', min: -MAX_DEFENSE_BONUS, max: MAX_DEFENSE_BONUS, default: 0 },
] as const satisfies readonly CheckParamDef[];

const exhaustParams = [
  { kind: 'boolean', name: 'artful-dodger', role: 'option', label: 'Artful Dodger', help: 'Toughness Dice exhaust only on 6 (the trait, no armour worn).', default: false },
  { kind: 'boolean', name: 'sickly', role: 'option', label: 'Sickly', help: 'Toughness Dice exhaust on 4 as well (the trait).', default: false },
] as const satisfies readonly CheckParamDef[];

const saveParams = [
  { kind: 'integer', name: 'save-modifier', role: 'option', label: 'Save modifier', help: 'A situational modifier to the save target.', min: -MAX_SAVE_MODIFIER, max: MAX_SAVE_MODIFIER, default: 0 },
] as const satisfies readonly CheckParamDef[];

const ATTACK_PARAMS = [
  ...weaponParams,
  ...defenseParams,
  { kind: 'integer', name: 'toughness-dice', role: 'option', label: 'Toughness Dice', help: 'Fresh Toughness Dice the defender will roll to soak (0 if none, encumbered or unwilling).', min: 0, max: MAX_TOUGHNESS_DICE, default: 0 },
  {
    kind: 'choice', name: 'soak', role: 'option', label: 'Soak', help: 'Roll Toughness one die at a time until soaked, or every die at once.',
    choices: SOAK_POLICIES.map((id) => ({ id, label: id === 'one-at-a-time' ? 'One at a time' : 'All at once' })), default: 'one-at-a-time',
  },
  ...exhaustParams,
  { kind: 'integer', name: 'con', role: 'option', label: 'Defender CON', help: 'The defender\'s CON Score, for the save when injured.', min: MIN_SCORE, max: MAX_SCORE, default: 10 },
  ...saveParams,
  { kind: 'boolean', name: 'nonlethal', role: 'option', label: 'Nonlethal', help: 'Knock out instead of mutilating (default: the weapon\'s quality).' },
  { ...MUTILATION_DAMAGE_SETTING, role: 'setting' },
] as const satisfies readonly CheckParamDef[];

const MANEUVER_PARAMS = [
  ...weaponParams,
  ...defenseParams,
  { kind: 'choice', name: 'maneuver', role: 'option', label: 'Maneuver', help: 'What beating the Defense achieves.', choices: MANEUVERS.map((m) => ({ id: m.id, label: m.label })), default: 'trip' },
  { kind: 'boolean', name: 'against-armour', role: 'option', label: 'Against armour', help: 'A Disarm aimed at armour or a shield (a staff, club or flail gets +2).', default: false },
] as const satisfies readonly CheckParamDef[];

const DAMAGE_PARAMS = weaponParams;

const MORALE_PARAMS = [
  { kind: 'integer', name: 'score', role: 'option', label: 'Leader\'s CHA', help: 'The CHA Score of the side\'s leader (a hireling\'s master for followers): roll a d20 equal to or under it.', min: MIN_SCORE, max: MAX_SCORE, default: 10 },
  { kind: 'integer', name: 'modifier', role: 'option', label: 'Modifier', help: 'The Smith\'s situational modifier to the target (a rout, a fallen leader, Terror).', min: -MAX_SAVE_MODIFIER, max: MAX_SAVE_MODIFIER, default: 0 },
] as const satisfies readonly CheckParamDef[];

const REACTION_PARAMS = [
  { kind: 'integer', name: 'score', role: 'option', label: 'CHA', help: 'The CHA Score of the one who speaks for the party: its Modifier is added to 2d6.', min: MIN_SCORE, max: MAX_SCORE, default: 10 },
  { kind: 'integer', name: 'modifier', role: 'option', label: 'Modifier', help: 'The Smith\'s situational modifier (gifts, threats, an old grudge).', min: -MAX_SAVE_MODIFIER, max: MAX_SAVE_MODIFIER, default: 0 },
] as const satisfies readonly CheckParamDef[];

const SAVE_PARAMS = [
  { kind: 'choice', name: 'stat', role: 'stat', label: 'Stat', help: 'The stat saved with (the text names CON saves).', choices: ATTRIBUTES.map((a) => ({ id: a.id, label: a.label })), default: 'con' },
  { kind: 'integer', name: 'score', role: 'stat-score', label: 'Score', help: 'The stat\'s Score: roll a d20 equal to or under it.', min: MIN_SCORE, max: MAX_SCORE, isRequired: true },
  ...saveParams,
] as const satisfies readonly CheckParamDef[];

const TOUGHNESS_PARAMS = [
  { kind: 'integer', name: 'dice', role: 'option', label: 'Toughness Dice', help: 'How many Toughness Dice to roll.', min: 1, max: MAX_TOUGHNESS_DICE, default: 1 },
  ...exhaustParams,
] as const satisfies readonly CheckParamDef[];

const LEFT_FOR_DEAD_PARAMS = [
  { kind: 'integer', name: 'con', role: 'option', label: 'CON', help: 'The unconscious character\'s CON Score.', min: MIN_SCORE, max: MAX_SCORE, isRequired: true },
  ...saveParams,
] as const satisfies readonly CheckParamDef[];

/** Largest damage the mutilation check takes (an input limit; everything from 10 up is Awful). */
export const MAX_MUTILATION_DAMAGE = 1000;

const MUTILATION_PARAMS = [
  { kind: 'integer', name: 'damage', role: 'option', label: 'Damage', help: 'The damage that got through on the blow that dropped the character.', min: 1, max: MAX_MUTILATION_DAMAGE, isRequired: true },
] as const satisfies readonly CheckParamDef[];

/**
 * The check kinds (CheckKindDef) with their parameters.
 * @example CHECKS.map((c) => c.id) // ['attack', 'maneuver', 'damage', 'save', 'toughness', 'left-for-dead', 'mutilation', 'morale', 'reaction']
 */
export const CHECKS = [
  {
    id: 'attack', label: 'Attack', ref: `${SLAMD_REF}, Attacking and Defending; Toughness; Injury`, params: ATTACK_PARAMS,
    help: 'Attack Roll (exploding weapon dice + mod) less the Defense roll, soaked by Toughness; what is left injures and calls for a CON save.',
  },
  {
    id: 'maneuver', label: 'Maneuver', ref: `${SLAMD_REF}, Fighting Things, Actions (Maneuver)`, params: MANEUVER_PARAMS,
    help: 'Attack Roll against the Defense roll, no damage and no Toughness: higher than the Defense succeeds.',
  },
  { id: 'damage', label: 'Damage roll', ref: `${SLAMD_REF}, Attacking and Defending`, params: DAMAGE_PARAMS, help: 'The Attack Roll alone: exploding weapon dice plus the modifier.' },
  { id: 'save', label: 'Save', ref: `${SLAMD_REF}, Stats (Constitution); Injury`, params: SAVE_PARAMS, help: 'A d20 equal to or under the Score (plus the modifier) succeeds.' },
  { id: 'toughness', label: 'Toughness Dice', ref: `${SLAMD_REF}, Toughness`, params: TOUGHNESS_PARAMS, help: 'Roll Toughness Dice: their sum, and which exhaust (5-6; traits change that).' },
  {
    id: 'left-for-dead', label: 'Left for dead', ref: `${SLAMD_REF}, Injury`, params: LEFT_FOR_DEAD_PARAMS,
    help: 'The second CON save of an unconscious character left alone after the battle: dies on a failure, wakes after 2d12 hours on a success.',
  },
  {
    id: 'mutilation', label: 'Mutilation', ref: `${SLAMD_REF}, Mutilation`, params: MUTILATION_PARAMS,
    help: 'The mutilation the damage calls for, with its follow-up roll (where it struck, or how long is left).',
  },
  {
    id: 'morale', label: 'Morale test', ref: `${SLAMD_REF}, Stats (Charisma); Initiative (phase 1); Weapons (Terror)`, params: MORALE_PARAMS,
    help: 'Phase 1 of a round, and after a Terror weapon injures: the side holds on a d20 equal to or under its leader\'s CHA Score (ruling SL-35).',
  },
  {
    id: 'reaction', label: 'Reaction roll', ref: `${SLAMD_REF}, Stats (Charisma)`, params: REACTION_PARAMS,
    help: 'How strangers take the party: 2d6 plus the CHA Modifier; 5 or less hostile, 6-8 uncertain, 9 or more friendly (ruling SL-35).',
  },
] as const satisfies readonly CheckKindDef[];

/** A check kind id. */
export type CheckKindId = (typeof CHECKS)[number]['id'];

const num = (v: Values, name: string): number => v[name] as number;
const flag = (v: Values, name: string): boolean => v[name] === true;

function exhaustFrom(v: Values): number[] {
  const faces = new Set<number>(STANDARD_EXHAUST_FACES);
  if (flag(v, 'artful-dodger')) faces.delete(5);
  if (flag(v, 'sickly')) faces.add(4);
  return [...faces].sort((a, b) => a - b);
}

function attackRollFrom(v: Values, params: ParamRecord): RuleResult<AttackRollSpec & { explosions: ExplosionRule; weaponLabel: string; weaponId: string | null }> {
  const weaponId = v.weapon as string;
  let damage: WeaponDamage;
  let label: string;
  if (weaponId === CUSTOM_WEAPON) {
    if (v.dice === undefined) return problem('so-long-as-men-die/custom-needs-dice', 'A custom weapon needs --dice (how many Attack dice).', '$.dice');
    if (v.die === undefined) return problem('so-long-as-men-die/custom-needs-die', 'A custom weapon needs --die (the Attack die).', '$.die');
    damage = { kind: 'dice', count: num(v, 'dice'), sides: num(v, 'die') };
    label = `${num(v, 'dice')}d${num(v, 'die')}`;
  } else {
    if (params.dice !== undefined || params.die !== undefined) {
      return problem('so-long-as-men-die/dice-with-weapon', `The ${weaponId} has its own damage; drop --dice and --die, or use --weapon custom.`, params.dice !== undefined ? '$.dice' : '$.die');
    }
    const w = findWeapon(weaponId)!;
    damage = w.damage;
    label = w.label;
  }
  return ok({ damage, modifier: num(v, 'modifier'), explosions: (v.explosions as ExplosionRule | undefined) ?? 'once', weaponLabel: label, weaponId: weaponId === CUSTOM_WEAPON ? null : weaponId });
}

/** What the explosion rule does, in a line (ruling SL-9). */
function explosionLine(rule: ExplosionRule | undefined): string {
  return rule === 'chained'
    ? `each die showing its highest face is rolled again and added, again on each highest face (at most ${MAX_EXPLOSIONS} times a die; a table setting)`
    : 'each die showing its highest face is rolled a second time and the two added; the second roll stands';
}

const signed = (n: number): string => (n < 0 ? `- ${-n}` : `+ ${n}`);
const describeDamage = (d: WeaponDamage): string => (d.kind === 'dice' ? `${d.count}d${d.sides}!` : `${d.value}`);
const pct = (p: number): string => `${(p * 100).toFixed(2)}%`;

/** One kind's procedure: read the parameters into a spec, then odds and rolls from that spec. */
interface CheckProcedure<S> {
  prepare(params: ParamRecord): RuleResult<S>;
  odds(spec: S): CheckOdds;
  roll(rng: RandomSource, spec: S): CheckRoll;
}

type AttackCheckSpec = AttackSpec & { weaponLabel: string };

const attackProcedure: CheckProcedure<AttackCheckSpec> = {
  prepare(params) {
    const v = readParams(ATTACK_PARAMS, params);
    if (!v.ok) return v;
    const roll = attackRollFrom(v.value, params);
    if (!roll.ok) return roll;
    const w = roll.value.weaponId === null ? undefined : findWeapon(roll.value.weaponId);
    const nonlethal = v.value.nonlethal === undefined ? w !== undefined && hasQuality(w, 'nonlethal') : flag(v.value, 'nonlethal');
    return ok({
      damage: roll.value.damage, modifier: roll.value.modifier, explosions: roll.value.explosions, weaponLabel: roll.value.weaponLabel,
      defenseDie: num(v.value, 'defense-die') as DefenseDie, defenseBonus: num(v.value, 'defense-bonus'),
      toughnessDice: num(v.value, 'toughness-dice'), soakPolicy: v.value.soak as SoakPolicy, exhaustOn: exhaustFrom(v.value),
      conScore: num(v.value, 'con'), conModifier: num(v.value, 'save-modifier'), isNonlethal: nonlethal,
      mutilationFrom: (v.value['mutilation-damage'] as MutilationDamageRule | undefined) ?? 'dealt',
    });
  },
  odds(spec) {
    const o = attackOdds(spec);
    return {
      check: 'attack',
      description: describeAttack(spec),
      outcomes: o.outcomes.map((x) => ({ outcome: x.outcome, label: x.label, p: x.p })),
      values: o.remaining,
      mean: o.meanRemaining,
      explanation: [
        `Attack Roll ${describeDamage(spec.damage)} ${signed(spec.modifier)} (${spec.weaponLabel}); ${explosionLine(spec.explosions)}`,
        `Defense d${spec.defenseDie} ${signed(spec.defenseBonus)}; damage past Defense averages ${meanOf(o.damage).toFixed(3)}`,
        `Toughness: ${spec.toughnessDice} d6 ${spec.soakPolicy}, exhaust on ${spec.exhaustOn.join('/')}; dice exhausted: ${o.exhausted.map((e) => `${e.value}: ${pct(e.p)}`).join(', ')}`,
        `CON save d20 <= ${saveTarget(spec.conScore, spec.conModifier)}${spec.isNonlethal ? ' (not rolled: nonlethal)' : ''}`,
        ...(o.mutilation.length === 0 ? [] : [`Mutilation called for: ${o.mutilation.map((m) => `${m.label} ${pct(m.p)}`).join(', ')}`]),
      ],
    };
  },
  roll(rng, spec) {
    const r = rollAttack(rng, spec);
    const label = ATTACK_OUTCOMES.find((x) => x.outcome === r.outcome)!.label;
    return { check: 'attack', description: describeAttack(spec), dice: r.dice, total: r.soak.remaining, outcome: r.outcome, label, explanation: r.explanation };
  },
};

function describeAttack(spec: AttackCheckSpec): string {
  return `${spec.weaponLabel}: ${describeDamage(spec.damage)} ${signed(spec.modifier)} vs Defense d${spec.defenseDie} ${signed(spec.defenseBonus)}, ${spec.toughnessDice} Toughness Dice, CON ${spec.conScore}`;
}

type ManeuverSpec = AttackRollSpec & DefenseSpec & { weaponLabel: string; maneuver: string };

const maneuverProcedure: CheckProcedure<ManeuverSpec> = {
  prepare(params) {
    const v = readParams(MANEUVER_PARAMS, params);
    if (!v.ok) return v;
    const roll = attackRollFrom(v.value, params);
    if (!roll.ok) return roll;
    const maneuver = v.value.maneuver as string;
    if (flag(v.value, 'against-armour') && maneuver !== 'disarm') {
      return problem('so-long-as-men-die/against-armour-not-disarm', 'Only a Disarm is aimed at armour; drop --against-armour or use --maneuver disarm.', '$.against-armour');
    }
    const w = roll.value.weaponId === null ? undefined : findWeapon(roll.value.weaponId);
    const bonus = flag(v.value, 'against-armour') ? (w?.disarmArmourBonus ?? 0) : 0;
    const modifier = roll.value.modifier + bonus;
    if (Math.abs(modifier) > MAX_ATTACK_MODIFIER) return problem('param/out-of-range', `The Attack modifier with the weapon's bonus must stay within ${MAX_ATTACK_MODIFIER}.`, '$.modifier');
    return ok({ damage: roll.value.damage, modifier, explosions: roll.value.explosions, weaponLabel: roll.value.weaponLabel, defenseDie: num(v.value, 'defense-die') as DefenseDie, defenseBonus: num(v.value, 'defense-bonus'), maneuver });
  },
  odds(spec) {
    const p = maneuverChance(spec);
    return {
      check: 'maneuver',
      description: describeManeuver(spec),
      outcomes: [{ outcome: 'success', label: `${labelOf(spec.maneuver)} succeeds`, p }, { outcome: 'failure', label: 'No effect', p: 1 - p }],
      explanation: [`Attack Roll must be higher than the Defense roll; no damage, no Toughness`],
    };
  },
  roll(rng, spec) {
    const r = rollManeuver(rng, spec);
    const dice: CheckDie[] = [...r.attackDice.flatMap((d) => explodedCheckDice(d, 'Attack die')), ...(r.defenseFace === null ? [] : [{ sides: spec.defenseDie, face: r.defenseFace, isKept: true, role: 'Defense Die' }])];
    return {
      check: 'maneuver', description: describeManeuver(spec), dice, total: r.attackTotal,
      outcome: r.isSuccess ? 'success' : 'failure', label: r.isSuccess ? `${labelOf(spec.maneuver)} succeeds` : 'No effect',
      explanation: [`Attack Roll ${r.attackTotal} against Defense ${r.defenseTotal}: ${r.isSuccess ? 'higher, it works' : 'not higher, no effect'}`],
    };
  },
};

const labelOf = (maneuver: string): string => MANEUVERS.find((m) => m.id === maneuver)?.label ?? maneuver;
const describeManeuver = (s: ManeuverSpec): string => `${labelOf(s.maneuver)} with ${s.weaponLabel}: ${describeDamage(s.damage)} ${signed(s.modifier)} vs Defense d${s.defenseDie} ${signed(s.defenseBonus)}`;

type DamageSpec = AttackRollSpec & { weaponLabel: string };

const damageProcedure: CheckProcedure<DamageSpec> = {
  prepare(params) {
    const v = readParams(DAMAGE_PARAMS, params);
    if (!v.ok) return v;
    return attackRollFrom(v.value, params);
  },
  odds(spec) {
    const values = densePoints(attackRollDistribution(spec));
    const p = spec.damage.kind === 'dice' ? chanceOfExplosion(spec.damage.count, spec.damage.sides) : 0;
    return {
      check: 'damage', description: `${spec.weaponLabel}: ${describeDamage(spec.damage)} ${signed(spec.modifier)}`,
      outcomes: [{ outcome: 'exploded', label: 'At least one die exploded', p }, { outcome: 'plain', label: 'No explosion', p: 1 - p }],
      values, mean: meanOf(values),
      explanation: [explosionLine(spec.explosions)],
    };
  },
  roll(rng, spec) {
    const r = rollAttackRoll(rng, spec);
    const exploded = r.dice.some((d) => d.faces.length > 1);
    return {
      check: 'damage', description: `${spec.weaponLabel}: ${describeDamage(spec.damage)} ${signed(spec.modifier)}`,
      dice: r.dice.flatMap((d) => explodedCheckDice(d, 'Attack die')), total: r.total,
      outcome: exploded ? 'exploded' : 'plain', label: exploded ? 'At least one die exploded' : 'No explosion',
      explanation: [`${r.dice.map((d) => d.faces.join('+')).join(' + ') || 'flat'} ${signed(spec.modifier)} = ${r.total}`],
    };
  },
};

type SaveSpec = { stat: string; score: number; modifier: number };

const saveProcedure: CheckProcedure<SaveSpec> = {
  prepare(params) {
    const v = readParams(SAVE_PARAMS, params);
    if (!v.ok) return v;
    return ok({ stat: v.value.stat as string, score: num(v.value, 'score'), modifier: num(v.value, 'save-modifier') });
  },
  odds(s) {
    const p = saveChance(s.score, s.modifier);
    return {
      check: 'save', description: `${s.stat.toUpperCase()} save: d20 <= ${saveTarget(s.score, s.modifier)}`,
      outcomes: [{ outcome: 'success', label: 'Saved', p }, { outcome: 'failure', label: 'Failed', p: 1 - p }],
      explanation: [`Score ${s.score} ${signed(s.modifier)}: a d20 at or under ${saveTarget(s.score, s.modifier)} saves`],
    };
  },
  roll(rng, s) {
    const r = rollSave(rng, s.score, s.modifier);
    return {
      check: 'save', description: `${s.stat.toUpperCase()} save: d20 <= ${r.target}`, dice: [{ sides: SAVE_DIE, face: r.face, isKept: true, role: 'save' }],
      total: r.face, outcome: r.isSuccess ? 'success' : 'failure', label: r.isSuccess ? 'Saved' : 'Failed', explanation: [`d20 ${r.face} against ${r.target}`],
    };
  },
};

type ToughnessSpec = { dice: number; exhaustOn: number[] };

const toughnessProcedure: CheckProcedure<ToughnessSpec> = {
  prepare(params) {
    const v = readParams(TOUGHNESS_PARAMS, params);
    if (!v.ok) return v;
    return ok({ dice: num(v.value, 'dice'), exhaustOn: exhaustFrom(v.value) });
  },
  odds(s) {
    const o = toughnessRollOdds(s.dice, s.exhaustOn);
    const none = o.exhausted.find((e) => e.value === 0)?.p ?? 0;
    return {
      check: 'toughness', description: `${s.dice}d${TOUGHNESS_DIE_SIDES} Toughness, exhaust on ${s.exhaustOn.join('/')}`,
      outcomes: [{ outcome: 'fresh', label: 'None exhausted', p: none }, { outcome: 'exhausted', label: 'One or more exhausted', p: 1 - none }],
      values: o.sum, mean: meanOf(o.sum),
      explanation: [`Dice exhausted: ${o.exhausted.map((e) => `${e.value}: ${pct(e.p)}`).join(', ')}`],
    };
  },
  roll(rng, s) {
    const r = rollToughnessDice(rng, s.dice, s.exhaustOn);
    return {
      check: 'toughness', description: `${s.dice}d${TOUGHNESS_DIE_SIDES} Toughness, exhaust on ${s.exhaustOn.join('/')}`,
      dice: r.faces.map((face) => ({ sides: TOUGHNESS_DIE_SIDES, face, isKept: true, role: s.exhaustOn.includes(face) ? 'Toughness Die, exhausted' : 'Toughness Die' })),
      total: r.sum, outcome: r.exhausted === 0 ? 'fresh' : 'exhausted', label: r.exhausted === 0 ? 'None exhausted' : 'One or more exhausted',
      explanation: [`Sum ${r.sum}; ${r.exhausted} exhausted`],
    };
  },
};

type LeftSpec = { con: number; modifier: number };

const leftForDeadProcedure: CheckProcedure<LeftSpec> = {
  prepare(params) {
    const v = readParams(LEFT_FOR_DEAD_PARAMS, params);
    if (!v.ok) return v;
    return ok({ con: num(v.value, 'con'), modifier: num(v.value, 'save-modifier') });
  },
  odds(s) {
    const p = saveChance(s.con, s.modifier);
    return {
      check: 'left-for-dead', description: `CON save d20 <= ${saveTarget(s.con, s.modifier)}; on a success ${WAKE_HOURS_DICE.count}d${WAKE_HOURS_DICE.sides} hours out`,
      outcomes: [{ outcome: 'wakes', label: 'Wakes up later', p }, { outcome: 'dies', label: 'Dies', p: 1 - p }],
      explanation: [`Waking takes ${WAKE_HOURS_DICE.count}d${WAKE_HOURS_DICE.sides} hours, 13 on average`],
    };
  },
  roll(rng, s) {
    const r = rollLeftForDead(rng, s.con, s.modifier);
    return {
      check: 'left-for-dead', description: `CON save d20 <= ${r.save.target}`,
      dice: [{ sides: SAVE_DIE, face: r.save.face, isKept: true, role: 'CON save' }, ...r.hourFaces.map((face) => ({ sides: WAKE_HOURS_DICE.sides, face, isKept: true, role: 'hours unconscious' }))],
      total: r.hoursUnconscious ?? 0, outcome: r.outcome, label: r.outcome === 'wakes' ? 'Wakes up later' : 'Dies',
      explanation: [r.outcome === 'wakes' ? `Save made (${r.save.face}); wakes after ${r.hoursUnconscious} hours` : `Save failed (${r.save.face}); dies`],
    };
  },
};

type MutilationSpec = { damage: number };

function mutilationOutcomes(damage: number): { outcome: string; label: string; p: number }[] {
  const m = mutilationForDamage(damage);
  const follow = m.roll;
  if (follow === null) return [{ outcome: m.id, label: m.label, p: 1 }];
  if (follow.kind === 'location') {
    return follow.table.map((r) => ({ outcome: `${m.id}-${r.id}`, label: `${m.label}: ${r.label}`, p: (r.roll.max - r.roll.min + 1) / follow.sides }));
  }
  return Array.from({ length: follow.sides }, (_, i) => ({ outcome: `${m.id}-${i + 1}-${follow.unit}`, label: `${m.label}: ${i + 1} ${follow.unit}`, p: 1 / follow.sides }));
}

function mutilationOutcomeOf(r: MutilationResult): string {
  if (r.location !== null) return `${r.mutilation.id}-${r.location.id}`;
  if (r.countdown !== null) return `${r.mutilation.id}-${r.countdown.value}-${r.countdown.unit}`;
  return r.mutilation.id;
}

const mutilationProcedure: CheckProcedure<MutilationSpec> = {
  prepare(params) {
    const v = readParams(MUTILATION_PARAMS, params);
    if (!v.ok) return v;
    return ok({ damage: num(v.value, 'damage') });
  },
  odds(s) {
    const m = mutilationForDamage(s.damage);
    return {
      check: 'mutilation', description: `${s.damage} damage: ${m.label}${m.roll === null ? '' : `, then d${m.roll.sides}`}`,
      outcomes: mutilationOutcomes(s.damage), explanation: [m.description],
    };
  },
  roll(rng, s) {
    const r = rollMutilation(rng, s.damage);
    const outcome = mutilationOutcomeOf(r);
    return {
      check: 'mutilation', description: `${s.damage} damage: ${r.mutilation.label}`,
      dice: r.face === null ? [] : [{ sides: r.mutilation.roll!.sides, face: r.face, isKept: true, role: r.location !== null ? 'where' : 'how long' }],
      total: r.countdown?.value ?? s.damage, outcome, label: mutilationOutcomes(s.damage).find((o) => o.outcome === outcome)!.label, explanation: [r.explanation],
    };
  },
};

type MoraleSpec = { score: number; modifier: number };

const moraleProcedure: CheckProcedure<MoraleSpec> = {
  prepare(params) {
    const v = readParams(MORALE_PARAMS, params);
    if (!v.ok) return v;
    return ok({ score: num(v.value, 'score'), modifier: num(v.value, 'modifier') });
  },
  odds(s) {
    const p = moraleChance(s.score, s.modifier);
    return {
      check: 'morale', description: `Morale: d20 <= ${saveTarget(s.score, s.modifier)}`,
      outcomes: [{ outcome: 'holds', label: 'Holds', p }, { outcome: 'breaks', label: 'Breaks: flees or gives up', p: 1 - p }],
      explanation: [`Leader's CHA ${s.score} ${signed(s.modifier)}: a d20 at or under ${saveTarget(s.score, s.modifier)} holds`],
    };
  },
  roll(rng, s) {
    const r = rollMorale(rng, s.score, s.modifier);
    return {
      check: 'morale', description: `Morale: d20 <= ${r.target}`, dice: [{ sides: SAVE_DIE, face: r.face, isKept: true, role: 'morale' }],
      total: r.face, outcome: r.isSuccess ? 'holds' : 'breaks', label: r.isSuccess ? 'Holds' : 'Breaks: flees or gives up', explanation: [`d20 ${r.face} against ${r.target}`],
    };
  },
};

const reactionProcedure: CheckProcedure<MoraleSpec> = {
  prepare(params) {
    const v = readParams(REACTION_PARAMS, params);
    if (!v.ok) return v;
    return ok({ score: num(v.value, 'score'), modifier: num(v.value, 'modifier') });
  },
  odds(s) {
    const mod = statModifier(s.score) + s.modifier;
    return {
      check: 'reaction', description: `Reaction: 2d6 ${signed(mod)}`, outcomes: reactionOdds(s.score, s.modifier),
      explanation: [`CHA ${s.score} gives ${signed(statModifier(s.score))}, situational ${signed(s.modifier)}`, '5 or less hostile, 6-8 uncertain, 9 or more friendly'],
    };
  },
  roll(rng, s) {
    const r = rollReaction(rng, s.score, s.modifier);
    const band = REACTION_BANDS.find((b) => b.outcome === r.outcome)!;
    return {
      check: 'reaction', description: `Reaction: 2d6 ${signed(r.modifier)}`, dice: r.faces.map((face) => ({ sides: REACTION_DICE.sides, face, isKept: true, role: 'reaction' })),
      total: r.total, outcome: r.outcome, label: band.label, explanation: [`${r.faces.join(' + ')} ${signed(r.modifier)} = ${r.total}`],
    };
  },
};

const PROCEDURES: Record<CheckKindId, CheckProcedure<never>> = {
  morale: moraleProcedure as CheckProcedure<never>,
  reaction: reactionProcedure as CheckProcedure<never>,
  mutilation: mutilationProcedure as CheckProcedure<never>,
  attack: attackProcedure as CheckProcedure<never>,
  maneuver: maneuverProcedure as CheckProcedure<never>,
  damage: damageProcedure as CheckProcedure<never>,
  save: saveProcedure as CheckProcedure<never>,
  toughness: toughnessProcedure as CheckProcedure<never>,
  'left-for-dead': leftForDeadProcedure as CheckProcedure<never>,
};

function procedureOf(check: string): RuleResult<CheckProcedure<never>> {
  const found = (CHECKS as readonly CheckKindDef[]).find((c) => c.id === check);
  if (found === undefined) return problem('so-long-as-men-die/unknown-check', `Unknown check ${check}; expected one of ${CHECKS.map((c) => c.id).join(', ')}.`, '$.check');
  return ok(PROCEDURES[found.id as CheckKindId]);
}

/** Exact odds of a check, from the spec its parameters make (the same one `rollCheck` rolls). */
export function checkOdds(request: CheckRequest): RuleResult<CheckOdds> {
  const proc = procedureOf(request.check);
  if (!proc.ok) return proc;
  const spec = proc.value.prepare(request.params);
  if (!spec.ok) return spec;
  return ok(proc.value.odds(spec.value));
}

/** Rolls a check from the spec its parameters make (the same one `checkOdds` reads). */
export function rollCheck(rng: RandomSource, request: CheckRequest): RuleResult<CheckRoll> {
  const proc = procedureOf(request.check);
  if (!proc.ok) return proc;
  const spec = proc.value.prepare(request.params);
  if (!spec.ok) return spec;
  return ok(proc.value.roll(rng, spec.value));
}
