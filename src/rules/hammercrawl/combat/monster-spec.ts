/**
 * The Smith's monsters written as text (`goblin:hd=1,attack=+3,defense=12,damage=4,count=4`) or JSON:
 * static attack, Defense and damage values for minions, rolled ones for bosses (HAMMERSMITH ACTIONS;
 * DAMAGE: "most monsters have set DVs"). Every mistake is a `combat/monster-spec` problem naming the key.
 */
import { HAMMERCRAWL_CHAIN } from '../../../dice/index.js';
import type { HarmSource, MonsterSpec } from './fighter.js';
import {
  MAX_MONSTER_COUNT,
  MAX_MONSTER_HD,
  MAX_MONSTER_SPEC_LENGTH,
  MAX_MONSTER_VALUE,
  combatProblem,
  type CombatResult,
} from './problems.js';

/** Most damage dice one monster attack may roll (`damage=3d6`). */
export const MAX_MONSTER_DAMAGE_DICE = 20;

const KEYS = ['hd', 'attack', 'defense', 'damage', 'count', 'health', 'armour', 'con', 'save', 'reach', 'initiative', 'role'] as const;

type Fields = Readonly<Record<string, string>>;

const bad = (name: string, message: string) => combatProblem('combat/monster-spec', `monster '${name}': ${message}`);

function int(name: string, key: string, v: string | undefined, min: number, max: number): number | { readonly error: string } {
  if (v === undefined) return { error: `${key} is required (e.g. ${key}=2)` };
  if (!/^[+-]?\d+$/.test(v)) return { error: `${key} must be a whole number, got '${v}'` };
  const n = Number(v);
  if (n < min || n > max) return { error: `${key} must be from ${min} to ${max}, got ${n}` };
  void name;
  return n;
}

function chainDie(v: string): number | null {
  const m = /^d(\d{1,2})$/i.exec(v);
  if (!m) return null;
  const sides = Number(m[1]);
  return (HAMMERCRAWL_CHAIN.sides as readonly number[]).includes(sides) ? sides : null;
}

/** Reads a damage value: a static DV (`4`) or dice (`d6`, `2d4+1`). */
function damageOf(v: string): HarmSource | null {
  if (/^\d+$/.test(v)) {
    const dv = Number(v);
    return dv <= MAX_MONSTER_VALUE ? { kind: 'static', dv } : null;
  }
  const m = /^(\d*)d(\d{1,3})([+-]\d{1,3})?$/i.exec(v);
  if (!m) return null;
  const count = m[1] ? Number(m[1]) : 1;
  const sides = Number(m[2]);
  if (count < 1 || count > MAX_MONSTER_DAMAGE_DICE || sides < 2) return null;
  return { kind: 'dice', count, sides, mod: m[3] ? Number(m[3]) : 0 };
}

/**
 * A monster spec from its name and key=value fields (the text and the JSON forms share it).
 * @example monsterSpecFromFields('goblin', { hd: '1', attack: '+3', defense: '12', damage: '4' })
 */
export function monsterSpecFromFields(name: string, fields: Fields): CombatResult<{ readonly spec: MonsterSpec }> {
  if (!/^[a-z0-9][a-z0-9 _-]{0,39}$/i.test(name)) return bad(name, 'a name is 1 to 40 letters, digits, spaces, - or _');
  for (const k of Object.keys(fields)) {
    if (!(KEYS as readonly string[]).includes(k)) return bad(name, `unknown key '${k}'; the keys are ${KEYS.join(', ')}`);
  }
  const hd = int(name, 'hd', fields['hd'], 0, MAX_MONSTER_HD);
  if (typeof hd !== 'number') return bad(name, hd.error);
  const attackText = fields['attack'];
  if (attackText === undefined) return bad(name, 'attack is required: a static value (attack=13) or a bonus (attack=+3)');
  const attackIsBonus = attackText.startsWith('+') || attackText.startsWith('-');
  const attack = int(name, 'attack', attackText, -MAX_MONSTER_VALUE, MAX_MONSTER_VALUE);
  if (typeof attack !== 'number') return bad(name, attack.error);
  const defense = int(name, 'defense', fields['defense'], 0, MAX_MONSTER_VALUE);
  if (typeof defense !== 'number') return bad(name, defense.error);
  const damageText = fields['damage'];
  if (damageText === undefined) return bad(name, 'damage is required: a static DV (damage=4) or dice (damage=d6)');
  const damage = damageOf(damageText);
  if (!damage) return bad(name, `damage must be a DV from 0 to ${MAX_MONSTER_VALUE} or dice like d6 or 2d4+1 (at most ${MAX_MONSTER_DAMAGE_DICE} dice), got '${damageText}'`);
  const count = fields['count'] === undefined ? 1 : int(name, 'count', fields['count'], 1, MAX_MONSTER_COUNT);
  if (typeof count !== 'number') return bad(name, count.error);
  const spec: { -readonly [K in keyof MonsterSpec]: MonsterSpec[K] } = { name, hd, attack, attackIsBonus, defense, damage, count };
  const health = fields['health'];
  if (health !== undefined) {
    const d = chainDie(health);
    if (d === null) return bad(name, `health must be a die of the chain (d3 ... d30), got '${health}'`);
    spec.healthDie = d;
  }
  const armour = fields['armour'];
  if (armour !== undefined && armour !== 'none') {
    const d = chainDie(armour);
    if (d === null) return bad(name, `armour must be a die of the chain (d3 ... d30) or none, got '${armour}'`);
    spec.armourDie = d;
  }
  const ranges = { con: [-5, 5], save: [-5, 5], reach: [0, 10], initiative: [-MAX_MONSTER_VALUE, MAX_MONSTER_VALUE] } as const;
  for (const [key, field] of [['con', 'conMod'], ['save', 'saveMod'], ['reach', 'reach'], ['initiative', 'initiative']] as const) {
    if (fields[key] === undefined) continue;
    const n = int(name, key, fields[key], ranges[key][0], ranges[key][1]);
    if (typeof n !== 'number') return bad(name, n.error);
    spec[field] = n;
  }
  const role = fields['role'];
  if (role !== undefined) {
    if (role !== 'minion' && role !== 'boss') return bad(name, `role is minion or boss, got '${role}'`);
    spec.role = role;
  }
  return { ok: true, spec };
}

/**
 * Parses `name:key=value,...` (HAMMERSMITH ACTIONS). Keys: hd, attack (13 or +3), defense, damage (4, d6,
 * 2d4+1), count, health (d8), armour (d6 or none), con, save, reach, initiative, role (minion or boss).
 * @example parseMonsterSpec('goblin:hd=1,attack=+3,defense=12,damage=d6,count=4')
 */
export function parseMonsterSpec(text: string): CombatResult<{ readonly spec: MonsterSpec }> {
  if (text.length > MAX_MONSTER_SPEC_LENGTH) {
    return combatProblem('combat/monster-spec', `a monster spec is at most ${MAX_MONSTER_SPEC_LENGTH} characters; got ${text.length}`);
  }
  const colon = text.indexOf(':');
  if (colon < 0) return combatProblem('combat/monster-spec', `write a monster as name:hd=2,attack=+3,defense=12,damage=d6 (no ':' in '${text}')`);
  const name = text.slice(0, colon).trim();
  const fields: Record<string, string> = {};
  for (const part of text.slice(colon + 1).split(',')) {
    const p = part.trim();
    if (p === '') continue;
    if (p === 'boss' || p === 'minion') {
      fields['role'] = p;
      continue;
    }
    const eq = p.indexOf('=');
    if (eq < 0) return bad(name, `'${p}' is not key=value`);
    const key = p.slice(0, eq).trim().toLowerCase();
    if (key in fields) return bad(name, `'${key}' is given twice`);
    fields[key] = p.slice(eq + 1).trim();
  }
  return monsterSpecFromFields(name, fields);
}

/**
 * Monster specs from parsed JSON: an array (or one object) of `{ name, hd, attack, defense, damage, ... }`,
 * values as numbers or the text forms ("+3", "d6").
 */
export function monsterSpecsFromJson(json: unknown): CombatResult<{ readonly specs: readonly MonsterSpec[] }> {
  const list = Array.isArray(json) ? json : [json];
  const specs: MonsterSpec[] = [];
  for (const [i, item] of list.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return combatProblem('combat/monster-spec', `$[${i}]: expected an object with name, hd, attack, defense, damage`);
    const rec = item as Record<string, unknown>;
    const name = typeof rec['name'] === 'string' ? rec['name'] : '';
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(rec)) {
      if (k === 'name') continue;
      if (typeof v === 'number') fields[k] = k === 'attack' && v >= 0 && rec['attackIsBonus'] === true ? `+${v}` : String(v);
      else if (typeof v === 'string') fields[k] = v;
      else if (k === 'attackIsBonus' && typeof v === 'boolean') continue;
      else return combatProblem('combat/monster-spec', `$[${i}].${k}: expected a number or text`);
    }
    const r = monsterSpecFromFields(name, fields);
    if (!r.ok) return combatProblem('combat/monster-spec', `$[${i}]: ${r.problem.message}`);
    specs.push(r.spec);
  }
  return { ok: true, specs };
}
