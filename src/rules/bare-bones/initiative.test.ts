// Initiative by WIS save (Live by the Sword > Initiative; ruling BB-12).
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import type { InitiativeEntrant } from '../rule-system.js';
import { GM_SIDE, MAX_INITIATIVE_ENTRANTS, rollInitiative } from './initiative.js';
import { ruleSystem } from './index.js';

const party: InitiativeEntrant[] = [
  { id: 'ada', side: 'party', stats: { wis: 12 } },
  { id: 'bram', side: 'party', stats: { wis: 9 } },
  { id: 'orc', side: GM_SIDE, stats: {} },
  { id: 'cas', side: 'party', stats: { wis: 15 } },
];

describe('initiative by WIS save', () => {
  it('scenario: passing players act before the GM, failing ones after; the GM does not roll', () => {
    const rng = scriptedRandom([5, 9, 16]);
    const r = rollInitiative(rng, party);
    expect(rng.remaining).toBe(0);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.order.map((p) => [p.id, p.rank])).toEqual([['ada', 1], ['orc', 2], ['bram', 3], ['cas', 3]]);
    expect(r.value.dice.map((d) => d.face)).toEqual([5, 9, 16]);
  });

  it('scenario: ambushers act first every round without rolling', () => {
    const r = rollInitiative(scriptedRandom([]), party, 'party');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.order.map((p) => [p.id, p.rank])).toEqual([['ada', 0], ['bram', 0], ['cas', 0], ['orc', 2]]);
    const ambush = rollInitiative(scriptedRandom([]), [{ id: 'orc', side: 'orcs', stats: {} }, { id: 'gob', side: GM_SIDE, stats: {} }], 'orcs');
    if (!ambush.ok) throw new Error(ambush.error.message);
    expect(ambush.value.order.map((p) => p.id)).toEqual(['orc', 'gob']);
  });

  it('the contract\'s rollInitiative is the same function without ambush', () => {
    expect(ruleSystem.rollInitiative(seededRandom(3), party)).toEqual(rollInitiative(seededRandom(3), party));
    expect(ruleSystem.initiativeHelp).toMatch(/WIS/);
  });

  it('mistakes: a player without WIS, a repeated id, too many entrants (limit and one past)', () => {
    expect(rollInitiative(seededRandom(1), [{ id: 'x', side: 'party', stats: {} }])).toMatchObject({ ok: false, error: { code: 'bare-bones/initiative-needs-wis', path: '$[0].stats.wis' } });
    expect(rollInitiative(seededRandom(1), [party[0]!, party[0]!])).toMatchObject({ ok: false, error: { code: 'bare-bones/duplicate-entrant', path: '$[1].id' } });
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `m${i}`, side: GM_SIDE, stats: {} }));
    expect(rollInitiative(seededRandom(1), many(MAX_INITIATIVE_ENTRANTS)).ok).toBe(true);
    expect(rollInitiative(seededRandom(1), many(MAX_INITIATIVE_ENTRANTS + 1))).toMatchObject({ ok: false, error: { code: 'bare-bones/too-many-entrants' } });
  });
});
