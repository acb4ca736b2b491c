/**
 * A melee or missile exchange between two combatants of a Bare Bones combat tracker, built once into
 * an `AttackPlan` that both the exact odds (shown before the click) and the roll read. A character
 * fights with its document's scores, Armor Class, Blood and Sweat; a monster with the Smith's line and
 * the Blood and Sweat the tracker shows. Rules: The Bare Bones, Live by the Sword (Initiative, Missiles,
 * Melee, Weapons, Critical Hits and Notches), Die by the Sword, Dying, Dying, Dead; rulings BB-1,
 * BB-13, BB-14, BB-16, BB-22, BB-38, BB-39.
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type CombatState, type Combatant, type RuleResult, type TableCharacter, type TableSettings } from '../../rule-system.js';
import { takeHarm, type Vitals } from '../blood-and-sweat.js';
import { armourClassOf, readCharacter, type BareBonesCharacter } from '../character.js';
import { MELEE_LABELS, MISSILE_LABELS, MISSILE_OF, meleeOutcome, naturalsOf, type MeleeOutcome, type MissileOutcome } from '../check-kinds.js';
import { CHECK_DIE, MANEUVER_DICE, MAX_CHECK_MODIFIER, TEST_OUTCOMES, netVantage, rollTest, testOdds, type TestRoll, type TestSpec, type Vantage } from '../checks.js';
import { damageOdds, damageSpec, diceText, rollDamage, type DamageSpec, type Pmf } from '../damage.js';
import { armour, MIN_NOTCHED_ARMOUR_CLASS, SHIELD, type ArmourId } from '../data/armour.js';
import { race } from '../data/races.js';
import { SKILL_BONUS } from '../data/skills.js';
import { weaponKind, type WeaponKindId, type WeaponWeightId } from '../data/weapons.js';
import { encumbranceOf } from '../encumbrance.js';
import { vitalsOf } from '../play-kit.js';
import { readMonsterLine, type BareBonesMonster } from './monster-line.js';
import { readHealthText } from './tracker-health.js';

/** Melee (STR against the defender's Armor Class) or a missile (DEX, -2 for medium armour, -2 for a shield). */
export type AttackMode = 'melee' | 'missile';

/** What the attacker chooses for one exchange (the `attack` action's fields). */
export interface BareBonesAttackOptions {
  readonly mode?: AttackMode;
  /** The weapon's weight and kind; a monster's line gives them when left out, a character's default is a medium weapon. */
  readonly weight?: WeaponWeightId;
  readonly kind?: WeaponKindId;
  readonly twoHanded?: boolean;
  /** A character's inventory item (id or name) used as the weapon: its notches step the damage, and a natural 20 in melee notches it. */
  readonly weaponItem?: string;
  /** A relevant skill: +2 on the attacker's score. */
  readonly skill?: boolean;
  readonly modifier?: number;
  readonly advantage?: boolean;
  readonly disadvantage?: boolean;
  /** A maneuver die on the attack (Feint, Aim). */
  readonly bonusDie?: number;
  /** The defender's Evade die on the Armor Class roll (melee). */
  readonly defenseBonusDie?: number;
  /** A fighter's favoured foe: damage dice a step up. */
  readonly favoredFoe?: boolean;
}

/** A combatant as an exchange reads it. */
export interface BareBonesFighter {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** The table character it is, read from its document. */
  readonly character?: { readonly table: TableCharacter; readonly document: BareBonesCharacter };
  readonly monster?: BareBonesMonster;
  readonly str?: number;
  readonly dex?: number;
  readonly ac: number;
  readonly armour: ArmourId;
  readonly hasShield: boolean;
  /** Natural faces up to this are critical (halflings 2). */
  readonly critMax: number;
  /** Encumbered: DEX tests with disadvantage; morbidly: Armor Class rolls too (ruling BB-25). */
  readonly dexDisadvantage: boolean;
  readonly acDisadvantage: boolean;
  readonly vitals: Vitals;
}

/**
 * One exchange as data: who, the two tests, the damage a hit deals, and why it would go to Blood.
 * `defender` is null for a missile (only the attacker tests).
 */
export interface AttackPlan {
  readonly mode: AttackMode;
  readonly attacker: BareBonesFighter;
  readonly target: BareBonesFighter;
  readonly attack: TestSpec;
  readonly defence: TestSpec | null;
  readonly damage: DamageSpec;
  /** Ambushers' damage in the first round goes to Blood (Initiative). */
  readonly isAmbush: boolean;
  /** The inventory index of the attacker's weapon item, when named. */
  readonly weaponIndex: number | null;
  /** How the numbers came about, one line each. */
  readonly lines: readonly string[];
}

/** An exchange's outcome: melee's or a missile's (check-kinds.ts). */
export type ExchangeOutcome = MeleeOutcome | MissileOutcome;

/** True when the outcome lets the attacker roll damage. */
export function isHitOutcome(o: ExchangeOutcome): boolean {
  return o === 'critical-hit' || o === 'hit' || o === 'hit-string-breaks';
}

/** The label of an outcome. */
export function outcomeLabel(o: ExchangeOutcome): string {
  return (MELEE_LABELS as Record<string, string>)[o] ?? (MISSILE_LABELS as Record<string, string>)[o] ?? o;
}

function vitalsOfMonster(c: Combatant, m: BareBonesMonster | undefined): RuleResult<Vitals> {
  const read = readHealthText(c.health);
  if (!read.ok) return problem('combat/bad-health', `${c.name}'s Health ${c.health.slice(0, 20)}: ${read.error.message}`);
  if (read.value === null) {
    if (m?.blood === undefined) return problem('combat/no-blood', `${c.name} has no Blood: write it in the Health field (8/8, with its Sweat as 8/8 (Sweat 3/3)) or as blood=8 in the monster line.`);
    return ok({ blood: m.blood, bloodMax: m.blood, sweat: m.sweat ?? 0, sweatMax: m.sweat ?? 0, status: m.blood > 0 ? 'standing' : 'down', roundsLeft: null });
  }
  const h = read.value;
  const status = c.isDown && h.blood === 0 && c.conditions.includes(DEAD) ? 'dead' : h.blood === 0 ? 'down' : 'standing';
  return ok({ blood: h.blood, bloodMax: h.bloodMax, sweat: h.sweat, sweatMax: h.sweatMax, status, roundsLeft: null });
}

/** The tracker's condition of a combatant whose side ambushed: it acts first every round, and its first-round damage goes to Blood (Initiative). */
export const AMBUSHER = 'Ambusher';

/** The tracker's condition word for a dead combatant that is no character (a monster's coup de grâce). */
export const DEAD = 'dead';

/** Reads a combatant as a fighter: a character from its document, a monster from its line and the tracker. */
export function bareBonesFighter(c: Combatant, characters: readonly TableCharacter[]): RuleResult<BareBonesFighter> {
  if (c.characterId !== undefined) {
    const table = characters.find((x) => x.id === c.characterId);
    if (table === undefined) return problem('combat/no-such-character', `${c.name} names character ${c.characterId}, which is not at the table.`);
    const read = readCharacter(table.document);
    if (!read.ok) return problem('combat/bad-character', `${c.name}'s document cannot be read: ${read.error.message}`);
    const doc = read.value;
    const load = encumbranceOf(doc);
    return ok({
      id: c.id,
      name: c.name,
      side: c.side,
      character: { table, document: doc },
      str: doc.stats.str.score,
      dex: doc.stats.dex.score,
      ac: armourClassOf(doc),
      armour: doc.armour,
      hasShield: doc.hasShield,
      critMax: race(doc.race).critMax,
      dexDisadvantage: load.disadvantageOn.includes('dex-checks'),
      acDisadvantage: load.disadvantageOn.includes('armour-class'),
      vitals: vitalsOf(doc),
    });
  }
  let monster: BareBonesMonster | undefined;
  if (c.monster !== undefined && c.monster.trim() !== '') {
    const m = readMonsterLine(c.monster);
    if (!m.ok) return problem(m.error.code, `${c.name}: ${m.error.message}`);
    monster = m.value;
  }
  const vitals = vitalsOfMonster(c, monster);
  if (!vitals.ok) return vitals;
  const acText = /^(\d+)/.exec(c.armour.trim());
  const ac = acText !== null ? Number(acText[1]) : monster?.ac ?? armour('none').armourClass;
  return ok({
    id: c.id,
    name: c.name,
    side: c.side,
    ...(monster !== undefined ? { monster } : {}),
    ...(monster?.str !== undefined ? { str: monster.str } : c.stats['str'] !== undefined ? { str: c.stats['str'] } : {}),
    ...(monster?.dex !== undefined ? { dex: monster.dex } : c.stats['dex'] !== undefined ? { dex: c.stats['dex'] } : {}),
    ac,
    armour: monster?.armour ?? 'none',
    hasShield: monster?.hasShield ?? false,
    critMax: 1,
    dexDisadvantage: false,
    acDisadvantage: false,
    vitals: vitals.value,
  });
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** The inventory index of the item named (id or name, any case), or a problem. */
function weaponIndexOf(f: BareBonesFighter, name: string | undefined): RuleResult<number | null> {
  if (name === undefined || name.trim() === '') return ok(null);
  const doc = f.character?.document;
  if (doc === undefined) return problem('combat/weapon-item-for-monster', `${f.name} is no character: a monster's weapon is its line's weapon= and kind=; leave weaponItem out.`, '$.action.weaponItem');
  const key = name.trim().toLowerCase();
  const i = doc.inventory.findIndex((e) => e.id.toLowerCase() === key || e.label.toLowerCase() === key);
  if (i < 0) return problem('combat/no-such-item', `${f.name} carries no item ${JSON.stringify(name.trim())}; give the id or name of one of: ${doc.inventory.map((e) => e.label).join(', ') || '(none)'}.`, '$.action.weaponItem');
  return ok(i);
}

/** Options out of their ranges are problems with the action's path (the reader checks types; this checks the rules' ranges). */
function optionsProblem(o: BareBonesAttackOptions): RuleResult<null> {
  if (o.modifier !== undefined && (!Number.isInteger(o.modifier) || Math.abs(o.modifier) > MAX_CHECK_MODIFIER)) return problem('combat/bad-modifier', `The modifier is a whole number from -${MAX_CHECK_MODIFIER} to ${MAX_CHECK_MODIFIER}.`, '$.action.modifier');
  for (const [key, v] of [['bonusDie', o.bonusDie], ['defenseBonusDie', o.defenseBonusDie]] as const) {
    if (v !== undefined && !(MANEUVER_DICE as readonly number[]).includes(v)) return problem('combat/bad-maneuver-die', `A maneuver die is d4, d6 or d8 (${MANEUVER_DICE.join(', ')}).`, `$.action.${key}`);
  }
  return ok(null);
}

/**
 * Plans one exchange of `attackerId` on `targetId` in the tracker: refused when either is missing, the
 * attacker is down, the target dead, or a number the exchange needs is not there.
 */
export function planAttack(
  combat: CombatState,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: BareBonesAttackOptions,
  settings: TableSettings,
): RuleResult<AttackPlan> {
  if (attackerId === targetId) return problem('combat/target-is-self', 'Choose a target other than the attacker.');
  const a = combat.combatants.find((c) => c.id === attackerId);
  const t = combat.combatants.find((c) => c.id === targetId);
  if (a === undefined || t === undefined) return problem('combat/no-such-combatant', `No combatant ${a === undefined ? attackerId : targetId} in the tracker.`);
  const range = optionsProblem(options);
  if (!range.ok) return range;
  const attacker = bareBonesFighter(a, characters);
  if (!attacker.ok) return attacker;
  const target = bareBonesFighter(t, characters);
  if (!target.ok) return target;
  const A = attacker.value;
  const T = target.value;
  if (A.vitals.status !== 'standing') return problem('combat/fighter-down', `${A.name} is at 0 Blood: they crawl into a corner (a taxing action needs a CON save first), and cannot attack from the tracker.`);
  if (T.vitals.status === 'dead') return problem('combat/target-dead', `${T.name} is dead already.`);
  const mode = options.mode ?? 'melee';
  const score = mode === 'melee' ? A.str : A.dex;
  const stat = mode === 'melee' ? 'STR' : 'DEX';
  if (score === undefined) return problem('combat/no-stat', `${A.name} has no ${stat} for a ${mode} attack: add ${stat.toLowerCase()}= to the monster line (${stat.toLowerCase()}=11).`);
  const weaponIndex = weaponIndexOf(A, options.weaponItem);
  if (!weaponIndex.ok) return weaponIndex;
  const kind = options.kind ?? A.monster?.kind ?? 'other';
  const isMissileKind = weaponKind(kind).isMissile;
  if (mode === 'missile' && !isMissileKind && options.kind !== undefined) return problem('combat/not-a-missile', `A ${weaponKind(kind).label.toLowerCase()} is no missile weapon: choose a bow or a crossbow, or attack in melee.`, '$.action.kind');
  if (mode === 'melee' && isMissileKind) return problem('combat/missile-in-melee', `A ${weaponKind(kind).label.toLowerCase()} shoots: make a missile attack.`, '$.action.mode');
  const missileKind: WeaponKindId = mode === 'missile' && !isMissileKind ? 'bow' : kind;
  const skill = options.skill === true ? SKILL_BONUS : 0;
  const modifier = options.modifier ?? 0;
  const lines: string[] = [];
  let under = score + skill + modifier;
  const parts = [`${A.name}: ${stat} ${score}`];
  if (skill > 0) parts.push(`skill +${skill}`);
  if (modifier !== 0) parts.push(`modifier ${signed(modifier)}`);
  if (mode === 'missile') {
    const armourPenalty = armour(T.armour).missilePenalty;
    const shieldPenalty = T.hasShield ? SHIELD.missilePenalty : 0;
    if (armourPenalty !== 0) parts.push(`${T.name} in ${armour(T.armour).label.toLowerCase()} ${signed(armourPenalty)}`);
    if (shieldPenalty !== 0) parts.push(`${T.name}'s shield ${signed(shieldPenalty)}`);
    under += armourPenalty + shieldPenalty;
  }
  const attackVantage: Vantage = netVantage(options.advantage === true, options.disadvantage === true || (mode === 'missile' && A.dexDisadvantage));
  if (mode === 'missile' && A.dexDisadvantage) parts.push('encumbered: DEX with disadvantage');
  const naturals = naturalsOf(settings['natural-rolls'] as string | undefined, true);
  const attack: TestSpec = { target: under, vantage: attackVantage, bonusDie: options.bonusDie ?? null, critMax: A.critMax, naturals };
  lines.push(`${parts.join(', ')}: d20 under ${under}${attack.bonusDie !== null ? ` + d${attack.bonusDie}` : ''}${attackVantage !== null ? ` (${attackVantage})` : ''}`);
  let defence: TestSpec | null = null;
  if (mode === 'melee') {
    const vantage = netVantage(false, T.acDisadvantage);
    defence = { target: T.ac, vantage, bonusDie: options.defenseBonusDie ?? null, critMax: T.critMax, naturals };
    lines.push(`${T.name}: Armor Class ${T.ac}: d20 under ${T.ac}${defence.bonusDie !== null ? ` + d${defence.bonusDie} (Evade)` : ''}${vantage !== null ? ' (morbidly encumbered: disadvantage)' : ''}`);
  }
  const item = weaponIndex.value === null ? undefined : A.character!.document.inventory[weaponIndex.value];
  const built = damageSpec({
    weight: options.weight ?? A.monster?.weight ?? 'medium',
    kind: missileKind,
    isTwoHanded: options.twoHanded ?? A.monster?.isTwoHanded ?? false,
    notches: Math.min(item?.notches ?? 0, 5),
    isFavoredFoe: options.favoredFoe === true,
    isDualWield: false,
    clobberDie: null,
    smiteDice: 0,
  });
  lines.push(`damage ${built.spec.weapon === null ? 'none (the weapon is notched away)' : diceText(built.spec.weapon)}: ${built.explanation.join('; ')}`);
  const isAmbush = a.conditions.includes(AMBUSHER) && combat.round <= 1;
  if (isAmbush) lines.push('an ambusher in the first round: the damage goes straight to Blood (Initiative)');
  return ok({ mode, attacker: A, target: T, attack, defence, damage: built.spec, isAmbush, weaponIndex: weaponIndex.value, lines });
}

/** The outcome of an exchange from its two tests (the defender's null for a missile). */
export function exchangeOutcome(plan: Pick<AttackPlan, 'mode'>, attack: TestRoll['outcome'], defence: TestRoll['outcome'] | null): ExchangeOutcome {
  return plan.mode === 'missile' || defence === null ? MISSILE_OF[attack] : meleeOutcome(attack, defence);
}

/** True when a hit of this outcome wounds Blood directly: a critical hit, a crossbow, an ambush (Critical Hits; Weapons; Initiative). */
export function isToBlood(plan: AttackPlan, outcome: ExchangeOutcome): boolean {
  return outcome === 'critical-hit' || plan.damage.isToBlood || plan.isAmbush;
}

/** The exact odds of one exchange, before it is rolled. */
export interface AttackOdds {
  /** Each outcome with its chance; they sum to 1. */
  readonly outcomes: readonly { readonly outcome: ExchangeOutcome; readonly label: string; readonly p: number }[];
  /** The chance of any hit (damage is rolled). */
  readonly hit: number;
  /** The chance the target ends at 0 Blood or dead from this exchange (from standing), or dies (from 0 Blood). */
  readonly down: number;
  /** The damage a hit deals, value by value, and its mean. */
  readonly damage: Pmf;
  readonly meanDamage: number;
  /** The chance of the attacker's and the defender's natural 20 (a notch, or a broken bowstring). */
  readonly attackerNatural20: number;
  readonly defenderNatural20: number;
}

/**
 * Exact odds of a plan: every kept face of each test (testOdds), the outcome rule, and every damage
 * total through takeHarm, the same functions the roll uses.
 */
export function attackOdds(plan: AttackPlan): AttackOdds {
  const a = testOdds(plan.attack);
  const d = plan.defence === null ? null : testOdds(plan.defence);
  const p = new Map<ExchangeOutcome, number>();
  for (const ao of TEST_OUTCOMES) {
    if (d === null) p.set(exchangeOutcome(plan, ao, null), (p.get(exchangeOutcome(plan, ao, null)) ?? 0) + a[ao]);
    else for (const dO of TEST_OUTCOMES) p.set(exchangeOutcome(plan, ao, dO), (p.get(exchangeOutcome(plan, ao, dO)) ?? 0) + a[ao] * d[dO]);
  }
  const { pmf } = damageOdds(plan.damage);
  const downGiven = (toBlood: boolean) => {
    let q = 0;
    pmf.p.forEach((w, i) => {
      if (w === 0) return;
      const r = takeHarm(plan.target.vitals, { amount: pmf.min + i, isToBlood: toBlood, source: 'attack' });
      if (r.ok && r.value.vitals.status !== 'standing' && (plan.target.vitals.status === 'standing' || r.value.vitals.status === 'dead')) q += w;
    });
    return q;
  };
  let hit = 0;
  let down = 0;
  const order: ExchangeOutcome[] = plan.mode === 'melee' ? ['critical-hit', 'hit', 'attacker-maneuver', 'defender-maneuver', 'stand-off'] : ['critical-hit', 'hit', 'hit-string-breaks', 'miss', 'string-breaks'];
  for (const o of order) {
    const q = p.get(o) ?? 0;
    if (!isHitOutcome(o)) continue;
    hit += q;
    down += q * downGiven(isToBlood(plan, o));
  }
  const mean = pmf.p.reduce((s, w, i) => s + w * (pmf.min + i), 0);
  return {
    outcomes: order.map((o) => ({ outcome: o, label: outcomeLabel(o), p: p.get(o) ?? 0 })),
    hit,
    down,
    damage: pmf,
    meanDamage: mean,
    attackerNatural20: a.fumble + a['natural-20-success'],
    defenderNatural20: d === null ? 0 : d.fumble + d['natural-20-success'],
  };
}

/** One exchange rolled: the tests, the outcome, the damage when it hit. */
export interface AttackRoll {
  readonly attack: TestRoll;
  readonly defence: TestRoll | null;
  readonly outcome: ExchangeOutcome;
  /** Damage dealt on a hit (null on no hit), and whether it goes to Blood. */
  readonly damage: { readonly total: number; readonly faces: readonly number[]; readonly isToBlood: boolean } | null;
  readonly lines: readonly string[];
}

function testLine(who: string, r: TestRoll): string {
  const against = r.spec.target + (r.bonus ?? 0);
  return `${who} rolls ${r.kept}${r.d20s.length > 1 ? ` (of ${r.d20s.join(', ')})` : ''} under ${against}${r.bonus !== null ? ` (${r.spec.target} + ${r.bonus})` : ''}: ${r.kept < against ? 'success' : 'failure'}${r.kept === CHECK_DIE ? ', a natural 20' : ''}`;
}

/** Rolls a plan: the attacker's test, the defender's (melee), then the damage on a hit. */
export function rollAttackPlan(rng: RandomSource, plan: AttackPlan): AttackRoll {
  const attack = rollTest(rng, plan.attack);
  const defence = plan.defence === null ? null : rollTest(rng, plan.defence);
  const outcome = exchangeOutcome(plan, attack.outcome, defence?.outcome ?? null);
  const lines = [...plan.lines, testLine(plan.attacker.name, attack)];
  if (defence !== null) lines.push(testLine(plan.target.name, defence));
  lines.push(outcomeLabel(outcome));
  if (!isHitOutcome(outcome)) return { attack, defence, outcome, damage: null, lines };
  const dmg = rollDamage(rng, plan.damage);
  const toBlood = isToBlood(plan, outcome);
  lines.push(`damage ${dmg.dice.filter((x) => x.isKept).map((x) => x.face).join(' + ') || '0'} = ${dmg.total}${toBlood ? ', straight to Blood' : ''}`);
  return { attack, defence, outcome, damage: { total: dmg.total, faces: dmg.dice.map((x) => x.face), isToBlood: toBlood }, lines };
}

/** The Armor Class after a defender's notch: one point less, never below 8 for the armour and shield (BB-21). */
export function notchedArmourClass(ac: number): number {
  return ac > MIN_NOTCHED_ARMOUR_CLASS ? ac - 1 : ac;
}
