/**
 * Rolling a new character: 3d6 in order for the six attributes, race and class (chosen or rolled),
 * a human's house, a sorcerer's tradition, skills drawn from the sample list, Blood from the Hit Die,
 * one point in the class pool. Rules: The Bare Bones, Nobody Likes Adventurers ("smash the templates
 * ... together"), Die by the Sword; rulings BB-4 (3d6 in order), BB-6 (skills), BB-7 (spells), BB-8 (what creation gives).
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, readParam, unknownParam, type ParamDef, type ParamRecord, type RuleResult } from '../rule-system.js';
import { ATTRIBUTE_IDS, attributeLabel, type AttributeId } from './attributes.js';
import { CHARACTER_SCHEMA_VERSION, MAX_NAME_LENGTH, NO_PLAY_YET, type BareBonesCharacter, type CharacterSkill, type CreationLogEntry, type SorcererMagic } from './character.js';
import { CLASSES, SORCERER_TRADITIONS, STARTING_SPELLS, bareBonesClass, type ClassId, type SorcererTraditionId } from './data/classes.js';
import { HOUSES, RACES, race, type HouseId, type RaceId } from './data/races.js';
import { SAMPLE_SKILLS, SKILL_BONUS } from './data/skills.js';

/** Dice rolled for each attribute: 3d6 in order (ruling BB-4). */
export const ATTRIBUTE_DICE = { count: 3, sides: 6 } as const;

/**
 * Names a rolled character draws from when none is given (the project's own list).
 * @example ROLLED_NAMES[0] // 'Aldric'
 */
export const ROLLED_NAMES = [
  'Aldric', 'Bera', 'Corwin', 'Dagny', 'Edric', 'Fenna', 'Garth', 'Hilde',
  'Ivo', 'Jorunn', 'Kestrel', 'Lorne', 'Maud', 'Osric', 'Runa', 'Tobin',
] as const;

/**
 * Creation options: all optional; what is absent is rolled.
 * @example rollCharacter(seededRandom(7), { race: 'halfling', class: 'specialist' })
 */
export const CREATION_OPTIONS = [
  { name: 'name', kind: 'text', label: 'Name', help: 'The character\'s name (rolled from a list when absent).', maxLength: MAX_NAME_LENGTH },
  { name: 'race', kind: 'choice', label: 'Race', help: 'Dwarf, elf, halfling or human (rolled on a d4 when absent).', choices: RACES.map((r) => ({ id: r.id, label: r.label })) },
  { name: 'class', kind: 'choice', label: 'Class', help: 'Cleric, fighter, specialist or sorcerer (rolled on a d4 when absent).', choices: CLASSES.map((c) => ({ id: c.id, label: c.label })) },
  { name: 'house', kind: 'choice', label: 'Great house', help: 'A human\'s great house (rolled when absent; humans only).', choices: HOUSES.map((h) => ({ id: h.id, label: h.label })) },
  { name: 'tradition', kind: 'choice', label: 'Sorcerer tradition', help: 'Generalist or school sorcerer (rolled on a d2 when absent; sorcerers only).', choices: SORCERER_TRADITIONS.map((t) => ({ id: t.id, label: t.label })) },
] as const satisfies readonly ParamDef[];

function pick<T>(rng: RandomSource, items: readonly T[]): { item: T; face: number } {
  const face = rng.rollDie(items.length);
  return { item: items[face - 1]!, face };
}

/**
 * Rolls a level 1 character. Dice are thrown in a fixed order (attributes, race, class, house,
 * tradition, skills, name), so one seed and the same options always give the same document.
 * Options naming a house for a non-human, or a tradition for a non-sorcerer, are problems.
 * @example rollCharacter(seededRandom(1), {}) // ok: a level 1 character, Blood = its Hit Die
 */
export function rollCharacter(rng: RandomSource, options: ParamRecord): RuleResult<BareBonesCharacter> {
  const defs: readonly ParamDef[] = CREATION_OPTIONS;
  const unknown = unknownParam(defs, options);
  if (unknown !== null) return { ok: false, error: unknown };
  const read: Record<string, string | undefined> = {};
  for (const d of defs) {
    const r = readParam(defs, options, d.name);
    if (!r.ok) return r;
    read[d.name] = r.value as string | undefined;
  }
  if (read['name'] !== undefined && read['name'].trim().length === 0) {
    return { ok: false, error: { code: 'bare-bones/empty-name', message: 'A name must have at least one letter; give one or leave --name out to roll one.', path: '$.name' } };
  }
  const log: CreationLogEntry[] = [];
  const stats = {} as Record<AttributeId, { score: number }>;
  for (const id of ATTRIBUTE_IDS) {
    const faces = Array.from({ length: ATTRIBUTE_DICE.count }, () => rng.rollDie(ATTRIBUTE_DICE.sides));
    const score = faces.reduce((a, b) => a + b, 0);
    stats[id] = { score };
    log.push({ step: 'attributes', text: `${attributeLabel(id)}: 3d6 = ${score}`, faces });
  }
  let raceId = read['race'] as RaceId | undefined;
  if (raceId === undefined) {
    const r = pick(rng, RACES);
    raceId = r.item.id;
    log.push({ step: 'race', text: `Race: d4 = ${r.face} -> ${r.item.label}`, faces: [r.face] });
  } else log.push({ step: 'race', text: `Race: ${race(raceId).label} (chosen)`, faces: [] });
  let classId = read['class'] as ClassId | undefined;
  if (classId === undefined) {
    const c = pick(rng, CLASSES);
    classId = c.item.id;
    log.push({ step: 'class', text: `Class: d4 = ${c.face} -> ${c.item.label}`, faces: [c.face] });
  } else log.push({ step: 'class', text: `Class: ${bareBonesClass(classId).label} (chosen)`, faces: [] });
  const r = race(raceId);
  const cls = bareBonesClass(classId);
  if (read['house'] !== undefined && r.id !== 'human') {
    return { ok: false, error: { code: 'bare-bones/house-not-human', message: `Only humans swear to a great house; drop --house for a ${r.label.toLowerCase()}.`, path: '$.house' } };
  }
  if (read['tradition'] !== undefined && cls.id !== 'sorcerer') {
    return { ok: false, error: { code: 'bare-bones/not-a-sorcerer', message: `Only sorcerers have a tradition; drop --tradition for a ${cls.label.toLowerCase()}.`, path: '$.tradition' } };
  }
  let house: HouseId | null = null;
  if (r.id === 'human') {
    if (read['house'] === undefined) {
      const h = pick(rng, HOUSES);
      house = h.item.id;
      log.push({ step: 'house', text: `House: d${HOUSES.length} = ${h.face} -> ${h.item.label}`, faces: [h.face] });
    } else {
      house = read['house'] as HouseId;
      log.push({ step: 'house', text: `House: ${HOUSES.find((h) => h.id === house)!.label} (chosen)`, faces: [] });
    }
  }
  let sorcerer: SorcererMagic | null = null;
  if (cls.id === 'sorcerer') {
    let tradition = read['tradition'] as SorcererTraditionId | undefined;
    if (tradition === undefined) {
      const t = pick(rng, SORCERER_TRADITIONS);
      tradition = t.item.id;
      log.push({ step: 'tradition', text: `Tradition: d2 = ${t.face} -> ${t.item.label}`, faces: [t.face] });
    } else log.push({ step: 'tradition', text: `Tradition: ${SORCERER_TRADITIONS.find((t) => t.id === tradition)!.label} (chosen)`, faces: [] });
    sorcerer = { tradition, school: null, forbiddenSchool: null, spells: [], spellsToRoll: STARTING_SPELLS };
    log.push({ step: 'spells', text: `Spells: ${STARTING_SPELLS} to roll on the Wonder & Wickedness lists${tradition === 'school' ? ' of the chosen school' : ''}`, faces: [] });
  }
  // Skills without repeats: each draw picks from the skills not yet drawn.
  const pool: { id: string; label: string }[] = SAMPLE_SKILLS.map((s) => ({ id: s.id, label: s.label }));
  const skills: CharacterSkill[] = [];
  const skillFaces: number[] = [];
  for (let i = 0; i < cls.startingSkills; i++) {
    const face = rng.rollDie(pool.length);
    skillFaces.push(face);
    const [s] = pool.splice(face - 1, 1);
    skills.push({ id: s!.id, label: s!.label, bonus: SKILL_BONUS });
  }
  log.push({ step: 'skills', text: `Skills (+${SKILL_BONUS}): ${skills.map((s) => s.label).join(', ')}`, faces: skillFaces });
  let name = read['name'];
  if (name === undefined) {
    const n = pick(rng, ROLLED_NAMES);
    name = n.item;
    log.push({ step: 'name', text: `Name: d${ROLLED_NAMES.length} = ${n.face} -> ${name}`, faces: [n.face] });
  }
  log.push({ step: 'blood', text: `Blood ${r.hitDie} (the d${r.hitDie} Hit Die's sides), Sweat 0 at level 1; ${cls.pool.label.toLowerCase()} 1`, faces: [] });
  return ok({
    ruleset: 'bare-bones',
    schemaVersion: CHARACTER_SCHEMA_VERSION,
    name,
    stats,
    race: r.id,
    class: cls.id,
    level: 1,
    xp: 0,
    hitDie: r.hitDie,
    blood: { current: r.hitDie, max: r.hitDie },
    sweat: { current: 0, max: 0 },
    points: { pool: cls.pool.id, current: 1 },
    skills,
    advancementChecks: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
    house,
    sorcerer,
    favoredFoes: [],
    armour: 'none',
    hasShield: false,
    armourNotches: 0,
    inventory: [],
    coins: 0,
    arrows: 0,
    ...NO_PLAY_YET,
    creation: { seed: null, log },
    history: [],
  });
}
