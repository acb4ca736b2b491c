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

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RULES = rulesTextPath('002_0e280f8aacc5e38f.txt');

describe('data integrity', () => {
  it('every table: unique kebab-case ids, a label, a ref to this text', () => {
    expect(new Set(TABLES.map((t) => t.id)).size).toBe(TABLES.length);
    for (const t of TABLES) {
      const ids = t.rows.map((r) => r.id);
      expect(new Set(ids).size, t.id).toBe(ids.length);
      for (const r of t.rows) {
        expect(r.id).toMatch(KEBAB);
        expect(r.label.length).toBeGreaterThan(0);
        if ('ref' in r) expect(r.ref).toMatch(new RegExp(`^${SLAMD_REF}`));
      }
    }
  });

  it('roll tables cover their die exactly once: traits 1..45, locations 1..6', () => {
    const covers = (rows: readonly { roll: { min: number; max: number } }[], sides: number) => {
      const hit = new Array<number>(sides + 1).fill(0);
      for (const r of rows) for (let n = r.roll.min; n <= r.roll.max; n++) hit[n]! += 1;
      expect(hit.slice(1)).toEqual(new Array<number>(sides).fill(1));
    };
    expect(TRAIT_DIE).toBe(45);
    covers(TRAITS, TRAIT_DIE);
    covers(MAIMED_LOCATIONS, 6);
    covers(SEVERED_LOCATIONS, 6);
  });

  it('mutilation rows cover damage 1 and up once each, in order, the last open-ended', () => {
    let next = 1;
    for (const [i, m] of MUTILATIONS.entries()) {
      expect(m.damage.min).toBe(next);
      if (i === MUTILATIONS.length - 1) expect(m.damage.max).toBeNull();
      else next = m.damage.max! + 1;
    }
    expect(MUTILATIONS.map((m) => m.label)).toEqual(['Flesh Wound', 'Scarred', 'Maimed', 'Bleeding Out', 'Gut Wound', 'Severed', 'Agony', 'Doomed', 'Instant Death', 'Awful']);
  });

  it('every referenced id exists: weapon qualities, natural armour', () => {
    const qualities = WEAPON_QUALITIES.map((q) => q.id);
    for (const w of WEAPONS) for (const q of w.qualities) expect(qualities).toContain(q);
    for (const t of TRAITS) {
      for (const e of t.effects) {
        if (e.kind === 'natural-armour') expect(ARMOUR.map((a) => a.id)).toContain(e.armourId);
        if (e.kind === 'bare-hands') for (const q of e.qualities) expect(qualities).toContain(q);
      }
    }
  });

  it('holds the weapon list as printed: slots and damage', () => {
    const printed = WEAPONS.map((w) => `${w.id} ${formatSlots(w.slots)} ${w.damage.kind === 'dice' ? `${w.damage.count}d${w.damage.sides}` : w.damage.value}`);
    expect(printed).toEqual([
      'bare-hand 0 1', 'claws 1/2 1d4', 'staff 1 1d6', 'torch 1 1d6', 'falchion 1 1d8', 'longsword 2 2d6', 'polearm 2 1d10', 'whip 1 1d4',
      'spear 1 1d6', 'javelin 1/2 1d6', 'dagger 1/3 1d4', 'boomerang 1 1d4', 'bomb 1/3 1d8', 'firebomb 1/3 1d8', 'heavy-crossbow 3 2d10',
      'crossbow 2 1d10', 'hand-crossbow 1/2 1d6', 'longbow 2 1d10', 'shortbow 1 1d6', 'sling 1/2 1d4',
    ]);
    for (const w of WEAPONS) if (w.damage.kind === 'dice') expect(ATTACK_DIE_SIDES).toContain(w.damage.sides);
  });

  it('armour: each slot one step of the Defense Die; shields +1, +2, +2', () => {
    for (const a of ARMOUR) expect(defenseDieForSlots(slotValue(a.slots))).toBe(a.defenseDie);
    expect(defenseDieForSlots(0)).toBe(0);
    expect(defenseDieForSlots(6)).toBe(12);
    expect(SHIELDS.map((s) => s.defenseBonus)).toEqual([1, 2, 2]);
  });

  it('eight phases in order; attack phases have their bullets; actions point at real phases', () => {
    expect(INITIATIVE_PHASES.map((p) => p.phase)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(INITIATIVE_PHASES[4].bullets.map((b) => b.id)).toEqual(['crossbows', 'light', 'heavy']);
    expect(INITIATIVE_PHASES[6].bullets.map((b) => b.id)).toEqual(['long', 'light', 'one-handed', 'two-handed']);
    for (const a of ACTIONS) if (a.phase !== null) expect(a.phase).toBeGreaterThanOrEqual(1);
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
