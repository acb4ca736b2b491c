/**
 * From two fighters and a choice of weapon to an `AttackSpec`: the attack stat mod, the proficiency, STR,
 * called-shot, thrown, Fist of an Angry God, Canid and condition steps; the Feat Die where the class makes
 * the check a Feat; who rolls against whom; reach steps in Total Defense; the Harm roll with its steps and
 * two-handed re-rolls; the crit range. Rules: HAMMERCRAWL! v4, ATTACK!, Total Defense, HAMMERSMITH
 * ACTIONS, Called Shots, WEAPON PROFICIENCIES, Weapon Specialization, WEAPONS & SHIELDS, CLASSES, STOCKS.
 */
import type { StepModifier } from '../../../dice/index.js';
import type { StaticModifier, VantageSource } from '../check-modifiers.js';
import { DEFAULT_DAMAGE_SETTINGS, type DamageSettings, type SoakDieKind } from '../damage.js';
import type { FeatCheckKind } from '../data/classes.js';
import { ARMOUR_STR_SHORTFALL_STEPS } from '../data/armour.js';
import { REACH_TOTAL_DEFENSE_STEPS, WEAPON_STR_SHORTFALL_STEPS } from '../data/weapons.js';
import { NON_PROFICIENT_STEPS } from '../data/weapon-proficiencies.js';
import type { FeatDieBonus } from '../feat-die.js';
import { COMBAT_CRIT_MIN, type AttackMode, type AttackSpec } from './attack.js';
import type { Fighter, HarmSource, WeaponProfile } from './fighter.js';
import { prepareHarm } from './harm.js';
import { MAX_CALLED_SHOT_STEPS, combatProblem, type CombatResult } from './problems.js';

/** Table settings for combat where the text leaves a choice (docs/rulings.md). */
export interface CombatSettings {
  /** Rolls against a minion's static values: `meet` ("equal or exceed", the text's words; default) or `beat` (a Challenge as C-1 reads it). CB-1. */
  readonly minionChallenge: 'beat' | 'meet';
  /** The combat crit threshold, (C16). */
  readonly critMin: number;
  readonly damage: DamageSettings;
  /** Whether the fight is on stone or earth (Droffen Strength of the Earth); default true, a dungeon. */
  readonly onEarth: boolean;
}

/** The default settings: rolls against minion values equal or exceed them (CB-1), (C16) crits, CON on Health Die soaks only. */
export const DEFAULT_COMBAT_SETTINGS: CombatSettings = Object.freeze({
  minionChallenge: 'meet',
  critMin: COMBAT_CRIT_MIN,
  damage: DEFAULT_DAMAGE_SETTINGS,
  onEarth: true,
});

/** What an attacker chooses for one attack (ATTACK!; EXTENDED COMBAT OPTIONS). */
export interface AttackOptions {
  /** The weapon (its id on the fighter); the first one when absent. */
  readonly weaponId?: string;
  /** Called shot: 1 step, or 2-3 for parts the Smith calls harder (Called Shots). */
  readonly calledShot?: number;
  /** The attacker declares the attack (and, where the class allows, the damage) a Feat. */
  readonly feat?: boolean;
  /** The defender declares their Defense roll a Feat (Combatant, Combat Hardened, Defensive Specialist in Total Defense, Covering). */
  readonly defenseFeat?: boolean;
  /** The target is hampered, distracted or unaware of the attacker (Opportunist); also true when it has a condition. */
  readonly isOpportune?: boolean;
  /** A melee weapon thrown (-1 step attack and damage), or a Throw weapon thrown (no melee penalty). */
  readonly thrown?: boolean;
  /** Fist of an Angry God: +1 attack and damage step against an enemy of the faith (one use). */
  readonly fistOfAngryGod?: boolean;
  /** Harm dice the Smith supplies where the rules give none (crossbows). */
  readonly harmDice?: HarmSource;
  /** Where the defender takes a Crit's free step (ruling H-7). */
  readonly critStepTo?: SoakDieKind;
  /** Extra steps on the attack roll (+ favours the attacker), e.g. the Smith's. */
  readonly attackSteps?: readonly StepModifier[];
  /** Extra steps on the Harm roll. */
  readonly harmSteps?: readonly StepModifier[];
  /** Extra steps on the defender's roll (+ favours the defender). */
  readonly defenseSteps?: readonly StepModifier[];
  readonly vantage?: readonly VantageSource[];
  /** Canid: another Canid's most recent action targeted this target (one step). */
  readonly packBonus?: boolean;
  /** A Tactical Attack: WPs and Specializations count only with a Tactical weapon. */
  readonly tactical?: boolean;
  /** Spend an HD Re-roll on the Harm roll when its die shows this or less (Combatant, "offensive"). */
  readonly hdRerollHarmAtMost?: number;
}

/** An attack built: the spec, the weapon, and the conditions it uses up. */
export interface BuiltAttack {
  readonly spec: AttackSpec;
  readonly weapon: WeaponProfile;
  /** Conditions the attack consumed: the target's `exposed`, the roller's `hampered`. */
  readonly consumed: readonly { readonly fighterId: string; readonly kind: 'exposed' | 'hampered' }[];
  readonly usesFist: boolean;
  readonly isFeat: boolean;
}

const rule = (id: string, label: string, amount: number): StepModifier => ({ amount, origin: { kind: 'rule', id, label } });

/** True when the fighter may declare this kind of check a Feat (the class's Feats; conditional ones when opportune). */
export function canDeclareFeat(f: Fighter, check: FeatCheckKind, isOpportune = false): boolean {
  if (f.featDie === null) return false;
  return f.specials.featChecks.includes(check) || (isOpportune && f.specials.conditionalFeatChecks.includes(check));
}

function featBonus(f: Fighter, label: string): FeatDieBonus {
  return { sides: f.featDie!, origin: { kind: 'feat', id: 'feat-die', label: `Feat Die (${label})` } };
}

/** The reach a fighter defends with: its first weapon's, or null (monsters without one: no reach step, CB-8). */
function reachOf(f: Fighter): number | null {
  return f.weapons[0]?.reach ?? null;
}

/** Who rolls for an attack of `attacker` on `target` (ruling CB-2). */
export function attackModeOf(attacker: Fighter, target: Fighter): AttackMode {
  if (target.isInTotalDefense) return 'competition';
  if (attacker.role === 'minion' && target.role === 'pc' && attacker.attackValue !== null) return 'defense-roll';
  return 'attack-roll';
}

/**
 * Builds an attack of `attacker` on `target` (ATTACK!; HAMMERSMITH ACTIONS; Total Defense): the mode, both
 * rolls with every step and its origin, the target number, the damage and the defender's dice. Mistakes
 * (an unknown weapon, a called shot of 4 steps, a Feat the class does not grant) are problems.
 */
export function buildAttack(
  attacker: Fighter,
  target: Fighter,
  options: AttackOptions = {},
  settings: CombatSettings = DEFAULT_COMBAT_SETTINGS,
): CombatResult<BuiltAttack> {
  const weapon = options.weaponId === undefined ? attacker.weapons[0] : attacker.weapons.find((w) => w.id === options.weaponId);
  if (!weapon) {
    return combatProblem('combat/unknown-weapon', `${attacker.name} has no weapon '${options.weaponId ?? ''}'; choose one of: ${attacker.weapons.map((w) => w.id).join(', ') || '(none)'}`);
  }
  if (target.healthDie === null) return combatProblem('combat/fighter-down', `${target.name} is already down; choose a target still standing`);
  const called = options.calledShot ?? 0;
  if (!Number.isInteger(called) || called < 0 || called > MAX_CALLED_SHOT_STEPS) {
    return combatProblem('combat/called-shot-range', `a called shot costs 1 to ${MAX_CALLED_SHOT_STEPS} steps (the Smith says how hard the part is); got ${called}`);
  }
  const isOpportune = options.isOpportune === true || target.conditions.length > 0;
  const tacticalPlain = options.tactical === true && !weapon.isTactical;
  const featKind: FeatCheckKind = options.tactical ? 'tactical-attack' : 'attack';
  const isFeat = options.feat === true;
  if (isFeat && !canDeclareFeat(attacker, featKind, isOpportune)) {
    return combatProblem('combat/not-a-special', `${attacker.name} cannot declare ${options.tactical ? 'a Tactical Attack' : 'this attack'} a Feat (no class Feat covers it${attacker.specials.conditionalFeatChecks.includes(featKind) ? ' unless the target is hampered, distracted or unaware' : ''})`);
  }
  if (options.fistOfAngryGod && attacker.specials.fistUses === null) {
    return combatProblem('combat/not-a-special', `${attacker.name} does not have Fist of an Angry God`);
  }
  const mode = attackModeOf(attacker, target);
  const consumed: { fighterId: string; kind: 'exposed' | 'hampered' }[] = [];

  // The attacker's situation, in the attacker's favour.
  const aSteps: StepModifier[] = [];
  const isProficient = weapon.isProficient && !tacticalPlain;
  if (!isProficient) aSteps.push(rule('non-proficient', tacticalPlain ? 'Tactical Attack without a Tactical weapon: no WP' : 'no WP', NON_PROFICIENT_STEPS.attack));
  if (weapon.isUnderStrength) aSteps.push(rule('str-shortfall', 'STR below the weapon minimum', WEAPON_STR_SHORTFALL_STEPS.attack));
  if (attacker.isArmourTooHeavy) aSteps.push(rule('armour-str', 'STR below the armour minimum', ARMOUR_STR_SHORTFALL_STEPS));
  if (called > 0) aSteps.push(rule('called-shot', 'Called shot', -called));
  const isMeleeType = weapon.type === 'melee-standard' || weapon.type === 'melee-dueling';
  if (options.thrown && isMeleeType && weapon.range === null) aSteps.push(rule('thrown-melee', 'melee weapon thrown', -1));
  if (!options.thrown && weapon.range === 'throw-plus') aSteps.push(rule('throw-plus-melee', 'Throw+ weapon in melee', -1));
  if (options.fistOfAngryGod) aSteps.push({ amount: 1, origin: { kind: 'power', id: 'fist-of-an-angry-god', label: 'Fist of an Angry God' } });
  // A stock's step on every check of the stat the weapon attacks with (Troll Monstrous Strength on a STR melee attack; ST-14).
  for (const x of attacker.specials.stockStatSteps) if (weapon.attackStat === x.stat) aSteps.push(x.step);
  if (options.packBonus && attacker.specials.canidPack) aSteps.push({ amount: 1, origin: { kind: 'rule', id: 'canid-pack', label: 'Wolves hunt in packs' } });
  // A crit's doubled-up effect is two conditions of a kind: two steps (ruling CB-12).
  const exposed = target.conditions.filter((c) => c.kind === 'exposed').length;
  const attackerHampered = attacker.conditions.filter((c) => c.kind === 'hampered').length;
  const targetHampered = target.conditions.filter((c) => c.kind === 'hampered').length;
  if (exposed > 0) {
    aSteps.push(rule('exposed', `${target.name} exposed (Tactical Attack)`, exposed));
    consumed.push({ fighterId: target.id, kind: 'exposed' });
  }
  if (attackerHampered > 0) {
    aSteps.push(rule('hampered', `${attacker.name} hampered (Tactical Attack)`, -attackerHampered));
    consumed.push({ fighterId: attacker.id, kind: 'hampered' });
  }
  aSteps.push(...(options.attackSteps ?? []));

  // The defender's roll, in the defender's favour.
  const dSteps: StepModifier[] = [...(options.defenseSteps ?? [])];
  if (target.isArmourTooHeavy && mode !== 'attack-roll') dSteps.push(rule('armour-str', 'STR below the armour minimum', ARMOUR_STR_SHORTFALL_STEPS));
  if (mode === 'competition') {
    const ra = weapon.reach;
    const rd = reachOf(target);
    if (ra !== null && rd !== null && ra !== rd) {
      dSteps.push(rule('reach', `reach ${rd} against ${ra}`, rd > ra ? REACH_TOTAL_DEFENSE_STEPS : -REACH_TOTAL_DEFENSE_STEPS));
    }
  }
  if (targetHampered > 0 && mode !== 'attack-roll') {
    dSteps.push(rule('hampered', `${target.name} hampered (Tactical Attack)`, -targetHampered));
    consumed.push({ fighterId: target.id, kind: 'hampered' });
  }
  const defenseFeatKind: FeatCheckKind = mode === 'competition' && target.specials.featChecks.includes('total-defense') ? 'total-defense' : 'defense';
  const defenseFeat = options.defenseFeat === true && mode !== 'attack-roll' && canDeclareFeat(target, defenseFeatKind);

  let attack: AttackSpec['attack'];
  let defense: AttackSpec['defense'];
  let targetNumber: number;
  const attackMod: StaticModifier = weapon.attackStat
    ? { amount: weapon.attackMod, origin: { kind: 'stat', id: weapon.attackStat.toLowerCase(), label: `${weapon.attackStat} mod` } }
    : { amount: weapon.attackMod, origin: { kind: 'rule', id: 'monster-attack', label: 'attack bonus' } };
  const defenseMod: StaticModifier = { amount: target.defenseMod, origin: { kind: 'rule', id: 'defense-mod', label: 'DEX mod and Defense mods' } };
  const meet = settings.minionChallenge === 'meet' ? 1 : 0;
  if (mode === 'defense-roll') {
    // The player rolls against the minion's static attack: the attacker's steps turn against the roller (CB-7).
    const mirrored = aSteps.map((s) => ({ amount: -s.amount, origin: s.origin }));
    attack = {};
    defense = {
      mods: [defenseMod],
      steps: [...mirrored, ...dSteps],
      ...(defenseFeat ? { feat: featBonus(target, 'Defense') } : {}),
    };
    targetNumber = attacker.attackValue! - meet;
  } else {
    attack = {
      mods: [attackMod],
      steps: aSteps,
      ...(options.vantage ? { vantage: options.vantage } : {}),
      ...(isFeat ? { feat: featBonus(attacker, options.tactical ? 'Tactical Attack' : 'attack') } : {}),
    };
    defense = {
      mods: [defenseMod],
      steps: dSteps,
      ...(defenseFeat ? { feat: featBonus(target, defenseFeatKind === 'total-defense' ? 'Total Defense' : 'Defense') } : {}),
    };
    targetNumber = target.defense - (target.role === 'minion' ? meet : 0);
  }

  // Damage.
  const hSteps: StepModifier[] = [];
  if (weapon.harm.kind === 'harm-die' || options.harmDice) {
    if (!isProficient && !options.tactical) hSteps.push(rule('non-proficient', 'no WP', NON_PROFICIENT_STEPS.harm));
    if (weapon.isUnderStrength) hSteps.push(rule('str-shortfall', 'STR below the weapon minimum', WEAPON_STR_SHORTFALL_STEPS.harm));
    if (weapon.specializationTier >= 2 && !tacticalPlain) hSteps.push(rule('specialization-2', 'Weapon Specialization tier 2', 1));
    if (options.thrown && isMeleeType && weapon.range === null) hSteps.push(rule('thrown-melee', 'melee weapon thrown', -1));
    if (options.fistOfAngryGod) hSteps.push({ amount: 1, origin: { kind: 'power', id: 'fist-of-an-angry-god', label: 'Fist of an Angry God' } });
    if (attacker.specials.bloodRage && attacker.rage !== 'none') {
      const amount = attacker.rage === 'raging' ? attacker.specials.bloodRage.whileRaging : attacker.specials.bloodRage.after;
      hSteps.push({ amount, origin: { kind: 'rule', id: 'blood-rage', label: attacker.rage === 'raging' ? 'Blood Rage' : 'after Blood Rage' } });
    }
  }
  hSteps.push(...(options.harmSteps ?? []));
  const damageFeat = isFeat && canDeclareFeat(attacker, 'damage', isOpportune);
  const harm = prepareHarm({
    source: options.harmDice ?? weapon.harm,
    steps: hSteps,
    rerollUpTo: weapon.isTwoHanded ? attacker.specials.twoHandedRerollUpTo : 0,
    ...(damageFeat ? { feat: featBonus(attacker, 'damage') } : {}),
  });
  if (!harm.ok) return harm;
  const spec: AttackSpec = {
    mode,
    attack,
    defense,
    target: targetNumber,
    critMin: settings.critMin,
    critFaces: 1 + (weapon.isTwoHanded ? attacker.specials.twoHandedCritBonus : 0),
    harm: harm.harm,
    hit: {
      ...(weapon.isPenetrating ? { isPenetrating: true } : {}),
      ...(weapon.isMagickal ? { isMagickal: true } : {}),
      ...(options.critStepTo ? { critStepTo: options.critStepTo } : {}),
    },
    defender: {
      healthDie: target.healthDie,
      armourDie: target.armourDie,
      conMod: target.conMod,
      armourCoverage: target.armourCoverage,
      isArmourMagickal: target.isArmourMagickal,
    },
    damageSettings: settings.damage,
  };
  return { ok: true, spec, weapon, consumed, usesFist: options.fistOfAngryGod === true, isFeat };
}
