/**
 * What HAMMERCRAWL!'s table writes back on a character's document, so that the document stays the one
 * truth of the character: the Health and Armour Dice a tracker attack leaves (COMBAT, DAMAGE), the XP a
 * Venture awards (XP and LEVELING, CRAWL MODE), and the magick a magick command leaves, with the CON
 * over-casting burns (MAGICK; Over-Casting). Each write is a `character-saved` event with its change
 * record, which the table appends to the character's history. Rulings TC-n in docs/rulings.md.
 */
import { clip, MAX_HISTORY_SUMMARY_LENGTH } from '../../character-play.js';
import type { CharacterChangeRecord, CheckDie, ExtensionEvent, TableCharacter } from '../../rule-system.js';
import { statRow } from '../check-modifiers.js';
import { dieSides, dieText, type Character, type CharacterStats } from '../character.js';
import { characterValuesOf } from '../character-values.js';
import { featDie } from '../feat-die.js';
import { HAMMERCRAWL_CHAIN, stepDie } from '../../../dice/index.js';
import { MAX_STAT_SCORE } from '../magick/limits.js';
import { describeMagickEvent, type MagickEvent, type MagickState } from '../magick/magick-state.js';
import type { VentureEvent } from '../venture/venture.js';

/** A character document as the table holds it. */
export type CharacterDocument = TableCharacter['document'];

/** The event that saves `document` as `character`'s, with the change that made it (TC-1). */
export function characterSaved(character: TableCharacter, document: CharacterDocument, change: CharacterChangeRecord, isConsequence = false): ExtensionEvent {
  const record: CharacterChangeRecord = { ...change, summary: clip(change.summary, MAX_HISTORY_SUMMARY_LENGTH) };
  return {
    shared: 'character-saved',
    body: { character: { id: character.id, ownerId: character.ownerId, document }, change: record },
    ...(isConsequence ? { isConsequence: true as const } : {}),
  };
}

// ---- Health and Armour -------------------------------------------------------------------------------

/** A combatant's Health and Armour Dice as sides; `null` is down (Health) or none (Armour). */
export interface CombatDice {
  readonly healthDie: number | null;
  readonly armourDie: number | null;
}

/**
 * The Health and Armour Dice a character combatant fights with: the document's current ones (its
 * `health` and `armour` values; TC-2), whatever the tracker's text says. `null` Health is down, `null`
 * Armour none or destroyed.
 */
export function documentDice(document: CharacterDocument): CombatDice {
  const values = characterValuesOf(document as unknown as Character);
  const health = values.find((v) => v.role === 'health')?.value ?? null;
  const armour = values.find((v) => v.role === 'armour')?.value ?? null;
  return { healthDie: health, armourDie: armour };
}

/** The document after a hit: its Health Die (`null`: down), and its Armour Die when the hit changed it (`undefined`: unchanged). */
export function withHealthAfterHit(document: CharacterDocument, healthDie: number | null, armourDie: number | null | undefined): CharacterDocument {
  return {
    ...document,
    healthDie: healthDie === null ? null : dieText(healthDie),
    ...(armourDie !== undefined ? { armourDie: armourDie === null ? null : dieText(armourDie) } : {}),
  };
}

/** "d8", or `none` for no die. */
function dieName(sides: number | null, none: string): string {
  return sides === null ? none : `d${sides}`;
}

/** The history line of a hit: what changed, before and after ("Goblin hits Ada: Health d8 -> d6"). */
export function hitSummary(attacker: string, target: string, isCrit: boolean, before: CombatDice, after: CombatDice): string {
  const parts: string[] = [];
  if (after.healthDie !== before.healthDie) parts.push(`Health ${dieName(before.healthDie, 'down')} -> ${dieName(after.healthDie, 'down')}`);
  if (after.armourDie !== before.armourDie) parts.push(`Armour ${dieName(before.armourDie, 'none')} -> ${dieName(after.armourDie, 'destroyed')}`);
  return `${attacker} ${isCrit ? 'crits' : 'hits'} ${target}: ${parts.join(', ')}`;
}

// ---- XP ----------------------------------------------------------------------------------------------

/** The XP a document holds. */
export function xpOf(document: CharacterDocument): number {
  return (document as unknown as Character).xp;
}

/** The level a document holds. */
function levelOf(document: CharacterDocument): number {
  return (document as unknown as Character).level;
}

/** Why a Venture event gives XP, for the history line. */
function xpReason(event: VentureEvent): string | null {
  switch (event.kind) {
    case 'node-cleared':
      return `Node ${event.number} cleared`;
    case 'boss-defeated':
      return 'Boss defeated';
    case 'xp-awarded':
      return event.reason;
    default:
      return null;
  }
}

/**
 * The documents a Venture command's XP awards write (node clears, boss kills, the Smith's awards; VE-13):
 * each award's XP added to the XP the document holds, one `character-saved` per table character that
 * gained, its history line naming why and the level the total reaches (TC-3).
 */
export function ventureXpSaves(characters: readonly TableCharacter[], events: readonly VentureEvent[]): ExtensionEvent[] {
  const gains = new Map<string, { gained: number; reasons: string[]; levelByXp: number }>();
  for (const e of events) {
    const reason = xpReason(e);
    if (reason === null || !('xp' in e)) continue;
    for (const line of e.xp) {
      const g = gains.get(line.id) ?? { gained: 0, reasons: [], levelByXp: 1 };
      gains.set(line.id, { gained: g.gained + line.gained, reasons: [...g.reasons, reason], levelByXp: line.levelByXp });
    }
  }
  const out: ExtensionEvent[] = [];
  for (const [id, g] of gains) {
    const c = characters.find((x) => x.id === id);
    if (c === undefined || g.gained === 0) continue;
    const before = xpOf(c.document);
    const after = before + g.gained;
    const levelUp = g.levelByXp > levelOf(c.document) ? ` (enough for level ${g.levelByXp})` : '';
    out.push(characterSaved(c, { ...c.document, xp: after }, { id: 'xp', summary: `${g.reasons.join(', ')}: +${g.gained} XP, XP ${before} -> ${after}${levelUp}` }));
  }
  return out;
}

/** The document of a member who joins the party with XP the Smith gives over what it holds (TC-3). */
export function joinXpSave(character: TableCharacter, xp: number): ExtensionEvent | null {
  const before = xpOf(character.document);
  if (before === xp) return null;
  return characterSaved(character, { ...character.document, xp }, { id: 'xp', summary: `Joined the party with ${xp} XP (the Smith's; was ${before})`, isOverride: true });
}

// ---- magick --------------------------------------------------------------------------------------------

/** The magick a document holds, or undefined before any magick command wrote it (TC-4). */
export function magickOf(document: CharacterDocument): MagickState | undefined {
  const m = document['magick'];
  return m !== null && typeof m === 'object' ? (m as MagickState) : undefined;
}

/** The CON score a document holds now (over-casting lowers it; TC-5). */
export function conScoreOf(document: CharacterDocument): number {
  return (document as unknown as Character).stats.CON.score;
}

/** The CON burnt by over-casting that a document's CON score already shows: what its own magick says (none before magick was written on it). */
export function burntConOf(document: CharacterDocument): number {
  return magickOf(document)?.burntCon ?? 0;
}

/**
 * The document after a magick command: its `magick` (TC-4), and its CON score lowered by the CON burnt
 * to over-cast since the document last showed it, or raised by what was restored, half-stat and mod from
 * the stat table (TC-5). `null` when the burn would take CON below the stat table (the command is
 * refused). A restore stops at the top of the stat table.
 */
export function withMagick(document: CharacterDocument, after: MagickState): CharacterDocument | null {
  const written = { ...document, magick: after };
  const burnt = after.burntCon - burntConOf(document);
  if (burnt === 0) return written;
  const stats = (document as unknown as Character).stats;
  const score = Math.min(MAX_STAT_SCORE, stats.CON.score - burnt);
  if (score < 1) return null;
  const row = statRow(score);
  const CON = { score, half: row.halfStat, mod: row.mod };
  return { ...written, stats: { ...stats, CON } satisfies CharacterStats };
}

/** The dice a magick command's events record: forget checks, Mana-burn re-rolls, random draws, a night's sleep, a concentration Test. */
export function magickDice(events: readonly MagickEvent[], state: MagickState): CheckDie[] {
  const out: CheckDie[] = [];
  const die = (sides: number, face: number | null, role: string) => {
    if (face !== null) out.push({ sides, face, isKept: true, role });
  };
  for (const e of events) {
    switch (e.kind) {
      case 'forget-checked':
        die(e.die, e.face, `forget check (${e.spellId})`);
        break;
      case 'spell-forgotten':
        if (e.draw !== null) die(e.draw.of, e.draw.face, 'spell drawn to forget');
        break;
      case 'mana-burn-checked':
        if (e.draw !== null) die(e.draw.of, e.draw.face, 'spell drawn for Mana-burn');
        die(e.die, e.face, `Mana-burn re-roll (${e.spellId})`);
        break;
      case 'night-rest-rolled':
        die(e.die, e.face, "night's sleep");
        break;
      case 'concentration-tested': {
        const sides = dieSides(e.dice[0] ?? '');
        if (sides !== null) die(sides, e.natural, 'concentration');
        if (e.featRoll !== null && state.caster !== null) die(featDie(state.caster.level, 'normal'), e.featRoll, 'Feat Die');
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** The history line and explanation of a magick command ("cast sleep (effect 1, level 1); sleep: d4 rolled 3 against level 1: kept"). */
export function magickChange(events: readonly MagickEvent[], state: MagickState): CharacterChangeRecord {
  const lines = events.map(describeMagickEvent);
  const dice = magickDice(events, state);
  return { id: 'magick', summary: `Magick: ${lines.join('; ')}`, explanation: lines, ...(dice.length > 0 ? { dice } : {}) };
}

// ---- hammer dice ---------------------------------------------------------------------------------------

/** The Health Die `steps` steps below `healthDie` (d3 and below: down, `null`); a down character stays down. */
export function healthAfterSteps(healthDie: number | null, steps: number): number | null {
  let die = healthDie;
  for (let i = 0; i < steps && die !== null; i++) {
    const next = stepDie(HAMMERCRAWL_CHAIN, die, -1, 'negate');
    die = next.dice.length === 0 ? null : next.dice[0]!;
  }
  return die;
}

/**
 * What a public hammer Check writes on its acting character (H-19): each teardrop steps the Health Die
 * down once at once (a teardrop on a d3 takes the character down), and the Check's XP is added. `null`
 * when nothing changes (no teardrop, no XP).
 */
export function hammerCheckSave(character: TableCharacter, title: string, teardrops: number, xp: number): ExtensionEvent | null {
  if (teardrops === 0 && xp === 0) return null;
  const before = documentDice(character.document);
  const after = healthAfterSteps(before.healthDie, teardrops);
  const parts: string[] = [];
  let document = character.document;
  if (teardrops > 0) {
    if (after !== before.healthDie) document = withHealthAfterHit(document, after, undefined);
    const steps = `${teardrops} ${teardrops === 1 ? 'teardrop' : 'teardrops'}`;
    parts.push(before.healthDie === null ? `${steps}, already down` : `${steps}: Health ${dieName(before.healthDie, 'down')} -> ${dieName(after, 'down')}`);
  }
  if (xp > 0) {
    const xpBefore = xpOf(document);
    document = { ...document, xp: xpBefore + xp };
    parts.push(`+${xp} XP, XP ${xpBefore} -> ${xpBefore + xp}`);
  }
  if (document === character.document) return null;
  return characterSaved(character, document, { id: 'hammer', summary: `${title}: ${parts.join(', ')}` });
}
