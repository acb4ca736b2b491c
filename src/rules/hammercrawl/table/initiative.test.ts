/** Initiative as written, through a HAMMERCRAWL! table: the tracker action, its replay, the tracker's order following it. */
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../../dice/random.js';
import type { RuleSystem, TableSettings } from '../../rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../../../table/commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from '../../../table/events.js';
import { applyEvent, foldEvents, type TableState } from '../../../table/state.js';
import { ruleSystem as hammercrawl } from '../rule-system.js';
import type { HammercrawlTableState } from './extension.js';
import { readHammercrawlCommand } from './read-command.js';
import { projectEvent } from '../../../table/project.js';
import type { InitiativeState } from '../initiative/index.js';
import { foldInitiativeChanged, MIDDLING_SCORE, type TableInitiativeCommand } from './initiative.js';

const rules = hammercrawl as unknown as RuleSystem;
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };

function table(settings: TableSettings = {}) {
  const events: TableEvent[] = [];
  let state: TableState | null = null;
  let n = 0;
  const append = (made: readonly NewTableEvent[], actor: Actor | null, requestId: string | null): void => {
    for (const e of made) {
      const stored = { ...e, seq: events.length + 1, at: 0, actorId: actor?.id ?? null, requestId, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      events.push(stored);
      state = applyEvent(state, stored, rules.table);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: 'hammercrawl', settings } }], smith, null);
  for (const m of [smith, ada]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m, null);
  const send = (actor: Actor, full: TableCommand, rng: RandomSource) => {
    const r = rollCommand(state!, actor, full, { rng, rules, now: 0 });
    if (r.ok) append(r.value, actor, full.requestId);
    return r;
  };
  return {
    events,
    get state() {
      return state! as TableState;
    },
    get initiative() {
      return (state!.extension as HammercrawlTableState).initiative ?? null;
    },
    save(actor: Actor, character: unknown) {
      return send(actor, { kind: 'character-save', requestId: `r${++n}`, character } as TableCommand, seededRandom(n));
    },
    tracker(actor: Actor, action: Record<string, unknown>) {
      return send(actor, { kind: 'combat', requestId: `r${++n}`, action } as TableCommand, seededRandom(n));
    },
    /** A HAMMERCRAWL! tracker action (Total Defense...). */
    own(actor: Actor, action: Record<string, unknown>) {
      const requestId = `r${++n}`;
      return send(actor, { kind: 'ruleset', requestId, command: { kind: 'combat', requestId, action } } as TableCommand, seededRandom(n));
    },
    init(actor: Actor, command: TableInitiativeCommand, rng: RandomSource = seededRandom(n + 100)) {
      const requestId = `r${++n}`;
      return send(actor, { kind: 'ruleset', requestId, command: { kind: 'combat', requestId, action: { type: 'initiative', command } } } as TableCommand, rng);
    },
  };
}

/** Brakka and Cora against two goblins; the second of each side is marked leader. */
function fight(settings: TableSettings = {}) {
  const t = table(settings);
  for (const [name, side, stats, isLeader] of [
    ['Brakka', 'party', { INT: 9, DEX: 12 }, false],
    ['Cora', 'party', { INT: 16, DEX: 10 }, true],
    ['Goblin 1', 'foes', { INT: 9, DEX: 13 }, false],
    ['Goblin 2', 'foes', { INT: 12, DEX: 11 }, true],
  ] as const) {
    const r = t.tracker(smith, { type: 'add', name, side, stats, isLeader });
    if (!r.ok) throw new Error(r.error.message);
  }
  return t;
}

describe('initiative at the table (passing the initiative)', () => {
  it('the leaders the Smith marked roll the Contest, not the first combatant added', () => {
    const t = fight();
    expect(t.init(smith, { kind: 'start' }).ok).toBe(true);
    expect(t.initiative).toMatchObject({ status: 'awaiting-contest', settings: { flow: 'passing', interruptTies: 'reroll' } });
    // Cora (c2, INT 16: +2? per the stat table) and Goblin 2 (c4) roll; faces 5 and 15.
    expect(t.init(smith, { kind: 'roll-contest' }, scriptedRandom([5, 15])).ok).toBe(true);
    const contest = t.events.find((e) => e.kind === 'initiative-changed' && (e.body as { events: { kind: string }[] }).events[0]!.kind === 'contest-rolled');
    const rolled = (contest!.body as { events: { rounds: { rolls: { id: string }[] }[] }[] }).events[0]!.rounds[0]!.rolls.map((r) => r.id);
    expect(rolled.sort()).toEqual(['c2', 'c4']);
    expect(t.initiative).toMatchObject({ status: 'awaiting-first', contestWinnerSide: 'foes' });
  });

  it('the winner declares, the tracker follows whose turn it is, passing works, and the log replays without rolling', () => {
    const t = fight();
    t.init(smith, { kind: 'start' });
    t.init(smith, { kind: 'roll-contest' }, scriptedRandom([18, 2]));
    expect(t.initiative!.contestWinnerSide).toBe('party');
    // A player whose character is not in the tracker cannot declare for the party; the Smith can.
    expect(t.init(ada, { kind: 'declare-first', by: 'c2', first: 'c1' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.init(smith, { kind: 'declare-first', by: 'c2', first: 'c1' }).ok).toBe(true);
    expect(t.state.combat.order[t.state.combat.turn!]).toBe('c1');
    expect(t.init(smith, { kind: 'end-turn', by: 'c1', next: 'c3' }).ok).toBe(true);
    expect(t.state.combat.order[t.state.combat.turn!]).toBe('c3');
    expect(t.state.combat.order.slice(0, 2)).toEqual(['c1', 'c3']);
    // Only legal moves: the one who acted cannot be passed the initiative again.
    expect(t.init(smith, { kind: 'end-turn', by: 'c3', next: 'c1' }).ok).toBe(false);
    expect(foldEvents(t.events, rules.table)).toEqual(t.state);
  });

  it('the Smith can still override with set-order and next-turn', () => {
    const t = fight();
    t.init(smith, { kind: 'start' });
    expect(t.tracker(smith, { type: 'set-order', order: ['c4', 'c3', 'c2', 'c1'] }).ok).toBe(true);
    expect(t.state.combat.order).toEqual(['c4', 'c3', 'c2', 'c1']);
  });
});

describe('who may end an Exchange action (IN-16)', () => {
  it("a player ends their own character's action, not a foe's; the Smith ends any", () => {
    const t = table({ 'initiative-flow': 'exchanges' });
    const made = rules.rollCharacter(seededRandom(3), {});
    if (!made.ok) throw new Error(made.error.message);
    expect(t.save(ada, made.value).ok).toBe(true);
    const characterId = t.state.characters[0]!.id;
    expect(t.tracker(smith, { type: 'add', name: 'Hero', side: 'party', characterId }).ok).toBe(true);
    expect(t.tracker(smith, { type: 'add', name: 'Goblin', side: 'foes' }).ok).toBe(true);
    expect(t.init(smith, { kind: 'start', initiator: 'c1' }).ok).toBe(true);
    // Ada speaks for Hero (c1), who is acting: she says whom the action affected and who goes next.
    expect(t.init(ada, { kind: 'end-action', affected: ['c2'], next: ['c2'] })).toMatchObject({ ok: true });
    expect(t.initiative!.acting).toEqual(['c2']);
    // The Goblin's action is not hers to end; the Smith's it is.
    expect(t.init(ada, { kind: 'end-action', affected: [] })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.init(smith, { kind: 'end-action', affected: [] })).toMatchObject({ ok: true });
    expect(t.initiative!.status).toBe('exchange-over');
  });
});

describe('initiative settings', () => {
  it('the Exchanges flow is a table setting', () => {
    const t = fight({ 'initiative-flow': 'exchanges' });
    expect(t.init(smith, { kind: 'start', initiator: 'c1' }).ok).toBe(true);
    // The Exchanges give an interrupt's tie to the one acting (COMBAT FLOW 2024-09, INTERRUPTING ACTION).
    expect(t.initiative).toMatchObject({ settings: { flow: 'exchanges', interruptTies: 'target' }, acting: ['c1'] });
    expect(t.state.combat.order[t.state.combat.turn!]).toBe('c1');
    expect(t.init(smith, { kind: 'end-action', affected: ['c3'], next: ['c3'] })).toMatchObject({ ok: true });
    expect(t.initiative!.acting).toEqual(['c3']);
  });

  it("under Exchanges a Total Defense ends as its holder's Exchange action begins, whoever the tracker's turn shows (CB-44)", () => {
    const t = fight({ 'initiative-flow': 'exchanges' });
    expect(t.init(smith, { kind: 'start', initiator: 'c1' }).ok).toBe(true);
    // Both goblins hold Total Defense.
    for (const id of ['c3', 'c4']) expect(t.own(smith, { type: 'total-defense', combatantId: id }).ok).toBe(true);
    expect(t.state.combat.combatants.filter((c) => c.conditions.includes('Total Defense')).map((c) => c.id)).toEqual(['c3', 'c4']);
    // Brakka's action affected both goblins: they act at once (IN-9, IN-10).
    const r = t.init(smith, { kind: 'end-action', affected: ['c3', 'c4'], next: ['c3', 'c4'] });
    expect(r.ok).toBe(true);
    expect(t.initiative!.acting).toEqual(['c3', 'c4']);
    expect(t.state.combat.combatants.filter((c) => c.conditions.includes('Total Defense'))).toEqual([]);
    const summary = (t.events.filter((e) => e.kind === 'combat-changed').at(-1)!.body as { summary: string }).summary;
    expect(summary).toContain("Goblin 1's Total Defense ends");
    expect(summary).toContain("Goblin 2's Total Defense ends");
  });

  it("under Exchanges a Total Defense lasts the rest of the Exchange and ends when the next Exchange gives its holder the first action (CB-44)", () => {
    const t = fight({ 'initiative-flow': 'exchanges' });
    expect(t.init(smith, { kind: 'start', initiator: 'c1' }).ok).toBe(true);
    // Brakka's action is Total Defense; then everyone else acts, one after another.
    expect(t.own(smith, { type: 'total-defense', combatantId: 'c1' }).ok).toBe(true);
    for (const next of ['c3', 'c2', 'c4']) expect(t.init(smith, { kind: 'end-action', affected: [], next: [next] })).toMatchObject({ ok: true });
    expect(t.state.combat.combatants.find((c) => c.id === 'c1')!.conditions).toContain('Total Defense');
    expect(t.init(smith, { kind: 'end-action', affected: [] })).toMatchObject({ ok: true });
    expect(t.initiative!.status).toBe('exchange-over');
    // The next Exchange opens with Brakka: his Total Defense ends as his action begins.
    expect(t.init(smith, { kind: 'new-exchange', first: ['c1'] })).toMatchObject({ ok: true });
    expect(t.initiative!.acting).toEqual(['c1']);
    expect(t.state.combat.combatants.find((c) => c.id === 'c1')!.conditions).not.toContain('Total Defense');
    const summary = (t.events.filter((e) => e.kind === 'combat-changed').at(-1)!.body as { summary: string }).summary;
    expect(summary).toContain("Brakka's Total Defense ends");
    // The initiative's own event says it too, for its log card.
    const body = t.events.filter((e) => e.kind === 'initiative-changed').at(-1)!.body as { ended?: string[] };
    expect(body.ended).toEqual(["Brakka's Total Defense ends: their turn."]);
    const before = t.events.filter((e) => e.kind === 'initiative-changed').at(-2)!.body as { ended?: string[] };
    expect(before.ended).toBeUndefined();
  });

  it('interrupt ties: re-rolled by default in the passing flow, to the target when the table says so (IN-4)', () => {
    const tied = fight();
    tied.init(smith, { kind: 'start' });
    tied.init(smith, { kind: 'roll-contest' }, scriptedRandom([18, 2]));
    tied.init(smith, { kind: 'declare-first', by: 'c2', first: 'c1' });
    // Brakka readies against Goblin 1 and passes to it, then interrupts it: a tie (equal faces, equal INT mods) is re-rolled.
    expect(tied.init(smith, { kind: 'ready', by: 'c1', waitFor: 'c3', next: 'c3' })).toMatchObject({ ok: true });
    const r = tied.init(smith, { kind: 'interrupt', by: 'c1', target: 'c3' }, scriptedRandom([10, 10, 20, 1]));
    expect(r).toMatchObject({ ok: true });
    const last = tied.events.filter((e) => e.kind === 'initiative-changed').at(-1)!.body as { events: { kind: string; rounds?: unknown[]; winner?: string }[] };
    expect(last.events[0]).toMatchObject({ kind: 'interrupt-rolled', winner: 'c1' });
    expect(last.events[0]!.rounds).toHaveLength(2);
    expect(tied.initiative!.settings.interruptTies).toBe('reroll');
    const t = fight({ 'interrupt-ties': 'target' });
    t.init(smith, { kind: 'start' });
    expect(t.initiative!.settings.interruptTies).toBe('target');
  });

  it('a combatant with no scores (a monster line) rolls with 10, INT mod +0 (IN-14)', () => {
    const t = table();
    t.tracker(smith, { type: 'add', name: 'Ada', side: 'party', stats: { INT: 14, DEX: 12 } });
    t.tracker(smith, { type: 'add', name: 'Goblin', side: 'foes', monster: 'hd=1,attack=+2,defense=11,damage=d6' });
    expect(t.init(smith, { kind: 'start' }).ok).toBe(true);
    expect(t.initiative!.combatants.find((c) => c.id === 'c2')).toMatchObject({ int: MIDDLING_SCORE, dex: MIDDLING_SCORE });
  });
});

describe('reading the tracker initiative action', () => {
  it('reads every command, and names the path of a bad field', () => {
    expect(readHammercrawlCommand({ kind: 'combat', requestId: 'r', action: { type: 'initiative', command: { kind: 'roll-contest' } } }).ok).toBe(true);
    expect(readHammercrawlCommand({ kind: 'combat', requestId: 'r', action: { type: 'initiative', command: { kind: 'declare-first', by: 'c1' } } })).toMatchObject({
      ok: false,
      error: { path: '$.action.command.first' },
    });
    expect(readHammercrawlCommand({ kind: 'combat', requestId: 'r', action: { type: 'initiative', command: { kind: 'fly' } } }).ok).toBe(false);
  });
});

describe("a hidden foe's scores are the Smith's (TB-17)", () => {
  /** Brakka and Cora, whose numbers the Smith shows, against two hidden goblins (INT 9 and 12, DEX 13 and 11). */
  function shownParty() {
    const t = table();
    for (const [name, side, stats, isLeader, isRevealed] of [
      ['Brakka', 'party', { INT: 9, DEX: 12 }, false, true],
      ['Cora', 'party', { INT: 16, DEX: 10 }, true, true],
      ['Goblin 1', 'foes', { INT: 9, DEX: 13 }, false, false],
      ['Goblin 2', 'foes', { INT: 12, DEX: 11 }, true, false],
    ] as const) {
      const r = t.tracker(smith, { type: 'add', name, side, stats, isLeader, isRevealed });
      if (!r.ok) throw new Error(r.error.message);
    }
    return t;
  }

  it("a player's view of every initiative event holds no hidden foe's score, mod or total; the Smith's holds them all", () => {
    const t = shownParty();
    t.init(smith, { kind: 'start' });
    t.init(smith, { kind: 'roll-contest' }, scriptedRandom([5, 15]));
    t.init(smith, { kind: 'declare-first', by: 'c4', first: 'c3' });
    t.init(smith, { kind: 'end-turn', by: 'c3', next: 'c1' });
    const mine = t.events.filter((e) => e.kind === 'initiative-changed');
    expect(mine.length).toBe(4);
    const seen = mine.map((e) => projectEvent(e, { id: ada.id, role: 'player' }));
    const text = JSON.stringify(seen);
    expect(text).not.toContain('forSmith');
    const started = (seen[0]!['events'] as { kind: string; combatants: { id: string; int: number; dex: number; isHidden?: true }[] }[])[0]!;
    expect(started.combatants.find((c) => c.id === 'c4')).toEqual({ id: 'c4', side: 'foes', int: MIDDLING_SCORE, dex: MIDDLING_SCORE, isLeader: true, isHidden: true });
    expect(started.combatants.find((c) => c.id === 'c2')).toMatchObject({ int: 16, dex: 10 });
    expect(started.combatants.find((c) => c.id === 'c2')!.isHidden).toBeUndefined();
    const contest = (seen[1]!['events'] as { rounds: { rolls: { id: string; natural: number; total: number | null }[] }[] }[])[0]!.rounds[0]!.rolls;
    expect(contest.find((r) => r.id === 'c4')).toEqual({ id: 'c4', side: 'foes', natural: 15, total: null });
    expect(contest.find((r) => r.id === 'c2')!.total).toBeTypeOf('number');
    // The Smith's view is the stored truth.
    const smiths = projectEvent(mine[0]!, { id: smith.id, role: 'smith' });
    expect((smiths['forSmith'] as { events: { combatants: { id: string; int: number }[] }[] }).events[0]!.combatants.find((c) => c.id === 'c4')!.int).toBe(12);
    // The player's page folds its view into the same fight, but for the scores it may not know.
    let state: InitiativeState | null = null;
    for (const e of seen) state = foldInitiativeChanged(state, e);
    expect({ ...state!, combatants: [] }).toEqual({ ...t.initiative!, combatants: [] });
    expect(state!.combatants.find((c) => c.id === 'c4')).toMatchObject({ int: MIDDLING_SCORE, isHidden: true });
  });

  it('a fight with no hidden foe stores one plain view, as before', () => {
    const t = table();
    t.tracker(smith, { type: 'add', name: 'Ada', side: 'party', stats: { INT: 14, DEX: 12 }, isRevealed: true });
    t.tracker(smith, { type: 'add', name: 'Ogre', side: 'foes', stats: { INT: 7, DEX: 8 }, isRevealed: true });
    t.init(smith, { kind: 'start' });
    const body = t.events.find((e) => e.kind === 'initiative-changed')!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['events', 'requestId']);
  });

  it('an interrupt against a hidden foe shows the player the faces, not the foe\'s total', () => {
    const t = shownParty();
    t.init(smith, { kind: 'start' });
    t.init(smith, { kind: 'roll-contest' }, scriptedRandom([18, 2]));
    t.init(smith, { kind: 'declare-first', by: 'c2', first: 'c1' });
    t.init(smith, { kind: 'ready', by: 'c1', waitFor: 'c3', next: 'c3' });
    expect(t.init(smith, { kind: 'interrupt', by: 'c1', target: 'c3' }, scriptedRandom([12, 4])).ok).toBe(true);
    const seen = projectEvent(t.events.filter((e) => e.kind === 'initiative-changed').at(-1)!, { id: ada.id, role: 'player' });
    const round = (seen['events'] as { kind: string; rounds: { interrupter: { total: number | null }; target: { natural: number; total: number | null } }[] }[])[0]!.rounds[0]!;
    expect(round.interrupter.total).toBeTypeOf('number');
    expect(round.target).toEqual({ natural: 4, total: null });
  });
});
