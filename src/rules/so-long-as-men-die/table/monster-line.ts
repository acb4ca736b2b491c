/**
 * The Smith's line for a foe in a So Long as Men Die combat tracker (the combatant's `monster`): the
 * Attack Roll it makes, and the Toughness Dice and CON Score it defends with. The text gives no stat
 * block for monsters (ruling SL-33): `damage=1d8,mod=+1,toughness=2,con=10`, `nonlethal` for fists.
 * Its Defense is the tracker's Armour field ("d6 +1"), its Wounds the Health field ("3/10").
 * Rules: So Long as Men Die, Attacking and Defending; Armor; Toughness; Stats (Constitution).
 */
import { ok, problem, type RuleResult } from '../../rule-system.js';
import { MAX_ATTACK_MODIFIER, MAX_FLAT_DAMAGE } from '../attack.js';
import { MAX_SCORE, MIN_SCORE } from '../attributes.js';
import type { WeaponDamage } from '../data/weapons.js';
import { ATTACK_DIE_SIDES, MAX_ATTACK_DICE } from '../explode.js';
import { MAX_TOUGHNESS_DICE } from '../toughness.js';

/** A foe's CON Score when its line names none: the middle of 3d6 (ruling SL-33). */
export const DEFAULT_MONSTER_CON = 10;

/** Longest monster line read (an input limit). */
export const MAX_MONSTER_LINE_LENGTH = 120;

/** An example line, for help texts and the add form. */
export const MONSTER_LINE_EXAMPLE = 'damage=1d8,mod=+1,toughness=1,con=10';

/** A foe as its line gives it. */
export interface SlamdMonster {
  readonly damage: WeaponDamage;
  readonly modifier: number;
  /** Fresh Toughness Dice left (the tracker writes the line again as they exhaust). */
  readonly toughness: number;
  readonly con: number;
  readonly isNonlethal: boolean;
}

const BAD = 'so-long-as-men-die/bad-monster-line';
const help = `write it as ${MONSTER_LINE_EXAMPLE} (damage is required; add nonlethal for fists)`;

function readDamage(text: string): RuleResult<WeaponDamage> {
  const dice = /^(\d{1,2})?d(\d{1,2})$/.exec(text);
  if (dice !== null) {
    const count = dice[1] === undefined ? 1 : Number(dice[1]);
    const sides = Number(dice[2]);
    if (count < 1 || count > MAX_ATTACK_DICE) return problem(BAD, `damage rolls 1 to ${MAX_ATTACK_DICE} dice, got ${count}.`, '$.monster');
    if (!(ATTACK_DIE_SIDES as readonly number[]).includes(sides)) return problem(BAD, `damage dice are one of ${ATTACK_DIE_SIDES.map((s) => `d${s}`).join(' ')}, got d${sides}.`, '$.monster');
    return ok({ kind: 'dice', count, sides });
  }
  if (/^\d{1,3}$/.test(text) && Number(text) <= MAX_FLAT_DAMAGE) return ok({ kind: 'flat', value: Number(text) });
  return problem(BAD, `damage is dice such as 1d8 or 2d6, or a flat number 0 to ${MAX_FLAT_DAMAGE}; got ${text.slice(0, 20)}.`, '$.monster');
}

function readWhole(key: string, text: string, min: number, max: number): RuleResult<number> {
  if (!/^[+-]?\d{1,3}$/.test(text) || Number(text) < min || Number(text) > max) return problem(BAD, `${key} is a whole number from ${min} to ${max}; got ${text.slice(0, 20)}.`, '$.monster');
  return ok(Number(text));
}

/**
 * Reads a monster line, or says what to fix.
 * @example readSlamdMonster('damage=1d8,mod=+1,toughness=1') // ok({ damage: 1d8, modifier: 1, toughness: 1, con: 10, isNonlethal: false })
 */
export function readSlamdMonster(line: string): RuleResult<SlamdMonster> {
  if (line.length > MAX_MONSTER_LINE_LENGTH) return problem(BAD, `A monster line is at most ${MAX_MONSTER_LINE_LENGTH} characters, got ${line.length}.`, '$.monster');
  const t = line.trim().toLowerCase();
  if (t === '') return problem(BAD, `The foe has no monster line: ${help}.`, '$.monster');
  let damage: WeaponDamage | undefined;
  let modifier = 0;
  let toughness = 0;
  let con = DEFAULT_MONSTER_CON;
  let isNonlethal = false;
  const seen = new Set<string>();
  for (const part of t.split(/\s*[,;]\s*|\s+/).filter((p) => p !== '')) {
    const [key, value, extra] = part.split('=').map((s) => s.trim());
    if (key === undefined || extra !== undefined) return problem(BAD, `${part.slice(0, 20)} is not key=value: ${help}.`, '$.monster');
    if (seen.has(key)) return problem(BAD, `${key} is given twice in the monster line.`, '$.monster');
    seen.add(key);
    if (key === 'nonlethal' && value === undefined) {
      isNonlethal = true;
      continue;
    }
    if (value === undefined || value === '') return problem(BAD, `${key} needs a value: ${help}.`, '$.monster');
    let read: RuleResult<unknown>;
    switch (key) {
      case 'damage':
        read = readDamage(value);
        if (read.ok) damage = read.value as WeaponDamage;
        break;
      case 'mod':
        read = readWhole('mod', value, -MAX_ATTACK_MODIFIER, MAX_ATTACK_MODIFIER);
        if (read.ok) modifier = read.value as number;
        break;
      case 'toughness':
        read = readWhole('toughness', value, 0, MAX_TOUGHNESS_DICE);
        if (read.ok) toughness = read.value as number;
        break;
      case 'con':
        read = readWhole('con', value, MIN_SCORE, MAX_SCORE);
        if (read.ok) con = read.value as number;
        break;
      default:
        return problem(BAD, `Unknown key ${key.slice(0, 20)} in the monster line; the keys are damage, mod, toughness, con and nonlethal.`, '$.monster');
    }
    if (!read.ok) return read as RuleResult<never>;
  }
  if (damage === undefined) return problem(BAD, `The monster line names no damage: ${help}.`, '$.monster');
  return ok({ damage, modifier, toughness, con, isNonlethal });
}

/** The line of a foe as the tracker keeps it. */
export function writeSlamdMonster(m: SlamdMonster): string {
  const damage = m.damage.kind === 'dice' ? `${m.damage.count}d${m.damage.sides}` : String(m.damage.value);
  return [`damage=${damage}`, ...(m.modifier !== 0 ? [`mod=${m.modifier > 0 ? '+' : ''}${m.modifier}`] : []), `toughness=${m.toughness}`, `con=${m.con}`, ...(m.isNonlethal ? ['nonlethal'] : [])].join(',');
}
