/**
 * Rolling a character: the six attributes in order (3d6, or 4d6 keep the best three), Hit Die, level,
 * HP from the formula, Common and one more language fluent, extra language points from INT spent on
 * random languages, weapon training. The text gives no creation procedure: ruling EH-8.
 * Rules: The Exalted Hack, Resolving Actions and Attributes (Constitution, Intelligence); Weapons.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type CharacterSummary, type ParamDef, type ParamRecord, type RuleResult } from '../rule-system.js';
import { ATTRIBUTE_IDS, MAX_LEVEL, carryingSpaces, extraLanguagePoints, speedForDex, type AttributeId } from './attributes.js';
import { CHARACTER_SCHEMA_VERSION, MAX_NAME_LENGTH, attributesAtZero, currentScore, spacesUsed, type AttributeScore, type ExaltedHackCharacter, type KnownLanguage, type WeaponTraining } from './character.js';
import { ATTRIBUTE_LOSSES } from './data/attribute-loss.js';
import { FLUENT_POINTS, LANGUAGES } from './data/languages.js';
import { DAMAGE_DICE } from './data/weapons.js';
import { conditionOf, maxHitPoints } from './hit-points.js';
import { OVERLOAD_SPEED_PENALTY_FEET } from './attributes.js';
import { boolOf, readParams, intOf, textOf } from './params.js';

/** How attributes are rolled (ruling EH-8). */
export type AttributeMethod = '3d6' | '4d6-keep-3';

/** The Hit Die when none is chosen (ruling EH-8). */
export const DEFAULT_HIT_DIE = 8;

/** The name given when none is; a player renames at the table (ruling EH-8). */
export const DEFAULT_NAME = 'Nameless';

/**
 * The creation options (CLI flags `--name`, `--method`, `--level`, `--hit-die`, `--training`, `--no-languages`).
 * @example CREATION_OPTIONS[1].name // 'method'
 */
export const CREATION_OPTIONS = [
  { kind: 'text', name: 'name', label: 'Name', maxLength: MAX_NAME_LENGTH, default: DEFAULT_NAME, help: 'The character\'s name.' },
  {
    kind: 'choice', name: 'method', label: 'Attribute method', default: '3d6', help: 'How each attribute is rolled, in order (ruling EH-8).',
    choices: [{ id: '3d6', label: '3d6 in order' }, { id: '4d6-keep-3', label: '4d6 keep the best 3, in order' }],
  },
  { kind: 'integer', name: 'level', label: 'Level', min: 1, max: MAX_LEVEL, default: 1, help: 'Starting level (HP add the level).' },
  { kind: 'die', name: 'hit-die', label: 'Hit Die', sides: DAMAGE_DICE, default: DEFAULT_HIT_DIE, help: 'The Hit Die; its maximum counts into HP.' },
  {
    kind: 'choice', name: 'training', label: 'Weapon training', default: 'none', help: 'Weapon categories trained beyond light weapons.',
    choices: [{ id: 'none', label: 'Light weapons only' }, { id: 'martial', label: 'Martial' }, { id: 'martial-and-heavy', label: 'Martial and heavy' }],
  },
  { kind: 'boolean', name: 'no-languages', label: 'Leave languages to the player', default: false, help: 'Give only Common and leave the other language points unspent for the player to choose.' },
] as const satisfies readonly ParamDef[];

function rollAttribute(rng: RandomSource, method: AttributeMethod): number {
  const dice = Array.from({ length: method === '3d6' ? 3 : 4 }, () => rng.rollDie(6));
  if (method === '3d6') return dice[0]! + dice[1]! + dice[2]!;
  return dice.reduce((a, b) => a + b, 0) - Math.min(...dice);
}

function pickLanguage(rng: RandomSource, known: readonly KnownLanguage[]): (typeof LANGUAGES)[number] | null {
  const left = LANGUAGES.filter((l) => !known.some((k) => k.id === l.id));
  if (left.length === 0) return null;
  return left[rng.rollDie(left.length) - 1]!;
}

/**
 * Languages for a character: Common and one random language fluent, then extra points spent two at a
 * time on fluent languages and a last odd point on a halting one (Intelligence; ruling EH-10).
 * @example rollLanguages(scriptedRandom([2]), 9) // [common 2, elvish 2]
 */
export function rollLanguages(rng: RandomSource, int: number): KnownLanguage[] {
  const known: KnownLanguage[] = [{ id: 'common', label: 'Common', points: FLUENT_POINTS }];
  let points = FLUENT_POINTS + extraLanguagePoints(int);
  while (points > 0) {
    const lang = pickLanguage(rng, known);
    if (lang === null) break;
    const spend = points >= FLUENT_POINTS ? FLUENT_POINTS : 1;
    known.push({ id: lang.id, label: lang.label, points: spend });
    points -= spend;
  }
  return known;
}

/**
 * Rolls a character from the creation options; the same seed gives the same document, byte for byte (ruling EH-8).
 * @example rollCharacter(seededRandom(7), { method: '4d6-keep-3', level: 2 })
 */
export function rollCharacter(rng: RandomSource, options: ParamRecord): RuleResult<ExaltedHackCharacter> {
  const read = readParams(CREATION_OPTIONS, options);
  if (!read.ok) return read;
  const v = read.value;
  const name = textOf(v, 'name');
  if (name.trim().length === 0) return problem('exalted-hack/blank-name', 'A name needs at least one character that is not a space; give --name.', '$.name');
  const method = textOf(v, 'method') as AttributeMethod;
  const level = intOf(v, 'level');
  const hitDie = intOf(v, 'hit-die');
  const trainingChoice = textOf(v, 'training');
  const scores = {} as Record<AttributeId, AttributeScore>;
  for (const id of ATTRIBUTE_IDS) {
    const score = rollAttribute(rng, method);
    scores[id] = { score, current: score };
  }
  const languages: KnownLanguage[] = boolOf(v, 'no-languages') ? [{ id: 'common', label: 'Common', points: FLUENT_POINTS }] : rollLanguages(rng, scores.int.score);
  const max = maxHitPoints(scores.con.score, hitDie, level);
  const weaponTraining: WeaponTraining[] = trainingChoice === 'martial' ? ['martial'] : trainingChoice === 'martial-and-heavy' ? ['martial', 'heavy'] : [];
  return ok({
    ruleset: 'exalted-hack',
    schemaVersion: CHARACTER_SCHEMA_VERSION,
    name,
    level,
    stats: { str: scores.str, dex: scores.dex, con: scores.con, int: scores.int, wis: scores.wis, cha: scores.cha },
    hitDie,
    hp: { current: max, max },
    attributeDamage: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
    isDying: false,
    armour: { value: 0, kind: 'regular' },
    weaponTraining,
    languages,
    inventory: [],
    silver: 0,
    projects: [],
    notes: '',
    conditions: [],
    history: [],
  });
}

/** True when the character carries more spaces than STR allows: -5 feet of speed, fatigue each hour (Inventory and Usage). */
export function isOverloaded(c: ExaltedHackCharacter): boolean {
  return spacesUsed(c) > carryingSpaces(Math.max(0, currentScore(c, 'str')));
}

/** Speed in feet now: DEX's band, 5 less when carrying more spaces than STR (Dexterity; Inventory and Usage). */
export function currentSpeed(c: ExaltedHackCharacter): number {
  const dex = Math.max(1, currentScore(c, 'dex'));
  const base = speedForDex(dex);
  return isOverloaded(c) ? base - OVERLOAD_SPEED_PENALTY_FEET : base;
}

/**
 * What state a character is in: standing, incapacitated (0 HP, stable), dying, dead (CON 0), or lost to
 * another attribute at 0 (Damage and Dying; EH-27, EH-28).
 * @example stateOf(c) // 'dying'
 */
export function stateOf(c: ExaltedHackCharacter): string {
  const condition = conditionOf({ hp: c.hp.current, maxHp: c.hp.max, con: currentScore(c, 'con') }, c.isDying);
  if (condition === 'dead') return 'dead';
  const lost = attributesAtZero(c).map((id) => ATTRIBUTE_LOSSES.find((l) => l.id === id)!.label.toLowerCase());
  if (lost.length > 0) return `lost: ${lost.join(', ')}`;
  return condition;
}

/** The armour as a tracker reads it: "2", "3 magical" (Armor). */
export function armourText(c: ExaltedHackCharacter): string {
  return `${c.armour.value}${c.armour.kind === 'magical' ? ' magical' : ''}`;
}

/** The few lines a table shows: level, HP, armour, CON, speed, spaces, state (Constitution; Armor; Dexterity; Damage and Dying). */
export function summarize(c: ExaltedHackCharacter): CharacterSummary {
  const con = currentScore(c, 'con');
  const state = stateOf(c);
  return {
    name: c.name,
    headline: `Level ${c.level} protagonist (d${c.hitDie} Hit Die)${state === 'standing' ? '' : `, ${state}`}`,
    trackers: [
      { id: 'hp', label: 'HP', value: `${c.hp.current}/${c.hp.max}`, role: 'health' },
      { id: 'armour', label: 'Armour', value: armourText(c), role: 'armour' },
      { id: 'con', label: 'CON', value: `${con}/${c.stats.con.score}` },
      { id: 'speed', label: 'Speed', value: `${currentSpeed(c)} ft` },
      { id: 'spaces', label: 'Spaces', value: `${spacesUsed(c)}/${carryingSpaces(Math.max(0, currentScore(c, 'str')))}` },
    ],
  };
}
