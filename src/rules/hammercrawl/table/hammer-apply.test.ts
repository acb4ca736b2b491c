/**
 * Hammer dice at a table, applied (H-19 to H-23): a public Check's teardrops and XP written on its acting
 * character in the same command, secret ones not; a Hammer+ set aside and a falcon paid forward kept for
 * a later Check of the scene and spent by it; picks for the remaining symbols by the roller or the Smith;
 * the Check die rolled with its pool; THE HAMMER DIE taking the Feat and advantages out of the d20.
 * Through the table's own command path and its fold.
 */
import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN, stepDie } from '../../../dice/index.js';
import { scriptedRandom, seededRandom, type RandomSource } from '../../../dice/random.js';
import type { RuleSystem, TableSettings } from '../../rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../../../table/commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from '../../../table/events.js';
import { applyEvent, type TableState } from '../../../table/state.js';
import { ruleSystem as hammercrawl } from '../rule-system.js';
import { HAMMERCRAWL_SETTINGS } from '../settings.js';
import { documentDice, healthAfterSteps, xpOf } from './character-writes.js';
import type { HammercrawlTableState } from './extension.js';
import { MAX_BANKED_DICE, MAX_OPEN_HAMMER_ROLLS } from './hammer-apply.js';
import { MAX_CHECK_PARAMS, readHammercrawlCommand } from './read-command.js';

const rules = hammercrawl as unknown as RuleSystem;
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };
const T0 = 1_750_000_000_000;

// Faces (hammer-dice.ts): red 7 is hammer + teardrop; yellow 5 hammer+; white 6 falcon; black 4 skull; white 4 hammer.
function table(settings: TableSettings = {}) {
  let state: TableState | null = null;
  let n = 0;
  let seq = 0;
  const append = (made: readonly NewTableEvent[], actor: Actor | null) => {
    for (const e of made) state = applyEvent(state, { ...e, seq: ++seq, at: T0, actorId: actor?.id ?? null, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent, rules.table);
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: 'hammercrawl', settings } }], smith);
  for (const m of [smith, ada, bob]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m);
  const t = {
    get state(): TableState {
      return state!;
    },
    get hammer() {
      return (state!.extension as HammercrawlTableState).hammer;
    },
    doc() {
      return state!.characters.find((c) => c.id === 'ch1')!.document;
    },
    run(actor: Actor, command: Record<string, unknown>, rng: RandomSource = seededRandom(n)) {
      const requestId = `r${++n}`;
      const isAttack = command['kind'] === 'combat' && (command['action'] as { type?: string } | undefined)?.type === 'attack';
      const isOwn = isAttack || (typeof command['kind'] === 'string' && (command['kind'] as string).startsWith('hammer'));
      const full = (isOwn ? { kind: 'ruleset', requestId, command: { ...command, requestId } } : { ...command, requestId }) as TableCommand;
      const r = rollCommand(state!, actor, full, { rng, rules, now: T0 });
      if (r.ok) append(r.value, actor);
      return r;
    },
  };
  const made = hammercrawl.rollCharacter(seededRandom(3), {});
  if (!made.ok) throw new Error(made.error.message);
  const saved = t.run(ada, { kind: 'character-save', character: made.value });
  if (!saved.ok) throw new Error(saved.error.message);
  return t;
}

const reckless = { kind: 'check', stance: 'reckless' } as const;

describe('a hammer Check applied to its character (H-19)', () => {
  it('a public Check steps the Health Die once per teardrop and adds the XP, in one command', () => {
    const t = table();
    const before = documentDice(t.doc()).healthDie!;
    const xp = xpOf(t.doc());
    const r = t.run(ada, { kind: 'hammer', pool: reckless, visibility: 'public', characterId: 'ch1', label: 'Leap the gap', faces: [7] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((e) => e.kind)).toEqual(['hammer-rolled', 'character-saved']);
    const expected = stepDie(HAMMERCRAWL_CHAIN, before, -1, 'negate').dice[0]!;
    expect(documentDice(t.doc()).healthDie).toBe(expected);
    expect(xpOf(t.doc())).toBe(xp + 1);
    const history = (t.doc()['history'] as { summary: string; change: string }[]).at(-1)!;
    expect(history.change).toBe('hammer');
    expect(history.summary).toBe(`Leap the gap: 1 teardrop: Health d${before} -> d${expected}, +1 XP, XP ${xp} -> ${xp + 1}`);
  });

  it('a teardrop on a d3 takes the character down; a down character stays down', () => {
    expect(healthAfterSteps(3, 1)).toBeNull();
    expect(healthAfterSteps(4, 2)).toBeNull();
    expect(healthAfterSteps(8, 2)).toBe(6);
    expect(healthAfterSteps(null, 1)).toBeNull();
  });

  it('a secret Check changes no document (the table refuses a secret with a change)', () => {
    const t = table();
    const before = t.doc();
    const r = t.run(ada, { kind: 'hammer', pool: reckless, visibility: 'smith', characterId: 'ch1', faces: [7] });
    expect(r.ok && r.value.map((e) => e.kind)).toEqual(['hammer-rolled']);
    expect(t.doc()).toEqual(before);
  });

  it("a player may not roll a public Check for another player's character; the Smith may", () => {
    const t = table();
    expect(t.run(bob, { kind: 'hammer', pool: reckless, visibility: 'public', characterId: 'ch1', faces: [7] })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'hammer', pool: reckless, visibility: 'public', characterId: 'ch1', faces: [7] }).ok).toBe(true);
  });

  it('a Check with neither teardrop nor XP writes nothing', () => {
    const t = table();
    const r = t.run(ada, { kind: 'hammer', pool: { kind: 'check', stance: 'reckless' }, visibility: 'public', characterId: 'ch1', faces: [1] });
    expect(r.ok && r.value.map((e) => e.kind)).toEqual(['hammer-rolled']);
  });
});

describe('dice set aside for the scene (H-20)', () => {
  it('a Hammer+ set aside is banked on the character and a later Check spends it as three advantages', () => {
    const t = table();
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['yellow'] }, visibility: 'public', characterId: 'ch1', hammerPlus: 'set-aside', faces: [5] });
    expect(t.hammer?.banked['ch1']).toEqual([{ advantages: 3, why: 'hammer+ set aside' }]);
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'check' }, visibility: 'public', characterId: 'ch1', useBanked: 2 })).toMatchObject({ ok: false, error: { code: 'hammer/not-banked' } });
    const r = t.run(ada, { kind: 'hammer', pool: { kind: 'check', advantages: 0 }, visibility: 'public', characterId: 'ch1', useBanked: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const body = r.value[0]!.body as { pool: { dice: { colour: string }[] } };
    expect(body.pool.dice.map((d) => d.colour)).toEqual(['yellow']);
    expect(t.hammer?.banked['ch1']).toBeUndefined();
  });

  it('a secret roll banks nothing, and spending needs a public Check of a character', () => {
    const t = table();
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['yellow'] }, visibility: 'smith', characterId: 'ch1', hammerPlus: 'set-aside', faces: [5] });
    expect(t.hammer?.banked['ch1']).toBeUndefined();
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'check' }, visibility: 'public', useBanked: 1 })).toMatchObject({ ok: false, error: { code: 'hammer/bank-needs-character' } });
  });

  it(`a character holds at most ${MAX_BANKED_DICE} dice; the Smith's end of the scene clears them all`, () => {
    const t = table();
    for (let i = 0; i <= MAX_BANKED_DICE; i++) t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['yellow'] }, visibility: 'public', characterId: 'ch1', hammerPlus: 'set-aside', faces: [5] });
    expect(t.hammer?.banked['ch1']).toHaveLength(MAX_BANKED_DICE);
    expect(t.run(ada, { kind: 'hammer-scene-end' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'hammer-scene-end' }).ok).toBe(true);
    expect(t.hammer?.banked).toEqual({});
  });
});

describe('picks for the remaining symbols (H-21)', () => {
  it("the roller picks a falcon's effect; Pay it forward banks a white die; a roll is picked for once", () => {
    const t = table();
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', characterId: 'ch1', faces: [6] });
    const rollId = 'r2';
    expect(t.hammer?.open[rollId]?.prompts).toEqual([{ symbol: 'falcon', chooser: 'player', count: 1 }]);
    expect(t.run(bob, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'pay-it-forward' }] })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'make-it-big' }] })).toMatchObject({ ok: false, error: { code: 'hammer/unknown-effect' } });
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'skull', effect: 'make-it-suck' }] })).toMatchObject({ ok: false, error: { code: 'hammer/symbol-not-waiting' } });
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'pay-it-forward' }] }).ok).toBe(true);
    expect(t.hammer?.banked['ch1']).toEqual([{ advantages: 1, why: 'pay it forward' }]);
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'pay-it-forward' }] })).toMatchObject({ ok: false, error: { code: 'hammer/no-open-roll' } });
  });

  it("Pay it forward gives the white die to an ally (\"by self or any allied character\"), who spends it on their own Check", () => {
    const t = table();
    const made = hammercrawl.rollCharacter(seededRandom(4), {});
    if (!made.ok) throw new Error(made.error.message);
    expect(t.run(bob, { kind: 'character-save', character: made.value }).ok).toBe(true);
    const ally = t.state.characters.find((c) => c.ownerId === bob.id)!.id;
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white', 'white'] }, visibility: 'public', characterId: 'ch1', label: 'Scout', faces: [6, 6] });
    const rollId = Object.keys(t.hammer!.open)[0]!;
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'pay-it-forward', forCharacterId: 'nobody' }, { symbol: 'falcon', effect: 'pay-it-back' }] })).toMatchObject({ ok: false, error: { code: 'table/no-such-character' } });
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'pay-it-back', forCharacterId: ally }, { symbol: 'falcon', effect: 'pay-it-forward' }] })).toMatchObject({ ok: false, error: { code: 'hammer/not-paid-forward' } });
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'pay-it-forward', forCharacterId: ally }, { symbol: 'falcon', effect: 'pay-it-forward' }] }).ok).toBe(true);
    expect(t.hammer?.banked[ally]).toEqual([{ advantages: 1, why: 'pay it forward (Scout)' }]);
    expect(t.hammer?.banked['ch1']).toEqual([{ advantages: 1, why: 'pay it forward (Scout)' }]);
    const spent = t.run(bob, { kind: 'hammer', pool: { kind: 'check', advantages: 0 }, visibility: 'public', characterId: ally, useBanked: 1 });
    expect(spent.ok).toBe(true);
    expect(t.hammer?.banked[ally]).toBeUndefined();
  });

  it('a secret roll pays nothing forward to an ally', () => {
    const t = table();
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'smith', characterId: 'ch1', faces: [6] });
    const rollId = Object.keys(t.hammer!.open)[0]!;
    expect(t.run(ada, { kind: 'hammer-effects', rollId, picks: [{ symbol: 'falcon', effect: 'pay-it-forward', forCharacterId: 'ch1' }] })).toMatchObject({ ok: false, error: { code: 'hammer/secret-pay-forward' } });
  });

  it('the Smith picks for a skull; read as a teardrop it steps the Health Die', () => {
    const t = table();
    const before = documentDice(t.doc()).healthDie!;
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['black'] }, visibility: 'public', characterId: 'ch1', faces: [4] });
    expect(t.run(ada, { kind: 'hammer-effects', rollId: 'r2', picks: [{ symbol: 'skull', effect: 'make-it-suck' }] })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    const r = t.run(smith, { kind: 'hammer-effects', rollId: 'r2', picks: [{ symbol: 'skull', effect: 'skull-as-teardrop' }] });
    expect(r.ok && r.value.map((e) => e.kind)).toEqual(['hammer-effects-chosen', 'character-saved']);
    expect(documentDice(t.doc()).healthDie).toBe(healthAfterSteps(before, 1));
  });

  it('every symbol shown is picked for, a non-repeatable effect once', () => {
    const t = table();
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white', 'white'] }, visibility: 'public', faces: [6, 6] });
    expect(t.run(ada, { kind: 'hammer-effects', rollId: 'r2', picks: [{ symbol: 'falcon', effect: 'pay-it-back' }] })).toMatchObject({ ok: false, error: { code: 'hammer/pick-count' } });
    expect(t.run(ada, { kind: 'hammer-effects', rollId: 'r2', picks: [{ symbol: 'falcon', effect: 'make-it-neat' }, { symbol: 'falcon', effect: 'make-it-neat' }] })).toMatchObject({ ok: false, error: { code: 'hammer/effect-once' } });
    expect(t.run(ada, { kind: 'hammer-effects', rollId: 'r2', picks: [{ symbol: 'falcon', effect: 'make-it-neat' }, { symbol: 'falcon', effect: 'pay-it-back' }] }).ok).toBe(true);
  });

  it(`the table keeps at most ${MAX_OPEN_HAMMER_ROLLS} rolls waiting`, () => {
    const t = table();
    for (let i = 0; i <= MAX_OPEN_HAMMER_ROLLS; i++) t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', faces: [6] });
    expect(Object.keys(t.hammer!.open)).toHaveLength(MAX_OPEN_HAMMER_ROLLS);
    expect(t.hammer!.open['r2']).toBeUndefined();
  });
});

describe('the Check die and its pool rolled as one check (H-22), THE HAMMER DIE setting (H-23)', () => {
  it('one command gives the d20 Challenge and the pool', () => {
    const t = table();
    // The check die first (d20: 15), then the pool's white die (4: a hammer).
    const r = t.run(ada, { kind: 'hammer', pool: { kind: 'check', advantages: 1 }, visibility: 'public', check: { check: 'challenge', params: { target: 12 } } }, scriptedRandom([15, 4]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const body = r.value[0]!.body as { check: { total: number; outcome: string }; result: { netHammers: number } };
    expect(body.check).toMatchObject({ total: 15, outcome: 'success' });
    expect(body.result.netHammers).toBe(1);
  });

  it("by default the check keeps its advantage; with hammer-die replace it leaves the d20 for the pool", () => {
    const off = table();
    const kept = off.run(ada, { kind: 'hammer', pool: { kind: 'check' }, visibility: 'public', check: { check: 'challenge', params: { target: 12, adv: true } } }, scriptedRandom([3, 15]));
    // No die in the pool: refused as an empty pool (H-15), the advantage stayed in the check.
    expect(kept).toMatchObject({ ok: false, error: { code: 'hammer/empty-pool' } });
    const on = table({ 'hammer-die': 'replace' });
    const r = on.run(ada, { kind: 'hammer', pool: { kind: 'check', level: 5 }, visibility: 'public', check: { check: 'challenge', params: { target: 12, adv: true, feat: 5 } } }, scriptedRandom([15, 1, 1]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const body = r.value[0]!.body as { check: { dice: unknown[] }; pool: { dice: { colour: string; source: string }[] } };
    expect(body.check.dice).toHaveLength(1);
    expect(body.pool.dice.map((d) => `${d.source}:${d.colour}`)).toEqual(['feat:blue', 'advantage:white']);
    expect(on.run(ada, { kind: 'hammer', pool: { kind: 'check', level: 4 }, visibility: 'public', check: { check: 'challenge', params: { target: 12, feat: 5 } } })).toMatchObject({ ok: false, error: { code: 'hammer/level-mismatch' } });
    expect(HAMMERCRAWL_SETTINGS.find((d) => d.name === 'hammer-die')).toMatchObject({ kind: 'choice', default: 'off' });
    expect(table({ 'hammer-die': 'sometimes' }).run(ada, { kind: 'hammer', pool: { kind: 'check', isFeat: true, level: 1 }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'table/bad-setting' } });
  });

  it('a check of an unknown kind or with a bad param is refused before any die rolls', () => {
    const t = table();
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'check', advantages: 1 }, visibility: 'public', check: { check: 'juggle', params: {} } })).toMatchObject({ ok: false, error: { code: 'check/unknown-kind' } });
    const read = (check: unknown) => readHammercrawlCommand({ kind: 'hammer', requestId: 'q', pool: { kind: 'check' }, visibility: 'public', check });
    expect(read({ check: 'challenge', params: { Target: 12 } })).toMatchObject({ ok: false, error: { code: 'json/invalid', path: '$.check.params.Target' } });
    expect(read({ check: 'challenge', params: { target: [12] } })).toMatchObject({ ok: false, error: { code: 'json/invalid', path: '$.check.params.target' } });
    expect(read({ check: 'challenge', params: Object.fromEntries(Array.from({ length: MAX_CHECK_PARAMS + 1 }, (_, i) => [`p${i}`, 1])) })).toMatchObject({ ok: false, error: { path: '$.check.params' } });
    expect(read({ check: 'challenge', params: Object.fromEntries(Array.from({ length: MAX_CHECK_PARAMS }, (_, i) => [`p${i}`, 1])) }).ok).toBe(true);
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'check', advantages: 1 }, visibility: 'public', check: { check: 'challenge', params: { target: 12, juggling: 3 } } })).toMatchObject({ ok: false, error: { code: 'param/unknown' } });
  });
});

describe('THE HAMMER DIE replaces the Feat Die and Advantage in every d20 check (H-25)', () => {
  const replace = { 'hammer-die': 'replace' } as const;

  it('a plain Test, Challenge, Save or Competition asking for the Feat Die or an Advantage is refused by the setting\'s name', () => {
    const t = table(replace);
    const asks: [string, Record<string, unknown>, string][] = [
      ['test', { target: 12, adv: true }, 'adv'],
      ['challenge', { target: 12, dis: true }, 'dis'],
      ['open', { feat: 3 }, 'feat'],
      ['save', { mod: 1, target: 12, feat: 2 }, 'feat'],
      ['compete', { 'vs-adv': true }, 'vs-adv'],
    ];
    for (const [check, params, asked] of asks) {
      const r = t.run(ada, { kind: 'check', check, params, visibility: 'public' });
      expect(r, `${check} with ${asked}`).toMatchObject({ ok: false, error: { code: 'check/hammer-die-replaces' } });
      if (!r.ok) expect(r.error.message).toContain('hammer-die');
      // The odds the web shows before the roll refuse it the same way, with the param's path.
      expect(rules.checkOdds({ check, params: { ...params, 'hammer-die': 'replace' } })).toMatchObject({ ok: false, error: { code: 'check/hammer-die-replaces', path: `$.params.${asked}` } });
    }
    // Without them the check rolls as usual; with the setting off the same checks roll with their advantage.
    expect(t.run(ada, { kind: 'check', check: 'save', params: { mod: 1, target: 12 }, visibility: 'public' }).ok).toBe(true);
    const off = table();
    const kept = off.run(ada, { kind: 'check', check: 'test', params: { target: 12, adv: true }, visibility: 'public' });
    expect(kept.ok).toBe(true);
    if (kept.ok) expect((kept.value[0]!.body as { result: { dice: unknown[] } }).result.dice.length).toBe(2);
  });

  it("the table's setting fills the check: a check cannot send hammer-die off at a table that replaces", () => {
    const t = table(replace);
    expect(t.run(ada, { kind: 'check', check: 'test', params: { target: 12, adv: true, 'hammer-die': 'off' }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'check/setting-differs', path: '$.params.hammer-die' } });
    const r = t.run(ada, { kind: 'check', check: 'test', params: { target: 12 }, visibility: 'public' });
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value[0]!.body as { params: Record<string, unknown> }).params['hammer-die']).toBe('replace');
  });

  it('a tracker attack asked as a Feat is refused under replace, and rolls under off', () => {
    for (const [settings, isRefused] of [[replace, true], [{}, false]] as const) {
      const t = table(settings);
      t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1' } });
      t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', monster: 'hd=1,attack=+2,defense=11,damage=3' } });
      const r = t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', feat: true } });
      if (isRefused) expect(r).toMatchObject({ ok: false, error: { code: 'check/hammer-die-replaces' } });
      // Under off the attack is the rules' own: a Feat the class does not cover is refused for that, never for the setting.
      else expect(r.ok ? 'ok' : r.error.code).not.toBe('check/hammer-die-replaces');
      expect(t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } }).ok).toBe(true);
    }
  });
});

describe('under replace, the advantages the rules give a check join its hammer pool (H-26)', () => {
  const replace = { 'hammer-die': 'replace' } as const;
  /** The table with an Elfin character of Ada's (ch2) at full Health, for Blessed Intellect. */
  function withElf(settings: TableSettings = {}) {
    const t = table(settings);
    const elf = hammercrawl.rollCharacter(seededRandom(5), { method: 'semi', stock: 'elfin' });
    if (!elf.ok) throw new Error(elf.error.message);
    const saved = t.run(ada, { kind: 'character-save', character: elf.value });
    if (!saved.ok) throw new Error(saved.error.message);
    const id = t.state.characters.at(-1)!.id;
    return { t, id, document: t.state.characters.at(-1)!.document };
  }
  const intSave = { check: 'save', params: { stat: 'INT', target: 12, mod: 0 } } as const;

  it("a plain Save given an advantage by the character's stock is refused under replace, naming the hammer die it brings", () => {
    const { document } = withElf(replace);
    const request = hammercrawl.characterCheck!(document, intSave);
    expect(request.params['stock']).toBe('elfin');
    expect(request.params['full-health']).toBe(true);
    for (const r of [rules.rollCheck(seededRandom(1), { check: 'save', params: { ...request.params, 'hammer-die': 'replace' } }), rules.checkOdds({ check: 'save', params: { ...request.params, 'hammer-die': 'replace' } })]) {
      expect(r).toMatchObject({ ok: false, error: { code: 'check/rule-given-hammer-dice' } });
      if (!r.ok) expect(r.error.message).toContain('brings 1 advantage from Blessed Intellect');
    }
    // Under off the advantage stays in the d20: two dice, the better kept.
    const off = rules.rollCheck(seededRandom(1), { check: 'save', params: { ...request.params } });
    expect(off.ok && off.value.dice.length).toBe(2);
    // Rolled with its pool (the pool holding the advantage), the d20 is one die.
    const pooled = rules.rollCheck(seededRandom(1), { check: 'save', params: { ...request.params, 'hammer-die': 'replace', 'vantage-pooled': true } });
    expect(pooled.ok && pooled.value.dice.length).toBe(1);
  });

  it("the Hammer dice pool with its Save counts the stock's advantage as a hammer die, and the d20 rolls without it", () => {
    const { t, id } = withElf(replace);
    const r = t.run(ada, { kind: 'hammer', pool: { kind: 'check' }, visibility: 'public', characterId: id, check: intSave });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const body = r.value[0]!.body as { pool: { dice: { colour: string; source: string; reason: string }[] }; check: { dice: unknown[] } };
    expect(body.pool.dice.map((d) => `${d.source}:${d.colour}`)).toEqual(['advantage:white']);
    expect(body.pool.dice[0]!.reason).toContain('Blessed Intellect');
    expect(body.check.dice).toHaveLength(1);
    // With one advantage asked too, the count is two: a blue die.
    const two = t.run(ada, { kind: 'hammer', pool: { kind: 'check', advantages: 1 }, visibility: 'public', characterId: id, check: intSave });
    expect(two.ok && (two.value[0]!.body as { pool: { dice: { colour: string }[] } }).pool.dice.map((d) => d.colour)).toEqual(['blue']);
    // A listed-dice pool cannot take them.
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', characterId: id, check: intSave })).toMatchObject({ ok: false, error: { code: 'hammer/not-a-check-pool' } });
  });

  it('under off the pool leaves the advantage in the d20', () => {
    const { t, id } = withElf();
    const r = t.run(ada, { kind: 'hammer', pool: reckless, visibility: 'public', characterId: id, check: intSave });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const body = r.value[0]!.body as { pool: { dice: { source: string }[] }; check: { dice: unknown[] } };
    expect(body.pool.dice.map((d) => d.source)).toEqual(['stance']);
    expect(body.check.dice).toHaveLength(2);
  });
});
