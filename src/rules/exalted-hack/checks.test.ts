// Checks of The Exalted Hack: exact odds against brute-force enumeration and seeded Monte Carlo, the
// text's own statements as scripted scenarios, and every parameter limit at and one past.
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import type { CheckRequest, CheckRoll, ParamRecord } from '../rule-system.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import { MAX_TARGET_MODIFIER } from './attributes.js';
import { CHECK_KINDS, checkOdds, damageDealt, groupOutcome, nvnRule, pvpWinner, rollCheck } from './checks.js';
import { MAX_ELABORATION_POINTS } from './data/elaboration.js';
import { MAX_HP } from './hit-points.js';
import { MAX_GROUP_SIZE, MAX_SCORE_LIST_LENGTH } from './params.js';

const req = (check: string, params: ParamRecord = {}): CheckRequest => ({ check, params });

function odds(check: string, params: ParamRecord) {
  const r = checkOdds(req(check, params));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function roll(faces: number[], check: string, params: ParamRecord): CheckRoll {
  const rng = scriptedRandom(faces);
  const r = rollCheck(rng, req(check, params));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  expect(rng.remaining, 'the whole script is used').toBe(0);
  return r.value;
}

const pOf = (check: string, params: ParamRecord, outcome: string) => odds(check, params).outcomes.find((o) => o.outcome === outcome)?.p;

/** A spread of requests, each small enough to enumerate every face path. */
const CASES: readonly CheckRequest[] = [
  req('check', { attribute: 12 }),
  req('check', { attribute: 12, advantage: true }),
  req('check', { attribute: 9, disadvantage: true, modifier: 3 }),
  req('check', { attribute: 18, modifier: 5, advantage: true, disadvantage: true }),
  req('check', { attribute: 2 }),
  req('check', { attribute: 16, 'powerful-foe': true, secret: true }),
  req('check', { attribute: 16, 'powerful-foe': true, level: 20 }),
  req('attack', { attribute: 14, untrained: true, maneuver: true }),
  req('attack', { attribute: 14, maneuver: true, advantage: true }),
  req('defend', { attribute: 11, area: true }),
  req('defend', { attribute: 11, 'off-guard': true }),
  req('damage', { die: 8, weapon: 'heavy', attack: 'critical', defence: 'blunder', armour: 3 }),
  req('damage', { die: 6, weapon: 'martial', defence: 'success', area: true, armour: 1, magical: true, advantage: true }),
  req('damage', { die: 12, defence: 'critical' }),
  req('x-or-nothing', { x: 5 }),
  req('x-or-nothing', { x: 1, disadvantage: true }),
  req('elaboration', { attribute: 13, progress: 0 }),
  req('elaboration', { attribute: 13, progress: 4, advantage: true }),
  req('group', { attributes: '12,9,15' }),
  req('group', { attributes: '10, 17', advantage: true }),
  req('initiative', { wisdom: '12,8,14' }),
  req('surprise', { wisdom: '11,13', modifier: -2 }),
  req('pvp', { active: 12, reactive: 14 }),
  req('pvp', { active: 4, reactive: 18, 'reactive-modifier': -3 }),
  req('npc-vs-npc', {}),
  req('npc-vs-npc', { 'follower-level': 4, 'leader-charisma': 16 }),
  req('npc-vs-npc', { 'follower-level': 20 }),
  req('usage', { die: 4 }),
  req('usage', { die: 10 }),
  req('dying', {}),
  req('dying', { 'dying-rule': 'd4-per-turn' }),
  req('recovery', { 'hit-die': 10, hp: 15, 'max-hp': 21 }),
];

describe('exact odds against brute force (every face path enumerated)', () => {
  it.each(CASES.map((c) => [`${c.check} ${JSON.stringify(c.params)}`, c] as const))('%s', (_name, c) => {
    const exact = checkOdds(c);
    if (!exact.ok) throw new Error(exact.error.message);
    const e = enumeratePaths((rng) => {
      const r = rollCheck(rng, c);
      if (!r.ok) throw new Error(r.error.message);
      return `${r.value.outcome}|${r.value.total}`;
    });
    const chances = enumeratedChances(e);
    const byOutcome = new Map<string, number>();
    const byValue = new Map<number, number>();
    for (const [k, p] of chances) {
      const [o, t] = k.split('|');
      byOutcome.set(o!, (byOutcome.get(o!) ?? 0) + p);
      byValue.set(Number(t), (byValue.get(Number(t)) ?? 0) + p);
    }
    const sum = exact.value.outcomes.reduce((s, o) => s + o.p, 0);
    expect(sum).toBeCloseTo(1, 12);
    for (const o of exact.value.outcomes) expect(o.p, o.outcome).toBeCloseTo(byOutcome.get(o.outcome) ?? 0, 12);
    for (const o of byOutcome.keys()) expect(exact.value.outcomes.map((x) => x.outcome)).toContain(o);
    if (exact.value.values !== undefined) {
      for (const v of exact.value.values) expect(v.p, `value ${v.value}`).toBeCloseTo(byValue.get(v.value) ?? 0, 12);
      const mean = [...byValue].reduce((m, [v, p]) => m + v * p, 0);
      expect(exact.value.mean).toBeCloseTo(mean, 10);
    }
  });
});

describe('exact odds against seeded Monte Carlo (4 sigma)', () => {
  it.each([
    req('check', { attribute: 13, advantage: true }),
    req('attack', { attribute: 15, disadvantage: true, modifier: -2 }),
    req('group', { attributes: '12,12,12,12,12,12,12,12,12,12,12,12' }),
    req('damage', { die: 10, weapon: 'martial', attack: 'critical', armour: 4 }),
    req('pvp', { active: 13, reactive: 11 }),
  ].map((c) => [`${c.check} ${JSON.stringify(c.params)}`, c] as const))('%s', (_name, c) => {
    const exact = checkOdds(c);
    if (!exact.ok) throw new Error(exact.error.message);
    const rng = seededRandom(20261129);
    const n = 20_000;
    const counts = tally(n, () => {
      const r = rollCheck(rng, c);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.outcome;
    });
    for (const o of exact.value.outcomes) expectWithinFourSigma(counts.get(o.outcome) ?? 0, n, o.p, 1 / n, o.outcome);
  });

  it('a group of 20 stays exact and fast (merged states, not 20^20 paths)', () => {
    const o = odds('group', { attributes: Array.from({ length: MAX_GROUP_SIZE }, () => '11').join(',') });
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
  });
});

describe('the four outcomes and the attribute limits (Resolving Actions and Attributes; EH-1, EH-2)', () => {
  it('a 1 is a critical success and a 20 a blunder, whatever the target', () => {
    expect(roll([1], 'check', { attribute: 4 }).outcome).toBe('critical');
    expect(roll([20], 'check', { attribute: 18, modifier: 20 }).outcome).toBe('blunder');
  });

  it('under the attribute succeeds; the attribute itself and over fail (EH-1)', () => {
    expect(roll([11], 'check', { attribute: 12 }).outcome).toBe('success');
    expect(roll([12], 'check', { attribute: 12 }).outcome).toBe('failure');
    expect(roll([13], 'check', { attribute: 12 }).outcome).toBe('failure');
  });

  it('18 and 19 always fail, even at 18 with a big +', () => {
    expect(roll([17], 'check', { attribute: 18, modifier: MAX_TARGET_MODIFIER }).outcome).toBe('success');
    expect(roll([18], 'check', { attribute: 18, modifier: MAX_TARGET_MODIFIER }).outcome).toBe('failure');
    expect(roll([19], 'check', { attribute: 18 }).outcome).toBe('failure');
    expect(pOf('check', { attribute: 18, modifier: 20 }, 'success')).toBeCloseTo(16 / 20, 12);
  });

  it('2 and 3 always succeed, even at attribute 1 with a big -', () => {
    expect(roll([3], 'check', { attribute: 1, modifier: -MAX_TARGET_MODIFIER }).outcome).toBe('success');
    expect(roll([2], 'check', { attribute: 5, modifier: -4 }).outcome).toBe('success');
    expect(roll([4], 'check', { attribute: 4 }).outcome).toBe('failure');
    expect(pOf('check', { attribute: 1 }, 'success')).toBeCloseTo(2 / 20, 12);
  });

  it('the target limits at and one past: 4 and 18 stand, 3 and 19 are held', () => {
    expect(odds('check', { attribute: 4 }).description).toBe('d20 roll-under 4');
    expect(odds('check', { attribute: 4, modifier: -1 }).description).toBe('d20 roll-under 4');
    expect(odds('check', { attribute: 18 }).description).toBe('d20 roll-under 18');
    expect(odds('check', { attribute: 18, modifier: 1 }).description).toBe('d20 roll-under 18');
    expect(odds('check', { attribute: 17, modifier: 1 }).description).toBe('d20 roll-under 18');
  });

  it('+ and - move the target, never the die', () => {
    const r = roll([12], 'check', { attribute: 12, modifier: 1 });
    expect(r.total).toBe(12);
    expect(r.outcome).toBe('success');
    expect(roll([11], 'check', { attribute: 12, modifier: -1 }).outcome).toBe('failure');
  });

  it('advantage keeps the lower of two d20s, disadvantage the higher; both together is a normal roll', () => {
    const adv = roll([15, 6], 'check', { attribute: 10, advantage: true });
    expect(adv.outcome).toBe('success');
    expect(adv.dice.map((d) => d.isKept)).toEqual([false, true]);
    expect(roll([15, 6], 'check', { attribute: 10, disadvantage: true }).outcome).toBe('failure');
    expect(roll([6], 'check', { attribute: 10, advantage: true, disadvantage: true }).dice).toHaveLength(1);
    // a blunder under advantage needs both dice on 20
    expect(pOf('check', { attribute: 10, advantage: true }, 'blunder')).toBeCloseTo(1 / 400, 12);
    expect(pOf('check', { attribute: 10, disadvantage: true }, 'critical')).toBeCloseTo(1 / 400, 12);
  });

  it('a secret roll says so', () => {
    expect(odds('check', { attribute: 10, secret: true }).explanation[0]).toMatch(/secret/);
  });
});

describe('powerful NPCs, training and maneuvers (Powerful NPCs; Weapons; Other Actions; EH-3)', () => {
  it('against a powerful NPC the attribute is halved, rounding down; level 20 is not', () => {
    expect(odds('check', { attribute: 15, 'powerful-foe': true }).description).toBe('d20 roll-under 7');
    expect(odds('check', { attribute: 15, 'powerful-foe': true, level: 19 }).description).toBe('d20 roll-under 7');
    expect(odds('check', { attribute: 15, 'powerful-foe': true, level: 20 }).description).toBe('d20 roll-under 15');
  });

  it('untrained halves the attack; untrained against a powerful foe halves twice, then the limits hold', () => {
    expect(odds('attack', { attribute: 14, untrained: true }).description).toBe('d20 roll-under 7');
    expect(odds('attack', { attribute: 16, untrained: true, 'powerful-foe': true }).description).toBe('d20 roll-under 4');
    expect(odds('attack', { attribute: 14, untrained: true, modifier: 2 }).description).toBe('d20 roll-under 9');
  });

  it('a maneuver rolls with disadvantage, cancelled by advantage', () => {
    expect(odds('attack', { attribute: 12, maneuver: true }).description).toBe('d20 roll-under 12, disadvantage');
    expect(odds('attack', { attribute: 12, maneuver: true, advantage: true }).description).toBe('d20 roll-under 12');
  });

  it('attack outcomes name the critical hit, the hit, the miss and the fumble', () => {
    expect(roll([1], 'attack', { attribute: 12 }).label).toMatch(/maximum damage die/);
    expect(roll([20], 'attack', { attribute: 12 }).label).toMatch(/counter-attack/);
  });
});

describe('defence and damage (Attacking, Defending and Damage; EH-13)', () => {
  const base = { sides: 6, bonus: 0, isCritical: false, defence: 'failure', isArea: false, armour: 0, armourKind: 'regular', isMagical: false } as const;

  it('a critical hit adds one maximum damage die; martial +1, heavy +2', () => {
    expect(damageDealt(3, { ...base, isCritical: true })).toBe(9);
    expect(roll([3], 'damage', { die: 8, weapon: 'martial' }).total).toBe(4);
    expect(roll([3], 'damage', { die: 8, weapon: 'heavy', attack: 'critical' }).total).toBe(13);
  });

  it('a defence success stops a single attack and halves an area one (round down); a critical stops both', () => {
    expect(damageDealt(5, { ...base, defence: 'success' })).toBe(0);
    expect(damageDealt(5, { ...base, defence: 'success', isArea: true })).toBe(2);
    expect(damageDealt(5, { ...base, defence: 'critical', isArea: true })).toBe(0);
  });

  it('a defence blunder adds 10 to a single attack and 5 to an area attack', () => {
    expect(damageDealt(4, { ...base, defence: 'blunder' })).toBe(14);
    expect(damageDealt(4, { ...base, defence: 'blunder', isArea: true })).toBe(9);
  });

  it('armour takes its value off weapon damage, not magic unless the armour is magical, never below 0', () => {
    expect(damageDealt(4, { ...base, armour: 3 })).toBe(1);
    expect(damageDealt(2, { ...base, armour: 3 })).toBe(0);
    expect(damageDealt(4, { ...base, armour: 3, isMagical: true })).toBe(4);
    expect(damageDealt(4, { ...base, armour: 3, isMagical: true, armourKind: 'magical' })).toBe(1);
  });

  it('off guard there is no defence roll', () => {
    const r = roll([], 'defend', { attribute: 14, 'off-guard': true });
    expect(r.outcome).toBe('off-guard');
    expect(pOf('defend', { attribute: 14, 'off-guard': true }, 'off-guard')).toBe(1);
  });

  it('a critical defence offers one counter-attack; an area blunder costs +5', () => {
    expect(roll([1], 'defend', { attribute: 14 }).label).toMatch(/counter-attack once/);
    expect(roll([20], 'defend', { attribute: 14, area: true }).label).toMatch(/\+5/);
  });

  it('damage odds: a d6 light weapon is uniform 1-6, mean 3.5', () => {
    const o = odds('damage', {});
    expect(o.values?.map((v) => v.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(o.mean).toBeCloseTo(3.5, 12);
  });
});

describe('other rolls (Other Rolls; EH-4 .. EH-7)', () => {
  it('X or nothing: X or less succeeds, 1 critical, over X a blunder', () => {
    expect(roll([5], 'x-or-nothing', { x: 5 }).outcome).toBe('success');
    expect(roll([6], 'x-or-nothing', { x: 5 }).outcome).toBe('blunder');
    expect(roll([1], 'x-or-nothing', { x: 1 }).outcome).toBe('critical');
    expect(pOf('x-or-nothing', { x: 10 }, 'blunder')).toBeCloseTo(0.5, 12);
  });

  it('elaboration: success +1, critical +2, blunder -1, failure 0; progress never below 0', () => {
    expect(roll([5], 'elaboration', { attribute: 12, progress: 3 }).total).toBe(4);
    expect(roll([1], 'elaboration', { attribute: 12, progress: 3 }).total).toBe(5);
    expect(roll([20], 'elaboration', { attribute: 12, progress: 3 }).total).toBe(2);
    expect(roll([15], 'elaboration', { attribute: 12, progress: 3 }).total).toBe(3);
    expect(roll([20], 'elaboration', { attribute: 12, progress: 0 }).total).toBe(0);
  });

  it('a scenario: a day\'s project (3 points) on INT 13 takes a success, a failure and a critical', () => {
    let progress = 0;
    for (const face of [7, 15, 1]) progress = roll([face], 'elaboration', { attribute: 13, progress }).total;
    expect(progress).toBe(3);
  });

  it('group: half or more succeeds; a critical counts +1, a blunder -1 (EH-5)', () => {
    // four members: 2 successes is half
    expect(roll([3, 4, 15, 16], 'group', { attributes: '12,12,12,12' }).outcome).toBe('success');
    expect(roll([3, 14, 15, 16], 'group', { attributes: '12,12,12,12' }).outcome).toBe('failure');
    // a critical lifts one success to half
    expect(roll([1, 14, 15, 16], 'group', { attributes: '12,12,12,12' }).outcome).toBe('success');
    // a blunder takes one away
    expect(roll([3, 4, 20, 16], 'group', { attributes: '12,12,12,12' }).outcome).toBe('failure');
    // more successes than members: two members, two criticals make 4
    expect(roll([1, 1], 'group', { attributes: '12,12' }).outcome).toBe('critical-success');
    expect(roll([1, 5], 'group', { attributes: '12,12' }).outcome).toBe('critical-success');
    expect(roll([5, 5], 'group', { attributes: '12,12' }).outcome).toBe('success');
    // more failures than members: a blunder counts as two failures
    expect(roll([20, 15], 'group', { attributes: '12,12' }).outcome).toBe('critical-failure');
    expect(roll([15, 15], 'group', { attributes: '12,12' }).outcome).toBe('failure');
    expect(groupOutcome(1, 3)).toBe('failure');
    expect(groupOutcome(2, 3)).toBe('success');
  });

  it('group members roll against their own attributes', () => {
    expect(roll([9, 9], 'group', { attributes: '10,8' }).total).toBe(1);
  });

  it('PVP: the lower success wins; two failures change nothing; two 1s go to the active side (EH-4)', () => {
    expect(pvpWinner(5, 12, 3, 12)).toBe('reactive');
    expect(pvpWinner(3, 12, 5, 12)).toBe('active');
    expect(pvpWinner(1, 12, 1, 12)).toBe('active');
    expect(pvpWinner(7, 12, 7, 12)).toBe('active');
    expect(pvpWinner(15, 12, 16, 12)).toBe('none');
    expect(pvpWinner(15, 12, 4, 12)).toBe('reactive');
    expect(pvpWinner(4, 12, 20, 12)).toBe('active');
    expect(roll([14, 13], 'pvp', { active: 12, reactive: 12 }).outcome).toBe('no-change');
  });

  it('NVN: difficulty 10, 11 or more succeeds', () => {
    expect(roll([11], 'npc-vs-npc', {}).outcome).toBe('success');
    expect(roll([10], 'npc-vs-npc', {}).outcome).toBe('failure');
    expect(pOf('npc-vs-npc', {}, 'success')).toBeCloseTo(0.5, 12);
  });

  it('NVN followers: 10 less the levels past 1, or the leader\'s CHA, whichever is better (EH-6)', () => {
    expect(nvnRule(1, 0)).toMatchObject({ kind: 'over', value: 10 });
    expect(nvnRule(4, 0)).toMatchObject({ kind: 'over', value: 7 });
    expect(nvnRule(4, 16)).toMatchObject({ kind: 'under', value: 16 });
    expect(nvnRule(4, 8)).toMatchObject({ kind: 'over', value: 7 });
    expect(nvnRule(10, 0)).toMatchObject({ kind: 'over', value: 1 });
    expect(nvnRule(11, 0)).toMatchObject({ kind: 'over', value: 1 });
    expect(pOf('npc-vs-npc', { 'follower-level': 20 }, 'success')).toBeCloseTo(19 / 20, 12);
    const bad = checkOdds(req('npc-vs-npc', { 'leader-charisma': 12 }));
    expect(bad.ok ? null : bad.error.code).toBe('exalted-hack/leader-without-follower');
  });

  it('surprise and initiative read the group rule', () => {
    expect(roll([3, 15], 'initiative', { wisdom: '12,12' }).outcome).toBe('company-first');
    expect(roll([13, 15], 'initiative', { wisdom: '12,12' }).outcome).toBe('company-after');
    expect(roll([13, 15], 'surprise', { wisdom: '12,12' }).outcome).toBe('surprised');
  });

  it('usage, dying and recovery', () => {
    expect(roll([2], 'usage', { die: 6 }).outcome).toBe('burned');
    expect(roll([2], 'usage', { die: 4 }).outcome).toBe('gone');
    expect(roll([3], 'usage', { die: 4 }).outcome).toBe('holds');
    expect(roll([], 'dying', {}).total).toBe(1);
    expect(roll([3], 'dying', { 'dying-rule': 'd4-per-turn' }).total).toBe(3);
    expect(roll([10], 'recovery', { 'hit-die': 10, hp: 15, 'max-hp': 21 })).toMatchObject({ total: 21, outcome: 'full' });
    const bad = checkOdds(req('recovery', { hp: 22, 'max-hp': 21 }));
    expect(bad.ok ? null : bad.error.code).toBe('exalted-hack/hp-above-max');
  });
});

describe('parameters and limits', () => {
  const code = (c: string, p: ParamRecord) => {
    const r = checkOdds(req(c, p));
    return r.ok ? 'ok' : r.error.code;
  };

  it('every kind lists kebab-case params with help; ids are unique', () => {
    expect(new Set(CHECK_KINDS.map((k) => k.id)).size).toBe(CHECK_KINDS.length);
    for (const k of CHECK_KINDS) {
      expect(k.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      for (const p of k.params) {
        expect(p.name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(p.help.length).toBeGreaterThan(0);
      }
    }
  });

  it('unknown checks and params, missing required params', () => {
    expect(code('sneeze', {})).toBe('exalted-hack/unknown-check');
    expect(code('check', { attribute: 12, luck: 1 })).toBe('param/unknown');
    expect(code('check', {})).toBe('param/missing');
  });

  it('modifier at +-20 and one past', () => {
    expect(code('check', { attribute: 10, modifier: MAX_TARGET_MODIFIER })).toBe('ok');
    expect(code('check', { attribute: 10, modifier: -MAX_TARGET_MODIFIER })).toBe('ok');
    expect(code('check', { attribute: 10, modifier: MAX_TARGET_MODIFIER + 1 })).toBe('param/out-of-range');
    expect(code('check', { attribute: 10, modifier: -MAX_TARGET_MODIFIER - 1 })).toBe('param/out-of-range');
  });

  it('attribute 1..18, X 1..19, level 1..20', () => {
    expect(code('check', { attribute: 18 })).toBe('ok');
    expect(code('check', { attribute: 19 })).toBe('param/out-of-range');
    expect(code('check', { attribute: 1 })).toBe('ok');
    expect(code('check', { attribute: 0 })).toBe('param/out-of-range');
    expect(code('x-or-nothing', { x: 19 })).toBe('ok');
    expect(code('x-or-nothing', { x: 20 })).toBe('param/out-of-range');
    expect(code('x-or-nothing', { x: 0 })).toBe('param/out-of-range');
    expect(code('check', { attribute: 10, level: 20 })).toBe('ok');
    expect(code('check', { attribute: 10, level: 21 })).toBe('param/out-of-range');
  });

  it('group size at 20 and 21; the list text at its length limit and one past; a bad entry is named', () => {
    const list = (n: number) => Array.from({ length: n }, () => '9').join(',');
    expect(code('group', { attributes: list(MAX_GROUP_SIZE) })).toBe('ok');
    expect(code('group', { attributes: list(MAX_GROUP_SIZE + 1) })).toBe('exalted-hack/group-too-large');
    const atLimit = `9,${' '.repeat(MAX_SCORE_LIST_LENGTH - 3)}9`;
    expect(atLimit.length).toBe(MAX_SCORE_LIST_LENGTH);
    expect(code('group', { attributes: atLimit })).toBe('ok');
    expect(code('group', { attributes: ` ${atLimit}` })).toBe('param/too-long');
    const bad = checkOdds(req('group', { attributes: '12,x,9' }));
    expect(bad.ok ? null : bad.error).toMatchObject({ code: 'exalted-hack/bad-score-list', path: '$.attributes[1]' });
    expect(code('group', { attributes: '12,19' })).toBe('exalted-hack/bad-score-list');
    expect(code('group', { attributes: '' })).toBe('exalted-hack/bad-score-list');
  });

  it('progress 0..1000 and HP 0..100 at and one past', () => {
    expect(code('elaboration', { attribute: 10, progress: MAX_ELABORATION_POINTS })).toBe('ok');
    expect(code('elaboration', { attribute: 10, progress: MAX_ELABORATION_POINTS + 1 })).toBe('param/out-of-range');
    expect(roll([1], 'elaboration', { attribute: 10, progress: MAX_ELABORATION_POINTS }).total).toBe(MAX_ELABORATION_POINTS);
    expect(code('recovery', { hp: MAX_HP, 'max-hp': MAX_HP })).toBe('ok');
    expect(code('recovery', { hp: 1, 'max-hp': MAX_HP + 1 })).toBe('param/out-of-range');
  });

  it('armour 0..10; damage dice d4..d12 only', () => {
    expect(code('damage', { armour: 10 })).toBe('ok');
    expect(code('damage', { armour: 11 })).toBe('param/out-of-range');
    expect(code('damage', { die: 20 })).toBe('param/not-a-die');
  });
});
