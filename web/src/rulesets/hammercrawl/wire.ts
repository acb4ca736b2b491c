/**
 * HAMMERCRAWL!'s own commands and events on the table's wire (docs/protocol.md): hammer dice pools
 * (`hammer` -> `hammer-rolled`, a roll with a card in the log), Ventures (`venture` -> `venture-changed`)
 * and magick (`magick` -> `magick-changed`), read tolerantly like the rest of the protocol.
 */
import type { AckFrame, RulesetEvent, Visibility } from '../../lib/protocol.js';

/** What a `hammer-rolled` event says of the pool (HAMMERCRAWL!'s `HammerPoolRoll`, the parts shown). */
export interface HammerRollResult {
  readonly context?: 'check' | 'node';
  readonly dice: readonly { readonly colour: string; readonly face: number; readonly faceLabel: string; readonly symbols: readonly string[]; readonly isSetAside?: boolean }[];
  readonly netHammers: number;
  readonly cancelledPairs?: number;
  readonly xp?: number;
  readonly remaining?: Readonly<Record<string, number>>;
}

/** A hammer dice pool as the `hammer` command names it. */
export type HammerPoolSpec =
  | { readonly kind: 'dice'; readonly colours: readonly string[]; readonly context?: 'check' | 'node' }
  | { readonly kind: 'check'; readonly level?: number; readonly isFeat?: boolean; readonly advantages?: number; readonly disadvantages?: number; readonly stance?: 'none' | 'cautious' | 'reckless' }
  | { readonly kind: 'node'; readonly difficulty: number };

/** HAMMERCRAWL!'s commands (the `requestId` is added by the connection). */
export type HammercrawlCommand =
  | {
      readonly kind: 'hammer';
      readonly pool: HammerPoolSpec;
      readonly visibility: Visibility;
      readonly label?: string;
      readonly characterId?: string;
      readonly hammerPlus?: 'hammer' | 'set-aside' | number;
      readonly faces?: readonly number[];
    }
  /** The Smith only: a Venture command without `at` (the server's clock is used). */
  | { readonly kind: 'venture'; readonly command: Readonly<Record<string, unknown>> }
  | { readonly kind: 'magick'; readonly characterId: string; readonly command: Readonly<Record<string, unknown>> };

/** Sends one of HAMMERCRAWL!'s commands. */
export function sendCommand(session: { sendRuleset(command: HammercrawlCommand): Promise<AckFrame> }, command: HammercrawlCommand): Promise<AckFrame> {
  return session.sendRuleset(command);
}

/** The events a list of `venture-changed` events carries (the Venture module's events, faces inside), in order. */
export function ventureEvents(events: readonly RulesetEvent[]): unknown[] {
  const out: unknown[] = [];
  for (const e of events) if (e.kind === 'venture-changed' && Array.isArray(e['events'])) out.push(...(e['events'] as unknown[]));
  return out;
}

/** The magick module's events of one character, from its `magick-changed` events, in order. */
export function magickEvents(events: readonly RulesetEvent[], characterId: string): unknown[] {
  const out: unknown[] = [];
  for (const e of events) if (e.kind === 'magick-changed' && e['characterId'] === characterId && Array.isArray(e['events'])) out.push(...(e['events'] as unknown[]));
  return out;
}

/** The `result` of a `hammer-rolled` event, when it reads as one. */
export function hammerResult(e: RulesetEvent): HammerRollResult | null {
  const r = e['result'];
  if (typeof r !== 'object' || r === null) return null;
  const o = r as Record<string, unknown>;
  if (!Array.isArray(o['dice']) || typeof o['netHammers'] !== 'number') return null;
  return r as HammerRollResult;
}
