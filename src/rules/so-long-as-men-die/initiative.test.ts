import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import type { InitiativeEntrant } from '../rule-system.js';
import { MAX_INITIATIVE_ENTRANTS, orderRound, rollInitiative, type SideInitiative } from './initiative.js';

const party: InitiativeEntrant[] = [
  { id: 'wat', side: 'party', stats: { int: 9 } },
  { id: 'meg', side: 'party', stats: { int: 16 } },
  { id: 'grub', side: 'goblins', stats: { int: 8 }, isLeader: true },
  { id: 'snot', side: 'goblins', stats: { int: 14 } },
];

describe('phased initiative (Initiative)', () => {
  it('each side rolls a d6 plus its leader\'s INT Modifier; the highest INT leads when none is marked', () => {
    const r = rollInitiative(scriptedRandom([2, 4]), party);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.sides).toEqual([
      { side: 'party', leaderId: 'meg', face: 2, intMod: 3, total: 5, rank: 1 },
      { side: 'goblins', leaderId: 'grub', face: 4, intMod: -1, total: 3, rank: 2 },
    ]);
    expect(r.value.order.map((p) => [p.id, p.rank])).toEqual([['wat', 1], ['meg', 1], ['grub', 2], ['snot', 2]]);
  });

  it('tied sides share a rank and act together (SL-14)', () => {
    const r = rollInitiative(scriptedRandom([1, 5]), party);
    expect(r.ok && r.value.sides.map((s) => s.rank)).toEqual([1, 1]);
  });

  it('a loser with a polearm strikes before a winner with a dagger (the text\'s example)', () => {
    const sides: SideInitiative[] = [
      { side: 'winners', leaderId: 'a', face: 6, intMod: 0, total: 6, rank: 1 },
      { side: 'losers', leaderId: 'b', face: 1, intMod: 0, total: 1, rank: 2 },
    ];
    const r = orderRound([
      { id: 'winner-dagger', side: 'winners', kind: 'melee-attack', weaponId: 'dagger' },
      { id: 'loser-polearm', side: 'losers', kind: 'melee-attack', weaponId: 'polearm' },
      { id: 'winner-sword', side: 'winners', kind: 'melee-attack', weaponId: 'longsword' },
      { id: 'loser-axe', side: 'losers', kind: 'melee-attack', weaponId: 'falchion' },
      { id: 'loser-move', side: 'losers', kind: 'movement' },
      { id: 'winner-crossbow', side: 'winners', kind: 'ranged-attack', weaponId: 'crossbow' },
      { id: 'loser-sling', side: 'losers', kind: 'ranged-attack', weaponId: 'sling' },
      { id: 'winner-bow', side: 'winners', kind: 'ranged-attack', weaponId: 'longbow' },
      { id: 'loser-spell', side: 'losers', kind: 'declare' },
      { id: 'loser-spell-lands', side: 'losers', kind: 'declared-finish' },
    ], sides);
    expect(r.ok && r.value.map((s) => s.id)).toEqual([
      'loser-spell', 'winner-crossbow', 'loser-sling', 'winner-bow', 'loser-move',
      'loser-polearm', 'winner-dagger', 'loser-axe', 'winner-sword', 'loser-spell-lands',
    ]);
  });

  it('a step for a side that did not roll is a problem with its path', () => {
    expect(orderRound([{ id: 'x', side: 'ghosts', kind: 'movement' }], [])).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/unknown-side', path: '$[0].side' } });
  });

  it('SL-14: a leader without an INT Score (a monster) rolls the plain d6; INT keys are read whatever their case', () => {
    const r = rollInitiative(scriptedRandom([4, 4]), [{ id: 'pc', side: 'party', stats: { INT: 16 } }, { id: 'wolf', side: 'foes', stats: {} }]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.sides.map((x) => [x.side, x.intMod, x.total, x.rank])).toEqual([['party', 3, 7, 1], ['foes', 0, 4, 2]]);
    expect(r.value.explanation[1]).toMatch(/no INT Score, no Modifier/);
  });

  it('problems name the entrant: two leaders, duplicate ids, a bad INT, no entrants', () => {
    const code = (e: InitiativeEntrant[]) => {
      const r = rollInitiative(scriptedRandom([1, 1, 1]), e);
      return r.ok ? null : [r.error.code, r.error.path];
    };
    expect(code([{ id: 'a', side: 's', stats: { int: 9 }, isLeader: true }, { id: 'b', side: 's', stats: { int: 9 }, isLeader: true }])).toEqual(['so-long-as-men-die/two-leaders', '$[1].isLeader']);
    expect(code([{ id: 'a', side: 's', stats: { int: 9 } }, { id: 'a', side: 't', stats: { int: 9 } }])).toEqual(['so-long-as-men-die/duplicate-entrant', '$[1].id']);
    expect(code([])?.[0]).toBe('so-long-as-men-die/no-entrants');
    expect(code([{ id: 'a', side: 's', stats: { int: 30 } }])).toEqual(['so-long-as-men-die/bad-int', '$[0].stats.int']);
  });

  it(`at most ${MAX_INITIATIVE_ENTRANTS} entrants`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, side: 'horde', stats: { int: 10 } }));
    expect(rollInitiative(scriptedRandom([3]), many(MAX_INITIATIVE_ENTRANTS)).ok).toBe(true);
    expect(rollInitiative(scriptedRandom([3]), many(MAX_INITIATIVE_ENTRANTS + 1)).ok).toBe(false);
  });
});
