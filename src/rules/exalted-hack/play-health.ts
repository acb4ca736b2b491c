/**
 * The changes of play that hurt and heal: damage (off HP, then lethal off CON; or a deep wound straight
 * off an attribute), healing, rest (a Hit Die an hour, attribute points per 8 hours) and a turn of
 * dying. Rules: The Exalted Hack, Resolving Actions and Attributes (Constitution); Attacking,
 * Defending and Damage; Damage and Dying; Recovery. Rulings: EH-11, EH-12, EH-27, EH-28, EH-30, EH-31.
 */
import { ok, problem, type RuleResult } from '../rule-system.js';
import { ATTRIBUTE_IDS, ATTRIBUTES, attributeShort, isAttributeId, type AttributeId } from './attributes.js';
import { changePlanOdds, rollChangePlan, type ChangePlan } from './change-plan.js';
import { currentScore, withAttributeDamage, type ExaltedHackCharacter } from './character.js';
import { stateOf } from './create-character.js';
import { DYING_DIE_SIDES, type DyingRule } from './dying-rule.js';
import { DYING_RULE_SETTING } from './settings.js';
import { LONG_REST_HOURS, MAX_DAMAGE_AMOUNT, applyDamage, attributePointsRecovered, heal } from './hit-points.js';
import { boolOf, intOf, textOf } from './params.js';
import { changed, fixed, lossLines, lostRefusal, sourceParam, sourcePrefix, type ChangeRule, type PreparedChange } from './play-common.js';

const REF = 'The Exalted Hack';

/** Most hours one rest change covers: a week (Recovery; a project limit). */
export const MAX_REST_HOURS = 168;

function vitalityOf(c: ExaltedHackCharacter) {
  return { hp: c.hp.current, maxHp: c.hp.max, con: currentScore(c, 'con') };
}

function stateLine(c: ExaltedHackCharacter): string {
  const state = stateOf(c);
  switch (state) {
    case 'standing':
      return 'standing';
    case 'incapacitated':
      return 'incapacitated: stable, knocked down for an hour, then a Hit Die back (Damage and Dying; EH-27)';
    case 'dying':
      return `dying: CON ${currentScore(c, 'con')}, and CON lost each turn until healed (Damage and Dying; EH-11)`;
    case 'dead':
      return 'CON 0: dead (Damage and Dying)';
    default:
      return state;
  }
}

/** A short state for a summary: nothing while standing. */
function stateNote(c: ExaltedHackCharacter): string {
  const state = stateOf(c);
  return state === 'standing' ? '' : ` (${state})`;
}

function damageToHp(c: ExaltedHackCharacter, amount: number, prefix: string): RuleResult<PreparedChange> {
  const report = applyDamage(vitalityOf(c), amount, c.isDying);
  if (!report.ok) return report;
  const { after, lethal } = report.value;
  const conLost = vitalityOf(c).con - after.con;
  let next = withAttributeDamage(c, 'con', c.attributeDamage.con + conLost);
  next = { ...next, hp: { ...c.hp, current: after.hp }, isDying: after.con > 0 && (c.isDying || lethal > 0) };
  const lines = [
    `${amount} damage: HP soak it first (Attacking, Defending and Damage; Damage and Dying)`,
    report.value.explanation,
    ...(lethal > 0 ? [`${lethal} past 0 HP is lethal damage: it comes off CON, and the character is in shock (Constitution)`] : []),
    stateLine(next),
    ...lossLines(c, next),
  ];
  const con = lethal > 0 ? `, CON ${vitalityOf(c).con} -> ${after.con}` : '';
  return fixed(changed(next, `${prefix}${amount} damage, HP ${c.hp.current} -> ${after.hp}${con}${stateNote(next)}`, lines));
}

function deepWound(c: ExaltedHackCharacter, id: AttributeId, amount: number, prefix: string): RuleResult<PreparedChange> {
  const now = currentScore(c, id);
  const taken = Math.min(amount, now);
  let next = withAttributeDamage(c, id, c.attributeDamage[id] + taken);
  if (next.isDying && currentScore(next, 'con') === 0) next = { ...next, isDying: false };
  const short = attributeShort(id);
  const lines = [
    `a deep wound: ${amount} off ${short} itself, not HP (Recovery; ruling EH-30)`,
    `${short} ${now} -> ${now - taken}${taken < amount ? ` (${amount - taken} more has nothing left to take)` : ''}`,
    `it comes back by rest, ${id === 'con' ? '1 point per 8 hours' : '1 point per 8 hours, 2 with proper care'}, or by treatment (Recovery; EH-12)`,
    ...lossLines(c, next),
  ];
  return fixed(changed(next, `${prefix}${amount} deep wound, ${short} ${now} -> ${now - taken}${stateNote(next)}`, lines));
}

const DAMAGE_TO = [
  { id: 'hp', label: 'HP (past 0, lethal to CON)' },
  ...ATTRIBUTES.map((a) => ({ id: a.id, label: `${a.label} (a deep wound)` })),
];

/** Damage: off HP first, the rest lethal off CON; or a deep wound off one attribute (Damage and Dying; Recovery). */
export const DAMAGE: ChangeRule = {
  def: {
    id: 'damage', label: 'Take damage', by: 'owner', rollsDice: false, ref: `${REF}, Attacking, Defending and Damage; Damage and Dying; Recovery`,
    help: 'Damage that lands (after defence and armour): off HP, past 0 lethal off CON and dying; or a deep wound straight off an attribute.',
    params: [
      { kind: 'integer', name: 'amount', label: 'Damage', min: 0, max: MAX_DAMAGE_AMOUNT, isRequired: true, help: 'The damage that lands, after the defence and the armour (the damage check gives it).', example: 5 },
      { kind: 'choice', name: 'to', label: 'Damage to', choices: DAMAGE_TO, default: 'hp', help: 'HP for most damage; an attribute for a deep wound (a critical or special attack, poison, hunger: the DM says, ruling EH-30).' },
      sourceParam('What did it, for the history ("Goblin spear").'),
    ],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    const to = textOf(v, 'to');
    const amount = intOf(v, 'amount');
    return isAttributeId(to) ? deepWound(c, to, amount, sourcePrefix(v)) : damageToHp(c, amount, sourcePrefix(v));
  },
};

/** Healing: HP back up to the maximum, never attributes; any healing stops dying (Damage and Dying). */
export const HEAL: ChangeRule = {
  def: {
    id: 'heal', label: 'Heal', by: 'owner', rollsDice: false, ref: `${REF}, Damage and Dying; Recovery`,
    help: 'Healing (magic, medicine) restores HP up to the maximum, never attributes; it stops a dying character\'s loss of CON.',
    params: [
      { kind: 'integer', name: 'amount', label: 'HP healed', min: 0, max: MAX_DAMAGE_AMOUNT, isRequired: true, help: 'HP restored; 0 only stops a dying character\'s bleeding (a healing action).', example: 4 },
      sourceParam('What healed, for the history ("Healing potion").'),
    ],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    const amount = intOf(v, 'amount');
    if (amount === 0 && !c.isDying) return problem('exalted-hack/nothing-to-heal', 'Healing 0 HP only stops a dying character\'s loss of CON; give the HP healed (--amount).', '$.amount');
    const after = heal(vitalityOf(c), amount);
    if (!after.ok) return after;
    const next: ExaltedHackCharacter = { ...c, hp: { ...c.hp, current: after.value.hp }, isDying: false };
    const lines = [
      `healed ${amount}: HP ${c.hp.current} -> ${after.value.hp} (at most ${c.hp.max}); healing restores HP, not CON or other attributes (Damage and Dying)`,
      ...(c.isDying ? ['a healing action stops dying: no more CON lost each turn (Damage and Dying; ruling EH-28)'] : []),
      stateLine(next),
    ];
    return fixed(changed(next, `${sourcePrefix(v)}healed ${amount}, HP ${c.hp.current} -> ${after.value.hp}${c.isDying ? ', no longer dying' : ''}${stateNote(next)}`, lines));
  },
};

interface RestState {
  readonly hp: number;
  readonly hours: number;
}

/**
 * The HP part of a rest: one Hit Die an hour, thrown only while HP are below the maximum (Recovery).
 * @example changePlanOdds(restPlan(c, 2)).values // HP after two hours
 */
export function restPlan(c: ExaltedHackCharacter, hours: number): ChangePlan<RestState> {
  const max = c.hp.max;
  return {
    change: 'rest', description: `${hours} hour${hours === 1 ? '' : 's'} of rest: a d${c.hitDie} Hit Die an hour, HP ${c.hp.current}/${max}`,
    explanation: [`a Hit Die (d${c.hitDie}) back for each hour of rest, never above the maximum ${max} (Recovery)`],
    outcomes: [{ id: 'healed', label: 'Healed, not yet full' }, { id: 'full', label: 'Back to full HP' }],
    initial: { hp: c.hp.current, hours: 0 },
    next: (s) => (s.hours < hours && s.hp < max ? { sides: c.hitDie, role: `Hit Die, hour ${s.hours + 1}` } : null),
    step: (s, face) => ({ hp: Math.min(max, s.hp + face), hours: s.hours + 1 }),
    key: (s) => `${s.hp}/${s.hours}`,
    end: (s) => ({ outcome: s.hp === max ? 'full' : 'healed', total: s.hp }),
  };
}

/** Attribute points back after a rest, per attribute, never more than its damage (Recovery; EH-12, EH-31). */
function recoveredAttributes(c: ExaltedHackCharacter, hours: number, hasCare: boolean): ExaltedHackCharacter {
  let next = c;
  for (const id of ATTRIBUTE_IDS) {
    const back = Math.min(c.attributeDamage[id], attributePointsRecovered(id, hours, hasCare));
    if (back > 0) next = withAttributeDamage(next, id, c.attributeDamage[id] - back);
  }
  return next;
}

/** Rest: a Hit Die an hour, and each damaged attribute back 1 point per 8 hours, 2 with care (CON 1) (Recovery). */
export const REST: ChangeRule = {
  def: {
    id: 'rest', label: 'Rest', by: 'owner', rollsDice: true, ref: `${REF}, Recovery; Damage and Dying`,
    help: 'Each hour heals a Hit Die; every 8 hours each damaged attribute recovers 1 point (2 with proper care; CON only 1).',
    params: [
      { kind: 'integer', name: 'hours', label: 'Hours', min: 1, max: MAX_REST_HOURS, default: LONG_REST_HOURS, help: `Hours of rest: a Hit Die each; each ${LONG_REST_HOURS} hours is a long rest for attributes.` },
      { kind: 'boolean', name: 'care', label: 'Proper care', default: false, help: 'Rested under proper care: 2 attribute points per long rest instead of 1 (CON stays 1).' },
    ],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    if (c.isDying) return problem('exalted-hack/dying-needs-healing', `${c.name} is dying and loses CON each turn until healed; heal first (even 0 HP stops it), then rest.`);
    const hours = intOf(v, 'hours');
    const hasCare = boolOf(v, 'care');
    const plan = restPlan(c, hours);
    return ok({
      odds: () => changePlanOdds(plan),
      make: (rng) => {
        const rolled = rollChangePlan(rng, plan);
        const healed = { ...c, hp: { ...c.hp, current: rolled.state.hp } };
        const next = recoveredAttributes(healed, hours, hasCare);
        const back = ATTRIBUTE_IDS.filter((id) => next.attributeDamage[id] < c.attributeDamage[id]).map((id) => `${attributeShort(id)} ${currentScore(c, id)} -> ${currentScore(next, id)}`);
        const longRests = Math.floor(hours / LONG_REST_HOURS);
        const lines = [
          ...plan.explanation,
          rolled.dice.length === 0 ? 'HP already full: no Hit Die thrown' : `Hit Dice ${rolled.dice.map((d) => d.face).join(', ')}: HP ${c.hp.current} -> ${rolled.state.hp}`,
          longRests === 0
            ? `no long rest (${LONG_REST_HOURS} hours): no attribute points back`
            : `${longRests} long rest${longRests === 1 ? '' : 's'}: each damaged attribute ${hasCare ? '2 points (proper care)' : '1 point'} a long rest, CON 1 (Recovery; EH-12, EH-31)${back.length === 0 ? '; no attribute was damaged' : ''}`,
          ...(back.length > 0 ? [back.join(', ')] : []),
          stateLine(next),
        ];
        const attr = back.length > 0 ? `, ${back.join(', ')}` : '';
        return changed(next, `rested ${hours} h${hasCare ? ' with care' : ''}, HP ${c.hp.current} -> ${rolled.state.hp}${attr}`, lines, rolled.dice, rolled.end.outcome);
      },
    });
  },
};

interface DyingState {
  readonly con: number;
  readonly isThrown: boolean;
}

/**
 * One turn of dying: 1 CON, or a d4 under the other reading (Damage and Dying; EH-11).
 * @example changePlanOdds(dyingPlan(3, 'd4-per-turn')).outcomes // still-dying 1/2, dead 1/2
 */
export function dyingPlan(con: number, rule: DyingRule): ChangePlan<DyingState> {
  const isD4 = rule === 'd4-per-turn';
  return {
    change: 'dying', description: isD4 ? `d${DYING_DIE_SIDES} CON lost, CON ${con}` : `1 CON lost, CON ${con}`,
    explanation: [isD4 ? `dying: d${DYING_DIE_SIDES} CON a turn until healed (Damage and Dying; ruling EH-11)` : 'dying: 1 CON a turn until healed (Constitution; ruling EH-11)'],
    outcomes: [{ id: 'still-dying', label: 'Still dying' }, { id: 'dead', label: 'Dead: CON 0' }],
    initial: isD4 ? { con, isThrown: false } : { con: Math.max(0, con - 1), isThrown: true },
    next: (s) => (s.isThrown ? null : { sides: DYING_DIE_SIDES, role: 'dying' }),
    step: (s, face) => ({ con: Math.max(0, s.con - face), isThrown: true }),
    key: (s) => `${s.con}/${s.isThrown}`,
    end: (s) => ({ outcome: s.con === 0 ? 'dead' : 'still-dying', total: s.con }),
  };
}

/** A turn of dying: CON lost until healed (Damage and Dying; EH-11). */
export const DYING: ChangeRule = {
  def: {
    id: 'dying', label: 'A turn of dying', by: 'owner', rollsDice: true, ref: `${REF}, Damage and Dying; Resolving Actions and Attributes (Constitution)`,
    help: 'Each turn a dying character is not healed, CON drops: 1, or 1d4 under the other reading (ruling EH-11); CON 0 is dead.',
    params: [{ ...DYING_RULE_SETTING, role: 'setting' }],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    if (!c.isDying) return problem('exalted-hack/not-dying', `${c.name} is not dying: only lethal damage (past 0 HP) not yet healed costs CON each turn.`);
    const con = currentScore(c, 'con');
    const plan = dyingPlan(con, textOf(v, 'dying-rule') as DyingRule);
    return ok({
      odds: () => changePlanOdds(plan),
      make: (rng) => {
        const rolled = rollChangePlan(rng, plan);
        const after = rolled.state.con;
        let next = withAttributeDamage(c, 'con', c.attributeDamage.con + con - after);
        if (after === 0) next = { ...next, isDying: false };
        const lines = [...plan.explanation, `CON ${con} -> ${after}`, stateLine(next), ...lossLines(c, next)];
        return changed(next, `dying: CON ${con} -> ${after}${after === 0 ? ' (dead)' : ''}`, lines, rolled.dice, rolled.end.outcome);
      },
    });
  },
};
