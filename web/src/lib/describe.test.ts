import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../src/dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../../../src/rules/catalogue.js';
import { rollCommand, type TableCommand } from '../../../src/table/commands.js';
import { EVENT_SCHEMA_VERSION, type TableEvent as CoreEvent } from '../../../src/table/events.js';
import { projectEvent, type Viewer } from '../../../src/table/project.js';
import { initialState } from '../../../src/table/state.js';
import { announce, rollCard, type RulesetCardReader } from './describe.js';
import type { CoreEvent as WireEvent, RollEvent } from './protocol.js';

/** A whole (not redacted) event of the generic table, as the server sends it. */
type CoreRoll<K extends WireEvent['kind']> = Extract<WireEvent, { readonly kind: K; readonly redacted?: never }>;

const names = (id: string | null) => (id === 'm1' ? 'Ann' : id === 'm2' ? 'Bo' : 'someone');

describe('roll cards', () => {
  it('shows a roll record: dice kept and dropped, steps and where they came from, the total', () => {
    const e: CoreRoll<'rolled'> = {
      kind: 'rolled',
      seq: 5,
      at: 0,
      by: 'm1',
      requestId: 'r',
      visibility: 'public',
      label: 'Sneak',
      notation: '1d20^+1adv',
      total: 17,
      dice: [
        { term: 0, die: 'd24', value: 17, faces: [17], rerolled: [], exploded: false, kept: true },
        { term: 0, die: 'd24', value: 3, faces: [3], rerolled: [], exploded: false, kept: false },
      ],
      terms: [
        {
          kind: 'dice',
          notation: '1d20^+1adv',
          sign: 1,
          die: 'd24',
          vantage: 'advantage',
          steps: { from: 'd20', to: 'd24', amount: 1, modifiers: [{ amount: 1, origin: { kind: 'feat', id: 'combat-hardened', label: 'Combat Hardened' } }], explanation: 'd20 +1 step -> d24' },
        },
      ],
    };
    const c = rollCard(e, names);
    expect(c).toMatchObject({ who: 'Ann', title: 'Sneak', detail: '1d20^+1adv', total: 17, isSecret: false, visibility: 'public' });
    expect(c.dice).toEqual([
      { die: 'd24', value: 17, isKept: true, note: null },
      { die: 'd24', value: 3, isKept: false, note: null },
    ]);
    expect(c.lines).toEqual(['d20 +1 step -> d24 (+1 Combat Hardened)', '1d20^+1adv: advantage']);
    expect(announce(c)).toBe('Ann rolled Sneak, total 17.');
  });

  it('reads a rolled event as the server sends it (the table core rolls, projectEvent projects)', async () => {
    const state = initialState({ kind: 'table-created', body: { name: 'T', ruleset: DEFAULT_RULESET, settings: {} } });
    const command: TableCommand = { kind: 'roll', requestId: 'q6', notation: '3d6!', visibility: 'smith' };
    // The first d6 shows 6 and explodes into a 2; the other two show 3.
    const decided = rollCommand(state, { id: 'm2', role: 'player' }, command, { rng: scriptedRandom([6, 2, 3, 3]), rules: await loadRuleSystem(DEFAULT_RULESET), now: 0 });
    if (!decided.ok) throw new Error(decided.error.message);
    const stored: CoreEvent = { ...decided.value[0]!, seq: 6, at: 0, actorId: 'm2', requestId: 'q6', schemaVersion: EVENT_SCHEMA_VERSION };
    const smith: Viewer = { id: 'm1', role: 'smith' };
    const e = projectEvent(stored, smith) as unknown as RollEvent;
    expect(e).toMatchObject({ kind: 'rolled', seq: 6, by: 'm2', visibility: 'smith', notation: '3d6!', total: 14 });
    const c = rollCard(e, names);
    expect(c.title).toBe('3d6!');
    expect(c.dice).toEqual([
      { die: 'd6', value: 8, isKept: true, note: 'exploded 6+2' },
      { die: 'd6', value: 3, isKept: true, note: null },
      { die: 'd6', value: 3, isKept: true, note: null },
    ]);
    expect(announce(c)).toBe('Bo rolled 3d6!, total 14, Smith only.');
  });

  it('shows a redacted secret roll as a secret roll by its roller, without values', () => {
    const e: RollEvent = { kind: 'rolled', seq: 7, at: 0, by: 'm2', requestId: 'q', visibility: 'blind', redacted: true };
    const c = rollCard(e, names);
    expect(c).toMatchObject({ title: 'Secret roll by Bo', isSecret: true, total: null, dice: [], outcome: null });
    expect(announce(c)).toBe('Secret roll by Bo.');
  });

  it('shows a check with its outcome', () => {
    const e: CoreRoll<'checked'> = {
      kind: 'checked',
      seq: 8,
      at: 0,
      by: 'm1',
      requestId: 'q8',
      visibility: 'public',
      check: 'test',
      params: { target: 12 },
      result: {
        check: 'test',
        description: 'd20 roll-under 12',
        dice: [{ sides: 20, face: 9, isKept: true }],
        total: 9,
        outcome: 'success',
        label: 'Success',
        explanation: ['9 <= 12'],
      },
    };
    const c = rollCard(e, names);
    expect(c).toMatchObject({ title: 'Test', detail: 'd20 roll-under 12', total: 9, outcome: { id: 'success', label: 'Success' } });
    expect(announce(c)).toBe('Ann rolled Test, total 9, Success.');
    expect(rollCard({ ...e, check: 'melee-attack' }, names).title).toBe('Melee attack');
    expect(rollCard(e, names, (id) => (id === 'test' ? 'Test (roll under)' : null)).title).toBe('Test (roll under)');
  });

  it('shows a usage die stepping down or depleting', () => {
    const base: CoreRoll<'usage-rolled'> = { kind: 'usage-rolled', seq: 9, at: 0, by: 'm1', requestId: 'q9', visibility: 'public', label: 'Torch', die: 6, face: 6, after: 6, explanation: 'd6 rolled 6: it holds' };
    expect(rollCard({ ...base, face: 2, after: 5 }, names).outcome).toEqual({ id: 'stepped-down', label: 'Steps down to d5' });
    expect(rollCard({ ...base, face: 4, after: 6 }, names).outcome).toEqual({ id: 'holds', label: 'Holds' });
    expect(rollCard({ ...base, die: 3, face: 1, after: null }, names).outcome).toEqual({ id: 'depleted', label: 'Depleted' });
  });

  it('shows a roll of a kind the ruleset adds through the ruleset\'s reader, else by its label and kind', () => {
    const e: RollEvent = { kind: 'omen-drawn', seq: 10, at: 0, by: 'm1', visibility: 'smith', label: 'Omen', card: 'The Tower' };
    const read: RulesetCardReader = (x) =>
      x.kind === 'omen-drawn' ? { title: String(x['label']), detail: null, dice: [{ die: 'tarot', value: String(x['card']), isKept: true, note: null }], lines: [], total: 3, totalLabel: 'Doom', outcome: null } : null;
    expect(rollCard(e, names, undefined, read)).toMatchObject({ who: 'Ann', visibility: 'smith', title: 'Omen', total: 3, totalLabel: 'Doom', isSecret: false, isPhysical: false, dice: [{ die: 'tarot', value: 'The Tower' }] });
    // No reader (or one that does not know the kind): a plain card, never a crash.
    expect(rollCard(e, names)).toMatchObject({ title: 'Omen', dice: [], total: null, totalLabel: 'Total' });
    expect(rollCard({ ...e, label: undefined, kind: 'omen-drawn' }, names, undefined, () => null).title).toBe('Omen drawn');
    // A secret one is redacted like any roll, the reader never asked.
    expect(rollCard({ kind: 'omen-drawn', seq: 11, at: 0, by: 'm2', visibility: 'blind', redacted: true }, names, undefined, () => {
      throw new Error('read a redacted roll');
    })).toMatchObject({ isSecret: true, title: 'Secret roll by Bo' });
  });
});
