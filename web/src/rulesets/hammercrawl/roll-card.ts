/**
 * The log card of a hammer dice roll (`hammer-rolled`, and a Venture's node pool): each die's face, the
 * net hammers, what is left to resolve, XP. The registry's `rollCard` for HAMMERCRAWL!.
 */
import type { CardBody } from '../../lib/describe.js';
import type { RulesetRollEvent } from '../../lib/protocol.js';
import { eventOfKind, hammerResult, type HammerRollResult } from './wire.js';

/** A rolled hammer dice pool as a card's body. */
export function hammerPoolBody(r: HammerRollResult | null, title: string, isPhysical: boolean): CardBody {
  const net = r?.netHammers ?? null;
  const lines: string[] = [];
  if (r?.cancelledPairs) lines.push(`${r.cancelledPairs} hammer/crossblades ${r.cancelledPairs === 1 ? 'pair' : 'pairs'} cancelled`);
  if (r?.remaining) {
    const rest = Object.entries(r.remaining).filter(([k, n]) => n > 0 && k !== 'hammer' && k !== 'crossblades');
    if (rest.length > 0) lines.push(`To resolve: ${rest.map(([k, n]) => `${n} ${k}`).join(', ')}`);
  }
  if (r?.xp) lines.push(`XP +${r.xp}`);
  return {
    isPhysical,
    title,
    detail: r ? `${r.dice.length} hammer ${r.dice.length === 1 ? 'die' : 'dice'}` : null,
    dice: (r?.dice ?? []).map((d) => ({ die: d.colour, value: d.faceLabel || String(d.face), isKept: d.isSetAside !== true, note: d.isSetAside ? 'set aside' : null })),
    lines,
    total: net,
    totalLabel: 'Net hammers',
    outcome:
      net === null
        ? null
        : net > 0
          ? { id: 'success', label: `${net} net ${net === 1 ? 'hammer' : 'hammers'}` }
          : net < 0
            ? { id: 'failure', label: `${-net} net crossblades` }
            : { id: 'even', label: 'No net hammers' },
  };
}

/** The card of a HAMMERCRAWL! roll; null for another kind. */
export function hammercrawlRollCard(e: RulesetRollEvent): CardBody | null {
  const h = eventOfKind(e, 'hammer-rolled');
  if (h === null || h.redacted === true) return null;
  const r = hammerResult(h);
  return hammerPoolBody(r, h.label ?? (r?.context === 'node' ? 'Node pool' : 'Hammer dice'), h.isPhysical === true);
}
