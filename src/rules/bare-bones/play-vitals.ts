/**
 * The changes of Blood and Sweat: damage (Sweat first, or straight to Blood), healing, short and long
 * rests, and dying at 0 Blood (a taxing action's CON save, stabilising, the rounds running out). Each
 * wires the rule functions of blood-and-sweat.ts; a kind that rolls computes its odds by running the
 * same function on every face (`scriptedRandom([face])`), or on every total of its dice.
 * Rules: The Bare Bones, Die by the Sword; Shields Shall Be Splintered; Dying, Dying, Dead; Good for
 * What Ails You; Halflings (Second Breakfast); Critical Hits and Notches; Maneuvers (Grab); Weapons
 * (Crossbow); Initiative (ambush); rulings BB-22 .. BB-24, BB-28, BB-29, BB-32, BB-34.
 */
import { scriptedRandom, type RandomSource } from '../../dice/random.js';
import { ok, problem, type CheckDie, type RuleResult } from '../rule-system.js';
import { MAX_ATTRIBUTE_SCORE } from './attributes.js';
import {
  MAX_DAMAGE,
  MAX_RATIONS_PER_REST,
  afterTaxingSave,
  heal,
  passUnstableRound,
  rollLongRest,
  rollShortRest,
  rollUnstableRounds,
  stabilize,
  takeHarm,
  type HarmResult,
  type Vitals,
} from './blood-and-sweat.js';
import { statusOf, type BareBonesCharacter } from './character.js';
import { CHECK_DIE, isSuccess, netVantage, rollTest, successChance, testOdds, type TestSpec } from './checks.js';
import { NATURAL_ROLLS_SETTING } from './settings.js';
import { naturalsOf } from './check-kinds.js';
import { MIN_NOTCHED_ARMOUR_CLASS, armour } from './data/armour.js';
import { bareBonesClass } from './data/classes.js';
import { race } from './data/races.js';
import { SKILL_BONUS } from './data/skills.js';
import { convolve, type Pmf } from './damage.js';
import {
  CAUSE_PARAM,
  HEALTH_LABELS,
  atParam,
  certain,
  defineKind,
  die,
  flag,
  healthOutcome,
  made,
  num,
  oddsOverTotal,
  optNum,
  outcomesOf,
  summaryOf,
  text,
  uniform,
  vitalsChange,
  vitalsOf,
  withVitals,
  type PlayKind,
} from './play-kit.js';
import { REF_BLOOD, REF_DYING, REF_RESTS, REF_SHIELDS, refClass, refCombat } from './refs.js';
import { refillPoints } from './class-features.js';

const deadProblem = <T>(what: string): RuleResult<T> => problem('bare-bones/already-dead', `This character is dead: ${what}. The Smith may restore the document if the table rules otherwise.`, '$.isDead');

// ---------- damage ----------

/** Why a blow bypasses Sweat and wounds Blood directly. */
export const STRAIGHT_TO_BLOOD = [
  { id: 'none', label: 'No: Sweat first', short: '', ref: REF_BLOOD },
  { id: 'critical-hit', label: 'Critical hit (natural 1)', short: 'critical hit', ref: refCombat('Critical Hits and Notches') },
  { id: 'crossbow', label: 'Crossbow', short: 'crossbow', ref: refCombat('Weapons') },
  { id: 'grab', label: 'Small weapon on a grabbed foe', short: 'after a Grab', ref: refCombat('Maneuvers') },
  { id: 'ambush', label: 'Ambushers in the first round', short: 'ambush', ref: refCombat('Initiative') },
] as const;

/** A reason a blow goes to Blood. */
export type StraightToBloodId = (typeof STRAIGHT_TO_BLOOD)[number]['id'];

/** What damage did, from the worst down. */
export type DamageOutcome = 'dead' | 'unstable' | 'down' | 'blood' | 'sweat' | 'no-damage';

const DAMAGE_LABELS: Readonly<Record<DamageOutcome, string>> = {
  dead: 'Dead: a coup de grâce at 0 Blood',
  unstable: 'Unstable: dying in a Hit Die of rounds',
  down: 'Down at 0 Blood, all Sweat lost',
  blood: 'Blood lost',
  sweat: 'Only Sweat lost',
  'no-damage': 'No damage',
};

interface DamagePrepared {
  readonly harm: HarmResult;
  readonly reason: (typeof STRAIGHT_TO_BLOOD)[number];
  readonly amount: number;
  readonly splinters: boolean;
  /** True when the harm makes the character unstable now: the Hit Die counts the rounds left. */
  readonly rollsRounds: boolean;
  readonly cause: string | undefined;
}

function damageOutcome(before: BareBonesCharacter, after: BareBonesCharacter, harm: HarmResult): DamageOutcome {
  if (statusOf(after) === 'dead') return 'dead';
  if (statusOf(after) === 'unstable') return 'unstable';
  if (statusOf(after) === 'down' && statusOf(before) === 'standing') return 'down';
  if (harm.fromBlood > 0) return 'blood';
  return harm.fromSweat > 0 ? 'sweat' : 'no-damage';
}

/**
 * The character after damage, the rounds die (when it rolls) given by `rng`: takeHarm, then a Hit Die
 * of rounds for one newly unstable; a splintered shield is gone, and armour notches past the new floor
 * of 8 go with it (ruling BB-32).
 */
function resolveDamage(rng: RandomSource, c: BareBonesCharacter, p: DamagePrepared): { character: BareBonesCharacter; dice: CheckDie[]; lines: string[] } {
  let vitals: Vitals = p.harm.vitals;
  const dice: CheckDie[] = [];
  const lines = [...p.harm.explanation];
  if (p.rollsRounds) {
    const r = rollUnstableRounds(rng, vitals, c.hitDie);
    if (!r.ok) throw new Error(r.error.message);
    vitals = r.value;
    dice.push(die(c.hitDie, vitals.roundsLeft!, 'rounds left'));
    lines.push(`Hit Die d${c.hitDie} = ${vitals.roundsLeft}: rounds before death unless healed or stabilised (ruling BB-23)`);
  }
  let character = withVitals(c, vitals);
  if (p.splinters) {
    const floor = armour(c.armour).armourClass - MIN_NOTCHED_ARMOUR_CLASS;
    const notches = Math.min(c.armourNotches, floor);
    character = { ...character, hasShield: false, armourNotches: notches };
    if (notches < c.armourNotches) lines.push(`without the shield the armour's notches stop at AC ${MIN_NOTCHED_ARMOUR_CLASS}: ${c.armourNotches} -> ${notches} (ruling BB-32)`);
  }
  return { character, dice, lines };
}

const damageKind = defineKind<DamagePrepared>({
  def: {
    id: 'damage',
    label: 'Damage',
    help: 'Damage comes off Sweat first, then Blood; a critical hit, a crossbow, a Grab or an ambush wounds Blood directly. At 0 Blood all Sweat goes; then an attack kills and other harm leaves the character unstable.',
    ref: `${REF_BLOOD}; ${REF_DYING}; ${REF_SHIELDS}`,
    by: 'owner',
    rollsDice: true,
    params: [
      { name: 'amount', kind: 'integer', label: 'Damage', help: 'Hit points of damage dealt.', min: 0, max: MAX_DAMAGE, isRequired: true, example: 4 },
      { name: 'straight-to-blood', kind: 'choice', label: 'Straight to Blood', help: 'Why the blow bypasses Sweat, if it does: a critical hit, a crossbow, a small weapon on a grabbed foe, ambushers in round one.', choices: STRAIGHT_TO_BLOOD.map((r) => ({ id: r.id, label: r.label })), default: 'none' },
      { name: 'source', kind: 'choice', label: 'Source', help: 'An attack (a coup de grâce on someone at 0 Blood) or other harm (a fall, a trap: makes someone at 0 Blood unstable).', choices: [{ id: 'attack', label: 'A successful attack' }, { id: 'incidental', label: 'Other harm' }], default: 'attack' },
      { name: 'splinter-shield', kind: 'boolean', label: 'Splinter the shield', help: 'Destroy the shield to absorb the whole blow.', default: false },
      CAUSE_PARAM,
    ],
  },
  read(c, v) {
    if (statusOf(c) === 'dead') return deadProblem('damage changes nothing');
    const splinters = flag(v, 'splinter-shield');
    if (splinters && !c.hasShield) return problem('bare-bones/no-shield', 'There is no shield to splinter: leave splinter-shield off, or put a shield on first (change armour).', '$.splinter-shield');
    const reason = STRAIGHT_TO_BLOOD.find((r) => r.id === v['straight-to-blood'])!;
    const amount = num(v, 'amount');
    const harm = takeHarm(vitalsOf(c), { amount, isToBlood: reason.id !== 'none', source: v['source'] as 'attack' | 'incidental', splintersShield: splinters });
    if (!harm.ok) return harm;
    const rollsRounds = harm.value.vitals.status === 'unstable' && harm.value.vitals.roundsLeft === null;
    return ok({ harm: harm.value, reason, amount, splinters, rollsRounds, cause: text(v, 'cause') });
  },
  odds(c, p) {
    const pmf = p.rollsRounds ? uniform(c.hitDie) : certain(0);
    const counted = oddsOverTotal(
      pmf,
      (face) => {
        const r = resolveDamage(scriptedRandom([face]), c, p);
        return { outcome: damageOutcome(c, r.character, p.harm), value: r.character.roundsLeft ?? 0 };
      },
      DAMAGE_LABELS,
    );
    return {
      description: p.rollsRounds ? `${p.amount} damage at 0 Blood: unstable, d${c.hitDie} rounds left` : `${p.amount} damage: no dice`,
      outcomes: counted.outcomes,
      ...(p.rollsRounds ? { values: counted.values, mean: counted.mean } : {}),
      explanation: [...reasonLines(p), ...p.harm.explanation],
    };
  },
  roll(rng, c, p) {
    const r = resolveDamage(rng, c, p);
    const outcome = damageOutcome(c, r.character, p.harm);
    const how = p.splinters ? 'shield splintered' : p.reason.id === 'none' ? '' : `${p.reason.short}, to Blood`;
    const effect = outcome === 'unstable' && statusOf(c) === 'unstable' ? `still unstable (${c.roundsLeft} rounds)` : vitalsChange(c, r.character);
    const summary = summaryOf(p.cause, `${p.amount} damage${how === '' ? '' : ` (${how})`}, ${effect}`);
    return ok({ character: r.character, summary, explanation: [...reasonLines(p), ...r.lines], dice: r.dice, outcome });
  },
});

function reasonLines(p: DamagePrepared): string[] {
  if (p.splinters) return ['the shield is splintered to absorb the whole blow (Shields Shall Be Splintered)'];
  return p.reason.id === 'none' ? ['Sweat takes the damage first, then Blood (Die by the Sword)'] : [`${p.reason.label}: the damage bypasses Sweat and goes straight to Blood (${p.reason.ref})`];
}

// ---------- heal ----------

interface HealPrepared {
  readonly amount: number | undefined;
  readonly cause: string | undefined;
}

/** The character healed by `amount`: Blood first, then Sweat; any Blood stands a down or dying character up. */
function healed(c: BareBonesCharacter, amount: number): BareBonesCharacter {
  const h = heal(vitalsOf(c), amount);
  if (!h.ok) throw new Error(h.error.message);
  return withVitals(c, h.value);
}

const recovered = (before: BareBonesCharacter, after: BareBonesCharacter): number => after.blood.current - before.blood.current + after.sweat.current - before.sweat.current;

const healKind = defineKind<HealPrepared>({
  def: {
    id: 'heal',
    label: 'Heal',
    help: 'Recover hit points, Blood first, then Sweat; without an amount the character rolls their Hit Die (Lay on Hands). Healing from 0 Blood stands a dying character up.',
    ref: `${REF_RESTS}; ${refClass('Clerics')}; ${REF_DYING}`,
    by: 'owner',
    rollsDice: true,
    params: [
      { name: 'amount', kind: 'integer', label: 'Hit points', help: 'Hit points recovered; leave out to roll the Hit Die (Lay on Hands).', min: 1, max: MAX_DAMAGE, example: 3 },
      CAUSE_PARAM,
    ],
  },
  read(c, v) {
    if (statusOf(c) === 'dead') return deadProblem('hit points do not heal the dead');
    return ok({ amount: optNum(v, 'amount'), cause: text(v, 'cause') });
  },
  odds(c, p) {
    const counted = oddsOverTotal(p.amount === undefined ? uniform(c.hitDie) : certain(p.amount), (t) => {
      const after = healed(c, t);
      return { outcome: healthOutcome(after), value: recovered(c, after) };
    }, HEALTH_LABELS);
    return { description: p.amount === undefined ? `Hit Die d${c.hitDie} of hit points, Blood first` : `${p.amount} hit points, Blood first: no dice`, ...counted, explanation: ['hit points come back to Blood first, then Sweat (Good for What Ails You)'] };
  },
  roll(rng, c, p) {
    const face = p.amount === undefined ? rng.rollDie(c.hitDie) : p.amount;
    const after = healed(c, face);
    const lines = [p.amount === undefined ? `Hit Die d${c.hitDie} = ${face} hit points` : `${face} hit points`, `Blood first, then Sweat: ${vitalsChange(c, after)}`];
    if (statusOf(c) !== 'standing' && statusOf(after) === 'standing') lines.push('Blood back above 0: the character stands and is stable (Dying, Dying, Dead)');
    return ok({
      character: after,
      summary: summaryOf(p.cause, `healed ${recovered(c, after)}, ${vitalsChange(c, after)}`),
      explanation: lines,
      dice: p.amount === undefined ? [die(c.hitDie, face, 'Hit Die')] : [],
      outcome: healthOutcome(after),
    });
  },
});

// ---------- rest ----------

interface RestPrepared {
  readonly kind: 'short' | 'long';
  readonly rations: number;
  readonly hasFireOrBedroll: boolean;
}

/** The day turns with a long rest: the short rest may be taken again; pools come back to the level (ruling BB-28). */
function newDay(c: BareBonesCharacter): { character: BareBonesCharacter; line: string } {
  const refilled = refillPoints(c);
  const pool = bareBonesClass(c.class).pool.label;
  const line = refilled.points.current > c.points.current ? `a new day: ${pool} ${c.points.current} -> ${refilled.points.current} (ruling BB-28)` : `a new day: ${pool} stay at ${c.points.current}`;
  return { character: { ...refilled, hasShortRestedToday: false }, line };
}

const RATIONS_LINE = 'rations check usage when eaten: roll the rations\' usage die on the sheet (Usage Dice)';

/** A long rest with the Hit Die face `rng` gives (if it rolls): rollLongRest, then the new day. */
function resolveLongRest(rng: RandomSource, c: BareBonesCharacter, p: RestPrepared): { character: BareBonesCharacter; faces: readonly number[]; lines: string[] } {
  const r = rollLongRest(rng, vitalsOf(c), { hitDie: c.hitDie, hasRation: p.rations > 0, hasFireOrBedroll: p.hasFireOrBedroll });
  if (!r.ok) throw new Error(r.error.message);
  const day = newDay(withVitals(c, r.value.vitals));
  return { character: day.character, faces: r.value.faces, lines: [r.value.explanation, day.line] };
}

/** Does a long rest roll? Only with a ration, a fire or bedroll, and Blood to heal. */
const longRestRolls = (c: BareBonesCharacter, p: RestPrepared): boolean => p.rations > 0 && p.hasFireOrBedroll && c.blood.current < c.blood.max;

const restKind = defineKind<RestPrepared>({
  def: {
    id: 'rest',
    label: 'Rest',
    help: 'Short rest (a watch, once a day): a ration and a Hit Die of hit points (a halfling may eat more, a Hit Die each). Long rest: with a ration and a fire or bedroll, hurt Blood heals fully and a Hit Die of Sweat returns, or with Blood full all Sweat returns; the day turns.',
    ref: `${REF_RESTS}; ${refClass('halflings (heading lost)')}`,
    by: 'owner',
    rollsDice: true,
    params: [
      { name: 'kind', kind: 'choice', label: 'Rest', help: 'A short rest (one watch, once a day) or a long rest (the night).', choices: [{ id: 'short', label: 'Short rest' }, { id: 'long', label: 'Long rest' }], isRequired: true, example: 'short' },
      { name: 'rations', kind: 'integer', label: 'Rations eaten', help: 'One ration; a halfling may eat more at a short rest (Second Breakfast); 0 if there is none.', min: 0, max: MAX_RATIONS_PER_REST, default: 1 },
      { name: 'fire-or-bedroll', kind: 'boolean', label: 'Fire or bedroll', help: 'A long rest heals only with a fire or a bedroll.', default: true },
    ],
  },
  read(c, v) {
    if (statusOf(c) === 'dead') return deadProblem('the dead do not rest');
    if (statusOf(c) === 'unstable') return problem('bare-bones/dying-cannot-rest', 'An unstable character dies within rounds: stabilise them (stabilize) or heal them first.', '$.roundsLeft');
    const kind = v['kind'] as 'short' | 'long';
    const rations = num(v, 'rations');
    if (kind === 'short') {
      if (c.hasShortRestedToday) return problem('bare-bones/short-rest-used', 'Only one short rest a day: take a long rest (kind long) to start a new day.', '$.kind');
      if (rations === 0) return problem('bare-bones/rest-needs-ration', 'A short rest means eating a ration: set rations to 1 (or more for a halfling).', '$.rations');
      if (rations > 1 && c.race !== 'halfling') return problem('bare-bones/one-ration', 'Only halflings eat more than one ration at a short rest (Second Breakfast): set rations to 1.', '$.rations');
    } else if (rations > 1) return problem('bare-bones/one-ration', 'A long rest eats one ration: set rations to 1 (or 0 without one).', '$.rations');
    return ok({ kind, rations, hasFireOrBedroll: flag(v, 'fire-or-bedroll') });
  },
  odds(c, p) {
    if (p.kind === 'short') {
      let pmf: Pmf = certain(0);
      for (let i = 0; i < p.rations; i++) pmf = convolve(pmf, uniform(c.hitDie));
      const counted = oddsOverTotal(pmf, (total) => {
        const after = healed(c, total);
        return { outcome: healthOutcome(after), value: recovered(c, after) };
      }, HEALTH_LABELS);
      return { description: `Short rest: ${p.rations}d${c.hitDie} hit points, Blood first`, ...counted, explanation: [`${p.rations} ration${p.rations === 1 ? '' : 's'}, a Hit Die of hit points each`] };
    }
    const rolls = longRestRolls(c, p);
    const counted = oddsOverTotal(rolls ? uniform(c.hitDie) : certain(0), (face) => {
      const after = resolveLongRest(scriptedRandom(rolls ? [face] : []), c, p).character;
      return { outcome: healthOutcome(after), value: recovered(c, after) };
    }, HEALTH_LABELS);
    return { description: rolls ? `Long rest: Blood full, d${c.hitDie} Sweat` : 'Long rest: no dice', ...counted, explanation: [rolls ? 'Blood is hurt: it heals fully and a Hit Die of Sweat returns' : p.rations > 0 && p.hasFireOrBedroll ? 'Blood is full: all Sweat returns' : 'no ration, or neither fire nor bedroll: no hit points back'] };
  },
  roll(rng, c, p) {
    if (p.kind === 'long') {
      const r = resolveLongRest(rng, c, p);
      const lines = p.rations > 0 ? [...r.lines, RATIONS_LINE] : r.lines;
      return ok({
        character: r.character,
        summary: `Long rest: ${recovered(c, r.character) === 0 ? 'nothing healed' : vitalsChange(c, r.character)}; a new day`,
        explanation: lines,
        dice: r.faces.map((f) => die(c.hitDie, f, 'Hit Die (Sweat)')),
        outcome: healthOutcome(r.character),
      });
    }
    const r = rollShortRest(rng, vitalsOf(c), { hitDie: c.hitDie, rations: p.rations, isHalfling: c.race === 'halfling', hasRestedToday: c.hasShortRestedToday });
    if (!r.ok) return atParam(r, { '$.rations': '$.rations', '$.hasRestedToday': '$.kind' });
    const total = r.value.faces.reduce((a, b) => a + b, 0);
    const after = { ...healed(c, total), hasShortRestedToday: true };
    const lines = [
      `a watch by a small campfire; ${p.rations} ration${p.rations === 1 ? '' : 's'}${p.rations > 1 ? ' (Second Breakfast)' : ''}: ${r.value.faces.map((f) => `d${c.hitDie} = ${f}`).join(', ')}`,
      `${total} hit points, Blood first: ${vitalsChange(c, after)}`,
      'the day\'s short rest is taken',
      RATIONS_LINE,
    ];
    return ok({ character: after, summary: `Short rest: ${vitalsChange(c, after)}`, explanation: lines, dice: r.value.faces.map((f) => die(c.hitDie, f, 'Hit Die')), outcome: healthOutcome(after) });
  },
});

// ---------- dying ----------

/** Outcomes of a test that decides a dying character's fate. */
type StabilizeOutcome = 'stabilized' | 'still-dying';
const STABILIZE_LABELS: Readonly<Record<StabilizeOutcome, string>> = { stabilized: 'Stabilised: down but stable', 'still-dying': 'Still dying' };

interface TestPrepared {
  readonly spec: TestSpec;
  readonly lines: readonly string[];
  readonly cause: string | undefined;
}

function describeSpec(spec: TestSpec, what: string): string {
  return `${what}: ${spec.vantage === null ? 'd20' : `2d20 keep ${spec.vantage === 'advantage' ? 'lowest' : 'highest'}`} under ${spec.target}`;
}

function testDice(d20s: readonly number[], kept: number, role: string): CheckDie[] {
  const k = d20s.indexOf(kept);
  return d20s.map((face, i) => ({ sides: CHECK_DIE, face, isKept: i === k, role }));
}

const stabilizeKind = defineKind<TestPrepared>({
  def: {
    id: 'stabilize',
    label: 'Stabilise',
    help: 'Someone tends the dying character: a successful INT check (with disadvantage on improvised tools) makes them stable at 0 Blood.',
    ref: REF_DYING,
    by: 'owner',
    rollsDice: true,
    params: [
      { name: 'int', kind: 'integer', label: 'Healer\'s Intelligence', help: 'The INT score of whoever tends the wound.', min: 1, max: MAX_ATTRIBUTE_SCORE, isRequired: true, example: 12 },
      { name: 'skill', kind: 'boolean', label: 'Relevant skill', help: `A healing skill adds +${SKILL_BONUS} to the score.`, default: false },
      { name: 'improvised', kind: 'boolean', label: 'Improvised tools', help: 'A ripped-up cloak rather than a herbal poultice: disadvantage.', default: false },
      { ...NATURAL_ROLLS_SETTING, role: 'setting' },
      CAUSE_PARAM,
    ],
  },
  read(c, v) {
    if (statusOf(c) !== 'unstable') return problem('bare-bones/not-unstable', `Only an unstable (dying) character needs stabilising; this one is ${statusOf(c)}.`, '$.roundsLeft');
    const target = num(v, 'int') + (flag(v, 'skill') ? SKILL_BONUS : 0);
    const spec: TestSpec = { target, vantage: flag(v, 'improvised') ? 'disadvantage' : null, bonusDie: null, critMax: 1, naturals: naturalsOf(v['natural-rolls'], false) };
    const lines = [`INT ${num(v, 'int')}${flag(v, 'skill') ? ` + skill ${SKILL_BONUS}` : ''}${flag(v, 'improvised') ? ', improvised tools: disadvantage' : ''}`];
    return ok({ spec, lines, cause: text(v, 'cause') });
  },
  odds(_c, p) {
    const t = testOdds(p.spec);
    return { description: describeSpec(p.spec, 'INT check'), outcomes: outcomesOf({ stabilized: successChance(t), 'still-dying': 1 - successChance(t) }, STABILIZE_LABELS), explanation: [...p.lines] };
  },
  roll(rng, c, p) {
    const r = rollTest(rng, p.spec);
    const isStable = isSuccess(r.outcome);
    let character = c;
    if (isStable) {
      const s = stabilize(vitalsOf(c));
      if (!s.ok) return s;
      character = withVitals(c, s.value);
    }
    const outcome: StabilizeOutcome = isStable ? 'stabilized' : 'still-dying';
    return ok({
      character,
      summary: summaryOf(p.cause, `INT check ${r.kept} under ${p.spec.target}: ${isStable ? 'stabilised' : `still dying (${c.roundsLeft} rounds)`}`),
      explanation: [...p.lines, `rolled ${r.kept}${r.d20s.length > 1 ? ` (of ${r.d20s.join(', ')})` : ''} against ${p.spec.target}: ${r.outcome}`, isStable ? 'stable at 0 Blood: no longer dying' : 'the wound is not closed; let it ride unless something changes (ruling BB-3)'],
      dice: testDice(r.d20s, r.kept, 'INT check'),
      outcome,
    });
  },
});

/** Outcomes of a taxing action's CON save. */
type TaxingOutcome = 'passed' | 'unstable';
const TAXING_LABELS: Readonly<Record<TaxingOutcome, string>> = { passed: 'Passed: done, and still stable', unstable: 'Failed: done, but unstable' };

const taxingKind = defineKind<TestPrepared>({
  def: {
    id: 'taxing-action',
    label: 'Taxing action at 0 Blood',
    help: 'At 0 Blood anything more taxing than crawling to a corner needs a CON save: the deed is done either way, but a failure leaves the character unstable (a Hit Die of rounds to live).',
    ref: REF_DYING,
    by: 'owner',
    rollsDice: true,
    params: [
      { name: 'advantage', kind: 'boolean', label: 'Advantage', help: 'Roll two d20s, keep the lower.', default: false },
      { name: 'disadvantage', kind: 'boolean', label: 'Disadvantage', help: 'Roll two d20s, keep the higher.', default: false },
      { ...NATURAL_ROLLS_SETTING, role: 'setting' },
      CAUSE_PARAM,
    ],
  },
  read(c, v) {
    if (statusOf(c) !== 'down') return problem('bare-bones/not-down', `The CON save for taxing actions is for a character down and stable at 0 Blood; this one is ${statusOf(c)}.`, '$.blood.current');
    const spec: TestSpec = { target: c.stats.con.score, vantage: netVantage(flag(v, 'advantage'), flag(v, 'disadvantage')), bonusDie: null, critMax: race(c.race).critMax, naturals: naturalsOf(v['natural-rolls'], false) };
    return ok({ spec, lines: [`CON ${c.stats.con.score}${spec.vantage === null ? '' : `, ${spec.vantage}`}`], cause: text(v, 'cause') });
  },
  odds(c, p) {
    const t = testOdds(p.spec);
    return { description: `${describeSpec(p.spec, 'CON save')}; on a failure d${c.hitDie} rounds left`, outcomes: outcomesOf({ passed: successChance(t), unstable: 1 - successChance(t) }, TAXING_LABELS), explanation: [...p.lines] };
  },
  roll(rng, c, p) {
    const r = rollTest(rng, p.spec);
    const isPassed = isSuccess(r.outcome);
    const after = afterTaxingSave(vitalsOf(c), isPassed);
    if (!after.ok) return after;
    let vitals = after.value;
    const dice = testDice(r.d20s, r.kept, 'CON save');
    const lines = [...p.lines, `rolled ${r.kept}${r.d20s.length > 1 ? ` (of ${r.d20s.join(', ')})` : ''} against ${p.spec.target}: ${r.outcome}`];
    if (!isPassed) {
      const rounds = rollUnstableRounds(rng, vitals, c.hitDie);
      if (!rounds.ok) return rounds;
      vitals = rounds.value;
      dice.push(die(c.hitDie, vitals.roundsLeft!, 'rounds left'));
      lines.push(`the deed is done, but the character is unstable: d${c.hitDie} = ${vitals.roundsLeft} rounds to live unless healed or stabilised`);
    } else lines.push('the deed is done and the character is okay for now');
    const character = withVitals(c, vitals);
    return ok({ character, summary: summaryOf(p.cause, `CON save ${isPassed ? 'passed' : `failed: unstable (${vitals.roundsLeft} rounds)`}`), explanation: lines, dice, outcome: isPassed ? 'passed' : 'unstable' });
  },
});

const roundKind = defineKind<null>({
  def: {
    id: 'round',
    label: 'A round passes',
    help: 'A combat round passes: an unstable character has one round fewer, and dies when none are left; nothing changes for anyone else.',
    ref: REF_DYING,
    by: 'smith',
    rollsDice: false,
    params: [],
  },
  read: () => ok(null),
  roll(_rng, c) {
    if (statusOf(c) !== 'unstable') return made(c, `A round passes (${statusOf(c)}: nothing counts down)`, [`${statusOf(c)}: only an unstable character counts rounds`]);
    const r = passUnstableRound(vitalsOf(c));
    if (!r.ok) return r;
    const character = withVitals(c, r.value);
    const what = statusOf(character) === 'dead' ? 'no rounds left: dead' : `${character.roundsLeft} round${character.roundsLeft === 1 ? '' : 's'} left`;
    return made(character, `A round passes: ${what}`, [`unstable: ${c.roundsLeft} -> ${what} (Dying, Dying, Dead)`]);
  },
});

/** The change kinds of Blood, Sweat, rest and dying. */
export const VITALS_KINDS: readonly PlayKind[] = [damageKind, healKind, restKind, stabilizeKind, taxingKind, roundKind];
