/**
 * One-click attacks in the combat tracker of a So Long as Men Die table: the attacker's Attack Roll
 * (a character's held weapon and stat Modifier, or a foe's monster line) against the target's Defense,
 * Toughness and CON (a character's document, or a foe's line and tracker fields). `trackerAttack` builds
 * the one `AttackSpec` that both the exact odds (`trackerAttackOdds`, shown before the click) and the
 * roll (`rollTrackerAttack`) read. A character's harm is written on its document by the damage change's
 * own procedure (Wounds, mutilation, death: SL-22, SL-24, SL-26); a foe's in the tracker (SL-33).
 * Rules: So Long as Men Die, Attacking and Defending; Armor; Toughness; Injury; Mutilation.
 */
import type { RandomSource } from '../../../dice/random.js';
import { MAX_HISTORY_SUMMARY_LENGTH, clip } from '../../character-play.js';
import { ok, problem, type CharacterChangeRecord, type CombatState, type Combatant, type OutcomeOdds, type RuleResult, type TableCharacter, type TableSettings } from '../../rule-system.js';
import { attackOdds, rollAttack, type AttackOdds, type AttackSpec } from '../attack.js';
import { readCharacter, type SlamdCharacter } from '../character.js';
import { attackerSideFor, type AttackUse } from '../combat.js';
import { isDefenseDie, type DefenseDie } from '../data/armour.js';
import { BARE_HAND_ID, findWeapon } from '../data/weapons.js';
import type { ExplosionRule } from '../explode.js';
import { rollMutilation, type MutilationResult } from '../injury.js';
import { DAMAGE_OUTCOMES, defenderSideOf, harmOutcomeOdds, rollHarm, type DamageOutcome } from '../play-harm.js';
import type { MutilationDamageRule } from '../settings.js';
import { STANDARD_EXHAUST_FACES } from '../toughness.js';
import type { InjuryChoice } from '../wounds.js';
import { readSlamdMonster, writeSlamdMonster, type SlamdMonster } from './monster-line.js';

/** Longest weapon id a tracker attack names (an input limit). */
export const MAX_WEAPON_ID_LENGTH_FOR_TRACKER = 60;

/** What the attacker chooses: the weapon (a character's; default the first held, else bare hands), how it is used, and the target's choice on a made CON save. */
export interface SlamdTrackerAttackOptions {
  readonly weaponId?: string;
  readonly use?: AttackUse;
  /** On a made CON save: fall unconscious with a Flesh Wound (the default, SL-26) or be mutilated and stay up. */
  readonly choice?: InjuryChoice;
}

/** The table settings an attack reads: `explosions` (SL-9) and `mutilation-damage` (SL-10). */
export interface SlamdAttackSettings {
  readonly explosions: ExplosionRule;
  readonly mutilationFrom: MutilationDamageRule;
}

/** The attack settings of a table, the text's readings when unset. */
export function attackSettingsOf(settings: TableSettings): SlamdAttackSettings {
  return { explosions: settings['explosions'] === 'chained' ? 'chained' : 'once', mutilationFrom: settings['mutilation-damage'] === 'past-toughness' ? 'past-toughness' : 'dealt' };
}

/** One side of a tracker attack: a table character with its document, or a foe with its line. */
type Side = { readonly kind: 'character'; readonly character: TableCharacter; readonly doc: SlamdCharacter } | { readonly kind: 'monster'; readonly monster: SlamdMonster };

/** A tracker attack built: the spec, both combatants, and what the odds and the roll need of the target. */
export interface BuiltTrackerAttack {
  readonly spec: AttackSpec;
  readonly attacker: Combatant;
  readonly target: Combatant;
  readonly targetSide: Side;
  readonly woundsLeft: number;
  readonly choice: InjuryChoice;
  /** What the attacker strikes with ("Longsword", "1d8 +1"). */
  readonly weapon: string;
  readonly toughnessNote: string | null;
}

function sideOf(c: Combatant, characters: readonly TableCharacter[]): RuleResult<Side> {
  if (c.characterId !== undefined) {
    const ch = characters.find((x) => x.id === c.characterId);
    if (ch === undefined) return problem('combat/no-such-character', `${c.name} names character ${c.characterId}, which is not at the table.`);
    const doc = readCharacter(ch.document);
    if (!doc.ok) return problem(doc.error.code, `${c.name}'s document cannot be read: ${doc.error.message}`);
    return ok({ kind: 'character', character: ch, doc: doc.value });
  }
  if (c.monster === undefined || c.monster.trim() === '') {
    return problem('combat/no-stats', `${c.name} has neither a character nor a monster line (such as damage=1d8,mod=+1,toughness=1,con=10): the tracker cannot roll for them.`);
  }
  const m = readSlamdMonster(c.monster);
  return m.ok ? ok({ kind: 'monster', monster: m.value }) : problem(m.error.code, `${c.name}'s monster line: ${m.error.message}`);
}

/** A foe's Defense from the tracker's Armour field ("d6 +1"; empty is d0, none). */
function foeDefense(c: Combatant): RuleResult<{ defenseDie: DefenseDie; defenseBonus: number }> {
  const t = c.armour.trim().toLowerCase();
  if (t === '') return ok({ defenseDie: 0, defenseBonus: 0 });
  const m = /^d(\d+)(?:\s*\+\s*(\d+))?$/.exec(t);
  const sides = m === null ? NaN : Number(m[1]);
  if (m === null || !isDefenseDie(sides)) return problem('combat/bad-armour', `${c.name}'s Defense ${t.slice(0, 20)} is no Defense Die (d0, d4 ... d12, with a shield's bonus such as d6 +1); correct it in the tracker.`);
  return ok({ defenseDie: sides, defenseBonus: m[2] === undefined ? 0 : Number(m[2]) });
}

/** A foe's Wounds left from the tracker's Health field ("3/10" or "3"); empty is its CON Score, none taken (SL-33). */
function foeWounds(c: Combatant, monster: SlamdMonster): RuleResult<number> {
  const t = c.health.trim();
  if (t === '') return ok(monster.con);
  const m = /^(\d+)(?:\s*\/\s*\d+)?$/.exec(t);
  return m === null ? problem('combat/bad-health', `${c.name}'s Wounds left ${t.slice(0, 20)} is not a count such as 3/10; correct it in the tracker.`) : ok(Number(m[1]));
}

/** The first weapon a character holds in hand, else bare hands. */
function heldWeaponOf(doc: SlamdCharacter): string {
  return doc.inventory.find((e) => e.kind === 'weapon' && e.hands.length > 0)?.itemId ?? BARE_HAND_ID;
}

const damageText = (m: SlamdMonster): string => `${m.damage.kind === 'dice' ? `${m.damage.count}d${m.damage.sides}` : String(m.damage.value)}${m.modifier !== 0 ? ` ${m.modifier > 0 ? '+' : '-'}${Math.abs(m.modifier)}` : ''}`;

/** Builds the attack of one tracker combatant on another, for its odds or to roll it. */
export function trackerAttack(
  combat: CombatState,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: SlamdTrackerAttackOptions = {},
  settings: SlamdAttackSettings = { explosions: 'once', mutilationFrom: 'dealt' },
): RuleResult<BuiltTrackerAttack> {
  if (attackerId === targetId) return problem('combat/target-is-self', 'Choose a target other than the attacker.');
  const attacker = combat.combatants.find((c) => c.id === attackerId);
  const target = combat.combatants.find((c) => c.id === targetId);
  if (attacker === undefined || target === undefined) return problem('combat/no-such-combatant', `No combatant ${attacker === undefined ? attackerId : targetId} in the tracker.`);
  if (attacker.isDown) return problem('combat/fighter-down', `${attacker.name} is down and cannot attack.`);
  const a = sideOf(attacker, characters);
  if (!a.ok) return a;
  const t = sideOf(target, characters);
  if (!t.ok) return t;
  const choice = options.choice ?? 'unconscious';

  let roll: Pick<AttackSpec, 'damage' | 'modifier' | 'isNonlethal'>;
  let ignoresShields = false;
  let weapon: string;
  if (a.value.kind === 'character') {
    const weaponId = options.weaponId ?? heldWeaponOf(a.value.doc);
    const use = options.use ?? (findWeapon(weaponId)?.range?.kind === 'ranged' ? 'ranged' : 'melee');
    const side = attackerSideFor(a.value.doc, { weaponId, use });
    if (!side.ok) return problem(side.error.code, side.error.message);
    roll = { damage: side.value.damage, modifier: side.value.modifier, isNonlethal: side.value.isNonlethal };
    ignoresShields = side.value.ignoresShields;
    weapon = side.value.weaponLabel;
  } else {
    if (options.weaponId !== undefined || options.use !== undefined) return problem('combat/monster-weapon', `${attacker.name} attacks by its monster line; leave out weaponId and use.`);
    roll = { damage: a.value.monster.damage, modifier: a.value.monster.modifier, isNonlethal: a.value.monster.isNonlethal };
    weapon = damageText(a.value.monster);
  }

  let defender: Pick<AttackSpec, 'defenseDie' | 'defenseBonus' | 'toughnessDice' | 'exhaustOn' | 'conScore'>;
  let woundsLeft: number;
  let toughnessNote: string | null = null;
  if (t.value.kind === 'character') {
    const doc = t.value.doc;
    if (doc.condition === 'dead') return problem('so-long-as-men-die/already-dead', `${doc.name} is dead; nothing more can happen to them.`);
    const side = defenderSideOf(doc, { isDefended: true, defenseBonus: 0, ignoresShields });
    if (!side.ok) return problem(side.error.code, side.error.message);
    const { toughnessNote: note, ...rest } = side.value;
    defender = rest;
    toughnessNote = note;
    woundsLeft = doc.woundsLeft;
  } else {
    const m = t.value.monster;
    const defense = foeDefense(target);
    if (!defense.ok) return defense;
    const wounds = foeWounds(target, m);
    if (!wounds.ok) return wounds;
    if (wounds.value === 0) return problem('so-long-as-men-die/already-dead', `${target.name} has no Wounds left: dead.`);
    // A foe that is down (unconscious) rolls no Toughness, as a character (SL-26).
    defender = { ...defense.value, defenseBonus: ignoresShields ? 0 : defense.value.defenseBonus, toughnessDice: target.isDown ? 0 : m.toughness, exhaustOn: STANDARD_EXHAUST_FACES, conScore: m.con };
    if (target.isDown && m.toughness > 0) toughnessNote = 'unconscious: no Toughness Dice';
    woundsLeft = wounds.value;
  }
  const spec: AttackSpec = {
    ...roll, ...defender, explosions: settings.explosions, soakPolicy: 'one-at-a-time', conModifier: 0, mutilationFrom: settings.mutilationFrom,
  };
  return ok({ spec, attacker, target, targetSide: t.value, woundsLeft, choice, weapon, toughnessNote });
}

/** Exact odds of a built tracker attack: the attack's own, and each damage outcome on the target (SL-24, SL-26). */
export function trackerAttackOdds(built: BuiltTrackerAttack): { readonly attack: AttackOdds; readonly outcomes: readonly OutcomeOdds[] } {
  const attack = attackOdds(built.spec);
  return { attack, outcomes: harmOutcomeOdds(attack, built.woundsLeft, built.spec, built.choice) };
}

/** What a tracker attack did. */
export interface SlamdTrackerAttackResult {
  readonly combat: CombatState;
  readonly summary: string;
  readonly lines: readonly string[];
  readonly isHit: boolean;
  readonly outcome: DamageOutcome;
  /** The result in words without numbers, for the players' line about a hidden combatant. */
  readonly outcomeWords: string;
  /** The target's document after the attack, when it is a table character, with the history line. */
  readonly target?: { readonly character: TableCharacter; readonly document: TableCharacter['document']; readonly change: CharacterChangeRecord };
}

const CONDITION_WORDS = ['unconscious', 'dead'] as const;

function withState(c: Combatant, state: 'standing' | 'unconscious' | 'dead', extra: readonly string[] = []): Combatant {
  const kept = c.conditions.filter((x) => !(CONDITION_WORDS as readonly string[]).includes(x.toLowerCase()));
  return { ...c, conditions: [...kept, ...extra.filter((x) => !kept.includes(x)), ...(state === 'standing' ? [] : [state])], isDown: state !== 'standing' };
}

/** Rolls a tracker attack: the harm on the target's document or line, and the tracker after it. */
export function rollTrackerAttack(
  rng: RandomSource,
  combat: CombatState,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: SlamdTrackerAttackOptions = {},
  settings: SlamdAttackSettings = { explosions: 'once', mutilationFrom: 'dealt' },
): RuleResult<SlamdTrackerAttackResult> {
  const built = trackerAttack(combat, characters, attackerId, targetId, options, settings);
  if (!built.ok) return built;
  const b = built.value;
  // A hidden foe's Attack Roll is the Smith's (TB-17): the words everyone reads name only a character's weapon.
  const isHiddenFoe = b.attacker.characterId === undefined && b.attacker.isRevealed !== true;
  const head = `${b.attacker.name} attacks ${b.target.name}${isHiddenFoe ? '' : ` (${b.weapon})`}`;
  let after: Combatant;
  let outcome: DamageOutcome;
  let lines: readonly string[];
  let isHit: boolean;
  let targetWrite: SlamdTrackerAttackResult['target'];
  if (b.targetSide.kind === 'character') {
    const doc = b.targetSide.doc;
    const h = rollHarm(rng, doc, { attack: b.spec, isDefended: true, source: b.attacker.name, choice: b.choice, toughnessNote: b.toughnessNote });
    outcome = h.outcome;
    isHit = h.roll.damage > 0;
    lines = [h.roll.explanation[0]!, ...h.explanation];
    after = withState({ ...b.target, health: `${h.character.woundsLeft}/${h.character.stats.con.score}` }, h.character.condition);
    const label = DAMAGE_OUTCOMES.find((x) => x.outcome === outcome)!.label;
    const change: CharacterChangeRecord = {
      id: 'attack', summary: clip(`${head}: ${label}${h.character.woundsLeft !== doc.woundsLeft ? `; Wounds ${doc.woundsLeft} -> ${h.character.woundsLeft}` : ''}`, MAX_HISTORY_SUMMARY_LENGTH),
      explanation: lines, dice: h.dice, outcome,
    };
    if (h.character !== doc) targetWrite = { character: b.targetSide.character, document: h.character as unknown as TableCharacter['document'], change };
  } else {
    const m = b.targetSide.monster;
    const r = rollAttack(rng, b.spec);
    isHit = r.damage > 0;
    const toughness = m.toughness - (b.target.isDown ? 0 : r.soak.exhausted);
    const isInjured = r.outcome === 'injured-save-made' || r.outcome === 'injured-save-failed';
    const woundsLeft = isInjured ? b.woundsLeft - 1 : b.woundsLeft;
    const needsMutilation = woundsLeft > 0 && (r.outcome === 'injured-save-failed' || (r.outcome === 'injured-save-made' && b.choice === 'mutilated'));
    const mutilation: MutilationResult | undefined = needsMutilation ? rollMutilation(rng, r.mutilationDamage) : undefined;
    const isDead = woundsLeft === 0 || mutilation?.mutilation.isDeath === true || (mutilation?.mutilation.id === 'severed' && mutilation.location?.id === 'head');
    const isOut = r.outcome === 'knocked-out' || r.outcome === 'injured-save-failed' || (r.outcome === 'injured-save-made' && b.choice === 'unconscious');
    outcome = isDead ? 'dead' : r.outcome === 'injured-save-made' ? b.choice : r.outcome === 'injured-save-failed' ? 'unconscious-and-mutilated' : r.outcome;
    const state = isDead ? 'dead' : isOut || b.target.isDown ? 'unconscious' : 'standing';
    const wound = mutilation === undefined ? [] : [mutilation.location === null ? mutilation.mutilation.label : `${mutilation.mutilation.label} (${mutilation.location.label})`];
    after = withState({ ...b.target, health: `${woundsLeft}/${m.con}`, monster: writeSlamdMonster({ ...m, toughness }) }, state, wound);
    lines = [
      ...r.explanation,
      ...(r.outcome === 'knocked-out' ? ['Nonlethal: knocked out with a Flesh Wound'] : []),
      ...(mutilation === undefined ? [] : [mutilation.explanation]),
      ...(isInjured ? [`One Wound: ${b.woundsLeft} -> ${woundsLeft} left${woundsLeft === 0 ? ': the last Wound kills' : ''}`] : []),
    ];
  }
  const label = DAMAGE_OUTCOMES.find((x) => x.outcome === outcome)!.label;
  const combatants = combat.combatants.map((c) => (c.id === b.target.id ? after : c));
  const isWounded = Number(/^\d+/.exec(after.health)?.[0]) < b.woundsLeft;
  const summary = `${head}: ${label}${isWounded ? ` (Wounds left ${after.health})` : ''}.`;
  const outcomeWords = label.replace(/^Injured, CON save (made|failed): /, 'injured: ').replace(/ \(.*\)$/, '');
  return ok({ combat: { ...combat, combatants }, summary, lines, isHit, outcome, outcomeWords, ...(targetWrite === undefined ? {} : { target: targetWrite }) });
}
