/**
 * The hammer dice: seven coloured symbol dice, their faces and symbols, as typed data.
 * Rules: HAMMERCRAWL! v4, THE HAMMER DICE (the Smith's node pool) and NEW IDEA: THE HAMMER DIE!
 * (the check pool: THE CHAIN, DICE, SYMBOLS). Rulings H-1 to H-3 in docs/rulings.md.
 */

/** Rules reference of the check pool's section. */
export const HAMMER_DIE_REF = 'HAMMERCRAWL! v4, NEW IDEA: THE HAMMER DIE!';
/** Rules reference of the Smith's node pool section. */
export const HAMMER_DICE_NODE_REF = "HAMMERCRAWL! v4, THE SMITH'S RULES: THE HAMMER DICE";

/** The colour of a hammer die; each colour is one die (HAMMER_DIE_REF, DICE). */
export type HammerColour = 'black' | 'blue' | 'green' | 'purple' | 'red' | 'white' | 'yellow';

/**
 * Every symbol a hammer die can show (HAMMER_DIE_REF, SYMBOLS). A yellow "hammer+" is its own
 * symbol (`hammer-plus`): it counts as a hammer unless the player sets it aside (ruling H-4).
 */
export type HammerSymbol =
  | 'hammer'
  | 'hammer-plus'
  | 'falcon'
  | 'comet'
  | 'hourglass'
  | 'teardrop'
  | 'crossblades'
  | 'skull'
  | 'chaos-star';

/** Every colour, in the order the DICE list gives them (HAMMER_DIE_REF, DICE). */
export const HAMMER_COLOURS = ['black', 'blue', 'green', 'purple', 'red', 'white', 'yellow'] as const satisfies readonly HammerColour[];

/** Every symbol, the good ones first (HAMMER_DIE_REF, SYMBOLS). */
export const HAMMER_SYMBOLS = [
  'hammer',
  'hammer-plus',
  'falcon',
  'comet',
  'hourglass',
  'teardrop',
  'crossblades',
  'skull',
  'chaos-star',
] as const satisfies readonly HammerSymbol[];

/** What the rules say about one symbol. */
export interface HammerSymbolInfo {
  readonly id: HammerSymbol;
  readonly label: string;
  readonly plural: string;
  /** The "Represents:" line of its section. */
  readonly represents: string;
  /** The dice its section's "On Dice:" line names (which may disagree with the faces: ruling H-2). */
  readonly printedOnDice: readonly HammerColour[];
  readonly ref: string;
}

/**
 * The nine symbols as their sections describe them.
 * @example HAMMER_SYMBOL_INFO.skull.printedOnDice // ['black', 'purple', 'red']
 */
export const HAMMER_SYMBOL_INFO = {
  hammer: {
    id: 'hammer',
    label: 'hammer',
    plural: 'hammers',
    represents: 'success',
    printedOnDice: ['white', 'blue', 'yellow', 'red', 'green'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Hammer`,
  },
  'hammer-plus': {
    id: 'hammer-plus',
    label: 'hammer+',
    plural: 'hammer+',
    represents: 'potential opportunity',
    printedOnDice: ['yellow'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Hammer+`,
  },
  falcon: {
    id: 'falcon',
    label: 'falcon',
    plural: 'falcons',
    represents: 'fortune',
    printedOnDice: ['white', 'blue', 'yellow', 'red', 'green'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Falcon`,
  },
  comet: {
    id: 'comet',
    label: 'comet',
    plural: 'comets',
    represents: 'divine favour, great destiny',
    printedOnDice: ['yellow'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Twin Comet`,
  },
  hourglass: {
    id: 'hourglass',
    label: 'hourglass',
    plural: 'hourglasses',
    represents: 'unexpected loss of resources',
    printedOnDice: ['red'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Hourglass`,
  },
  teardrop: {
    id: 'teardrop',
    label: 'teardrop',
    plural: 'teardrops',
    represents: 'fatigue, strain, unexpected suffering',
    printedOnDice: ['green'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Teardrop`,
  },
  crossblades: {
    id: 'crossblades',
    label: 'crossblades',
    plural: 'crossblades',
    represents: 'failure',
    printedOnDice: ['black', 'purple'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Crossblades`,
  },
  skull: {
    id: 'skull',
    label: 'skull',
    plural: 'skulls',
    represents: 'misfortune',
    printedOnDice: ['black', 'purple', 'red'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Skull`,
  },
  'chaos-star': {
    id: 'chaos-star',
    label: 'chaos star',
    plural: 'chaos stars',
    represents: 'terrible misfortune, divine disfavour, curses',
    printedOnDice: ['purple'],
    ref: `${HAMMER_DIE_REF}, SYMBOLS: The Chaos Star`,
  },
} as const satisfies { readonly [S in HammerSymbol]: HammerSymbolInfo & { readonly id: S } };

/** One face of a hammer die: its printed name and the symbols it shows (none on a blank). */
export interface HammerFace {
  /** The face as the DICE list names it: `blank`, `hammer + hourglass`, `twin comet`. */
  readonly label: string;
  readonly symbols: readonly HammerSymbol[];
}

/** One hammer die: a colour, its faces (face n is `faces[n - 1]`) and its place in the rules. */
export interface HammerDie {
  readonly id: HammerColour;
  readonly label: string;
  readonly sides: number;
  readonly faces: readonly HammerFace[];
  /** What the die stands for in a check pool (THE CHAIN and the stance dice). */
  readonly role: string;
  readonly ref: string;
}

const blank: HammerFace = { label: 'blank', symbols: [] };
const skull: HammerFace = { label: 'skull', symbols: ['skull'] };
const crossblades: HammerFace = { label: 'crossblades', symbols: ['crossblades'] };
const hammer: HammerFace = { label: 'hammer', symbols: ['hammer'] };
const falcon: HammerFace = { label: 'falcon', symbols: ['falcon'] };
const DICE_REF = `${HAMMER_DIE_REF}, DICE`;

/**
 * The seven hammer dice exactly as the DICE list gives them, green and red as the face list prints
 * them (hourglasses on green, teardrops on red: ruling H-2; `hammerDice` gives the other reading).
 * A twin comet is one comet (ruling H-3).
 * @example HAMMER_DICE.black.faces.map((f) => f.label) // blank x3, skull x2, crossblades
 */
export const HAMMER_DICE = {
  black: {
    id: 'black',
    label: 'black die',
    sides: 6,
    faces: [blank, blank, blank, skull, skull, crossblades],
    role: 'one disadvantage (THE CHAIN: one step below NONE)',
    ref: DICE_REF,
  },
  blue: {
    id: 'blue',
    label: 'blue die',
    sides: 8,
    faces: [blank, blank, hammer, hammer, hammer, hammer, falcon, falcon],
    role: 'two advantages, or a Feat from level 5 (two steps above NONE); the reward die of a node pool',
    ref: DICE_REF,
  },
  green: {
    id: 'green',
    label: 'green die',
    sides: 10,
    faces: [
      blank,
      hammer,
      hammer,
      hammer,
      hammer,
      falcon,
      falcon,
      { label: 'hammer + hourglass', symbols: ['hammer', 'hourglass'] },
      { label: 'hammer + hourglass', symbols: ['hammer', 'hourglass'] },
      { label: 'hammer + falcon', symbols: ['hammer', 'falcon'] },
    ],
    role: 'the cautious stance ("great caution")',
    ref: DICE_REF,
  },
  purple: {
    id: 'purple',
    label: 'purple die',
    sides: 8,
    faces: [
      blank,
      crossblades,
      crossblades,
      skull,
      { label: 'crossblades + crossblades', symbols: ['crossblades', 'crossblades'] },
      { label: 'crossblades + crossblades', symbols: ['crossblades', 'crossblades'] },
      { label: 'skull + skull', symbols: ['skull', 'skull'] },
      { label: 'chaos star', symbols: ['chaos-star'] },
    ],
    role: 'two or more disadvantages (two steps below NONE); a difficulty die of a node pool',
    ref: DICE_REF,
  },
  red: {
    id: 'red',
    label: 'red die',
    sides: 10,
    faces: [
      blank,
      blank,
      skull,
      skull,
      { label: 'hammer + hammer', symbols: ['hammer', 'hammer'] },
      { label: 'hammer + hammer', symbols: ['hammer', 'hammer'] },
      { label: 'hammer + teardrop', symbols: ['hammer', 'teardrop'] },
      { label: 'hammer + teardrop', symbols: ['hammer', 'teardrop'] },
      { label: 'falcon + falcon', symbols: ['falcon', 'falcon'] },
      { label: 'hammer + falcon', symbols: ['hammer', 'falcon'] },
    ],
    role: 'the reckless stance ("throwing caution to the wind")',
    ref: DICE_REF,
  },
  white: {
    id: 'white',
    label: 'white die',
    sides: 6,
    faces: [blank, blank, blank, hammer, hammer, falcon],
    role: 'one advantage, or a Feat from level 1 (one step above NONE)',
    ref: DICE_REF,
  },
  yellow: {
    id: 'yellow',
    label: 'yellow die',
    sides: 6,
    faces: [
      blank,
      falcon,
      falcon,
      hammer,
      { label: 'hammer+', symbols: ['hammer-plus'] },
      { label: 'twin comet', symbols: ['comet'] },
    ],
    role: 'three or more advantages, or a Feat from level 9 (three steps above NONE)',
    ref: DICE_REF,
  },
} as const satisfies { readonly [C in HammerColour]: HammerDie & { readonly id: C } };

/**
 * Which symbols the green and red dice carry (ruling H-2): `face-list` (the default) as the DICE list
 * prints them, hourglasses on green and teardrops on red; `symbol-sections` as the symbols' "On Dice:"
 * lines say, teardrops on green and hourglasses on red.
 */
export type StanceSymbols = 'face-list' | 'symbol-sections';

/** Table settings that change the dice themselves. */
export interface HammerDiceSettings {
  readonly stanceSymbols: StanceSymbols;
}

/** The default dice settings (ruling H-2). */
export const DEFAULT_HAMMER_DICE_SETTINGS: HammerDiceSettings = { stanceSymbols: 'face-list' };

const SWAP: Partial<Record<HammerSymbol, HammerSymbol>> = { hourglass: 'teardrop', teardrop: 'hourglass' };

function swapStanceSymbols(die: HammerDie): HammerDie {
  return {
    ...die,
    faces: die.faces.map((face) =>
      face.symbols.some((s) => SWAP[s] !== undefined)
        ? {
            label: face.label.replace(/hourglass|teardrop/g, (m) => SWAP[m as HammerSymbol]!),
            symbols: face.symbols.map((s) => SWAP[s] ?? s),
          }
        : face,
    ),
  };
}

const SWAPPED_DICE: Readonly<Record<HammerColour, HammerDie>> = {
  ...HAMMER_DICE,
  green: swapStanceSymbols(HAMMER_DICE.green),
  red: swapStanceSymbols(HAMMER_DICE.red),
};

/**
 * The seven dice under a setting of the teardrop/hourglass contradiction (ruling H-2).
 * @example hammerDice({ stanceSymbols: 'symbol-sections' }).green.faces[7]!.label // 'hammer + teardrop'
 */
export function hammerDice(settings: HammerDiceSettings = DEFAULT_HAMMER_DICE_SETTINGS): Readonly<Record<HammerColour, HammerDie>> {
  return settings.stanceSymbols === 'face-list' ? HAMMER_DICE : SWAPPED_DICE;
}

/** How many of `symbol` a face shows (a `crossblades + crossblades` face shows 2). */
export function faceSymbolCount(face: HammerFace, symbol: HammerSymbol): number {
  let n = 0;
  for (const s of face.symbols) if (s === symbol) n += 1;
  return n;
}

/** True when `text` names a hammer die colour. */
export function isHammerColour(text: string): text is HammerColour {
  return (HAMMER_COLOURS as readonly string[]).includes(text);
}

/**
 * THE CHAIN of the check pool, lowest first; `null` is NONE, the place with no die
 * (HAMMER_DIE_REF, THE CHAIN: "Purple <-> Black <-> NONE <-> White <-> Blue <-> Yellow").
 */
export const HAMMER_DIE_CHAIN = ['purple', 'black', null, 'white', 'blue', 'yellow'] as const satisfies readonly (HammerColour | null)[];

/** Where NONE sits on `HAMMER_DIE_CHAIN`. */
export const HAMMER_CHAIN_NONE = 2;

/**
 * The die `steps` places from NONE on THE CHAIN (up for positive steps, down for negative), and how
 * many steps the end of the chain swallowed: the text tops out at yellow ("three or more") and
 * bottoms out at purple ("two or more").
 * @example hammerDieOnChain(2) // { colour: 'blue', clampedSteps: 0 }
 */
export function hammerDieOnChain(steps: number): { readonly colour: HammerColour | null; readonly clampedSteps: number } {
  if (!Number.isInteger(steps)) throw new RangeError(`chain steps must be a whole number, got ${steps}`);
  const raw = HAMMER_CHAIN_NONE + steps;
  const index = Math.min(HAMMER_DIE_CHAIN.length - 1, Math.max(0, raw));
  return { colour: HAMMER_DIE_CHAIN[index]!, clampedSteps: Math.abs(raw - index) };
}
