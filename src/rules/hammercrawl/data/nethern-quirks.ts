/**
 * The Nethern's random other-worldly quirks as a roll table. The text lists them as unnumbered "Ideas"
 * without a die; each row here is one idea, rolled on a d28 (ruling ST-11).
 * Rules: HAMMERCRAWL! v4, STOCKS (RACES), HAMMERCRAWL! Setting: Nethern. Rulings: docs/rulings.md.
 */
import type { RollRange, TableDice } from './stocks.js';

/**
 * One form a quirk can take (the text's parenthesised options), picked or rolled evenly. `count` is the
 * dice rolled for how many (the "1d4 butts" option).
 * @example { id: 'extra-butts', label: '1d4 butts', count: { count: 1, sides: 4 } }
 */
export interface NethernQuirkVariant {
  readonly id: string;
  readonly label: string;
  readonly count?: TableDice;
}

/** One row of the quirks table: what the quirk is, and its variants (empty when it has none). */
export interface NethernQuirk {
  readonly id: string;
  readonly label: string;
  readonly roll: RollRange;
  readonly description: string;
  readonly variants: readonly NethernQuirkVariant[];
  readonly ref: string;
}

const REF = 'HAMMERCRAWL! v4, STOCKS (RACES), HAMMERCRAWL! Setting: Nethern (Random Other-Worldly Quirks)';

/**
 * The die of the quirks table: one d28, one face a quirk. Rolled through a `RandomSource`, or at the
 * table as (d4 - 1) x 7 + d7 (ruling ST-11).
 * @example NETHERN_QUIRK_DICE // { count: 1, sides: 28 }
 */
export const NETHERN_QUIRK_DICE = { count: 1, sides: 28 } as const satisfies TableDice;

/** Variants of one quirk from kebab-case ids (labels: the ids with spaces), or `[id, label]` pairs. */
function variants(...items: readonly (string | readonly [string, string])[]): readonly NethernQuirkVariant[] {
  return items.map((item) => (typeof item === 'string' ? { id: item, label: item.replaceAll('-', ' ') } : { id: item[0], label: item[1] }));
}

/**
 * The Nethern quirks, in the text's order, one per face of the d28 (STOCKS (RACES), Nethern). What a
 * quirk lets its bearer do is whatever the Smith is convinced of.
 * @example NETHERN_QUIRKS[10] // { id: 'weird-butt', roll: { min: 11, max: 11 }, variants: [{ id: 'extra-butts', label: '1d4 butts', count: { count: 1, sides: 4 } }, ...], ... }
 */
export const NETHERN_QUIRKS = [
  {
    id: 'horns',
    label: 'Horns',
    roll: { min: 1, max: 1 },
    description: 'Horns of some unlikely sort, in an unlikely place.',
    variants: variants('devil', 'bull', 'rhino', 'triceratops', 'darth-bad-guy', 'armpit'),
    ref: REF,
  },
  {
    id: 'weird-eyes',
    label: 'Weird eyes',
    roll: { min: 2, max: 2 },
    description: 'Strange eyes: wrong in number, place or kind.',
    variants: variants('one-eyed', 'three-eyed', 'mouth-eyes', 'fly', 'spider', 'snake', 'glowing'),
    ref: REF,
  },
  {
    id: 'weird-tail',
    label: 'Weird tail',
    roll: { min: 3, max: 3 },
    description: 'A tail borrowed from some beast.',
    variants: variants('devil', 'bunny', 'lemur', 'skunk', 'lizard', 'stegosaurus'),
    ref: REF,
  },
  {
    id: 'weird-ears',
    label: 'Weird ears',
    roll: { min: 4, max: 4 },
    description: "Some animal's ears.",
    variants: variants('bunny', 'cat', 'dog', 'koala', 'raccoon', 'elephant'),
    ref: REF,
  },
  {
    id: 'weird-tongue',
    label: 'Weird tongue',
    roll: { min: 5, max: 5 },
    description: 'An odd tongue, or more than one.',
    variants: variants('frog', 'snake', 'two-tongues', 'too-many-tongues'),
    ref: REF,
  },
  {
    id: 'weird-skin',
    label: 'Weird skin',
    roll: { min: 6, max: 6 },
    description: 'Skin that is odd, or missing.',
    variants: variants('no-skin', 'scales', 'slimy', 'weird-color'),
    ref: REF,
  },
  {
    id: 'weird-hair',
    label: 'Weird hair',
    roll: { min: 7, max: 7 },
    description: 'Something other than hair grows where hair should.',
    variants: variants('worms', 'noodles', 'grass', 'flowers', 'weird-color'),
    ref: REF,
  },
  {
    id: 'weird-hands',
    label: 'Weird hands',
    roll: { min: 8, max: 8 },
    description: 'Hands built wrong, thumbs especially.',
    variants: variants(
      'no-thumbs',
      'all-thumbs',
      ['i-am-the-thumb', 'I am the thumb'],
      'backward',
      'feet-hands',
      'hot-dog-fingers',
      'tentacle-fingers',
      'tentacle-hands',
    ),
    ref: REF,
  },
  {
    id: 'weird-feet',
    label: 'Weird feet',
    roll: { min: 9, max: 9 },
    description: 'Feet of the wrong kind, or on the wrong way.',
    variants: variants('hooves', 'cat-paws', 'reversed-sides', 'reversed-direction', 'hand-feet'),
    ref: REF,
  },
  {
    id: 'weird-teeth',
    label: 'Weird teeth',
    roll: { min: 10, max: 10 },
    description: "Some creature's teeth.",
    variants: variants('horse', 'goose', 'fangs', 'beaver', 'walrus'),
    ref: REF,
  },
  {
    id: 'weird-butt',
    label: 'Weird butt',
    roll: { min: 11, max: 11 },
    description: 'Too many behinds, none, or one in place of the head.',
    variants: [
      { id: 'extra-butts', label: '1d4 butts', count: { count: 1, sides: 4 } },
      { id: 'no-butt', label: 'no butt' },
      { id: 'butt-head', label: 'butt head' },
    ],
    ref: REF,
  },
  {
    id: 'weird-smell',
    label: 'Weird smell',
    roll: { min: 12, max: 12 },
    description: 'A smell that is noticed, for better or worse.',
    variants: variants('good', 'bad'),
    ref: REF,
  },
  {
    id: 'cannot-talk',
    label: 'Can’t talk, only makes an animal noise',
    roll: { min: 13, max: 13 },
    description: 'No speech: only one animal noise.',
    variants: variants('bark', 'moo', 'meow'),
    ref: REF,
  },
  {
    id: 'third-leg',
    label: 'Actual third leg',
    roll: { min: 14, max: 14 },
    description: 'A third leg, a real one.',
    variants: [],
    ref: REF,
  },
  {
    id: 'theme-song',
    label: 'Constant theme song',
    roll: { min: 15, max: 15 },
    description: 'A theme song that never stops playing.',
    variants: [],
    ref: REF,
  },
  {
    id: 'constantly-moist',
    label: 'Constantly moist',
    roll: { min: 16, max: 16 },
    description: 'Always damp.',
    variants: [],
    ref: REF,
  },
  {
    id: 'sandpaper-hands',
    label: 'Sandpaper hands',
    roll: { min: 17, max: 17 },
    description: 'Hands as rough as sandpaper.',
    variants: [],
    ref: REF,
  },
  {
    id: 'upside-down-face',
    label: 'Upside-down face',
    roll: { min: 18, max: 18 },
    description: 'The face is on upside down.',
    variants: [],
    ref: REF,
  },
  {
    id: 'upside-down-everything',
    label: 'Upside-down everything',
    roll: { min: 19, max: 19 },
    description: 'The whole body is upside down.',
    variants: [],
    ref: REF,
  },
  {
    id: 'animals-hate-you',
    label: 'Animals hate you',
    roll: { min: 20, max: 20 },
    description: 'One kind of animal hates the Nethern on sight.',
    variants: variants('dogs', 'cats', 'birds'),
    ref: REF,
  },
  {
    id: 'barf-face',
    label: 'Barf face',
    roll: { min: 21, max: 21 },
    description: 'A face that looks like vomit.',
    variants: [],
    ref: REF,
  },
  {
    id: 'cannot-lie',
    label: 'Cannot lie',
    roll: { min: 22, max: 22 },
    description: 'Every statement made is true.',
    variants: [],
    ref: REF,
  },
  {
    id: 'cannot-truth',
    label: 'Cannot truth',
    roll: { min: 23, max: 23 },
    description: 'Every statement made is false.',
    variants: [],
    ref: REF,
  },
  {
    id: 'cannot-question',
    label: 'Cannot question',
    roll: { min: 24, max: 24 },
    description: 'Never able to ask a question.',
    variants: [],
    ref: REF,
  },
  {
    id: 'can-only-question',
    label: 'Can only question',
    roll: { min: 25, max: 25 },
    description: 'Speaks in questions only.',
    variants: [],
    ref: REF,
  },
  {
    id: 'must-always-rhyme',
    label: 'Must always rhyme',
    roll: { min: 26, max: 26 },
    description: 'All speech rhymes.',
    variants: [],
    ref: REF,
  },
  {
    id: 'three-words-at-a-time',
    label: 'Only three words at a time',
    roll: { min: 27, max: 27 },
    description: 'Speaks at most three words at once.',
    variants: [],
    ref: REF,
  },
  {
    id: 'likes-nickelback',
    label: 'Actually likes Nickelback',
    roll: { min: 28, max: 28 },
    description: 'A sincere fan of the band Nickelback.',
    variants: [],
    ref: REF,
  },
] as const satisfies readonly NethernQuirk[];
