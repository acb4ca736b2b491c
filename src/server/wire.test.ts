// Reading a message after hello: the table's kinds, a ruleset's kinds, and what neither knows.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET, loadAllRuleSystems } from '../rules/catalogue.js';
import { MAX_COMBATANT_SCORE } from '../table/limits.js';
import { readCommandMessage } from './wire.js';

const all = await loadAllRuleSystems();
const known = [...all.values()];
const withExtension = known.find((rs) => rs.table !== undefined)!;
// A ruleset without a table extension of its own (one of the catalogue's, its extension taken away when every ruleset has one).
const { table: _table, ...without } = known.find((rs) => rs.table === undefined) ?? known.find((rs) => rs !== withExtension)!;

describe('readCommandMessage', () => {
  it("reads a ruleset's own kind with its reader, and counts it as a roll when the ruleset says so", () => {
    const kind = withExtension.table!.commands[0]!;
    const example = withExtension.table!.examples.map((e) => e.message as { kind?: unknown }).find((m) => m.kind === kind.kind)!;
    const read = readCommandMessage({ ...example, requestId: 'r1' }, withExtension, known);
    expect(read).toMatchObject({ ok: true, command: { kind: 'ruleset', requestId: 'r1' }, rollsDice: kind.rollsDice });
  });

  it('a kind only another ruleset adds is table/not-in-ruleset; a kind no one adds is protocol/unknown-kind', () => {
    const kind = withExtension.table!.commands[0]!.kind;
    expect(readCommandMessage({ kind, requestId: 'r2' }, without, known)).toMatchObject({ ok: false, code: 'table/not-in-ruleset', requestId: 'r2' });
    expect(readCommandMessage({ kind: 'dance', requestId: 'r3' }, without, known)).toMatchObject({ ok: false, code: 'protocol/unknown-kind', requestId: 'r3' });
  });

  it(`a combatant's scores are whole numbers up to ${MAX_COMBATANT_SCORE} either way`, () => {
    const rules = all.get(DEFAULT_RULESET)!;
    const add = (score: number) => readCommandMessage({ kind: 'combat', requestId: 'r5', action: { type: 'add', name: 'Orc', side: 'foes', stats: { INT: score } } }, rules, known);
    expect(add(MAX_COMBATANT_SCORE).ok).toBe(true);
    expect(add(-MAX_COMBATANT_SCORE).ok).toBe(true);
    expect(add(MAX_COMBATANT_SCORE + 1).ok).toBe(false);
    expect(add(-MAX_COMBATANT_SCORE - 1).ok).toBe(false);
    expect(add(1.5).ok).toBe(false);
  });

  it('odd JSON gets a clean refusal, never a throw', () => {
    const rules = all.get(DEFAULT_RULESET)!;
    for (const json of [null, [], 7, 'x', {}, { kind: null }, { kind: 'combat', action: null }, { kind: '__proto__' }, { kind: 'toString' }]) {
      expect(readCommandMessage(json, rules, known).ok, JSON.stringify(json)).toBe(false);
    }
  });

  it('a character nested ten thousand deep is read (the table then refuses it), not a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const read = readCommandMessage({ kind: 'character-save', requestId: 'r4', character: deep }, all.get(DEFAULT_RULESET)!, known);
    expect(read).toMatchObject({ ok: true, command: { kind: 'character-save', requestId: 'r4' } });
  });
});
