/**
 * The character classes as typed data: the four core classes and the experimental Charlatan, with prime
 * stats, HD, Feats, skill and WP progressions, class specials, shticks, foci, Devout powers, Specialist
 * choices, spellcasting profiles, starting gear and the random class roll.
 * Rules: HAMMERCRAWL! v4, CLASSES (CORE), CLASSES (EXPERIMENTAL), CHARACTER CREATION; rulings in
 * docs/rulings.md (CL-n). Descriptions are the project's own words; numbers and names are the rules'.
 */
import type { StatId } from '../check-modifiers.js';
import type { FeatDieColumn } from '../feat-die.js';
import type { GearItemId, GearSize } from './gear.js';
import { CORE_STAT_IDS, type PrimeStatRule } from './stocks.js';

// ---------------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------------

/** Every class id: the four core classes and the experimental Charlatan (CLASSES (CORE), (EXPERIMENTAL)). */
export type ClassId = 'combatant' | 'true-mage' | 'devout' | 'specialist' | 'charlatan';

/** Whether an entry is complete in the rules, or marked WIP / TBD / "??" there (the gap is ruled, CL-n). */
export type ContentStatus = 'complete' | 'wip';

/**
 * A class's prime stat (CLASSES (CORE), TEMPLATE), in the stocks' shape: one fixed stat, or one chosen
 * (rolled under Option A) from a list: "STR or DEX (choice)", "WIL or CHA", and the Specialist's "CHOOSE"
 * as any of the six stats with a Save (CL-2).
 * @example { kind: 'choose-one', from: ['STR', 'DEX'] }
 */
export type ClassPrimeStat = PrimeStatRule;

/** A kind of check a class (or power) may declare as a Feat (THE FEAT DIE; each class's Feats). */
export type FeatCheckKind =
  | 'attack'
  | 'defense'
  | 'damage'
  | 'spellcasting'
  | 'psionic-spellcasting'
  | 'initiative'
  | 'untrained-skill'
  | 'total-defense'
  | 'tactical-attack';

/**
 * What one class Feat covers: a Save of a stat, a Save chosen among stats, the prime stat's Save, one
 * other Save of choice, a kind of check (spellcasting also when defending), or a gap in the text ("???").
 * @example { kind: 'save-choice', options: ['STR', 'DEX'] }
 */
export type ClassFeatScope =
  | { readonly kind: 'save'; readonly stat: StatId }
  | { readonly kind: 'save-choice'; readonly options: readonly StatId[] }
  | { readonly kind: 'prime-stat-save' }
  | { readonly kind: 'other-save-choice'; readonly options: readonly StatId[] }
  | {
      readonly kind: 'check';
      readonly check: FeatCheckKind;
      /** Also when resisting such checks made against the holder (spellcasting: "as Caster and as Defender"). */
      readonly alsoAsDefender: boolean;
    }
  | { readonly kind: 'unstated' };

/** One entry of a class's Feats list. */
export interface ClassFeat {
  readonly id: string;
  readonly label: string;
  readonly scope: ClassFeatScope;
  readonly status: ContentStatus;
}

/**
 * The skill progression rule (each class's "Skill Progression"): `atLevelOne` skills, plus one per point of
 * the chosen prime stat's positive mod (CL-4), plus `perNewLevel` at each level after the first (CL-3).
 */
export interface SkillProgressionRule {
  readonly atLevelOne: number;
  readonly primeStatBonus: 'one-per-positive-mod-point';
  readonly perNewLevel: number;
}

/**
 * The WP progression rule (each class's "WP Progression"): `atLevelOne` WPs, then `perNewLevel` at every
 * new level or only at new even-numbered levels (CL-5); a cap on specialization ranks bought per level-up.
 */
export interface WpProgressionRule {
  readonly atLevelOne: number;
  readonly perNewLevel: number;
  readonly onLevels: 'every-new-level' | 'even-new-levels';
  /** At most this many specialization ranks bought or raised per level-up, across all weapons (CL-5). */
  readonly maxSpecializationsPerLevelUp: number | null;
}

/** What is gained at one level and the running total at that level (progressions by level). */
export interface LevelCount {
  readonly level: number;
  readonly gained: number;
  readonly total: number;
}

/** A value that changes at stated levels: from `level` on, `value` holds (until the next entry). */
export interface LevelValue {
  readonly level: number;
  readonly value: number;
}

/**
 * An amount that depends on the character: a fixed number, the level (times a factor), the level plus a
 * stat mod or half-stat, or half the Feat Die's maximum (rounded up).
 * @example { kind: 'level-plus-stat-mod', stat: 'CHA' } // Fist of an Angry God, basic
 */
export type LevelAmount =
  | { readonly kind: 'fixed'; readonly value: number }
  | { readonly kind: 'level'; readonly factor: number }
  | { readonly kind: 'level-plus-stat-mod'; readonly stat: StatId }
  | { readonly kind: 'level-plus-half-stat'; readonly stat: StatId }
  | { readonly kind: 'half-feat-die-max' };

/** How often something can be used: an amount per Venture, per exploration turn, or every other round. */
export interface Uses {
  readonly amount: LevelAmount;
  readonly per: 'venture' | 'turn' | 'every-other-round';
  readonly context: 'any' | 'out-of-combat' | 'in-combat';
}

/** Which rolls an effect touches. */
export type RollScope =
  | 'hd-rolls'
  | 'hd-soak'
  | 'two-handed-damage'
  | 'two-handed-attack'
  | 'thrown-attack'
  | 'ranged-attack'
  | 'morale';

/** The spellcasting profiles' ids (see `SPELLCASTING_PROFILES`). */
export type SpellcastingProfileId =
  | 'true-mage-spellcasting'
  | 'traditional-mage-spellcasting'
  | 'devout-basic-spellcasting'
  | 'devout-advanced-spellcasting'
  | 'spellblade-spellcasting'
  | 'eldritch-dabbler-spellcasting';

/**
 * A machine-readable effect of a special, shtick, focus or power; `text` where the effect is narrative or
 * the rules leave it open (the Smith adjudicates). Step amounts are in the holder's favour unless named
 * as a penalty.
 * @example { kind: 'crit-range', appliesTo: 'two-handed-attack', byLevel: [{ level: 2, value: 1 }, ...] }
 */
export type FeatureEffect =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'spellcasting'; readonly profileId: SpellcastingProfileId }
  | {
      readonly kind: 'replace-spellcasting';
      readonly replacesProfileId: SpellcastingProfileId;
      readonly profileId: SpellcastingProfileId;
    }
  | { readonly kind: 'unlocks-rule'; readonly rule: 'mana-burn' | 'covering-defense'; readonly ref: string }
  | { readonly kind: 'feat-checks'; readonly checks: readonly FeatCheckKind[]; readonly condition: string | null }
  | { readonly kind: 'rerolls'; readonly appliesTo: RollScope }
  | { readonly kind: 'reroll-faces'; readonly faces: readonly number[]; readonly appliesTo: RollScope }
  | { readonly kind: 'vantage'; readonly mark: 'adv'; readonly appliesTo: RollScope }
  | { readonly kind: 'extra-attacks'; readonly on: 'attack-action'; readonly byLevel: readonly LevelValue[] }
  | {
      readonly kind: 'dual-wield';
      /** Step penalties (negative) to attack and damage of the primary and the secondary weapon, from a level on. */
      readonly byLevel: readonly { readonly level: number; readonly primarySteps: number; readonly secondarySteps: number }[];
    }
  | {
      readonly kind: 'barrage';
      /** Thrown attacks beyond the first, from a level on. */
      readonly byLevel: readonly LevelValue[];
      readonly damageSteps: number;
      readonly cumulativeAttackStepsPerExtraAttack: number;
    }
  | { readonly kind: 'crit-range'; readonly appliesTo: RollScope; readonly byLevel: readonly LevelValue[] }
  | {
      readonly kind: 'second-die-trigger';
      readonly appliesTo: RollScope;
      readonly options: readonly { readonly id: string; readonly label: string }[];
      readonly extraChoicesWhenBothCrit: number;
    }
  | { readonly kind: 'passive-defense-bonus'; readonly amount: LevelAmount; readonly condition: string | null }
  | {
      readonly kind: 'taunt';
      readonly maxTargets: LevelAmount;
      readonly rangeMeters: LevelAmount;
      /** Tagged opponents must beat a Challenge against this stat's score of the holder to act against others. */
      readonly challengeAgainst: StatId;
    }
  | { readonly kind: 'save-steps-against-spells'; readonly byLevel: readonly LevelValue[] }
  | {
      readonly kind: 'stat-burn';
      readonly stat: StatId;
      readonly spellLevelsPerPoint: number;
      readonly threatRangePerPoint: number;
    }
  | {
      readonly kind: 'choose-devout-power';
      readonly version: 'advanced';
      readonly count: number;
      readonly excludedIds: readonly string[];
    }
  | { readonly kind: 'set-class-hd'; readonly sides: number }
  | { readonly kind: 'class-hd-steps'; readonly steps: number }
  | {
      readonly kind: 'replace-wp-progression';
      readonly rule: WpProgressionRule;
      readonly byLevel: readonly LevelCount[];
    }
  | { readonly kind: 'armour-casting-penalty-reduction'; readonly amount: LevelAmount }
  | { readonly kind: 'armour-die-steps'; readonly steps: number; readonly unarmouredDie: number }
  | {
      readonly kind: 'heal-hd-steps';
      readonly steps: number;
      readonly stepsOnCrit: number;
      readonly critMin: number;
      readonly testStat: StatId;
      readonly againstHalfStatWhen: string;
      readonly impossibleWhen: string;
      readonly canHealSelf: boolean;
    }
  | {
      readonly kind: 'steps-vs-enemies-of-faith';
      readonly attackSteps: number;
      readonly damageSteps: number;
      readonly anyoneCanBeDeclared: boolean;
    }
  | {
      readonly kind: 'skill-specialty';
      readonly steps: number;
      readonly isFeat: boolean;
      /** Added as a bonus when not under duress. */
      readonly calmBonus: LevelAmount;
    }
  | { readonly kind: 'cursed-skill'; readonly pick: 'random-specialty'; readonly trigger: 'any-die-worst-face' }
  | { readonly kind: 'feat-die-for'; readonly appliesTo: RollScope }
  | { readonly kind: 'untrained-skill-stat'; readonly stat: StatId }
  | { readonly kind: 'replace-feats'; readonly feats: readonly ClassFeat[] }
  | { readonly kind: 'save-steps-against'; readonly source: 'psionics'; readonly steps: number; readonly grade: 'master' };

/** Which list a class feature belongs to. */
export type FeatureGroup = 'special' | 'shtick' | 'focus' | 'specialist-choice' | 'setting-option';

/** A prerequisite of a feature (the Commander needs CHA as prime stat). */
export type FeatureRequirement = { readonly kind: 'prime-stat'; readonly stat: StatId };

/**
 * A class special, shtick, True Mage focus, Specialist choice or setting option: the level it arrives at,
 * uses where stated, a short description, effects, and whether the rules finish it.
 * @example CLASS_FEATURES.find((f) => f.id === 'combat-momentum')
 */
export interface ClassFeature {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
  readonly classId: ClassId;
  readonly group: FeatureGroup;
  readonly level: number;
  readonly description: string;
  readonly effects: readonly FeatureEffect[];
  readonly uses: readonly Uses[];
  readonly requires: readonly FeatureRequirement[];
  /** Only in this setting (the Palladium conversion); `null` everywhere. */
  readonly setting: 'palladium' | null;
  readonly status: ContentStatus;
}

/** One version (basic or advanced) of a Devout power. */
export interface DevoutPowerVersion {
  readonly description: string;
  readonly effects: readonly FeatureEffect[];
  readonly uses: readonly Uses[];
  readonly status: ContentStatus;
}

/**
 * A Devout power (Pray (Devout), CLASS SPECIALS): a basic version and, where the rules give one, an
 * advanced version that includes the basic (CL-9).
 */
export interface DevoutPower {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
  readonly isSpellcasting: boolean;
  readonly basic: DevoutPowerVersion;
  readonly advanced: DevoutPowerVersion | null;
}

/** The two kinds of magick-user (MAGICK, Types of Magick-Users). */
export type CasterType = 'scholastic' | 'believer';

/** Spellcasting grade: a Dabbler rolls the Weak Feat Die column as Spell Die, a Dedicated caster the full one. */
export type SpellGrade = 'dabbler' | 'dedicated';

/** Which stat a caster casts with: the chosen class prime stat, a fixed stat, or one set by a chosen style. */
export type SpellStat =
  | { readonly kind: 'class-prime-stat' }
  | { readonly kind: 'fixed'; readonly stat: StatId }
  | {
      readonly kind: 'by-style';
      readonly styles: readonly { readonly id: string; readonly label: string; readonly stat: StatId }[];
    };

/**
 * Spells known at level 1: a count plus a positive mod (of the class prime stat or of the spell stat), or
 * a half-stat (Traditional Mage).
 */
export type StartingSpells =
  | { readonly kind: 'count'; readonly base: number; readonly plusPositiveModOf: 'class-prime-stat' | 'spell-stat' }
  | { readonly kind: 'half-stat'; readonly stat: StatId };

/**
 * A spellcasting block (caster type, Spell Die, spell stat, starting spells, spells learned by level, learning
 * from found magick, sustaining). `spellsByLevel[n].gained` counts spells learned on reaching that level, beyond
 * `startingSpells` (level 1 is always 0). Sustains at most ceil(class level / `sustainDivisor`) (CL-7).
 */
export interface SpellcastingProfile {
  readonly id: SpellcastingProfileId;
  readonly label: string;
  readonly ref: string;
  readonly classId: ClassId;
  readonly casterTypes: readonly CasterType[];
  readonly grade: SpellGrade;
  readonly spellDieColumn: FeatDieColumn;
  readonly spellStat: SpellStat;
  readonly startingSpells: StartingSpells;
  readonly spellsByLevel: readonly { readonly level: number; readonly gained: number }[];
  readonly canLearnFoundSpells: boolean;
  readonly sustainDivisor: 1 | 2 | 3;
  readonly status: ContentStatus;
}

/** How many options a class choice takes: a count, or the Devout's "3 basic, or 1 basic and 1 advanced". */
export type ChoicePick =
  | { readonly kind: 'count'; readonly count: number }
  | {
      readonly kind: 'devout-powers';
      readonly allowed: readonly { readonly basic: number; readonly advanced: number }[];
    };

/** A choice a class makes at a level (YOUR SHTICK, a Focus, Devout powers, the Specialist's two). */
export interface ClassChoice {
  readonly id: string;
  readonly label: string;
  readonly level: number;
  readonly pick: ChoicePick;
  /** Ids in `CLASS_FEATURES` or, for `devout-powers`, in `DEVOUT_POWERS`. */
  readonly optionIds: readonly string[];
}

/**
 * A class's extra starting gear (CHARACTER CREATION, Starting Equipment): weapons of choice, a named item
 * of the gear table (`size` as there, null where not stated; CL-32), or a random wizard weapon.
 */
export type StartingGear =
  | { readonly kind: 'weapon-of-choice'; readonly count: number }
  | {
      readonly kind: 'item';
      readonly itemId: GearItemId;
      readonly label: string;
      readonly size: GearSize | null;
      readonly quantity: number;
    }
  | { readonly kind: 'random-wizard-weapon'; readonly count: number };

/**
 * A character class: prime stat, HD (side count; `null` where the text has "??"), Feats, progressions,
 * specials granted outright, choices, starting gear; `isExperimental` and `canRollAtRandom` (CL-1).
 */
export interface CharacterClass {
  readonly id: ClassId;
  readonly label: string;
  /** The rules' one-word heading (Fight, Meddle, Pray, Toil); null where none. */
  readonly verb: string | null;
  readonly aliases: readonly string[];
  readonly ref: string;
  readonly isExperimental: boolean;
  readonly canRollAtRandom: boolean;
  readonly status: ContentStatus;
  /** What the rules leave open for this class (empty when complete). */
  readonly gaps: readonly string[];
  readonly summary: string | null;
  readonly primeStat: ClassPrimeStat;
  readonly hd: number | null;
  readonly feats: readonly ClassFeat[];
  readonly skills: SkillProgressionRule | null;
  readonly wps: WpProgressionRule | null;
  /** Ids in `CLASS_FEATURES` (group `special`) every member gets. */
  readonly specialIds: readonly string[];
  readonly choices: readonly ClassChoice[];
  /** Extra starting gear beyond what every character gets (CHARACTER CREATION, Starting Equipment). */
  readonly startingGear: { readonly ref: string; readonly items: readonly StartingGear[] };
}

/** What a level brings besides skills and WPs: a class choice, a Devout power step, a specialty, an improvement. */
export type LevelGrant =
  | { readonly kind: 'choice'; readonly choiceId: string }
  | { readonly kind: 'devout-power-advance' }
  | { readonly kind: 'skill-specialty'; readonly count: number }
  | { readonly kind: 'feature-improves'; readonly featureId: string };

/**
 * One class at one level: skills and WPs gained and totals (skills before the prime-stat bonus, CL-4),
 * and what else the level brings. Levels 1-10 for each class whose progressions are stated.
 * @example CLASS_LEVELS.find((r) => r.id === 'true-mage-4') // wps { gained: 1, total: 4 }, spell penetration
 */
export interface ClassLevelRow {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
  readonly classId: ClassId;
  readonly level: number;
  readonly skills: { readonly gained: number; readonly total: number };
  readonly wps: { readonly gained: number; readonly total: number };
  readonly grants: readonly LevelGrant[];
}

/** One row of the random class roll: a face range of `RANDOM_CLASS_DIE` and the class (CL-1). */
export interface RandomClassRow {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
  readonly roll: { readonly min: number; readonly max: number };
  readonly classId: ClassId;
}

// ---------------------------------------------------------------------------------------------------
// References and shared constants
// ---------------------------------------------------------------------------------------------------

const CORE = 'HAMMERCRAWL! v4, CLASSES (CORE)';
const REF_COMBATANT = `${CORE}, Fight (Combatant)`;
const REF_TRUE_MAGE = `${CORE}, Meddle (True Mage)`;
const REF_DEVOUT = `${CORE}, Pray (Devout)`;
const REF_SPECIALIST = `${CORE}, Toil (Specialist)`;
const REF_CHARLATAN = 'HAMMERCRAWL! v4, CLASSES (EXPERIMENTAL), Charlatan / Hapless Hero';
const REF_GEAR = 'HAMMERCRAWL! v4, CHARACTER CREATION, Starting Equipment (HAMMERCRAWL METHOD)';
const REF_RANDOM = 'HAMMERCRAWL! v4, CHARACTER CREATION, Option A: Random ("Randomly Roll Class"); ruling CL-1';

/** The side count the random class roll uses: a d4 over the four core classes (CL-1). */
export const RANDOM_CLASS_DIE = 4;

// ---------------------------------------------------------------------------------------------------
// Spellcasting profiles
// ---------------------------------------------------------------------------------------------------

/** Spells learned on reaching each level: `perLevel` at levels 2-10 (level 1 has the starting spells). */
const everyNewLevel = (perLevel: number) =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((level) => ({ level, gained: level === 1 ? 0 : perLevel }));

/**
 * Every spellcasting block in the classes: True Mage, its Traditional Mage focus, the Devout's basic and
 * advanced Spellcasting power, the Combatant's Spellblade and the Specialist's Eldritch Dabbler.
 * @example SPELLCASTING_PROFILES[0].sustainDivisor // 1 (a Dedicated caster sustains class level spells)
 */
export const SPELLCASTING_PROFILES = [
  {
    id: 'true-mage-spellcasting',
    label: 'True Mage spellcasting',
    ref: `${REF_TRUE_MAGE}, CLASS SPECIALS, Spellcasting`,
    classId: 'true-mage',
    casterTypes: ['scholastic'],
    grade: 'dedicated',
    spellDieColumn: 'normal',
    spellStat: { kind: 'class-prime-stat' },
    startingSpells: { kind: 'count', base: 3, plusPositiveModOf: 'class-prime-stat' },
    spellsByLevel: everyNewLevel(1),
    canLearnFoundSpells: true,
    sustainDivisor: 1,
    status: 'complete',
  },
  {
    id: 'traditional-mage-spellcasting',
    label: 'Traditional Mage spell knowledge',
    ref: `${REF_TRUE_MAGE}, Focus: Traditional Mage`,
    classId: 'true-mage',
    casterTypes: ['scholastic'],
    grade: 'dedicated',
    spellDieColumn: 'normal',
    spellStat: { kind: 'class-prime-stat' },
    startingSpells: { kind: 'half-stat', stat: 'INT' },
    spellsByLevel: everyNewLevel(2),
    canLearnFoundSpells: true,
    sustainDivisor: 1,
    status: 'complete',
  },
  {
    id: 'devout-basic-spellcasting',
    label: 'Devout spellcasting (basic)',
    ref: `${REF_DEVOUT}, CLASS SPECIALS, Spellcasting (Basic Version)`,
    classId: 'devout',
    casterTypes: ['believer'],
    grade: 'dabbler',
    spellDieColumn: 'weak',
    spellStat: { kind: 'class-prime-stat' },
    startingSpells: { kind: 'count', base: 3, plusPositiveModOf: 'class-prime-stat' },
    spellsByLevel: everyNewLevel(1),
    canLearnFoundSpells: false,
    sustainDivisor: 3,
    status: 'complete',
  },
  {
    id: 'devout-advanced-spellcasting',
    label: 'Devout spellcasting (advanced)',
    ref: `${REF_DEVOUT}, CLASS SPECIALS, Spellcasting (Advanced Version)`,
    classId: 'devout',
    casterTypes: ['believer'],
    grade: 'dedicated',
    spellDieColumn: 'normal',
    spellStat: { kind: 'class-prime-stat' },
    startingSpells: { kind: 'count', base: 3, plusPositiveModOf: 'class-prime-stat' },
    spellsByLevel: everyNewLevel(2),
    canLearnFoundSpells: false,
    sustainDivisor: 1,
    status: 'complete',
  },
  {
    id: 'spellblade-spellcasting',
    label: 'Spellblade spellcasting',
    ref: `${REF_COMBATANT}, YOUR SHTICK, Spellblade`,
    classId: 'combatant',
    casterTypes: ['scholastic', 'believer'],
    grade: 'dabbler',
    spellDieColumn: 'weak',
    spellStat: {
      kind: 'by-style',
      styles: [
        { id: 'muscle-wizard', label: 'Muscle Wizard', stat: 'CON' },
        { id: 'eldritch-warrior', label: 'Eldritch Warrior', stat: 'INT' },
        { id: 'divine-avenger', label: 'Divine Avenger', stat: 'WIL' },
      ],
    },
    startingSpells: { kind: 'count', base: 2, plusPositiveModOf: 'spell-stat' },
    // Two at each even level, one at each odd level after the first (CL-6).
    spellsByLevel: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((level) => ({
      level,
      gained: level === 1 ? 0 : level % 2 === 0 ? 2 : 1,
    })),
    canLearnFoundSpells: false,
    sustainDivisor: 2,
    status: 'complete',
  },
  {
    id: 'eldritch-dabbler-spellcasting',
    label: 'Eldritch Dabbler spellcasting',
    ref: `${REF_SPECIALIST}, CHOOSE 2, Eldritch Dabbler`,
    classId: 'specialist',
    casterTypes: ['scholastic'],
    grade: 'dabbler',
    spellDieColumn: 'weak',
    spellStat: { kind: 'fixed', stat: 'INT' },
    startingSpells: { kind: 'count', base: 2, plusPositiveModOf: 'class-prime-stat' },
    spellsByLevel: everyNewLevel(0),
    canLearnFoundSpells: true,
    sustainDivisor: 3,
    status: 'complete',
  },
] as const satisfies readonly SpellcastingProfile[];

// ---------------------------------------------------------------------------------------------------
// Class features: specials, shticks, foci, Specialist choices, setting options
// ---------------------------------------------------------------------------------------------------

const SPECIALS = 'CLASS SPECIALS';
const NONE: readonly never[] = [];

/** Feats of the Palladium psionic True Mage, replacing the class's own. */
const PSIONIC_FEATS = [
  {
    id: 'psionic-checks',
    label: 'Psionic spellcasting checks and defenses',
    scope: { kind: 'check', check: 'psionic-spellcasting', alsoAsDefender: true },
    status: 'complete',
  },
  { id: 'int-saves', label: 'INT Saves', scope: { kind: 'save', stat: 'INT' }, status: 'complete' },
  { id: 'wil-saves', label: 'WIL Saves', scope: { kind: 'save', stat: 'WIL' }, status: 'complete' },
] as const satisfies readonly ClassFeat[];

/**
 * Every class special, Combatant shtick, True Mage focus, Specialist choice and setting option.
 * @example CLASS_FEATURES.filter((f) => f.classId === 'combatant' && f.group === 'shtick').length // 7
 */
export const CLASS_FEATURES = [
  // --- Combatant: specials ---
  {
    id: 'hd-rerolls',
    label: 'HD Re-rolls',
    ref: `${REF_COMBATANT}, ${SPECIALS}`,
    classId: 'combatant',
    group: 'special',
    level: 1,
    description:
      'On entering the dungeon you hold as many HD re-rolls as your level; each lets you roll one of your HD dice again, attacking or defending. They come back only in town.',
    effects: [{ kind: 'rerolls', appliesTo: 'hd-rolls' }],
    uses: [{ amount: { kind: 'level', factor: 1 }, per: 'venture', context: 'any' }],
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'hack-and-slash',
    label: 'Hack and Slash',
    ref: `${REF_COMBATANT}, ${SPECIALS}`,
    classId: 'combatant',
    group: 'special',
    level: 1,
    description:
      'When your melee damage overwhelms and drops a foe with damage to spare, the rest can go on to the weakest foe still standing within your reach.',
    effects: [
      {
        kind: 'text',
        text: 'Damage left over after an overwhelming melee hit defeats its target carries forward to the weakest opponent still standing within reach, at your choice.',
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'combat-momentum',
    label: 'Combat Momentum',
    ref: `${REF_COMBATANT}, ${SPECIALS}`,
    classId: 'combatant',
    group: 'special',
    level: 1,
    description:
      'Taking the Attack action earns a free Momentum Attack before or after the normal one (one more at level 5, and at 10). Each may be normal or Tactical but must differ in form and weapon from your other attacks that turn.',
    effects: [
      {
        kind: 'extra-attacks',
        on: 'attack-action',
        byLevel: [
          { level: 1, value: 1 },
          { level: 5, value: 2 },
          { level: 10, value: 3 },
        ],
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  // --- Combatant: shticks (choose 1 at level 1) ---
  {
    id: 'two-fisted',
    label: 'Two-Fisted',
    ref: `${REF_COMBATANT}, YOUR SHTICK`,
    classId: 'combatant',
    group: 'shtick',
    level: 1,
    description:
      'Wield two one-handed weapons, one primary and one secondary: the primary attacks and damages at -1 step, the secondary at -2 (weapon specialization offsets this). From level 5 the secondary is at -1; from level 9 the primary has no penalty.',
    effects: [
      {
        kind: 'dual-wield',
        byLevel: [
          { level: 1, primarySteps: -1, secondarySteps: -2 },
          { level: 5, primarySteps: -1, secondarySteps: -1 },
          { level: 9, primarySteps: 0, secondarySteps: -1 },
        ],
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'two-handed',
    label: 'Two-Handed',
    ref: `${REF_COMBATANT}, YOUR SHTICK`,
    classId: 'combatant',
    group: 'shtick',
    level: 1,
    description:
      'Damage dice of two-handed weapons re-roll 1s and 2s. The crit range of two-handed attacks widens by one at levels 2, 6 and 10.',
    effects: [
      { kind: 'reroll-faces', faces: [1, 2], appliesTo: 'two-handed-damage' },
      {
        kind: 'crit-range',
        appliesTo: 'two-handed-attack',
        byLevel: [
          { level: 2, value: 1 },
          { level: 6, value: 2 },
          { level: 10, value: 3 },
        ],
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'thrower',
    label: 'Thrower',
    ref: `${REF_COMBATANT}, YOUR SHTICK`,
    classId: 'combatant',
    group: 'shtick',
    level: 1,
    description:
      'On your turn you may throw a Barrage: one extra thrown attack for each odd level reached (1, 3, 5, 7, 9). Every barrage attack deals damage at -1 step, and each attack after the first rolls one step lower than the one before (d20, d16, d14, d12 for four).',
    effects: [
      {
        kind: 'barrage',
        byLevel: [
          { level: 1, value: 1 },
          { level: 3, value: 2 },
          { level: 5, value: 3 },
          { level: 7, value: 4 },
          { level: 9, value: 5 },
        ],
        damageSteps: -1,
        cumulativeAttackStepsPerExtraAttack: -1,
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'sharpshooter',
    label: 'Sharpshooter',
    ref: `${REF_COMBATANT}, YOUR SHTICK`,
    classId: 'combatant',
    group: 'shtick',
    level: 1,
    description:
      'Ranged attacks roll a second, identical attack die; if it is at least the attack die, pick one effect from the list (two if both dice crit). How it grows with level is not written yet.',
    effects: [
      {
        kind: 'second-die-trigger',
        appliesTo: 'ranged-attack',
        options: [
          { id: 'bypass-armour-step', label: 'Bypass 1 step of armour' },
          { id: 'target-item', label: 'Target a held or worn item' },
          { id: 'pass-through', label: 'Continue through or rebound to a second target' },
          { id: 'impediment', label: '1-step action impediment until an action is spent to dislodge it' },
          { id: 'damage-step', label: '+1 damage step' },
          { id: 'tactical-effect', label: 'Any normal Tactical Attack effect' },
        ],
        extraChoicesWhenBothCrit: 1,
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'wip',
  },
  {
    id: 'tank',
    label: 'Tank',
    ref: `${REF_COMBATANT}, YOUR SHTICK; COMBAT, Covering Defense (Special)`,
    classId: 'combatant',
    group: 'shtick',
    level: 1,
    description:
      'Passive Defense rises by half your Feat Die maximum, and Total Defense gains the Covering option. Each turn, tag up to your level in opponents within twice your level in meters: until your next turn they must win a Challenge against your CHA to act against anyone but you.',
    effects: [
      { kind: 'passive-defense-bonus', amount: { kind: 'half-feat-die-max' }, condition: null },
      { kind: 'unlocks-rule', rule: 'covering-defense', ref: 'HAMMERCRAWL! v4, COMBAT, Covering Defense (Special)' },
      {
        kind: 'taunt',
        maxTargets: { kind: 'level', factor: 1 },
        rangeMeters: { kind: 'level', factor: 2 },
        challengeAgainst: 'CHA',
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'spellblade',
    label: 'Spellblade',
    ref: `${REF_COMBATANT}, YOUR SHTICK`,
    classId: 'combatant',
    group: 'shtick',
    level: 1,
    description:
      'A fighting caster of your own kind: a Dabbler (Weak Feat Die) casting with CON as Muscle Wizard, INT as Eldritch Warrior or WIL as Divine Avenger, starting with 2 spells plus that stat mod if positive, and learning only by level.',
    effects: [{ kind: 'spellcasting', profileId: 'spellblade-spellcasting' }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'dancer',
    label: 'Dancer',
    ref: `${REF_COMBATANT}, YOUR SHTICK`,
    classId: 'combatant',
    group: 'shtick',
    level: 1,
    description: 'Named in the list with no rules yet ("??"); the Smith defines it if allowed.',
    effects: [{ kind: 'text', text: 'Not yet written in the rules; the Smith adjudicates.' }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'wip',
  },
  // --- True Mage: specials ---
  {
    id: 'true-mage-spellcasting',
    label: 'Spellcasting',
    ref: `${REF_TRUE_MAGE}, ${SPECIALS}`,
    classId: 'true-mage',
    group: 'special',
    level: 1,
    description:
      'A Dedicated scholastic caster (Spell Die = Feat Die) casting with the chosen prime stat: 3 spells plus its mod if positive at level 1, one more each level, more found on adventures; sustains up to class level spells.',
    effects: [{ kind: 'spellcasting', profileId: 'true-mage-spellcasting' }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'mana-burn',
    label: 'Mana-burn',
    ref: `${REF_TRUE_MAGE}, ${SPECIALS}; MAGICK, Mana-burn (Special)`,
    classId: 'true-mage',
    group: 'special',
    level: 1,
    description:
      'Instead of forgetting a spell you may risk Mana-burn: keep casting what matters at the cost of a slowly fraying hold on reality (see the Magick rules).',
    effects: [{ kind: 'unlocks-rule', rule: 'mana-burn', ref: 'HAMMERCRAWL! v4, MAGICK, Mana-burn (Special)' }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'over-casting',
    label: 'Over-Casting',
    ref: `${REF_TRUE_MAGE}, ${SPECIALS}`,
    classId: 'true-mage',
    group: 'special',
    level: 1,
    description:
      'Before casting a known spell, burn CON points to cast it above your level: each point adds +1 to its effective level and widens the Resource roll threat range by 1. Limits and recovery point to a "Fraying" power the text does not contain (CL-17).',
    effects: [{ kind: 'stat-burn', stat: 'CON', spellLevelsPerPoint: 1, threatRangePerPoint: 1 }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'wip',
  },
  {
    id: 'spell-penetration',
    label: 'Spell Penetration',
    ref: `${REF_TRUE_MAGE}, ${SPECIALS}`,
    classId: 'true-mage',
    group: 'special',
    level: 1,
    description:
      'Your spells get harder to resist: Saves against them roll one step lower from level 4 (d20 to d16) and two steps lower from level 9 (d20 to d14).',
    effects: [
      {
        kind: 'save-steps-against-spells',
        byLevel: [
          { level: 4, value: -1 },
          { level: 9, value: -2 },
        ],
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  // --- True Mage: foci (choose 1) ---
  {
    id: 'holy-mage',
    label: 'Holy Mage',
    ref: `${REF_TRUE_MAGE}, Finally, choose one Focus`,
    classId: 'true-mage',
    group: 'focus',
    level: 1,
    description: 'Take one Advanced Devout power of your choice, other than Spellcasting.',
    effects: [{ kind: 'choose-devout-power', version: 'advanced', count: 1, excludedIds: ['spellcasting'] }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'traditional-mage',
    label: 'Traditional Mage',
    ref: `${REF_TRUE_MAGE}, Finally, choose one Focus`,
    classId: 'true-mage',
    group: 'focus',
    level: 1,
    description:
      'Spell knowledge changes: at level 1 you know as many spells as your INT half-stat, then learn 2 more each level, and can still learn spells found on adventures.',
    effects: [
      {
        kind: 'replace-spellcasting',
        replacesProfileId: 'true-mage-spellcasting',
        profileId: 'traditional-mage-spellcasting',
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'war-mage',
    label: 'War Mage',
    ref: `${REF_TRUE_MAGE}, Finally, choose one Focus`,
    classId: 'true-mage',
    group: 'focus',
    level: 1,
    description:
      'HD becomes d6; WPs become 3 at level 1 and 1 more every new level; the Spell Die step penalty for wearing armour drops by your level plus INT mod.',
    effects: [
      { kind: 'set-class-hd', sides: 6 },
      {
        kind: 'replace-wp-progression',
        rule: { atLevelOne: 3, perNewLevel: 1, onLevels: 'every-new-level', maxSpecializationsPerLevelUp: null },
        byLevel: [
          { level: 1, gained: 3, total: 3 },
          { level: 2, gained: 1, total: 4 },
          { level: 3, gained: 1, total: 5 },
          { level: 4, gained: 1, total: 6 },
          { level: 5, gained: 1, total: 7 },
          { level: 6, gained: 1, total: 8 },
          { level: 7, gained: 1, total: 9 },
          { level: 8, gained: 1, total: 10 },
          { level: 9, gained: 1, total: 11 },
          { level: 10, gained: 1, total: 12 },
        ],
      },
      { kind: 'armour-casting-penalty-reduction', amount: { kind: 'level-plus-stat-mod', stat: 'INT' } },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  // --- True Mage: Palladium psionic option ---
  {
    id: 'psionic-true-mage',
    label: 'Psionics (Palladium)',
    ref: `${REF_TRUE_MAGE}, PSIONICS (Special)`,
    classId: 'true-mage',
    group: 'setting-option',
    level: 1,
    description:
      'In the Palladium world a True Mage may call the powers psionic: the Feats become psionic casting checks and defenses plus INT and WIL Saves. A Master Psion rolls every Save against psionics two steps better; powers are cleared with the Smith first. Major Psion rules are not in the text.',
    effects: [
      { kind: 'replace-feats', feats: PSIONIC_FEATS },
      { kind: 'save-steps-against', source: 'psionics', steps: 2, grade: 'master' },
      {
        kind: 'text',
        text: 'Any power may be chosen, each cleared with the Smith; Major Psion benefits and psionic limitations are not defined in the text.',
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: 'palladium',
    status: 'wip',
  },
  // --- Specialist: specials ---
  {
    id: 'skill-specializations',
    label: 'Skill Specializations',
    ref: `${REF_SPECIALIST}, ${SPECIALS}`,
    classId: 'specialist',
    group: 'special',
    level: 1,
    description:
      'The extra skills from your prime stat bonus are your specialties (one of choice if there is no bonus). They roll at +1 die step and count as Feats, adding your level when not under duress. At levels 3, 6 and 9 one more skill you know becomes a specialty.',
    effects: [{ kind: 'skill-specialty', steps: 1, isFeat: true, calmBonus: { kind: 'level', factor: 1 } }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'cursed-skill',
    label: 'Cursed Skill',
    ref: `${REF_SPECIALIST}, ${SPECIALS}`,
    classId: 'specialist',
    group: 'special',
    level: 1,
    description:
      'One specialty, picked at random, is cursed: whenever any die in a check with it shows its worst face, the attempt fails at once and spectacularly (CL-30).',
    effects: [{ kind: 'cursed-skill', pick: 'random-specialty', trigger: 'any-die-worst-face' }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  // --- Specialist: choose 2 ---
  {
    id: 'commander',
    label: 'Commander',
    ref: `${REF_SPECIALIST}, Then CHOOSE 2`,
    classId: 'specialist',
    group: 'specialist-choice',
    level: 1,
    description:
      'Your followers and hirelings roll Morale with your Feat Die. In combat you may give up your own Dice Action to have another player character carry out an action you name.',
    effects: [
      { kind: 'feat-die-for', appliesTo: 'morale' },
      {
        kind: 'text',
        text: 'Give up your Dice Action on your turn to command a fellow player character to take an action you specify.',
      },
    ],
    uses: NONE,
    requires: [{ kind: 'prime-stat', stat: 'CHA' }],
    setting: null,
    status: 'complete',
  },
  {
    id: 'defensive-specialist',
    label: 'Defensive Specialist',
    ref: `${REF_SPECIALIST}, Then CHOOSE 2`,
    classId: 'specialist',
    group: 'specialist-choice',
    level: 1,
    description: 'While aware, add your level to passive combat Defense; Total Defense checks are Feats.',
    effects: [
      { kind: 'passive-defense-bonus', amount: { kind: 'level', factor: 1 }, condition: 'while aware' },
      { kind: 'feat-checks', checks: ['total-defense'], condition: null },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'eldritch-dabbler',
    label: 'Eldritch Dabbler',
    ref: `${REF_SPECIALIST}, Then CHOOSE 2`,
    classId: 'specialist',
    group: 'specialist-choice',
    level: 1,
    description:
      'A scholastic Dabbler (Weak Feat Die) casting with INT: 2 spells plus the prime stat mod if positive at level 1, none gained by level, more only by finding them; sustains class level / 3.',
    effects: [{ kind: 'spellcasting', profileId: 'eldritch-dabbler-spellcasting' }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'opportunist',
    label: 'Opportunist',
    ref: `${REF_SPECIALIST}, Then CHOOSE 2`,
    classId: 'specialist',
    group: 'specialist-choice',
    level: 1,
    description: 'Attack and damage rolls against a hampered or distracted foe, or one unaware of where you are, may be Feats.',
    effects: [
      {
        kind: 'feat-checks',
        checks: ['attack', 'damage'],
        condition: 'target hampered, distracted, or unaware of your position',
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'tactical-combatant',
    label: 'Tactical Combatant',
    ref: `${REF_SPECIALIST}, Then CHOOSE 2`,
    classId: 'specialist',
    group: 'specialist-choice',
    level: 1,
    description: 'Tactical Attack checks are Feats.',
    effects: [{ kind: 'feat-checks', checks: ['tactical-attack'], condition: null }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
  {
    id: 'yoink',
    label: 'Yoink!',
    ref: `${REF_SPECIALIST}, Then CHOOSE 2`,
    classId: 'specialist',
    group: 'specialist-choice',
    level: 1,
    description: 'Meant as a way to snatch small items from foes (perhaps weapons at higher levels); not written yet.',
    effects: [{ kind: 'text', text: 'Steal small items from opponents; details not yet written, the Smith adjudicates.' }],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'wip',
  },
  // --- Charlatan (experimental) ---
  {
    id: 'hapless-savant',
    label: 'Hapless Savant',
    ref: `${REF_CHARLATAN}, CLASS SPECIALS`,
    classId: 'charlatan',
    group: 'special',
    level: 1,
    description:
      'An untrained skill used with no premeditation at all runs on CHA, and the first such use of each skill turns a success into an amazing success. Any visible attempt to game it fails.',
    effects: [
      { kind: 'untrained-skill-stat', stat: 'CHA' },
      {
        kind: 'text',
        text: 'Only wholly unplanned uses qualify (by character, player or party); the first success with each skill is an amazing success; obvious gaming of this fails.',
      },
    ],
    uses: NONE,
    requires: NONE,
    setting: null,
    status: 'complete',
  },
] as const satisfies readonly ClassFeature[];

// ---------------------------------------------------------------------------------------------------
// Devout powers
// ---------------------------------------------------------------------------------------------------

const REF_POWERS = `${REF_DEVOUT}, ${SPECIALS}`;

/** A WIP version: stated intent only, a free-text effect for the Smith. */
const wipVersion = (description: string): DevoutPowerVersion => ({
  description,
  effects: [{ kind: 'text', text: `${description} (WIP in the rules; the Smith adjudicates.)` }],
  uses: NONE,
  status: 'wip',
});

/**
 * The Devout powers, basic and advanced (Pray (Devout), CLASS SPECIALS).
 * @example DEVOUT_POWERS.find((p) => p.id === 'revenant')?.advanced?.effects
 */
export const DEVOUT_POWERS = [
  {
    id: 'abjure-spiritual-enemy',
    label: 'Abjure Spiritual Enemy',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: wipVersion('Drive off spiritual enemies, for now as the TNU Cultist does'),
    advanced: wipVersion('Perhaps a chance to destroy them outright'),
  },
  {
    id: 'armour-of-righteousness',
    label: 'Armour of Righteousness',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: {
      description: 'Your Armour Die is two steps higher; with no armour worn and no natural armour, you have a base Armour Die of d3 instead.',
      effects: [{ kind: 'armour-die-steps', steps: 2, unarmouredDie: 3 }],
      uses: NONE,
      status: 'complete',
    },
    advanced: {
      description: 'As basic, one step more (three steps; d4 when unarmoured, CL-11).',
      effects: [{ kind: 'armour-die-steps', steps: 3, unarmouredDie: 4 }],
      uses: NONE,
      status: 'complete',
    },
  },
  {
    id: 'combat-hardened',
    label: 'Combat Hardened',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: {
      description: 'Attack and Defense checks become Feats for you.',
      effects: [{ kind: 'feat-checks', checks: ['attack', 'defense'], condition: null }],
      uses: NONE,
      status: 'complete',
    },
    advanced: {
      description: 'As basic, and your base class HD rises two steps (d6 to d8), raising the Health and Harm Die bases (CL-10).',
      effects: [
        { kind: 'feat-checks', checks: ['attack', 'defense'], condition: null },
        { kind: 'class-hd-steps', steps: 2 },
      ],
      uses: NONE,
      status: 'complete',
    },
  },
  {
    id: 'control-undead',
    label: 'Control Undead',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: wipVersion('Control undead in the usual manner'),
    advanced: wipVersion('Doubled: may also be tried against greater undead'),
  },
  {
    id: 'lay-on-hands',
    label: 'Lay on Hands',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: {
      description:
        'Out of combat, once a turn, heal another (never yourself) by touch: a whole turn of focus and a WIL Test (against the half-stat if they are not of your faith; heretics cannot be healed). Success restores 1 lost HD step, a crit (C16) 3.',
      effects: [
        {
          kind: 'heal-hd-steps',
          steps: 1,
          stepsOnCrit: 3,
          critMin: 16,
          testStat: 'WIL',
          againstHalfStatWhen: 'the target is not of your faith',
          impossibleWhen: 'the target is a heretic',
          canHealSelf: false,
        },
      ],
      uses: [{ amount: { kind: 'fixed', value: 1 }, per: 'turn', context: 'out-of-combat' }],
      status: 'complete',
    },
    advanced: {
      description: 'As basic, and in combat too, as a full-round action once every other round (the out-of-combat limit stays).',
      effects: [
        {
          kind: 'heal-hd-steps',
          steps: 1,
          stepsOnCrit: 3,
          critMin: 16,
          testStat: 'WIL',
          againstHalfStatWhen: 'the target is not of your faith',
          impossibleWhen: 'the target is a heretic',
          canHealSelf: false,
        },
        { kind: 'text', text: 'In combat, healing takes a full-round action.' },
      ],
      uses: [
        { amount: { kind: 'fixed', value: 1 }, per: 'turn', context: 'out-of-combat' },
        { amount: { kind: 'fixed', value: 1 }, per: 'every-other-round', context: 'in-combat' },
      ],
      status: 'complete',
    },
  },
  {
    id: 'fist-of-an-angry-god',
    label: 'Fist of an Angry God',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: {
      description: 'Strike an enemy of your faith at +1 attack step and +1 damage step, your level plus CHA mod times a Venture.',
      effects: [{ kind: 'steps-vs-enemies-of-faith', attackSteps: 1, damageSteps: 1, anyoneCanBeDeclared: false }],
      uses: [{ amount: { kind: 'level-plus-stat-mod', stat: 'CHA' }, per: 'venture', context: 'any' }],
      status: 'complete',
    },
    advanced: {
      description:
        'Your level plus CHA half-stat times a Venture, and anyone can be named an enemy of your faith given enough loud condemnation.',
      effects: [{ kind: 'steps-vs-enemies-of-faith', attackSteps: 1, damageSteps: 1, anyoneCanBeDeclared: true }],
      uses: [{ amount: { kind: 'level-plus-half-stat', stat: 'CHA' }, per: 'venture', context: 'any' }],
      status: 'complete',
    },
  },
  {
    id: 'metamorphosis',
    label: 'Metamorphosis',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: wipVersion('Druidic shape-changing'),
    advanced: null,
  },
  {
    id: 'prayer-of-blessings',
    label: 'Prayer of Blessings',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: wipVersion('Grant floating advantages to allies'),
    advanced: null,
  },
  {
    id: 'prayer-of-curses',
    label: 'Prayer of Curses',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: wipVersion('Lay floating disadvantages on enemies'),
    advanced: null,
  },
  {
    id: 'revenant',
    label: 'Revenant',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: {
      description: 'Re-roll every 1 on your HD Soak rolls.',
      effects: [{ kind: 'reroll-faces', faces: [1], appliesTo: 'hd-soak' }],
      uses: NONE,
      status: 'complete',
    },
    advanced: {
      description: 'Re-roll every 1 and 2 on HD Soak rolls, and roll them with advantage.',
      effects: [
        { kind: 'reroll-faces', faces: [1, 2], appliesTo: 'hd-soak' },
        { kind: 'vantage', mark: 'adv', appliesTo: 'hd-soak' },
      ],
      uses: NONE,
      status: 'complete',
    },
  },
  {
    id: 'special-animal-friend',
    label: 'Special Animal Friend',
    ref: REF_POWERS,
    isSpellcasting: false,
    basic: wipVersion('A druid or ranger style animal companion'),
    advanced: null,
  },
  {
    id: 'spellcasting',
    label: 'Spellcasting',
    ref: REF_POWERS,
    isSpellcasting: true,
    basic: {
      description:
        'A believer Dabbler (Weak Feat Die) casting with the chosen prime stat: 3 spells plus its mod if positive at level 1, one more each new level, never from found magick; sustains class level / 3.',
      effects: [{ kind: 'spellcasting', profileId: 'devout-basic-spellcasting' }],
      uses: NONE,
      status: 'complete',
    },
    advanced: {
      description: 'Becomes Dedicated (full Feat Die): two new spells each new level, and sustains up to class level.',
      effects: [
        {
          kind: 'replace-spellcasting',
          replacesProfileId: 'devout-basic-spellcasting',
          profileId: 'devout-advanced-spellcasting',
        },
      ],
      uses: NONE,
      status: 'complete',
    },
  },
] as const satisfies readonly DevoutPower[];

// ---------------------------------------------------------------------------------------------------
// The classes
// ---------------------------------------------------------------------------------------------------

const ids = <T extends { readonly id: string; readonly classId: ClassId; readonly group: FeatureGroup }>(
  rows: readonly T[],
  classId: ClassId,
  group: FeatureGroup,
): string[] => rows.filter((r) => r.classId === classId && r.group === group).map((r) => r.id);

/**
 * The five classes, core first in the rules' order, then the experimental Charlatan.
 * @example CLASSES.find((c) => c.id === 'combatant')?.hd // 8
 */
export const CLASSES = [
  {
    id: 'combatant',
    label: 'Combatant',
    verb: 'Fight',
    aliases: [],
    ref: REF_COMBATANT,
    isExperimental: false,
    canRollAtRandom: true,
    status: 'wip',
    gaps: [
      'Shtick Dancer is "??".',
      'Sharpshooter: how it grows with level is an open question in the rules.',
    ],
    summary: 'For those who live for battle: soldiers, warriors, mercenaries, archers, knights, samurai and their like.',
    primeStat: { kind: 'choose-one', from: ['STR', 'DEX'] },
    hd: 8,
    feats: [
      { id: 'con-saves', label: 'CON Saves', scope: { kind: 'save', stat: 'CON' }, status: 'complete' },
      {
        id: 'str-or-dex-saves',
        label: 'STR or DEX Saves (choice)',
        scope: { kind: 'save-choice', options: ['STR', 'DEX'] },
        status: 'complete',
      },
      { id: 'attack-checks', label: 'Attack checks', scope: { kind: 'check', check: 'attack', alsoAsDefender: false }, status: 'complete' },
      { id: 'defense-checks', label: 'Defense checks', scope: { kind: 'check', check: 'defense', alsoAsDefender: false }, status: 'complete' },
    ],
    skills: { atLevelOne: 4, primeStatBonus: 'one-per-positive-mod-point', perNewLevel: 1 },
    wps: { atLevelOne: 6, perNewLevel: 2, onLevels: 'every-new-level', maxSpecializationsPerLevelUp: 1 },
    specialIds: ids(CLASS_FEATURES, 'combatant', 'special'),
    choices: [
      { id: 'shtick', label: 'Your Shtick', level: 1, pick: { kind: 'count', count: 1 }, optionIds: ids(CLASS_FEATURES, 'combatant', 'shtick') },
    ],
    startingGear: { ref: REF_GEAR, items: [{ kind: 'weapon-of-choice', count: 3 }] },
  },
  {
    id: 'true-mage',
    label: 'True Mage',
    verb: 'Meddle',
    aliases: [],
    ref: REF_TRUE_MAGE,
    isExperimental: false,
    canRollAtRandom: true,
    status: 'wip',
    gaps: [
      'NOTE is empty.',
      'Over-Casting: burnt CON limits and recovery refer to a "Fraying power" the text does not contain.',
      'Palladium psionic option: Major Psion benefits and power limits defer to Palladium 1E.',
    ],
    summary: null,
    primeStat: { kind: 'choose-one', from: ['INT', 'CHA'] },
    hd: 4,
    feats: [
      {
        id: 'spellcasting-checks',
        label: 'All spellcasting checks, as caster and as defender',
        scope: { kind: 'check', check: 'spellcasting', alsoAsDefender: true },
        status: 'complete',
      },
      { id: 'prime-stat-saves', label: 'Class prime stat Saves', scope: { kind: 'prime-stat-save' }, status: 'complete' },
    ],
    skills: { atLevelOne: 6, primeStatBonus: 'one-per-positive-mod-point', perNewLevel: 1 },
    wps: { atLevelOne: 2, perNewLevel: 1, onLevels: 'even-new-levels', maxSpecializationsPerLevelUp: null },
    specialIds: ids(CLASS_FEATURES, 'true-mage', 'special'),
    choices: [
      { id: 'focus', label: 'Focus', level: 1, pick: { kind: 'count', count: 1 }, optionIds: ids(CLASS_FEATURES, 'true-mage', 'focus') },
    ],
    startingGear: {
      ref: REF_GEAR,
      items: [
        { kind: 'item', itemId: 'spellbook', label: 'Spellbook', size: 'medium', quantity: 1 },
        { kind: 'random-wizard-weapon', count: 1 },
      ],
    },
  },
  {
    id: 'devout',
    label: 'Devout',
    verb: 'Pray',
    aliases: [],
    ref: REF_DEVOUT,
    isExperimental: false,
    canRollAtRandom: true,
    status: 'wip',
    gaps: [
      'NOTE is empty.',
      'Feats: a second entry is "???" (only WIL and CHA Saves are stated).',
      'Powers Abjure Spiritual Enemy, Control Undead, Metamorphosis, Prayer of Blessings, Prayer of Curses and Special Animal Friend are WIP.',
    ],
    summary: null,
    primeStat: { kind: 'choose-one', from: ['WIL', 'CHA'] },
    hd: 6,
    feats: [
      { id: 'wil-saves', label: 'WIL Saves', scope: { kind: 'save', stat: 'WIL' }, status: 'complete' },
      { id: 'cha-saves', label: 'CHA Saves', scope: { kind: 'save', stat: 'CHA' }, status: 'complete' },
      { id: 'unstated', label: '??? (not yet written)', scope: { kind: 'unstated' }, status: 'wip' },
    ],
    skills: { atLevelOne: 6, primeStatBonus: 'one-per-positive-mod-point', perNewLevel: 1 },
    wps: { atLevelOne: 3, perNewLevel: 1, onLevels: 'every-new-level', maxSpecializationsPerLevelUp: null },
    specialIds: [],
    choices: [
      {
        id: 'devout-powers',
        label: 'Devout powers',
        level: 1,
        pick: {
          kind: 'devout-powers',
          allowed: [
            { basic: 3, advanced: 0 },
            { basic: 1, advanced: 1 },
          ],
        },
        optionIds: DEVOUT_POWERS.map((p) => p.id),
      },
    ],
    startingGear: {
      ref: REF_GEAR,
      items: [
        { kind: 'item', itemId: 'holy-symbol', label: 'Holy Symbol', size: 'medium', quantity: 1 },
        { kind: 'item', itemId: 'prayer-book', label: 'Prayer Book of chosen faith', size: null, quantity: 1 },
      ],
    },
  },
  {
    id: 'specialist',
    label: 'Specialist',
    verb: 'Toil',
    aliases: [],
    ref: REF_SPECIALIST,
    isExperimental: false,
    canRollAtRandom: true,
    status: 'wip',
    gaps: ['Specialist choice Yoink! is WIP.'],
    summary: 'Anyone who works a trade for a living and excels at it.',
    primeStat: { kind: 'choose-one', from: CORE_STAT_IDS },
    hd: 6,
    feats: [
      { id: 'prime-stat-saves', label: 'Prime stat Saves', scope: { kind: 'prime-stat-save' }, status: 'complete' },
      {
        id: 'other-save',
        label: 'One other Save of choice',
        scope: { kind: 'other-save-choice', options: CORE_STAT_IDS },
        status: 'complete',
      },
      { id: 'initiative-checks', label: 'Initiative checks', scope: { kind: 'check', check: 'initiative', alsoAsDefender: false }, status: 'complete' },
    ],
    skills: { atLevelOne: 8, primeStatBonus: 'one-per-positive-mod-point', perNewLevel: 1 },
    wps: { atLevelOne: 2, perNewLevel: 1, onLevels: 'every-new-level', maxSpecializationsPerLevelUp: null },
    specialIds: ids(CLASS_FEATURES, 'specialist', 'special'),
    choices: [
      {
        id: 'specialist-choices',
        label: 'Choose 2',
        level: 1,
        pick: { kind: 'count', count: 2 },
        optionIds: ids(CLASS_FEATURES, 'specialist', 'specialist-choice'),
      },
    ],
    startingGear: {
      ref: REF_GEAR,
      items: [
        { kind: 'weapon-of-choice', count: 1 },
        { kind: 'item', itemId: 'dungeoneering-tools', label: 'Dungeoneering Tools', size: 'medium', quantity: 1 },
      ],
    },
  },
  {
    id: 'charlatan',
    label: 'Charlatan',
    verb: null,
    aliases: ['Hapless Hero'],
    ref: REF_CHARLATAN,
    isExperimental: true,
    canRollAtRandom: false,
    status: 'wip',
    gaps: ['NOTE, HD, Skill Progression and WP Progression are "??"; no starting gear is listed.'],
    summary:
      'Two breeds: those who deceive on purpose and skate through life, and those whom a cruel fate keeps dropping into the same scrapes by accident.',
    primeStat: { kind: 'fixed', stat: 'CHA' },
    hd: null,
    feats: [
      {
        id: 'untrained-skill-checks',
        label: 'Untrained skill checks',
        scope: { kind: 'check', check: 'untrained-skill', alsoAsDefender: false },
        status: 'complete',
      },
    ],
    skills: null,
    wps: null,
    specialIds: ids(CLASS_FEATURES, 'charlatan', 'special'),
    choices: [],
    startingGear: { ref: REF_GEAR, items: [] },
  },
] as const satisfies readonly CharacterClass[];

// ---------------------------------------------------------------------------------------------------
// Progressions by level
// ---------------------------------------------------------------------------------------------------

/**
 * Skills, WPs and other gains of each core class at levels 1-10 (the Charlatan's are "??", CL-31).
 * Skills exclude the one-off prime stat bonus (CL-4); the Combatant's momentum and shtick steps and the True
 * Mage's Spell Penetration appear where they change.
 * @example CLASS_LEVELS.find((r) => r.id === 'combatant-10')?.wps.total // 24
 */
export const CLASS_LEVELS = [
  // Combatant: skills 4 +1/level, WPs 6 +2/level.
  { id: 'combatant-1', label: 'Combatant level 1', ref: REF_COMBATANT, classId: 'combatant', level: 1, skills: { gained: 4, total: 4 }, wps: { gained: 6, total: 6 }, grants: [{ kind: 'choice', choiceId: 'shtick' }] },
  { id: 'combatant-2', label: 'Combatant level 2', ref: REF_COMBATANT, classId: 'combatant', level: 2, skills: { gained: 1, total: 5 }, wps: { gained: 2, total: 8 }, grants: [{ kind: 'feature-improves', featureId: 'two-handed' }] },
  { id: 'combatant-3', label: 'Combatant level 3', ref: REF_COMBATANT, classId: 'combatant', level: 3, skills: { gained: 1, total: 6 }, wps: { gained: 2, total: 10 }, grants: [{ kind: 'feature-improves', featureId: 'thrower' }] },
  { id: 'combatant-4', label: 'Combatant level 4', ref: REF_COMBATANT, classId: 'combatant', level: 4, skills: { gained: 1, total: 7 }, wps: { gained: 2, total: 12 }, grants: [] },
  { id: 'combatant-5', label: 'Combatant level 5', ref: REF_COMBATANT, classId: 'combatant', level: 5, skills: { gained: 1, total: 8 }, wps: { gained: 2, total: 14 }, grants: [{ kind: 'feature-improves', featureId: 'combat-momentum' }, { kind: 'feature-improves', featureId: 'two-fisted' }, { kind: 'feature-improves', featureId: 'thrower' }] },
  { id: 'combatant-6', label: 'Combatant level 6', ref: REF_COMBATANT, classId: 'combatant', level: 6, skills: { gained: 1, total: 9 }, wps: { gained: 2, total: 16 }, grants: [{ kind: 'feature-improves', featureId: 'two-handed' }] },
  { id: 'combatant-7', label: 'Combatant level 7', ref: REF_COMBATANT, classId: 'combatant', level: 7, skills: { gained: 1, total: 10 }, wps: { gained: 2, total: 18 }, grants: [{ kind: 'feature-improves', featureId: 'thrower' }] },
  { id: 'combatant-8', label: 'Combatant level 8', ref: REF_COMBATANT, classId: 'combatant', level: 8, skills: { gained: 1, total: 11 }, wps: { gained: 2, total: 20 }, grants: [] },
  { id: 'combatant-9', label: 'Combatant level 9', ref: REF_COMBATANT, classId: 'combatant', level: 9, skills: { gained: 1, total: 12 }, wps: { gained: 2, total: 22 }, grants: [{ kind: 'feature-improves', featureId: 'two-fisted' }, { kind: 'feature-improves', featureId: 'thrower' }] },
  { id: 'combatant-10', label: 'Combatant level 10', ref: REF_COMBATANT, classId: 'combatant', level: 10, skills: { gained: 1, total: 13 }, wps: { gained: 2, total: 24 }, grants: [{ kind: 'feature-improves', featureId: 'combat-momentum' }, { kind: 'feature-improves', featureId: 'two-handed' }] },
  // True Mage: skills 6 +1/level, WPs 2 +1 at each new even level.
  { id: 'true-mage-1', label: 'True Mage level 1', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 1, skills: { gained: 6, total: 6 }, wps: { gained: 2, total: 2 }, grants: [{ kind: 'choice', choiceId: 'focus' }] },
  { id: 'true-mage-2', label: 'True Mage level 2', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 2, skills: { gained: 1, total: 7 }, wps: { gained: 1, total: 3 }, grants: [] },
  { id: 'true-mage-3', label: 'True Mage level 3', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 3, skills: { gained: 1, total: 8 }, wps: { gained: 0, total: 3 }, grants: [] },
  { id: 'true-mage-4', label: 'True Mage level 4', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 4, skills: { gained: 1, total: 9 }, wps: { gained: 1, total: 4 }, grants: [{ kind: 'feature-improves', featureId: 'spell-penetration' }] },
  { id: 'true-mage-5', label: 'True Mage level 5', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 5, skills: { gained: 1, total: 10 }, wps: { gained: 0, total: 4 }, grants: [] },
  { id: 'true-mage-6', label: 'True Mage level 6', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 6, skills: { gained: 1, total: 11 }, wps: { gained: 1, total: 5 }, grants: [] },
  { id: 'true-mage-7', label: 'True Mage level 7', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 7, skills: { gained: 1, total: 12 }, wps: { gained: 0, total: 5 }, grants: [] },
  { id: 'true-mage-8', label: 'True Mage level 8', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 8, skills: { gained: 1, total: 13 }, wps: { gained: 1, total: 6 }, grants: [] },
  { id: 'true-mage-9', label: 'True Mage level 9', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 9, skills: { gained: 1, total: 14 }, wps: { gained: 0, total: 6 }, grants: [{ kind: 'feature-improves', featureId: 'spell-penetration' }] },
  { id: 'true-mage-10', label: 'True Mage level 10', ref: REF_TRUE_MAGE, classId: 'true-mage', level: 10, skills: { gained: 1, total: 15 }, wps: { gained: 1, total: 7 }, grants: [] },
  // Devout: skills 6 +1/level, WPs 3 +1/level, powers at 1, 3, 6, 9.
  { id: 'devout-1', label: 'Devout level 1', ref: REF_DEVOUT, classId: 'devout', level: 1, skills: { gained: 6, total: 6 }, wps: { gained: 3, total: 3 }, grants: [{ kind: 'choice', choiceId: 'devout-powers' }] },
  { id: 'devout-2', label: 'Devout level 2', ref: REF_DEVOUT, classId: 'devout', level: 2, skills: { gained: 1, total: 7 }, wps: { gained: 1, total: 4 }, grants: [] },
  { id: 'devout-3', label: 'Devout level 3', ref: REF_DEVOUT, classId: 'devout', level: 3, skills: { gained: 1, total: 8 }, wps: { gained: 1, total: 5 }, grants: [{ kind: 'devout-power-advance' }] },
  { id: 'devout-4', label: 'Devout level 4', ref: REF_DEVOUT, classId: 'devout', level: 4, skills: { gained: 1, total: 9 }, wps: { gained: 1, total: 6 }, grants: [] },
  { id: 'devout-5', label: 'Devout level 5', ref: REF_DEVOUT, classId: 'devout', level: 5, skills: { gained: 1, total: 10 }, wps: { gained: 1, total: 7 }, grants: [] },
  { id: 'devout-6', label: 'Devout level 6', ref: REF_DEVOUT, classId: 'devout', level: 6, skills: { gained: 1, total: 11 }, wps: { gained: 1, total: 8 }, grants: [{ kind: 'devout-power-advance' }] },
  { id: 'devout-7', label: 'Devout level 7', ref: REF_DEVOUT, classId: 'devout', level: 7, skills: { gained: 1, total: 12 }, wps: { gained: 1, total: 9 }, grants: [] },
  { id: 'devout-8', label: 'Devout level 8', ref: REF_DEVOUT, classId: 'devout', level: 8, skills: { gained: 1, total: 13 }, wps: { gained: 1, total: 10 }, grants: [] },
  { id: 'devout-9', label: 'Devout level 9', ref: REF_DEVOUT, classId: 'devout', level: 9, skills: { gained: 1, total: 14 }, wps: { gained: 1, total: 11 }, grants: [{ kind: 'devout-power-advance' }] },
  { id: 'devout-10', label: 'Devout level 10', ref: REF_DEVOUT, classId: 'devout', level: 10, skills: { gained: 1, total: 15 }, wps: { gained: 1, total: 12 }, grants: [] },
  // Specialist: skills 8 +1/level, WPs 2 +1/level, one more specialty at 3, 6, 9.
  { id: 'specialist-1', label: 'Specialist level 1', ref: REF_SPECIALIST, classId: 'specialist', level: 1, skills: { gained: 8, total: 8 }, wps: { gained: 2, total: 2 }, grants: [{ kind: 'choice', choiceId: 'specialist-choices' }] },
  { id: 'specialist-2', label: 'Specialist level 2', ref: REF_SPECIALIST, classId: 'specialist', level: 2, skills: { gained: 1, total: 9 }, wps: { gained: 1, total: 3 }, grants: [] },
  { id: 'specialist-3', label: 'Specialist level 3', ref: REF_SPECIALIST, classId: 'specialist', level: 3, skills: { gained: 1, total: 10 }, wps: { gained: 1, total: 4 }, grants: [{ kind: 'skill-specialty', count: 1 }] },
  { id: 'specialist-4', label: 'Specialist level 4', ref: REF_SPECIALIST, classId: 'specialist', level: 4, skills: { gained: 1, total: 11 }, wps: { gained: 1, total: 5 }, grants: [] },
  { id: 'specialist-5', label: 'Specialist level 5', ref: REF_SPECIALIST, classId: 'specialist', level: 5, skills: { gained: 1, total: 12 }, wps: { gained: 1, total: 6 }, grants: [] },
  { id: 'specialist-6', label: 'Specialist level 6', ref: REF_SPECIALIST, classId: 'specialist', level: 6, skills: { gained: 1, total: 13 }, wps: { gained: 1, total: 7 }, grants: [{ kind: 'skill-specialty', count: 1 }] },
  { id: 'specialist-7', label: 'Specialist level 7', ref: REF_SPECIALIST, classId: 'specialist', level: 7, skills: { gained: 1, total: 14 }, wps: { gained: 1, total: 8 }, grants: [] },
  { id: 'specialist-8', label: 'Specialist level 8', ref: REF_SPECIALIST, classId: 'specialist', level: 8, skills: { gained: 1, total: 15 }, wps: { gained: 1, total: 9 }, grants: [] },
  { id: 'specialist-9', label: 'Specialist level 9', ref: REF_SPECIALIST, classId: 'specialist', level: 9, skills: { gained: 1, total: 16 }, wps: { gained: 1, total: 10 }, grants: [{ kind: 'skill-specialty', count: 1 }] },
  { id: 'specialist-10', label: 'Specialist level 10', ref: REF_SPECIALIST, classId: 'specialist', level: 10, skills: { gained: 1, total: 17 }, wps: { gained: 1, total: 11 }, grants: [] },
] as const satisfies readonly ClassLevelRow[];

// ---------------------------------------------------------------------------------------------------
// The random class roll
// ---------------------------------------------------------------------------------------------------

/**
 * The random class roll (CL-1): a d4 over the core classes in the rules' order; the Charlatan is never rolled.
 * @example RANDOM_CLASS_TABLE[1] // { roll: { min: 2, max: 2 }, classId: 'true-mage', ... }
 */
export const RANDOM_CLASS_TABLE = [
  { id: 'roll-1', label: 'Combatant', ref: REF_RANDOM, roll: { min: 1, max: 1 }, classId: 'combatant' },
  { id: 'roll-2', label: 'True Mage', ref: REF_RANDOM, roll: { min: 2, max: 2 }, classId: 'true-mage' },
  { id: 'roll-3', label: 'Devout', ref: REF_RANDOM, roll: { min: 3, max: 3 }, classId: 'devout' },
  { id: 'roll-4', label: 'Specialist', ref: REF_RANDOM, roll: { min: 4, max: 4 }, classId: 'specialist' },
] as const satisfies readonly RandomClassRow[];
