/**
 * One-click attacks in the combat tracker of an Exalted Hack table. Only protagonists roll: a character
 * attacking a foe rolls its attack (d20 under STR, DEX or the magic attribute) and its damage die; a
 * foe attacking a character rolls no attack, the character rolls its defence (parry or dodge) and the
 * foe's damage die decides what lands (ruling EH-35). Damage comes off the foe's HP in the tracker, or
 * off the character's document through the `damage` change (HP, then lethal off CON, dying). One plan
 * (`trackerAttackPlan`) gives the exact odds the web table shows before the click and the roll.
 * Rules: The Exalted Hack, Attacking, Defending and Damage; Weapons; Armor; Damage and Dying; Powerful
 * NPCs. Rulings: docs/rulings.md (EH-3, EH-13, EH-15, EH-27, EH-35, EH-36).
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type CheckOdds, type CheckRoll, type Combatant, type CombatState, type RuleResult, type TableCharacter } from '../../rule-system.js';
import { ATTRIBUTE_IDS, MAX_TARGET_MODIFIER, attributeShort, type AttributeId } from '../attributes.js';
import { damageDealt, type DamageDefence, type DamageSpec } from '../checks.js';
import { attributesAtZero, currentScore, readCharacter, type ExaltedHackCharacter } from '../character.js';
import { DAMAGE_DICE, DEFAULT_DAMAGE_DIE, WEAPON_CATEGORIES, weaponCategory, type WeaponCategoryId } from '../data/weapons.js';
import type { ArmourKindId } from '../data/armour.js';
import { stateOf } from '../create-character.js';
import { rollChange } from '../play.js';
import { netVantage, outcomeOfFace, planOdds, powerfulFoeHalvings, rollPlan, targetFor, type CheckPlan, type D20Outcome, type Vantage } from '../resolution.js';
import { readMonsterLine, type MonsterLine } from './monster-line.js';

/** How a character meets a foe's attack (Attacking, Defending and Damage): parry (STR, DEX with a precise weapon), dodge (DEX, CON behind a shield), or off guard. */
export const DEFENCES = ['str', 'dex', 'con', 'off-guard'] as const;
export type DefenceId = (typeof DEFENCES)[number];

/** The defence a character makes when none is chosen: a dodge with DEX (Attacking, Defending and Damage). */
export const DEFAULT_DEFENCE: DefenceId = 'dex';

/** What the one who rolls chooses for a tracker attack (every field optional; the defaults are the text's plain case). */
export interface TrackerAttackOptions {
  /** A character's attack: the attribute rolled (STR melee and thrown, DEX bows and precise, the magic attribute; default STR). */
  readonly attribute?: AttributeId;
  /** A character's attack: the weapon's damage die (d4-d12, default d6; EH-15). */
  readonly die?: number;
  /** A character's attack: light, martial (+1) or heavy (+2) (Weapons). */
  readonly weapon?: WeaponCategoryId;
  /** A character's attack: not trained with the weapon, the attribute halved (Weapons; EH-3). */
  readonly untrained?: boolean;
  /** A character's attack: magical damage, which only magical armour stops (Armor). */
  readonly magical?: boolean;
  /** A foe's attack on a character: how the character defends (default a DEX dodge). */
  readonly defence?: DefenceId;
  /** The + or - on the character's target (+ or -). */
  readonly modifier?: number;
  readonly advantage?: boolean;
  readonly disadvantage?: boolean;
}

/** Who rolls in a tracker attack: the attacking character, or the defending one (EH-35). */
export type TrackerAttackMode = 'attack' | 'defence';

/** A tracker attack ready to give odds or be rolled. */
export interface BuiltTrackerAttack {
  readonly mode: TrackerAttackMode;
  readonly attacker: Combatant;
  readonly target: Combatant;
  /** The character who rolls: the attacker (mode `attack`) or the target (mode `defence`). */
  readonly character: TableCharacter;
  readonly sheet: ExaltedHackCharacter;
  readonly plan: CheckPlan<readonly number[]>;
}

/** HP as the tracker writes them for a foe: "7" or "7/12" (Damage and Dying). */
export function readHp(text: string): { readonly hp: number; readonly max: number | null } | null {
  const m = /^\s*(\d+)\s*(?:\/\s*(\d+))?/.exec(text);
  return m === null ? null : { hp: Number(m[1]), max: m[2] === undefined ? null : Number(m[2]) };
}

/** A foe's armour as the tracker writes it: "2" or "3 magical"; empty is none (Armor). */
export function readArmour(text: string): { readonly value: number; readonly kind: ArmourKindId } {
  const m = /^\s*(\d+)\s*(magical)?/.exec(text);
  return m === null ? { value: 0, kind: 'regular' } : { value: Number(m[1]), kind: m[2] === undefined ? 'regular' : 'magical' };
}

const ATTACK_LABELS: Record<D20Outcome, string> = {
  critical: 'Critical hit: damage plus one maximum die',
  success: 'Hit',
  failure: 'Miss: the action is lost',
  blunder: 'Fumble: open to a counter-attack or worse',
};
const DEFENCE_LABELS: Record<D20Outcome | 'off-guard', string> = {
  critical: 'Critical defence: stopped, and one counter-attack',
  success: 'Defended: the attack is stopped',
  failure: 'Defence failed: the damage lands',
  blunder: 'Defence blundered: the damage +10',
  'off-guard': 'Off guard: the damage lands',
};

function vantageOf(o: TrackerAttackOptions): Vantage {
  return netVantage(o.advantage === true, o.disadvantage === true);
}

function characterOf(c: Combatant, characters: readonly TableCharacter[]): RuleResult<{ character: TableCharacter; sheet: ExaltedHackCharacter } | null> {
  if (c.characterId === undefined) return ok(null);
  const character = characters.find((x) => x.id === c.characterId);
  if (character === undefined) return problem('combat/no-such-character', `${c.name} names character ${c.characterId}, which is not at the table.`);
  const sheet = readCharacter(character.document);
  if (!sheet.ok) return problem('exalted-hack/bad-character', `${c.name}'s character cannot be read: ${sheet.error.message}`);
  return ok({ character, sheet: sheet.value });
}

function monsterOf(c: Combatant): RuleResult<MonsterLine> {
  const line = readMonsterLine(c.monster ?? '');
  return line.ok ? line : problem('combat/bad-monster', `${c.name}'s monster line: ${line.error.message}`);
}

/**
 * The plan of a character's attack on a foe: the d20 under the attribute (damaged: its current score;
 * halved untrained or against a powerful foe), then the damage die; what lands comes off the foe's
 * armour (EH-13; a foe makes no defence roll, EH-35).
 */
function attackPlan(sheet: ExaltedHackCharacter, foe: MonsterLine, armour: { value: number; kind: ArmourKindId }, o: TrackerAttackOptions): CheckPlan<readonly number[]> {
  const attribute = o.attribute ?? 'str';
  const sides = o.die ?? DEFAULT_DAMAGE_DIE;
  const category = weaponCategory(o.weapon ?? 'light');
  const halvings = [...(o.untrained === true ? ['an untrained weapon'] : []), ...powerfulFoeHalvings(foe.isPowerful, sheet.level)];
  const work = targetFor({ attribute: currentScore(sheet, attribute), halvings, modifier: o.modifier ?? 0 });
  const vantage = vantageOf(o);
  const spec = (isCritical: boolean): DamageSpec => ({
    sides, bonus: category.damageBonus, isCritical, defence: 'failure', isArea: false, armour: armour.value, armourKind: armour.kind, isMagical: o.magical === true,
  });
  return {
    check: 'tracker-attack',
    description: `d20 roll-under ${work.target}${vantage === 'normal' ? '' : `, ${vantage}`}, then d${sides}${category.damageBonus > 0 ? `+${category.damageBonus}` : ''} damage`,
    explanation: [
      `roll under ${attributeShort(attribute)} ${work.explanation.join('; ').replace(/^attribute /, '')}`,
      `damage d${sides}${category.damageBonus > 0 ? ` +${category.damageBonus} (${category.label.toLowerCase()})` : ''}, +${sides} on a critical; armour ${armour.value}${armour.kind === 'magical' ? ' magical' : ''}${o.magical === true ? ', magical damage' : ''}`,
    ],
    outcomes: (['critical', 'success', 'failure', 'blunder'] as const).map((id) => ({ id, label: ATTACK_LABELS[id] })),
    dice: [{ sides: 20, vantage, better: 'low', role: 'attack' }, { sides, vantage: 'normal', better: 'high', role: 'damage' }],
    initial: [],
    step: (s, _i, face) => [...s, face],
    key: (s) => s.join(','),
    end: (s) => {
      const outcome = s[0] === undefined ? 'failure' : outcomeOfFace(s[0], work.target);
      const isHit = outcome === 'critical' || outcome === 'success';
      return { outcome, total: isHit && s[1] !== undefined ? damageDealt(s[1], spec(outcome === 'critical')) : 0 };
    },
    hasValues: true,
  };
}

/**
 * The plan of a foe's attack on a character: the character's defence (its current score; halved against
 * a powerful foe; none off guard), then the foe's damage die; the defence's result and the character's
 * armour decide what lands (EH-13, EH-35).
 */
function defencePlan(sheet: ExaltedHackCharacter, foe: MonsterLine, o: TrackerAttackOptions): CheckPlan<readonly number[]> {
  const defence = o.defence ?? DEFAULT_DEFENCE;
  const spec = (d: DamageDefence): DamageSpec => ({
    sides: foe.die, bonus: foe.bonus, isCritical: false, defence: d, isArea: false, armour: sheet.armour.value, armourKind: sheet.armour.kind, isMagical: foe.isMagical,
  });
  const damageLine = `the foe's damage d${foe.die}${foe.bonus > 0 ? ` +${foe.bonus}` : ''}${foe.isMagical ? ' (magical)' : ''}; armour ${sheet.armour.value}${sheet.armour.kind === 'magical' ? ' magical' : ''}`;
  const outcomes = (['critical', 'success', 'failure', 'blunder', 'off-guard'] as const).map((id) => ({ id, label: DEFENCE_LABELS[id] }));
  const damageDie = { sides: foe.die, vantage: 'normal' as const, better: 'high' as const, role: 'damage' };
  if (defence === 'off-guard') {
    return {
      check: 'tracker-defence', description: `no defence (off guard), d${foe.die} damage`, explanation: ['off guard: the damage lands without a defence roll', damageLine], outcomes,
      dice: [damageDie], initial: [], step: (s, _i, face) => [...s, face], key: (s) => s.join(','),
      end: (s) => ({ outcome: 'off-guard', total: damageDealt(s[0] ?? 0, spec('off-guard')) }), hasValues: true,
    };
  }
  const work = targetFor({ attribute: currentScore(sheet, defence), halvings: powerfulFoeHalvings(foe.isPowerful, sheet.level), modifier: o.modifier ?? 0 });
  const vantage = vantageOf(o);
  return {
    check: 'tracker-defence',
    description: `defence d20 roll-under ${work.target}${vantage === 'normal' ? '' : `, ${vantage}`}, then d${foe.die} damage`,
    explanation: [`defence: roll under ${attributeShort(defence)} ${work.explanation.join('; ').replace(/^attribute /, '')}`, damageLine],
    outcomes,
    dice: [{ sides: 20, vantage, better: 'low', role: 'defence' }, damageDie],
    initial: [],
    step: (s, _i, face) => [...s, face],
    key: (s) => s.join(','),
    end: (s) => {
      const outcome = s[0] === undefined ? 'failure' : outcomeOfFace(s[0], work.target);
      return { outcome, total: s[1] === undefined ? 0 : damageDealt(s[1], spec(outcome)) };
    },
    hasValues: true,
  };
}

function optionsProblem(o: TrackerAttackOptions): RuleResult<null> {
  if (o.attribute !== undefined && !(ATTRIBUTE_IDS as readonly string[]).includes(o.attribute)) return problem('exalted-hack/bad-attribute', `attribute must be one of ${ATTRIBUTE_IDS.join(', ')}.`, '$.action.attribute');
  if (o.die !== undefined && !(DAMAGE_DICE as readonly number[]).includes(o.die)) return problem('exalted-hack/bad-die', `The damage die is one of ${DAMAGE_DICE.map((d) => `d${d}`).join(', ')}.`, '$.action.die');
  if (o.weapon !== undefined && !WEAPON_CATEGORIES.some((w) => w.id === o.weapon)) return problem('exalted-hack/bad-weapon', `weapon is light, martial or heavy.`, '$.action.weapon');
  if (o.modifier !== undefined && (!Number.isInteger(o.modifier) || Math.abs(o.modifier) > MAX_TARGET_MODIFIER)) {
    return problem('exalted-hack/bad-modifier', `The modifier is a whole number from -${MAX_TARGET_MODIFIER} to ${MAX_TARGET_MODIFIER}.`, '$.action.modifier');
  }
  return ok(null);
}

/**
 * Builds the attack of one tracker combatant on another: a character on a foe (the character's attack),
 * or a foe on a character (the character's defence). Two characters (PVP) or two foes (NVN) are rolled
 * as checks, not here.
 */
export function trackerAttack(combat: CombatState, characters: readonly TableCharacter[], attackerId: string, targetId: string, options: TrackerAttackOptions = {}): RuleResult<BuiltTrackerAttack> {
  if (attackerId === targetId) return problem('combat/target-is-self', 'Choose a target other than the attacker.');
  const attacker = combat.combatants.find((c) => c.id === attackerId);
  const target = combat.combatants.find((c) => c.id === targetId);
  if (attacker === undefined || target === undefined) return problem('combat/no-such-combatant', `No combatant ${attacker === undefined ? attackerId : targetId} in the tracker.`);
  if (attacker.isDown) return problem('combat/fighter-down', `${attacker.name} is down and cannot attack.`);
  const checked = optionsProblem(options);
  if (!checked.ok) return checked;
  const a = characterOf(attacker, characters);
  if (!a.ok) return a;
  const t = characterOf(target, characters);
  if (!t.ok) return t;
  if (a.value !== null && t.value !== null) {
    return problem('exalted-hack/pvp-in-tracker', `${attacker.name} and ${target.name} are both protagonists: roll it as a "Protagonist against protagonist" check (PVP), then apply the damage on the sheet.`);
  }
  if (a.value === null && t.value === null) {
    return problem('exalted-hack/nvn-in-tracker', `${attacker.name} and ${target.name} are both the DM's: roll it as an "NPC against NPC" check (NVN), then change the HP in the tracker.`);
  }
  const roller = a.value ?? t.value!;
  const lost = attributesAtZero(roller.sheet);
  if (lost.length > 0) {
    return problem('exalted-hack/character-lost', `${a.value !== null ? attacker.name : target.name} has ${lost.map(attributeShort).join(', ')} at 0 and is lost (Damage and Dying): the tracker rolls nothing for them.`);
  }
  if (a.value !== null) {
    const foe = monsterOf(target);
    if (!foe.ok) return foe;
    if (readHp(target.health) === null) return problem('combat/bad-health', `${target.name} has no HP in the tracker: write them (such as 8 or 8/8) first.`);
    return ok({ mode: 'attack', attacker, target, ...a.value, plan: attackPlan(a.value.sheet, foe.value, readArmour(target.armour), options) });
  }
  const foe = monsterOf(attacker);
  if (!foe.ok) return foe;
  return ok({ mode: 'defence', attacker, target, ...t.value!, plan: defencePlan(t.value!.sheet, foe.value, options) });
}

/** Exact odds of a tracker attack: each outcome, and the damage that lands (the plan the roll folds). */
export function trackerAttackOdds(built: BuiltTrackerAttack): CheckOdds {
  return planOdds(built.plan);
}

/** What a tracker attack did: the tracker after it, the log's lines, and for a character its document after the damage. */
export interface TrackerAttackResult {
  readonly combat: CombatState;
  readonly summary: string;
  readonly roll: CheckRoll;
  readonly damage: number;
  readonly isHit: boolean;
  readonly isCrit: boolean;
  /** Words for the players when the foe is hidden ("hit", "defended"): they do not show its numbers. */
  readonly outcome: string;
  readonly target?: { readonly character: TableCharacter; readonly document: ExaltedHackCharacter; readonly summary: string; readonly explanation: readonly string[] };
}

/** The tracker conditions that say a character's state (Damage and Dying), one at a time. */
export const STATE_CONDITIONS = { incapacitated: 'Incapacitated', dying: 'Dying', dead: 'Dead' } as const;

/** A character's HP and state as the tracker writes them ("3/21"; down from 0 HP; Incapacitated, Dying or Dead). */
function trackerHealthOf(c: ExaltedHackCharacter, conditions: readonly string[]): { health: string; isDown: boolean; conditions: string[] } {
  const words = Object.values(STATE_CONDITIONS) as string[];
  const state = stateOf(c);
  const word = state === 'incapacitated' || state === 'dying' || state === 'dead' ? STATE_CONDITIONS[state] : null;
  return {
    health: `${c.hp.current}/${c.hp.max}`,
    isDown: c.hp.current <= 0 || currentScore(c, 'con') <= 0,
    conditions: [...conditions.filter((x) => !words.includes(x)), ...(word !== null ? [word] : [])],
  };
}

/**
 * Rolls a tracker attack: a foe's HP in the tracker lose what lands (down at 0; EH-27), a character's
 * document takes it through the `damage` change (HP, then lethal off CON; dying), and its tracker line follows.
 */
export function rollTrackerAttack(rng: RandomSource, combat: CombatState, characters: readonly TableCharacter[], attackerId: string, targetId: string, options: TrackerAttackOptions = {}): RuleResult<TrackerAttackResult> {
  const built = trackerAttack(combat, characters, attackerId, targetId, options);
  if (!built.ok) return built;
  const b = built.value;
  const rolled = rollPlan(rng, b.plan);
  const damage = rolled.total;
  // The damage die rolls with the d20 (one plan for odds and roll); the last line says what it did.
  const lastLine = `${rolled.label}: ${damage > 0 ? `${damage} damage lands` : b.mode === 'attack' && (rolled.outcome === 'failure' || rolled.outcome === 'blunder') ? 'the damage die is not used' : 'no damage lands'}`;
  const roll: CheckRoll = { ...rolled, explanation: [...rolled.explanation.slice(0, -1), lastLine] };
  const a = b.attacker.name;
  const t = b.target.name;
  if (b.mode === 'attack') {
    const isHit = roll.outcome === 'critical' || roll.outcome === 'success';
    const hp = readHp(b.target.health)!;
    const left = Math.max(0, hp.hp - damage);
    const health = `${left}${hp.max !== null ? `/${hp.max}` : ''}`;
    const isDown = left === 0;
    const combatants = combat.combatants.map((c) => (c.id !== b.target.id ? c : { ...c, health, isDown: c.isDown || isDown }));
    const what = !isHit ? (roll.outcome === 'blunder' ? 'fumble' : 'miss') : damage === 0 ? `${roll.outcome === 'critical' ? 'critical hit' : 'hit'}, the armour stops it` : `${roll.outcome === 'critical' ? 'critical hit' : 'hit'}, ${damage} damage`;
    const summary = `${a} attacks ${t}: ${what}${isHit && damage > 0 ? ` (HP ${health})` : ''}${isDown && isHit ? ', down!' : '.'}`;
    return ok({ combat: { ...combat, combatants }, summary, roll, damage, isHit, isCrit: roll.outcome === 'critical', outcome: !isHit ? (roll.outcome === 'blunder' ? 'fumble' : 'miss') : roll.outcome === 'critical' ? 'critical hit' : 'hit' });
  }
  const isHit = damage > 0;
  const defenceWords: Record<string, string> = { critical: 'critical defence, may counter-attack once', success: 'defended', failure: 'the defence fails', blunder: 'the defence blunders (+10)', 'off-guard': 'off guard' };
  const how = defenceWords[roll.outcome] ?? roll.outcome;
  if (!isHit) {
    const summary = `${a} attacks ${t}: ${how}${roll.outcome === 'failure' || roll.outcome === 'blunder' || roll.outcome === 'off-guard' ? ', the armour stops it' : ''}.`;
    return ok({ combat, summary, roll, damage, isHit: false, isCrit: false, outcome: how });
  }
  const changed = rollChange(rng, b.sheet, { change: 'damage', params: { amount: damage, to: 'hp', source: a.slice(0, 60) } });
  if (!changed.ok) return changed;
  const after = changed.value.character;
  const line = trackerHealthOf(after, b.target.conditions);
  const combatants = combat.combatants.map((c) => (c.id !== b.target.id ? c : { ...c, health: line.health, isDown: line.isDown, conditions: line.conditions }));
  const summary = `${a} attacks ${t}: ${how}, ${damage} damage (HP ${line.health})${line.isDown ? ', down!' : '.'}`;
  return ok({
    combat: { ...combat, combatants }, summary, roll, damage, isHit: true, isCrit: false, outcome: `${how}, ${damage} damage`,
    target: { character: b.character, document: after, summary: changed.value.summary, explanation: [...roll.explanation, ...changed.value.explanation] },
  });
}
