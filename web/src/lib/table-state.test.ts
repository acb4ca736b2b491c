import { describe, expect, it } from 'vitest';
import { applyEvent, applyWelcome, emptyTable, memberName, readTableCharacter, MAX_LOG_CARDS } from './table-state.js';
import type { TableEvent } from './protocol.js';
import { DEFAULT_RULESET } from '../../../src/rules/catalogue.js';

describe('table state', () => {
  const welcomed = applyWelcome(emptyTable('t'), {
    kind: 'welcome',
    tableId: 't',
    you: { id: 'm1', name: 'Ann', role: 'player' },
    table: { name: 'Keep', ruleset: DEFAULT_RULESET, settings: { 'below-d3': 'clamp' } },
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
    expect(s).toMatchObject({ settings: { 'below-d3': 'negate' }, hasInvite: false, combat: { combatants: [] }, lastSeq: 6 });
  });

  it('keeps the events of the ruleset\'s own kinds in order, its rolls among them, and its rolls in the log', () => {
    let s = applyEvent(welcomed, { kind: 'weather-changed', seq: 1, at: 0, by: 's', events: [{ kind: 'rain' }] });
    s = applyEvent(s, { kind: 'omen-drawn', seq: 2, at: 0, by: 'm1', visibility: 'public', card: 'The Tower' });
    s = applyEvent(s, { kind: 'weather-changed', seq: 3, at: 0, by: 's', events: [{ kind: 'sun' }] });
    // A visibility that is not one is no roll.
    s = applyEvent(s, { kind: 'omen-drawn', seq: 4, at: 0, by: 'm1', visibility: 'everyone' } as unknown as TableEvent);
    // Its own rolls are its events too (a hammer pool's picks and set-aside dice are folded from them).
    expect(s.rulesetEvents.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(s.rolls.map((e) => [e.kind, e.seq])).toEqual([['omen-drawn', 2]]);
    expect(s.lastSeq).toBe(4);
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
