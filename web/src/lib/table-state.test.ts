import { describe, expect, it } from 'vitest';
import { applyEvent, applyWelcome, emptyTable, memberName, readTableCharacter, MAX_LOG_CARDS } from './table-state.js';

describe('table state', () => {
  const welcomed = applyWelcome(emptyTable('t'), {
    kind: 'welcome',
    tableId: 't',
    you: { id: 'm1', name: 'Ann', role: 'player' },
    table: { name: 'Keep', ruleset: 'hammercrawl', settings: { 'below-d3': 'clamp' } },
    members: [{ id: 's', name: 'Smith', role: 'smith' }],
    lastSeq: 0,
  });

  it('folds events in seq order and ignores a replayed seq', () => {
    let s = applyEvent(welcomed, { kind: 'member-joined', seq: 1, at: 0, by: 'm1', member: { id: 'm1', name: 'Ann', role: 'player' } });
    s = applyEvent(s, { kind: 'rolled', seq: 2, at: 0, by: 'm1', visibility: 'public', notation: '1d20', total: 3 });
    const again = applyEvent(s, { kind: 'rolled', seq: 2, at: 0, by: 'm1', visibility: 'public', notation: '1d20', total: 3 });
    expect(again).toBe(s);
    expect(s.rolls).toHaveLength(1);
    expect(s.lastSeq).toBe(2);
    expect(memberName(s, 'm1')).toBe('Ann');
    expect(memberName(s, 'zz')).toBe('someone');
  });

  it('keeps characters, settings, invite and combat', () => {
    let s = applyEvent(welcomed, { kind: 'character-saved', seq: 1, at: 0, by: 'm1', character: { id: 'c1', ownerId: 'm1', document: { name: 'Brak' } } });
    s = applyEvent(s, { kind: 'character-saved', seq: 2, at: 0, by: 'm1', character: { id: 'c1', ownerId: 'm1', name: 'Brak II' } });
    expect(s.characters).toEqual([{ id: 'c1', ownerId: 'm1', document: { name: 'Brak II' } }]);
    s = applyEvent(s, { kind: 'character-removed', seq: 3, at: 0, by: 'm1', characterId: 'c1' });
    expect(s.characters).toEqual([]);
    s = applyEvent(s, { kind: 'settings-changed', seq: 4, at: 0, by: 's', settings: { 'below-d3': 'negate' } });
    s = applyEvent(s, { kind: 'invite-changed', seq: 5, at: 0, by: 's', hasInvite: false });
    s = applyEvent(s, { kind: 'combat-changed', seq: 6, at: 0, by: 's', combat: { combatants: [] } });
    s = applyEvent(s, { kind: 'venture-changed', seq: 7, at: 0, by: 's', events: [{ kind: 'light-lit' }] });
    s = applyEvent(s, { kind: 'venture-changed', seq: 8, at: 0, by: 's', events: [{ kind: 'light-doused' }] });
    expect(s).toMatchObject({ settings: { 'below-d3': 'negate' }, hasInvite: false, combat: { combatants: [] }, lastSeq: 8 });
    expect(s.ventureEvents).toEqual([{ kind: 'light-lit' }, { kind: 'light-doused' }]);
  });

  it('keeps at most MAX_LOG_CARDS roll cards', () => {
    let s = welcomed;
    for (let i = 1; i <= MAX_LOG_CARDS + 5; i++) s = applyEvent(s, { kind: 'rolled', seq: i, at: 0, by: null, visibility: 'public' });
    expect(s.rolls).toHaveLength(MAX_LOG_CARDS);
    expect(s.rolls[0]!.seq).toBe(6);
  });

  it('reads a saved character with or without a nested document', () => {
    expect(readTableCharacter({ id: 'a', ownerId: 'o', name: 'X' })).toEqual({ id: 'a', ownerId: 'o', document: { name: 'X' } });
    expect(readTableCharacter({ name: 'no id' })).toBeNull();
  });
});
