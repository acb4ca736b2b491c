import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../../dice/random.js';
import {
  InitiativeNeedsDiceError,
  InitiativeReplayError,
  MAX_COMBATANTS,
  applyInitiative,
  combatantFromEntrant,
  foldInitiative,
  initiativeCandidates,
  rollInitiativeCommand,
  type Combatant,
  type InitiativeCommand,
  type InitiativeEvent,
  type InitiativeState,
} from './initiative.js';

const PARTY: Combatant[] = [
  { id: 'ana', side: 'party', int: 13, dex: 12, isLeader: true },
  { id: 'bo', side: 'party', int: 8, dex: 16 },
  { id: 'orc', side: 'foes', int: 9, dex: 10, isLeader: true },
  { id: 'gob', side: 'foes', int: 10, dex: 14 },
];

/** Runs commands in order, keeping every event; fails the test on the first problem. */
class Table {
  state: InitiativeState | null = null;
  readonly log: InitiativeEvent[] = [];
  constructor(readonly rng: RandomSource = scriptedRandom([])) {}
  run(command: InitiativeCommand): InitiativeState {
    const r = rollInitiativeCommand(this.rng, this.state, command);
    if (!r.ok) throw new Error(`${command.kind}: ${r.error.code} ${r.error.message}`);
    this.log.push(...r.value.events);
    this.state = r.value.state;
    return r.value.state;
  }
  refuse(command: InitiativeCommand): string {
    const r = rollInitiativeCommand(this.rng, this.state, command);
    if (r.ok) throw new Error(`${command.kind} was accepted`);
    expect(r.error.message.length).toBeGreaterThan(10);
    return r.error.code;
  }
}

describe('passing flow (COMBAT: Order of Actions, Passing the Initiative, New Rounds)', () => {
  it('a whole round: contest with a re-rolled tie, declaring, readying, an interrupt, and a new round', () => {
    const t = new Table(scriptedRandom([10, 11, 14, 3, 15, 9]));
    expect(t.run({ kind: 'start', combatants: PARTY }).status).toBe('awaiting-contest');
    // ana (INT 13, +1) 10 -> 11 ties orc (INT 9, 0) 11; re-roll: ana 14 -> 15 beats orc 3
    const s1 = t.run({ kind: 'roll-contest' });
    expect(s1.contestWinnerSide).toBe('party');
    expect(t.log[1]).toMatchObject({ kind: 'contest-rolled', winner: { id: 'ana', side: 'party' } });
    // the winner may declare anyone first, even an opponent; anyone of the winning side may declare
    expect(t.refuse({ kind: 'declare-first', by: 'orc', first: 'orc' })).toBe('initiative/not-winner');
    expect(t.run({ kind: 'declare-first', by: 'bo', first: 'gob' }).acting).toEqual(['gob']);
    // gob readies against ana and passes to bo
    expect(t.refuse({ kind: 'ready', by: 'gob', waitFor: 'gob', next: 'bo' })).toBe('initiative/wait-for-self');
    t.run({ kind: 'ready', by: 'gob', waitFor: 'ana', next: 'bo' });
    expect(t.state!.readied).toEqual([{ id: 'gob', waitFor: 'ana' }]);
    expect(t.refuse({ kind: 'end-turn', by: 'ana', next: 'orc' })).toBe('initiative/not-your-turn');
    expect(t.refuse({ kind: 'end-turn', by: 'bo', next: 'gob' })).toBe('initiative/readied');
    expect(t.refuse({ kind: 'end-turn', by: 'bo', next: 'bo' })).toBe('initiative/pass-to-self');
    t.run({ kind: 'end-turn', by: 'bo', next: 'ana' });
    // ana is about to act; gob interrupts: Initiative Challenge, gob (INT 10) 15 against ana (+1) 9 -> 10
    expect(t.refuse({ kind: 'interrupt', by: 'orc' })).toBe('initiative/not-readied');
    const s2 = t.run({ kind: 'interrupt', by: 'gob' });
    expect(s2.acting).toEqual(['gob']);
    expect(s2.queue).toEqual([['ana']]);
    expect(t.log.at(-1)).toMatchObject({ kind: 'interrupt-rolled', stat: 'INT', winner: 'gob', rounds: [{ interrupter: { natural: 15, total: 15 }, target: { natural: 9, total: 10 } }] });
    // the loser acts right after the winner, then passes normally
    expect(t.refuse({ kind: 'end-turn', by: 'gob', next: 'orc' })).toBe('initiative/must-go-next');
    expect(t.run({ kind: 'end-turn', by: 'gob' }).acting).toEqual(['ana']);
    expect(t.refuse({ kind: 'ready', by: 'ana', waitFor: 'orc', next: 'orc' })).toBe('initiative/must-act');
    expect(t.refuse({ kind: 'end-turn', by: 'ana', next: 'bo' })).toBe('initiative/already-acted');
    expect(t.refuse({ kind: 'end-turn', by: 'ana' })).toBe('initiative/name-next');
    t.run({ kind: 'end-turn', by: 'ana', next: 'orc' });
    // orc is the last: the round ends, orc declares who starts the next (themself allowed)
    const s3 = t.run({ kind: 'end-turn', by: 'orc' });
    expect(s3.status).toBe('round-over');
    expect(s3.declarer).toBe('orc');
    expect(t.refuse({ kind: 'start-round', by: 'ana', first: 'ana' })).toBe('initiative/not-declarer');
    const s4 = t.run({ kind: 'start-round', by: 'orc', first: 'orc' });
    expect(s4).toMatchObject({ round: 2, acted: [], acting: ['orc'], readied: [] });
    expect(foldInitiative(t.log)).toEqual(t.state);
  });

  it('a readied combatant who does not interrupt takes the initiative right after their target', () => {
    const t = new Table(scriptedRandom([20, 1]));
    t.run({ kind: 'start', combatants: PARTY });
    t.run({ kind: 'roll-contest' });
    t.run({ kind: 'declare-first', by: 'ana', first: 'ana' });
    t.run({ kind: 'ready', by: 'ana', waitFor: 'orc', next: 'orc' });
    expect(t.refuse({ kind: 'end-turn', by: 'orc', next: 'bo' })).toBe('initiative/must-go-next');
    const s = t.run({ kind: 'end-turn', by: 'orc' });
    expect(s.acting).toEqual(['ana']);
    expect(s.readied).toEqual([]);
    t.run({ kind: 'end-turn', by: 'ana', next: 'gob' });
    expect(initiativeCandidates(t.state!)).toEqual(['bo']);
  });

  it('a readiness lapses when its target leaves the fight; the acting combatant ends their turn before leaving', () => {
    const t = new Table(scriptedRandom([20, 1]));
    t.run({ kind: 'start', combatants: PARTY });
    t.run({ kind: 'roll-contest' });
    t.run({ kind: 'declare-first', by: 'ana', first: 'bo' });
    t.run({ kind: 'ready', by: 'bo', waitFor: 'gob', next: 'orc' });
    expect(t.refuse({ kind: 'remove', id: 'orc' })).toBe('initiative/end-turn-first');
    t.run({ kind: 'remove', id: 'gob' });
    expect(t.state!.readied).toEqual([]);
    expect(t.refuse({ kind: 'end-turn', by: 'orc', next: 'gob' })).toBe('initiative/out-of-fight');
    t.run({ kind: 'end-turn', by: 'orc', next: 'bo' });
    expect(foldInitiative(t.log)).toEqual(t.state);
  });

  it('surprised combatants sit out the first round unless their INT Test succeeds', () => {
    const t = new Table(scriptedRandom([5, 20, 20, 1]));
    t.run({ kind: 'start', combatants: PARTY, surprised: ['orc', 'gob'] });
    // orc INT 9: 5 recovers; gob INT 10: 20 stays surprised
    t.run({ kind: 'roll-surprise', ids: ['orc', 'gob'] });
    expect(t.state!.surprised).toEqual(['gob']);
    expect(t.refuse({ kind: 'roll-surprise', ids: ['gob'] })).toBe('initiative/already-tested');
    t.run({ kind: 'roll-contest' });
    expect(t.refuse({ kind: 'declare-first', by: 'ana', first: 'gob' })).toBe('initiative/surprised');
    t.run({ kind: 'declare-first', by: 'ana', first: 'orc' });
    t.run({ kind: 'end-turn', by: 'orc', next: 'ana' });
    t.run({ kind: 'end-turn', by: 'ana', next: 'bo' });
    expect(t.run({ kind: 'end-turn', by: 'bo' }).status).toBe('round-over');
    t.run({ kind: 'start-round', by: 'bo', first: 'gob' });
    expect(t.state!.surprised).toEqual([]);
  });

  it('rolling commands need dice: applyInitiative throws a programmer error for them', () => {
    const started = applyInitiative(null, { kind: 'start', combatants: PARTY });
    if (!started.ok) throw new Error('start refused');
    expect(() => applyInitiative(started.value.state, { kind: 'roll-contest' })).toThrow(InitiativeNeedsDiceError);
  });

  it('checks the start: ids, sides, leaders, scores, and MAX_COMBATANTS at and past', () => {
    const t = new Table();
    expect(t.refuse({ kind: 'start', combatants: [PARTY[0]!] })).toBe('initiative/too-few-combatants');
    expect(t.refuse({ kind: 'start', combatants: [PARTY[0]!, PARTY[1]!] })).toBe('initiative/one-side');
    expect(t.refuse({ kind: 'start', combatants: [PARTY[0]!, PARTY[0]!] })).toBe('initiative/duplicate-id');
    expect(t.refuse({ kind: 'start', combatants: [PARTY[0]!, { ...PARTY[1]!, isLeader: true }, PARTY[2]!] })).toBe('initiative/two-leaders');
    expect(t.refuse({ kind: 'start', combatants: [PARTY[0]!, { ...PARTY[2]!, dex: 0 }] })).toBe('initiative/stat-off-table');
    expect(t.refuse({ kind: 'start', combatants: PARTY, initiator: 'ana' })).toBe('initiative/no-initiator-in-passing');
    const many = (n: number): Combatant[] => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, side: i % 2 === 0 ? 'a' : 'b', int: 10, dex: 10 }));
    expect(applyInitiative(null, { kind: 'start', combatants: many(MAX_COMBATANTS) }).ok).toBe(true);
    expect(t.refuse({ kind: 'start', combatants: many(MAX_COMBATANTS + 1) })).toBe('initiative/too-many-combatants');
    expect(t.refuse({ kind: 'roll-contest' })).toBe('initiative/not-started');
  });

  it('reads contract entrants as combatants', () => {
    const c = combatantFromEntrant({ id: 'ana', side: 'party', stats: { int: 13, DEX: 12 }, isLeader: true });
    expect(c.ok && c.value).toEqual({ id: 'ana', side: 'party', int: 13, dex: 12, isLeader: true });
    const m = combatantFromEntrant({ id: 'x', side: 'y', stats: { INT: 9 } });
    expect(!m.ok && m.error.code).toBe('initiative/missing-stat');
  });

  it('a corrupted log is a programmer error', () => {
    expect(() => foldInitiative([])).toThrow(InitiativeReplayError);
    expect(() => foldInitiative([{ schemaVersion: 1, kind: 'combat-ended' }])).toThrow(InitiativeReplayError);
  });
});

describe('Exchanges flow (COMBAT FLOW 2024-09: TURN ORDERS, SURPRISE, SIMULTANEOUS and INTERRUPTING ACTION)', () => {
  const exchanges = { flow: 'exchanges' as const };

  it('the initiator goes first; the affected act next; self-only actions pass to someone else; surprise by INT Tests', () => {
    const t = new Table(scriptedRandom([8, 15]));
    expect(t.refuse({ kind: 'start', combatants: PARTY, settings: exchanges })).toBe('initiative/needs-initiator');
    expect(t.refuse({ kind: 'start', combatants: PARTY, settings: exchanges, initiator: 'orc', surprised: ['orc'] })).toBe('initiative/initiator-surprised');
    const s0 = t.run({ kind: 'start', combatants: PARTY, settings: exchanges, initiator: 'ana', surprised: ['orc', 'gob'] });
    expect(s0.acting).toEqual(['ana']);
    // orc (INT 9) rolls 8: recovers; gob (INT 10) rolls 15: stays surprised for the first Exchange
    t.run({ kind: 'roll-surprise', ids: ['orc', 'gob'] });
    expect(t.state!.surprised).toEqual(['gob']);
    // ana's attack affects gob, who is surprised: the next must be someone who can act
    expect(t.refuse({ kind: 'end-action', affected: ['gob'], next: ['gob'] })).toBe('initiative/already-acted');
    expect(t.refuse({ kind: 'end-action', affected: ['orc'], next: ['bo'] })).toBe('initiative/not-affected');
    t.run({ kind: 'end-action', affected: ['orc'], next: ['orc'] });
    // orc's blast hits ana (who acted) and bo: bo acts next
    t.run({ kind: 'end-action', affected: ['ana', 'bo'], next: ['bo'] });
    // bo affects only themself; nobody else may act (gob surprised): the Exchange ends
    const s1 = t.run({ kind: 'end-action', affected: ['bo'] });
    expect(s1.status).toBe('exchange-over');
    expect(t.refuse({ kind: 'end-action', affected: [] })).toBe('initiative/nobody-acting');
    const s2 = t.run({ kind: 'new-exchange', first: ['gob'] });
    expect(s2).toMatchObject({ round: 2, acting: ['gob'], surprised: [] });
    expect(foldInitiative(t.log)).toEqual(t.state);
  });

  it('all the affected may act simultaneously; an affected combatant who has acted chooses the next', () => {
    const t = new Table();
    t.run({ kind: 'start', combatants: PARTY, settings: exchanges, initiator: 'ana' });
    expect(t.refuse({ kind: 'end-action', affected: ['orc', 'gob'], next: ['orc', 'bo'] })).toBe('initiative/not-affected');
    expect(t.run({ kind: 'end-action', affected: ['orc', 'gob'], next: ['orc', 'gob'] }).acting).toEqual(['orc', 'gob']);
    // their simultaneous actions affect ana only, who has acted: ana names the next
    expect(t.refuse({ kind: 'end-action', affected: ['ana'], next: ['bo'] })).toBe('initiative/needs-chooser');
    expect(t.refuse({ kind: 'end-action', affected: ['ana'], next: ['bo'], chooser: 'orc' })).toBe('initiative/bad-chooser');
    t.run({ kind: 'end-action', affected: ['ana'], next: ['bo'], chooser: 'ana' });
    expect(t.state!.acting).toEqual(['bo']);
    expect(t.run({ kind: 'end-action', affected: [] }).status).toBe('exchange-over');
  });

  it('interrupting: a DEX Competition, ties to the character already acting', () => {
    // bo (DEX 16, +2) 7 -> 9 against orc (DEX 10) 9: tie goes to orc, who acts first; then bo
    const t = new Table(scriptedRandom([7, 9, 18, 2]));
    t.run({ kind: 'start', combatants: PARTY, settings: exchanges, initiator: 'orc' });
    const s = t.run({ kind: 'interrupt', by: 'bo' });
    expect(s.acting).toEqual(['orc']);
    expect(s.queue).toEqual([['bo']]);
    expect(t.refuse({ kind: 'end-action', affected: ['ana'], next: ['ana'] })).toBe('initiative/must-go-next');
    expect(t.run({ kind: 'end-action', affected: ['ana'] }).acting).toEqual(['bo']);
    // gob (DEX 14, +1) interrupts bo: 18 + 1 beats 2 + 2, gob acts first, then bo
    const s2 = t.run({ kind: 'interrupt', by: 'gob' });
    expect(s2.acting).toEqual(['gob']);
    expect(t.refuse({ kind: 'interrupt', by: 'orc' })).toBe('initiative/already-acted');
    t.run({ kind: 'end-action', affected: [] });
    expect(t.state!.acting).toEqual(['bo']);
    expect(foldInitiative(t.log)).toEqual(t.state);
  });

  it('passing-only commands are refused in the Exchanges flow and the other way round', () => {
    const t = new Table();
    t.run({ kind: 'start', combatants: PARTY, settings: exchanges, initiator: 'ana' });
    expect(t.refuse({ kind: 'end-turn', by: 'ana', next: 'bo' })).toBe('initiative/wrong-flow');
    expect(t.refuse({ kind: 'roll-contest' })).toBe('initiative/wrong-flow');
    const u = new Table();
    u.run({ kind: 'start', combatants: PARTY });
    expect(u.refuse({ kind: 'end-action', affected: [] })).toBe('initiative/wrong-flow');
  });
});

// ---- properties ------------------------------------------------------------------------------------

/** A source that counts the faces it hands out. */
function counting(seed: number): RandomSource & { count: number } {
  const inner = seededRandom(seed);
  const r = {
    count: 0,
    rollDie(sides: number) {
      r.count += 1;
      return inner.rollDie(sides);
    },
  };
  return r;
}

function facesIn(events: readonly InitiativeEvent[]): number {
  let n = 0;
  for (const e of events) {
    if (e.kind === 'contest-rolled') n += e.rounds.reduce((s, r) => s + r.rolls.length, 0);
    if (e.kind === 'interrupt-rolled') n += 2 * e.rounds.length;
    if (e.kind === 'surprise-rolled') n += e.tests.filter((t) => t.natural !== null).length;
  }
  return n;
}

/** A command a table might send now, picked by `k`: mostly sensible ones, some of them mistakes. */
function someCommand(state: InitiativeState, k: number): InitiativeCommand {
  const ids = state.combatants.map((c) => c.id);
  const pick = <T>(xs: readonly T[], j: number): T => xs[Math.abs(j) % xs.length]!;
  const a = pick(ids, k);
  const b = pick(ids, k >> 3);
  const acting = state.acting[0] ?? a;
  const open = initiativeCandidates(state);
  const c = open.length > 0 ? pick(open, k >> 5) : b;
  const mistakes: InitiativeCommand[] = [
    { kind: 'declare-first', by: a, first: b },
    { kind: 'end-turn', by: a, next: b },
    { kind: 'ready', by: acting, waitFor: a, next: b },
    { kind: 'interrupt', by: a },
    { kind: 'end-action', affected: [a, b], next: [b] },
    { kind: 'end-action', affected: [a], next: [b], chooser: a },
    { kind: 'roll-surprise', ids: [a] },
    { kind: 'remove', id: a },
  ];
  if ((k & 7) === 0) return pick(mistakes, k >> 4);
  const readiedOnActing = state.readied.find((r) => state.acting.includes(r.waitFor));
  if (readiedOnActing && (k & 8) !== 0) return { kind: 'interrupt', by: readiedOnActing.id };
  if (state.settings.flow === 'passing') {
    switch (state.status) {
      case 'awaiting-contest':
        return { kind: 'roll-contest' };
      case 'awaiting-first': {
        const side = state.combatants.filter((x) => x.side === state.contestWinnerSide && !state.out.includes(x.id));
        return { kind: 'declare-first', by: side[0]?.id ?? a, first: c };
      }
      case 'round-over':
        return (k & 16) !== 0 ? { kind: 'start-round', by: state.declarer ?? a, first: pick(ids.filter((x) => !state.out.includes(x)), k >> 2) } : { kind: 'end-combat' };
      default:
        if ((k & 48) === 48) return { kind: 'ready', by: acting, waitFor: c, next: pick(open, k >> 7) ?? b };
        return state.queue.length > 0 || open.length === 0 ? { kind: 'end-turn', by: acting } : { kind: 'end-turn', by: acting, next: c };
    }
  }
  if (state.status === 'exchange-over') return (k & 16) !== 0 ? { kind: 'new-exchange', first: [pick(ids.filter((x) => !state.out.includes(x)), k >> 2)] } : { kind: 'end-combat' };
  if ((k & 48) === 16 && open.length > 0) return { kind: 'interrupt', by: c };
  if ((k & 48) === 32) return { kind: 'end-action', affected: [a], next: [a] };
  if ((k & 48) === 48) return { kind: 'end-action', affected: [a, b], next: [a, b].filter((x) => open.includes(x)) };
  return { kind: 'end-action', affected: [], ...(open.length > 0 && state.queue.length === 0 ? { next: [c] } : {}) };
}

describe('initiative properties', () => {
  it('the fold of the events reproduces the state; replay never rolls (every face is in an event)', () => {
    let accepted = 0;
    let rolled = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 1 << 12 }), { minLength: 1, maxLength: 80 }),
        (seed, isExchanges, picks) => {
          const rng = counting(seed);
          const started = rollInitiativeCommand(rng, null, {
            kind: 'start',
            combatants: PARTY,
            settings: { flow: isExchanges ? 'exchanges' : 'passing' },
            ...(isExchanges ? { initiator: 'ana' } : {}),
            surprised: ['gob'],
          });
          if (!started.ok) throw new Error(started.error.message);
          let state = started.value.state;
          const log: InitiativeEvent[] = [...started.value.events];
          for (const k of picks) {
            const r = rollInitiativeCommand(rng, state, someCommand(state, k));
            if (!r.ok) {
              expect(r.error.code.startsWith('initiative/')).toBe(true);
              continue;
            }
            log.push(...r.value.events);
            accepted += 1;
            state = r.value.state;
            expect(foldInitiative(log)).toEqual(state);
            // invariants: nobody acts twice in a round; the acting are in the fight
            expect(new Set(state.acted).size).toBe(state.acted.length);
            for (const id of state.acting) expect(state.out.includes(id)).toBe(false);
          }
          expect(facesIn(log)).toBe(rng.count);
          rolled += rng.count;
          // a replay from JSON (as stored) needs no dice at all
          expect(foldInitiative(JSON.parse(JSON.stringify(log)) as InitiativeEvent[])).toEqual(state);
        },
      ),
      { numRuns: 300 },
    );
    // the random driver reaches far into fights, rolling on the way
    expect(accepted).toBeGreaterThan(1000);
    expect(rolled).toBeGreaterThan(300);
  });
});
