/**
 * The hammer dice: data integrity against the rules' DICE list (transcribed here independently of the
 * data), the symbol sections' "On Dice:" lines, THE CHAIN, and a seeded chi-square fairness test per
 * die (the approach of src/dice/fairness.test.ts, with test/chi-square.ts: exact critical value,
 * n = 2000 x faces, alpha = 1e-3, and the same test failing on a source that favours one face by 20%).
 */
import { afterAll, describe, expect, test } from 'vitest';
import { seededRandom, type RandomSource } from '../../dice/random.js';
import {
  HAMMER_COLOURS,
  HAMMER_DICE,
  HAMMER_DIE_CHAIN,
  HAMMER_SYMBOLS,
  HAMMER_SYMBOL_INFO,
  faceSymbolCount,
  hammerDice,
  hammerDieOnChain,
  isHammerColour,
  type HammerColour,
  type HammerSymbol,
} from './hammer-dice.js';
import { hammerPool, rollHammerPool } from './hammer-pools.js';
import { biasedRandom, chiSquareCritical, chiSquareStatistic } from '../../../test/chi-square.js';

// The DICE list as printed (HAMMERCRAWL! v4, NEW IDEA: THE HAMMER DIE!, DICE).
const DICE_LIST = `
Black d6: 3x blank, 2x skull, 1x crossblades
Blue d8: 2x blank, 4x hammer, 2x falcon
Green d10: 1x blank, 4x hammer, 2x falcon, 2x hammer + hourglass, 1x hammer + falcon
Purple d8: 1x blank, 2x crossblades, 1x skull, 2x crossblades + crossblades, 1x skull + skull, 1x chaos star
Red d10: 2x blank, 2x skull, 2x hammer + hammer, 2x hammer + teardrop, 1x falcon + falcon, 1x hammer + falcon
White d6: 3x blank, 2x hammer, 1x falcon
Yellow d6: 1x blank, 2x falcon, 1x hammer, 1x hammer+, 1x twin comet
`;

/** A printed symbol name and the symbol it means (a twin comet is one comet: ruling H-3). */
const PRINTED: Record<string, HammerSymbol> = {
  hammer: 'hammer',
  'hammer+': 'hammer-plus',
  falcon: 'falcon',
  'twin comet': 'comet',
  hourglass: 'hourglass',
  teardrop: 'teardrop',
  crossblades: 'crossblades',
  skull: 'skull',
  'chaos star': 'chaos-star',
};

interface PrintedDie {
  readonly colour: HammerColour;
  readonly sides: number;
  readonly faces: readonly { readonly count: number; readonly label: string }[];
}

function parseDiceList(text: string): PrintedDie[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const m = /^(\w+) d(\d+): (.*)$/.exec(line)!;
      const faces = m[3]!.split(', ').map((part) => {
        const f = /^(\d+)x (.+)$/.exec(part)!;
        return { count: Number(f[1]), label: f[2]! };
      });
      return { colour: m[1]!.toLowerCase() as HammerColour, sides: Number(m[2]), faces };
    });
}

const PRINTED_DICE = parseDiceList(DICE_LIST);

describe('data integrity: the seven dice as the DICE list gives them', () => {
  test('seven dice, one per colour, ids unique and equal to their colour', () => {
    expect(PRINTED_DICE.map((d) => d.colour)).toEqual([...HAMMER_COLOURS]);
    expect(Object.keys(HAMMER_DICE).sort()).toEqual([...HAMMER_COLOURS].sort());
    for (const c of HAMMER_COLOURS) expect(HAMMER_DICE[c].id).toBe(c);
  });

  test.each(PRINTED_DICE)('$colour d$sides: the stated number of faces, each face as printed', (printed) => {
    const die = HAMMER_DICE[printed.colour];
    expect(die.sides).toBe(printed.sides);
    expect(die.faces).toHaveLength(printed.sides);
    expect(printed.faces.reduce((s, f) => s + f.count, 0)).toBe(printed.sides); // the transcription itself adds up
    // Same faces, same multiplicities, in the printed order.
    const expectedLabels = printed.faces.flatMap((f) => Array<string>(f.count).fill(f.label));
    expect(die.faces.map((f) => f.label)).toEqual(expectedLabels);
    // Each face's symbols are the printed names, split at ' + '.
    for (const face of die.faces) {
      const expected = face.label === 'blank' ? [] : face.label.split(' + ').map((name) => PRINTED[name]);
      expect(face.symbols, `${printed.colour} ${face.label}`).toEqual(expected);
    }
  });

  // Counted by hand from the DICE list.
  const COUNTS: Record<HammerColour, Partial<Record<HammerSymbol, number>>> = {
    black: { skull: 2, crossblades: 1 },
    blue: { hammer: 4, falcon: 2 },
    green: { hammer: 7, falcon: 3, hourglass: 2 },
    purple: { crossblades: 6, skull: 3, 'chaos-star': 1 },
    red: { skull: 2, hammer: 7, teardrop: 2, falcon: 3 },
    white: { hammer: 2, falcon: 1 },
    yellow: { falcon: 2, hammer: 1, 'hammer-plus': 1, comet: 1 },
  };
  test.each(HAMMER_COLOURS)('%s: symbol counts over all faces', (colour) => {
    for (const s of HAMMER_SYMBOLS) {
      const total = HAMMER_DICE[colour].faces.map((f) => faceSymbolCount(f, s)).reduce((a, b) => a + b, 0);
      expect(total, `${colour} ${s}`).toBe(COUNTS[colour][s] ?? 0);
    }
  });

  test('faceSymbolCount counts doubled symbols twice', () => {
    expect(faceSymbolCount(HAMMER_DICE.purple.faces[4]!, 'crossblades')).toBe(2);
    expect(faceSymbolCount(HAMMER_DICE.red.faces[9]!, 'falcon')).toBe(1);
    expect(faceSymbolCount(HAMMER_DICE.white.faces[0]!, 'hammer')).toBe(0);
  });

  test('every symbol has its section, and every symbol is on some die', () => {
    expect(Object.keys(HAMMER_SYMBOL_INFO).sort()).toEqual([...HAMMER_SYMBOLS].sort());
    for (const s of HAMMER_SYMBOLS) {
      expect(HAMMER_SYMBOL_INFO[s].id).toBe(s);
      expect(HAMMER_COLOURS.some((c) => HAMMER_DICE[c].faces.some((f) => f.symbols.includes(s)))).toBe(true);
    }
  });

  test('isHammerColour accepts the seven colours only', () => {
    for (const c of HAMMER_COLOURS) expect(isHammerColour(c)).toBe(true);
    for (const c of ['Black', 'orange', '', 'none']) expect(isHammerColour(c)).toBe(false);
  });
});

describe('the teardrop/hourglass contradiction (ruling H-2)', () => {
  function diceWith(symbol: HammerSymbol, stanceSymbols: 'face-list' | 'symbol-sections'): HammerColour[] {
    const dice = hammerDice({ stanceSymbols });
    return HAMMER_COLOURS.filter((c) => dice[c].faces.some((f) => f.symbols.includes(symbol)));
  }

  test('the "On Dice:" lines agree with the faces for every other symbol', () => {
    for (const s of HAMMER_SYMBOLS) {
      if (s === 'teardrop' || s === 'hourglass') continue;
      expect(diceWith(s, 'face-list'), s).toEqual([...HAMMER_SYMBOL_INFO[s].printedOnDice].sort());
    }
  });

  test('face-list (default): hourglasses on green, teardrops on red, against the sections', () => {
    expect(diceWith('hourglass', 'face-list')).toEqual(['green']);
    expect(diceWith('teardrop', 'face-list')).toEqual(['red']);
    expect(HAMMER_SYMBOL_INFO.hourglass.printedOnDice).toEqual(['red']);
    expect(HAMMER_SYMBOL_INFO.teardrop.printedOnDice).toEqual(['green']);
    expect(hammerDice()).toBe(HAMMER_DICE);
  });

  test('symbol-sections: swaps the two symbols (and labels) on green and red only', () => {
    const dice = hammerDice({ stanceSymbols: 'symbol-sections' });
    for (const s of HAMMER_SYMBOLS) expect(diceWith(s, 'symbol-sections'), s).toEqual([...HAMMER_SYMBOL_INFO[s].printedOnDice].sort());
    expect(dice.green.faces.map((f) => f.label).filter((l) => l.includes('+'))).toEqual(['hammer + teardrop', 'hammer + teardrop', 'hammer + falcon']);
    expect(dice.red.faces[6]).toEqual({ label: 'hammer + hourglass', symbols: ['hammer', 'hourglass'] });
    for (const c of ['black', 'blue', 'purple', 'white', 'yellow'] as const) expect(dice[c]).toBe(HAMMER_DICE[c]);
    // The built-in data is untouched.
    expect(HAMMER_DICE.green.faces[7]!.symbols).toEqual(['hammer', 'hourglass']);
  });
});

describe('THE CHAIN: Purple <-> Black <-> NONE <-> White <-> Blue <-> Yellow', () => {
  test('the chain as data', () => {
    expect(HAMMER_DIE_CHAIN).toEqual(['purple', 'black', null, 'white', 'blue', 'yellow']);
  });

  test.each([
    [0, null, 0],
    [1, 'white', 0],
    [2, 'blue', 0],
    [3, 'yellow', 0],
    [5, 'yellow', 2],
    [-1, 'black', 0],
    [-2, 'purple', 0],
    [-4, 'purple', 2],
  ] as const)('%i steps from NONE -> %s (%i steps past the end)', (steps, colour, clamped) => {
    expect(hammerDieOnChain(steps)).toEqual({ colour, clampedSteps: clamped });
  });

  test('fractional steps are a programmer error', () => {
    expect(() => hammerDieOnChain(1.5)).toThrow(RangeError);
  });
});

// ---- fairness ---------------------------------------------------------------------------

const ALPHA = 1e-3;
const ROLLS_PER_FACE = 2000;

function faceCounts(rng: RandomSource, colour: HammerColour): number[] {
  const pool = hammerPool([colour]);
  const sides = HAMMER_DICE[colour].sides;
  const counts = new Array<number>(sides).fill(0);
  for (let i = 0; i < ROLLS_PER_FACE * sides; i++) {
    const die = rollHammerPool(rng, pool).dice[0]!;
    if (die.symbols !== HAMMER_DICE[colour].faces[die.face - 1]!.symbols) throw new Error(`${colour} face ${die.face} shows the wrong symbols`);
    counts[die.face - 1]! += 1;
  }
  return counts;
}

const report: string[] = [];

describe(`fairness: every hammer die, chi-square over faces, n = ${ROLLS_PER_FACE} x faces, alpha = ${ALPHA}`, () => {
  afterAll(() => console.log([`hammer dice fairness (alpha ${ALPHA}, exact critical values)`, ...report].join('\n')));

  test.each([
    [5, 20.515],
    [7, 24.322],
    [9, 27.877],
  ])('critical value at df = %i is %f (published tables)', (df, table) => {
    expect(chiSquareCritical(ALPHA, df)).toBeCloseTo(table, 2);
  });

  test.each(HAMMER_COLOURS.map((c, i) => ({ colour: c, i })))('$colour is fair, and the same test catches a +20% face', ({ colour, i }) => {
    const sides = HAMMER_DICE[colour].sides;
    const critical = chiSquareCritical(ALPHA, sides - 1);
    const fair = chiSquareStatistic(faceCounts(seededRandom(4100 + i), colour), ROLLS_PER_FACE);
    // Favour the die's last face (a symbol face on every die).
    const biased = chiSquareStatistic(faceCounts(biasedRandom(seededRandom(4200 + i), seededRandom(4300 + i), sides, sides), colour), ROLLS_PER_FACE);
    report.push(`  ${colour.padEnd(6)} d${String(sides).padEnd(2)} critical ${critical.toFixed(2)}  fair ${fair.toFixed(1)}  biased ${biased.toFixed(1)}`);
    expect(fair, `fair ${colour}`).toBeLessThan(critical);
    expect(biased, `biased ${colour}`).toBeGreaterThan(critical);
  });
});
