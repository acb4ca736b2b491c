/**
 * Character creation: 3d6 down the line, one swap, traits picked (two) or rolled (three), the
 * Smith's class, a name. Rules: So Long as Men Die, Character Creation; Traits. Rulings SL-2, SL-4,
 * SL-6, SL-16.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, readParam, unknownParam, type ParamDef, type ParamRecord, type RuleResult } from '../rule-system.js';
import { ATTRIBUTES, ATTRIBUTE_IDS, SLAMD_ID, STAT_DICE, type AttributeId } from './attributes.js';
import {
  CHARACTER_SCHEMA_VERSION,
  MAX_CLASS_LABEL_LENGTH,
  MAX_CLASS_TOUGHNESS_DICE,
  MAX_NAME_LENGTH,
  freshPlayFields,
  statOf,
  type CharacterCreation,
  type SlamdCharacter,
  type SmithClass,
} from './character.js';
import { TRAITS, TRAITS_PICKED, TRAITS_ROLLED, traitEffects } from './data/traits.js';
import { toughnessDiceFor } from './toughness.js';

/**
 * The names a character is given when none is ("Give your character a Name", Character Creation): one
 * is rolled on a d16 after everything else, as The Bare Bones and HAMMERCRAWL! roll theirs (ruling SL-36).
 * @example ROLLED_NAMES[0] // 'Aske'
 */
export const ROLLED_NAMES = [
  'Aske', 'Brannoc', 'Cudda', 'Dervla', 'Egil', 'Fenwick', 'Gunnhild', 'Harrow',
  'Isolt', 'Jarn', 'Kettil', 'Lunet', 'Morcant', 'Nessa', 'Orm', 'Sigrun',
] as const;

const NO_SWAP = 'none';
const statChoices = [{ id: NO_SWAP, label: 'No swap' }, ...ATTRIBUTES.map((a) => ({ id: a.id, label: a.label }))];
const traitChoices = TRAITS.map((x) => ({ id: x.id, label: x.label }));

/**
 * The creation options, as CLI flags and form fields (Character Creation; Traits).
 * @example rollCharacter(rng, { name: 'Wat', 'swap-a': 'str', 'swap-b': 'cha', traits: 'pick', 'trait-1': 'orc', 'trait-2': 'lucky' })
 */
export const CREATION_OPTIONS = [
  { kind: 'text', name: 'name', label: 'Name', help: `The character's name (rolled from a list of ${ROLLED_NAMES.length} when absent).`, maxLength: MAX_NAME_LENGTH },
  { kind: 'choice', name: 'swap-a', label: 'Swap: first stat', help: 'One stat of the pair swapped after rolling 3d6 down the line.', choices: statChoices, default: NO_SWAP },
  { kind: 'choice', name: 'swap-b', label: 'Swap: second stat', help: 'The other stat of the pair.', choices: statChoices, default: NO_SWAP },
  {
    kind: 'choice', name: 'traits', label: 'Traits', help: `Pick ${TRAITS_PICKED} traits, or roll ${TRAITS_ROLLED} at random.`,
    choices: [{ id: 'roll', label: `Roll ${TRAITS_ROLLED}` }, { id: 'pick', label: `Pick ${TRAITS_PICKED}` }], default: 'roll',
  },
  { kind: 'choice', name: 'trait-1', label: 'First trait', help: 'The first trait picked (with --traits pick).', choices: traitChoices },
  { kind: 'choice', name: 'trait-2', label: 'Second trait', help: 'The second trait picked (with --traits pick).', choices: traitChoices },
  { kind: 'text', name: 'class', label: 'Class', help: 'The name of the Smith\'s class, if any (the text lists none).', maxLength: MAX_CLASS_LABEL_LENGTH },
  { kind: 'integer', name: 'class-toughness', label: 'Class Toughness Dice', help: 'Extra Toughness Dice the Smith\'s class gives.', min: 0, max: MAX_CLASS_TOUGHNESS_DICE, default: 0 },
] as const satisfies readonly ParamDef[];

function read<T>(name: string, params: ParamRecord): RuleResult<T | undefined> {
  return readParam(CREATION_OPTIONS, params, name) as RuleResult<T | undefined>;
}

/** A class id from its name: lower-case, kebab-case ("Iron Sworn" -> "iron-sworn"). */
export function classIdOf(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'class';
}

/**
 * Draws `count` different traits: a d45, then a d44 over the traits left in table order, and so on
 * (Traits; ruling SL-4).
 */
export function rollTraits(rng: RandomSource, count: number): { ids: string[]; rolls: number[] } {
  if (!Number.isInteger(count) || count < 0 || count > TRAITS.length) throw new RangeError(`cannot roll ${count} different traits`);
  const left: string[] = TRAITS.map((x) => x.id);
  const ids: string[] = [];
  const rolls: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng.rollDie(left.length);
    rolls.push(r);
    ids.push(left.splice(r - 1, 1)[0]!);
  }
  return { ids, rolls };
}

/** Scores from the dice as thrown, the swap and the traits' stat changes (Character Creation; Traits, Jack). */
export function scoresFrom(statDice: CharacterCreation['statDice'], swap: CharacterCreation['swap'], traitIds: readonly string[]): Record<AttributeId, number> {
  const scores = {} as Record<AttributeId, number>;
  for (const id of ATTRIBUTE_IDS) scores[id] = statDice[id].reduce((s, f) => s + f, 0);
  if (swap !== null) [scores[swap[0]], scores[swap[1]]] = [scores[swap[1]], scores[swap[0]]];
  for (const e of traitEffects(traitIds)) if (e.kind === 'all-stats') for (const id of ATTRIBUTE_IDS) scores[id] += e.amount;
  return scores;
}

/**
 * Rolls a character: 3d6 for each stat in order (STR first), the swap given, traits picked or
 * rolled, then Toughness (Character Creation). The same dice give byte-identical JSON.
 */
export function rollCharacter(rng: RandomSource, options: ParamRecord): RuleResult<SlamdCharacter> {
  const unknown = unknownParam(CREATION_OPTIONS, options);
  if (unknown !== null) return { ok: false, error: unknown };
  const name = read<string>('name', options);
  const swapA = read<string>('swap-a', options);
  const swapB = read<string>('swap-b', options);
  const method = read<string>('traits', options);
  const t1 = read<string>('trait-1', options);
  const t2 = read<string>('trait-2', options);
  const className = read<string>('class', options);
  const classDice = read<number>('class-toughness', options);
  for (const r of [name, swapA, swapB, method, t1, t2, className, classDice]) if (!r.ok) return r;
  if (!name.ok || !swapA.ok || !swapB.ok || !method.ok || !t1.ok || !t2.ok || !className.ok || !classDice.ok) throw new Error('unreachable');
  if (name.value !== undefined && name.value.trim() === '') return problem('so-long-as-men-die/blank-name', 'Give the character a name with at least one letter.', '$.name');

  const a = swapA.value ?? NO_SWAP;
  const b = swapB.value ?? NO_SWAP;
  if ((a === NO_SWAP) !== (b === NO_SWAP)) {
    return problem('so-long-as-men-die/swap-needs-pair', 'A swap names two stats: give both --swap-a and --swap-b, or neither.', a === NO_SWAP ? '$.swap-a' : '$.swap-b');
  }
  if (a !== NO_SWAP && a === b) return problem('so-long-as-men-die/swap-same-stat', `Swap ${a} with a different stat.`, '$.swap-b');
  const swap = a === NO_SWAP ? null : ([a, b] as [AttributeId, AttributeId]);

  const isPick = method.value === 'pick';
  if (isPick) {
    if (t1.value === undefined) return problem('so-long-as-men-die/trait-missing', `Picking traits takes ${TRAITS_PICKED}: give --trait-1.`, '$.trait-1');
    if (t2.value === undefined) return problem('so-long-as-men-die/trait-missing', `Picking traits takes ${TRAITS_PICKED}: give --trait-2.`, '$.trait-2');
    if (t1.value === t2.value) return problem('so-long-as-men-die/trait-twice', `Pick two different traits; ${t1.value} was named twice.`, '$.trait-2');
  } else if (t1.value !== undefined || t2.value !== undefined) {
    return problem('so-long-as-men-die/trait-with-roll', 'Traits named with --traits roll: use --traits pick to choose them.', t1.value !== undefined ? '$.trait-1' : '$.trait-2');
  }
  const extra = classDice.value ?? 0;
  if (className.value === undefined && extra !== 0) {
    return problem('so-long-as-men-die/class-toughness-without-class', 'Class Toughness Dice need a class: give --class too.', '$.class-toughness');
  }
  if (className.value !== undefined && className.value.trim() === '') return problem('so-long-as-men-die/blank-class', 'A class needs a name with at least one letter.', '$.class');

  const statDice = {} as Record<AttributeId, number[]>;
  for (const id of ATTRIBUTE_IDS) {
    statDice[id] = [];
    for (let i = 0; i < STAT_DICE.count; i++) statDice[id].push(rng.rollDie(STAT_DICE.sides));
  }
  const traitDraw = isPick ? { ids: [t1.value!, t2.value!], rolls: [] } : rollTraits(rng, TRAITS_ROLLED);
  const scores = scoresFrom(statDice, swap, traitDraw.ids);
  const stats = {} as Record<AttributeId, ReturnType<typeof statOf>>;
  for (const id of ATTRIBUTE_IDS) stats[id] = statOf(scores[id]);
  const cls: SmithClass | null = className.value === undefined ? null : { id: classIdOf(className.value), label: className.value, extraToughnessDice: extra, notes: '' };
  const play = freshPlayFields(stats.con.score);
  // The name last, so that the same dice give the same stats and traits whether or not one is given.
  const nameText = name.value ?? ROLLED_NAMES[rng.rollDie(ROLLED_NAMES.length) - 1]!;
  return ok({
    ruleset: SLAMD_ID,
    schemaVersion: CHARACTER_SCHEMA_VERSION,
    name: nameText,
    stats,
    class: cls,
    traits: traitDraw.ids,
    toughness: { dice: toughnessDiceFor(extra, traitDraw.ids), exhausted: 0 },
    woundsLeft: play.woundsLeft,
    condition: 'standing',
    injuries: [],
    inventory: [],
    hacksilver: play.hacksilver,
    xp: play.xp,
    notes: play.notes,
    conditions: play.conditions,
    history: play.history,
    creation: { statDice, swap, traitMethod: isPick ? 'picked' : 'rolled', traitRolls: traitDraw.rolls },
  });
}

/**
 * Makes the one swap after seeing the rolls, for a character rolled without one (Character Creation:
 * the pair is the player's choice; ruling SL-16). Moving CON moves the Wounds left with it, so it is
 * refused once a Wound is taken (ruling SL-24).
 */
export function swapStats(character: SlamdCharacter, a: AttributeId, b: AttributeId): RuleResult<SlamdCharacter> {
  if (character.creation.swap !== null) return problem('so-long-as-men-die/already-swapped', `${character.name} already swapped ${character.creation.swap.join(' and ')}; only one pair may be swapped.`, '$.creation.swap');
  if (a === b) return problem('so-long-as-men-die/swap-same-stat', `Swap ${a} with a different stat.`, '$.swap-b');
  const movesCon = a === 'con' || b === 'con';
  if (movesCon && character.woundsLeft < character.stats.con.score) {
    return problem('so-long-as-men-die/swap-after-wounds', `${character.name} has taken Wounds, which the CON Score counts; the swap belongs to creation: swap two other stats, or before any Wound.`, a === 'con' ? '$.swap-a' : '$.swap-b');
  }
  const stats = { ...character.stats, [a]: character.stats[b], [b]: character.stats[a] };
  // Every Wound is still there to take (checked above): the new CON Score is the new count (ruling SL-24).
  return ok({ ...character, stats, woundsLeft: movesCon ? stats.con.score : character.woundsLeft, creation: { ...character.creation, swap: [a, b] } });
}
