import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copiedRuns, rulesTextPath } from '../../../../test/copied-prose.js';
import { ATTRIBUTES, SLAMD_REF } from '../attributes.js';
import { ATTACK_DIE_SIDES } from '../explode.js';
import { TABLES } from '../index.js';
import { ACTIONS, INITIATIVE_PHASES, MANEUVERS } from './actions.js';
import { ARMOUR, SHIELDS, defenseDieForSlots } from './armour.js';
import { MAIMED_LOCATIONS, MUTILATIONS, SEVERED_LOCATIONS } from './mutilations.js';
import { formatSlots, slotValue } from './slots.js';
import { TRAITS, TRAIT_DIE } from './traits.js';
import { WEAPONS, WEAPON_QUALITIES } from './weapons.js';
import { coverageOffenders, duplicatesOf, missingIds, offendersOf } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RULES = rulesTextPath('002_0e280f8aacc5e38f.txt');

describe('data integrity', () => {
  it('every table: unique kebab-case ids, a label, a ref to this text', () => {
    expect(duplicatesOf(TABLES.map((t) => t.id))).toEqual([]);
    const rows = TABLES.flatMap((t) => t.rows.map((r) => ({ r, at: `${t.id}/${r.id}` })));
    // A row that carries a ref points at this text.
    const refOf = (r: (typeof rows)[number]['r']): string | null => ('ref' in r ? String(r.ref) : null);
    expect([
      ...TABLES.flatMap((t) => duplicatesOf(t.rows.map((r) => r.id)).map((d) => `${t.id}: row id ${d}`)),
      ...offendersOf(rows, ({ r }) => !KEBAB.test(r.id), ({ at }) => `${at}: id not kebab-case`),
      ...offendersOf(rows, ({ r }) => r.label.length === 0, ({ at }) => `${at}: no label`),
      ...offendersOf(rows, ({ r }) => refOf(r) !== null && !refOf(r)!.startsWith(SLAMD_REF), ({ r, at }) => `${at}: ref ${refOf(r)}`),
    ]).toEqual([]);
  });

  it('roll tables cover their die exactly once: traits 1..45, locations 1..6', () => {
    expect(TRAIT_DIE).toBe(45);
    expect({
      traits: coverageOffenders(TRAIT_DIE, TRAITS.map((r) => r.roll)),
      maimed: coverageOffenders(6, MAIMED_LOCATIONS.map((r) => r.roll)),
      severed: coverageOffenders(6, SEVERED_LOCATIONS.map((r) => r.roll)),
    }).toEqual({ traits: [], maimed: [], severed: [] });
  });

  it('mutilation rows cover damage 1 and up once each, in order, the last open-ended', () => {
    // Each row starts one past the end of the one before; only the last is open-ended.
    expect(MUTILATIONS.map((m) => [m.damage.min, m.damage.max === null])).toEqual(
      MUTILATIONS.map((_, i) => [i === 0 ? 1 : MUTILATIONS[i - 1]!.damage.max! + 1, i === MUTILATIONS.length - 1]),
    );
    expect(MUTILATIONS.map((m) => m.label)).toEqual(['Flesh Wound', 'Scarred', 'Maimed', 'Bleeding Out', 'Gut Wound', 'Severed', 'Agony', 'Doomed', 'Instant Death', 'Awful']);
  });

  it('every referenced id exists: weapon qualities, natural armour', () => {
    const effects = TRAITS.flatMap((t) => t.effects.map((e) => ({ t, e })));
    expect([
      ...missingIds(WEAPON_QUALITIES.map((q) => q.id), WEAPONS.flatMap((w) => w.qualities.map((q) => [`weapon ${w.id} quality`, q] as const))),
      ...missingIds(ARMOUR.map((a) => a.id), effects.flatMap(({ t, e }) => (e.kind === 'natural-armour' ? [[`trait ${t.id} natural armour`, e.armourId] as const] : []))),
      ...missingIds(WEAPON_QUALITIES.map((q) => q.id), effects.flatMap(({ t, e }) => (e.kind === 'bare-hands' ? e.qualities.map((q) => [`trait ${t.id} bare hands`, q] as const) : []))),
    ]).toEqual([]);
    // The traits do give natural armour and bare-hand qualities, so the lists above were not empty.
    expect(['natural-armour', 'bare-hands'].every((k) => effects.some(({ e }) => e.kind === k))).toBe(true);
  });

  it('holds the weapon list as printed: slots and damage', () => {
    const printed = WEAPONS.map((w) => `${w.id} ${formatSlots(w.slots)} ${w.damage.kind === 'dice' ? `${w.damage.count}d${w.damage.sides}` : w.damage.value}`);
    expect(printed).toEqual([
      'bare-hand 0 1', 'claws 1/2 1d4', 'staff 1 1d6', 'torch 1 1d6', 'falchion 1 1d8', 'longsword 2 2d6', 'polearm 2 1d10', 'whip 1 1d4',
      'spear 1 1d6', 'javelin 1/2 1d6', 'dagger 1/3 1d4', 'boomerang 1 1d4', 'bomb 1/3 1d8', 'firebomb 1/3 1d8', 'heavy-crossbow 3 2d10',
      'crossbow 2 1d10', 'hand-crossbow 1/2 1d6', 'longbow 2 1d10', 'shortbow 1 1d6', 'sling 1/2 1d4',
    ]);
    expect(missingIds(ATTACK_DIE_SIDES, WEAPONS.flatMap((w) => (w.damage.kind === 'dice' ? [[`${w.id} damage die`, w.damage.sides] as const] : [])))).toEqual([]);
  });

  it('armour: each slot one step of the Defense Die; shields +1, +2, +2', () => {
    expect(offendersOf(ARMOUR, (a) => defenseDieForSlots(slotValue(a.slots)) !== a.defenseDie, (a) => `${a.id}: d${a.defenseDie}, ${formatSlots(a.slots)} slots give d${defenseDieForSlots(slotValue(a.slots))}`)).toEqual([]);
    expect(defenseDieForSlots(0)).toBe(0);
    expect(defenseDieForSlots(6)).toBe(12);
    expect(SHIELDS.map((s) => s.defenseBonus)).toEqual([1, 2, 2]);
  });

  it('eight phases in order; attack phases have their bullets; actions point at real phases', () => {
    expect(INITIATIVE_PHASES.map((p) => p.phase)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(INITIATIVE_PHASES[4].bullets.map((b) => b.id)).toEqual(['crossbows', 'light', 'heavy']);
    expect(INITIATIVE_PHASES[6].bullets.map((b) => b.id)).toEqual(['long', 'light', 'one-handed', 'two-handed']);
    expect(missingIds(INITIATIVE_PHASES.map((p) => p.phase), ACTIONS.flatMap((a) => (a.phase !== null ? [[`action ${a.id} phase`, a.phase] as const] : [])))).toEqual([]);
    expect(MANEUVERS.map((m) => m.id)).toEqual(['disarm', 'harry', 'trip', 'feint']);
  });

  it.skipIf(!existsSync(RULES))('descriptions are our own words, not the text\'s prose', () => {
    const texts = [
      ...TRAITS.map((t) => t.description), ...WEAPON_QUALITIES.map((q) => q.description), ...WEAPONS.map((w) => w.notes),
      ...MUTILATIONS.map((m) => m.description), ...MAIMED_LOCATIONS.map((l) => l.effect), ...SEVERED_LOCATIONS.map((l) => l.effect),
      ...ACTIONS.map((a) => a.description), ...MANEUVERS.map((m) => m.description), ...INITIATIVE_PHASES.map((p) => p.description),
      ...ATTRIBUTES.map((a) => a.governs),
    ];
    expect(copiedRuns(texts, RULES)).toEqual([]);
  });
});
