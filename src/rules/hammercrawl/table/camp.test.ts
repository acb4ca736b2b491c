/**
 * Camps and counted uses at a HAMMERCRAWL! table (VE-17, VE-18, TC-7): through the table's own command
 * path and its fold, what a camp writes on each party character's document, and who may spend a use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';
import { scriptedRandom, seededRandom, type RandomSource } from '../../../dice/random.js';
import type { RuleSystem, TableCharacter } from '../../rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../../../table/commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from '../../../table/events.js';
import { applyEvent, type TableState } from '../../../table/state.js';
import { EMPTY_MAGICK_STATE, type MagickState } from '../magick/magick-state.js';
import { ruleSystem as hammercrawl } from '../rule-system.js';
import type { HammercrawlTableState } from './extension.js';
import { MAX_CAMP_STEPS } from '../venture/venture.js';
import { nightRecoveryOdds, rollCampFor, townWrites } from './camp.js';
import { DEFAULT_MAGICK_SETTINGS } from '../magick/commands.js';

const rules = hammercrawl as unknown as RuleSystem;
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };
const T0 = 1_750_000_000_000;

function table() {
  let state: TableState | null = null;
  let n = 0;
  let seq = 0;
  const log: TableEvent[] = [];
  const append = (made: readonly NewTableEvent[], actor: Actor | null) => {
    for (const e of made) {
      const event = { ...e, seq: ++seq, at: T0, actorId: actor?.id ?? null, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      log.push(event);
      state = applyEvent(state, event, rules.table);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: 'hammercrawl', settings: {} } }], smith);
  for (const m of [smith, ada, bob]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m);
  const t = {
    get state(): TableState {
      return state!;
    },
    log,
    run(actor: Actor, command: Record<string, unknown>, rng: RandomSource = seededRandom(n)) {
      const requestId = `r${++n}`;
      const isOwn = command['kind'] === 'venture';
      const full = (isOwn ? { kind: 'ruleset', requestId, command: { ...command, requestId } } : { ...command, requestId }) as TableCommand;
      const r = rollCommand(state!, actor, full, { rng, rules, now: T0 + n });
      if (r.ok) append(r.value, actor);
      return r;
    },
    venture(actor: Actor, command: Record<string, unknown>, rng?: RandomSource) {
      return t.run(actor, { kind: 'venture', command }, rng);
    },
  };
  return t;
}

const hero = (() => {
  const made = hammercrawl.rollCharacter(seededRandom(3), {});
  if (!made.ok) throw new Error(made.error.message);
  return made.value as unknown as TableCharacter['document'];
})();

/** A table where Ada's character (ch1), hurt to a d3 Health Die, is in the party in a dungeon with two counted uses. */
function campTable() {
  const t = table();
  const saved = t.run(ada, { kind: 'character-save', character: { ...hero, healthDie: 'd3' } });
  if (!saved.ok) throw new Error(saved.error.message);
  for (const c of [
    { kind: 'join', member: { id: 'ch1' } },
    { kind: 'set-limit', holder: 'ch1', ability: 'hd-rerolls', scope: 'venture', max: 2 },
    { kind: 'set-limit', holder: 'ch1', ability: 'second-wind', scope: 'night', max: 1 },
    { kind: 'start-venture', dungeon: { id: 'crypt', level: 1, difficulty: 1, nodes: 3 } },
  ]) {
    const r = t.venture(smith, c);
    if (!r.ok) throw new Error(r.error.message);
  }
  return t;
}

const slice = (t: { state: TableState }) => t.state.extension as HammercrawlTableState;
const doc = (t: { state: TableState }) => t.state.characters.find((c) => c.id === 'ch1')!.document as Record<string, unknown> & { history: { summary: string }[] };
const lastVenture = (t: { log: readonly TableEvent[] }) => t.log.filter((e) => e.kind === 'venture-changed').at(-1)! as unknown as { body: unknown };
const limit = (t: { state: TableState }, ability: string) => slice(t).venture.limits.find((l) => l.ability === ability)!;

describe('counted uses at the table (VE-18)', () => {
  it("a player spends their own character's use, is refused past the limit with when it comes back, and only the Smith may allow it anyway", () => {
    const t = campTable();
    expect(t.venture(ada, { kind: 'use-limit', holder: 'ch1', ability: 'second-wind' }).ok).toBe(true);
    expect(limit(t, 'second-wind').used).toBe(1);
    const spent = t.venture(ada, { kind: 'use-limit', holder: 'ch1', ability: 'second-wind' });
    expect(spent).toMatchObject({ ok: false, error: { code: 'venture/limit-spent' } });
    expect(spent.ok ? '' : spent.error.message).toMatch(/0 of 1 uses of second-wind left; they come back at a full night's camp/);
    // Another player's character, and an override from a player, are forbidden.
    expect(t.venture(bob, { kind: 'use-limit', holder: 'ch1', ability: 'hd-rerolls' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.venture(ada, { kind: 'use-limit', holder: 'ch1', ability: 'second-wind', override: true })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    // Every other Venture command stays the Smith's.
    expect(t.venture(ada, { kind: 'camp', camp: 'night' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    const allowed = t.venture(smith, { kind: 'use-limit', holder: 'ch1', ability: 'second-wind', override: true });
    expect(allowed.ok).toBe(true);
    const logged = lastVenture(t);
    expect(logged.body).toMatchObject({ events: [{ kind: 'limit-used', holder: 'ch1', ability: 'second-wind', uses: 1, isOverride: true }] });
    expect(limit(t, 'second-wind').used).toBe(2);
    // A use within the limit is no override.
    expect(t.venture(smith, { kind: 'use-limit', holder: 'ch1', ability: 'hd-rerolls', override: true }).ok).toBe(true);
    expect(lastVenture(t).body).toMatchObject({ events: [{ kind: 'limit-used', ability: 'hd-rerolls' }] });
    expect(lastVenture(t).body).not.toMatchObject({ events: [{ isOverride: true }] });
  });
});

describe('a camp at the table (VE-17, TC-7)', () => {
  it('is refused while a fight runs in the tracker', () => {
    const t = campTable();
    t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Gob', side: 'foes' } });
    expect(t.run(smith, { kind: 'combat', action: { type: 'start' } }).ok).toBe(true);
    expect(t.venture(smith, { kind: 'camp', camp: 'break' })).toMatchObject({ ok: false, error: { code: 'venture/in-a-fight' } });
    expect(t.run(smith, { kind: 'combat', action: { type: 'end' } }).ok).toBe(true);
    expect(t.venture(smith, { kind: 'camp', camp: 'break' }).ok).toBe(true);
  });

  it("a night writes each party character: the Smith's Health steps, the uses it brings back, one history line", () => {
    const t = campTable();
    t.venture(ada, { kind: 'use-limit', holder: 'ch1', ability: 'second-wind' });
    t.venture(ada, { kind: 'use-limit', holder: 'ch1', ability: 'hd-rerolls' });
    const r = t.venture(smith, { kind: 'camp', camp: 'night', healthSteps: 1 });
    expect(r.ok).toBe(true);
    expect(doc(t)['healthDie']).toBe('d4');
    expect(doc(t).history.at(-1)!.summary).toBe("A full night's camp: Health d3 -> d4; uses back: second-wind 1/1");
    expect(limit(t, 'second-wind').used).toBe(0);
    // A Venture's use comes back only in town.
    expect(limit(t, 'hd-rerolls').used).toBe(1);
    // A break with no steps restores nothing to the dice, and says so.
    expect(t.venture(smith, { kind: 'camp', camp: 'break' }).ok).toBe(true);
    expect(doc(t).history.at(-1)!.summary).toBe('Camp break: nothing to restore');
    expect(doc(t)['healthDie']).toBe('d4');
    // Steps past the chain are refused, naming the field; the whole chain (MAX_CAMP_STEPS) is taken, and stops at the base die.
    const past = t.venture(smith, { kind: 'camp', camp: 'night', healthSteps: MAX_CAMP_STEPS + 1 });
    expect(past).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^(venture\/bad-steps|protocol\/malformed)$/) } });
    expect(past.ok ? '' : past.error.message).toMatch(/healthSteps/);
    expect(t.venture(smith, { kind: 'camp', camp: 'night', healthSteps: MAX_CAMP_STEPS }).ok).toBe(true);
    expect(doc(t)['healthDie']).toBe(doc(t)['baseHealthDie']);
  });
});

describe("a night's Mana-burn roll (VE-9)", () => {
  const caster = { level: 3, grade: 'dedicated', spellStat: 'INT', spellStatScore: 14, sustainDivisor: 1, conScore: 12, hasManaBurn: true, canOvercast: true, profileId: null } as const;
  const burned = (burnSteps: number, burnedOut = false): MagickState => ({ ...EMPTY_MAGICK_STATE, caster, burnSteps, burnedOut });
  const ch1: TableCharacter = { id: 'ch1', ownerId: 'A', document: hero };
  const night = (rng: RandomSource, m: MagickState) => rollCampFor(rng, 'night', ch1, m, [], ['camp-break', 'night'], { health: 0, armour: 0 });

  it('has the exact odds of the die it rolls: every face tried, only the highest restores a step', () => {
    for (const m of [burned(1), burned(2), burned(0, true)]) {
      const odds = nightRecoveryOdds(m)!;
      let restored = 0;
      for (let face = 1; face <= odds.die; face++) {
        const r = night(scriptedRandom([face]), m);
        expect(r.dice).toEqual([{ sides: odds.die, face, isKept: true, role: "night's sleep (Mana-burn)" }]);
        if (/Spell Die now/.test(r.summary)) restored += 1;
      }
      expect(restored / odds.die).toBeCloseTo(odds.chance, 12);
    }
    expect(nightRecoveryOdds(burned(0, true))).toEqual({ die: 3, chance: 1 / 3 });
  });

  it('writes the magick after on the document; no roll without Mana-burn, nor at a break', () => {
    const r = night(scriptedRandom([nightRecoveryOdds(burned(1))!.die]), burned(1));
    expect((r.document['magick'] as MagickState).burnSteps).toBe(0);
    expect(r.magickEvents.map((e) => e.kind)).toEqual(['night-rest-rolled']);
    expect(nightRecoveryOdds(burned(0))).toBeNull();
    expect(night(scriptedRandom([]), burned(0)).dice).toEqual([]);
    expect(rollCampFor(scriptedRandom([]), 'break', ch1, burned(1), [], ['camp-break'], { health: 0, armour: 0 }).magickEvents).toEqual([]);
  });
});

describe('the return to town writes every party character (VE-19)', () => {
  it('the Health Die goes back to its base, the Venture\'s uses come back, one history line; a caster\'s Mana-burn goes', () => {
    const t = campTable();
    t.venture(ada, { kind: 'use-limit', holder: 'ch1', ability: 'hd-rerolls' });
    const base = doc(t)['baseHealthDie'];
    expect(doc(t)['healthDie']).toBe('d3');
    const r = t.venture(smith, { kind: 'return-to-town' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.filter((e) => e.kind === 'character-saved')).toHaveLength(1);
    expect(doc(t)['healthDie']).toBe(base);
    expect(doc(t).history.at(-1)!.summary).toMatch(/^Return to town: Rest in town: /);
    expect(limit(t, 'hd-rerolls').used).toBe(0);
    expect(slice(t).venture.location).toBe('town');
  });

  it('removes a caster\'s Mana-burn and gives back burnt CON as the table says', () => {
    const caster: MagickState = {
      ...EMPTY_MAGICK_STATE,
      caster: { level: 3, grade: 'dedicated', spellStat: 'INT', spellStatScore: 14, sustainDivisor: 1, conScore: 12, hasManaBurn: true, canOvercast: true, profileId: null },
      burnSteps: 2,
      burntCon: 1,
    };
    const ch = { id: 'ch1', ownerId: 'A', document: { ...hero, healthDie: 'd3' } } as TableCharacter;
    const venture = { party: [{ id: 'ch1', xp: 0 }] } as unknown as Parameters<typeof townWrites>[2];
    const rest = (d: TableCharacter['document']) => ({ document: { ...d, healthDie: d['baseHealthDie'] }, summary: 'Rest in town: Health back', explanation: [] });
    const out = townWrites(scriptedRandom([]), 'r', venture, () => caster, [ch], rest);
    expect(out.map((e) => ('own' in e ? e.own : e.shared))).toEqual(['magick-changed', 'character-saved']);
    const saved = out[1] as Extract<(typeof out)[number], { shared: 'character-saved' }>;
    expect(saved.body.change!.summary).toBe('Return to town: Rest in town: Health back; Mana-burn removed; CON +1 back');
    expect((saved.body.character.document['magick'] as MagickState).burnSteps).toBe(0);
    const kept = townWrites(scriptedRandom([]), 'r', venture, () => caster, [ch], rest, { ...DEFAULT_MAGICK_SETTINGS, townRestRestoresCon: false });
    expect((kept[1] as typeof saved).body.change!.summary).toContain('burnt CON stays');
  });
});

describe('the camp and counted-use code is written in our own words', () => {
  it.skipIf(!HAS_RULES_TEXT)('no run of 8 words copied from the rules in its sources', () => {
    const files = ['src/rules/hammercrawl/table/camp.ts', 'web/src/rulesets/hammercrawl/venture-extras.tsx', 'web/src/rulesets/hammercrawl/limits-panel.tsx'];
    const texts = files.map((f) => readFileSync(fileURLToPath(new URL(`../../../../${f}`, import.meta.url)), 'utf8'));
    expect(texts.every((t) => t.length > 1000)).toBe(true);
    expect(copiedRuns(texts)).toEqual([]);
  });
});
