// verifyLog against tables decided in memory with derived dice: for random tables of rolls of every
// kind (plain, physical, checks, usage dice, hammer pools, the tracker's initiative with a hidden foe,
// character changes that roll), secret and public, across reveals, the Smith's view verifies every
// revealed roll and a player's view every revealed roll the player may see, with no mismatch.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import type { RuleSystem } from '../rules/rule-system.js';
import type { Actor, TableCommand } from './commands.js';
import { revealEvents, rollVerifiable, type EpochKeys } from './epochs.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from './events.js';
import { projectEvent } from './project.js';
import { applyEvent, type TableState } from './state.js';
import { verifyLog } from './verify.js';

const rules: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const TABLE_ID = 'tbl-prop';

function keysFrom(n: number): EpochKeys {
  const bytes = (k: number) => Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + k * 13 + 1) & 0xff);
  return { key: bytes(2 * n), secretKey: bytes(2 * n + 1) };
}

type Step = { readonly who: 'S' | 'A'; readonly make: (rid: string) => TableCommand } | 'reveal';

const ruleset = (command: unknown): TableCommand => {
  const read = rules.table!.readCommand(command);
  if (!read.ok) throw new Error(read.error.message);
  return { kind: 'ruleset', requestId: rules.table!.requestIdOf(read.value), command: read.value };
};

/** HAMMERCRAWL!'s initiative contest between the party and the Smith's hidden Goblin. */
const initiative = (requestId: string): TableCommand => ruleset({ kind: 'combat', requestId, action: { type: 'initiative', command: { kind: 'roll-contest' } } });

const vis = fc.constantFrom('public', 'smith', 'blind') as fc.Arbitrary<'public' | 'smith' | 'blind'>;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ who: fc.constantFrom('S', 'A'), notation: fc.constantFrom('1d20', '4d6kh3+2', '2d20adv', '3d6!', 'd8^+2', 'd100', '2d1000'), v: vis }).map(({ who, notation, v }) => ({ who, make: (requestId: string) => ({ kind: 'roll', requestId, notation, visibility: v }) }) as Step),
  fc.record({ faces: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 2 }) }).map(({ faces }) => ({ who: 'A', make: (requestId: string) => ({ kind: 'roll', requestId, notation: '2d6', visibility: 'public', faces }) }) as Step),
  fc.record({ target: fc.integer({ min: 5, max: 20 }), v: vis }).map(({ target, v }) => ({ who: 'A', make: (requestId: string) => ({ kind: 'check', requestId, check: 'test', params: { target }, visibility: v }) }) as Step),
  fc.record({ die: fc.constantFrom(4, 6, 8, 10, 12), v: vis }).map(({ die, v }) => ({ who: 'A', make: (requestId: string) => ({ kind: 'usage', requestId, die, label: 'Torches', visibility: v }) }) as Step),
  fc.record({ level: fc.integer({ min: 1, max: 5 }), v: vis }).map(({ level, v }) => ({ who: 'A', make: (requestId: string) => ruleset({ kind: 'hammer', requestId, pool: { kind: 'check', level, isFeat: true }, visibility: v }) }) as Step),
  fc.record({ difficulty: fc.integer({ min: 1, max: 4 }) }).map(({ difficulty }) => ({ who: 'S', make: (requestId: string) => ruleset({ kind: 'hammer', requestId, pool: { kind: 'node', difficulty }, visibility: 'smith' }) }) as Step),
  fc.constant({ who: 'S', make: initiative } as Step),
  fc.constant('reveal' as Step),
);

/** Plays the steps with derived dice, as the server does; the log, and how many commands rolled. */
function play(steps: readonly Step[]) {
  const events: TableEvent[] = [];
  let state: TableState | null = null;
  let epochs = 0;
  const append = (made: readonly NewTableEvent[], actor: Actor | null) => {
    for (const e of made) {
      const stored = { ...e, seq: events.length + 1, at: 1000 + events.length, actorId: actor?.id ?? null, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      events.push(stored);
      state = applyEvent(state, stored, rules.table);
    }
  };
  const current = () => state as unknown as TableState;
  append([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings: {} } }], smith);
  append([{ kind: 'member-joined', body: { member: { id: 'S', name: 'Mora', role: 'smith' } } }], smith);
  append([{ kind: 'member-joined', body: { member: { id: 'A', name: 'Ada', role: 'player' } } }], ada);
  const added = [
    { type: 'add', name: 'Ada', side: 'party' },
    { type: 'add', name: 'Goblin', side: 'foes', monster: 'hd=1,attack=+2,defense=12,damage=d6' },
  ] as const;
  let rid = 0;
  for (const action of added) {
    const r = rollVerifiableOrPlain({ kind: 'combat', requestId: `c${++rid}`, action } as TableCommand, smith);
    if (r) append(r, smith);
  }
  const started = rollVerifiableOrPlain(ruleset({ kind: 'combat', requestId: 'start', action: { type: 'initiative', command: { kind: 'start' } } }), smith);
  if (started) append(started, smith);
  let rolled = 0;
  let revealedRolls = 0;
  function rollVerifiableOrPlain(command: TableCommand, actor: Actor): NewTableEvent[] | null {
    const s = current();
    if (s.epochs.current === null) append(revealEvents(s.epochs, 'limit', keysFrom(++epochs)), null);
    const r = rollVerifiable(current(), actor, command, { rules, now: 1_000_000 }, { tableId: TABLE_ID, seq: current().lastSeq + 1, nonce: `n${rid}` });
    return r.ok ? r.value : null;
  }
  let sinceReveal = 0;
  for (const s of steps) {
    if (s === 'reveal') {
      if (current().epochs.current !== null) {
        append(revealEvents(current().epochs, 'smith', keysFrom(++epochs)), smith);
        revealedRolls += sinceReveal;
        sinceReveal = 0;
      }
      continue;
    }
    const actor = s.who === 'S' ? smith : ada;
    const made = rollVerifiableOrPlain(s.make(`q${++rid}`), actor);
    if (made === null) continue;
    append(made, actor);
    if (made.some((e) => Object.hasOwn(e.body, 'drawn'))) {
      rolled += 1;
      sinceReveal += 1;
    }
  }
  return { events, rolled, revealedRolls, unrevealed: sinceReveal };
}

const verifyAs = (events: readonly TableEvent[], viewer: Actor) => verifyLog({ tableId: TABLE_ID, chain: rules.chain, events: events.map((e) => projectEvent(e, viewer)) });

describe('verifyLog agrees with the table that made the log', () => {
  test('random tables of every kind of roll: the Smith verifies every revealed roll, the rest are not yet revealed', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const { events, rolled, revealedRolls, unrevealed } = play(steps);
        const asSmith = verifyAs(events, smith);
        expect(asSmith.problems).toEqual([]);
        expect(asSmith.verified).toBe(revealedRolls);
        expect(asSmith.notRevealed).toBe(unrevealed);
        expect(asSmith.verified + asSmith.notRevealed).toBe(rolled);
        const asAda = verifyAs(events, ada);
        expect(asAda.problems).toEqual([]);
        expect(asAda.verified).toBeLessThanOrEqual(asSmith.verified);
        // Every command that rolled is in one of Ada's counts: verified, not yet revealed (to her),
        // withheld (seen in part: a hidden foe's initiative), or hidden from her whole.
        const hiddenCommands = events.filter((e) => Object.hasOwn(e.body, 'drawn') && projectEvent(e, ada)['redacted'] === true).length;
        expect(asAda.verified + asAda.notRevealed + asAda.withheld + hiddenCommands).toBe(rolled);
        const initiatives = events.filter((e) => e.kind === 'initiative-changed' && Object.hasOwn(e.body, 'drawn')).length;
        expect(asAda.withheld).toBe(initiatives);
      }),
      { numRuns: 60, seed: 18 },
    );
  });

  test('any one draw changed in a revealed roll is a mismatch named at its event', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 3, maxLength: 15 }), fc.nat(), (steps, pick) => {
        const { events } = play([...steps, 'reveal']);
        const projected = events.map((e) => projectEvent(e, smith));
        const rolls = projected.filter((e) => e['drawn'] !== undefined && (e['drawn'] as { draws: unknown[] }).draws.length > 0);
        fc.pre(rolls.length > 0);
        const target = rolls[pick % rolls.length]!;
        const drawn = target['drawn'] as { draws: [number, number][] };
        const tampered = projected.map((e) => (e === target ? { ...e, drawn: { ...drawn, draws: drawn.draws.map(([s, f], i) => (i === 0 ? [s, s === 1 ? 2 : (f % s) + 1] : [s, f])) } } : e));
        const report = verifyLog({ tableId: TABLE_ID, chain: rules.chain, events: tampered });
        expect(report.problems.map((p) => p.seq)).toContain(target.seq);
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  test("the tracker's initiative with the Smith's hidden foe is derived from the secret key, and players get no draws of it", () => {
    const { events } = play([{ who: 'S', make: initiative }, 'reveal']);
    const rolled = events.filter((e) => Object.hasOwn(e.body, 'drawn')).at(-1)!;
    expect(['combat-changed', 'initiative-changed']).toContain(rolled.kind);
    expect((rolled.body as { drawn: { key: string } }).drawn.key).toBe('secret');
    // Ada gets a mark of the derivation: no draws and no nonce, so she can count it but not recompute it.
    const drawn = (rolled.body as { drawn: { epoch: number; events: number } }).drawn;
    expect(projectEvent(rolled, ada)['drawn']).toEqual({ epoch: drawn.epoch, key: 'secret', events: drawn.events, isWithheld: true });
    expect(verifyAs(events, smith)).toMatchObject({ verified: 1, mismatches: 0, withheld: 0 });
    expect(verifyAs(events, ada)).toMatchObject({ verified: 0, mismatches: 0, withheld: 1, notRevealed: 0 });
  });
});
