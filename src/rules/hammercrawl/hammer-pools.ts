/**
 * Hammer dice pools: building them (a check's pool, the Smith's node pool, a free pool), rolling
 * them, cancelling hammers against crossblades, XP, the effect choices of every remaining symbol,
 * and exact odds of any pool.
 * Rules: HAMMERCRAWL! v4, NEW IDEA: THE HAMMER DIE! and THE SMITH'S RULES: THE HAMMER DICE.
 * Rulings H-1 to H-16 in docs/rulings.md; what a table does with a roll, H-19 to H-23 (table/hammer-apply.ts).
 */
import { Distribution } from '../../dice/distribution.js';
import type { RandomSource } from '../../dice/random.js';
import {
  DEFAULT_HAMMER_DICE_SETTINGS,
  HAMMER_COLOURS,
  HAMMER_DICE_NODE_REF,
  HAMMER_DIE_REF,
  HAMMER_SYMBOLS,
  faceSymbolCount,
  hammerDice,
  hammerDieOnChain,
  isHammerColour,
  type HammerColour,
  type HammerDiceSettings,
  type HammerDie,
  type HammerFace,
  type HammerSymbol,
} from './hammer-dice.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL } from './feat-die.js';

// ---- limits and errors ------------------------------------------------------------------

/** Most dice one hammer pool may hold (a node pool of difficulty 20 with every extra die is far below). */
export const MAX_HAMMER_POOL_DICE = 100;
/** Most advantages or disadvantages one check may count (three or more all give the same die). */
export const MAX_VANTAGE_COUNT = 99;
/** Most states a joint distribution of symbol counts may have before it is refused. */
export const MAX_JOINT_STATES = 1_000_000;

/** Every code a `HammerPoolError` may carry. */
export type HammerPoolErrorCode =
  | 'hammer/unknown-colour'
  | 'hammer/too-many-dice'
  | 'hammer/bad-count'
  | 'hammer/bad-level'
  | 'hammer/bad-stance'
  | 'hammer/feat-needs-level'
  | 'hammer/bad-faces'
  | 'hammer/set-aside-unavailable'
  | 'hammer/too-costly';

/** A hammer pool asked for something the rules (or the limits) do not allow; the message says how to fix it. */
export class HammerPoolError extends Error {
  override readonly name = 'HammerPoolError';
  constructor(
    readonly code: HammerPoolErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** One line for people: the code and the message. */
  describe(): string {
    return `${this.code}: ${this.message}`;
  }
}

/** True when `e` is a `HammerPoolError` (works across bundles, unlike `instanceof` alone). */
export function isHammerPoolError(e: unknown): e is HammerPoolError {
  return e instanceof HammerPoolError || (e instanceof Error && e.name === 'HammerPoolError' && 'code' in e);
}

// ---- pools ------------------------------------------------------------------------------

/** What a pool is rolled for: a character's Check, or the Smith's node (exploration) roll. */
export type PoolContext = 'check' | 'node';

/** Why a die is in a pool. */
export type PooledDieSource =
  | 'feat'
  | 'advantage'
  | 'disadvantage'
  | 'stance'
  | 'difficulty'
  | 'reward'
  | 'comet'
  | 'chaos-star'
  | 'skull'
  | 'listed';

/** One die of a pool and why it is there. */
export interface PooledDie {
  readonly colour: HammerColour;
  readonly source: PooledDieSource;
  /** For people: "2 advantages (flanking, high ground) -> blue". */
  readonly reason: string;
}

/**
 * A pool of hammer dice, all rolled at once (HAMMER_DIE_REF, WHEN, WHAT, AND HOW MANY TO ROLL).
 * @example { context: 'check', dice: [{ colour: 'white', source: 'feat', reason: 'Feat at level 3 -> white' }] }
 */
export interface HammerPool {
  readonly context: PoolContext;
  readonly dice: readonly PooledDie[];
}

/** A check's stance (HAMMER_DIE_REF, CAUTIOUS/RECKLESS): green for great caution, red for recklessness. */
export type Stance = 'none' | 'cautious' | 'reckless';

/** Advantages or disadvantages: a count, or the list of their sources (each one counts once). */
export type VantageCount = number | readonly string[];

/** What decides a check's pool (HAMMER_DIE_REF, WHEN, WHAT, AND HOW MANY TO ROLL). */
export interface CheckPoolInput {
  /** The character's level, 1-10; needed when `isFeat`. */
  readonly level?: number;
  /** The Check is one of the character's Feats. */
  readonly isFeat?: boolean;
  readonly advantages?: VantageCount;
  readonly disadvantages?: VantageCount;
  readonly stance?: Stance;
}

function checkedCount(value: number, what: string, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new HammerPoolError('hammer/bad-count', `${what} must be a whole number from 0 to ${max}, got ${value}`);
  }
  return value;
}

function vantage(value: VantageCount | undefined, what: string): { count: number; names: string } {
  if (value === undefined) return { count: 0, names: '' };
  if (typeof value === 'number') return { count: checkedCount(value, what, MAX_VANTAGE_COUNT), names: '' };
  checkedCount(value.length, `the number of ${what}`, MAX_VANTAGE_COUNT);
  return { count: value.length, names: value.length > 0 ? ` (${value.join(', ')})` : '' };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The step on THE CHAIN a Feat at `level` gives: white from 1, blue from 5, yellow from 9 (ruling H-5). */
export function featDieSteps(level: number): number {
  if (!Number.isInteger(level) || level < MIN_CHARACTER_LEVEL || level > MAX_CHARACTER_LEVEL) {
    throw new HammerPoolError('hammer/bad-level', `the level must be a whole number from ${MIN_CHARACTER_LEVEL} to ${MAX_CHARACTER_LEVEL}, got ${level}`);
  }
  return level >= 9 ? 3 : level >= 5 ? 2 : 1;
}

/**
 * The pool of a Check: a Feat die by level, an advantage die and a disadvantage die by their counts
 * (they no longer cancel), and a stance die (HAMMER_DIE_REF, WHEN, WHAT, AND HOW MANY TO ROLL).
 * Each die comes with the reason it is there. Rulings H-5 to H-7.
 * @example checkPool({ level: 5, isFeat: true, advantages: 1, disadvantages: 2 }).dice.map((d) => d.colour) // ['blue', 'white', 'purple']
 */
export function checkPool(input: CheckPoolInput): HammerPool {
  const dice: PooledDie[] = [];
  if (input.isFeat) {
    if (input.level === undefined) throw new HammerPoolError('hammer/feat-needs-level', "a Feat's hammer die depends on the level; give the character's level (1-10)");
    const colour = hammerDieOnChain(featDieSteps(input.level)).colour!;
    dice.push({ colour, source: 'feat', reason: `Feat at level ${input.level} -> ${colour}` });
  } else if (input.level !== undefined) {
    featDieSteps(input.level); // validated even when unused, so a typo is never silent
  }
  const adv = vantage(input.advantages, 'advantages');
  if (adv.count > 0) {
    const colour = hammerDieOnChain(adv.count).colour!;
    dice.push({ colour, source: 'advantage', reason: `${plural(adv.count, 'advantage', 'advantages')}${adv.names} -> ${colour}` });
  }
  const dis = vantage(input.disadvantages, 'disadvantages');
  if (dis.count > 0) {
    const colour = hammerDieOnChain(-dis.count).colour!;
    dice.push({ colour, source: 'disadvantage', reason: `${plural(dis.count, 'disadvantage', 'disadvantages')}${dis.names} -> ${colour}` });
  }
  const stance = input.stance ?? 'none';
  if (stance === 'cautious') dice.push({ colour: 'green', source: 'stance', reason: 'great caution -> green' });
  else if (stance === 'reckless') dice.push({ colour: 'red', source: 'stance', reason: 'throwing caution to the wind -> red' });
  else if (stance !== 'none') throw new HammerPoolError('hammer/bad-stance', `the stance must be none, cautious or reckless, got ${String(stance)}`);
  return checkedPool({ context: 'check', dice });
}

/** What decides the Smith's node pool (HAMMER_DICE_NODE_REF, Base Dice Pool and the marks' uses). */
export interface NodePoolInput {
  /** Purple dice for the adventure's challenge (0 or more). */
  readonly difficulty: number;
  /** Comets the Smith used earlier in this dungeon to "add a blue die to all following dice pools". */
  readonly comets?: number;
  /** Chaos stars the Smith used earlier in this dungeon to "add a purple die to all following dice pools". */
  readonly chaosStars?: number;
  /** Skulls of the previous exploration roll used as "extra black dice on subsequent exploration roll". */
  readonly skulls?: number;
}

/**
 * The Smith's node pool: `difficulty` purple dice and one blue reward die, plus the dice earlier marks
 * added (HAMMER_DICE_NODE_REF). Rulings H-12 and H-13.
 * @example nodePool({ difficulty: 2, comets: 1 }).dice.map((d) => d.colour) // ['purple', 'purple', 'blue', 'blue']
 */
export function nodePool(input: NodePoolInput): HammerPool {
  const difficulty = checkedCount(input.difficulty, 'the difficulty', MAX_HAMMER_POOL_DICE);
  const comets = checkedCount(input.comets ?? 0, 'comets', MAX_HAMMER_POOL_DICE);
  const chaosStars = checkedCount(input.chaosStars ?? 0, 'chaos stars', MAX_HAMMER_POOL_DICE);
  const skulls = checkedCount(input.skulls ?? 0, 'skulls', MAX_HAMMER_POOL_DICE);
  const dice: PooledDie[] = [];
  for (let i = 1; i <= difficulty; i++) dice.push({ colour: 'purple', source: 'difficulty', reason: `difficulty ${i} of ${difficulty}` });
  dice.push({ colour: 'blue', source: 'reward', reason: 'reward' });
  for (let i = 0; i < comets; i++) dice.push({ colour: 'blue', source: 'comet', reason: 'a comet earlier in this dungeon' });
  for (let i = 0; i < chaosStars; i++) dice.push({ colour: 'purple', source: 'chaos-star', reason: 'a chaos star earlier in this dungeon' });
  for (let i = 0; i < skulls; i++) dice.push({ colour: 'black', source: 'skull', reason: 'a skull on the last exploration roll' });
  return checkedPool({ context: 'node', dice });
}

/**
 * A pool of the given colours, as listed (for the Smith, house rules and tests).
 * @example hammerPool(['yellow', 'purple']).dice.length // 2
 */
export function hammerPool(colours: readonly HammerColour[], context: PoolContext = 'check'): HammerPool {
  for (const c of colours) {
    if (!isHammerColour(c)) throw new HammerPoolError('hammer/unknown-colour', unknownColourMessage(String(c)));
  }
  return checkedPool({ context, dice: colours.map((colour) => ({ colour, source: 'listed', reason: 'listed' })) });
}

function checkedPool(pool: HammerPool): HammerPool {
  if (pool.dice.length > MAX_HAMMER_POOL_DICE) {
    throw new HammerPoolError('hammer/too-many-dice', `a hammer pool holds at most ${MAX_HAMMER_POOL_DICE} dice, this one ${pool.dice.length}`);
  }
  return pool;
}

function unknownColourMessage(name: string): string {
  return `'${name}' is not a hammer die; the colours are ${HAMMER_COLOURS.join(', ')}`;
}

/** The result of reading colour names: the colours, or the first unknown name with a message. */
export type ParseColoursResult =
  | { readonly ok: true; readonly colours: readonly HammerColour[] }
  | { readonly ok: false; readonly code: 'hammer/unknown-colour' | 'hammer/too-many-dice'; readonly message: string };

/**
 * Reads colour names (`"white, Blue,purple"` or a list); case and spaces do not matter.
 * @example parseHammerColours('white,blue') // { ok: true, colours: ['white', 'blue'] }
 */
export function parseHammerColours(input: string | readonly string[]): ParseColoursResult {
  const names = (typeof input === 'string' ? input.split(',') : input).map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0);
  if (names.length > MAX_HAMMER_POOL_DICE) {
    return { ok: false, code: 'hammer/too-many-dice', message: `a hammer pool holds at most ${MAX_HAMMER_POOL_DICE} dice, this one ${names.length}` };
  }
  const colours: HammerColour[] = [];
  for (const name of names) {
    if (!isHammerColour(name)) return { ok: false, code: 'hammer/unknown-colour', message: unknownColourMessage(name) };
    colours.push(name);
  }
  return { ok: true, colours };
}

// ---- settings and choices ---------------------------------------------------------------

/**
 * XP when both hammers and crossblades show (ruling H-9): `one` (default) gives 1 XP for the Check,
 * `two` gives the Hammer's 1 XP and the Crossblades' 1 XP.
 */
export type XpWhenBoth = 'one' | 'two';

/** Table settings of the hammer dice. */
export interface HammerSettings extends HammerDiceSettings {
  readonly xpWhenBoth: XpWhenBoth;
}

/** The default settings (rulings H-2 and H-9). */
export const DEFAULT_HAMMER_SETTINGS: HammerSettings = { ...DEFAULT_HAMMER_DICE_SETTINGS, xpWhenBoth: 'one' };

/**
 * The player's choice for the Hammer+ faces that show (HAMMER_DIE_REF, The Hammer+): use them as
 * hammers (default), set them all aside, or set this many aside and use the rest as hammers.
 */
export type HammerPlusChoice = 'hammer' | 'set-aside' | number;

/** Settings and choices for resolving a roll. */
export interface HammerResolveOptions {
  readonly settings?: Partial<HammerSettings>;
  readonly hammerPlus?: HammerPlusChoice;
}

function settingsOf(partial: Partial<HammerSettings> | undefined): HammerSettings {
  return { ...DEFAULT_HAMMER_SETTINGS, ...partial };
}

// ---- effects ----------------------------------------------------------------------------

/** Who picks a symbol's effect: the player, the Smith, or nobody (the rules apply it); ruling H-14. */
export type EffectChooser = 'player' | 'smith' | 'automatic';

/** One effect a remaining symbol may have. */
export interface HammerEffect {
  readonly id: string;
  readonly label: string;
  /** The effect in this project's words. */
  readonly description: string;
  /** The text allows picking it more than once for the same roll. */
  readonly isRepeatable: boolean;
  readonly ref: string;
}

/** What the rules offer for one symbol in one context. */
export interface SymbolEffects {
  readonly symbol: HammerSymbol;
  readonly chooser: EffectChooser;
  /** How often: "for each net hammer". */
  readonly per: string;
  readonly choices: readonly HammerEffect[];
  readonly ref: string;
}

const SYM = `${HAMMER_DIE_REF}, SYMBOLS`;
const NODE_MARKS = `${HAMMER_DICE_NODE_REF}, SPECIAL DICE MARKS AND POSSIBLE USES`;

/**
 * Effects of each symbol left after cancellation in a Check (HAMMER_DIE_REF, SYMBOLS), with who
 * chooses. Rulings H-8 (falcon), H-10 (crossblades net), H-11 (chaos stars).
 * @example CHECK_EFFECTS.hammer.choices.map((c) => c.id) // ['make-it-happen', 'make-it-big', 'hammer-as-falcon']
 */
export const CHECK_EFFECTS = {
  hammer: {
    symbol: 'hammer',
    chooser: 'player',
    per: 'each net hammer',
    ref: `${SYM}: The Hammer`,
    choices: [
      { id: 'make-it-happen', label: 'Make it happen', description: 'the Check succeeds even if the Check Die failed', isRepeatable: false, ref: `${SYM}: The Hammer` },
      { id: 'make-it-big', label: 'Make it big', description: "the Check's effect dice give their highest result", isRepeatable: false, ref: `${SYM}: The Hammer` },
      { id: 'hammer-as-falcon', label: 'A falcon effect', description: 'if neither makes sense, one falcon effect instead', isRepeatable: true, ref: `${SYM}: The Hammer` },
    ],
  },
  'hammer-plus': {
    symbol: 'hammer-plus',
    chooser: 'player',
    per: 'each hammer+ shown',
    ref: `${SYM}: The Hammer+`,
    choices: [
      { id: 'hammer-plus-as-hammer', label: 'Use it as a hammer', description: 'it counts as a normal hammer (and cancels like one)', isRepeatable: true, ref: `${SYM}: The Hammer+` },
      { id: 'hammer-plus-set-aside', label: 'Set it aside', description: 'keep the die as one three-advantage effect for a later Check in this scene', isRepeatable: true, ref: `${SYM}: The Hammer+` },
    ],
  },
  falcon: {
    symbol: 'falcon',
    chooser: 'player',
    per: 'each falcon',
    ref: `${SYM}: The Falcon`,
    choices: [
      { id: 'trigger-specialization', label: 'Trigger Specialization', description: "the attack's weapon special effect, if specialized with it", isRepeatable: true, ref: `${SYM}: The Falcon` },
      { id: 'make-it-neat', label: 'Make it neat', description: 'a minor beneficial detail in the scene, defined with the Smith', isRepeatable: false, ref: `${SYM}: The Falcon` },
      { id: 'pay-it-forward', label: 'Pay it forward', description: 'set aside a white die: one advantage for you or an ally later in this scene', isRepeatable: true, ref: `${SYM}: The Falcon` },
      { id: 'pay-it-back', label: 'Pay it back', description: "set aside a black die: one disadvantage on an enemy's Check later in this scene", isRepeatable: true, ref: `${SYM}: The Falcon` },
    ],
  },
  comet: {
    symbol: 'comet',
    chooser: 'player',
    per: 'each comet',
    ref: `${SYM}: The Twin Comet`,
    choices: [
      { id: 'make-it-awesome', label: 'Make it awesome', description: 'the Check counts as a crit; if the Check Die crits too, the crit multiplier rises by 1 (cumulative)', isRepeatable: true, ref: `${SYM}: The Twin Comet` },
      { id: 'hand-of-the-gods', label: 'Hand of the Gods', description: 'something unexpected, fitting and splendid happens in your favour, made with the Smith', isRepeatable: false, ref: `${SYM}: The Twin Comet` },
      { id: 'comet-as-two', label: 'Two hammer or falcon effects', description: 'if neither makes sense, any two hammer or falcon effects instead', isRepeatable: true, ref: `${SYM}: The Twin Comet` },
    ],
  },
  hourglass: {
    symbol: 'hourglass',
    chooser: 'smith',
    per: 'each hourglass',
    ref: `${SYM}: The Hourglass`,
    choices: [
      { id: 'hourglass-resource-die', label: 'A resource die drops', description: 'a resource die of the character or party (ammo, food ...) steps down once', isRepeatable: true, ref: `${SYM}: The Hourglass` },
      { id: 'hourglass-spell', label: 'A spell is forgotten', description: 'the character forgets a spell', isRepeatable: true, ref: `${SYM}: The Hourglass` },
      { id: 'hourglass-power-use', label: 'A power use is lost', description: 'one use of a limited power is spent', isRepeatable: true, ref: `${SYM}: The Hourglass` },
      { id: 'hourglass-item-charge', label: 'A charge is lost', description: 'a magic item loses a charge', isRepeatable: true, ref: `${SYM}: The Hourglass` },
      { id: 'hourglass-time', label: 'Time is lost', description: "the default: a unit of time fitting the Check's scope (beat, turn, hour, day ...)", isRepeatable: true, ref: `${SYM}: The Hourglass` },
    ],
  },
  teardrop: {
    symbol: 'teardrop',
    chooser: 'automatic',
    per: 'each teardrop',
    ref: `${SYM}: The Teardrop`,
    choices: [
      { id: 'teardrop-health-step', label: 'Health Die steps down', description: "the acting character's Health Die drops one step at once", isRepeatable: true, ref: `${SYM}: The Teardrop` },
    ],
  },
  crossblades: {
    symbol: 'crossblades',
    chooser: 'smith',
    per: 'each net crossblades',
    ref: `${SYM}: The Crossblades`,
    choices: [
      { id: 'make-it-stop', label: 'Make it stop', description: "the Check fails whatever the Check Die shows (not against 'Make it awesome')", isRepeatable: false, ref: `${SYM}: The Crossblades` },
      { id: 'leave-yourself-exposed', label: 'Leave yourself exposed', description: 'a nearby opponent takes a free immediate action in response', isRepeatable: true, ref: `${SYM}: The Crossblades` },
      { id: 'crossblades-as-skull', label: 'A skull effect', description: 'if neither makes sense, one skull effect instead', isRepeatable: true, ref: `${SYM}: The Crossblades` },
    ],
  },
  skull: {
    symbol: 'skull',
    chooser: 'smith',
    per: 'each skull',
    ref: `${SYM}: The Skull`,
    choices: [
      { id: 'pay-it-forward-reversed', label: 'Pay it forward, reversed', description: "set aside a white die: one advantage for an enemy later in this scene", isRepeatable: true, ref: `${SYM}: The Skull` },
      { id: 'pay-it-back-reversed', label: 'Pay it back, reversed', description: "set aside a black die: one disadvantage on a later Check of the character's side in this scene", isRepeatable: true, ref: `${SYM}: The Skull` },
      { id: 'make-it-suck', label: 'Make it suck', description: 'a minor detrimental detail in the scene', isRepeatable: false, ref: `${SYM}: The Skull` },
      { id: 'skull-as-teardrop', label: 'As a teardrop', description: "if nothing else fits: the acting character's Health Die steps down once", isRepeatable: true, ref: `${SYM}: The Skull` },
      { id: 'skull-as-hourglass', label: 'As an hourglass', description: 'if nothing else fits: one hourglass loss, of the Smith\'s choosing', isRepeatable: true, ref: `${SYM}: The Skull` },
    ],
  },
  'chaos-star': {
    symbol: 'chaos-star',
    chooser: 'smith',
    per: 'each chaos star',
    ref: `${SYM}: The Chaos Star`,
    choices: [
      { id: 'middle-finger-of-the-gods', label: 'Middle finger of the Gods', description: 'like the Hand of the Gods, but terrible in every way', isRepeatable: false, ref: `${SYM}: The Chaos Star` },
      { id: 'chaos-star-as-two', label: 'Two skull or crossblades effects', description: 'if that makes no sense, any two skull or crossblades effects instead', isRepeatable: true, ref: `${SYM}: The Chaos Star` },
    ],
  },
} as const satisfies { readonly [S in HammerSymbol]: SymbolEffects & { readonly symbol: S } };

/**
 * Uses of each mark left after cancellation in the Smith's node pool; the Smith picks
 * (HAMMER_DICE_NODE_REF, SPECIAL DICE MARKS AND POSSIBLE USES). Ruling H-12.
 * @example NODE_EFFECTS.hammer.choices.map((c) => c.id) // ['node-friendly-encounter', 'node-treasure']
 */
export const NODE_EFFECTS = {
  hammer: {
    symbol: 'hammer',
    chooser: 'smith',
    per: 'each net hammer',
    ref: `${NODE_MARKS}: Hammers`,
    choices: [
      { id: 'node-friendly-encounter', label: 'Friendly encounter', description: 'a friendly encounter in the node', isRepeatable: true, ref: `${NODE_MARKS}: Hammers` },
      { id: 'node-treasure', label: 'Treasure', description: 'treasure in the node', isRepeatable: true, ref: `${NODE_MARKS}: Hammers` },
    ],
  },
  'hammer-plus': {
    symbol: 'hammer-plus',
    chooser: 'smith',
    per: 'each hammer+ shown',
    ref: `${SYM}: The Hammer+`,
    choices: [
      { id: 'hammer-plus-as-hammer', label: 'Use it as a hammer', description: 'a node pool has no later Check to save it for: it counts as a hammer', isRepeatable: true, ref: `${SYM}: The Hammer+` },
    ],
  },
  falcon: {
    symbol: 'falcon',
    chooser: 'smith',
    per: 'each falcon',
    ref: `${NODE_MARKS}: Falcons`,
    choices: [
      { id: 'node-favourable-feature', label: 'Favourable feature', description: 'a node feature that helps the PCs or hinders their enemies', isRepeatable: true, ref: `${NODE_MARKS}: Falcons` },
    ],
  },
  comet: {
    symbol: 'comet',
    chooser: 'smith',
    per: 'each comet',
    ref: `${NODE_MARKS}: Comets`,
    choices: [
      { id: 'node-extra-xp-source', label: 'Extra XP source', description: 'a source of extra XP that must be found and used', isRepeatable: true, ref: `${NODE_MARKS}: Comets` },
      { id: 'node-comet-blue-die', label: 'A blue die for the rest of the dungeon', description: 'every following node pool gets a blue die until the party leaves the dungeon', isRepeatable: true, ref: `${NODE_MARKS}: Comets` },
    ],
  },
  hourglass: {
    symbol: 'hourglass',
    chooser: 'smith',
    per: 'each hourglass',
    ref: `${NODE_MARKS}: Hourglasses`,
    choices: [
      { id: 'node-extra-turns', label: 'Lost time', description: 'extra turns spent on the counters', isRepeatable: true, ref: `${NODE_MARKS}: Hourglasses` },
    ],
  },
  teardrop: {
    symbol: 'teardrop',
    chooser: 'smith',
    per: 'each teardrop',
    ref: `${NODE_MARKS}: Teardrops`,
    choices: [
      { id: 'node-resource-loss', label: 'Resource loss', description: 'the party loses resources (food, ammo ...)', isRepeatable: true, ref: `${NODE_MARKS}: Teardrops` },
    ],
  },
  crossblades: {
    symbol: 'crossblades',
    chooser: 'smith',
    per: 'each net crossblades',
    ref: `${NODE_MARKS}: Crossblades`,
    choices: [
      { id: 'node-hostile-encounter', label: 'Hostile encounter', description: 'a hostile encounter in the node', isRepeatable: true, ref: `${NODE_MARKS}: Crossblades` },
    ],
  },
  skull: {
    symbol: 'skull',
    chooser: 'smith',
    per: 'each skull',
    ref: `${NODE_MARKS}: Skulls`,
    choices: [
      { id: 'node-unfavourable-feature', label: 'Unfavourable feature', description: 'a node feature that works against the PCs or helps their enemies', isRepeatable: true, ref: `${NODE_MARKS}: Skulls` },
      { id: 'node-skull-black-die', label: 'A black die next time', description: 'an extra black die on the next exploration roll', isRepeatable: true, ref: `${NODE_MARKS}: Skulls` },
      { id: 'node-background-counter', label: 'Background counter', description: 'progress on a relevant background counter (dungeon events ...)', isRepeatable: true, ref: `${NODE_MARKS}: Skulls` },
    ],
  },
  'chaos-star': {
    symbol: 'chaos-star',
    chooser: 'smith',
    per: 'each chaos star',
    ref: `${NODE_MARKS}: Chaos Stars`,
    choices: [
      { id: 'node-boss-monster', label: 'Boss monster', description: 'a boss monster worth bonus XP equal to the dungeon level if defeated', isRepeatable: true, ref: `${NODE_MARKS}: Chaos Stars` },
      { id: 'node-chaos-purple-die', label: 'A purple die for the rest of the dungeon', description: 'every following node pool gets a purple die until the party leaves the dungeon', isRepeatable: true, ref: `${NODE_MARKS}: Chaos Stars` },
      { id: 'node-elevated-encounters', label: 'Elevated encounters', description: 'higher encounter levels', isRepeatable: true, ref: `${NODE_MARKS}: Chaos Stars` },
      { id: 'node-curse', label: 'A curse', description: 'a curse (the text marks this use with a question mark)', isRepeatable: true, ref: `${NODE_MARKS}: Chaos Stars` },
    ],
  },
} as const satisfies { readonly [S in HammerSymbol]: SymbolEffects & { readonly symbol: S } };

/** The effects table of a context. */
export function effectsFor(context: PoolContext): Readonly<Record<HammerSymbol, SymbolEffects>> {
  return context === 'check' ? CHECK_EFFECTS : NODE_EFFECTS;
}

/** A choice the table must make after a roll: `count` times, pick one of `choices`. */
export interface EffectPrompt extends SymbolEffects {
  readonly count: number;
}

// ---- rolling ----------------------------------------------------------------------------

/** How many of each symbol. */
export type SymbolTally = Readonly<Record<HammerSymbol, number>>;

function emptyTally(): Record<HammerSymbol, number> {
  return { hammer: 0, 'hammer-plus': 0, falcon: 0, comet: 0, hourglass: 0, teardrop: 0, crossblades: 0, skull: 0, 'chaos-star': 0 };
}

/** One die of a rolled pool. */
export interface HammerDieResult extends PooledDie {
  /** The face shown, 1-based (face n is the die's `faces[n - 1]`). */
  readonly face: number;
  readonly faceLabel: string;
  readonly symbols: readonly HammerSymbol[];
  /** A Hammer+ the player set aside for a later Check (it leaves this roll's results). */
  readonly isSetAside: boolean;
}

/** Something the roll leaves for later in the scene. */
export interface BankedEffect {
  readonly kind: 'three-advantages';
  /** Index in `dice` of the yellow die set aside. */
  readonly die: number;
  readonly ref: string;
}

/**
 * A rolled pool, explained: each die, what showed, what cancelled, what remains, XP and the choices
 * to make. A pure function of the pool, the faces and the options (`resolveHammerFaces`).
 */
export interface HammerPoolRoll {
  readonly context: PoolContext;
  readonly dice: readonly HammerDieResult[];
  /** Every symbol showing, before anything is set aside or cancelled. */
  readonly shown: SymbolTally;
  /** Hammers that count: hammers plus the Hammer+ used as hammers. */
  readonly hammersCounted: number;
  /** Hammer/crossblades pairs cancelled. */
  readonly cancelledPairs: number;
  /** Hammers counted minus crossblades: above 0 net hammers remain, below 0 net crossblades. */
  readonly netHammers: number;
  /** Symbols left to resolve: net hammers (Hammer+ used as hammers included), net crossblades, the rest as shown; `hammer-plus` is 0. */
  readonly remaining: SymbolTally;
  /** XP the character gains (a Check only; ruling H-9). */
  readonly xp: number;
  readonly gainsXp: boolean;
  readonly banked: readonly BankedEffect[];
  /** The choices to make, one prompt per remaining symbol (and one for the Hammer+ shown). */
  readonly effects: readonly EffectPrompt[];
  readonly settings: HammerSettings;
}

/**
 * Rolls every die of `pool` at once and resolves the result (HAMMER_DIE_REF).
 * @example rollHammerPool(scriptedRandom([4]), hammerPool(['white'])).netHammers // 1 (face 4: hammer)
 */
export function rollHammerPool(rng: RandomSource, pool: HammerPool, options: HammerResolveOptions = {}): HammerPoolRoll {
  const dice = hammerDice(settingsOf(options.settings));
  const faces = pool.dice.map((d) => rng.rollDie(dice[d.colour].sides));
  return resolveHammerFaces(pool, faces, options);
}

const NODE_SET_ASIDE = 'a Hammer+ is set aside for a later Check; a node pool counts every Hammer+ as a hammer';

function setAsideCount(choice: HammerPlusChoice, shown: number, context: PoolContext): number {
  if (choice !== 'hammer' && choice !== 0 && context === 'node') throw new HammerPoolError('hammer/set-aside-unavailable', NODE_SET_ASIDE);
  const k = choice === 'hammer' ? 0 : choice === 'set-aside' ? shown : choice;
  if (!Number.isInteger(k) || k < 0 || k > shown) {
    throw new HammerPoolError('hammer/set-aside-unavailable', `${String(choice)} Hammer+ cannot be set aside: ${shown} showed`);
  }
  return k;
}

/**
 * Resolves the faces of a rolled pool (face n of each die, in pool order): Hammer+ set aside, XP from
 * any hammer or crossblades before cancellation, hammers and crossblades cancel, and the effect
 * choices of what remains (HAMMER_DIE_REF, CANCELLATIONS and SYMBOLS). Re-run it with another
 * `hammerPlus` choice: the faces never change. Rulings H-4, H-9, H-10.
 * @example resolveHammerFaces(hammerPool(['white', 'black']), [4, 6]).cancelledPairs // 1
 */
export function resolveHammerFaces(pool: HammerPool, faces: readonly number[], options: HammerResolveOptions = {}): HammerPoolRoll {
  const settings = settingsOf(options.settings);
  const dice = hammerDice(settings);
  if (faces.length !== pool.dice.length) {
    throw new HammerPoolError('hammer/bad-faces', `${faces.length} faces given for a pool of ${pool.dice.length} dice`);
  }
  const shown = emptyTally();
  const shownFaces: HammerFace[] = pool.dice.map((d, i) => {
    const die = dice[d.colour];
    const face = faces[i]!;
    if (!Number.isInteger(face) || face < 1 || face > die.sides) {
      throw new HammerPoolError('hammer/bad-faces', `face ${face} of die ${i + 1} cannot come up on a ${die.label} (d${die.sides})`);
    }
    const f = die.faces[face - 1]!;
    for (const s of f.symbols) shown[s] += 1;
    return f;
  });

  const setAside = setAsideCount(options.hammerPlus ?? 'hammer', shown['hammer-plus'], pool.context);
  let toSetAside = setAside;
  const banked: BankedEffect[] = [];
  const results: HammerDieResult[] = pool.dice.map((d, i) => {
    const f = shownFaces[i]!;
    const isSetAside = toSetAside > 0 && f.symbols.includes('hammer-plus');
    if (isSetAside) {
      toSetAside -= 1;
      banked.push({ kind: 'three-advantages', die: i, ref: `${SYM}: The Hammer+` });
    }
    return { ...d, face: faces[i]!, faceLabel: f.label, symbols: f.symbols, isSetAside };
  });

  const hammersCounted = shown.hammer + shown['hammer-plus'] - setAside;
  const crossblades = shown.crossblades;
  let xp = 0;
  if (pool.context === 'check') {
    const fromHammers = hammersCounted > 0 ? 1 : 0;
    const fromCrossblades = crossblades > 0 ? 1 : 0;
    xp = settings.xpWhenBoth === 'two' ? fromHammers + fromCrossblades : Math.max(fromHammers, fromCrossblades);
  }
  const netHammers = hammersCounted - crossblades;
  const remaining: Record<HammerSymbol, number> = {
    ...shown,
    hammer: Math.max(0, netHammers),
    'hammer-plus': 0,
    crossblades: Math.max(0, -netHammers),
  };

  const table = effectsFor(pool.context);
  const effects: EffectPrompt[] = [];
  for (const symbol of HAMMER_SYMBOLS) {
    const count = symbol === 'hammer-plus' ? shown['hammer-plus'] : remaining[symbol];
    if (count > 0) effects.push({ ...table[symbol], count });
  }
  return {
    context: pool.context,
    dice: results,
    shown,
    hammersCounted,
    cancelledPairs: Math.min(hammersCounted, crossblades),
    netHammers,
    remaining,
    xp,
    gainsXp: xp > 0,
    banked,
    effects,
    settings,
  };
}

// ---- exact odds -------------------------------------------------------------------------

/** Settings and the Hammer+ choice for exact odds (`hammer`: every Hammer+ counts as a hammer). */
export interface HammerOddsOptions {
  readonly settings?: Partial<HammerSettings>;
  readonly hammerPlus?: 'hammer' | 'set-aside';
}

/** A count of something on a face (the projection a joint distribution is taken over). */
type FaceCount = (face: HammerFace) => number;

interface DenseJoint {
  /** Highest count of each coordinate. */
  readonly maxes: readonly number[];
  /** Mixed-radix index: coordinate j has stride `strides[j]`; `p[index]` is its chance. */
  readonly strides: readonly number[];
  readonly p: Float64Array;
}

/**
 * The joint distribution of several face counts over a pool, by convolving one die at a time
 * (each die a small vector of count offsets): the design note's "convolve per symbol, cancel at the
 * end". Never enumerates face combinations. Refused past MAX_JOINT_STATES.
 */
function convolveCounts(dice: readonly HammerDie[], counts: readonly FaceCount[]): DenseJoint {
  const maxes = counts.map((c) => dice.reduce((sum, die) => sum + Math.max(...die.faces.map(c)), 0));
  const strides: number[] = [];
  let states = 1;
  for (const m of maxes) {
    strides.push(states);
    states *= m + 1;
    if (states > MAX_JOINT_STATES) {
      throw new HammerPoolError('hammer/too-costly', `this joint distribution would have more than ${MAX_JOINT_STATES} states; ask for fewer symbols or fewer dice`);
    }
  }
  let p = new Float64Array(states);
  p[0] = 1;
  let reach = 0; // highest index with a non-zero chance so far
  for (const die of dice) {
    // Group faces by their offset: a die has at most `sides` distinct moves.
    const moves = new Map<number, number>();
    for (const face of die.faces) {
      let offset = 0;
      counts.forEach((c, j) => (offset += c(face) * strides[j]!));
      moves.set(offset, (moves.get(offset) ?? 0) + 1 / die.sides);
    }
    const next = new Float64Array(states);
    let nextReach = 0;
    for (let s = 0; s <= reach; s++) {
      const ps = p[s]!;
      if (ps === 0) continue;
      for (const [offset, w] of moves) {
        next[s + offset]! += ps * w;
        if (s + offset > nextReach) nextReach = s + offset;
      }
    }
    p = next;
    reach = nextReach;
  }
  return { maxes, strides, p };
}

function decode(joint: DenseJoint, index: number): number[] {
  return joint.maxes.map((m, j) => Math.floor(index / joint.strides[j]!) % (m + 1));
}

/** One point of a joint distribution: a count per symbol asked for, and its chance. */
export interface JointPoint {
  readonly counts: readonly number[];
  readonly p: number;
}

/** The joint distribution of symbol counts shown by a pool (before cancellation). */
export interface JointSymbolDistribution {
  readonly symbols: readonly HammerSymbol[];
  /** Every combination of counts with a non-zero chance; `counts[j]` is of `symbols[j]`. */
  readonly points: readonly JointPoint[];
}

function poolDice(pool: HammerPool, settings: HammerSettings): HammerDie[] {
  const dice = hammerDice(settings);
  return pool.dice.map((d) => dice[d.colour]);
}

/**
 * The exact joint distribution of how many of each of `symbols` a pool shows, before set-aside and
 * cancellation. Refused (`hammer/too-costly`) past MAX_JOINT_STATES.
 * @example jointSymbolDistribution(hammerPool(['white']), ['hammer', 'falcon']).points.length // 3
 */
export function jointSymbolDistribution(
  pool: HammerPool,
  symbols: readonly HammerSymbol[] = HAMMER_SYMBOLS,
  settings?: Partial<HammerSettings>,
): JointSymbolDistribution {
  const joint = convolveCounts(
    poolDice(pool, settingsOf(settings)),
    symbols.map((s) => (face: HammerFace) => faceSymbolCount(face, s)),
  );
  const points: JointPoint[] = [];
  joint.p.forEach((p, i) => {
    if (p > 0) points.push({ counts: decode(joint, i), p });
  });
  return { symbols, points };
}

/**
 * The exact distribution of how many of one symbol a pool shows.
 * @example symbolCountDistribution(hammerPool(['purple']), 'crossblades').probabilityOf(2) // 2/8
 */
export function symbolCountDistribution(pool: HammerPool, symbol: HammerSymbol, settings?: Partial<HammerSettings>): Distribution {
  const joint = convolveCounts(poolDice(pool, settingsOf(settings)), [(face) => faceSymbolCount(face, symbol)]);
  return new Distribution(0, joint.p);
}

/** Exact odds of a pool (HAMMER_DIE_REF): net hammers, each symbol, XP. */
export interface HammerPoolOdds {
  readonly context: PoolContext;
  readonly colours: readonly HammerColour[];
  /** Hammers counted (Hammer+ per the choice) minus crossblades. */
  readonly netHammers: Distribution;
  /** Mean count of each symbol shown (before set-aside and cancellation). */
  readonly symbols: SymbolTally;
  /** P(at least one of the symbol shows). */
  readonly pAny: SymbolTally;
  /** Mean hammers and crossblades left after cancellation. */
  readonly remaining: { readonly hammer: number; readonly crossblades: number };
  /** P(any hammer counted shows), before cancellation. */
  readonly pAnyHammer: number;
  readonly pAnyCrossblades: number;
  /** P(net hammers >= 1). */
  readonly pNetHammer: number;
  /** P(net hammers <= -1): net crossblades remain. */
  readonly pNetCrossblades: number;
  /** P(the character gains XP); 0 for a node pool. */
  readonly pXp: number;
  /** Expected XP (differs from pXp only with `xpWhenBoth: 'two'`). */
  readonly meanXp: number;
  readonly settings: HammerSettings;
  readonly hammerPlus: 'hammer' | 'set-aside';
}

/**
 * The exact odds of a pool: the joint distribution of (hammers counted, crossblades) by convolution,
 * cancelled at the end into net hammers; symbol means and P(any) per die. Rulings H-4, H-9.
 * @example hammerPoolOdds(hammerPool(['white'])).pNetHammer // 2/6
 */
export function hammerPoolOdds(pool: HammerPool, options: HammerOddsOptions = {}): HammerPoolOdds {
  const settings = settingsOf(options.settings);
  const hammerPlus = options.hammerPlus ?? 'hammer';
  if (hammerPlus !== 'hammer' && pool.context === 'node') throw new HammerPoolError('hammer/set-aside-unavailable', NODE_SET_ASIDE);
  const dice = poolDice(pool, settings);
  const hammersOf: FaceCount = (f) => faceSymbolCount(f, 'hammer') + (hammerPlus === 'hammer' ? faceSymbolCount(f, 'hammer-plus') : 0);
  const crossbladesOf: FaceCount = (f) => faceSymbolCount(f, 'crossblades');
  const joint = convolveCounts(dice, [hammersOf, crossbladesOf]);
  const [maxH, maxC] = joint.maxes as [number, number];
  const net = new Float64Array(maxH + maxC + 1); // index v + maxC
  let pNoHammer = 0;
  let pNoCrossblades = 0;
  let remainingHammers = 0;
  let remainingCrossblades = 0;
  joint.p.forEach((p, i) => {
    if (p === 0) return;
    const [h, c] = decode(joint, i) as [number, number];
    net[h - c + maxC]! += p;
    if (h === 0) pNoHammer += p;
    if (c === 0) pNoCrossblades += p;
    remainingHammers += p * Math.max(0, h - c);
    remainingCrossblades += p * Math.max(0, c - h);
  });
  const pNeither = joint.p[0]!;
  const netHammers = new Distribution(-maxC, net);

  const symbols = emptyTally();
  const pAny = emptyTally();
  for (const s of HAMMER_SYMBOLS) {
    let none = 1;
    for (const die of dice) {
      let total = 0;
      let blankOfS = 0;
      for (const face of die.faces) {
        const n = faceSymbolCount(face, s);
        total += n;
        if (n === 0) blankOfS += 1;
      }
      symbols[s] += total / die.sides;
      none *= blankOfS / die.sides;
    }
    pAny[s] = 1 - none;
  }

  const pAnyHammer = 1 - pNoHammer;
  const pAnyCrossblades = 1 - pNoCrossblades;
  const isCheck = pool.context === 'check';
  const pXp = isCheck ? 1 - pNeither : 0;
  return {
    context: pool.context,
    colours: pool.dice.map((d) => d.colour),
    netHammers,
    symbols,
    pAny,
    remaining: { hammer: remainingHammers, crossblades: remainingCrossblades },
    pAnyHammer,
    pAnyCrossblades,
    pNetHammer: netHammers.atLeast(1),
    pNetCrossblades: netHammers.atMost(-1),
    pXp,
    meanXp: !isCheck ? 0 : settings.xpWhenBoth === 'two' ? pAnyHammer + pAnyCrossblades : pXp,
    settings,
    hammerPlus,
  };
}
