/**
 * The caster: what a spellcaster brings to magick (class level, Dedicated or Dabbler grade, spell stat,
 * CON for over-casting, the Mana-burn and Over-Casting specials), the Spell Die it rolls and how many
 * spells it may sustain. Rules: HAMMERCRAWL! v4, MAGICK (Casting Spells, Sustaining Spells, Mana-burn);
 * CLASSES (CORE) spellcasting blocks. Rulings: docs/rulings.md (MG-n), docs/rulings.md (CL-6, CL-7).
 */
import { HAMMERCRAWL_CHAIN } from '../../../dice/index.js';
import { STAT_IDS, type StatId } from '../check-modifiers.js';
import type { SpellGrade, SpellcastingProfileId } from '../data/classes.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL, featDie } from '../feat-die.js';
import { MAX_STAT_SCORE, MIN_STAT_SCORE } from './limits.js';

export { MAX_STAT_SCORE, MIN_STAT_SCORE } from './limits.js';

/**
 * A spellcaster as magick needs it (CLASSES (CORE), each Spellcasting block; MAGICK).
 * @example { level: 3, grade: 'dedicated', spellStat: 'INT', spellStatScore: 15, sustainDivisor: 1, conScore: 12, hasManaBurn: true, canOvercast: true, profileId: 'true-mage-spellcasting' }
 */
export interface Caster {
  /** Class level, 1-10: picks the Spell Die from the Feat Die table and sets the sustain limit. */
  readonly level: number;
  /** Dedicated casters roll the Feat Die as Spell Die, Dabblers the Weak column (THE FEAT DIE). */
  readonly grade: SpellGrade;
  /** The class Spellcasting Stat: its score is how many spells may be prepared and the concentration target. */
  readonly spellStat: StatId;
  readonly spellStatScore: number;
  /** The sustain limit is ceil(level / divisor) (CL-7): 1 Dedicated, 2 Dabbler, 3 where the class says level/3. */
  readonly sustainDivisor: 1 | 2 | 3;
  /** The CON score before any is burnt by over-casting. */
  readonly conScore: number;
  /** The True Mage's Mana-burn special. */
  readonly hasManaBurn: boolean;
  /** The True Mage's Over-Casting special. */
  readonly canOvercast: boolean;
  /** The class spellcasting profile this caster was built from, when known. */
  readonly profileId: SpellcastingProfileId | null;
}

const CHAIN: readonly number[] = HAMMERCRAWL_CHAIN.sides;

/** The chain position of a die (0 is d3); a die off the chain is a programmer error. */
export function chainPosition(sides: number): number {
  const p = CHAIN.indexOf(sides);
  if (p < 0) throw new RangeError(`d${sides} is not on the dice chain`);
  return p;
}

/** The die at a chain position 0-12 (d3 to d30). */
export function dieAtPosition(position: number): number {
  const die = CHAIN[position];
  if (die === undefined) throw new RangeError(`no die at chain position ${position}`);
  return die;
}

/**
 * What is wrong with a caster (empty when nothing): levels 1-10, stat scores 1-20, a known stat.
 * @example casterProblems({ ...caster, level: 11 }) // ['level must be a whole number from 1 to 10, got 11']
 */
export function casterProblems(caster: Caster): string[] {
  const problems: string[] = [];
  const whole = (n: unknown, lo: number, hi: number) => typeof n === 'number' && Number.isInteger(n) && n >= lo && n <= hi;
  if (!whole(caster.level, MIN_CHARACTER_LEVEL, MAX_CHARACTER_LEVEL)) {
    problems.push(`level must be a whole number from ${MIN_CHARACTER_LEVEL} to ${MAX_CHARACTER_LEVEL}, got ${caster.level}`);
  }
  if (caster.grade !== 'dedicated' && caster.grade !== 'dabbler') problems.push(`grade must be dedicated or dabbler, got ${String(caster.grade)}`);
  if (!(STAT_IDS as readonly string[]).includes(caster.spellStat)) problems.push(`spellStat must be one of ${STAT_IDS.join(' ')}, got ${String(caster.spellStat)}`);
  for (const [name, score] of [['spellStatScore', caster.spellStatScore], ['conScore', caster.conScore]] as const) {
    if (!whole(score, MIN_STAT_SCORE, MAX_STAT_SCORE)) problems.push(`${name} must be a whole number from ${MIN_STAT_SCORE} to ${MAX_STAT_SCORE}, got ${score}`);
  }
  if (![1, 2, 3].includes(caster.sustainDivisor)) problems.push(`sustainDivisor must be 1, 2 or 3, got ${caster.sustainDivisor}`);
  return problems;
}

/**
 * The Spell Die before Mana-burn: the Feat Die of the class level, the Weak column for a Dabbler
 * (Spellcasting blocks: "Dedicated (equals Feat Die)", "Dabbler (use the Weak Feat Die)").
 * @example baseSpellDie({ ...caster, level: 5, grade: 'dabbler' }) // 5 (a d5)
 */
export function baseSpellDie(caster: Pick<Caster, 'level' | 'grade'>): number {
  return featDie(caster.level, caster.grade === 'dedicated' ? 'normal' : 'weak');
}

/**
 * How many spells a caster may sustain at once: ceil(class level / divisor) (Sustaining Spells; CL-7).
 * @example sustainLimit({ level: 4, sustainDivisor: 3 }) // 2
 */
export function sustainLimit(caster: Pick<Caster, 'level' | 'sustainDivisor'>): number {
  return Math.ceil(caster.level / caster.sustainDivisor);
}

/**
 * How many spells a caster may prepare each morning: the Spellcasting Stat's score ("as many spells as
 * their chosen class Spellcasting Stat rank", Preparing Spells; MG-1).
 */
export function preparationLimit(caster: Pick<Caster, 'spellStatScore'>): number {
  return caster.spellStatScore;
}

