// The commands of an evening at the table: chat and whispers, members renamed and removed, characters
// handed on, and the Smith's combatants as the players' tracker shows them.
import { describe, expect, it } from 'vitest';
import { seededRandom, type RandomSource } from '../dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import type { CombatState, RuleSystem } from '../rules/rule-system.js';
import { memberNameProblem, rollCommand, type Actor, type TableCommand } from './commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type Role, type TableEvent } from './events.js';
import { MAX_CHAT_LENGTH, MAX_MEMBER_NAME_LENGTH } from './limits.js';
import { projectEvent, trackerForPlayers, type Viewer } from './project.js';
import { applyEvent, foldEvents, type TableState } from './state.js';
import { assertKind, assertOk, assertRefused } from '../../test/narrow.js';

const rules: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };
const olive: Actor = { id: 'O', role: 'observer' };
const NAMES: Record<string, string> = { S: 'Mora', A: 'Ada', B: 'Bob', O: 'Olive' };
const everyone: readonly Viewer[] = [smith, ada, bob, olive];

/** A table in memory with the Smith Mora, the players Ada and Bob and the observer Olive. */
function table() {
  const events: TableEvent[] = [];
  let state: TableState | null = null;
  const append = (made: readonly NewTableEvent[], actor: Actor | null, requestId: string | null): void => {
    for (const e of made) {
      const stored = { ...e, seq: events.length + 1, at: 1000 + events.length, actorId: actor?.id ?? null, requestId, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      events.push(stored);
      state = applyEvent(state, stored, rules.table);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings: {} } }], smith, null);
  for (const m of [smith, ada, bob, olive]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: NAMES[m.id]!, role: m.role } } }], m, null);
  let n = 0;
  return {
    events,
    get state(): TableState {
      return state!;
    },
    get last(): TableEvent {
      return events.at(-1)!;
    },
    run(actor: Actor, command: DistributiveOmit<TableCommand, 'requestId'> & { requestId?: string }, rng: RandomSource = seededRandom(1)) {
      const full = { requestId: `r${++n}`, ...command } as TableCommand;
      const r = rollCommand(state!, actor, full, { rng, rules, now: 1_000_000 });
      if (r.ok) append(r.value, actor, full.requestId);
      return r;
    },
    /** Adds a member the way the server's join does. */
    join(id: string, name: string, role: Role = 'player') {
      append([{ kind: 'member-joined', body: { member: { id, name, role } } }], { id, role }, null);
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const character = (() => {
  const r = rules.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

describe('chat', () => {
  it('a public message reaches everyone whole, its text trimmed', () => {
    const t = table();
    assertOk(t.run(ada, { kind: 'chat', text: '  Hello, table!  ' }));
    const e = t.last;
    assertKind(e, 'chatted');
    expect(e.body).toEqual({ requestId: e.requestId, text: 'Hello, table!', visibility: 'public' });
    for (const v of everyone) expect(projectEvent(e, v)).toMatchObject({ kind: 'chatted', text: 'Hello, table!', visibility: 'public', by: 'A' });
  });

  it('a player or an observer whispers to the Smith; the Smith to any one member', () => {
    const t = table();
    assertOk(t.run(ada, { kind: 'chat', text: 'psst', to: 'S' }));
    expect(t.last.body).toMatchObject({ text: 'psst', visibility: 'smith', to: 'S' });
    assertOk(t.run(olive, { kind: 'chat', text: 'a question', to: 'S' }));
    expect(t.last.body).toMatchObject({ visibility: 'smith', to: 'S' });
    assertOk(t.run(smith, { kind: 'chat', text: 'you hear a voice', to: 'B' }));
    expect(t.last.body).toMatchObject({ visibility: 'smith', to: 'B' });
    assertOk(t.run(smith, { kind: 'chat', text: 'and you see it', to: 'O' }));
    expect(t.last.body).toMatchObject({ visibility: 'smith', to: 'O' });
  });

  it('a whisper between players (or to an observer) is refused; so is one to oneself or to nobody at the table', () => {
    const t = table();
    const before = t.events.length;
    expect(t.run(ada, { kind: 'chat', text: 'behind the Smith', to: 'B' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'chat', text: 'x', to: 'O' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(olive, { kind: 'chat', text: 'x', to: 'A' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'chat', text: 'x', to: 'S' })).toMatchObject({ ok: false, error: { code: 'chat/whisper-self', path: '$.to' } });
    expect(t.run(ada, { kind: 'chat', text: 'x', to: 'nobody' })).toMatchObject({ ok: false, error: { code: 'member/no-such-member', path: '$.to' } });
    expect(t.events.length).toBe(before);
  });

  it('an empty message is refused; a message of MAX_CHAT_LENGTH is kept and one past it refused', () => {
    const t = table();
    expect(t.run(ada, { kind: 'chat', text: '' })).toMatchObject({ ok: false, error: { code: 'chat/empty', path: '$.text' } });
    expect(t.run(ada, { kind: 'chat', text: ' \n\t ' })).toMatchObject({ ok: false, error: { code: 'chat/empty' } });
    assertOk(t.run(ada, { kind: 'chat', text: 'x'.repeat(MAX_CHAT_LENGTH) }));
    // Spaces around the text are trimmed before it is measured.
    assertOk(t.run(ada, { kind: 'chat', text: ` ${'x'.repeat(MAX_CHAT_LENGTH)} ` }));
    const past = t.run(ada, { kind: 'chat', text: 'x'.repeat(MAX_CHAT_LENGTH + 1) });
    assertRefused(past);
    expect(past.error).toMatchObject({ code: 'chat/too-long', path: '$.text' });
    expect(past.error.message).toContain(String(MAX_CHAT_LENGTH));
    // The limit counts UTF-16 code units, as the page does: an emoji is two.
    expect(t.run(ada, { kind: 'chat', text: `${'x'.repeat(MAX_CHAT_LENGTH - 2)}🎲` }).ok).toBe(true);
    expect(t.run(ada, { kind: 'chat', text: `${'x'.repeat(MAX_CHAT_LENGTH - 1)}🎲` })).toMatchObject({ ok: false, error: { code: 'chat/too-long' } });
  });

  it('a lone surrogate is refused; a whole pair is kept', () => {
    const t = table();
    expect(t.run(ada, { kind: 'chat', text: 'broken \uD83C here' })).toMatchObject({ ok: false, error: { code: 'chat/bad-text', path: '$.text' } });
    expect(t.run(ada, { kind: 'chat', text: '\uDFB2' })).toMatchObject({ ok: false, error: { code: 'chat/bad-text' } });
    assertOk(t.run(ada, { kind: 'chat', text: 'dice \uD83C\uDFB2' }));
    expect(t.last.body).toMatchObject({ text: 'dice 🎲' });
  });

  it('a whisper to a removed member is refused', () => {
    const t = table();
    assertOk(t.run(smith, { kind: 'member-remove', memberId: 'B' }));
    expect(t.run(smith, { kind: 'chat', text: 'x', to: 'B' })).toMatchObject({ ok: false, error: { code: 'member/no-such-member' } });
  });
});

describe('a whisper as each viewer receives it', () => {
  const CANARY = 'canary-7f3a9e';

  function whispered(from: Actor, to: string) {
    const t = table();
    assertOk(t.run(from, { kind: 'chat', requestId: 'w1', text: `the ${CANARY} sings`, to }));
    return t.last;
  }

  it.each([
    ['Ada to the Smith', ada, 'S', ['S', 'A'], ['B', 'O']],
    ['Olive to the Smith', olive, 'S', ['S', 'O'], ['A', 'B']],
    ['the Smith to Bob', smith, 'B', ['S', 'B'], ['A', 'O']],
    ['the Smith to Olive', smith, 'O', ['S', 'O'], ['A', 'B']],
  ] as const)('%s: the Smith, the sender and the addressee read it; everyone else gets the envelope only', (_what, from, to, whole, redacted) => {
    const e = whispered(from, to);
    for (const v of everyone) {
      const seen = projectEvent(e, v);
      const text = JSON.stringify(seen);
      if ((whole as readonly string[]).includes(v.id)) {
        expect(seen, v.id).toEqual({ seq: e.seq, kind: 'chatted', at: e.at, by: from.id, requestId: 'w1', text: `the ${CANARY} sings`, visibility: 'smith', to });
      } else {
        expect((redacted as readonly string[]).includes(v.id)).toBe(true);
        expect(seen, v.id).toEqual({ seq: e.seq, kind: 'chatted', at: e.at, by: from.id, requestId: 'w1', visibility: 'smith', redacted: true });
        expect(text.includes(CANARY), v.id).toBe(false);
      }
    }
  });
});

describe('renaming members', () => {
  it('a member renames themselves; the state and the fold agree', () => {
    const t = table();
    assertOk(t.run(ada, { kind: 'member-rename', memberId: 'A', name: '  Ada the Bold ' }));
    assertKind(t.last, 'member-renamed');
    expect(t.last.body).toEqual({ memberId: 'A', name: 'Ada the Bold' });
    expect(t.state.members.find((m) => m.id === 'A')).toEqual({ id: 'A', name: 'Ada the Bold', role: 'player' });
    expect(foldEvents(t.events, rules.table)).toEqual(t.state);
  });

  it('an observer renames themselves; the Smith renames anyone; a player renames no one else', () => {
    const t = table();
    assertOk(t.run(olive, { kind: 'member-rename', memberId: 'O', name: 'Olive O.' }));
    assertOk(t.run(smith, { kind: 'member-rename', memberId: 'B', name: 'Robert' }));
    expect(t.state.members.find((m) => m.id === 'B')?.name).toBe('Robert');
    expect(t.run(ada, { kind: 'member-rename', memberId: 'B', name: 'Bobby' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(olive, { kind: 'member-rename', memberId: 'S', name: 'Nobody' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'member-rename', memberId: 'ghost', name: 'Casper' })).toMatchObject({ ok: false, error: { code: 'member/no-such-member', path: '$.memberId' } });
  });

  it('names are unique without regard to case, surrounding spaces or Unicode composition', () => {
    const t = table();
    for (const taken of ['bob', ' BOB ', 'Mora', 'olive']) {
      const r = t.run(ada, { kind: 'member-rename', memberId: 'A', name: taken });
      assertRefused(r, taken);
      expect(r.error).toMatchObject({ code: 'member/name-taken', path: '$.name' });
    }
    t.join('J', 'Jos\u00e9');
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'Jose\u0301' })).toMatchObject({ ok: false, error: { code: 'member/name-taken' } });
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'JOSÉ' })).toMatchObject({ ok: false, error: { code: 'member/name-taken' } });
    // A name is stored composed.
    assertOk(t.run(bob, { kind: 'member-rename', memberId: 'B', name: 'Rene\u0301e' }));
    expect(t.state.members.find((m) => m.id === 'B')?.name).toBe('Ren\u00e9e');
    // A member may change the case of their own name, not keep it exactly.
    assertOk(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'ADA' }));
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'ADA' })).toMatchObject({ ok: false, error: { code: 'member/same-name' } });
  });

  it('"Smith" is the Smith\'s alone: refused for a player, even when the Smith gives it; kept by the Smith', () => {
    const t = table();
    for (const name of ['Smith', ' smith ', 'SMITH']) {
      expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name })).toMatchObject({ ok: false, error: { code: 'member/name-taken' } });
    }
    expect(t.run(smith, { kind: 'member-rename', memberId: 'B', name: 'Smith' })).toMatchObject({ ok: false, error: { code: 'member/name-taken' } });
    expect(t.run(olive, { kind: 'member-rename', memberId: 'O', name: 'Smith' })).toMatchObject({ ok: false, error: { code: 'member/name-taken' } });
    assertOk(t.run(smith, { kind: 'member-rename', memberId: 'S', name: 'Smith' }));
    expect(t.state.members.find((m) => m.id === 'S')?.name).toBe('Smith');
  });

  it('a name: empty refused, MAX_MEMBER_NAME_LENGTH kept and one past refused, control characters and lone surrogates refused', () => {
    const t = table();
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: '   ' })).toMatchObject({ ok: false, error: { code: 'member/empty-name' } });
    assertOk(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'a'.repeat(MAX_MEMBER_NAME_LENGTH) }));
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'b'.repeat(MAX_MEMBER_NAME_LENGTH + 1) })).toMatchObject({ ok: false, error: { code: 'member/name-too-long' } });
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'Ada\u0007' })).toMatchObject({ ok: false, error: { code: 'member/bad-name' } });
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'Ada\nSmith' })).toMatchObject({ ok: false, error: { code: 'member/bad-name' } });
    expect(t.run(ada, { kind: 'member-rename', memberId: 'A', name: 'Ada \uD83C' })).toMatchObject({ ok: false, error: { code: 'member/bad-name' } });
  });

  it('memberNameProblem reads a join\'s name the same way (no member to except)', () => {
    const t = table();
    expect(memberNameProblem(t.state, ' Cleo ', 'player')).toEqual({ ok: true, value: 'Cleo' });
    expect(memberNameProblem(t.state, 'ADA', 'player')).toMatchObject({ ok: false, error: { code: 'member/name-taken' } });
    expect(memberNameProblem(t.state, 'Ada', 'player', 'A')).toEqual({ ok: true, value: 'Ada' });
    expect(memberNameProblem({ members: [] }, 'Smith', 'smith')).toEqual({ ok: true, value: 'Smith' });
    expect(memberNameProblem({ members: [] }, 'Smith', 'observer')).toMatchObject({ ok: false, error: { code: 'member/name-taken' } });
  });
});

describe('removing members', () => {
  it('the Smith removes a player: gone from members, kept in formerMembers, their characters stay theirs', () => {
    const t = table();
    assertOk(t.run(bob, { kind: 'character-save', character }));
    assertOk(t.run(smith, { kind: 'member-remove', memberId: 'B' }));
    assertKind(t.last, 'member-removed');
    expect(t.last.body).toEqual({ memberId: 'B' });
    expect(t.state.members.map((m) => m.id)).toEqual(['S', 'A', 'O']);
    expect(t.state.formerMembers).toEqual([{ id: 'B', name: 'Bob', role: 'player' }]);
    expect(t.state.characters.map((c) => c.ownerId)).toEqual(['B']);
    expect(foldEvents(t.events, rules.table)).toEqual(t.state);
    // Their name is free again; they cannot be removed twice, renamed or whispered to.
    expect(memberNameProblem(t.state, 'Bob', 'player')).toEqual({ ok: true, value: 'Bob' });
    expect(t.run(smith, { kind: 'member-remove', memberId: 'B' })).toMatchObject({ ok: false, error: { code: 'member/no-such-member' } });
    expect(t.run(smith, { kind: 'member-rename', memberId: 'B', name: 'Bobby' })).toMatchObject({ ok: false, error: { code: 'member/no-such-member' } });
  });

  it('only the Smith removes, and never the Smith', () => {
    const t = table();
    expect(t.run(ada, { kind: 'member-remove', memberId: 'B' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'member-remove', memberId: 'A' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(olive, { kind: 'member-remove', memberId: 'A' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'member-remove', memberId: 'S' })).toMatchObject({ ok: false, error: { code: 'member/smith', path: '$.memberId' } });
    assertOk(t.run(smith, { kind: 'member-remove', memberId: 'O' }));
    expect(t.state.members.map((m) => m.id)).toEqual(['S', 'A', 'B']);
  });
});

describe('handing a character to another member', () => {
  it('the Smith hands a character on: the owner changes, the change and the history say so', () => {
    const t = table();
    assertOk(t.run(ada, { kind: 'character-save', character }));
    const before = t.state.characters[0]!;
    assertOk(t.run(smith, { kind: 'character-owner', characterId: 'ch1', ownerId: 'B' }));
    const e = t.last;
    assertKind(e, 'character-saved');
    expect(e.body.character.ownerId).toBe('B');
    expect(e.body.change).toEqual({ id: 'owner', summary: 'Handed to Bob.', isOverride: true });
    const history = e.body.character.document['history'] as readonly { by: string; change: string; summary: string; isOverride?: true }[];
    expect(history.at(-1)).toMatchObject({ by: 'Mora', change: 'owner', summary: 'Handed to Bob.', isOverride: true });
    const { history: _h1, ...restBefore } = before.document;
    const { history: _h2, ...restAfter } = e.body.character.document;
    void _h1;
    void _h2;
    expect(restAfter).toEqual(restBefore);
    // Now Bob keeps it and Ada no longer may.
    expect(t.run(bob, { kind: 'character-save', characterId: 'ch1', character }).ok).toBe(true);
    expect(t.run(ada, { kind: 'character-save', characterId: 'ch1', character })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
  });

  it('to the Smith, or a removed member\'s character to a player who joined again', () => {
    const t = table();
    assertOk(t.run(bob, { kind: 'character-save', character }));
    assertOk(t.run(smith, { kind: 'member-remove', memberId: 'B' }));
    t.join('B2', 'Bob');
    assertOk(t.run(smith, { kind: 'character-owner', characterId: 'ch1', ownerId: 'B2' }));
    expect(t.state.characters[0]!.ownerId).toBe('B2');
    assertOk(t.run(smith, { kind: 'character-owner', characterId: 'ch1', ownerId: 'S' }));
    expect(t.state.characters[0]!.ownerId).toBe('S');
  });

  it('refused: by a player or an observer, to an observer, to no member (a removed one too), to its owner, of no character', () => {
    const t = table();
    assertOk(t.run(ada, { kind: 'character-save', character }));
    expect(t.run(ada, { kind: 'character-owner', characterId: 'ch1', ownerId: 'B' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(olive, { kind: 'character-owner', characterId: 'ch1', ownerId: 'O' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'character-owner', characterId: 'ch1', ownerId: 'O' })).toMatchObject({ ok: false, error: { code: 'member/observer', path: '$.ownerId' } });
    expect(t.run(smith, { kind: 'character-owner', characterId: 'ch1', ownerId: 'ghost' })).toMatchObject({ ok: false, error: { code: 'member/no-such-member' } });
    expect(t.run(smith, { kind: 'character-owner', characterId: 'ch1', ownerId: 'A' })).toMatchObject({ ok: false, error: { code: 'member/already-owner' } });
    expect(t.run(smith, { kind: 'character-owner', characterId: 'ch9', ownerId: 'B' })).toMatchObject({ ok: false, error: { code: 'table/no-such-character' } });
    assertOk(t.run(smith, { kind: 'member-remove', memberId: 'B' }));
    expect(t.run(smith, { kind: 'character-owner', characterId: 'ch1', ownerId: 'B' })).toMatchObject({ ok: false, error: { code: 'member/no-such-member' } });
    expect(t.state.characters[0]!.ownerId).toBe('A');
  });
});

describe("the Smith's combatants in the players' tracker", () => {
  const MONSTER = 'hd=2,attack=+3,defense=12,damage=d6';

  /** A fight: Ada's character in the party, a goblin and a known wolf among the foes. */
  function fight() {
    const t = table();
    assertOk(t.run(ada, { kind: 'character-save', character }));
    assertOk(t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1' } }));
    assertOk(t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', health: 'd14', armour: 'd7', stats: { int: 13, dex: 11 }, monster: MONSTER } }));
    assertOk(t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Wolf', side: 'foes', health: 'd8', monster: MONSTER } }));
    return t;
  }

  it('trackerForPlayers: a foe keeps its name, side, conditions and whether it is down; its numbers are gone', () => {
    const t = fight();
    const combat = t.state.combat;
    const shown = trackerForPlayers(combat);
    const goblin = shown.combatants.find((c) => c.name === 'Goblin')!;
    expect(goblin).toEqual({ id: goblin.id, name: 'Goblin', side: 'foes', health: '', armour: '', conditions: [], isDown: false, stats: {}, isLeader: false, isHidden: true });
    // The characters' combatants are untouched, and the state itself is not changed.
    expect(shown.combatants.find((c) => c.name === 'Ada')).toEqual(combat.combatants.find((c) => c.name === 'Ada'));
    expect(combat.combatants.find((c) => c.name === 'Goblin')).toMatchObject({ health: 'd14', monster: MONSTER });
    expect(shown.order).toEqual(combat.order);
    // A tracker without the Smith's combatants comes back as it is.
    const party: CombatState = { ...combat, combatants: combat.combatants.filter((c) => c.characterId !== undefined) };
    expect(trackerForPlayers(party)).toBe(party);
  });

  it('a combat-changed event: whole for the Smith; for players and observers every foe arrives without its numbers', () => {
    const t = fight();
    const e = t.last;
    assertKind(e, 'combat-changed');
    expect(projectEvent(e, smith)).toEqual({ seq: e.seq, kind: 'combat-changed', at: e.at, by: 'S', ...e.body });
    for (const v of [ada, bob, olive]) {
      const seen = projectEvent(e, v);
      const text = JSON.stringify(seen);
      for (const secret of ['d14', 'd7', 'defense=12', '"int":13']) expect(text.includes(secret), `${v.id} ${secret}`).toBe(false);
      const combat = seen['combat'] as CombatState;
      expect(combat.combatants.filter((c) => c.side === 'foes').every((c) => c.isHidden === true && c.health === '' && c.monster === undefined)).toBe(true);
      expect(combat.combatants.find((c) => c.name === 'Ada')).toEqual(e.body.combat.combatants.find((c) => c.name === 'Ada'));
    }
  });

  it('a foe the Smith reveals keeps its numbers for everyone', () => {
    const t = fight();
    const wolf = t.state.combat.combatants.find((c) => c.name === 'Wolf')!;
    const revealed: CombatState = { ...t.state.combat, combatants: t.state.combat.combatants.map((c) => (c.id === wolf.id ? { ...c, isRevealed: true } : c)) };
    const shown = trackerForPlayers(revealed);
    expect(shown.combatants.find((c) => c.id === wolf.id)).toEqual(revealed.combatants.find((c) => c.id === wolf.id));
    expect(shown.combatants.find((c) => c.name === 'Goblin')).toMatchObject({ isHidden: true, health: '' });
  });

  it("a hidden foe's hit on a character reaches the players without the foe's rolls, in the tracker and on the character", () => {
    const t = fight();
    const goblin = t.state.combat.combatants.find((c) => c.name === 'Goblin')!;
    const hero = t.state.combat.combatants.find((c) => c.name === 'Ada')!;
    let made: TableEvent[] = [];
    for (let seed = 1; seed < 60 && !made.some((e) => e.kind === 'character-saved'); seed++) {
      const before = t.events.length;
      assertOk(t.run(smith, { kind: 'ruleset', command: { kind: 'combat', requestId: `a${seed}`, action: { type: 'attack', attackerId: goblin.id, targetId: hero.id } } } as never, seededRandom(seed)));
      made = t.events.slice(before);
    }
    expect(made.map((e) => e.kind)).toEqual(['combat-changed', 'character-saved']);
    const lines = (made[0]!.body as { attack: { lines: readonly string[] } }).attack.lines;
    expect(lines.length).toBeGreaterThan(0);
    // The Smith reads every roll; Ada, Bob and Olive read that it hit and what it did, none of the rolls.
    expect(JSON.stringify(made.map((e) => projectEvent(e, smith)))).toContain(lines[0]!);
    for (const v of [ada, bob, olive]) {
      const text = JSON.stringify(made.map((e) => projectEvent(e, v)));
      for (const line of lines) expect(text.includes(line), `${v.id}: ${line}`).toBe(false);
      expect(text).not.toContain('defense=12');
    }
  });

  it("the Smith reveals a foe with the tracker's update, and hides it again; a player may not", () => {
    const t = fight();
    const wolf = t.state.combat.combatants.find((c) => c.name === 'Wolf')!;
    const reveal = { kind: 'combat', action: { type: 'update', combatantId: wolf.id, isRevealed: true } } as const;
    expect(t.run(ada, reveal)).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    assertOk(t.run(smith, reveal));
    const shown = projectEvent(t.last, ada)['combat'] as CombatState;
    expect(shown.combatants.find((c) => c.id === wolf.id)).toMatchObject({ health: 'd8', monster: MONSTER, isRevealed: true });
    expect(shown.combatants.find((c) => c.id === wolf.id)?.isHidden).toBeUndefined();
    assertOk(t.run(smith, { kind: 'combat', action: { type: 'update', combatantId: wolf.id, isRevealed: false } }));
    expect((projectEvent(t.last, ada)['combat'] as CombatState).combatants.find((c) => c.id === wolf.id)).toMatchObject({ isHidden: true, health: '' });
  });

  it("the Smith's change to a foe's Health tells the players who changed, not the numbers", () => {
    const t = fight();
    const goblin = t.state.combat.combatants.find((c) => c.name === 'Goblin')!;
    assertOk(t.run(smith, { kind: 'combat', action: { type: 'update', combatantId: goblin.id, health: 'd12', armour: 'd5' } }));
    const e = t.last;
    assertKind(e, 'combat-changed');
    expect(e.body.summary).toContain('d12');
    expect(projectEvent(e, smith)['summary']).toBe(e.body.summary);
    for (const v of [ada, olive]) {
      const text = JSON.stringify(projectEvent(e, v));
      for (const secret of ['d14', 'd12', 'd5', 'd7']) expect(text.includes(secret), `${v.id} ${secret}`).toBe(false);
      expect(projectEvent(e, v)['summary']).toContain('Goblin');
    }
  });

  it("an attack on a foe: the players learn hit or miss, not the foe's dice or its stat line", () => {
    const t = fight();
    const [adaC, goblin] = [t.state.combat.combatants.find((c) => c.name === 'Ada')!, t.state.combat.combatants.find((c) => c.name === 'Goblin')!];
    const extension = rules.table!;
    for (let seed = 1; seed <= 6; seed++) {
      const read = extension.readCommand({ kind: 'combat', requestId: `atk${seed}`, action: { type: 'attack', attackerId: adaC.id, targetId: goblin.id } });
      assertOk(read);
      assertOk(t.run(ada, { kind: 'ruleset', requestId: `atk${seed}`, command: read.value }, seededRandom(seed)));
      const e = t.events.find((x) => x.kind === 'combat-changed' && x.requestId === `atk${seed}`)!;
      assertKind(e, 'combat-changed');
      expect(e.body.attack).toBeDefined();
      expect(projectEvent(e, smith)).toMatchObject({ summary: e.body.summary, attack: e.body.attack });
      for (const v of [ada, bob, olive]) {
        const seen = projectEvent(e, v);
        const text = JSON.stringify(seen);
        expect(text.includes('defense'), `${v.id}: ${text}`).toBe(false);
        expect(text.includes('Defense'), `${v.id}: ${text}`).toBe(false);
        expect(/Goblin[^"]*d\d/.test(String(seen['summary'])), String(seen['summary'])).toBe(false);
        expect(seen['attack']).toMatchObject({ attackerId: adaC.id, targetId: goblin.id, isHit: e.body.attack!.isHit, lines: [] });
        expect(String(seen['summary'])).toMatch(e.body.attack!.isHit ? /^Ada (hits|crits) Goblin/ : /^Ada attacks Goblin: miss\.$/);
      }
      if (t.state.combat.combatants.find((c) => c.id === goblin.id)!.isDown) break;
    }
  });
});
