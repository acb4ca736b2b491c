/**
 * Fighters: the one shape combat uses for player characters, the Smith's minions and bosses; what a
 * character brings to a fight (weapons with their attack and Harm modifiers, Defense, Armour Die, the
 * class and stock specials that act in combat) and the state a fight changes (dice, uses, conditions).
 * Rules: HAMMERCRAWL! v4, COMBAT (STANDARD COMBAT ACTIONS, HAMMERSMITH ACTIONS), WEAPONS & SHIELDS,
 * WEAPON PROFICIENCIES, ARMOUR, CLASSES, STOCKS. Rulings: docs/rulings.md (CB-n).
 */
import { HAMMERCRAWL_CHAIN, stepDie, type StepModifier } from '../../../dice/index.js';
import type { StatId } from '../check-modifiers.js';
import { dieSides, type Character } from '../character.js';
import { ARMOUR } from '../data/armour.js';
import { DEVOUT_POWERS, type ClassId, type FeatCheckKind, type LevelAmount } from '../data/classes.js';
import { HAMMERCRAWL_STOCKS, PALLADIUM_STOCKS, type Stock } from '../data/stocks.js';
import { WEAPONS, WEAPON_TYPES, type Weapon, type WeaponRangeId, type WeaponTypeId } from '../data/weapons.js';
import type { ArmourCoverage } from '../damage.js';
import { classById, levelAmount, pickEffects } from '../derived.js';

/** Which side of the fight a fighter is on. */
export type CombatSide = 'party' | 'foes';

/** A player character, one of the Smith's minions (static values the players roll against) or a boss (the Smith rolls; HAMMERSMITH ACTIONS). */
export type FighterRole = 'pc' | 'minion' | 'boss';

/**
 * Where an attack's Damage Value comes from (DAMAGE, step 1): the wielder's Harm Die plus a stat mod,
 * dice of its own (a monster's damage dice, a crossbow's dice given by the Smith), a static DV, or dice
 * the text never gives (the crossbows, ruling EQ-3).
 * @example { kind: 'harm-die', sides: 8, stat: 'STR', statMod: 1 }
 */
export type HarmSource =
  | { readonly kind: 'harm-die'; readonly sides: number; readonly stat: StatId | null; readonly statMod: number }
  | { readonly kind: 'dice'; readonly count: number; readonly sides: number; readonly mod: number }
  | { readonly kind: 'static'; readonly dv: number }
  | { readonly kind: 'unknown' };

/**
 * One way a fighter attacks: a weapon held or carried, or a monster's natural attack, with what the
 * rules add to its attack Challenge and Harm roll (ATTACK!; Weapon Types; WEAPON PROFICIENCIES).
 * @example { id: 'sword-long', type: 'melee-standard', attackStat: 'STR', attackMod: 1, isProficient: true, ... }
 */
export interface WeaponProfile {
  readonly id: string;
  readonly label: string;
  /** Row of the weapons table, or null for a monster's own attack. */
  readonly weaponId: string | null;
  readonly type: WeaponTypeId | 'natural';
  readonly reach: number | null;
  readonly range: WeaponRangeId | null;
  /** Two-handed: its damage dice re-roll 1s (Weapon Types, 2H; ruling EQ-16 on which weapons). */
  readonly isTwoHanded: boolean;
  /** Without the WP: -1 step on attack and on the Harm Die (WEAPON PROFICIENCIES). */
  readonly isProficient: boolean;
  /** Weapon Specialization tier 0-3: 2 gives +1 Harm step, 3 a second attack (Weapon Specialization). */
  readonly specializationTier: number;
  /** STR below the weapon's minimum: -1 step on attack and damage (WEAPONS & SHIELDS, STR column). */
  readonly isUnderStrength: boolean;
  readonly attackStat: StatId | null;
  /** The stat mod (or a monster's attack bonus) added to its attack Challenge. */
  readonly attackMod: number;
  readonly harm: HarmSource;
  readonly isPenetrating: boolean;
  readonly isMagickal: boolean;
  /** Tactical tag: WPs and Specializations apply to Tactical Attacks with it (Weapon Tags). */
  readonly isTactical: boolean;
  /** Thrown weapons (Throw+, or any thrown): what a Thrower's barrage uses. */
  readonly canBeThrown: boolean;
}

/**
 * The class and stock specials that act in combat, read from the character's class picks and stock
 * (CLASSES; STOCKS). Counts are per Venture where the rules say so.
 */
export interface CombatSpecials {
  /** Checks the fighter may always declare as Feats (the Combatant's attack and Defense, Combat Hardened ...). */
  readonly featChecks: readonly FeatCheckKind[];
  /** Checks that are Feats only when a condition holds (Opportunist: the target hampered, distracted or unaware). */
  readonly conditionalFeatChecks: readonly FeatCheckKind[];
  /** HD Re-rolls per Venture (Combatant: the level). */
  readonly hdRerolls: number;
  readonly hackAndSlash: boolean;
  /** Momentum Attacks on the Attack action (Combatant: 1, 2 from 5, 3 from 10). */
  readonly momentumAttacks: number;
  /** Two-Fisted: step penalties (negative) of the primary and secondary weapon at this level, or null. */
  readonly dualWield: { readonly primarySteps: number; readonly secondarySteps: number } | null;
  /** Highest face re-rolled on two-handed damage dice: 1 for everyone (Weapon Types), 2 with the Two-Handed shtick. */
  readonly twoHandedRerollUpTo: number;
  /** Extra crit faces with two-handed attacks (Two-Handed: +1 at 2, 6 and 10). */
  readonly twoHandedCritBonus: number;
  /** Thrower's barrage: extra thrown attacks, the damage step and the cumulative attack step, or null. */
  readonly barrage: { readonly extraAttacks: number; readonly damageSteps: number; readonly attackStepPerExtra: number } | null;
  readonly sharpshooter: boolean;
  /** Tank: Covering Defense is unlocked. */
  readonly covering: boolean;
  /** Revenant: faces re-rolled on Health Die soaks (1, or 2 advanced) and advantage (advanced), or null. */
  readonly revenant: { readonly rerollUpTo: number; readonly advantage: boolean } | null;
  /** Fist of an Angry God: uses per Venture, or null without the power. */
  readonly fistUses: number | null;
  readonly layOnHands: 'basic' | 'advanced' | null;
  readonly commander: boolean;
  /** Spell Penetration: steps (negative) on Saves against the fighter's spells (True Mage 4 and 9). */
  readonly spellPenetrationSteps: number;
  /** Canid: wolves hunt in packs. */
  readonly canidPack: boolean;
  /** Droffen: Armour Die re-rolls per Venture (CON mod, never below 0). */
  readonly armourRerolls: number;
  /** Droffen: the level added to STR and CON Saves on stone or earth. */
  readonly strengthOfTheEarth: boolean;
  /** Elfin: advantage on INT Saves at full Health Die. */
  readonly elfinIntAdvantage: boolean;
  /**
   * The stock's one-step bonus on every check of a stat (Ogre Monstrous Endurance on CON, Troll
   * Monstrous Strength on STR; ruling ST-14): a melee attack with STR, that stat's Saves.
   */
  readonly stockStatSteps: readonly { readonly stat: StatId; readonly step: StepModifier }[];
  /** Ogren Blood Rage (a draft in the text): Harm steps while raging and after, or null. */
  readonly bloodRage: { readonly whileRaging: number; readonly after: number } | null;
}

/** What a fighter brings into a fight: no conditions, no Total Defense, no last target, no Blood Rage yet. */
export const FRESH_FIGHT_STATE: Pick<Fighter, 'conditions' | 'isInTotalDefense' | 'isCovering' | 'lastTargetId' | 'lastLayOnHandsRound' | 'rage'> = Object.freeze({
  conditions: Object.freeze([]),
  isInTotalDefense: false,
  isCovering: false,
  lastTargetId: null,
  lastLayOnHandsRound: null,
  rage: 'none',
});

/** Specials of a fighter with none (a minion, a boss, a character without combat specials). */
export const NO_SPECIALS: CombatSpecials = Object.freeze({
  featChecks: [],
  conditionalFeatChecks: [],
  hdRerolls: 0,
  hackAndSlash: false,
  momentumAttacks: 0,
  dualWield: null,
  twoHandedRerollUpTo: 1,
  twoHandedCritBonus: 0,
  barrage: null,
  sharpshooter: false,
  covering: false,
  revenant: null,
  fistUses: null,
  layOnHands: null,
  commander: false,
  spellPenetrationSteps: 0,
  canidPack: false,
  armourRerolls: 0,
  strengthOfTheEarth: false,
  elfinIntAdvantage: false,
  stockStatSteps: [],
  bloodRage: null,
});

/**
 * A lasting effect on a fighter from a Tactical Attack or the Smith (Tactical ATTACK!): `exposed` (the
 * next check against them +1 step), `hampered` (their next check -1 step), `loses-action` (no standard
 * action on their next turn), `smith` (free text the Smith rules on).
 */
export interface Condition {
  readonly kind: 'exposed' | 'hampered' | 'loses-action' | 'smith';
  readonly source: string;
  readonly text?: string;
}

/** Uses left this Venture. */
export interface FighterResources {
  readonly hdRerolls: number;
  readonly armourRerolls: number;
  readonly fistUses: number;
}

/** One combatant: what they are and the state the fight changes (COMBAT). */
export interface Fighter {
  readonly id: string;
  readonly name: string;
  readonly side: CombatSide;
  readonly role: FighterRole;
  /** A character's level, a monster's HD (Saves compare them). */
  readonly level: number;
  /** Current Health Die; null is down, unconscious and dying. */
  readonly healthDie: number | null;
  readonly baseHealthDie: number;
  readonly armourDie: number | null;
  readonly baseArmourDie: number | null;
  readonly armourCoverage: ArmourCoverage;
  readonly isArmourMagickal: boolean;
  /** Worn armour needs more STR than the wearer has: -1 step on actions of physical movement (ARMOUR, STR). */
  readonly isArmourTooHeavy: boolean;
  readonly conMod: number;
  /** Passive Defense: what an attack Challenge against this fighter must beat. */
  readonly defense: number;
  /** The mod on this fighter's own Defense rolls: DEX mod plus Defense gear and class bonuses (ruling CB-4). */
  readonly defenseMod: number;
  /** A minion's static attack value, which a player's Defense roll must beat (HAMMERSMITH ACTIONS); null for others. */
  readonly attackValue: number | null;
  readonly saveMods: { readonly [K in StatId]: number };
  /** Stat scores (for Tactical Attack Save targets and Tank tags); null for monsters. */
  readonly statScores: { readonly [K in StatId]: number } | null;
  readonly featDie: number | null;
  readonly weapons: readonly WeaponProfile[];
  readonly specials: CombatSpecials;
  readonly stockId: string | null;
  readonly classId: ClassId | null;
  readonly resources: FighterResources;
  readonly conditions: readonly Condition[];
  /** In Total Defense until their next turn. */
  readonly isInTotalDefense: boolean;
  /** A Tank in Total Defense covering allies (Covering Defense). */
  readonly isCovering: boolean;
  /** The target of this fighter's most recent action (Canid pack bonus). */
  readonly lastTargetId: string | null;
  /** Round of the last Lay on Hands in combat (advanced: once every other round). */
  readonly lastLayOnHandsRound: number | null;
  /** Ogren Blood Rage state. */
  readonly rage: 'none' | 'raging' | 'after';
}

const ZERO_MODS: { readonly [K in StatId]: number } = Object.freeze({ STR: 0, DEX: 0, CON: 0, INT: 0, WIL: 0, CHA: 0, SOC: 0 });

function stockOfCharacter(c: Character): Stock | undefined {
  const list: readonly Stock[] = c.setting === 'palladium' ? PALLADIUM_STOCKS : HAMMERCRAWL_STOCKS;
  return list.find((s) => s.id === c.stock);
}

function valueAtLevel(byLevel: readonly { readonly level: number; readonly value: number }[], level: number): number {
  let v = 0;
  for (const row of byLevel) if (row.level <= level) v = row.value;
  return v;
}

/** The specials of a character that act in combat (CLASSES; STOCKS). */
export function combatSpecialsOf(c: Character): CombatSpecials {
  const cls = classById(c.class);
  const level = c.level;
  const feat = new Set<FeatCheckKind>();
  const conditional = new Set<FeatCheckKind>();
  for (const f of cls.feats) if (f.scope.kind === 'check' && f.status === 'complete') feat.add(f.scope.check);
  const s: { -readonly [K in keyof CombatSpecials]: CombatSpecials[K] } = { ...NO_SPECIALS };
  for (const { effect } of pickEffects(cls, c.classPicks)) {
    switch (effect.kind) {
      case 'feat-checks':
        for (const k of effect.checks) (effect.condition === null ? feat : conditional).add(k);
        break;
      case 'rerolls':
        if (effect.appliesTo === 'hd-rolls') s.hdRerolls = level;
        break;
      case 'extra-attacks':
        s.momentumAttacks = valueAtLevel(effect.byLevel, level);
        break;
      case 'dual-wield': {
        let row = effect.byLevel[0];
        for (const r of effect.byLevel) if (r.level <= level) row = r;
        if (row) s.dualWield = { primarySteps: row.primarySteps, secondarySteps: row.secondarySteps };
        break;
      }
      case 'reroll-faces':
        if (effect.appliesTo === 'two-handed-damage') s.twoHandedRerollUpTo = Math.max(s.twoHandedRerollUpTo, ...effect.faces);
        if (effect.appliesTo === 'hd-soak') s.revenant = { rerollUpTo: Math.max(...effect.faces), advantage: s.revenant?.advantage ?? false };
        break;
      case 'vantage':
        if (effect.appliesTo === 'hd-soak') s.revenant = { rerollUpTo: s.revenant?.rerollUpTo ?? 1, advantage: true };
        break;
      case 'crit-range':
        if (effect.appliesTo === 'two-handed-attack') s.twoHandedCritBonus = valueAtLevel(effect.byLevel, level);
        break;
      case 'barrage':
        s.barrage = {
          extraAttacks: valueAtLevel(effect.byLevel, level),
          damageSteps: effect.damageSteps,
          attackStepPerExtra: effect.cumulativeAttackStepsPerExtraAttack,
        };
        break;
      case 'second-die-trigger':
        s.sharpshooter = true;
        break;
      case 'unlocks-rule':
        if (effect.rule === 'covering-defense') s.covering = true;
        break;
      case 'heal-hd-steps':
        s.layOnHands = s.layOnHands ?? 'basic';
        break;
      case 'save-steps-against-spells':
        s.spellPenetrationSteps = -valueAtLevel(effect.byLevel, level);
        break;
      case 'text':
        break;
      default:
        break;
    }
  }
  for (const p of cls.specialIds) {
    if (p === 'hack-and-slash') s.hackAndSlash = true;
  }
  for (const p of c.classPicks) {
    if (p.kind === 'specialist-choice' && p.id === 'commander') s.commander = true;
    if ((p.kind === 'devout-power' || p.kind === 'holy-mage-power') && (p.id === 'fist-of-an-angry-god' || p.id === 'lay-on-hands')) {
      const advanced = p.kind === 'holy-mage-power' || p.version === 'advanced';
      if (p.id === 'lay-on-hands') s.layOnHands = advanced ? 'advanced' : 'basic';
      else {
        const power = DEVOUT_POWERS.find((x) => x.id === p.id);
        const version = advanced ? power?.advanced : power?.basic;
        const amount: LevelAmount | undefined = version?.uses[0]?.amount;
        s.fistUses = amount ? Math.max(0, levelAmount(amount, level, c.stats)) : 0;
      }
    }
  }
  const stock = stockOfCharacter(c);
  for (const ability of stock?.abilities ?? []) {
    if (ability.isDraft && ability.effects.every((e) => e.kind !== 'blood-rage')) continue;
    for (const e of ability.effects) {
      if (e.kind === 'check-step' && e.stat === null && c.stock === 'canid') s.canidPack = true;
      if (e.kind === 'armour-die-rerolls') s.armourRerolls = Math.max(0, c.stats[e.count.stat].mod);
      if (e.kind === 'save-bonus') s.strengthOfTheEarth = true;
      if (e.kind === 'check-step' && e.stat !== null && e.condition === null && !s.stockStatSteps.some((x) => x.stat === e.stat)) {
        s.stockStatSteps = [...s.stockStatSteps, { stat: e.stat, step: { amount: e.amount, origin: { kind: 'rule', id: ability.id, label: ability.label } } }];
      }
      if (e.kind === 'save-vantage' && e.stats.includes('INT')) s.elfinIntAdvantage = true;
      if (e.kind === 'blood-rage') s.bloodRage = { whileRaging: e.harmStepWhileRaging, after: e.harmStepAfterRage };
    }
  }
  s.featChecks = [...feat];
  s.conditionalFeatChecks = [...conditional].filter((k) => !feat.has(k));
  return s;
}

function requireDie(text: string, what: string): number {
  const sides = dieSides(text);
  if (sides === null) throw new RangeError(`${what} is not a die: ${text}`);
  return sides;
}

/** A weapon of the table as a character wields it (ATTACK!; Weapon Types; WEAPON PROFICIENCIES). */
export function weaponProfile(c: Character, weapon: Weapon, harmDie: number): WeaponProfile {
  const type = WEAPON_TYPES.find((t) => t.id === weapon.type)!;
  const wp = c.weaponProficiencies.find((w) => w.id === weapon.proficiencyId);
  const attackStat = type.attackStatMod;
  let harm: HarmSource;
  if (weapon.harm.kind === 'wielder-harm-die') {
    const stat = weapon.harm.statMod;
    harm = { kind: 'harm-die', sides: harmDie, stat, statMod: stat === null ? 0 : c.stats[stat].mod };
  } else if (weapon.harm.dice) {
    harm = { kind: 'dice', count: weapon.harm.dice.count, sides: weapon.harm.dice.sides, mod: weapon.harm.mod ?? 0 };
  } else {
    harm = { kind: 'unknown' };
  }
  const tags = weapon.tags as readonly string[];
  const specialTags = wp && wp.specializationTier >= 1 && weapon.special ? (weapon.special.grantsTags as readonly string[]) : [];
  return {
    id: weapon.id,
    label: weapon.label,
    weaponId: weapon.id,
    type: weapon.type,
    reach: weapon.reach,
    range: weapon.range,
    isTwoHanded: weapon.hands === 2,
    isProficient: wp !== undefined,
    specializationTier: wp?.specializationTier ?? 0,
    isUnderStrength: c.stats.STR.score < weapon.strMin,
    attackStat,
    attackMod: c.stats[attackStat].mod,
    harm,
    isPenetrating: tags.includes('penetrating'),
    isMagickal: false,
    isTactical: tags.includes('tactical') || specialTags.includes('tactical'),
    canBeThrown: weapon.range === 'throw-plus' || weapon.range === 'throw-minus' || weapon.type === 'ranged-missile' && weapon.reach !== null,
  };
}

/**
 * A Palladium stock's natural weapon, Claws and Teeth (Natural Weapons: naturally proficient, the Harm Die
 * moved by the stock's step, ST-13): a standard melee attack with STR, reach 0 like unarmed.
 */
export function naturalWeaponOf(c: Character, harmDie: number): WeaponProfile | null {
  const stock = stockOfCharacter(c);
  for (const ability of stock?.abilities ?? []) {
    for (const e of ability.effects) {
      if (e.kind !== 'natural-proficiency') continue;
      const wp = c.weaponProficiencies.find((w) => w.id === e.weapon);
      return {
        id: e.weapon,
        label: 'Claws and Teeth',
        weaponId: null,
        type: 'melee-standard',
        reach: 0,
        range: null,
        isTwoHanded: false,
        isProficient: true,
        specializationTier: wp?.specializationTier ?? 0,
        isUnderStrength: false,
        attackStat: 'STR',
        attackMod: c.stats.STR.mod,
        harm: { kind: 'harm-die', sides: stepDie(HAMMERCRAWL_CHAIN, harmDie, e.harmStep, 'clamp').dice[0]!, stat: 'STR', statMod: c.stats.STR.mod },
        isPenetrating: false,
        isMagickal: false,
        isTactical: false,
        canBeThrown: false,
      };
    }
  }
  return null;
}

/** Options for turning a character into a fighter. */
export interface FighterFromCharacterOptions {
  readonly id?: string;
  readonly side?: CombatSide;
}

/**
 * A character as a fighter (ANATOMY OF A CHARACTER; ARMOUR; WEAPONS & SHIELDS): Health, Harm and Feat
 * Dice from the document (current and base: the worn armour's Armour Die as play left it), passive
 * Defense from the document, every weapon carried (held first) plus Unarmed, and the combat specials.
 * @example fighterFromCharacter(character).weapons[0].label // 'Sword, Long'
 */
export function fighterFromCharacter(c: Character, options: FighterFromCharacterOptions = {}): Fighter {
  // The document keeps the current dice and their bases (PL-2, PL-3): a fighter starts where play left them.
  const healthDie = c.healthDie === null ? null : requireDie(c.healthDie, 'the Health Die');
  const baseHealthDie = requireDie(c.baseHealthDie, 'the base Health Die');
  const harmDie = requireDie(c.harmDie, 'the Harm Die');
  const featDie = requireDie(c.featDie, 'the Feat Die');
  const worn = c.inventory.map((i) => (i.carried === 'worn' ? ARMOUR.find((a) => a.id === i.id) : undefined)).find((a) => a !== undefined);
  const armourDie: number | null = c.armourDie === null ? null : requireDie(c.armourDie, 'the Armour Die');
  const baseArmourDie: number | null = c.baseArmourDie === null ? null : requireDie(c.baseArmourDie, 'the base Armour Die');
  const carried = [...c.inventory].sort((a, b) => (a.carried === 'held' ? 0 : 1) - (b.carried === 'held' ? 0 : 1));
  const weapons: WeaponProfile[] = [];
  for (const item of carried) {
    const w = WEAPONS.find((x) => x.id === item.id);
    if (w && !weapons.some((p) => p.id === w.id)) weapons.push(weaponProfile(c, w, harmDie));
  }
  const natural = naturalWeaponOf(c, harmDie);
  if (natural) weapons.push(natural);
  const unarmed = WEAPONS.find((w) => w.id === 'unarmed');
  if (unarmed && !weapons.some((p) => p.id === 'unarmed')) weapons.push(weaponProfile(c, unarmed, harmDie));
  const specials = combatSpecialsOf(c);
  const saveMods = { STR: 0, DEX: 0, CON: 0, INT: 0, WIL: 0, CHA: 0, SOC: 0 };
  const statScores = { STR: 0, DEX: 0, CON: 0, INT: 0, WIL: 0, CHA: 0, SOC: 0 };
  for (const k of Object.keys(saveMods) as StatId[]) {
    saveMods[k] = c.stats[k].mod;
    statScores[k] = c.stats[k].score;
  }
  return {
    id: options.id ?? c.name,
    name: c.name,
    side: options.side ?? 'party',
    role: 'pc',
    level: c.level,
    healthDie,
    baseHealthDie,
    armourDie,
    baseArmourDie,
    armourCoverage: 'full',
    isArmourMagickal: false,
    isArmourTooHeavy: worn !== undefined && c.stats.STR.score < worn.strMin,
    conMod: c.stats.CON.mod,
    defense: c.defense,
    defenseMod: c.stats.DEX.mod + (c.defense - c.stats.DEX.half),
    attackValue: null,
    saveMods,
    statScores,
    featDie,
    weapons,
    specials,
    stockId: c.stock,
    classId: c.class,
    resources: { hdRerolls: specials.hdRerolls, armourRerolls: specials.armourRerolls, fistUses: specials.fistUses ?? 0 },
    ...FRESH_FIGHT_STATE,
  };
}

/**
 * A monster as the Smith writes it (HAMMERSMITH ACTIONS; DAMAGE: "Monster damage ranges from 1 ... to
 * 10"): HD, an attack value (or `+N` bonus), a static Defense, damage (a static DV or dice), and
 * optionally Health and Armour Dice.
 * @example { name: 'goblin', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv: 4 }, count: 4 }
 */
export interface MonsterSpec {
  readonly name: string;
  readonly role?: 'minion' | 'boss';
  readonly hd: number;
  /** The attack: a static value a player's Defense roll must beat, or a bonus when `attackIsBonus` (ruling CB-3). */
  readonly attack: number;
  readonly attackIsBonus?: boolean;
  readonly defense: number;
  readonly damage: HarmSource;
  /** Health Die; by default from the HD (ruling CB-5). */
  readonly healthDie?: number;
  readonly armourDie?: number | null;
  readonly conMod?: number;
  readonly saveMod?: number;
  readonly reach?: number | null;
  /** A static initiative value, kept for the initiative module (this one does not roll initiative, CB-18). */
  readonly initiative?: number;
  readonly count?: number;
}

/** The value a bonus written `+N` stands for when players roll against it: 10 + N, the bonus's middle roll (ruling CB-3). */
export const MONSTER_TAKE_VALUE = 10;

/**
 * A monster's default Health Die from its HD: d6 at 1 HD, one step up the chain per HD more, one down for
 * 0 HD (ruling CB-5).
 * @example monsterHealthDie(3) // 8
 */
export function monsterHealthDie(hd: number): number {
  return stepDie(HAMMERCRAWL_CHAIN, 6, hd - 1, 'clamp').dice[0]!;
}

/**
 * The fighters a monster spec stands for (`count` of them, ids `name-1`, `name-2` ...): a minion has static
 * attack, Defense and damage values the players roll against; a boss rolls its attacks (HAMMERSMITH ACTIONS).
 */
export function monsterFighters(spec: MonsterSpec, side: CombatSide = 'foes'): Fighter[] {
  const count = spec.count ?? 1;
  const bonus = spec.attackIsBonus ? spec.attack : spec.attack - MONSTER_TAKE_VALUE;
  const value = spec.attackIsBonus ? MONSTER_TAKE_VALUE + spec.attack : spec.attack;
  const healthDie = spec.healthDie ?? monsterHealthDie(spec.hd);
  const armourDie = spec.armourDie ?? null;
  const role = spec.role ?? 'minion';
  const weapon: WeaponProfile = {
    id: 'natural',
    label: `${spec.name} attack`,
    weaponId: null,
    type: 'natural',
    reach: spec.reach ?? null,
    range: null,
    isTwoHanded: false,
    isProficient: true,
    specializationTier: 0,
    isUnderStrength: false,
    attackStat: null,
    attackMod: bonus,
    harm: spec.damage,
    isPenetrating: false,
    isMagickal: false,
    isTactical: false,
    canBeThrown: false,
  };
  const saveMod = spec.saveMod ?? 0;
  const out: Fighter[] = [];
  for (let i = 1; i <= count; i++) {
    out.push({
      id: count === 1 ? spec.name : `${spec.name}-${i}`,
      name: count === 1 ? spec.name : `${spec.name} ${i}`,
      side,
      role,
      level: spec.hd,
      healthDie,
      baseHealthDie: healthDie,
      armourDie,
      baseArmourDie: armourDie,
      armourCoverage: 'full',
      isArmourMagickal: false,
      isArmourTooHeavy: false,
      conMod: spec.conMod ?? 0,
      defense: spec.defense,
      defenseMod: spec.defense - MONSTER_TAKE_VALUE,
      attackValue: role === 'minion' ? value : null,
      saveMods: { ...ZERO_MODS, STR: saveMod, DEX: saveMod, CON: saveMod, INT: saveMod, WIL: saveMod, CHA: saveMod },
      statScores: null,
      featDie: null,
      weapons: [weapon],
      specials: NO_SPECIALS,
      stockId: null,
      classId: null,
      resources: { hdRerolls: 0, armourRerolls: 0, fistUses: 0 },
      ...FRESH_FIGHT_STATE,
    });
  }
  return out;
}
