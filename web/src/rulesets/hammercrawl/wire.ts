/**
 * HAMMERCRAWL!'s own commands and events on the table's wire (docs/protocol.md): hammer dice pools
 * (`hammer` -> `hammer-rolled`, a roll with a card in the log), Ventures (`venture` -> `venture-changed`),
 * magick (`magick` -> `magick-changed`) and the tracker's `attack`. Their types are the ruleset's own,
 * imported as types: the commands its table extension reads (`HammercrawlTableCommand`), the bodies it
 * makes (`HammercrawlEventBodies`) as the server projects them.
 */
import type { HammercrawlEventBodies } from '../../../../src/rules/hammercrawl/table/extension.js';
import type { HammercrawlTableCommand } from '../../../../src/rules/hammercrawl/table/read-command.js';
import type { AckFrame, ProjectedEvents, RulesetEvent, WithoutRequestId } from '../../lib/protocol.js';
import type { RulesetSession } from '../types.js';

export type { HammerPoolRequest, TableMagickCommand, TableVentureCommand } from '../../../../src/rules/hammercrawl/table/commands.js';
export type { TrackerAttackAction } from '../../../../src/rules/hammercrawl/table/read-command.js';

/** HAMMERCRAWL!'s commands (the `requestId` is added by the connection). */
export type HammercrawlCommand = WithoutRequestId<HammercrawlTableCommand>;

/** HAMMERCRAWL!'s events as a viewer receives them (a secret `hammer-rolled` redacted). */
export type HammercrawlEvent = ProjectedEvents<HammercrawlEventBodies>;

/** One kind of HAMMERCRAWL!'s events. */
export type HammercrawlEventOf<K extends HammercrawlEvent['kind']> = Extract<HammercrawlEvent, { readonly kind: K }>;

/** What a `hammer-rolled` event says of the pool (HAMMERCRAWL!'s `HammerPoolRoll`). */
export type HammerRollResult = HammercrawlEventBodies['hammer-rolled']['result'];

/** The Venture module's events, as `venture-changed` carries them. */
export type VentureEvent = HammercrawlEventBodies['venture-changed']['events'][number];

/** The magick module's events, as `magick-changed` carries them. */
export type MagickEvent = HammercrawlEventBodies['magick-changed']['events'][number];

/** Sends one of HAMMERCRAWL!'s commands. */
export function sendCommand(session: Pick<RulesetSession, 'sendRuleset'>, command: HammercrawlCommand): Promise<AckFrame> {
  return session.sendRuleset(command);
}

/** The event as one of HAMMERCRAWL!'s of kind `kind` (the server made it with the ruleset's extension), or null. */
export function eventOfKind<K extends HammercrawlEvent['kind']>(e: RulesetEvent, kind: K): HammercrawlEventOf<K> | null {
  return e.kind === kind ? (e as unknown as HammercrawlEventOf<K>) : null;
}

/** The events a list of `venture-changed` events carries (the Venture module's events, faces inside), in order. */
export function ventureEvents(events: readonly RulesetEvent[]): VentureEvent[] {
  const out: VentureEvent[] = [];
  for (const e of events) {
    const v = eventOfKind(e, 'venture-changed');
    if (v !== null && Array.isArray(v.events)) out.push(...v.events);
  }
  return out;
}

/** The magick module's events of one character, from its `magick-changed` events, in order. */
export function magickEvents(events: readonly RulesetEvent[], characterId: string): MagickEvent[] {
  const out: MagickEvent[] = [];
  for (const e of events) {
    const m = eventOfKind(e, 'magick-changed');
    if (m !== null && m.characterId === characterId && Array.isArray(m.events)) out.push(...m.events);
  }
  return out;
}

/** The `result` of a whole `hammer-rolled` event, when it reads as one. */
export function hammerResult(e: RulesetEvent): HammerRollResult | null {
  const h = eventOfKind(e, 'hammer-rolled');
  if (h === null || h.redacted === true) return null;
  const r: unknown = h.result;
  if (typeof r !== 'object' || r === null) return null;
  const o = r as Record<string, unknown>;
  if (!Array.isArray(o['dice']) || typeof o['netHammers'] !== 'number') return null;
  return h.result;
}
