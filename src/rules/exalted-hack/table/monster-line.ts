/**
 * A foe's monster line in an Exalted Hack tracker: what its attacks do, since a foe rolls nothing (the
 * protagonists roll to hit it and to defend against it; ruling EH-35). `damage=d8+1` is its damage die
 * and bonus (d6 when left out, EH-15), `powerful` halves the protagonists' rolls against it (Powerful
 * NPCs), `magical` makes its damage magical (Armor). Its HP and armour are the tracker's Health and Armour.
 * Rules: The Exalted Hack, Attacking, Defending and Damage; Weapons; Armor; Powerful NPCs.
 */
import { ok, problem, type RuleResult } from '../../rule-system.js';
import { DAMAGE_DICE, DEFAULT_DAMAGE_DIE } from '../data/weapons.js';

/** Largest flat bonus a foe's damage takes (a project limit: a heavy weapon adds 2, a giant more). */
export const MAX_MONSTER_DAMAGE_BONUS = 20;

/** Longest monster line read (a project limit; the tracker's own limit is longer). */
export const MAX_MONSTER_LINE_LENGTH = 80;

/** A foe as its monster line says. */
export interface MonsterLine {
  readonly die: number;
  readonly bonus: number;
  readonly isPowerful: boolean;
  readonly isMagical: boolean;
}

/** The line of a foe with no line: a d6, not powerful, not magical (EH-15). */
export const PLAIN_MONSTER: MonsterLine = { die: DEFAULT_DAMAGE_DIE, bonus: 0, isPowerful: false, isMagical: false };

const FORM = 'A monster line is damage=d8+1, with "powerful" or "magical" after a comma where they apply (such as damage=d10+2, powerful)';

/**
 * Reads a monster line; empty is a plain d6 foe. Every problem says what is read.
 * @example readMonsterLine('Damage = D8+1 , Powerful') // ok({ die: 8, bonus: 1, isPowerful: true, isMagical: false })
 */
export function readMonsterLine(text: string): RuleResult<MonsterLine> {
  const t = text.trim().toLowerCase();
  if (t.length > MAX_MONSTER_LINE_LENGTH) return problem('combat/bad-monster', `A monster line is at most ${MAX_MONSTER_LINE_LENGTH} characters; got ${t.length}.`);
  let line = PLAIN_MONSTER;
  if (t === '') return ok(line);
  const seen = new Set<string>();
  for (const raw of t.split(',')) {
    const part = raw.trim().replace(/\s+/g, '');
    const key = part.split('=')[0]!;
    if (seen.has(key)) return problem('combat/bad-monster', `${FORM}; "${key}" is given twice.`);
    seen.add(key);
    const m = /^damage=d(\d+)(?:\+(\d+))?$/.exec(part);
    if (m !== null) {
      const die = Number(m[1]);
      const bonus = m[2] === undefined ? 0 : Number(m[2]);
      if (!(DAMAGE_DICE as readonly number[]).includes(die)) return problem('combat/bad-monster', `A foe's damage die is one of ${DAMAGE_DICE.map((d) => `d${d}`).join(', ')}; got d${die}.`);
      if (bonus > MAX_MONSTER_DAMAGE_BONUS) return problem('combat/bad-monster', `A foe's damage bonus is at most +${MAX_MONSTER_DAMAGE_BONUS}; got +${bonus}.`);
      line = { ...line, die, bonus };
    } else if (part === 'powerful') line = { ...line, isPowerful: true };
    else if (part === 'magical') line = { ...line, isMagical: true };
    else return problem('combat/bad-monster', `${FORM}; got "${part.slice(0, 20)}".`);
  }
  return ok(line);
}

/** A monster line written the one way the tracker keeps it: `damage=d8+1,powerful`. */
export function monsterLineText(m: MonsterLine): string {
  return [`damage=d${m.die}${m.bonus > 0 ? `+${m.bonus}` : ''}`, ...(m.isPowerful ? ['powerful'] : []), ...(m.isMagical ? ['magical'] : [])].join(',');
}
