/**
 * The log card of a hammer dice roll (`hammer-rolled`, and a Venture's node pool): each die's face, the
 * net hammers, what is left to resolve, XP. The registry's `rollCard` for HAMMERCRAWL!.
 */
import type { CardBody } from '../../lib/describe.js';
import type { RulesetRollEvent } from '../../lib/protocol.js';
import { effectsFor } from '../../../../src/rules/hammercrawl/hammer-pools.js';
import type { EffectPick } from '../../../../src/rules/hammercrawl/table/hammer-apply.js';
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
  if (e.kind === 'hammer-effects-chosen') return hammerPicksCard(e);
  const h = eventOfKind(e, 'hammer-rolled');
  if (h === null || h.redacted === true) return null;
  const r = hammerResult(h);
  const body = hammerPoolBody(r, h.label ?? (r?.context === 'node' ? 'Node pool' : 'Hammer dice'), h.isPhysical === true);
  const extra: string[] = [];
  // The Check die rolled with the pool (H-22).
  const check = h.check;
  if (check && typeof check.total === 'number') extra.push(`Check: ${check.description}: ${check.total}, ${check.label}`);
  if (typeof h.spentBanked === 'number' && h.spentBanked > 0) extra.push(`${h.spentBanked} set-aside ${h.spentBanked === 1 ? 'die' : 'dice'} spent`);
  if (r && Array.isArray(r.banked) && r.banked.length > 0) extra.push(`${r.banked.length} hammer+ set aside for a later Check`);
  if (h.isApplied === true) extra.push('Written on the character: teardrops and XP');
  else if (h.characterId !== undefined && h.visibility !== 'public' && r?.context === 'check') extra.push('Secret: not written on the character');
  return extra.length === 0 ? body : { ...body, lines: [...body.lines, ...extra] };
}

/** The card of the picks for a roll's symbols (H-21): each pick's effect by name. */
export function hammerPicksCard(e: RulesetRollEvent): CardBody | null {
  const c = eventOfKind(e, 'hammer-effects-chosen');
  if (c === null || c.redacted === true || !Array.isArray(c.picks)) return null;
  const table = effectsFor('check');
  const picks = c.picks as readonly EffectPick[];
  const lines = picks.map((p) => {
    const effect = table[p.symbol]?.choices.find((x) => x.id === p.effect) ?? effectsFor('node')[p.symbol]?.choices.find((x) => x.id === p.effect);
    return `${p.symbol}: ${effect?.label ?? p.effect}`;
  });
  return { isPhysical: false, title: `Effects chosen${c.label ? `: ${c.label}` : ''}`, detail: null, dice: [], lines, total: null, outcome: null };
}
