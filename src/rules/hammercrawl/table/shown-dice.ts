/**
 * The dice a HAMMERCRAWL! event shows, for "Verify the dice" (docs/protocol.md, Verifiable rolls): a
 * hammer pool's dice, one per pool die in pool order with its colour's sides (HAMMER_DIE_REF), and the
 * Check die rolled with it (H-22). Every other own kind shows its dice through the tracker or not at
 * all: null.
 */
import { HAMMER_DICE, isHammerColour } from '../hammer-dice.js';

const isRecord = (v: unknown): v is { readonly [key: string]: unknown } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The [sides, face] pairs a `hammer-rolled` body shows; an unreadable body shows a die no draw can be ([0, 0]). */
export function hammercrawlShownDice(kind: string, body: { readonly [key: string]: unknown }): readonly (readonly [number, number])[] | null {
  if (kind !== 'hammer-rolled') return null;
  const pool = body['pool'];
  const faces = body['faces'];
  if (!isRecord(pool) || !Array.isArray(pool['dice']) || !Array.isArray(faces) || faces.length !== pool['dice'].length) return [[0, 0]];
  const shown: (readonly [number, number])[] = pool['dice'].map((d, i) => {
    const colour = isRecord(d) ? d['colour'] : undefined;
    return [typeof colour === 'string' && isHammerColour(colour) ? HAMMER_DICE[colour].sides : 0, Number(faces[i])] as const;
  });
  const check = body['check'];
  if (isRecord(check) && Array.isArray(check['dice'])) for (const d of check['dice']) if (isRecord(d)) shown.push([Number(d['sides']), Number(d['face'])]);
  return shown;
}
