/**
 * HAMMERCRAWL!'s wire types on the page are the ruleset's: the type checks below fail to compile
 * (`npx tsc -p web/tsconfig.json`) when the page's commands or events drift from the table extension's
 * (src/rules/hammercrawl/table/), and the tests send what the page types through the server's own
 * reader, table core and projection.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { scriptedRandom } from '../../../../src/dice/random.js';
import { ruleSystem } from '../../../../src/rules/hammercrawl/rule-system.js';
import { hammercrawlTable, type HammercrawlEventBodies } from '../../../../src/rules/hammercrawl/table/extension.js';
import { readHammercrawlCommand, type HammercrawlTableCommand } from '../../../../src/rules/hammercrawl/table/read-command.js';
import { rollCommand, type Actor } from '../../../../src/table/commands.js';
import { EVENT_SCHEMA_VERSION } from '../../../../src/table/events.js';
import { projectEvent, type Viewer } from '../../../../src/table/project.js';
import { initialState } from '../../../../src/table/state.js';
import type { RulesetCommand } from '../../lib/protocol.js';
import { hammerResult, ventureEvents, type HammercrawlCommand, type HammercrawlEvent, type HammercrawlEventOf } from './wire.js';

type Whole<K extends HammercrawlEvent['kind']> = Extract<HammercrawlEventOf<K>, { readonly redacted?: never }>;
type Redacted<K extends HammercrawlEvent['kind']> = Extract<HammercrawlEventOf<K>, { readonly redacted: true }>;
type KeysOf<T> = { readonly [K in keyof Required<T>]: true };

describe('HAMMERCRAWL! commands', () => {
  it('are the ones its table extension reads, without the request id', () => {
    expectTypeOf<HammercrawlCommand['kind']>().toEqualTypeOf<HammercrawlTableCommand['kind']>();
    expectTypeOf<HammercrawlCommand & { readonly requestId: string }>().toExtend<HammercrawlTableCommand>();
    expectTypeOf<HammercrawlCommand>().toExtend<RulesetCommand>();
    expectTypeOf<{ kind: 'hammer'; pool: { kind: 'node'; difficulty: 2 }; visibility: 'smith' }>().toExtend<HammercrawlCommand>();
    expectTypeOf<{ kind: 'magick'; characterId: string; command: { kind: 'cast'; spellId: string; effect: 'sustained' } }>().toExtend<HammercrawlCommand>();
    // What the reader refuses does not compile.
    expectTypeOf<{ kind: 'hammer'; pool: { kind: 'dice'; colours: ['mauve'] }; visibility: 'public' }>().not.toExtend<HammercrawlCommand>();
    expectTypeOf<{ kind: 'venture'; command: { kind: 'light'; id: string; source: 'candle' } }>().not.toExtend<HammercrawlCommand>();
    expectTypeOf<{ kind: 'magick'; command: { kind: 'night-rest' } }>().not.toExtend<HammercrawlCommand>();
  });

  it('are every kind the extension declares', () => {
    const kinds = { venture: true, magick: true, hammer: true, 'hammer-effects': true, 'hammer-scene-end': true, combat: true } as const satisfies KeysOf<Record<HammercrawlCommand['kind'], true>>;
    expect([...hammercrawlTable.commands.map((c) => c.kind), 'combat'].sort()).toEqual(Object.keys(kinds).sort());
  });
});

describe('HAMMERCRAWL! events', () => {
  const smith: Actor = { id: 's', role: 'smith' };
  const player: Viewer = { id: 'p', role: 'player' };
  const rolledKeys = {
    seq: true, kind: true, at: true, by: true, redacted: true,
    requestId: true, visibility: true, pool: true, faces: true, result: true, label: true, characterId: true, hammerPlus: true, isPhysical: true,
    rollerId: true, spentBanked: true, check: true, isApplied: true,
  } as const satisfies KeysOf<Whole<'hammer-rolled'>>;
  const redactedKeys = { seq: true, kind: true, at: true, by: true, requestId: true, visibility: true, redacted: true } as const satisfies KeysOf<Redacted<'hammer-rolled'>>;
  const ventureKeys = { seq: true, kind: true, at: true, by: true, redacted: true, requestId: true, command: true, events: true } as const satisfies KeysOf<Whole<'venture-changed'>>;

  it('are the extension\'s bodies by kind; only a hammer roll and its picks can be secret', () => {
    expectTypeOf<HammercrawlEvent['kind']>().toEqualTypeOf<keyof HammercrawlEventBodies>();
    expect([...hammercrawlTable.eventKinds].sort()).toEqual(['hammer-effects-chosen', 'hammer-rolled', 'hammer-scene-ended', 'initiative-changed', 'magick-changed', 'venture-changed']);
    expectTypeOf<Extract<HammercrawlEvent, { readonly redacted: true }>['kind']>().toEqualTypeOf<'hammer-rolled' | 'hammer-effects-chosen'>();
    expectTypeOf<Whole<'hammer-rolled'>['result']>().toEqualTypeOf<HammercrawlEventBodies['hammer-rolled']['result']>();
    expectTypeOf<Whole<'magick-changed'>['events']>().toEqualTypeOf<HammercrawlEventBodies['magick-changed']['events']>();
  });

  /** Sends a command as the page types it through the server's reader and the table core; the events as `viewer` gets them. */
  function sent(command: HammercrawlCommand, viewer: Viewer): Record<string, unknown>[] {
    const read = readHammercrawlCommand({ ...command, requestId: 'q1' });
    if (!read.ok) throw new Error(read.error.message);
    const state = initialState({ kind: 'table-created', body: { name: 'T', ruleset: 'hammercrawl', settings: {} } }, hammercrawlTable);
    const decided = rollCommand(state, smith, { kind: 'ruleset', requestId: 'q1', command: read.value }, { rng: scriptedRandom([]), rules: ruleSystem, now: 1000 });
    if (!decided.ok) throw new Error(decided.error.message);
    return decided.value.map((e, i) => projectEvent({ ...e, seq: i + 2, at: 1000, actorId: smith.id, requestId: 'q1', schemaVersion: EVENT_SCHEMA_VERSION }, viewer));
  }

  it('a hammer roll arrives as the page types it, whole for the Smith and redacted for a player', () => {
    const command: HammercrawlCommand = { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'smith', label: 'Climb', faces: [4] };
    const [whole] = sent(command, smith);
    expect(Object.keys(whole!).every((k) => k in rolledKeys)).toBe(true);
    expect(whole).toMatchObject({ kind: 'hammer-rolled', requestId: 'q1', visibility: 'smith', label: 'Climb', faces: [4], isPhysical: true });
    expect(hammerResult(whole as HammercrawlEvent)?.netHammers).toBeTypeOf('number');
    const [secret] = sent(command, player);
    expect(Object.keys(secret!).sort()).toEqual(Object.keys(redactedKeys).sort());
  });

  it('a Venture command arrives with the module\'s events, which the page reads', () => {
    const [changed] = sent({ kind: 'venture', command: { kind: 'join', member: { id: 'ch1', xp: 0 } } }, player);
    expect(Object.keys(changed!).sort()).toEqual(Object.keys(ventureKeys).filter((k) => k !== 'redacted').sort());
    expect(ventureEvents([changed as HammercrawlEvent]).map((e) => e.kind)).toEqual(['member-joined']);
  });
});
