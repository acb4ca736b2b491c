/**
 * The log card of HAMMERCRAWL!'s initiative, on a table run by the table core: the Contest's faces and
 * totals with the combatants' names, who won and who acts; a hidden foe's total reads "hidden" to a
 * player and is the Smith's to see.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../../src/dice/random.js';
import { loadRuleSystem } from '../../../../src/rules/catalogue.js';
import type { RuleSystem } from '../../../../src/rules/rule-system.js';
import { cardsOf, Evening, PIA, SMITH, type Readers } from '../../lib/evening.test-support.js';
import { hammercrawlLogCard } from './log-card.js';
import { hammercrawlRollCard } from './roll-card.js';
import { initiativeOf } from './initiative-moves.js';
import { initiativeCard } from './initiative-log.js';

const READERS: Readers = { readRoll: hammercrawlRollCard, readEvent: hammercrawlLogCard };

describe('the initiative log card', () => {
  let rules: RuleSystem;
  beforeAll(async () => {
    rules = await loadRuleSystem('hammercrawl');
  });

  function fight(): Evening {
    const night = new Evening(rules);
    night.send(SMITH, { kind: 'combat', action: { type: 'add', name: 'Hero', side: 'party', stats: { INT: 16, DEX: 10 }, isRevealed: true } });
    night.send(SMITH, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', stats: { INT: 5, DEX: 10 } } });
    night.send(SMITH, { kind: 'combat', action: { type: 'initiative', command: { kind: 'start' } } });
    return night;
  }

  it("shows the Contest's faces and totals by name, the winner, and who declares; a hidden foe's total is hidden from a player", () => {
    const night = fight();
    // A fixed d20 pair: Hero 12, Goblin 15.
    (night as unknown as { rng: unknown }).rng = scriptedRandom([12, 15]);
    night.send(SMITH, { kind: 'combat', action: { type: 'initiative', command: { kind: 'roll-contest' } } });
    const smithCard = cardsOf(night.viewOf(SMITH), rules, READERS).find((c) => c.title === 'Initiative Contest')!;
    const piaCard = cardsOf(night.viewOf(PIA), rules, READERS).find((c) => c.title === 'Initiative Contest')!;
    // INT 16 is +2 and INT 5 is -2 on the stat table: 14 against 13, the Hero wins.
    expect(smithCard.lines).toEqual(['Hero (party): d20 12, total 14', 'Goblin (foes): d20 15, total 13', 'Hero wins for the party']);
    expect(smithCard.dice.map((d) => [d.value, d.note])).toEqual([
      [12, 'Hero'],
      [15, 'Goblin'],
    ]);
    expect(smithCard.outcome?.label).toBe('Hero wins');
    expect(piaCard.lines).toEqual(['Hero (party): d20 12, total 14', 'Goblin (foes): d20 15, total hidden', 'Hero wins for the party']);
    // The player's panel folds the same fight without the Goblin's INT; the Smith's with it.
    expect(initiativeOf(night.viewOf(PIA).rulesetEvents)!.combatants.find((c) => c.side === 'foes')).toMatchObject({ int: 10, isHidden: true });
    expect(initiativeOf(night.viewOf(SMITH).rulesetEvents)!.combatants.find((c) => c.side === 'foes')).toMatchObject({ int: 5 });
  });

  it('shows a start with its surprised combatants and a declaration as who acts', () => {
    const night = fight();
    (night as unknown as { rng: unknown }).rng = scriptedRandom([19, 2]);
    night.send(SMITH, { kind: 'combat', action: { type: 'initiative', command: { kind: 'roll-contest' } } });
    night.send(SMITH, { kind: 'combat', action: { type: 'initiative', command: { kind: 'declare-first', by: 'c1', first: 'c2' } } });
    const titles = cardsOf(night.viewOf(PIA), rules, READERS).map((c) => c.title);
    expect(titles).toContain('Initiative begins (passing the initiative)');
    expect(titles.at(-1)).toBe('Goblin acts (named by Hero)');
  });
});

describe('the initiative log card of a surprise Test', () => {
  it("shows a hidden foe's Test to a player without its face or INT, and both to the Smith", async () => {
    const rules = await loadRuleSystem('hammercrawl');
    const night = new Evening(rules);
    night.send(SMITH, { kind: 'combat', action: { type: 'add', name: 'Hero', side: 'party', isRevealed: true } });
    night.send(SMITH, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', stats: { INT: 7 } } });
    night.send(SMITH, { kind: 'combat', action: { type: 'initiative', command: { kind: 'start', surprised: ['c2'] } } });
    (night as unknown as { rng: unknown }).rng = scriptedRandom([6]);
    night.send(SMITH, { kind: 'combat', action: { type: 'initiative', command: { kind: 'roll-surprise', ids: ['c2'] } } });
    const find = (v: typeof SMITH) => cardsOf(night.viewOf(v), rules, READERS).find((c) => c.title === 'Surprise: INT Tests')!;
    expect(find(SMITH).lines).toEqual(['Goblin: d20 6 against INT 7: recovers']);
    expect(find(PIA).lines).toEqual(['Goblin: INT Test (hidden): recovers']);
  });
});

describe('the initiative card says what ended as a turn began (CB-44)', () => {
  it("a Total Defense ended is a line of the card; without one the turn reads alone", () => {
    const ctx = { nameOf: () => 'Smith', characterName: () => null, combatantName: (id: string) => (id === 'c1' ? 'Hero' : null) };
    const turn = { kind: 'initiative-changed', seq: 9, at: 0, by: null, requestId: 'r', events: [{ kind: 'turn-given', to: ['c1'], by: [] }] };
    const plain = initiativeCard(turn as never, ctx as never)!;
    expect(plain.lines).toEqual([]);
    const ended = initiativeCard({ ...turn, ended: ["Hero's Total Defense ends: their turn."] } as never, ctx as never)!;
    expect(ended.lines).toContain("Hero's Total Defense ends: their turn.");
    expect(ended.lines.join(' ')).toMatch(/Hero acts/);
  });
});
