/// <reference types="node" />
/**
 * What the initiative panel offers, from the initiative library's own states: whose decision it is, the
 * legal choices after an Exchange action (one affected, all of them at once, a chooser, an interrupt's
 * owed turn), who may interrupt, and the surprise Tests still to roll. Each choice offered is checked
 * against the library: sent, it is accepted. The panel's sources are in the project's own words.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../../src/dice/random.js';
import { applyInitiative, rollInitiativeCommand, type Combatant, type InitiativeCommand, type InitiativeState } from '../../../../src/rules/hammercrawl/initiative/index.js';
import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';
import { decisionOf, exchangeInterrupters, exchangeNextChoices, owedAfter, speakerOf, surpriseTestable, type ExchangeNext } from './initiative-moves.js';

const four: Combatant[] = [
  { id: 'ana', side: 'party', int: 10, dex: 10 },
  { id: 'bo', side: 'party', int: 10, dex: 10 },
  { id: 'orc', side: 'foes', int: 10, dex: 10, isLeader: true },
  { id: 'imp', side: 'foes', int: 10, dex: 10 },
];

function run(commands: readonly InitiativeCommand[], faces: number[] = []): InitiativeState {
  let s: InitiativeState | null = null;
  const rng = scriptedRandom(faces);
  for (const c of commands) {
    const r = rollInitiativeCommand(rng, s, c);
    if (!r.ok) throw new Error(`${c.kind}: ${r.error.message}`);
    s = r.value.state;
  }
  return s!;
}

const exchanges = (more: readonly InitiativeCommand[] = [], faces: number[] = []) =>
  run([{ kind: 'start', combatants: four, settings: { flow: 'exchanges' }, initiator: 'ana' }, ...more], faces);

/** The end-action command the panel sends for a choice. */
function commandOf(affected: readonly string[], o: ExchangeNext, chooserNext: string): InitiativeCommand {
  if (o.kind === 'one') return { kind: 'end-action', affected, next: [o.id] };
  if (o.kind === 'all') return { kind: 'end-action', affected, next: o.ids };
  return { kind: 'end-action', affected, chooser: o.id, next: [chooserNext] };
}

describe('the initiative panel’s moves', () => {
  it('offers after an Exchange action each affected who may act, all of them at once, and a chooser who has acted; each is accepted', () => {
    const s = exchanges([{ kind: 'end-action', affected: ['bo'], next: ['bo'] }]);
    // Bo acts; his action touched Ana (who has acted) and both foes.
    const affected = ['ana', 'orc', 'imp'];
    const c = exchangeNextChoices(s, affected);
    expect(c).toMatchObject({ kind: 'choose', remaining: ['orc', 'imp'] });
    if (c.kind !== 'choose') throw new Error('no choice');
    expect(c.options).toEqual([
      { kind: 'one', id: 'orc' },
      { kind: 'one', id: 'imp' },
      { kind: 'all', ids: ['orc', 'imp'] },
      { kind: 'chooser', id: 'ana' },
    ]);
    for (const o of c.options) expect(applyInitiative(s, commandOf(affected, o, 'imp')).ok, o.kind).toBe(true);
    // A subset of two is no choice: "all at once" means all of them (IN-10).
    expect(applyInitiative(s, { kind: 'end-action', affected, next: ['orc', 'ana'] }).ok).toBe(false);
  });

  it('offers anyone who has not acted after an action that touched nobody else, and ends the Exchange when nobody is left', () => {
    const s = exchanges();
    const c = exchangeNextChoices(s, []);
    expect(c.kind === 'choose' ? c.options.map((o) => (o.kind === 'one' ? o.id : o.kind)) : c.kind).toEqual(['bo', 'orc', 'imp']);
    const last = exchanges([
      { kind: 'end-action', affected: [], next: ['bo'] },
      { kind: 'end-action', affected: [], next: ['orc'] },
      { kind: 'end-action', affected: [], next: ['imp'] },
    ]);
    expect(exchangeNextChoices(last, ['ana'])).toEqual({ kind: 'ends' });
    expect(applyInitiative(last, { kind: 'end-action', affected: ['ana'] }).ok).toBe(true);
  });

  it('offers the DEX interrupt to those who have not acted, and after it only the owed turn', () => {
    const s = exchanges([{ kind: 'end-action', affected: ['orc', 'imp'], next: ['orc', 'imp'] }]);
    expect(exchangeInterrupters(s)).toEqual(['bo']);
    // Bo rolls 15 against the Orc's 4: he goes first, the pair owed the turn after him.
    const cut = run([{ kind: 'start', combatants: four, settings: { flow: 'exchanges' }, initiator: 'ana' }, { kind: 'end-action', affected: ['orc', 'imp'], next: ['orc', 'imp'] }, { kind: 'interrupt', by: 'bo', target: 'orc' }], [15, 4]);
    expect(cut.acting).toEqual(['bo']);
    expect(exchangeNextChoices(cut, ['ana'])).toEqual({ kind: 'forced', next: ['orc', 'imp'] });
    expect(exchangeInterrupters(cut)).toEqual([]);
  });

  it('names whose decision it is, and whom the viewer speaks as', () => {
    const passing = run([{ kind: 'start', combatants: four }]);
    // Only a marked leader's player may roll the Contest (the table checks the mark).
    expect(decisionOf(passing)).toEqual({ deciders: ['orc'], what: 'roll the Initiative Contest' });
    const won = run([{ kind: 'start', combatants: four }, { kind: 'roll-contest' }], [18, 3]);
    expect(decisionOf(won).deciders).toEqual(['ana', 'bo']);
    expect(speakerOf(['ana', 'bo'], false, (id) => id === 'bo')).toBe('bo');
    expect(speakerOf(['ana', 'bo'], false, () => false)).toBeNull();
    expect(speakerOf(['ana', 'bo'], true, () => false)).toBe('ana');
    expect(decisionOf(exchanges([{ kind: 'end-action', affected: ['orc', 'imp'], next: ['orc', 'imp'] }])).deciders).toEqual(['orc', 'imp']);
  });

  it('keeps surprise Tests to the surprised not yet tested, before anyone acts; and a readied combatant owed the turn', () => {
    const s = run([{ kind: 'start', combatants: four, surprised: ['orc', 'imp'] }]);
    expect(surpriseTestable(s)).toEqual(['orc', 'imp']);
    const tested = run([{ kind: 'start', combatants: four, surprised: ['orc', 'imp'] }, { kind: 'roll-surprise', ids: ['orc'] }], [3]);
    expect(surpriseTestable(tested)).toEqual(['imp']);
    const readied = run([{ kind: 'start', combatants: four }, { kind: 'roll-contest' }, { kind: 'declare-first', by: 'ana', first: 'ana' }, { kind: 'ready', by: 'ana', waitFor: 'orc', next: 'orc' }], [18, 3]);
    expect(owedAfter(readied)).toEqual(['ana']);
    expect(applyInitiative(readied, { kind: 'end-turn', by: 'orc' }).ok).toBe(true);
  });

  it.skipIf(!HAS_RULES_TEXT)('no run of 8 words copied from the rules in the panel’s sources', () => {
    const texts = ['initiative-panel.tsx', 'initiative-moves.ts', 'initiative-log.ts'].map((f) => readFileSync(fileURLToPath(new URL(`./${f}`, import.meta.url)), 'utf8'));
    expect(copiedRuns(texts)).toEqual([]);
  });
});
