/**
 * HAMMERCRAWL!'s combat actions in the tracker beyond the plain attack: Total Defense (attacks on the
 * combatant become Competitions) with a Tank's Covering, passing a lost action, Adjust Inventory (a
 * full-round action), the defender's choice for a Crit's free step, Tactical Attacks (the attack, the
 * opponent's Save, then the attacker's choice of effects, two on a crit) and damage that is not an
 * attack (a trap, a fall, a spell's DV) through the soak flow. Each builds what its odds are computed
 * from before the click, and each writes the tracker and, for a character, its document (TC-1).
 * Rules: HAMMERCRAWL! v4, COMBAT (Taking Turns, STANDARD COMBAT ACTIONS, EXTENDED COMBAT OPTIONS, DAMAGE).
 * Rulings CB-9, CB-11, CB-12, CB-13, CB-37 to CB-43 in docs/rulings.md.
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type CombatState, type Combatant, type RuleResult, type TableCharacter, type TrackerAttackRecord, type TrackerHarmRecord } from '../../rule-system.js';
import type { StatId } from '../check-modifiers.js';
import { attackCheckOdds, rollAttackChecks, type AttackChecks } from '../combat/attack.js';
import { DEFAULT_COMBAT_SETTINGS, type BuiltAttack, type CombatSettings } from '../combat/build-attack.js';
import { tacticalSaveSpec } from '../combat/encounter.js';
import type { Fighter, HarmSource } from '../combat/fighter.js';
import { harmDistribution, prepareHarm, rollHarm, type PreparedHarm } from '../combat/harm.js';
import { hitOutcomesForDamageRoll, rollHit, type Defender, type Hit, type HitOutcome } from '../damage.js';
import { rollSave, saveOdds, type SaveResult, type SaveSpec } from '../saves.js';
import { checkOdds, rollCheck, type CheckSpec } from '../checks.js';
import { halfStat } from '../check-modifiers.js';
import { HAMMERCRAWL_CHAIN, stepDie } from '../../../dice/index.js';
import { hitSummary, withHealthAfterHit } from './character-writes.js';
import { conditionsAfter, trackerAttack, trackerFighter, type TrackerAttackOptions } from './tracker-attack.js';
import {
  CONDITION_WORDS,
  pendingTacticalText,
  SMITH_EFFECT_PREFIX,
  statesOf,
  without,
  withoutPending,
} from './tracker-conditions.js';

/** A Tactical Attack's effect as the attacker chooses it (Tactical ATTACK!). */
export type TrackerTacticalEffect =
  | { readonly kind: 'exposed' }
  | { readonly kind: 'hampered' }
  | { readonly kind: 'loses-action' }
  | { readonly kind: 'smith'; readonly text: string };

/** Damage that is not an attack: a DV given, or dice rolled for it. */
export type TrackerDamageValue = { readonly dv: number } | { readonly dice: { readonly count: number; readonly sides: number; readonly mod?: number } };

/** The tracker actions of this module, as read from `{ kind: 'combat', action }`. */
export type TrackerCombatAction =
  | { readonly type: 'total-defense'; readonly combatantId: string; readonly covering?: boolean }
  | { readonly type: 'pass'; readonly combatantId: string }
  | { readonly type: 'adjust-inventory'; readonly combatantId: string; readonly text?: string }
  | { readonly type: 'crit-step'; readonly combatantId: string; readonly to: 'armour' | 'health' }
  | ({ readonly type: 'tactical-attack'; readonly attackerId: string; readonly targetId: string; readonly stat: StatId } & Omit<TrackerAttackOptions, 'thrown' | 'opportune'>)
  | { readonly type: 'tactical-effect'; readonly targetId: string; readonly effects: readonly TrackerTacticalEffect[] }
  | ({ readonly type: 'damage' } & TrackerDamageBody)
  /** `override`: the Smith allows a second basic Lay on Hands in one turn out of a fight (CB-45). */
  | { readonly type: 'lay-on-hands'; readonly healerId: string; readonly targetId: string; readonly isOfFaith?: boolean; readonly override?: boolean };

/** Damage that is not an attack: on whom, from what, and how much. */
export type TrackerDamageBody = {
  readonly targetId: string;
  /** What deals it ("Trap", "Fall", "Fireball"). */
  readonly source: string;
  readonly isPenetrating?: boolean;
  readonly isCrit?: boolean;
  readonly isPartial?: boolean;
} & TrackerDamageValue;

/** Every action type of this module (the extension's `combatActions`). */
export const TRACKER_ACTION_TYPES = ['total-defense', 'pass', 'adjust-inventory', 'crit-step', 'tactical-attack', 'tactical-effect', 'damage', 'lay-on-hands'] as const satisfies readonly TrackerCombatAction['type'][];

/** Whether an action rolls dice (counted against the sender's rate). */
export const TRACKER_ACTION_ROLLS: Readonly<Record<TrackerCombatAction['type'], boolean>> = {
  'total-defense': false,
  pass: false,
  'adjust-inventory': false,
  'crit-step': false,
  'tactical-attack': true,
  'tactical-effect': false,
  damage: true,
  'lay-on-hands': true,
};

/** What an action did: the tracker after it, the line that says so, the rolls, and a character's document after it. */
export interface TrackerActionResult {
  readonly combat: CombatState;
  readonly summary: string;
  /** A Tactical Attack's record (its rolls), shown as an attack card. */
  readonly attack?: TrackerAttackRecord;
  /** Damage that is not an attack: on whom, from what, its rolls (a sustaining caster's concentration Test follows it, MG-8). */
  readonly harm?: TrackerHarmRecord;
  readonly target?: { readonly character: TableCharacter; readonly document: TableCharacter['document']; readonly summary: string; readonly lines: readonly string[] };
}

function combatantOf(combat: CombatState, id: string): RuleResult<Combatant> {
  const c = combat.combatants.find((x) => x.id === id);
  return c === undefined ? problem('combat/no-such-combatant', `No combatant ${id.slice(0, 64)} in the tracker.`) : ok(c);
}

function withConditions(combat: CombatState, id: string, conditions: readonly string[]): CombatState {
  return { ...combat, combatants: combat.combatants.map((c) => (c.id === id ? { ...c, conditions: [...conditions] } : c)) };
}

/** The character id an action on this combatant is on behalf of (its owner may send it), or undefined for the Smith's. */
export function actingCombatantOf(combat: CombatState, action: TrackerCombatAction): Combatant | undefined {
  switch (action.type) {
    case 'tactical-attack':
      return combat.combatants.find((c) => c.id === action.attackerId);
    case 'tactical-effect': {
      const target = combat.combatants.find((c) => c.id === action.targetId);
      const pending = target === undefined ? null : statesOf(target.conditions).pending;
      return pending === null ? undefined : combat.combatants.find((c) => c.id === pending.attackerId);
    }
    case 'damage':
      return undefined;
    case 'lay-on-hands':
      return combat.combatants.find((c) => c.id === action.healerId);
    default:
      return combat.combatants.find((c) => c.id === action.combatantId);
  }
}

// ---- Tactical Attacks ------------------------------------------------------------------------------------

/** A Tactical Attack built: the attack roll, the Save the target makes if it connects, and their exact odds. */
export interface TrackerTactical {
  readonly attacker: Fighter;
  readonly target: Fighter;
  readonly checks: { readonly attack: BuiltAttack; readonly attacker: Fighter; readonly target: Fighter };
  /** P(the attack connects), crits included; P(crit). */
  readonly connect: number;
  readonly crit: number;
  /** The Save the target makes if the attack connects, and whether it uses up the target's Hampered (CB-43). */
  readonly saveSpec: { readonly spec: SaveSpec; readonly usesHampered: boolean };
  /** P(the target's Save succeeds), once the attack connected. */
  readonly save: number;
  /** P(one effect lands) and P(two: a crit and a failed Save). */
  readonly oneEffect: number;
  readonly twoEffects: number;
}

/** Builds a Tactical Attack of one combatant on another with its exact odds (Tactical ATTACK!; CB-11). */
export function trackerTactical(
  combat: CombatState,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  stat: StatId,
  options: Omit<TrackerAttackOptions, 'thrown'> = {},
  settings: CombatSettings = DEFAULT_COMBAT_SETTINGS,
): RuleResult<TrackerTactical> {
  const built = trackerAttack(combat, characters, attackerId, targetId, options, settings, { tactical: true });
  if (!built.ok) return built;
  const { hitNoCrit, crit } = attackCheckOdds(built.value.attack.spec);
  const saveSpec = hamperedSave(built.value.target, built.value.attack.consumed, tacticalSaveSpec(built.value.attacker, built.value.target, stat, settings));
  const save = saveOdds(saveSpec.spec).saved;
  return ok({
    attacker: built.value.attacker,
    target: built.value.target,
    checks: built.value,
    saveSpec,
    connect: hitNoCrit + crit,
    crit,
    save,
    oneEffect: hitNoCrit * (1 - save),
    twoEffects: crit * (1 - save),
  });
}

/**
 * The target's Save against a Tactical Attack, Hampered: when the target rolled no Defense against the
 * attack (a passive Defense), the Save is the target's next check and takes the -1 step of each Hampered,
 * using them up (Tactical ATTACK!; rulings CB-13, CB-43). A target whose Defense roll used them saves as usual.
 */
function hamperedSave(target: Fighter, consumed: BuiltAttack['consumed'], spec: SaveSpec): { readonly spec: SaveSpec; readonly usesHampered: boolean } {
  const hampered = target.conditions.filter((c) => c.kind === 'hampered').length;
  const usedByDefense = consumed.some((u) => u.fighterId === target.id && u.kind === 'hampered');
  if (hampered === 0 || usedByDefense) return { spec, usesHampered: false };
  const step = { amount: -hampered, origin: { kind: 'rule' as const, id: 'hampered', label: `${target.name} hampered (Tactical Attack)` } };
  return { spec: { ...spec, steps: [...(spec.steps ?? []), step] }, usesHampered: true };
}

function rollTactical(
  rng: RandomSource,
  combat: CombatState,
  characters: readonly TableCharacter[],
  action: Extract<TrackerCombatAction, { type: 'tactical-attack' }>,
  settings: CombatSettings,
): RuleResult<TrackerActionResult> {
  const { type: _t, attackerId, targetId, stat, ...options } = action;
  const built = trackerTactical(combat, characters, attackerId, targetId, stat, options, settings);
  if (!built.ok) return built;
  const { attacker, target } = built.value;
  const roll: AttackChecks = rollAttackChecks(rng, built.value.checks.attack.spec);
  const isCrit = roll.critBy !== null;
  const lines = [...roll.lines];
  if (isCrit) lines.push(roll.critBy === 'attack' ? 'combat Crit: the attack die shows its top face' : 'combat Crit: a natural 1 on the Defense roll');
  let save: SaveResult | null = null;
  const consumed = [...built.value.checks.attack.consumed];
  if (roll.isHit) {
    save = rollSave(rng, built.value.saveSpec.spec);
    lines.push(`${target.name}: ${save.summary}`);
    if (built.value.saveSpec.usesHampered) consumed.push({ fighterId: target.id, kind: 'hampered' });
  }
  let after = { ...combat, combatants: conditionsAfter(combat, attackerId, consumed) };
  const lands = roll.isHit && save !== null && !save.saved;
  const count: 1 | 2 = isCrit ? 2 : 1;
  if (lands) {
    const t = after.combatants.find((c) => c.id === target.id)!;
    after = withConditions(after, target.id, [...withoutPending(t.conditions), pendingTacticalText(count, attackerId)]);
    lines.push(`${attacker.name} chooses ${count === 2 ? 'two effects (or one twice)' : 'one effect'}`);
  }
  const verdict = !roll.isHit ? 'miss' : save?.saved === true ? `${isCrit ? 'crit' : 'success'}, but ${target.name} saves` : `${isCrit ? 'crit' : 'success'}: ${attacker.name} chooses ${count === 2 ? 'two effects' : 'an effect'}`;
  // `isHit` is whether an effect lands; the outcome words keep "connected, but saved" apart from a miss
  // in every view of the attack, the players' view of a hidden foe's included (Tactical ATTACK!).
  const outcome = !roll.isHit ? 'miss' : save?.saved === true ? `${isCrit ? 'crit' : 'hit'}, but ${target.name} saves` : `${isCrit ? 'crit' : 'hit'}, ${count === 2 ? 'two effects' : 'an effect'} to choose`;
  return ok({
    combat: after,
    summary: `${attacker.name} makes a Tactical Attack on ${target.name}: ${verdict}.`,
    attack: { attackerId, targetId: target.id, isHit: lands, isCrit, lines, outcome },
  });
}

const EFFECT_WORD: Readonly<Record<Exclude<TrackerTacticalEffect['kind'], 'smith'>, string>> = {
  exposed: CONDITION_WORDS.exposed,
  hampered: CONDITION_WORDS.hampered,
  'loses-action': CONDITION_WORDS.losesAction,
};

const EFFECT_SAYS: Readonly<Record<Exclude<TrackerTacticalEffect['kind'], 'smith'>, string>> = {
  exposed: 'the next Check anyone makes against them is +1 step',
  hampered: 'their next Check is -1 step',
  'loses-action': 'they lose their standard action on their next turn',
};

function applyEffects(combat: CombatState, action: Extract<TrackerCombatAction, { type: 'tactical-effect' }>): RuleResult<TrackerActionResult> {
  const t = combatantOf(combat, action.targetId);
  if (!t.ok) return t;
  const pending = statesOf(t.value.conditions).pending;
  if (pending === null) return problem('combat/no-tactical-effect', `${t.value.name} has no Tactical Attack effect to choose; make the Tactical Attack first.`);
  if (action.effects.length !== pending.count) {
    return problem('combat/tactical-effects', `Choose ${pending.count === 2 ? 'two effects (the same one twice doubles it)' : 'one effect'} for ${t.value.name}; got ${action.effects.length}.`);
  }
  const words = action.effects.map((e) => (e.kind === 'smith' ? `${SMITH_EFFECT_PREFIX}${e.text.trim()}` : EFFECT_WORD[e.kind]));
  const says = action.effects.map((e) => (e.kind === 'smith' ? `the Smith applies: ${e.text.trim()}` : EFFECT_SAYS[e.kind]));
  const by = combat.combatants.find((c) => c.id === pending.attackerId)?.name ?? 'The attacker';
  return ok({
    combat: withConditions(combat, t.value.id, [...withoutPending(t.value.conditions), ...words]),
    summary: `${by}'s Tactical Attack on ${t.value.name}: ${says.join('; ')}.`,
  });
}

// ---- Damage that is not an attack --------------------------------------------------------------------------

/** Most dice one damage roll of the tracker may roll. */
export const MAX_TRACKER_DAMAGE_DICE = 10;
/** Largest die of a tracker damage roll (a d100 included). */
export const MAX_TRACKER_DAMAGE_SIDES = 100;
/** Largest static DV or mod of a tracker damage roll (the damage module's own limit is larger). */
export const MAX_TRACKER_DV = 1000;
/** Longest name of what deals the damage. */
export const MAX_DAMAGE_SOURCE_LENGTH = 60;

/** Damage that is not an attack, built: the defender, the hit and the DV roll, and every end state with its chance. */
export interface TrackerDamage {
  readonly target: Fighter;
  readonly defender: Defender;
  readonly hit: Omit<Hit, 'dv'>;
  readonly harm: PreparedHarm;
  readonly outcomes: readonly HitOutcome[];
  readonly down: number;
}

/** Builds damage that is not an attack on a combatant, with its exact odds (DAMAGE; ruling CB-40). */
export function trackerDamage(
  combat: CombatState,
  characters: readonly TableCharacter[],
  action: Extract<TrackerCombatAction, { type: 'damage' }>,
  settings: CombatSettings = DEFAULT_COMBAT_SETTINGS,
): RuleResult<TrackerDamage> {
  const t = combatantOf(combat, action.targetId);
  if (!t.ok) return t;
  const target = trackerFighter(t.value, characters);
  if (!target.ok) return target;
  if (target.value.healthDie === null) return problem('combat/fighter-down', `${t.value.name} is already down; damage cannot be taken further (H-10).`);
  const source: HarmSource = 'dv' in action ? { kind: 'static', dv: action.dv } : { kind: 'dice', count: action.dice.count, sides: action.dice.sides, mod: action.dice.mod ?? 0 };
  const prepared = prepareHarm({ source, steps: [], rerollUpTo: 0 });
  if (!prepared.ok) return problem(prepared.problem.code, prepared.problem.message);
  const f = target.value;
  const defender: Defender = {
    healthDie: f.healthDie,
    armourDie: f.armourDie,
    conMod: f.conMod,
    armourCoverage: action.isPartial === true ? 'partial' : f.armourCoverage,
    isArmourMagickal: f.isArmourMagickal,
  };
  const hit: Omit<Hit, 'dv'> = {
    ...(action.isPenetrating === true ? { isPenetrating: true } : {}),
    ...(action.isCrit === true ? { isCrit: true, ...(statesOf(t.value.conditions).critsToHealth ? { critStepTo: 'health' as const } : {}) } : {}),
  };
  const outcomes = hitOutcomesForDamageRoll(defender, harmDistribution(prepared.harm), hit, settings.damage);
  return ok({ target: f, defender, hit, harm: prepared.harm, outcomes, down: outcomes.reduce((s, o) => s + (o.healthDie === null ? o.p : 0), 0) });
}

function rollDamage(
  rng: RandomSource,
  combat: CombatState,
  characters: readonly TableCharacter[],
  action: Extract<TrackerCombatAction, { type: 'damage' }>,
  settings: CombatSettings,
): RuleResult<TrackerActionResult> {
  const built = trackerDamage(combat, characters, action, settings);
  if (!built.ok) return built;
  const { target, defender, hit, harm } = built.value;
  const dv = rollHarm(rng, harm);
  const result = rollHit(rng, defender, { ...hit, dv: dv.dv }, settings.damage);
  const after = result.defender;
  const lines = [`${action.source.trim()}: ${harm.explanation}: DV ${dv.dv}`, ...result.events.map((e) => e.text)];
  const combatants = combat.combatants.map((c) =>
    c.id !== target.id
      ? c
      : {
          ...c,
          health: after.healthDie === null ? 'down' : `d${after.healthDie}`,
          armour: after.armourDie !== null ? `d${after.armourDie}` : defender.armourDie !== null || c.armour.trim() !== '' ? 'none' : '',
          isDown: after.healthDie === null,
        },
  );
  const changed = after.healthDie !== defender.healthDie || after.armourDie !== defender.armourDie;
  const dice = after.healthDie === null ? 'down!' : `Health d${after.healthDie}${after.armourDie !== null ? `, Armour d${after.armourDie}` : ''}`;
  // "Name: ..." so that a hidden combatant's change reads "The Smith changed Name" to the players (TB-17).
  const summary = `${target.name}: ${action.source.trim()}, DV ${dv.dv}: ${changed ? dice : `soaked, no damage (${dice})`}.`;
  const res: TrackerActionResult = { combat: { ...combat, combatants }, summary, harm: { targetId: target.id, source: action.source.trim(), lines } };
  const character = characters.find((c) => c.id === combat.combatants.find((x) => x.id === target.id)?.characterId);
  if (character === undefined || !changed) return ok(res);
  const document = withHealthAfterHit(character.document, after.healthDie, after.armourDie === defender.armourDie ? undefined : after.armourDie);
  const what = hitSummary(action.source.trim(), target.name, hit.isCrit === true, defender, after).replace(/ (hits|crits) /, ' on ');
  return ok({ ...res, target: { character, document, summary: what, lines } });
}

// ---- Lay on Hands -------------------------------------------------------------------------------------------

/** The crit threshold of Lay on Hands' WIL Test: "(C16)" (CL-12). */
export const LAY_ON_HANDS_CRIT_MIN = 16;
/** Rounds between two Lays on Hands in a fight: "once every other round" (CB-16). */
export const LAY_ON_HANDS_ROUNDS = 2;
/** Health Die steps a success restores, and a crit (Lay on Hands). */
export const LAY_ON_HANDS_STEPS = { success: 1, crit: 3 } as const;

const LAID = /^laid on hands \(round (\d{1,4})\)$/i;

/** The condition that marks a healer's last Lay on Hands in the fight. */
export function laidOnHandsText(round: number): string {
  return `Laid on hands (round ${round})`;
}

/** The condition that marks a Lay on Hands out of a fight, until the healer's turn passes: "as often as once a Turn" (CB-45). */
export const LAID_THIS_TURN = 'Laid on hands (this turn)';

const isLaidMark = (x: string) => LAID.test(x.trim()) || x.trim().toLowerCase() === LAID_THIS_TURN.toLowerCase();

/** A Lay on Hands built: the WIL Test with its odds, and the target's Health Die after a success and after a crit. */
export interface TrackerLayOnHands {
  readonly healer: Fighter;
  readonly target: Fighter;
  readonly test: CheckSpec;
  /** P(success without a crit), P(crit). */
  readonly success: number;
  readonly crit: number;
  readonly onSuccess: number | null;
  readonly onCrit: number | null;
}

/** The Health Die after `steps` restored: up the chain, never past the base; down comes back as a d3 (PL-5). */
function restored(die: number | null, base: number, steps: number): number | null {
  let to = die;
  for (let i = 0; i < steps; i++) {
    if (to === null) to = HAMMERCRAWL_CHAIN.sides[0]!;
    else if (to < base) to = stepDie(HAMMERCRAWL_CHAIN, to, 1).dice[0]!;
  }
  return to;
}

/**
 * Builds a Lay on Hands of one combatant on another (Devout power Lay on Hands; rulings CL-12, CB-16): the
 * healer is a character with the power, the advanced one while the fight runs (a full-round action, once
 * every other round); the target is someone else. A WIL Test against the WIL score (the half-stat when the
 * target is not of the healer's faith), a crit at (C16): one Health Die step back, three on a crit.
 */
export function trackerLayOnHands(
  combat: CombatState,
  characters: readonly TableCharacter[],
  action: Extract<TrackerCombatAction, { type: 'lay-on-hands' }>,
): RuleResult<TrackerLayOnHands> {
  const h = combatantOf(combat, action.healerId);
  if (!h.ok) return h;
  const t = combatantOf(combat, action.targetId);
  if (!t.ok) return t;
  if (h.value.id === t.value.id) return problem('combat/target-is-self', 'Lay on Hands heals someone else, never the healer.');
  if (h.value.isDown) return problem('combat/fighter-down', `${h.value.name} is down and cannot act.`);
  const healer = trackerFighter(h.value, characters);
  if (!healer.ok) return healer;
  const power = healer.value.specials.layOnHands;
  if (power === null) return problem('combat/not-a-special', `${h.value.name} does not have Lay on Hands (a Devout power).`);
  if (combat.isActive) {
    if (power !== 'advanced') return problem('combat/not-a-special', `${h.value.name}'s basic Lay on Hands works out of combat only; the advanced power heals in a fight.`);
    if (statesOf(h.value.conditions).losesAction) return problem('combat/lost-action', `${h.value.name} lost their standard action this turn (a Tactical Attack): pass the turn.`);
    const last = lastLaid(h.value.conditions);
    if (last !== null && combat.round - last < LAY_ON_HANDS_ROUNDS) {
      return problem('combat/lay-on-hands-rest', `Lay on Hands in a fight works once every other round: ${h.value.name} next in round ${last + LAY_ON_HANDS_ROUNDS}.`);
    }
  } else if (action.override !== true && h.value.conditions.some((x) => x.trim().toLowerCase() === LAID_THIS_TURN.toLowerCase())) {
    return problem(
      'combat/lay-on-hands-turn',
      `Lay on Hands works once a Turn out of combat, and ${h.value.name} has laid on hands this turn: pass ${h.value.name}'s turn in the tracker when the turn is over (that clears "${LAID_THIS_TURN}"), or the Smith may allow it anyway.`,
    );
  }
  const target = trackerFighter(t.value, characters);
  if (!target.ok) return target;
  const wil = healer.value.statScores?.WIL;
  if (wil === undefined) return problem('combat/no-stats', `${h.value.name} has no WIL score to Test.`);
  const test: CheckSpec = { kind: 'test', target: action.isOfFaith === false ? halfStat(wil) : wil, critMin: LAY_ON_HANDS_CRIT_MIN, label: `Lay on Hands on ${t.value.name}` };
  const odds = checkOdds(test);
  const crit = odds.crit ?? 0;
  const f = target.value;
  return ok({
    healer: healer.value,
    target: f,
    test,
    success: (odds.success ?? 0) - crit,
    crit,
    onSuccess: restored(f.healthDie, f.baseHealthDie, LAY_ON_HANDS_STEPS.success),
    onCrit: restored(f.healthDie, f.baseHealthDie, LAY_ON_HANDS_STEPS.crit),
  });
}

function lastLaid(conditions: readonly string[]): number | null {
  for (const c of conditions) {
    const m = LAID.exec(c.trim());
    if (m !== null) return Number(m[1]);
  }
  return null;
}

function rollLayOnHands(rng: RandomSource, combat: CombatState, characters: readonly TableCharacter[], action: Extract<TrackerCombatAction, { type: 'lay-on-hands' }>): RuleResult<TrackerActionResult> {
  const built = trackerLayOnHands(combat, characters, action);
  if (!built.ok) return built;
  const { healer, target } = built.value;
  const r = rollCheck(rng, built.value.test);
  const to = !r.success ? target.healthDie : r.crit ? built.value.onCrit : built.value.onSuccess;
  const die = (d: number | null) => (d === null ? 'down' : `d${d}`);
  const changed = to !== target.healthDie;
  const lines = [...r.explanation, r.summary, ...(changed ? [`${target.name}: Health Die ${die(target.healthDie)} -> ${die(to)}`] : r.success ? [`${target.name}'s Health Die is already at its base`] : [])];
  // A full-round action: it ends the healer's Total Defense; in a fight it marks the round (once every other round).
  // Out of a fight the mark stands for the turn (once a Turn, CB-45).
  const mark = combat.isActive ? [laidOnHandsText(combat.round)] : [LAID_THIS_TURN];
  const combatants = combat.combatants.map((c) => {
    if (c.id === healer.id) return { ...c, conditions: [...without(c.conditions, CONDITION_WORDS.totalDefense, CONDITION_WORDS.covering).filter((x) => !isLaidMark(x)), ...mark] };
    if (c.id === target.id && changed) return { ...c, health: die(to), isDown: to === null };
    return c;
  });
  const verdict = !r.success ? 'no healing' : changed ? `Health ${die(target.healthDie)} -> ${die(to)}${r.crit ? ' (a crit: three steps)' : ''}` : 'nothing to heal';
  // The Test itself is in the line: a heal is no attack, so it has no attack card.
  const allowed = action.override === true && !combat.isActive && combat.combatants.some((c) => c.id === healer.id && c.conditions.some((x) => x.trim().toLowerCase() === LAID_THIS_TURN.toLowerCase()));
  const res: TrackerActionResult = { combat: { ...combat, combatants }, summary: `${healer.name} lays hands on ${target.name} (${r.summary}): ${verdict}.${allowed ? ' The Smith allowed a second this turn.' : ''}` };
  const character = characters.find((c) => c.id === combat.combatants.find((x) => x.id === target.id)?.characterId);
  if (character === undefined || !changed) return ok(res);
  return ok({ ...res, target: { character, document: withHealthAfterHit(character.document, to, undefined), summary: `Lay on Hands by ${healer.name}: Health ${die(target.healthDie)} -> ${die(to)}`, lines } });
}

// ---- the other actions ---------------------------------------------------------------------------------

/**
 * Decides one of this module's tracker actions: the tracker after it, the line, the rolls, and a
 * character's document where its dice changed. Who may send it is the extension's to check.
 */
export function rollTrackerAction(
  rng: RandomSource,
  combat: CombatState,
  characters: readonly TableCharacter[],
  action: TrackerCombatAction,
  settings: CombatSettings = DEFAULT_COMBAT_SETTINGS,
): RuleResult<TrackerActionResult> {
  switch (action.type) {
    case 'tactical-attack':
      return rollTactical(rng, combat, characters, action, settings);
    case 'tactical-effect':
      return applyEffects(combat, action);
    case 'damage':
      return rollDamage(rng, combat, characters, action, settings);
    case 'lay-on-hands':
      return rollLayOnHands(rng, combat, characters, action);
    default:
      break;
  }
  const c = combatantOf(combat, action.combatantId);
  if (!c.ok) return c;
  const me = c.value;
  switch (action.type) {
    case 'total-defense': {
      if (me.isDown) return problem('combat/fighter-down', `${me.name} is down and cannot act.`);
      if (statesOf(me.conditions).losesAction) return problem('combat/lost-action', `${me.name} lost their standard action this turn (a Tactical Attack): pass the turn.`);
      const covering = action.covering === true;
      if (covering) {
        const f = trackerFighter(me, characters);
        if (!f.ok) return f;
        if (!f.value.specials.covering) return problem('combat/not-covering', `${me.name} cannot cover allies: Covering Defense is the Tank's (a Combatant option).`);
      }
      const words = [CONDITION_WORDS.totalDefense, ...(covering ? [CONDITION_WORDS.covering] : [])];
      return ok({
        combat: withConditions(combat, me.id, [...without(me.conditions, CONDITION_WORDS.totalDefense, CONDITION_WORDS.covering), ...words]),
        summary: `${me.name} takes Total Defense${covering ? ', covering allies' : ''}: until their next turn, attacks on them are Competitions.`,
      });
    }
    case 'pass': {
      const s = statesOf(me.conditions);
      return ok({
        combat: withConditions(combat, me.id, without(me.conditions, CONDITION_WORDS.losesAction, CONDITION_WORDS.totalDefense, CONDITION_WORDS.covering, LAID_THIS_TURN)),
        summary: `${me.name} passes${s.losesAction ? ' (the action lost to a Tactical Attack)' : ''}.`,
      });
    }
    case 'adjust-inventory': {
      if (me.isDown) return problem('combat/fighter-down', `${me.name} is down and cannot act.`);
      const text = action.text?.trim() ?? '';
      return ok({
        combat: withConditions(combat, me.id, without(me.conditions, CONDITION_WORDS.totalDefense, CONDITION_WORDS.covering)),
        summary: `${me.name} adjusts inventory (a full-round action)${text !== '' ? `: ${text}` : ''}.`,
      });
    }
    case 'crit-step': {
      const rest = without(me.conditions, CONDITION_WORDS.critsToHealth);
      return ok({
        combat: withConditions(combat, me.id, action.to === 'health' ? [...rest, CONDITION_WORDS.critsToHealth] : rest),
        summary: `${me.name} takes a Crit's free step on the ${action.to === 'health' ? 'Health Die' : 'Armour Die (while armour is left)'}.`,
      });
    }
  }
}

/**
 * Examples of each action at the extension's example table (after its tracker attacks: the player's
 * character `ch1` is combatant c1, the Smith's goblin c2). The effects to choose are set by the Smith's
 * tracker update, so the example does not hang on the Tactical Attack's dice.
 */
export const TRACKER_ACTION_EXAMPLES = [
  { role: 'player', message: { kind: 'combat', requestId: 'ex-crit-step', action: { type: 'crit-step', combatantId: 'c1', to: 'health' } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-total-defense', action: { type: 'total-defense', combatantId: 'c1' } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-tactical', action: { type: 'tactical-attack', attackerId: 'c1', targetId: 'c2', stat: 'STR' } } },
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-pending', action: { type: 'update', combatantId: 'c2', conditions: [pendingTacticalText(1, 'c1')] } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-tactical-effect', action: { type: 'tactical-effect', targetId: 'c2', effects: [{ kind: 'exposed' }] } } },
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-fall', action: { type: 'damage', targetId: 'c1', source: 'Fall', dice: { count: 1, sides: 6 } } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-inventory', action: { type: 'adjust-inventory', combatantId: 'c1', text: 'draws a dagger' } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-pass', action: { type: 'pass', combatantId: 'c1' } } },
] as const satisfies readonly { readonly role: 'player' | 'smith'; readonly message: { readonly kind: 'combat'; readonly requestId: string; readonly action: unknown } }[];
