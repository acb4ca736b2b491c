import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { MAX_STEP_AMOUNT } from '../../dice/limits.js';
import { MAX_CRIT_RANGE, checkOdds, competitionOdds, prepareCompetition, rollCheck } from './checks.js';
import { rollCharacter } from './create-character.js';
import { resourceOdds, rollResourceUse } from './resource-die.js';
import { saveOdds } from './saves.js';
import { featDieBonus } from './feat-die.js';
import { MAX_CHECK_NUMBER, ruleSystem } from './rule-system.js';
import type { CheckRequest, OutcomeOdds } from '../rule-system.js';
import { duplicatesOf, offendersOf } from '../../../test/offenders.js';

const p = (outcomes: readonly OutcomeOdds[], id: string) => outcomes.find((o) => o.outcome === id)?.p ?? 0;
const sum = (outcomes: readonly OutcomeOdds[]) => outcomes.reduce((s, o) => s + o.p, 0);

function odds(request: CheckRequest) {
  const r = ruleSystem.checkOdds(request);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('ruleSystem (HAMMERCRAWL!)', () => {
  it('names itself and keys attributes as the character document keys its stats', () => {
    expect(ruleSystem.id).toBe('hammercrawl');
    expect(ruleSystem.chain.sides).toEqual([3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 30]);
    const c = rollCharacter(seededRandom(3), { method: 'random' });
    if (!c.ok) throw new Error('creation failed');
    expect(ruleSystem.attributes.map((a) => a.id).sort()).toEqual(Object.keys(c.character.stats).sort());
  });

  it('offers the CLI mechanics as checks, with the CLI flag names', () => {
    expect(ruleSystem.checks.map((k) => k.id)).toEqual(['test', 'challenge', 'open', 'save', 'compete']);
    const test = ruleSystem.checks.find((k) => k.id === 'test')!;
    expect(test.params.map((d) => d.name)).toEqual(['target', 'half', 'die', 'steps', 'mod', 'adv', 'dis', 'feat', 'weak', 'crit', 'crit-range', 'below-d3', 'stat', 'stock', 'off-earth', 'full-health', 'hammer-die', 'vantage-pooled']);
    const compete = ruleSystem.checks.find((k) => k.id === 'compete')!;
    expect(compete.params.map((d) => d.name)).toContain('vs-steps');
    expect(compete.params.map((d) => d.name)).toContain('ties');
  });

  it('gives the same odds as checks.ts for a Test, a Challenge and an Open roll', () => {
    expect(p(odds({ check: 'test', params: { target: 12 } }).outcomes, 'success')).toBeCloseTo(0.6, 12);
    const ch = odds({ check: 'challenge', params: { target: 14, steps: 1, mod: 2, adv: true } });
    const direct = checkOdds({
      kind: 'challenge',
      target: 14,
      steps: [{ amount: 1, origin: { kind: 'smith', label: 's' } }],
      mods: [{ amount: 2, origin: { kind: 'smith', label: 'm' } }],
      vantage: [{ mark: 'adv', origin: { kind: 'smith', label: 'a' } }],
    });
    expect(p(ch.outcomes, 'success')).toBeCloseTo(direct.success!, 12);
    expect(ch.mean).toBeCloseTo(direct.distribution.mean, 12);
    const half = odds({ check: 'test', params: { target: 15, half: true } });
    expect(p(half.outcomes, 'success')).toBeCloseTo(8 / 20, 12);
    expect(sum(odds({ check: 'open', params: { die: 12 } }).outcomes)).toBeCloseTo(1, 12);
  });

  it('a check kind takes a widened crit range: "crits on 19-20" is crit-range 2 (H-17), limits refused with a path', () => {
    expect(p(odds({ check: 'challenge', params: { target: 12, crit: 16, 'crit-range': 2 } }).outcomes, 'critical')).toBeCloseTo(2 / 20, 14);
    expect(p(odds({ check: 'challenge', params: { target: 12, crit: 16 } }).outcomes, 'critical')).toBeCloseTo(1 / 20, 14);
    expect(p(odds({ check: 'test', params: { target: 12, crit: 16, 'crit-range': 2 } }).outcomes, 'critical')).toBeCloseTo(2 / 20, 14);
    const r = ruleSystem.rollCheck(scriptedRandom([19]), { check: 'challenge', params: { target: 12, crit: 16, 'crit-range': 2 } });
    expect(r.ok && r.value.outcome).toBe('critical');
    const over = ruleSystem.checkOdds({ check: 'challenge', params: { target: 12, crit: 16, 'crit-range': MAX_CRIT_RANGE + 1 } });
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.error.path).toContain('crit-range');
    expect(ruleSystem.checkOdds({ check: 'challenge', params: { target: 12, crit: 16, 'crit-range': MAX_CRIT_RANGE } }).ok).toBe(true);
  });

  it('splits a crit out of success and failure; the three sum to 1 and match seeded rolls', () => {
    const requests: CheckRequest[] = [
      { check: 'challenge', params: { target: 15, crit: 16, feat: 3 } },
      { check: 'test', params: { target: 8, crit: 16, feat: 5 } },
      { check: 'challenge', params: { target: 22, crit: 20, mod: -1 } },
      { check: 'challenge', params: { target: 15, crit: 16, 'crit-range': 2, feat: 3 } },
      { check: 'test', params: { target: 8, crit: 16, 'crit-range': 3, adv: true } },
    ];
    for (const request of requests) {
      const o = odds(request);
      expect(sum(o.outcomes)).toBeCloseTo(1, 12);
      const rng = seededRandom(99);
      const n = 8_000;
      const counts = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const r = ruleSystem.rollCheck(rng, request);
        if (!r.ok) throw new Error(r.error.message);
        counts.set(r.value.outcome, (counts.get(r.value.outcome) ?? 0) + 1);
      }
      for (const out of o.outcomes) {
        const sigma = Math.sqrt((out.p * (1 - out.p)) / n);
        expect(Math.abs((counts.get(out.outcome) ?? 0) / n - out.p)).toBeLessThanOrEqual(4 * sigma + 1e-9);
      }
    }
  });

  it('rolls the same faces as checks.ts and reports them as dice', () => {
    const r = ruleSystem.rollCheck(scriptedRandom([7, 2]), { check: 'challenge', params: { target: 9, feat: 2 } });
    if (!r.ok) throw new Error(r.error.message);
    const direct = rollCheck(scriptedRandom([7, 2]), { kind: 'challenge', target: 9, feat: featDieBonus(2) });
    expect(r.value.total).toBe(direct.total);
    expect(r.value.outcome).toBe('failure');
    expect(r.value.dice).toEqual([
      { sides: 20, face: 7, isKept: true, role: 'check die' },
      { sides: 4, face: 2, isKept: true, role: 'Feat Die' },
    ]);
  });

  it('delegates Saves and Competitions', () => {
    const s = odds({ check: 'save', params: { mod: 2, target: 14, level: 3, 'source-level': 5 } });
    expect(p(s.outcomes, 'success')).toBeCloseTo(saveOdds({ statMod: 2, target: 14, level: 3, sourceLevel: 5 }).saved, 12);
    const c = odds({ check: 'compete', params: { mod: 1, 'vs-steps': -1, ties: 'reroll' } });
    const direct = competitionOdds(
      prepareCompetition({ first: { mods: [{ amount: 1, origin: { kind: 'smith', label: 'm' } }] }, second: { steps: [{ amount: -1, origin: { kind: 'smith', label: 's' } }] }, ties: 'reroll' }),
    );
    expect(p(c.outcomes, 'first')).toBeCloseTo(direct.first, 12);
    expect(sum(c.outcomes)).toBeCloseTo(1, 9);
    const st = odds({ check: 'compete', params: { ties: 'stalemate' } });
    expect(p(st.outcomes, 'stalemate')).toBeCloseTo(1 / 20, 12);
    const roll = ruleSystem.rollCheck(scriptedRandom([10, 10]), { check: 'compete', params: {} });
    expect(roll.ok && roll.value.outcome).toBe('second');
  });

  it('returns problems for bad parameters, with limits at and past', () => {
    const missing = ruleSystem.checkOdds({ check: 'test', params: {} });
    expect(!missing.ok && missing.error.code).toBe('param/missing');
    const unknown = ruleSystem.checkOdds({ check: 'test', params: { target: 10, bogus: 1 } });
    expect(!unknown.ok && unknown.error.code).toBe('param/unknown');
    const kind = ruleSystem.checkOdds({ check: 'attack', params: {} });
    expect(!kind.ok && kind.error.code).toBe('check/unknown-kind');
    expect(ruleSystem.checkOdds({ check: 'challenge', params: { target: MAX_CHECK_NUMBER } }).ok).toBe(true);
    const past = ruleSystem.checkOdds({ check: 'challenge', params: { target: MAX_CHECK_NUMBER + 1 } });
    expect(!past.ok && past.error.code).toBe('param/out-of-range');
    expect(ruleSystem.checkOdds({ check: 'challenge', params: { target: 10, steps: MAX_STEP_AMOUNT } }).ok).toBe(true);
    expect(ruleSystem.checkOdds({ check: 'challenge', params: { target: 10, steps: MAX_STEP_AMOUNT + 1 } }).ok).toBe(false);
    const die = ruleSystem.checkOdds({ check: 'open', params: { die: 9 } });
    expect(!die.ok && die.error.code).toBe('param/not-a-die');
  });

  it('uses resource dice for usage dice', () => {
    expect(ruleSystem.usageDie.stepDownMaxFace).toBe(2);
    const o = ruleSystem.usageOdds(12, 10);
    expect(o.ok && o.value.depleted).toBeCloseTo(resourceOdds(12, 10).depleted, 15);
    const r = ruleSystem.rollUsage(scriptedRandom([2]), 12);
    expect(r.ok && r.value).toMatchObject({ die: 12, face: 2, isSteppedDown: true, after: 10 });
    expect(r.ok && r.value.explanation).toBe(rollResourceUse(scriptedRandom([2]), 12).explanation);
    const off = ruleSystem.usageOdds(9, 1);
    expect(off.ok).toBe(false);
  });

  it('rolls, reads and summarizes characters through creation and the document reader', () => {
    const made = ruleSystem.rollCharacter(seededRandom(11), { method: 'random' });
    const direct = rollCharacter(seededRandom(11), { method: 'random' });
    if (!made.ok || !direct.ok) throw new Error('creation failed');
    expect(made.value).toEqual(direct.character);
    const back = ruleSystem.readCharacter(JSON.parse(JSON.stringify(made.value)));
    expect(back.ok && back.value).toEqual(made.value);
    const s = ruleSystem.summarize(made.value);
    expect(s.headline).toMatch(/^Level 1 .+ .+$/);
    expect(s.trackers.map((t) => t.id)).toEqual(['health-die', 'harm-die', 'armour-die', 'feat-die', 'defense', 'xp']);
    expect(s.trackers[0]!.value).toBe(made.value.healthDie);
    const bad = ruleSystem.readCharacter({ ...made.value, level: 0 });
    expect(!bad.ok && bad.error.path).toBe('$.level');
    const arr = ruleSystem.readCharacter([made.value]);
    expect(!arr.ok && arr.error.code).toBe('character/expected-one');
    const wrong = ruleSystem.rollCharacter(seededRandom(1), { method: 'random', class: 'combatant' });
    expect(!wrong.ok && wrong.error.code).toBe('creation/choices-need-semi');
    const semi = ruleSystem.rollCharacter(seededRandom(1), { method: 'semi', class: 'combatant', name: 'Brakka' });
    expect(semi.ok && semi.value.class).toBe('combatant');
    expect(semi.ok && semi.value.name).toBe('Brakka');
    const droffen = ruleSystem.rollCharacter(seededRandom(2), { method: 'semi', stock: 'droffen', class: 'combatant' });
    expect(droffen.ok && ruleSystem.summarize(droffen.value).headline).toBe('Level 1 Droffen Combatant');
  });

  it('rolls initiative as the leaders\' Initiative Contest, re-rolling ties', () => {
    const r = ruleSystem.rollInitiative(scriptedRandom([12, 11, 5, 3]), [
      { id: 'ana', side: 'party', stats: { INT: 10 } },
      { id: 'bo', side: 'party', stats: { INT: 16 }, isLeader: true },
      { id: 'orc', side: 'foes', stats: { INT: 13 } },
    ]);
    if (!r.ok) throw new Error(r.error.message);
    // bo (INT 16, +2) 12 -> 14 against orc (INT 13, +1) 11 -> 12: bo wins at once
    expect(r.value.order[0]).toMatchObject({ id: 'bo', rank: 0 });
    expect(r.value.order.map((x) => x.id)).toEqual(['bo', 'ana', 'orc']);
    expect(r.value.dice).toHaveLength(2);
    const tie = ruleSystem.rollInitiative(scriptedRandom([12, 11, 3, 5]), [
      { id: 'a', side: 'x', stats: { int: 10 } },
      { id: 'b', side: 'y', stats: { int: 13 } },
    ]);
    if (!tie.ok) throw new Error(tie.error.message);
    expect(tie.value.order[0]!.id).toBe('b');
    expect(tie.value.dice).toHaveLength(4);
    // A leader with no INT given rolls with no mod (ruling IN-14): a 15 against b's 14 (INT 9, +0).
    const missing = ruleSystem.rollInitiative(scriptedRandom([15, 14]), [{ id: 'a', side: 'x', stats: {} }, { id: 'b', side: 'y', stats: { INT: 9 } }]);
    expect(missing.ok && missing.value.order[0]!.id).toBe('a');
    expect(missing.ok && missing.value.explanation[0]).toBe('a: no INT given, so no INT mod (+0)');
  });

  it('exposes the data tables with unique ids', () => {
    const ids = ruleSystem.tables.map((t) => t.id);
    expect([
      ...duplicatesOf(ids),
      ...offendersOf(ruleSystem.tables, (t) => t.rows.length === 0, (t) => `${t.id}: no rows`),
      ...ruleSystem.tables.flatMap((t) => duplicatesOf(t.rows.map((r) => r.id)).map((d) => `${t.id}: row id ${d}`)),
    ]).toEqual([]);
    expect(ids).toContain('treasure-tiers');
  });
});

describe('the Save check kind as a Feat (the web Save form)', () => {
  it('has a feat param, and a Save with it adds the Feat Die of that level', () => {
    const save = ruleSystem.checks.find((c) => c.id === 'save')!;
    expect(save.params.map((x) => x.name)).toContain('feat');
    const plain = odds({ check: 'save', params: { mod: 0, target: 15 } });
    const feat = odds({ check: 'save', params: { mod: 0, target: 15, feat: 1 } });
    expect(p(plain.outcomes, 'success') + p(plain.outcomes, 'crit')).toBeCloseTo(5 / 20, 12);
    let wins = 0;
    for (let d = 1; d <= 20; d++) for (let f = 1; f <= 3; f++) if (d + f > 15) wins++;
    expect(p(feat.outcomes, 'success') + p(feat.outcomes, 'crit')).toBeCloseTo(wins / 60, 12);
  });
});

describe('stock abilities on checks: a stat button\'s Test, a Challenge and a Save (STOCKS; ST-8, ST-9, ST-14)', () => {
  const success = (request: CheckRequest) => {
    const o = ruleSystem.checkOdds(request);
    if (!o.ok) throw new Error(o.error.message);
    return o.value.outcomes.filter((x) => x.outcome === 'success' || x.outcome === 'critical').reduce((s, x) => s + x.p, 0);
  };
  const explained = (request: CheckRequest) => {
    const o = ruleSystem.checkOdds(request);
    return o.ok ? o.value.explanation.join(' | ') : o.error.message;
  };

  it("a Troll's STR Test and an Ogre's CON Challenge take one step; another stat or stock does not", () => {
    const test = { check: 'test', params: { target: 12, stat: 'STR' } };
    expect(success({ ...test, params: { ...test.params, stock: 'troll' } })).toBeGreaterThan(success(test));
    expect(explained({ ...test, params: { ...test.params, stock: 'troll' } })).toMatch(/Monstrous Strength/);
    expect(success({ ...test, params: { ...test.params, stock: 'ogre' } })).toBeCloseTo(success(test), 12);
    expect(success({ check: 'test', params: { target: 12, stat: 'DEX', stock: 'troll' } })).toBeCloseTo(success({ check: 'test', params: { target: 12, stat: 'DEX' } }), 12);
    const challenge = { check: 'challenge', params: { target: 12, mod: 1, stat: 'CON' } };
    expect(success({ ...challenge, params: { ...challenge.params, stock: 'ogre' } })).toBeGreaterThan(success(challenge));
    // The step is the same as the tray's one step: the odds match exactly.
    expect(success({ ...challenge, params: { ...challenge.params, stock: 'ogre' } })).toBeCloseTo(success({ ...challenge, params: { ...challenge.params, steps: 1 } }), 12);
    // A stock without the stat named does nothing.
    expect(success({ check: 'test', params: { target: 12, stock: 'troll' } })).toBeCloseTo(success({ check: 'test', params: { target: 12 } }), 12);
  });

  it('a Droffen STR Save adds the level on stone or earth; an Elfin INT Save is at an Advantage at full Health', () => {
    const save = { check: 'save', params: { mod: 0, target: 12, stat: 'STR', 'stock-level': 4 } };
    expect(success({ ...save, params: { ...save.params, stock: 'droffen' } })).toBeCloseTo(success({ ...save, params: { ...save.params, mod: 4 } }), 12);
    expect(success({ ...save, params: { ...save.params, stock: 'droffen', 'off-earth': true } })).toBeCloseTo(success(save), 12);
    const int = { check: 'save', params: { mod: 0, target: 12, stat: 'INT' } };
    expect(success({ ...int, params: { ...int.params, stock: 'elfin', 'full-health': true } })).toBeCloseTo(success({ ...int, params: { ...int.params, adv: true } }), 12);
    expect(success({ ...int, params: { ...int.params, stock: 'elfin' } })).toBeCloseTo(success(int), 12);
    // A Troll's STR Save: the step (Saves are Challenges).
    expect(success({ ...save, params: { ...save.params, stock: 'troll' } })).toBeCloseTo(success({ ...save, params: { ...save.params, steps: 1 } }), 12);
  });

  it("a stock's stat button check: the character's stock and Health are added, what the request says wins; the roll follows the odds", () => {
    const troll = { stock: 'troll', level: 3, healthDie: 'd10', baseHealthDie: 'd10' };
    const made = ruleSystem.characterCheck!(troll, { check: 'test', params: { target: 14, stat: 'STR' } });
    expect(made).toEqual({ check: 'test', params: { stock: 'troll', 'full-health': true, target: 14, stat: 'STR' } });
    expect(ruleSystem.characterCheck!(troll, { check: 'save', params: { mod: 0, target: 10 } }).params).toMatchObject({ 'stock-level': 3 });
    expect(ruleSystem.characterCheck!({ ...troll, healthDie: 'd8' }, { check: 'test', params: { target: 14 } }).params['full-health']).toBe(false);
    expect(ruleSystem.characterCheck!({ stock: 'nobody' }, { check: 'test', params: { target: 14 } })).toEqual({ check: 'test', params: { target: 14 } });
    expect(ruleSystem.characterCheck!(null, { check: 'test', params: { target: 14 } })).toEqual({ check: 'test', params: { target: 14 } });
    expect(ruleSystem.characterCheck!(troll, { check: 'compete', params: {} })).toEqual({ check: 'compete', params: {} });
    // Monte Carlo: the roll with the stock's step matches its odds.
    const request = { check: 'test', params: { target: 10, stat: 'STR', stock: 'troll' } };
    let wins = 0;
    const rng = seededRandom(5);
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const r = ruleSystem.rollCheck(rng, request);
      if (r.ok && (r.value.outcome === 'success' || r.value.outcome === 'critical')) wins++;
    }
    expect(Math.abs(wins / n - success(request))).toBeLessThan(0.03);
  });
});
