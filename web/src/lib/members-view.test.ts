import { describe, expect, it } from 'vitest';
import { holderOf, memberRows, ownerChoices, seatLinkChoice } from './members-view.js';
import { applyEvent, emptyTable, memberName, type TableState } from './table-state.js';
import type { Member, TableEvent } from './protocol.js';

const smith: Member = { id: 's', name: 'Mora', role: 'smith' };
const wren: Member = { id: 'w', name: 'Wren', role: 'player' };
const kit: Member = { id: 'k', name: 'Kit', role: 'observer' };
const pia: Member = { id: 'p', name: 'Pia', role: 'player' };

describe('the members line', () => {
  it('lists the Smith first, then players and observers in joining order, with who is online and you', () => {
    const rows = memberRows([kit, wren, smith, pia], new Set(['w', 's']), 'p');
    expect(rows.map((r) => r.name)).toEqual(['Mora', 'Wren', 'Pia', 'Kit']);
    expect(rows.map((r) => r.isOnline)).toEqual([true, true, false, false]);
    expect(rows.filter((r) => r.isYou).map((r) => r.name)).toEqual(['Pia']);
  });

  it('offers a character to the Smith and the players, never an observer', () => {
    expect(ownerChoices([kit, wren, smith]).map((m) => m.id)).toEqual(['s', 'w']);
  });

  it('names a removed holder, and says so when nobody known holds a character', () => {
    expect(holderOf('w', [smith, wren], [])).toEqual({ kind: 'member', member: wren });
    expect(holderOf('w', [smith], [wren])).toEqual({ kind: 'former', name: 'Wren' });
    expect(holderOf('x', [smith], [wren])).toEqual({ kind: 'unknown' });
  });
});

describe('opening a seat link', () => {
  it('saves the seat on a device without one, or over an older token of the same member', () => {
    expect(seatLinkChoice(null, 't2', 'w')).toBe('save');
    expect(seatLinkChoice({ token: 't1', memberId: 'w' }, 't2', 'w')).toBe('save');
  });

  it('does nothing for the token the device holds, and asks when the device holds another member\'s seat', () => {
    expect(seatLinkChoice({ token: 't2', memberId: 'w' }, 't2', 'w')).toBe('same');
    expect(seatLinkChoice({ token: 't1', memberId: 's' }, 't2', 'w')).toBe('ask');
  });
});

describe('members in the table state', () => {
  const at = 1;
  const events: TableEvent[] = [
    { seq: 1, kind: 'member-joined', at, by: null, member: smith },
    { seq: 2, kind: 'member-joined', at, by: 's', member: wren },
    { seq: 3, kind: 'member-renamed', at, by: 'w', memberId: 'w', name: 'Wren the Bold' },
  ];

  it('renames a member, you too', () => {
    let state: TableState = { ...emptyTable('t'), you: wren };
    for (const e of events) state = applyEvent(state, e);
    expect(state.members.map((m) => m.name)).toEqual(['Mora', 'Wren the Bold']);
    expect(state.you?.name).toBe('Wren the Bold');
  });

  it('drops a removed member from the members and keeps their name for old cards', () => {
    let state = emptyTable('t');
    for (const e of [...events, { seq: 4, kind: 'member-removed', at, by: 's', memberId: 'w' } as TableEvent]) state = applyEvent(state, e);
    expect(state.members.map((m) => m.id)).toEqual(['s']);
    expect(state.formerMembers.map((m) => m.name)).toEqual(['Wren the Bold']);
    expect(memberName(state, 'w')).toBe('Wren the Bold');
  });
});
