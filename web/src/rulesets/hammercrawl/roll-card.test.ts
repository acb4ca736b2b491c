import { describe, expect, it } from 'vitest';
import { rollCard } from '../../lib/describe.js';
import type { RollEvent } from '../../lib/protocol.js';
import { web } from './index.js';
import { hammercrawlRollCard } from './roll-card.js';

const names = (id: string | null) => (id === 'm1' ? 'Ann' : 'someone');

describe('hammer dice cards', () => {
  const e: RollEvent = {
    kind: 'hammer-rolled',
    seq: 10,
    at: 0,
    by: 'm1',
    visibility: 'public',
    result: {
      context: 'check',
      dice: [
        { colour: 'white', face: 1, faceLabel: 'hammer', symbols: ['hammer'] },
        { colour: 'purple', face: 3, faceLabel: 'crossblades', symbols: ['crossblades'] },
        { colour: 'blue', face: 2, faceLabel: 'hammer + falcon', symbols: ['hammer', 'falcon'] },
      ],
      netHammers: 1,
      cancelledPairs: 1,
      xp: 1,
      remaining: { hammer: 1, falcon: 1, crossblades: 0, skull: 0 },
    },
  };

  it('shows each die\'s face, the net hammers, what is left to resolve, XP', () => {
    const c = rollCard(e, names, undefined, web.rollCard);
    expect(c).toMatchObject({ who: 'Ann', title: 'Hammer dice', detail: '3 hammer dice', total: 1, totalLabel: 'Net hammers', outcome: { id: 'success', label: '1 net hammer' } });
    expect(c.dice[2]).toEqual({ die: 'blue', value: 'hammer + falcon', isKept: true, note: null });
    expect(c.lines).toEqual(['1 hammer/crossblades pair cancelled', 'To resolve: 1 falcon', 'XP +1']);
    const worse = rollCard({ ...e, result: { ...(e['result'] as object), netHammers: -2, xp: 0, cancelledPairs: 0, remaining: {} } } as RollEvent, names, undefined, web.rollCard);
    expect(worse.outcome).toEqual({ id: 'failure', label: '2 net crossblades' });
  });

  it('names the node pool and a labelled pool, and knows no other kind', () => {
    const node = { ...e, label: undefined, result: { dice: [{ colour: 'black', face: 6, faceLabel: 'skull', symbols: ['skull'], isSetAside: true }], netHammers: 0, context: 'node' } } as unknown as RollEvent;
    const c = rollCard(node, names, undefined, web.rollCard);
    expect(c).toMatchObject({ title: 'Node pool', detail: '1 hammer die', outcome: { id: 'even', label: 'No net hammers' } });
    expect(c.dice[0]).toMatchObject({ isKept: false, note: 'set aside' });
    expect(rollCard({ ...e, label: 'Climb' } as RollEvent, names, undefined, web.rollCard).title).toBe('Climb');
    expect(hammercrawlRollCard({ kind: 'omen-drawn', seq: 1, at: 0, by: null, visibility: 'public' })).toBeNull();
  });

  it('says what was rolled with the pool and written on the character (H-19, H-20, H-22)', () => {
    const check = { check: 'challenge', description: 'Challenge: d20 against 12', dice: [], total: 15, outcome: 'success', label: 'Success', explanation: [] };
    const withAll = { ...e, characterId: 'ch1', check, spentBanked: 1, isApplied: true, result: { ...(e['result'] as object), banked: [{ kind: 'three-advantages', die: 0, ref: '' }] } } as unknown as RollEvent;
    const c = rollCard(withAll, names, undefined, web.rollCard);
    expect(c.lines.slice(3)).toEqual(['Check: Challenge: d20 against 12: 15, Success', '1 set-aside die spent', '1 hammer+ set aside for a later Check', 'Written on the character: teardrops and XP']);
    const secret = rollCard({ ...e, characterId: 'ch1', visibility: 'smith' } as unknown as RollEvent, names, undefined, web.rollCard);
    expect(secret.lines.at(-1)).toBe('Secret: not written on the character');
    const plain = rollCard({ ...e, characterId: 'ch1' } as unknown as RollEvent, names, undefined, web.rollCard);
    expect(plain.lines).toEqual(['1 hammer/crossblades pair cancelled', 'To resolve: 1 falcon', 'XP +1']);
  });

  it('names each pick of a roll by its effect; a redacted one shows nothing of it', () => {
    const picked = { kind: 'hammer-effects-chosen', seq: 11, at: 0, by: 'm1', visibility: 'public', requestId: 'q2', rollId: 'q1', label: 'Climb', picks: [{ symbol: 'falcon', effect: 'pay-it-forward' }, { symbol: 'skull', effect: 'skull-as-teardrop' }] } as unknown as RollEvent;
    expect(hammercrawlRollCard(picked)).toMatchObject({ title: 'Effects chosen: Climb', lines: ['falcon: Pay it forward', 'skull: As a teardrop'] });
    expect(hammercrawlRollCard({ kind: 'hammer-effects-chosen', seq: 11, at: 0, by: 'm1', visibility: 'smith', redacted: true } as unknown as RollEvent)).toBeNull();
  });
});
