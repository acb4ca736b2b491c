/**
 * The page's wire types are the server's: the type checks below fail to compile (`npx tsc -p
 * web/tsconfig.json`) when the web's commands or events drift from src/server/wire.ts,
 * src/table/commands.ts and src/table/events.ts; the tests hold the projected shapes against what
 * `projectEvent` really sends.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { scriptedRandom } from '../../../src/dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../../../src/rules/catalogue.js';
import type { CommandMessageInput } from '../../../src/server/wire.js';
import { rollCommand, type TableCommand } from '../../../src/table/commands.js';
import { EVENT_SCHEMA_VERSION, TABLE_EVENT_KINDS, type EventBodies, type EventKind, type NewTableEvent, type TableEvent as StoredEvent } from '../../../src/table/events.js';
import { projectEvent, type Viewer } from '../../../src/table/project.js';
import { initialState } from '../../../src/table/state.js';
import { CORE_EVENT_KINDS, type Command, type CoreEvent, type ReadonlyDeep, type WithoutRequestId } from './protocol.js';

/** A whole (not redacted) event of kind `K` as the page types it. */
type Whole<K extends CoreEvent['kind']> = Extract<CoreEvent, { readonly kind: K; readonly redacted?: never }>;
/** A redacted event of kind `K` as the page types it. */
type Redacted<K extends CoreEvent['kind']> = Extract<CoreEvent, { readonly kind: K; readonly redacted: true }>;
/** An event's fields besides the envelope. */
type BodyOf<E> = Omit<E, 'seq' | 'kind' | 'at' | 'by' | 'redacted'>;
/** Every key of a type, each once: a value of it lists exactly the type's keys. */
type KeysOf<T> = { readonly [K in keyof Required<T>]: true };

describe('commands', () => {
  it('are the server\'s command messages, every kind every table takes', () => {
    expectTypeOf<Command['kind']>().toEqualTypeOf<Exclude<CommandMessageInput['kind'], 'ping'>>();
    expectTypeOf<Command['kind']>().toEqualTypeOf<Exclude<TableCommand['kind'], 'ruleset'>>();
    // What the page sends, with the connection's request id, is what the server's schema reads...
    expectTypeOf<Command & { readonly requestId: string }>().toExtend<ReadonlyDeep<CommandMessageInput>>();
    // ...and every command the table core decides can be sent from the page.
    expectTypeOf<WithoutRequestId<Exclude<TableCommand, { kind: 'ruleset' }>>>().toExtend<Command>();
    expectTypeOf<{ kind: 'usage'; die: 6; label: 'Torch' }>().toExtend<Command>();
    expectTypeOf<{ kind: 'combat'; action: { type: 'set-order'; order: readonly string[] } }>().toExtend<Command>();
    // A field the server does not read, or a value it refuses, does not compile.
    expectTypeOf<{ kind: 'roll'; notation: string; visibility: 'everyone' }>().not.toExtend<Command>();
    expectTypeOf<{ kind: 'combat'; action: { type: 'attack'; attackerId: string; targetId: string } }>().not.toExtend<Command>();
    expectTypeOf<{ kind: 'check'; check: string; visibility: 'public' }>().not.toExtend<Command>();
  });
});

describe('events', () => {
  it('are the core\'s bodies by kind, with the envelope; the secret-capable kinds also redacted', () => {
    expectTypeOf<CoreEvent['kind']>().toEqualTypeOf<EventKind>();
    expect([...CORE_EVENT_KINDS]).toEqual([...TABLE_EVENT_KINDS]);
    expectTypeOf<Redacted<CoreEvent['kind']>['kind']>().toEqualTypeOf<'rolled' | 'checked' | 'usage-rolled' | 'character-saved' | 'chatted'>();
    expectTypeOf<BodyOf<Whole<'checked'>>>().toEqualTypeOf<EventBodies['checked']>();
    expectTypeOf<BodyOf<Whole<'usage-rolled'>>>().toEqualTypeOf<EventBodies['usage-rolled']>();
    expectTypeOf<BodyOf<Whole<'combat-changed'>>>().toEqualTypeOf<EventBodies['combat-changed']>();
    expectTypeOf<BodyOf<Whole<'character-saved'>>>().toEqualTypeOf<EventBodies['character-saved']>();
    expectTypeOf<BodyOf<Whole<'settings-changed'>>>().toEqualTypeOf<EventBodies['settings-changed']>();
    expectTypeOf<Whole<'rolled'>['dice']>().toEqualTypeOf<EventBodies['rolled']['record']['dice']>();
    expectTypeOf<Whole<'rolled'>['terms']>().toEqualTypeOf<EventBodies['rolled']['record']['terms']>();
    expectTypeOf<Whole<'table-created'>['ruleset']>().toExtend<EventBodies['table-created']['ruleset']>();
  });

  // The keys each shape has, checked against the type both ways (`satisfies` with excess properties).
  const rolledKeys = {
    seq: true, kind: true, at: true, by: true, redacted: true,
    requestId: true, notation: true, label: true, total: true, dice: true, terms: true, visibility: true, isPhysical: true,
  } as const satisfies KeysOf<Whole<'rolled'>>;
  const redactedKeys = { seq: true, kind: true, at: true, by: true, requestId: true, visibility: true, redacted: true } as const satisfies KeysOf<Redacted<'rolled'>>;

  async function projected(event: NewTableEvent, viewer: Viewer): Promise<Record<string, unknown>> {
    const stored: StoredEvent = { ...event, seq: 3, at: 10, actorId: 'm2', requestId: 'q', schemaVersion: EVENT_SCHEMA_VERSION };
    return projectEvent(stored, viewer);
  }

  it('`rolled` arrives as the page types it: flat for those who may see it, redacted for the others', async () => {
    const state = initialState({ kind: 'table-created', body: { name: 'T', ruleset: DEFAULT_RULESET, settings: {} } });
    const decided = rollCommand(state, { id: 'm2', role: 'player' }, { kind: 'roll', requestId: 'q', notation: '2d6+1', visibility: 'smith', label: 'Climb', faces: [3, 4] }, {
      rng: scriptedRandom([]),
      rules: await loadRuleSystem(DEFAULT_RULESET),
      now: 0,
    });
    if (!decided.ok) throw new Error(decided.error.message);
    const whole = await projected(decided.value[0]!, { id: 'm2', role: 'player' });
    expect(Object.keys(whole).sort()).toEqual(Object.keys(rolledKeys).filter((k) => k !== 'redacted').sort());
    expect(whole).toMatchObject({ kind: 'rolled', seq: 3, by: 'm2', notation: '2d6+1', total: 8, isPhysical: true });
    const secret = await projected(decided.value[0]!, { id: 'm3', role: 'player' });
    expect(Object.keys(secret).sort()).toEqual(Object.keys(redactedKeys).sort());
  });
});
