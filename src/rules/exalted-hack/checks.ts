/**
 * Every check kind of The Exalted Hack as data (`CHECK_KINDS`, whose params become CLI flags) and as one
 * `CheckPlan` each, read by both `checkOdds` and `rollCheck`.
 * Rules: The Exalted Hack, Resolving Actions and Attributes; Other Rolls; Surprise; Initiative;
 * Attacking, Defending and Damage; Damage and Dying; Recovery; Inventory and Usage.
 * Rulings: docs/rulings.md (EH-1 .. EH-8, EH-13, EH-15, EH-20 .. EH-24).
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type CheckKindDef, type CheckOdds, type CheckRequest, type CheckRoll, type CheckParamDef, type RuleResult } from '../rule-system.js';
import { MAX_ATTRIBUTE_SCORE, MAX_LEVEL } from './attributes.js';
import { ARMOUR_KINDS, MAX_ARMOUR_VALUE, damageAfterArmour, type ArmourKindId } from './data/armour.js';
import { ELABORATION_POINTS, MAX_ELABORATION_POINTS } from './data/elaboration.js';
import { DAMAGE_DICE, DEFAULT_DAMAGE_DIE, WEAPON_CATEGORIES, weaponCategory, type WeaponCategoryId } from './data/weapons.js';
import { DYING_DIE_SIDES } from './dying-rule.js';
import { DYING_RULE_SETTING } from './settings.js';
import { MAX_HP } from './hit-points.js';
import {
  ADVANTAGE_PARAM,
  DISADVANTAGE_PARAM,
  LEVEL_PARAM,
  MODIFIER_PARAM,
  POWERFUL_FOE_PARAM,
  attributeParam,
  boolOf,
  intOf,
  parseScoreList,
  readParams,
  scoreListParam,
  textOf,
  type ReadParams,
} from './params.js';
import {
  CHECK_DIE,
  netVantage,
  outcomeOfFace,
  planOdds,
  powerfulFoeHalvings,
  rollPlan,
  targetFor,
  type CheckPlan,
  type D20Outcome,
  type PlanDie,
  type Vantage,
} from './resolution.js';
import { USAGE_BURN_MAX_FACE, USAGE_DICE } from './usage-die.js';

const REF = 'The Exalted Hack';

/** The difficulty of a roll between NPCs: a face above it succeeds (Other Rolls, NVN). */
export const NVN_DIFFICULTY = 10;

/** A follower's difficulty never drops below this, so a 1 always fails (ruling EH-6). */
export const NVN_MIN_DIFFICULTY = 1;

/** Extra damage when a defence blunders: against a single attack, and against an area attack (Attacking, Defending and Damage). */
export const DEFENCE_BLUNDER_DAMAGE = { single: 10, area: 5 } as const;


/** The check kind ids (Resolving Actions and Attributes; Other Rolls; Attacking, Defending and Damage). */
export type CheckKindId =
  | 'check' | 'attack' | 'defend' | 'damage' | 'x-or-nothing' | 'elaboration' | 'group' | 'initiative' | 'surprise'
  | 'pvp' | 'npc-vs-npc' | 'usage' | 'dying' | 'recovery';

const vantageParams = [ADVANTAGE_PARAM, DISADVANTAGE_PARAM] as const;
const rollUnderParams = (attrHelp: string): CheckParamDef[] => [
  attributeParam('attribute', 'Attribute', attrHelp), MODIFIER_PARAM, ...vantageParams, POWERFUL_FOE_PARAM, LEVEL_PARAM,
];

/**
 * Every check kind with its parameters (names are CLI flags: `--attribute 12 --advantage`).
 * @example CHECK_KINDS[0].id // 'check'
 */
export const CHECK_KINDS = [
  {
    id: 'check', label: 'Attribute check', ref: `${REF}, Resolving Actions and Attributes`,
    help: 'd20 under the attribute: 1 critical, under success, otherwise failure, 20 blunder.',
    params: [
      ...rollUnderParams('The attribute score rolled against (1-18).'),
      { kind: 'boolean', name: 'secret', role: 'option', label: 'Secret roll', default: false, help: 'The DM rolls and reads it; the players are not shown (Secret Rolls).' },
    ],
  },
  {
    id: 'attack', label: 'Attack', ref: `${REF}, Attacking, Defending and Damage`,
    help: 'd20 under STR (melee, thrown), DEX (bows, precise) or the magic attribute: critical hit, hit, miss, fumble.',
    params: [
      ...rollUnderParams('STR for melee and thrown, DEX for bows and precise weapons, the magic attribute for spells.'),
      { kind: 'boolean', name: 'untrained', role: 'option', label: 'Untrained', default: false, help: 'Not trained with a martial or heavy weapon: the attribute is halved (Weapons).' },
      { kind: 'boolean', name: 'maneuver', role: 'option', label: 'Maneuver', default: false, help: 'A maneuver rolls with disadvantage; leave off when trained in it or the foe is off guard (Other Actions).' },
    ],
  },
  {
    id: 'defend', label: 'Defence', ref: `${REF}, Attacking, Defending and Damage`,
    help: 'd20 under STR to parry (DEX with a precise weapon), DEX to dodge (CON behind a shield): counter, defended, hit, hit hard.',
    params: [
      ...rollUnderParams('STR to parry, DEX with a precise weapon or to dodge, CON to dodge behind a shield.'),
      { kind: 'boolean', name: 'off-guard', role: 'option', label: 'Off guard', default: false, help: 'Down or unable to defend: the damage lands without a roll.' },
      { kind: 'boolean', name: 'area', role: 'option', label: 'Area attack', default: false, help: 'The attack covers an area: a success halves it, a blunder adds 5.' },
    ],
  },
  {
    id: 'damage', label: 'Damage', ref: `${REF}, Attacking, Defending and Damage; Weapons; Armor`,
    help: 'The damage die plus the weapon bonus, a maximum die more on a critical hit, then the defence and the armour.',
    params: [
      { kind: 'die', name: 'die', role: 'die', label: 'Damage die', sides: DAMAGE_DICE, default: DEFAULT_DAMAGE_DIE, help: 'The damage die before the weapon bonus (d6 unless stated; ruling EH-15).' },
      { kind: 'choice', name: 'weapon', role: 'option', label: 'Weapon', choices: WEAPON_CATEGORIES.map((c) => ({ id: c.id, label: c.label })), default: 'light', help: 'Light +0, martial +1, heavy +2 on the die.' },
      { kind: 'choice', name: 'attack', role: 'option', label: 'Attack result', choices: [{ id: 'hit', label: 'Hit' }, { id: 'critical', label: 'Critical hit' }, { id: 'critical-on-armour', label: 'Critical hit on the armour' }], default: 'hit',
        help: 'A critical hit adds one maximum damage die; on the armour it wears the armour down instead (the DM\'s call, ruling EH-13).' },
      {
        kind: 'choice', name: 'defence', role: 'option', label: 'Defence result', default: 'failure', help: 'How the target\'s defence went (off-guard: no roll, full damage).',
        choices: [
          { id: 'off-guard', label: 'Off guard' }, { id: 'failure', label: 'Failed' }, { id: 'blunder', label: 'Blundered' },
          { id: 'success', label: 'Succeeded' }, { id: 'critical', label: 'Critical' },
        ],
      },
      { kind: 'boolean', name: 'area', role: 'option', label: 'Area attack', default: false, help: 'An area attack: a defence success halves it (rounded down), a blunder adds 5 instead of 10.' },
      { kind: 'integer', name: 'armour', role: 'option', label: 'Armour', min: 0, max: MAX_ARMOUR_VALUE, default: 0, help: 'The armour value taken off the damage.' },
      { kind: 'choice', name: 'armour-kind', role: 'option', label: 'Armour kind', choices: ARMOUR_KINDS.map((k) => ({ id: k.id, label: k.label })), default: 'regular', help: 'Regular armour does not stop magic; magical armour does.' },
      { kind: 'boolean', name: 'magical', role: 'option', label: 'Magical damage', default: false, help: 'The damage is magical.' },
      ...vantageParams.map((p) => ({ ...p, help: p.name === 'advantage' ? 'Roll the damage die twice, keep the higher.' : 'Roll the damage die twice, keep the lower.' })),
    ],
  },
  {
    id: 'x-or-nothing', label: 'X or nothing', ref: `${REF}, Other Rolls (X or nothing)`,
    help: 'A high-stakes d20 agreed by both sides: X or less succeeds (1 critical), anything over X is a terrible blunder.',
    params: [
      { kind: 'integer', name: 'x', role: 'option', label: 'X', min: 1, max: 19, isRequired: true, help: 'The highest face that succeeds: 1, 5, 10 or whatever the DM sets.' },
      ...vantageParams,
    ],
  },
  {
    id: 'elaboration', label: 'Elaboration roll', ref: `${REF}, Other Rolls (Elaboration Roll)`,
    help: 'A check on a personal project: success +1 point, critical +2, blunder -1; the value is the progress after the roll.',
    params: [
      ...rollUnderParams('The attribute the work depends on.'),
      { kind: 'integer', name: 'progress', role: 'option', label: 'Progress', min: 0, max: MAX_ELABORATION_POINTS, default: 0, help: 'Points gathered so far.' },
    ],
  },
  {
    id: 'group', label: 'Group roll', ref: `${REF}, Other Rolls (Group Rolls)`,
    help: 'Each member rolls under their own attribute; successes (critical +1, blunder -1) of half the group or more succeed.',
    params: [
      scoreListParam('attributes', 'Attributes', 'Each member\'s attribute score, comma-separated: 12,14,9.'),
      MODIFIER_PARAM, ...vantageParams,
    ],
  },
  {
    id: 'initiative', label: 'Initiative', ref: `${REF}, Initiative`,
    help: 'The company rolls a group WIS check: with successes of half the company or more it acts first this round.',
    params: [scoreListParam('wisdom', 'Wisdom scores', 'Each member\'s WIS, comma-separated: 12,14,9.'), MODIFIER_PARAM, ...vantageParams],
  },
  {
    id: 'surprise', label: 'Surprise roll (an addition)', ref: `${REF}, Surprise; Attributes (Wisdom)`,
    help: 'Not in the text, which gives the ambushers their surprise turn with no roll: an optional aid for a Dungeon Master who wants one. The group that may be caught makes a group WIS check; on a failure the ambushers get the surprise turn (ruling EH-20).',
    params: [scoreListParam('wisdom', 'Wisdom scores', 'Each member\'s WIS, comma-separated: 12,14,9.'), MODIFIER_PARAM, ...vantageParams],
  },
  {
    id: 'pvp', label: 'Protagonist against protagonist', ref: `${REF}, Other Rolls (PVP)`,
    help: 'Both roll under their attributes; the lower success wins, ties and double 1s go to the active side, two failures change nothing.',
    params: [
      { ...attributeParam('active', 'Active attribute', 'The acting protagonist\'s attribute.') },
      { kind: 'integer', name: 'active-modifier', role: 'option', label: 'Active modifier', min: MODIFIER_PARAM.min, max: MODIFIER_PARAM.max, default: 0, help: 'A + or - on the active target.' },
      { ...attributeParam('reactive', 'Reactive attribute', 'The resisting protagonist\'s attribute.'), role: 'option' },
      { kind: 'integer', name: 'reactive-modifier', role: 'option', label: 'Reactive modifier', min: MODIFIER_PARAM.min, max: MODIFIER_PARAM.max, default: 0, help: 'A + or - on the reactive target.' },
    ],
  },
  {
    id: 'npc-vs-npc', label: 'NPC against NPC', ref: `${REF}, Other Rolls (NVN)`,
    help: 'A d20 above 10 succeeds; a follower uses 10 less its levels past 1, or its present leader\'s CHA, whichever is better.',
    params: [
      { kind: 'integer', name: 'follower-level', role: 'option', label: 'Follower level', min: 0, max: MAX_LEVEL, default: 0, help: 'The follower\'s level; 0 when the NPC is no follower.' },
      { kind: 'integer', name: 'leader-charisma', role: 'option', label: 'Leader\'s CHA', min: 0, max: MAX_ATTRIBUTE_SCORE, default: 0, help: 'The present leader\'s CHA; 0 when no leader is there.' },
    ],
  },
  {
    id: 'usage', label: 'Usage die', ref: `${REF}, Inventory and Usage`,
    help: 'Roll the item\'s usage die after a use: 1 or 2 burns it a step; a d4 that burns is gone.',
    params: [{ kind: 'die', name: 'die', role: 'die', label: 'Usage die', sides: USAGE_DICE, isRequired: true, help: 'The item\'s current die.' }],
  },
  {
    id: 'dying', label: 'Dying', ref: `${REF}, Damage and Dying`,
    help: 'Constitution lost this turn while dying: 1, or 1d4 under the other reading of the text (ruling EH-11).',
    params: [{ ...DYING_RULE_SETTING, role: 'setting' }],
  },
  {
    id: 'recovery', label: 'Hit Die recovery', ref: `${REF}, Recovery; Damage and Dying`,
    help: 'An hour of rest heals one Hit Die, never above the maximum; the value is the HP after.',
    params: [
      { kind: 'die', name: 'hit-die', role: 'option', label: 'Hit Die', sides: DAMAGE_DICE, default: 8, help: 'The character\'s Hit Die.' },
      { kind: 'integer', name: 'hp', role: 'option', label: 'HP now', min: 0, max: MAX_HP, isRequired: true, help: 'Current hit points.' },
      { kind: 'integer', name: 'max-hp', role: 'option', label: 'Maximum HP', min: 1, max: MAX_HP, isRequired: true, help: 'Maximum hit points.' },
    ],
  },
] as const satisfies readonly (CheckKindDef & { readonly id: CheckKindId })[];

/** A check ready to give odds or be rolled: both read the one plan (conventions: Dice, one definition). */
export interface PreparedCheck {
  odds(): CheckOdds;
  roll(rng: RandomSource): CheckRoll;
}

function prepared<S>(plan: CheckPlan<S>): PreparedCheck {
  return { odds: () => planOdds(plan), roll: (rng) => rollPlan(rng, plan) };
}

const VANTAGE_WORDS: Record<Vantage, string> = { normal: '', advantage: ', advantage', disadvantage: ', disadvantage' };

function d20Die(vantage: Vantage, role = 'check'): PlanDie {
  return { sides: CHECK_DIE, vantage, better: 'low', role };
}

interface SingleD20 {
  readonly check: CheckKindId;
  readonly description: string;
  readonly explanation: readonly string[];
  readonly outcomes: readonly { readonly id: string; readonly label: string }[];
  readonly vantage: Vantage;
  readonly end: (face: number) => { outcome: string; total: number };
  readonly hasValues?: boolean;
}

function singleD20(s: SingleD20): CheckPlan<number> {
  return {
    check: s.check, description: s.description, explanation: s.explanation, outcomes: s.outcomes,
    dice: [d20Die(s.vantage)], initial: 0, step: (_state, _i, face) => face, key: String, end: s.end, hasValues: s.hasValues ?? false,
  };
}

function vantageOf(v: ReadParams, extraDisadvantage = false): Vantage {
  return netVantage(boolOf(v, 'advantage'), boolOf(v, 'disadvantage') || extraDisadvantage);
}

function rollUnder(check: CheckKindId, v: ReadParams, halvings: string[], labels: Record<D20Outcome, string>, extraDis = false, lead: string[] = []): CheckPlan<number> {
  const work = targetFor({ attribute: intOf(v, 'attribute'), halvings: [...halvings, ...powerfulFoeHalvings(boolOf(v, 'powerful-foe'), intOf(v, 'level'))], modifier: intOf(v, 'modifier') });
  const vantage = vantageOf(v, extraDis);
  return singleD20({
    check, vantage, description: `d20 roll-under ${work.target}${VANTAGE_WORDS[vantage]}`, explanation: [...lead, ...work.explanation],
    outcomes: (['critical', 'success', 'failure', 'blunder'] as const).map((id) => ({ id, label: labels[id] })),
    end: (face) => ({ outcome: outcomeOfFace(face, work.target), total: face }),
  });
}

const CHECK_LABELS: Record<D20Outcome, string> = {
  critical: 'Critical success: the intent and something more', success: 'Success', failure: 'Failure: the turn is lost', blunder: 'Blunder: fails badly and the DM adds a cost',
};
const ATTACK_LABELS: Record<D20Outcome, string> = {
  critical: 'Critical hit: damage plus one maximum damage die', success: 'Hit: roll damage', failure: 'Miss: the action is lost', blunder: 'Fumble: open to a counter-attack or worse',
};

/** Score a member adds to a group tally: critical 2, success 1, failure 0, blunder -1 (ruling EH-5). */
export const GROUP_SCORE: Record<D20Outcome, number> = { critical: 2, success: 1, failure: 0, blunder: -1 };

/** The group outcome of a success tally for `members` members (Group Rolls; ruling EH-5). */
export function groupOutcome(tally: number, members: number): 'critical-success' | 'success' | 'failure' | 'critical-failure' {
  if (tally > members) return 'critical-success';
  if (2 * tally >= members) return 'success';
  return tally >= 0 ? 'failure' : 'critical-failure';
}

const GROUP_OUTCOMES = [
  { id: 'critical-success', label: 'Critical success: more successes than members' },
  { id: 'success', label: 'Success: half the group or more succeeded' },
  { id: 'failure', label: 'Failure: fewer than half succeeded' },
  { id: 'critical-failure', label: 'Critical failure: more failures than members' },
] as const;

function groupPlan(check: CheckKindId, v: ReadParams, listName: string, outcomeMap: (g: ReturnType<typeof groupOutcome>) => string, outcomes: readonly { id: string; label: string }[], lead: string): RuleResult<CheckPlan<number>> {
  const scores = parseScoreList(textOf(v, listName), listName);
  if (!scores.ok) return scores;
  const modifier = intOf(v, 'modifier');
  const vantage = vantageOf(v);
  const targets = scores.value.map((s) => targetFor({ attribute: s, modifier }).target);
  const n = targets.length;
  return ok({
    check, description: `${n} x d20 roll-under ${targets.join(', ')}${VANTAGE_WORDS[vantage]}`,
    explanation: [lead, `targets ${targets.join(', ')}; a critical counts 2, a success 1, a blunder -1; ${Math.ceil(n / 2)} or more succeed, over ${n} is critical, under 0 a critical failure`],
    outcomes, dice: targets.map((t, i) => d20Die(vantage, `member ${i + 1} (under ${t})`)), initial: 0,
    step: (tally, i, face) => tally + GROUP_SCORE[outcomeOfFace(face, targets[i]!)],
    key: String, end: (tally) => ({ outcome: outcomeMap(groupOutcome(tally, n)), total: tally }), hasValues: false,
  });
}

type Builder = (v: ReadParams) => RuleResult<PreparedCheck>;

const BUILDERS: Record<CheckKindId, Builder> = {
  check: (v) => ok(prepared(rollUnder('check', v, [], CHECK_LABELS, false, boolOf(v, 'secret') ? ['secret roll: for the DM\'s eyes only'] : []))),
  attack: (v) => ok(prepared(rollUnder('attack', v, boolOf(v, 'untrained') ? ['an untrained weapon'] : [], ATTACK_LABELS, boolOf(v, 'maneuver'), boolOf(v, 'maneuver') ? ['a maneuver: disadvantage'] : []))),
  defend: (v) => {
    const isArea = boolOf(v, 'area');
    const labels: Record<D20Outcome, string> = {
      critical: isArea ? 'Critical defence: no damage, and one counter-attack' : 'Critical defence: the attack is stopped and you may counter-attack once',
      success: isArea ? 'Defended: half damage' : 'Defended: the attack is stopped',
      failure: 'Failed: take the damage',
      blunder: isArea ? 'Blunder: take the damage +5' : 'Blunder: take the damage +10',
    };
    if (boolOf(v, 'off-guard')) {
      return ok(prepared<number>({
        check: 'defend', description: 'no roll: off guard', explanation: ['off guard: the damage lands without a defence roll'],
        outcomes: [...(['critical', 'success', 'failure', 'blunder'] as const).map((id) => ({ id, label: labels[id] })), { id: 'off-guard', label: 'Off guard: take the damage' }],
        dice: [], initial: 0, step: (s) => s, key: String, end: () => ({ outcome: 'off-guard', total: 0 }), hasValues: false,
      }));
    }
    const plan = rollUnder('defend', v, [], labels);
    return ok(prepared({ ...plan, outcomes: [...plan.outcomes, { id: 'off-guard', label: 'Off guard: take the damage' }] }));
  },
  damage: (v) => {
    const sides = intOf(v, 'die');
    const category = weaponCategory(textOf(v, 'weapon') as WeaponCategoryId);
    const isCritical = textOf(v, 'attack') === 'critical';
    const defence = textOf(v, 'defence') as DamageDefence;
    const isArea = boolOf(v, 'area');
    const armour = intOf(v, 'armour');
    const armourKind = textOf(v, 'armour-kind') as ArmourKindId;
    const isMagical = boolOf(v, 'magical');
    const vantage = netVantage(boolOf(v, 'advantage'), boolOf(v, 'disadvantage'));
    const spec: DamageSpec = { sides, bonus: category.damageBonus, isCritical, defence, isArea, armour, armourKind, isMagical };
    const lines = [
      `d${sides}${category.damageBonus > 0 ? ` +${category.damageBonus} (${category.label.toLowerCase()} weapon)` : ''}${isCritical ? ` +${sides} (critical: one maximum die)` : ''}`,
      ...(textOf(v, 'attack') === 'critical-on-armour' ? ['critical hit spent on the armour: no extra die; the armour loses quality (DM)'] : []),
      `defence: ${defence}${isArea ? ' against an area attack' : ''}`,
      armour > 0 ? `armour ${armour} (${armourKind})${damageAfterArmour(1, 1, armourKind, isMagical) === 1 ? ' does not stop this damage' : ''}` : 'no armour',
    ];
    return ok(prepared<number>({
      check: 'damage', description: `d${sides}${VANTAGE_WORDS[vantage]} damage`, explanation: lines,
      outcomes: [{ id: 'damage', label: 'Damage dealt' }, { id: 'no-damage', label: 'No damage' }],
      dice: [{ sides, vantage, better: 'high', role: 'damage' }], initial: 0, step: (_s, _i, face) => face, key: String,
      end: (face) => {
        const dealt = damageDealt(face, spec);
        return { outcome: dealt > 0 ? 'damage' : 'no-damage', total: dealt };
      },
      hasValues: true,
    }));
  },
  'x-or-nothing': (v) => {
    const x = intOf(v, 'x');
    const vantage = vantageOf(v);
    return ok(prepared(singleD20({
      check: 'x-or-nothing', vantage, description: `d20, ${x} or nothing${VANTAGE_WORDS[vantage]}`,
      explanation: [`${x} or less succeeds, a 1 is critical; anything over ${x} is a terrible blunder`],
      outcomes: [{ id: 'critical', label: 'Critical success' }, { id: 'success', label: 'Success' }, { id: 'blunder', label: 'Terrible blunder' }],
      end: (face) => ({ outcome: face === 1 ? 'critical' : face <= x ? 'success' : 'blunder', total: face }),
    })));
  },
  elaboration: (v) => {
    const progress = intOf(v, 'progress');
    const target = targetFor({ attribute: intOf(v, 'attribute'), halvings: powerfulFoeHalvings(boolOf(v, 'powerful-foe'), intOf(v, 'level')), modifier: intOf(v, 'modifier') }).target;
    const base = rollUnder('elaboration', v, [], { critical: 'Critical: +2 points', success: 'Success: +1 point', failure: 'Failure: no progress', blunder: 'Blunder: -1 point or a price to pay' });
    return ok(prepared<number>({
      ...base, explanation: [...base.explanation, `progress ${progress}; the value is the progress after the roll (never below 0)`], hasValues: true,
      end: (face) => {
        const outcome = outcomeOfFace(face, target);
        return { outcome, total: Math.min(MAX_ELABORATION_POINTS, Math.max(0, progress + ELABORATION_POINTS[outcome])) };
      },
    }));
  },
  group: (v) => {
    const plan = groupPlan('group', v, 'attributes', (g) => g, GROUP_OUTCOMES, 'group roll: each member rolls under their own attribute');
    return plan.ok ? ok(prepared(plan.value)) : plan;
  },
  initiative: (v) => {
    const plan = groupPlan('initiative', v, 'wisdom', (g) => (g === 'success' || g === 'critical-success' ? 'company-first' : 'company-after'),
      [{ id: 'company-first', label: 'The company acts first this round' }, { id: 'company-after', label: 'The company acts after its foes this round' }],
      'initiative: a group WIS check for the company');
    return plan.ok ? ok(prepared(plan.value)) : plan;
  },
  surprise: (v) => {
    const plan = groupPlan('surprise', v, 'wisdom', (g) => (g === 'success' || g === 'critical-success' ? 'alert' : 'surprised'),
      [{ id: 'alert', label: 'Alert: no surprise turn' }, { id: 'surprised', label: 'Surprised: the ambushers take a surprise turn' }],
      'surprise: a group WIS check for the group that may be ambushed (ruling EH-20)');
    return plan.ok ? ok(prepared(plan.value)) : plan;
  },
  pvp: (v) => {
    const a = targetFor({ attribute: intOf(v, 'active'), modifier: intOf(v, 'active-modifier') }).target;
    const r = targetFor({ attribute: intOf(v, 'reactive'), modifier: intOf(v, 'reactive-modifier') }).target;
    return ok(prepared<readonly number[]>({
      check: 'pvp', description: `d20 roll-under ${a} (active) against d20 roll-under ${r} (reactive)`,
      explanation: [`active under ${a}, reactive under ${r}`, 'the lower success wins; ties and two 1s go to the active side (ruling EH-4); two failures change nothing'],
      outcomes: [
        { id: 'active-wins', label: 'The active protagonist wins' }, { id: 'reactive-wins', label: 'The reactive protagonist wins' },
        { id: 'no-change', label: 'Nothing changes; time is lost' },
      ],
      dice: [d20Die('normal', 'active'), d20Die('normal', 'reactive')], initial: [],
      step: (s, _i, face) => [...s, face], key: (s) => s.join(','),
      end: (s) => {
        const winner = pvpWinner(s[0]!, a, s[1]!, r);
        return { outcome: winner === 'none' ? 'no-change' : `${winner}-wins`, total: winner === 'active' ? s[0]! : winner === 'reactive' ? s[1]! : 0 };
      },
      hasValues: false,
    }));
  },
  'npc-vs-npc': (v) => {
    const level = intOf(v, 'follower-level');
    const cha = intOf(v, 'leader-charisma');
    if (level === 0 && cha > 0) {
      return problem('exalted-hack/leader-without-follower', 'A leader\'s CHA is rolled only for a follower; give --follower-level too, or drop --leader-charisma.', '$.leader-charisma');
    }
    const rule = nvnRule(level, cha);
    return ok(prepared(singleD20({
      check: 'npc-vs-npc', vantage: 'normal', explanation: rule.explanation,
      description: rule.kind === 'over' ? `d20 over ${rule.value}` : `d20 roll-under ${rule.value} (leader's CHA)`,
      outcomes: [{ id: 'success', label: 'Success' }, { id: 'failure', label: 'Failure' }],
      end: (face) => ({ outcome: (rule.kind === 'over' ? face > rule.value : face < rule.value) ? 'success' : 'failure', total: face }),
    })));
  },
  usage: (v) => {
    const sides = intOf(v, 'die');
    const at = USAGE_DICE.indexOf(sides as (typeof USAGE_DICE)[number]);
    return ok(prepared<number>({
      check: 'usage', description: `usage d${sides}`, explanation: [`d${sides}: 1 or 2 burns a step${at === 0 ? '; a d4 that burns is gone' : ` to d${USAGE_DICE[at - 1]!}`}`],
      outcomes: [{ id: 'holds', label: 'Holds' }, { id: 'burned', label: 'Burned a step' }, { id: 'gone', label: 'Gone' }],
      dice: [{ sides, vantage: 'normal', better: 'high', role: 'usage' }], initial: 0, step: (_s, _i, face) => face, key: String,
      end: (face) => ({ outcome: face > USAGE_BURN_MAX_FACE ? 'holds' : at === 0 ? 'gone' : 'burned', total: face }), hasValues: false,
    }));
  },
  dying: (v) => {
    const isD4 = textOf(v, 'dying-rule') === 'd4-per-turn';
    return ok(prepared<number>({
      check: 'dying', description: isD4 ? 'd4 Constitution lost' : '1 Constitution lost', explanation: [isD4 ? 'dying: 1d4 CON a turn until healed (ruling EH-11)' : 'dying: 1 CON a turn until healed (ruling EH-11)'],
      outcomes: [{ id: 'con-loss', label: 'Constitution lost' }],
      dice: isD4 ? [{ sides: DYING_DIE_SIDES, vantage: 'normal', better: 'high', role: 'dying' }] : [], initial: isD4 ? 0 : 1,
      step: (_s, _i, face) => face, key: String, end: (n) => ({ outcome: 'con-loss', total: n }), hasValues: true,
    }));
  },
  recovery: (v) => {
    const hp = intOf(v, 'hp');
    const max = intOf(v, 'max-hp');
    const sides = intOf(v, 'hit-die');
    if (hp > max) return problem('exalted-hack/hp-above-max', `HP now (${hp}) cannot be above the maximum (${max}); lower --hp or raise --max-hp.`, '$.hp');
    return ok(prepared<number>({
      check: 'recovery', description: `d${sides} Hit Die recovery`, explanation: [`HP ${hp}/${max}; one Hit Die back after an hour's rest, capped at the maximum`],
      outcomes: [{ id: 'healed', label: 'Healed' }, { id: 'full', label: 'Back to full HP' }],
      dice: [{ sides, vantage: 'normal', better: 'high', role: 'Hit Die' }], initial: 0, step: (_s, _i, face) => face, key: String,
      end: (face) => {
        const after = Math.min(max, hp + face);
        return { outcome: after === max ? 'full' : 'healed', total: after };
      },
      hasValues: true,
    }));
  },
};

/** How the target's defence went, as the damage check reads it (Attacking, Defending and Damage). */
export type DamageDefence = 'off-guard' | 'failure' | 'blunder' | 'success' | 'critical';

/** Everything that decides an attack's damage once the damage die is read (Weapons; Armor; EH-13). */
export interface DamageSpec {
  readonly sides: number;
  /** The weapon category's bonus (Weapons). */
  readonly bonus: number;
  readonly isCritical: boolean;
  readonly defence: DamageDefence;
  readonly isArea: boolean;
  readonly armour: number;
  readonly armourKind: ArmourKindId;
  readonly isMagical: boolean;
}

/**
 * Damage dealt for a damage-die face: die + weapon bonus (+ one maximum die on a critical), then the
 * defence (stopped; halved, round down, for an area; +10 or +5 on a blunder), then armour (ruling EH-13).
 * @example damageDealt(4, { sides: 6, bonus: 1, isCritical: true, defence: 'failure', isArea: false, armour: 2, armourKind: 'regular', isMagical: false }) // 9
 */
export function damageDealt(face: number, spec: DamageSpec): number {
  let dmg = face + spec.bonus + (spec.isCritical ? spec.sides : 0);
  switch (spec.defence) {
    case 'critical':
      return 0;
    case 'success':
      if (!spec.isArea) return 0;
      dmg = Math.floor(dmg / 2);
      break;
    case 'blunder':
      dmg += spec.isArea ? DEFENCE_BLUNDER_DAMAGE.area : DEFENCE_BLUNDER_DAMAGE.single;
      break;
    case 'failure':
    case 'off-guard':
      break;
  }
  return damageAfterArmour(dmg, spec.armour, spec.armourKind, spec.isMagical);
}

/**
 * Who wins a PVP roll from the two kept faces and targets: a success is needed; the lower successful
 * face wins; equal faces (two 1s among them) go to the active side; two failures: none (PVP; ruling EH-4).
 * @example pvpWinner(5, 12, 3, 12) // 'reactive'
 */
export function pvpWinner(activeFace: number, activeTarget: number, reactiveFace: number, reactiveTarget: number): 'active' | 'reactive' | 'none' {
  const aOk = activeFace < activeTarget && activeFace !== 20;
  const rOk = reactiveFace < reactiveTarget && reactiveFace !== 20;
  if (!aOk && !rOk) return 'none';
  if (aOk && !rOk) return 'active';
  if (!aOk) return 'reactive';
  return activeFace <= reactiveFace ? 'active' : 'reactive';
}

/** The NVN rule a roll uses: a face over a difficulty, or under the leader's CHA (Other Rolls, NVN; ruling EH-6). */
export function nvnRule(followerLevel: number, leaderCharisma: number): { kind: 'over' | 'under'; value: number; explanation: string[] } {
  if (followerLevel === 0) return { kind: 'over', value: NVN_DIFFICULTY, explanation: [`NPC against NPC: difficulty ${NVN_DIFFICULTY}, 11 or more succeeds`] };
  const difficulty = Math.max(NVN_MIN_DIFFICULTY, NVN_DIFFICULTY - (followerLevel - 1));
  const overChance = 20 - difficulty;
  const lines = [`follower of level ${followerLevel}: difficulty ${difficulty} (${overChance} faces in 20)`];
  if (leaderCharisma > 0) {
    const target = targetFor({ attribute: leaderCharisma }).target;
    const underChance = target - 1;
    lines.push(`leader's CHA ${leaderCharisma}: under ${target} (${underChance} faces in 20)`);
    if (underChance > overChance) return { kind: 'under', value: target, explanation: [...lines, 'the leader\'s CHA is better'] };
  }
  return { kind: 'over', value: difficulty, explanation: [...lines, 'the difficulty is used'] };
}

/** Prepares a check request (Resolving Actions and Attributes): its kind and params read, or the problem. */
export function prepareCheck(request: CheckRequest): RuleResult<PreparedCheck> {
  const kind = CHECK_KINDS.find((k) => k.id === request.check);
  if (kind === undefined) {
    return problem('exalted-hack/unknown-check', `Unknown check "${request.check}"; use one of ${CHECK_KINDS.map((k) => k.id).join(', ')}.`, '$.check');
  }
  const values = readParams(kind.params, request.params);
  if (!values.ok) return values;
  return BUILDERS[kind.id](values.value);
}

/** Exact odds of a check (Resolving Actions and Attributes and the sections of each kind). */
export function checkOdds(request: CheckRequest): RuleResult<CheckOdds> {
  const p = prepareCheck(request);
  return p.ok ? ok(p.value.odds()) : p;
}

/** Rolls a check from the same plan its odds come from (Resolving Actions and Attributes). */
export function rollCheck(rng: RandomSource, request: CheckRequest): RuleResult<CheckRoll> {
  const p = prepareCheck(request);
  return p.ok ? ok(p.value.roll(rng)) : p;
}
