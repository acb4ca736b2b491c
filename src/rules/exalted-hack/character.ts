/**
 * The Exalted Hack character document: a versioned plain-JSON record (attributes as `{ score, current }`,
 * level, Hit Die, HP, attribute damage, whether the character is dying, armour, weapon training,
 * languages, inventory with usage dice, silver, personal projects, and the notes, conditions and history
 * of play), read on import with every problem named by its JSON path. A version-1 document (before play)
 * is read and migrated to version 2 (migrations.ts).
 * Rules: The Exalted Hack, Resolving Actions and Attributes; Damage and Dying; Weapons; Armor; Inventory
 * and Usage; Other Rolls (Elaboration Roll). Rulings: docs/rulings.md (EH-8, EH-10, EH-12, EH-25, EH-28).
 */
import { readPlayFields } from '../character-play.js';
import { ok, type RuleProblem, type RuleResult } from '../rule-system.js';
import { ATTRIBUTE_IDS, MAX_ATTRIBUTE_SCORE, MAX_LEVEL, type AttributeId } from './attributes.js';
import { ARMOUR_KINDS, MAX_ARMOUR_VALUE } from './data/armour.js';
import { MAX_ELABORATION_POINTS } from './data/elaboration.js';
import { DAMAGE_DICE } from './data/weapons.js';
import { FLUENT_POINTS } from './data/languages.js';
import { MAX_HP, maxHitPoints } from './hit-points.js';
import { migrateV1ToV2, type CharacterV1 } from './migrations.js';
import { USAGE_DICE } from './usage-die.js';

/** The schema version this code writes (conventions: Saved data; rulings EH-25, EH-28); version 1 is still read. */
export const CHARACTER_SCHEMA_VERSION = 2;

/** The schema versions this code reads: 1 (before play, migrated on reading) and 2. */
export const READABLE_SCHEMA_VERSIONS = [1, CHARACTER_SCHEMA_VERSION] as const;

/** Longest name accepted, a project limit (a name must also have a character that is not a space; EH-25). */
export const MAX_NAME_LENGTH = 60;

/** Most languages a document may list (Intelligence; a project limit). */
export const MAX_LANGUAGES = 20;

/** Most inventory entries a document may list (Inventory and Usage; a project limit). */
export const MAX_INVENTORY_ITEMS = 100;

/** Most spaces one inventory entry may take (Inventory and Usage; a project limit, STR 18 carries 18). */
export const MAX_ITEM_SPACES = 20;

/** Most silver a document may hold (Inventory and Usage; a project limit). */
export const MAX_SILVER = 1_000_000_000;

/** Silver pieces per carrying space (Inventory and Usage). */
export const SILVER_PER_SPACE = 100;

/** Longest id or label in a language or inventory entry (a project limit; EH-25). */
export const MAX_LABEL_LENGTH = 60;

/** Most personal projects a document may list (Elaboration Roll; a project limit). */
export const MAX_PROJECTS = 20;

/** Most problems `characterProblems` lists, the rest counted in the last message (EH-25). */
export const MAX_REPORTED_PROBLEMS = 50;

export type { AttributeScore, ExaltedHackCharacter, InventoryEntry, KnownLanguage, Project, WeaponTraining, WornArmour } from './document.js';
import type { ExaltedHackCharacter } from './document.js';

/** An attribute's value now: its score less the damage it carries (Recovery; EH-12). */
export function currentScore(c: Pick<ExaltedHackCharacter, 'stats' | 'attributeDamage'>, id: AttributeId): number {
  return c.stats[id].score - c.attributeDamage[id];
}

/** The attributes at 0: each one loses the character (Damage and Dying). */
export function attributesAtZero(c: Pick<ExaltedHackCharacter, 'stats' | 'attributeDamage'>): AttributeId[] {
  return ATTRIBUTE_IDS.filter((id) => currentScore(c, id) <= 0);
}

/**
 * A copy of `c` with `damage` points of damage on attribute `id`, its current score kept in step
 * (Recovery; EH-12, EH-28). Throws on damage outside 0..score (a programmer error).
 */
export function withAttributeDamage(c: ExaltedHackCharacter, id: AttributeId, damage: number): ExaltedHackCharacter {
  const score = c.stats[id].score;
  if (!Number.isInteger(damage) || damage < 0 || damage > score) throw new RangeError(`damage on ${id} must be 0-${score}, got ${damage}`);
  return { ...c, stats: { ...c.stats, [id]: { score, current: score - damage } }, attributeDamage: { ...c.attributeDamage, [id]: damage } };
}

/** Spaces used: every entry, plus one per started 100 silver (Inventory and Usage; ruling EH-22). */
export function spacesUsed(c: Pick<ExaltedHackCharacter, 'inventory' | 'silver'>): number {
  return c.inventory.reduce((n, e) => n + e.spaces, 0) + Math.ceil(c.silver / SILVER_PER_SPACE);
}

/** The fields of a version-1 document; the play fields may be there too (a table appends history). */
const V1_KEYS = ['ruleset', 'schemaVersion', 'name', 'level', 'stats', 'hitDie', 'hp', 'attributeDamage', 'weaponTraining', 'languages', 'inventory', 'silver'] as const;
const V2_KEYS = [...V1_KEYS, 'isDying', 'armour', 'projects'] as const;
/** The play fields every document may carry, each read by `readPlayFields` (absent: empty). */
const PLAY_KEYS = ['notes', 'conditions', 'history'] as const;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}...` : v);
  return String(v);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

class Reader {
  readonly problems: RuleProblem[] = [];

  add(path: string, code: string, message: string): void {
    this.problems.push({ code: `exalted-hack/${code}`, message, path });
  }

  /** An object with every one of `keys` and nothing else but `optionalKeys`. */
  record(v: unknown, path: string, keys: readonly string[], optionalKeys: readonly string[] = []): Record<string, unknown> | null {
    if (!isRecord(v)) {
      this.add(path, 'not-an-object', `Expected an object, got ${shown(v)}.`);
      return null;
    }
    const all = [...keys, ...optionalKeys];
    for (const k of Object.keys(v)) if (!all.includes(k)) this.add(child(path, k), 'unknown-field', `Unknown field "${k}"; remove it (fields here: ${all.join(', ')}).`);
    for (const k of keys) if (!(k in v)) this.add(child(path, k), 'missing-field', `Missing field "${k}".`);
    return v;
  }

  bool(v: unknown, path: string): boolean | null {
    if (v === undefined) return null;
    if (typeof v === 'boolean') return v;
    this.add(path, 'not-a-boolean', `Expected true or false, got ${shown(v)}.`);
    return null;
  }

  int(v: unknown, path: string, min: number, max: number): number | null {
    if (v === undefined) return null;
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
    this.add(path, 'out-of-range', `Expected a whole number from ${min} to ${max}, got ${shown(v)}.`);
    return null;
  }

  text(v: unknown, path: string, max: number, pattern?: RegExp): string | null {
    if (v === undefined) return null;
    if (typeof v !== 'string' || v.trim().length === 0 || v.length > max || (pattern !== undefined && !pattern.test(v))) {
      this.add(path, 'bad-text', `Expected ${pattern ? 'a kebab-case id' : 'text'} of 1 to ${max} characters, got ${shown(v)}.`);
      return null;
    }
    return v;
  }

  array(v: unknown, path: string, max: number): readonly unknown[] | null {
    if (v === undefined) return null;
    if (!Array.isArray(v)) {
      this.add(path, 'not-an-array', `Expected an array, got ${shown(v)}.`);
      return null;
    }
    if (v.length > max) {
      this.add(path, 'too-many', `At most ${max} entries, got ${v.length}; remove some.`);
      return null;
    }
    return v;
  }

  die(v: unknown, path: string, sides: readonly number[]): number | null {
    if (v === undefined) return null;
    if (typeof v === 'number' && sides.includes(v)) return v;
    this.add(path, 'not-a-die', `Expected a die's sides, one of ${sides.join(', ')}, got ${shown(v)}.`);
    return null;
  }

  unique(ids: readonly (string | null)[], path: string, field: string): void {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (id === null) return;
      if (seen.has(id)) this.add(child(child(path, i), field), 'duplicate', `"${id}" is listed twice; keep one.`);
      seen.add(id);
    });
  }
}

/** The schema version a document says it has, when it is one this code reads. */
function versionOf(v: unknown): 1 | 2 | null {
  const version = isRecord(v) ? v.schemaVersion : undefined;
  return version === 1 || version === 2 ? version : null;
}

function readDocument(r: Reader, v: unknown): void {
  // A document of an unknown version is read as the latest, to report what else is wrong with it.
  const version = versionOf(v) ?? CHARACTER_SCHEMA_VERSION;
  const doc = r.record(v, '$', version === 1 ? V1_KEYS : V2_KEYS, PLAY_KEYS);
  if (doc === null) return;
  if (doc.ruleset !== undefined && doc.ruleset !== 'exalted-hack') r.add('$.ruleset', 'wrong-ruleset', `This is not an Exalted Hack character (ruleset ${shown(doc.ruleset)}); import it with its own ruleset.`);
  if (doc.schemaVersion !== undefined && versionOf(doc) === null) {
    r.add('$.schemaVersion', 'schema-version', `Schema version ${shown(doc.schemaVersion)} is not one this code reads (${READABLE_SCHEMA_VERSIONS.join(' or ')}).`);
  }
  r.text(doc.name, '$.name', MAX_NAME_LENGTH);
  const level = r.int(doc.level, '$.level', 1, MAX_LEVEL);
  const scores: Partial<Record<AttributeId, number>> = {};
  const currents: Partial<Record<AttributeId, number>> = {};
  const stats = doc.stats === undefined ? null : r.record(doc.stats, '$.stats', ATTRIBUTE_IDS);
  for (const id of ATTRIBUTE_IDS) {
    if (stats === null || stats[id] === undefined) continue;
    const path = `$.stats.${id}`;
    const stat = r.record(stats[id], path, version === 1 ? ['score'] : ['score', 'current']);
    const score = stat === null ? null : r.int(stat.score, `${path}.score`, 1, MAX_ATTRIBUTE_SCORE);
    if (score !== null) scores[id] = score;
    const current = stat === null || version === 1 ? null : r.int(stat.current, `${path}.current`, 0, score ?? MAX_ATTRIBUTE_SCORE);
    if (current !== null) currents[id] = current;
  }
  const hitDie = r.die(doc.hitDie, '$.hitDie', DAMAGE_DICE);
  const damage = doc.attributeDamage === undefined ? null : r.record(doc.attributeDamage, '$.attributeDamage', ATTRIBUTE_IDS);
  for (const id of ATTRIBUTE_IDS) {
    if (damage === null || damage[id] === undefined) continue;
    const points = r.int(damage[id], `$.attributeDamage.${id}`, 0, scores[id] ?? MAX_ATTRIBUTE_SCORE);
    const score = scores[id];
    const current = currents[id];
    if (points !== null && score !== undefined && current !== undefined && current !== score - points) {
      r.add(`$.stats.${id}.current`, 'current-score', `The current ${id.toUpperCase()} is the score less its damage: ${score} - ${points} = ${score - points}, got ${current}; change both together.`);
    }
  }
  const hp = doc.hp === undefined ? null : r.record(doc.hp, '$.hp', ['current', 'max']);
  let hpNow: number | null = null;
  if (hp !== null) {
    const max = r.int(hp.max, '$.hp.max', 1, MAX_HP);
    if (max !== null) hpNow = r.int(hp.current, '$.hp.current', 0, max);
    const con = scores.con;
    if (max !== null && con !== undefined && hitDie !== null && level !== null && max !== maxHitPoints(con, hitDie, level)) {
      r.add('$.hp.max', 'hp-formula', `Maximum HP must be CON ${con} + Hit Die ${hitDie} + level ${level} = ${maxHitPoints(con, hitDie, level)}, got ${max}.`);
    }
  }
  if (version === 2) readPlayState(r, doc, hpNow, currents.con);
  const training = r.array(doc.weaponTraining, '$.weaponTraining', 2);
  if (training !== null) {
    training.forEach((t, i) => {
      if (t !== 'martial' && t !== 'heavy') r.add(`$.weaponTraining[${i}]`, 'unknown-training', `Expected "martial" or "heavy" (light weapons need no training), got ${shown(t)}.`);
    });
    r.unique(training.map((t) => (typeof t === 'string' ? t : null)), '$', 'weaponTraining');
  }
  const languages = r.array(doc.languages, '$.languages', MAX_LANGUAGES);
  if (languages !== null) {
    const ids = languages.map((l, i) => {
      const path = `$.languages[${i}]`;
      const lang = r.record(l, path, ['id', 'label', 'points']);
      if (lang === null) return null;
      const id = r.text(lang.id, `${path}.id`, MAX_LABEL_LENGTH, KEBAB);
      r.text(lang.label, `${path}.label`, MAX_LABEL_LENGTH);
      r.int(lang.points, `${path}.points`, 1, FLUENT_POINTS);
      return id;
    });
    r.unique(ids, '$.languages', 'id');
    const common = languages.find((l) => isRecord(l) && l.id === 'common');
    if (common === undefined || !isRecord(common) || common.points !== FLUENT_POINTS) {
      r.add('$.languages', 'no-common', 'Every character speaks Common fluently: add { "id": "common", "label": "Common", "points": 2 }.');
    }
  }
  const inventory = r.array(doc.inventory, '$.inventory', MAX_INVENTORY_ITEMS);
  if (inventory !== null) {
    const ids = inventory.map((e, i) => {
      const path = `$.inventory[${i}]`;
      const item = r.record(e, path, ['id', 'label', 'spaces', 'usageDie']);
      if (item === null) return null;
      const id = r.text(item.id, `${path}.id`, MAX_LABEL_LENGTH, KEBAB);
      r.text(item.label, `${path}.label`, MAX_LABEL_LENGTH);
      r.int(item.spaces, `${path}.spaces`, 0, MAX_ITEM_SPACES);
      if (item.usageDie !== null) r.die(item.usageDie, `${path}.usageDie`, USAGE_DICE);
      return id;
    });
    r.unique(ids, '$.inventory', 'id');
  }
  r.int(doc.silver, '$.silver', 0, MAX_SILVER);
  const play = readPlayFields(doc);
  if (!play.ok) r.problems.push(play.error);
}

/** The version-2 fields of play: dying, armour, projects (Damage and Dying; Armor; Elaboration Roll; EH-28). */
function readPlayState(r: Reader, doc: Record<string, unknown>, hp: number | null, con: number | undefined): void {
  const isDying = r.bool(doc.isDying, '$.isDying');
  if (isDying === true && hp !== null && hp > 0) r.add('$.isDying', 'dying-with-hp', `A dying character is at 0 HP, got ${hp}; healing stops dying, so set isDying to false.`);
  if (isDying === true && con === 0) r.add('$.isDying', 'dying-when-dead', 'A character at CON 0 is dead, not dying; set isDying to false.');
  const armour = doc.armour === undefined ? null : r.record(doc.armour, '$.armour', ['value', 'kind']);
  if (armour !== null) {
    r.int(armour.value, '$.armour.value', 0, MAX_ARMOUR_VALUE);
    if (armour.kind !== undefined && !ARMOUR_KINDS.some((k) => k.id === armour.kind)) {
      r.add('$.armour.kind', 'unknown-armour', `Expected ${ARMOUR_KINDS.map((k) => `"${k.id}"`).join(' or ')}, got ${shown(armour.kind)}.`);
    }
  }
  const projects = r.array(doc.projects, '$.projects', MAX_PROJECTS);
  if (projects !== null) {
    const ids = projects.map((e, i) => {
      const path = `$.projects[${i}]`;
      const project = r.record(e, path, ['id', 'label', 'goal', 'progress']);
      if (project === null) return null;
      const id = r.text(project.id, `${path}.id`, MAX_LABEL_LENGTH, KEBAB);
      r.text(project.label, `${path}.label`, MAX_LABEL_LENGTH);
      const goal = r.int(project.goal, `${path}.goal`, 1, MAX_ELABORATION_POINTS);
      r.int(project.progress, `${path}.progress`, 0, goal ?? MAX_ELABORATION_POINTS);
      return id;
    });
    r.unique(ids, '$.projects', 'id');
  }
}

/**
 * Every problem of an imported document, each with its JSON path (at most MAX_REPORTED_PROBLEMS; the last says how many more).
 * @example characterProblems({ ruleset: 'exalted-hack' })[0].path // '$.schemaVersion'
 */
export function characterProblems(json: unknown): RuleProblem[] {
  const r = new Reader();
  readDocument(r, json);
  if (r.problems.length <= MAX_REPORTED_PROBLEMS) return r.problems;
  const shownProblems = r.problems.slice(0, MAX_REPORTED_PROBLEMS);
  return [...shownProblems, { code: 'exalted-hack/more-problems', message: `${r.problems.length - MAX_REPORTED_PROBLEMS} more problem${r.problems.length - MAX_REPORTED_PROBLEMS === 1 ? '' : 's'} not listed; fix these first.`, path: '$' }];
}

/**
 * Reads (imports) a character document; a problem names its JSON path and how many others there are.
 * @example readCharacter(JSON.parse(text))
 */
export function readCharacter(json: unknown): RuleResult<ExaltedHackCharacter> {
  const problems = characterProblems(json);
  const first = problems[0];
  if (first === undefined) return ok(normalized(json as Record<string, unknown>));
  const more = problems.length > 1 ? ` (${problems.length - 1} more problem${problems.length > 2 ? 's' : ''}: ${problems.slice(1, 4).map((p) => p.path).join(', ')}${problems.length > 4 ? ', ...' : ''})` : '';
  return { ok: false, error: { ...first, message: `${first.message}${more}`, ...(problems.length > 1 ? { problems } : {}) } };
}

/** A valid document as the latest version: a copy (so later changes to the imported value cannot reach it), migrated, its play fields filled. */
function normalized(doc: Record<string, unknown>): ExaltedHackCharacter {
  const play = readPlayFields(doc);
  if (!play.ok) throw new Error(`a checked document has bad play fields: ${play.error.message}`);
  const copy = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  const latest = copy.schemaVersion === 1 ? migrateV1ToV2(copy as unknown as CharacterV1) : (copy as unknown as ExaltedHackCharacter);
  return { ...latest, notes: play.value.notes, conditions: [...play.value.conditions], history: [...play.value.history] };
}
