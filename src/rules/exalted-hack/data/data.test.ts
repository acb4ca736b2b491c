// Data integrity of The Exalted Hack's tables: unique kebab-case ids, references that exist, ranges that
// cover their span exactly once, descriptions in our own words.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copiedRuns, rulesTextPath } from '../../../../test/copied-prose.js';
import { ATTRIBUTES, ATTRIBUTE_IDS, LANGUAGE_POINTS_TABLE, MAX_ATTRIBUTE_SCORE, SPEED_TABLE } from '../attributes.js';
import { CHECK_KINDS } from '../checks.js';
import { EXALTED_HACK_TABLES } from '../index.js';
import { ARMOUR_KINDS, damageAfterArmour } from './armour.js';
import { ATTRIBUTE_LOSSES } from './attribute-loss.js';
import { DISTANCES, distanceBand, feetPerSquare, feetPerTurn, isWithin } from './distances.js';
import { ELABORATION_GOALS } from './elaboration.js';
import { LANGUAGES, LANGUAGE_FLUENCY } from './languages.js';
import { ATTACK_MODES, DEFENCE_MODES, WEAPON_CATEGORIES, isTrainedFor } from './weapons.js';
import { coverageOffenders, duplicatesOf, missingIds, offendersOf } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RULES_FILE = rulesTextPath('004_1c4aafe837ce206b.txt');

describe('The Exalted Hack data', () => {
  it('every table: unique kebab-case ids, a label, a ref to the text', () => {
    expect(duplicatesOf(EXALTED_HACK_TABLES.map((t) => t.id))).toEqual([]);
    const rows = EXALTED_HACK_TABLES.flatMap((t) => t.rows.map((r) => ({ r, ref: (r as unknown as { ref?: unknown }).ref, at: `${t.id}/${r.id}` })));
    expect([
      ...offendersOf(EXALTED_HACK_TABLES, (t) => !KEBAB.test(t.id), (t) => `table ${t.id}: id not kebab-case`),
      ...EXALTED_HACK_TABLES.flatMap((t) => duplicatesOf(t.rows.map((r) => r.id)).map((d) => `${t.id}: row id ${d}`)),
      ...offendersOf(rows, ({ r }) => !KEBAB.test(r.id), ({ at }) => `${at}: id not kebab-case`),
      ...offendersOf(rows, ({ r }) => r.label.length === 0, ({ at }) => `${at}: no label`),
      ...offendersOf(rows, ({ ref }) => typeof ref !== 'string' || !ref.startsWith('The Exalted Hack'), ({ ref, at }) => `${at}: ref ${String(ref)}`),
    ]).toEqual([]);
  });

  it('ranges cover their span exactly once: speed and language points over 1-18, distances from 0 up', () => {
    const backwards = (ranges: readonly { min: number; max: number }[]) => ranges.filter((r) => r.min > r.max).map((r) => `${r.min}-${r.max} runs backwards`);
    expect({
      speed: [...coverageOffenders(MAX_ATTRIBUTE_SCORE, SPEED_TABLE.map((b) => b.dex)), ...backwards(SPEED_TABLE.map((b) => b.dex))],
      languagePoints: [...coverageOffenders(MAX_ATTRIBUTE_SCORE, LANGUAGE_POINTS_TABLE.map((b) => b.int)), ...backwards(LANGUAGE_POINTS_TABLE.map((b) => b.int))],
      // Distances from 0 feet up, the last band open-ended: each foot from 0 to 200 in exactly one band.
      distances: Array.from({ length: 201 }, (_, f) => [f, DISTANCES.filter((d) => f >= d.feet.min && (d.feet.max === null || f <= d.feet.max)).length] as const)
        .filter(([, n]) => n !== 1)
        .map(([f, n]) => `${f} feet in ${n} bands`),
    }).toEqual({ speed: [], languagePoints: [], distances: [] });
    expect(distanceBand(30).id).toBe('move');
    expect(distanceBand(95).id).toBe('beyond');
  });

  it('the printed numbers: speeds 25-40, language points 1-4, distances 5/10/15/30/60/90, goals 1/3/5/20', () => {
    expect(SPEED_TABLE.map((b) => b.feet)).toEqual([20, 25, 30, 35, 40]);
    expect(LANGUAGE_POINTS_TABLE.map((b) => b.points)).toEqual([0, 1, 2, 3, 4]);
    expect(DISTANCES.map((d) => d.feet.max)).toEqual([5, 10, 15, 30, 60, 90, null]);
    expect(ELABORATION_GOALS.map((g) => g.points)).toEqual([1, 3, 5, 20, null]);
    expect(WEAPON_CATEGORIES.map((c) => [c.id, c.needsTraining, c.damageBonus, c.swap])).toEqual([
      ['light', false, 0, 'part-of-action'], ['martial', true, 1, 'part-of-action'], ['heavy', true, 2, 'whole-action'],
    ]);
    expect(LANGUAGE_FLUENCY.map((f) => f.points)).toEqual([1, 2]);
    expect(LANGUAGES[0].id).toBe('common');
  });

  it('every referenced id exists: attributes of attacks, defences and losses, distances of attacks', () => {
    expect([
      ...missingIds(ATTRIBUTE_IDS, ATTACK_MODES.flatMap((m) => (m.attributes ?? []).map((a) => [`attack ${m.id} attribute`, a] as const))),
      ...missingIds(DISTANCES.map((d) => d.id), ATTACK_MODES.map((m) => [`attack ${m.id} reach`, m.reach] as const)),
      ...missingIds(ATTRIBUTE_IDS, DEFENCE_MODES.map((m) => [`defence ${m.id} attribute`, m.attribute] as const)),
    ]).toEqual([]);
    expect(ATTRIBUTE_LOSSES.map((l) => l.id)).toEqual([...ATTRIBUTE_IDS]);
    expect(ATTRIBUTES.map((a) => a.id)).toEqual([...ATTRIBUTE_IDS]);
    expect(isWithin('adjacent', 'half-move')).toBe(true);
    expect(isWithin('distant', 'half-move')).toBe(false);
  });

  it('movement: 5 feet a square, 10 when hindered; a dash doubles the speed; training', () => {
    expect([feetPerSquare(true), feetPerSquare(false)]).toEqual([5, 10]);
    expect([feetPerTurn(30, false), feetPerTurn(30, true)]).toEqual([30, 60]);
    expect(isTrainedFor('light', [])).toBe(true);
    expect(isTrainedFor('martial', [])).toBe(false);
    expect(isTrainedFor('martial', ['martial'])).toBe(true);
    expect(isTrainedFor('heavy', ['martial'])).toBe(false);
  });

  it('armour: regular stops weapons only, magical stops magic too', () => {
    expect(ARMOUR_KINDS.map((k) => [k.id, k.reducesWeaponDamage, k.reducesMagicalDamage])).toEqual([['regular', true, false], ['magical', true, true]]);
    expect(damageAfterArmour(5, 2, 'regular', false)).toBe(3);
    expect(damageAfterArmour(5, 2, 'regular', true)).toBe(5);
  });

  it.skipIf(!existsSync(RULES_FILE))('descriptions and help are our own words, not the text\'s', () => {
    const texts = [
      ...WEAPON_CATEGORIES.map((r) => r.description), ...ATTACK_MODES.map((r) => r.description), ...DEFENCE_MODES.map((r) => r.description),
      ...ARMOUR_KINDS.map((r) => r.description), ...ATTRIBUTE_LOSSES.map((r) => r.description),
      ...CHECK_KINDS.flatMap((k) => [k.help, ...k.params.map((p) => p.help)]),
    ];
    expect(copiedRuns(texts, RULES_FILE)).toEqual([]);
  });
});
