/**
 * The combat tracker as the page shows it, read from the server's `CombatState` (src/table/combat.ts),
 * tolerantly (the protocol grows by addition): combatants in acting order, whose turn, the round.
 */

import type { CharacterSummary, RulesetCharacter } from '../../../src/rules/rule-system.js';
import type { RuleSystem } from '../../../src/rules/rule-system.js';
import { checkFields, type CombatantFields } from '../../../src/table/combat.js';
import { MAX_COMBATANT_SCORE } from '../../../src/table/limits.js';
import type { CombatAction, TableCharacter } from './protocol.js';

/** One combatant as shown. */
export interface Combatant {
  readonly id: string;
  readonly characterId: string | null;
  readonly name: string;
  readonly side: 'party' | 'foes';
  readonly health: string;
  readonly armour: string;
  readonly conditions: readonly string[];
  readonly isDown: boolean;
  /** The Smith's monster line, for the attacks of a ruleset that resolves them in the tracker, or null. */
  readonly monster: string | null;
  /** The Smith's combatant as a player sees it: its Health, Armour and monster line are the Smith's (ruling TB-17). */
  readonly isHidden: boolean;
  /** The Smith shows this combatant's numbers to the players (ruling TB-17). */
  readonly isRevealed: boolean;
  /** Scores the Smith gave it for initiative, by attribute id (a character's come from its sheet). */
  readonly stats: Readonly<Record<string, number>>;
  /** It leads its side (rulesets whose leaders roll for the side). */
  readonly isLeader: boolean;
}

/** The tracker as shown. */
export interface CombatView {
  readonly isActive: boolean;
  readonly combatants: readonly Combatant[];
  readonly currentId: string | null;
  readonly round: number;
  /** How the last initiative roll came about, one line each. */
  readonly initiative: readonly string[];
}

const EMPTY: CombatView = { isActive: false, combatants: [], currentId: null, round: 0, initiative: [] };

/** Reads the server's tracker; anything unreadable shows as no fight. */
export function readCombat(raw: unknown): CombatView {
  if (typeof raw !== 'object' || raw === null) return EMPTY;
  const o = raw as Record<string, unknown>;
  const list = Array.isArray(o['combatants']) ? (o['combatants'] as unknown[]) : [];
  const combatants: Combatant[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const c = item as Record<string, unknown>;
    if (typeof c['id'] !== 'string') continue;
    combatants.push({
      id: c['id'],
      name: typeof c['name'] === 'string' ? c['name'] : c['id'],
      characterId: typeof c['characterId'] === 'string' ? c['characterId'] : null,
      side: c['side'] === 'party' ? 'party' : 'foes',
      health: typeof c['health'] === 'string' ? c['health'] : '',
      armour: typeof c['armour'] === 'string' ? c['armour'] : '',
      conditions: Array.isArray(c['conditions']) ? c['conditions'].filter((x): x is string => typeof x === 'string') : [],
      isDown: c['isDown'] === true,
      monster: typeof c['monster'] === 'string' && c['monster'] !== '' ? c['monster'] : null,
      isHidden: c['isHidden'] === true,
      isRevealed: c['isRevealed'] === true,
      stats: readScores(c['stats']),
      isLeader: c['isLeader'] === true,
    });
  }
  const order = Array.isArray(o['order']) ? (o['order'] as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  combatants.sort((a, b) => rank(a.id) - rank(b.id));
  const turn = o['turn'];
  const currentId = typeof turn === 'number' ? (order[turn] ?? null) : null;
  const ini = o['initiative'];
  const initiative =
    typeof ini === 'object' && ini !== null && Array.isArray((ini as { explanation?: unknown }).explanation)
      ? ((ini as { explanation: unknown[] }).explanation.filter((x) => typeof x === 'string') as string[])
      : [];
  return { isActive: o['isActive'] === true, combatants, currentId, round: typeof o['round'] === 'number' ? o['round'] : 0, initiative };
}

function readScores(raw: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'number' && Number.isInteger(v)) out[k] = v;
  return out;
}

/** A score the add form asks for: the attribute's id and its label. */
export interface ScoreField {
  readonly id: string;
  readonly label: string;
}

/**
 * The scores the tracker's add form asks of a monster: those the ruleset's initiative reads
 * (`RuleSystem.initiativeReads`), labelled as the ruleset labels its attributes. None without it.
 * @example scoreFields(bareBones) // [{ id: 'wis', label: 'Wisdom' }]
 */
export function scoreFields(rules: Pick<RuleSystem, 'attributes' | 'initiativeReads'> | null): ScoreField[] {
  const reads = rules?.initiativeReads;
  if (reads === undefined) return [];
  return reads.stats.map((id) => ({ id, label: rules?.attributes.find((a) => a.id === id)?.label ?? id }));
}

/**
 * The `stats` of an add or update from the scores as typed (empty ones left out), or the problem with
 * the first one that is not a whole number within `MAX_COMBATANT_SCORE` (the table's own limit).
 * @example readScoreFields([{ id: 'wis', label: 'Wisdom' }], { wis: ' 12 ' }) // { ok: true, stats: { wis: 12 } }
 */
export function readScoreFields(
  fields: readonly ScoreField[],
  typed: Readonly<Record<string, string>>,
): { readonly ok: true; readonly stats: Record<string, number> } | { readonly ok: false; readonly id: string; readonly message: string } {
  const stats: Record<string, number> = {};
  for (const f of fields) {
    const t = (typed[f.id] ?? '').trim();
    if (t === '') continue;
    if (!/^-?\d+$/.test(t)) return { ok: false, id: f.id, message: `${f.label} is a whole number, such as 12; got ${t.slice(0, 12)}.` };
    const n = Number(t);
    if (Math.abs(n) > MAX_COMBATANT_SCORE) return { ok: false, id: f.id, message: `${f.label} is at most ${MAX_COMBATANT_SCORE} either way; got ${t.slice(0, 12)}.` };
    stats[f.id] = n;
  }
  return { ok: true, stats };
}

/** A change to the tracker every table has: the `combat` command's `action` (a ruleset's own: `RulesetCombatAction`). */
export type { CombatAction };

/**
 * `add` actions for the table's characters not yet in the tracker, with Health and Armour from the
 * ruleset's summary trackers (any tracker whose id or label says health / armour).
 */
export function partyCombatants(
  rs: { readCharacter(json: unknown): { ok: true; value: RulesetCharacter } | { ok: false }; summarize(c: RulesetCharacter): CharacterSummary },
  characters: readonly TableCharacter[],
  current: CombatView,
): CombatAction[] {
  const out: CombatAction[] = [];
  for (const c of characters) {
    if (current.combatants.some((x) => x.characterId === c.id)) continue;
    const r = rs.readCharacter(c.document);
    if (!r.ok) continue;
    const s = rs.summarize(r.value);
    // The ruleset says which of its summary lines are Health and Armour (`SheetTracker.role`).
    const health = s.trackers.find((t) => t.role === 'health')?.value;
    const armour = s.trackers.find((t) => t.role === 'armour')?.value;
    out.push({
      type: 'add',
      name: s.name.slice(0, 40),
      side: 'party',
      characterId: c.id,
      ...(health !== undefined ? { health: health.slice(0, 40) } : {}),
      ...(armour !== undefined && armour !== 'none' ? { armour: armour.slice(0, 40) } : {}),
    });
  }
  return out;
}

/** The update that adds a condition (none twice). */
export function withCondition(c: Combatant, condition: string): CombatAction {
  const t = condition.trim();
  return { type: 'update', combatantId: c.id, conditions: c.conditions.includes(t) ? c.conditions : [...c.conditions, t] };
}

/** The update that removes a condition. */
export function withoutCondition(c: Combatant, condition: string): CombatAction {
  return { type: 'update', combatantId: c.id, conditions: c.conditions.filter((x) => x !== condition) };
}

/** The order with the combatant at `index` moved one place (`-1` earlier, `1` later); null at an end. */
export function moveInOrder(order: readonly string[], index: number, d: -1 | 1): string[] | null {
  const j = index + d;
  if (index < 0 || index >= order.length || j < 0 || j >= order.length) return null;
  const out = order.slice();
  [out[index], out[j]] = [out[j]!, out[index]!];
  return out;
}

/** A tracker attack as the `combat-changed` event reports it (a ruleset that resolves attacks there). */
export interface AttackNote {
  readonly seq: number;
  readonly attackerId: string;
  readonly targetId: string;
  readonly isHit: boolean;
  readonly isCrit: boolean;
  /** Each roll explained. */
  readonly lines: readonly string[];
  /** The server's one-line summary ("Ash hits Goblin: Health d6."). */
  readonly summary: string;
}

/** Reads the `attack` of a `combat-changed` event; null when there is none or it is unreadable. */
export function readAttack(seq: number, raw: unknown, summary: unknown): AttackNote | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  if (typeof o['attackerId'] !== 'string' || typeof o['targetId'] !== 'string') return null;
  return {
    seq,
    attackerId: o['attackerId'],
    targetId: o['targetId'],
    isHit: o['isHit'] === true,
    isCrit: o['isCrit'] === true,
    lines: Array.isArray(o['lines']) ? o['lines'].filter((x): x is string => typeof x === 'string') : [],
    summary: typeof summary === 'string' ? summary : '',
  };
}

/**
 * Who may attack with a combatant: the Smith with anyone; a player only with a combatant that is
 * one of their own characters.
 */
export function mayAttackWith(c: Combatant, you: { readonly id: string; readonly role: string } | null, characters: readonly TableCharacter[]): boolean {
  if (you === null || c.isDown) return false;
  if (you.role === 'smith') return true;
  if (you.role !== 'player' || c.characterId === null) return false;
  return characters.some((x) => x.id === c.characterId && x.ownerId === you.id);
}

/**
 * A hint when a Health or Armour field holds a die the table's chain does not have ("d9"), else null.
 * Only a plain die (`d9`, `2d9`) is looked at; numbers and other text are left alone.
 */
export function dieHint(value: string, sides: readonly number[]): string | null {
  const m = /^\s*\d*d(\d+)\s*$/i.exec(value);
  if (!m || sides.length === 0) return null;
  const n = Number(m[1]);
  return sides.includes(n) ? null : `d${n} is not a die of this table's chain (${sides.map((s) => `d${s}`).join(', ')}).`;
}

/**
 * Who an attacker aims at unless the player picks: the one picked while they are still in the fight
 * (not down, not removed), else the first foe of the attacker in the order, else anyone else standing.
 * An ally is never the default while a foe stands; added foes are taken up as they come.
 * @example defaultTarget(ash, combatants, null) // the first standing foe of Ash's side
 */
export function defaultTarget(attacker: Pick<Combatant, 'id' | 'side'>, combatants: readonly Combatant[], picked: string | null): Combatant | undefined {
  const targets = attackTargets(attacker, combatants);
  return targets.find((c) => c.id === picked) ?? targets[0];
}

/**
 * Those an attacker may aim at where the rules let a fighter strike their own side: foes of its side
 * first (in the order), then the rest standing. Where they do not, `foeTargets`.
 */
export function attackTargets(attacker: Pick<Combatant, 'id' | 'side'>, combatants: readonly Combatant[]): Combatant[] {
  const standing = combatants.filter((c) => c.id !== attacker.id && !c.isDown);
  return [...standing.filter((c) => c.side !== attacker.side), ...standing.filter((c) => c.side === attacker.side)];
}

/**
 * Those an attacker may aim at where the rules give no attack on one's own side: the standing
 * combatants of the other side, in the order. Empty once every foe is down (no one left to attack).
 * @example foeTargets(ash, [ash, bo, goblinDown]) // []
 */
export function foeTargets(attacker: Pick<Combatant, 'id' | 'side'>, combatants: readonly Combatant[]): Combatant[] {
  return combatants.filter((c) => c.id !== attacker.id && !c.isDown && c.side !== attacker.side);
}

/** The target of a list an attacker aims at unless the player picks: the one picked while it is in the list, else the first. */
export function pickTarget(targets: readonly Combatant[], picked: string | null): Combatant | undefined {
  return targets.find((c) => c.id === picked) ?? targets[0];
}

/**
 * Why the viewer may not attack with a combatant now, or null when they may: the Smith may always act;
 * a player attacks with their combatant on its turn of a fight under way (a ruleset's defence against
 * another's attack is not an attack, and is not held back by this).
 * @example turnProblem(ash, { isActive: true, currentId: 'gob', combatants }, player) // "It is Goblin's turn: Ash attacks on their own."
 */
export function turnProblem(c: Pick<Combatant, 'id' | 'name'>, view: Pick<CombatView, 'isActive' | 'currentId' | 'combatants'>, you: { readonly role: string } | null): string | null {
  if (you !== null && you.role === 'smith') return null;
  if (!view.isActive) return `The fight has not started: ${c.name} attacks on their turn.`;
  if (view.currentId === c.id) return null;
  const acting = view.combatants.find((x) => x.id === view.currentId);
  return acting === undefined ? `${c.name} attacks on their turn.` : `It is ${acting.name}'s turn: ${c.name} attacks on their own.`;
}

/** A field of a combatant the tracker's form shows a problem at. */
export type CombatantField = 'name' | 'health' | 'armour' | 'monster' | 'conditions';

/** A problem with one field of a combatant: what the page shows at that field. */
export interface FieldProblem {
  readonly field: CombatantField | null;
  readonly message: string;
}

/** The field a problem's path names in a `combat` command (`$.action.health`), or null. */
export function fieldOfPath(path: string | undefined): CombatantField | null {
  const m = path === undefined ? null : /^\$\.action\.(name|health|armour|monster|conditions)\b/.exec(path);
  return m === null ? null : (m[1] as CombatantField);
}

/**
 * What the table refuses in a combatant's fields, asked before sending with the table's own check
 * (`checkFields`, src/table/combat.ts: the ruleset's `readTrackerValue`), or null when they are fine.
 */
export function combatantProblem(rules: Pick<RuleSystem, 'readTrackerValue'> | null, fields: CombatantFields, current?: Pick<Combatant, 'monster'>): FieldProblem | null {
  if (rules === null) return null;
  const r = checkFields(rules, fields, current === undefined ? undefined : { monster: current.monster ?? undefined });
  return r.ok ? null : { field: fieldOfPath(r.error.path), message: r.error.message };
}

/** What a Health or Armour field of the tracker suggests: the dice of the chain the ruleset takes there, and an example. */
export interface FieldSuggestions {
  readonly dice: readonly string[];
  readonly example: string;
}

/** Examples tried for a field that takes no die: what is left of a maximum, a count. */
const COUNT_EXAMPLES = ['10/10', '12', '3'] as const;

/**
 * The suggestions of a Health or Armour field, asked of the table's ruleset (`readTrackerValue`): the
 * chain's dice it takes there (a middle one as the example), else the first count it takes ("10/10").
 * A ruleset that reads no tracker fields gets its chain's dice.
 */
export function fieldSuggestions(rules: Pick<RuleSystem, 'readTrackerValue' | 'chain'> | null, field: 'health' | 'armour'): FieldSuggestions {
  if (rules === null) return { dice: [], example: '' };
  const takes = (text: string) => {
    const r = rules.readTrackerValue?.(field, text, {});
    return r === undefined || (r.ok && r.value !== '');
  };
  const dice = rules.chain.sides.map((s) => `d${s}`).filter(takes);
  const pick = dice[Math.min(dice.length - 1, field === 'health' ? 3 : 1)];
  return { dice, example: pick ?? COUNT_EXAMPLES.find(takes) ?? '' };
}
