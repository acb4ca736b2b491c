/**
 * An attack between two character documents: the attacker's weapon, stat Modifier and trait bonuses,
 * the defender's Defense Die, shield, Toughness and CON, gathered into one `AttackSpec` for
 * `attackOdds` and `rollAttack`. Rules: So Long as Men Die, Stats; Inventory (Encumbrance, Hands and
 * Holding); Attacking and Defending; Armor; Toughness; Weapons; Traits. Rulings SL-7, SL-8, SL-13.
 */
import { ok, problem, type RuleResult } from '../rule-system.js';
import type { AttackSpec } from './attack.js';
import type { ExplosionRule } from './explode.js';
import type { SlamdCharacter } from './character.js';
import { BRACE_DEFENSE_BONUS, PRONE_DEFENSE_VS_MELEE, PRONE_DEFENSE_VS_RANGED } from './data/armour.js';
import { traitEffects } from './data/traits.js';
import { BARE_HAND_ID, BRACE_MOUNTED_DAMAGE_BONUS, findWeapon, hasQuality, type WeaponDamage } from './data/weapons.js';
import { inventoryReport } from './inventory.js';
import { exhaustFaces, freshToughness, type SoakPolicy } from './toughness.js';

/** How the attack is made: in melee (STR), at range (DEX) or by magic (INT) (Stats). */
export type AttackUse = 'melee' | 'ranged' | 'magic';

/** The situation of one attack. */
export interface AttackSetup {
  /** A weapon of the list the attacker holds, or `bare-hand`. */
  readonly weaponId: string;
  readonly use: AttackUse;
  readonly isDefenderProne?: boolean;
  /** The defender took the Brace movement this round. */
  readonly isDefenderBraced?: boolean;
  /** The defender is fighting in self-defence (Psychopath's +2). */
  readonly isDefenderInSelfDefence?: boolean;
  /** The attacker is mounted (Brace weapons deal +2). */
  readonly isAttackerMounted?: boolean;
  /** Toughness Dice the defender offers; default every fresh one. */
  readonly toughnessDice?: number;
  readonly soakPolicy?: SoakPolicy;
  /** Any other flat bonus the Smith allows, with its reason in the log. */
  readonly situationalBonus?: number;
  /** The table's `explosions` setting; once, as the text, when left out (ruling SL-9). */
  readonly explosions?: ExplosionRule;
}

const STAT_OF: Record<AttackUse, 'str' | 'dex' | 'int'> = { melee: 'str', ranged: 'dex', magic: 'int' };

/** The attacker's side of an attack: the weapon's damage, the Modifier, and what the weapon does to a defence. */
export interface AttackerSide {
  readonly damage: WeaponDamage;
  readonly modifier: number;
  readonly isNonlethal: boolean;
  readonly ignoresShields: boolean;
  readonly weaponLabel: string;
}

/**
 * The attacker's half of an attack (the Attack Roll), or why it cannot be made: the attacker down,
 * encumbered, not holding the weapon, blind at range, or the weapon not able to reach (Encumbrance;
 * Hands and Holding; Traits, Blind; ruling SL-21).
 */
export function attackerSideFor(attacker: SlamdCharacter, setup: AttackSetup): RuleResult<AttackerSide> {
  if (attacker.condition !== 'standing') return problem('so-long-as-men-die/attacker-down', `${attacker.name} is ${attacker.condition} and cannot attack.`, '$.attacker.condition');
  const mine = inventoryReport(attacker);
  if (!mine.ok) return mine;
  if (mine.value.isEncumbered) return problem('so-long-as-men-die/encumbered', `${attacker.name} is encumbered and cannot attack: drop or stow items until within the slots.`, '$.attacker.inventory');
  const weapon = findWeapon(setup.weaponId);
  if (weapon === undefined) return problem('so-long-as-men-die/unknown-weapon', `Unknown weapon ${setup.weaponId}; use an id of the weapon list.`, '$.weaponId');
  if (weapon.id !== BARE_HAND_ID && !attacker.inventory.some((e) => e.kind === 'weapon' && e.itemId === weapon.id && e.hands.length > 0)) {
    return problem('so-long-as-men-die/weapon-not-held', `${attacker.name} must hold the ${weapon.label} to attack with it (Readied items come to hand as a free action).`, '$.weaponId');
  }
  if (setup.use === 'ranged' && weapon.range === null) return problem('so-long-as-men-die/not-ranged', `The ${weapon.label} cannot be used at range.`, '$.use');
  if (setup.use === 'ranged' && attacker.traits.includes('blind')) return problem('so-long-as-men-die/blind', `${attacker.name} is blind: ranged weapons are impossible.`, '$.use');
  if (setup.use === 'melee' && weapon.range?.kind === 'ranged') return problem('so-long-as-men-die/not-melee', `The ${weapon.label} shoots; it is not a melee weapon.`, '$.use');

  const attackerEffects = traitEffects(attacker.traits);
  let damage: WeaponDamage = weapon.damage;
  let isNonlethal = hasQuality(weapon, 'nonlethal');
  if (weapon.id === BARE_HAND_ID) {
    for (const e of attackerEffects) {
      // Pugilist: harder fists, still Nonlethal; a Lizard's claws are no longer fists (ruling SL-21).
      if (e.kind === 'bare-hands' && e.damage !== null) damage = e.damage;
      if (e.kind === 'bare-hands' && e.isLethal === true) isNonlethal = false;
    }
  }
  let modifier = attacker.stats[STAT_OF[setup.use]].mod + (setup.situationalBonus ?? 0);
  for (const e of attackerEffects) {
    if (e.kind === 'attack-bonus' && (e.when === 'always' || setup.isDefenderInSelfDefence === true)) modifier += e.amount;
  }
  if (setup.use === 'melee' && setup.isDefenderProne === true) modifier += weapon.meleeVsProneBonus;
  if (setup.isAttackerMounted === true && hasQuality(weapon, 'brace')) modifier += BRACE_MOUNTED_DAMAGE_BONUS;
  return ok({ damage, modifier, isNonlethal, ignoresShields: weapon.ignoresShields, weaponLabel: weapon.label });
}

/**
 * Builds the attack between two characters, or says why it cannot be made: the attacker's side by
 * `attackerSideFor`, the defender's Defense, shield, Toughness and CON from its document.
 */
export function attackSpecFor(attacker: SlamdCharacter, defender: SlamdCharacter, setup: AttackSetup): RuleResult<AttackSpec> {
  const side = attackerSideFor(attacker, setup);
  if (!side.ok) return side;
  const { damage, modifier, isNonlethal } = side.value;
  const theirs = inventoryReport(defender);
  if (!theirs.ok) return { ok: false, error: { ...theirs.error, path: theirs.error.path?.replace(/^\$/, '$.defender') ?? '$.defender' } };
  let defenseBonus = side.value.ignoresShields ? 0 : theirs.value.shieldBonus;
  if (setup.isDefenderBraced === true) defenseBonus += BRACE_DEFENSE_BONUS;
  if (setup.isDefenderProne === true) defenseBonus += setup.use === 'melee' ? PRONE_DEFENSE_VS_MELEE : PRONE_DEFENSE_VS_RANGED;
  const fresh = theirs.value.isEncumbered || defender.condition !== 'standing' ? 0 : freshToughness(defender.toughness);
  const offered = setup.toughnessDice ?? fresh;
  if (!Number.isInteger(offered) || offered < 0 || offered > fresh) {
    return problem('so-long-as-men-die/toughness-offered', `${defender.name} can offer 0 to ${fresh} Toughness Dice${theirs.value.isEncumbered ? ' (encumbered: none)' : ''}, not ${offered}.`, '$.toughnessDice');
  }
  return ok({
    damage, modifier, explosions: setup.explosions ?? 'once', defenseDie: theirs.value.defenseDie, defenseBonus,
    toughnessDice: offered, soakPolicy: setup.soakPolicy ?? 'one-at-a-time',
    exhaustOn: exhaustFaces(defender.traits, theirs.value.isWearingArmour),
    conScore: defender.stats.con.score, conModifier: 0, isNonlethal,
  });
}
