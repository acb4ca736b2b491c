// A secret roll's consequences are as secret as the roll (ruling TB-21): for every command that can
// follow a secret roll onto a character, a viewer not entitled to the roll receives the same events
// whatever the dice did, never the canary in its label, and the character as it was before.
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import type { RuleSystem } from '../rules/rule-system.js';
import { rollCommand, type Actor, type TableCommand } from './commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type Role, type TableEvent, type Visibility } from './events.js';
import { charactersFor, isEntitled, projectEvent } from './project.js';
import { applyEvent, type TableState } from './state.js';
import { entitlementOf } from '../../test/secret-rolls.js';

const rules: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };
const olive: Actor = { id: 'O', role: 'observer' };
const viewers = [smith, ada, bob, olive].map((a) => ({ id: a.id, role: a.role as Role }));

const character = (() => {
  const r = rules.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

/** A table in memory, folded with the ruleset's extension: Ada's character ch1 and the Smith's ch2, both in a running fight. */
function table() {
  const events: TableEvent[] = [];
  let state: TableState | null = null;
  const append = (made: readonly NewTableEvent[], actor: Actor, requestId: string | null): void => {
    for (const e of made) {
      const stored = { ...e, seq: events.length + 1, at: 1000, actorId: actor.id, requestId, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      events.push(stored);
      state = applyEvent(state, stored, rules.table);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings: {} } }], smith, null);
  for (const m of [smith, ada, bob, olive]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m, null);
  const t = {
    events,
    get state(): TableState {
      return state!;
    },
    run(actor: Actor, command: TableCommand, rng: RandomSource = seededRandom(1)) {
      const r = rollCommand(state!, actor, command, { rng, rules, now: 1_000_000 });
      if (r.ok) append(r.value, actor, command.requestId);
      return r;
    },
  };
  const must = (r: ReturnType<typeof t.run>) => {
    if (!r.ok) throw new Error(r.error.message);
  };
  must(t.run(ada, { kind: 'character-save', requestId: 'c1', character }));
  must(t.run(smith, { kind: 'character-save', requestId: 'c2', character }));
  must(t.run(smith, { kind: 'combat', requestId: 'f1', action: { type: 'add', name: 'Ysolde', side: 'party', characterId: 'ch1' } }));
  must(t.run(smith, { kind: 'combat', requestId: 'f2', action: { type: 'add', name: 'Hireling', side: 'party', characterId: 'ch2' } }));
  return t;
}

const CANARY = 'canary-7f3q';
type Case = {
  readonly name: string;
  readonly roller: Actor;
  readonly visibility: Exclude<Visibility, 'public'>;
  /** Commands before the secret one (a roll to pick for). */
  readonly setup?: (t: ReturnType<typeof table>, rng: RandomSource) => void;
  readonly command: TableCommand;
};

/** Every command that takes a visibility and a character, by a roller the owner may see (TB-21). */
const CASES: readonly Case[] = [
  ...(['smith', 'blind'] as const).flatMap((visibility): Case[] => [
    { name: `the Smith's ${visibility} usage die on the Smith's own character`, roller: smith, visibility, command: { kind: 'usage', requestId: 'x', characterId: 'ch2', path: '/healthDie', label: CANARY, visibility } },
    { name: `a ${visibility} check for a character`, roller: visibility === 'smith' ? ada : smith, visibility, command: { kind: 'check', requestId: 'x', check: 'test', params: { target: 12 }, characterId: 'ch1', label: CANARY, visibility } },
    {
      name: `a ${visibility} hammer dice Check for a character`,
      roller: visibility === 'smith' ? ada : smith,
      visibility,
      command: { kind: 'ruleset', requestId: 'x', command: { kind: 'hammer', requestId: 'x', pool: { kind: 'check', level: 3, isFeat: true, advantages: 1 }, characterId: 'ch1', label: CANARY, visibility } },
    },
  ]),
  { name: "Ada's Smith-only usage die on her own character", roller: ada, visibility: 'smith', command: { kind: 'usage', requestId: 'x', characterId: 'ch1', path: '/healthDie', label: CANARY, visibility: 'smith' } },
  ...(['smith', 'blind'] as const).map(
    (visibility): Case => ({
      name: `the Smith's pick for a skull of a ${visibility} hammer roll, read as a teardrop`,
      roller: smith,
      visibility,
      setup: (t, rng) => void t.run(smith, { kind: 'ruleset', requestId: 'h', command: { kind: 'hammer', requestId: 'h', pool: { kind: 'dice', colours: ['black'] }, faces: [4], characterId: 'ch2', label: CANARY, visibility } }, rng),
      command: { kind: 'ruleset', requestId: 'x', command: { kind: 'hammer-effects', requestId: 'x', rollId: 'h', picks: [{ symbol: 'skull', effect: 'skull-as-teardrop' }] } },
    }),
  ),
];

/** The command's events as `viewer` receives them, and the characters as the viewer knows them after. */
function seenBy(t: ReturnType<typeof table>, from: number, viewer: (typeof viewers)[number]) {
  return { events: t.events.slice(from).map((e) => projectEvent(e, viewer)), characters: charactersFor(t.state, viewer) };
}

describe('a secret roll on a character: its consequences are as secret as the roll (TB-21)', () => {
  it.each(CASES)('$name: the others receive the same events whatever the dice, without the canary', ({ roller, visibility, setup, command }) => {
    const byViewer = new Map<string, Set<string>>();
    for (let seed = 1; seed <= 40; seed++) {
      const t = table();
      const rng = seededRandom(seed);
      const from = t.events.length;
      const before = t.state.characters;
      setup?.(t, rng);
      const r = t.run(roller, command, rng);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      for (const v of viewers) {
        const seen = seenBy(t, from, v);
        const text = JSON.stringify(seen.events);
        const entitled = entitlementOf(v.role, visibility, v.id === roller.id);
        expect(isEntitled(v, visibility, roller.id)).toBe(entitled);
        expect(text.includes(CANARY)).toBe(entitled);
        if (entitled) {
          expect(seen.characters).toEqual(t.state.characters);
          continue;
        }
        expect(seen.characters).toEqual(before);
        const set = byViewer.get(v.id) ?? new Set<string>();
        set.add(text);
        byViewer.set(v.id, set);
      }
    }
    for (const [, seen] of byViewer) expect(seen.size).toBe(1);
    expect(byViewer.size).toBeGreaterThan(0);
  });

  it('a usage die rolled in secret on a sheet steps it down in some rolls and holds in others (the cases above test both)', () => {
    const steps = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const t = table();
      t.run(ada, { kind: 'usage', requestId: 'x', characterId: 'ch1', path: '/healthDie', label: CANARY, visibility: 'smith' }, seededRandom(seed));
      const saved = t.events.at(-1)!;
      expect(saved).toMatchObject({ kind: 'character-saved', body: { visibility: 'smith', change: { id: 'usage' } } });
      steps.add(JSON.stringify((t.state.characters[0]!.document as { healthDie: unknown }).healthDie));
    }
    expect(steps.size).toBeGreaterThan(1);
  });

  it('the tracker does not follow a secret change to a sheet; the next public change shows the sheet as it stands', () => {
    const t = table();
    const tracker = t.state.combat;
    const die = (t.state.characters[0]!.document as { healthDie: string }).healthDie;
    const r = t.run(ada, { kind: 'usage', requestId: 'x', characterId: 'ch1', path: '/healthDie', label: CANARY, visibility: 'smith' }, scriptedRandom([1]));
    expect(r.ok && r.value.map((e) => e.kind)).toEqual(['usage-rolled', 'character-saved']);
    expect(t.state.combat).toBe(tracker);
    expect((t.state.characters[0]!.document as { healthDie: string }).healthDie).not.toBe(die);
    expect(t.state.secretChanges?.['ch1']).toMatchObject({ visibility: 'smith', actorId: 'A' });
    t.run(ada, { kind: 'usage', requestId: 'y', characterId: 'ch1', path: '/healthDie', label: 'Health', visibility: 'public' }, scriptedRandom([1]));
    expect(t.state.secretChanges?.['ch1']).toBeUndefined();
    expect(charactersFor(t.state, bob)).toEqual(t.state.characters);
  });

  it("a secret usage roll may not write a sheet whose owner would not see it: a blind one, or another member's Smith-only one", () => {
    const t = table();
    for (const [actor, visibility] of [
      [ada, 'blind'],
      [smith, 'blind'],
      [smith, 'smith'],
    ] as const) {
      const r = t.run(actor, { kind: 'usage', requestId: 'x', characterId: 'ch1', path: '/healthDie', label: 'Health', visibility });
      expect(r).toMatchObject({ ok: false, error: { code: 'table/secret-usage-on-sheet', path: '$.visibility' } });
      if (!r.ok) expect(r.error.message).toMatch(/^A reads this sheet but may not see .*roll the die without its path/);
    }
    // Without the path the roll is the Smith's to read and write after.
    expect(t.run(smith, { kind: 'usage', requestId: 'y', characterId: 'ch1', die: 8, label: 'Health', visibility: 'blind' }).ok).toBe(true);
  });
});
