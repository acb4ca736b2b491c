/**
 * What a HAMMERCRAWL! combat tracker holds for a combatant (`RuleSystem.readTrackerValue`): Health is a
 * Health Die of the chain ("d8") or "down", Armour an Armour Die of the chain or "none", and the Smith's
 * monster line (`hd=2,attack=+3,defense=12,damage=d6`) must read as one. A Health or Armour left empty
 * takes the monster line's die (HAMMERSMITH ACTIONS: a monster's Health Die from its HD), so the Smith
 * sees from the start the die the tracker's attacks roll. Rules: HAMMERCRAWL! v4, COMBAT.
 */
import { HAMMERCRAWL_CHAIN } from '../../../dice/dice-chain.js';
import { ok, problem, type RuleResult, type TrackerField, type TrackerSubject } from '../../rule-system.js';
import { monsterHealthDie } from '../combat/fighter.js';
import { parseMonsterSpec } from '../combat/monster-spec.js';

/** The chain's dice as the tracker writes them: "d3, d4 ... d30". */
const CHAIN_TEXT = HAMMERCRAWL_CHAIN.sides.map((s) => `d${s}`).join(', ');

/** A combatant's monster line as the tracker's attacks read it (its own name does not matter here). */
function monsterOf(line: string) {
  return parseMonsterSpec(`monster:${line}`);
}

/** A die of the chain ("d8"), the word for none, or why the text is neither. */
function readDie(text: string, field: 'health' | 'armour'): RuleResult<string> {
  const t = text.trim().toLowerCase();
  const none = field === 'health' ? 'down' : 'none';
  const label = field === 'health' ? 'Health' : 'Armour';
  if (t === none || t === '-') return ok(none);
  const m = /^d(\d{1,6})$/.exec(t);
  const shown = text.trim().length > 20 ? `${text.trim().slice(0, 20)}…` : text.trim();
  if (m === null) return problem(`combat/bad-${field}`, `${label} is a die of the chain (${CHAIN_TEXT}) or ${none}; got ${shown}.`);
  const sides = Number(m[1]);
  if (!(HAMMERCRAWL_CHAIN.sides as readonly number[]).includes(sides)) {
    return problem(`combat/bad-${field}`, `d${sides} is not a die of the chain: ${label} is one of ${CHAIN_TEXT}, or ${none}.`);
  }
  return ok(`d${sides}`);
}

/**
 * The text the tracker keeps for a HAMMERCRAWL! combatant's field, or why it cannot.
 * @example readHammercrawlTrackerValue('health', '', { monster: 'hd=3,attack=+2,defense=12,damage=d6' }) // ok('d8')
 */
export function readHammercrawlTrackerValue(field: TrackerField, text: string, combatant: TrackerSubject): RuleResult<string> {
  if (field === 'monster') {
    const line = text.trim();
    if (line === '') return ok('');
    const parsed = monsterOf(line);
    if (!parsed.ok) return problem('combat/bad-monster', `The monster line does not read: ${parsed.problem.message.replace(/^monster 'monster': /, '')}.`);
    return ok(line);
  }
  if (text.trim() !== '') return readDie(text, field);
  // Left empty: the die the monster line gives, which is what an attack on it rolls.
  const line = combatant.monster?.trim() ?? '';
  if (line === '') return ok('');
  const parsed = monsterOf(line);
  if (!parsed.ok) return ok('');
  if (field === 'health') return ok(`d${parsed.spec.healthDie ?? monsterHealthDie(parsed.spec.hd)}`);
  return ok(parsed.spec.armourDie !== undefined ? `d${parsed.spec.armourDie}` : '');
}
