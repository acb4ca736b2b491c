// Group WIS initiative (Initiative; ruling EH-21).
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import type { InitiativeEntrant } from '../rule-system.js';
import { MAX_INITIATIVE_ENTRANTS, rollInitiative } from './initiative.js';

const party: InitiativeEntrant[] = [
  { id: 'ada', side: 'company', stats: { wis: 12, dex: 10 } },
  { id: 'bren', side: 'company', stats: { wis: 9, dex: 16 } },
  { id: 'orc-1', side: 'orcs', stats: { dex: 11 } },
  { id: 'orc-2', side: 'orcs', stats: { dex: 14 } },
];

describe('initiative (Initiative)', () => {
  it('half the company succeeding puts it first, highest DEX first within each side', () => {
    const r = rollInitiative(scriptedRandom([5, 15]), party);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.order.map((p) => p.id)).toEqual(['bren', 'ada', 'orc-2', 'orc-1']);
    expect(r.value.order.map((p) => p.rank)).toEqual([1, 2, 3, 4]);
    expect(r.value.dice).toHaveLength(2);
  });

  it('fewer than half: the company goes after its foes', () => {
    const r = rollInitiative(scriptedRandom([15, 15]), party);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.order.map((p) => p.id)).toEqual(['orc-2', 'orc-1', 'bren', 'ada']);
  });

  it('a blunder counts against the company', () => {
    const r = rollInitiative(scriptedRandom([5, 20]), party);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.order[0]!.id).toBe('orc-2');
  });

  it('problems: no entrants, a company member without WIS, duplicate ids, too many', () => {
    const code = (e: InitiativeEntrant[]) => {
      const r = rollInitiative(seededRandom(1), e);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code([])).toBe('exalted-hack/no-entrants');
    expect(code([{ id: 'a', side: 'x', stats: {} }])).toBe('exalted-hack/missing-wis');
    expect(code([party[0]!, party[0]!])).toBe('exalted-hack/duplicate-entrant');
    const many = (n: number) => Array.from({ length: n }, (_, i): InitiativeEntrant => ({ id: `e${i}`, side: i === 0 ? 'company' : 'foes', stats: { wis: 10 } }));
    expect(code(many(MAX_INITIATIVE_ENTRANTS))).toBe('ok');
    expect(code(many(MAX_INITIATIVE_ENTRANTS + 1))).toBe('exalted-hack/too-many-entrants');
  });
});
