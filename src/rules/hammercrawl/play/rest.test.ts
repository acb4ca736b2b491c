import { describe, expect, it } from 'vitest';
import type { Character } from '../character.js';
import { MAX_RESTORE_STEPS, restoreSteps } from './dice.js';
import { hammercrawlPlay } from './index.js';
import { applied, refused, tamsin } from '../../../../test/hammercrawl-play.js';

/** Tamsin hurt: a Health Die and an Armour Die below their bases. */
function hurt(health: string | null, armour: string | null = null, baseArmour: string | null = armour): Character {
  return { ...tamsin(), healthDie: health as Character['healthDie'], armourDie: armour as Character['armourDie'], baseArmourDie: baseArmour as Character['baseArmourDie'] };
}

describe('restoring steps (PL-5)', () => {
  it('up the chain, never past the base; from gone the first step is a d3', () => {
    expect(restoreSteps(4, 8, 2)).toEqual({ after: 6, restored: 2, unused: 0 });
    expect(restoreSteps(7, 8, 3)).toEqual({ after: 8, restored: 1, unused: 2 });
    expect(restoreSteps(null, 8, 1)).toEqual({ after: 3, restored: 1, unused: 0 });
    expect(restoreSteps(null, 30, MAX_RESTORE_STEPS)).toEqual({ after: 30, restored: 13, unused: 0 });
  });
});

describe('heal: a manual number of steps (PL-5, PL-7)', () => {
  it("Lay on Hands' 3 steps on a crit: Health d4 -> d7 (Devout, Lay on Hands: 'restores 1 lost HD step, or 3 with a crit')", () => {
    const r = applied(hurt('d4'), 'heal', { steps: 3, source: 'Lay on Hands (crit)' });
    expect(r.character.healthDie).toBe('d7');
    expect(r.summary).toBe('Lay on Hands (crit): Health d4 -> d7');
    expect(r.dice).toEqual([]);
  });

  it('from down, one step is a d3: conscious again', () => {
    const r = applied(hurt(null), 'heal', {});
    expect(r.character.healthDie).toBe('d3');
    expect(r.explanation.join('\n')).toMatch(/from down, the first step back is a d3/);
  });

  it('steps past the base are lost, and said so', () => {
    const r = applied(hurt('d7'), 'heal', { steps: 4 });
    expect(r.character.healthDie).toBe('d8');
    expect(r.explanation.at(-1)).toBe('3 steps found nothing to restore: the die is at its base');
  });

  it('repairs the Armour Die, a destroyed one too', () => {
    expect(applied(hurt('d8', null, 'd6'), 'heal', { die: 'armour', steps: 2 }).character.armourDie).toBe('d4');
  });

  it('refuses what there is nothing to heal, and an Armour Die the character does not have', () => {
    expect(refused(tamsin(), 'heal', {})).toMatchObject({ code: 'heal/nothing-to-heal', path: '$.die' });
    expect(refused(tamsin(), 'heal', { die: 'armour' })).toMatchObject({ code: 'heal/no-armour', path: '$.die' });
    expect(refused(hurt('d4'), 'heal', { steps: 0 })).toMatchObject({ code: 'param/out-of-range', path: '$.steps' });
    expect(refused(hurt('d4'), 'heal', { steps: MAX_RESTORE_STEPS + 1 })).toMatchObject({ path: '$.steps' });
    expect(applied(hurt(null), 'heal', { steps: MAX_RESTORE_STEPS }).character.healthDie).toBe('d8');
  });

  it('prefills the die that needs it', () => {
    expect(hammercrawlPlay.prefill(hurt('d8', 'd4', 'd6'), 'heal')).toEqual({ die: 'armour' });
    expect(hammercrawlPlay.prefill(hurt('d6', 'd4', 'd6'), 'heal')).toEqual({ die: 'health' });
  });
});

describe('rest (PL-6)', () => {
  it('a camp break and a night restore nothing by default: the text gives no recovery', () => {
    for (const kind of ['break', 'night']) {
      const r = applied(hurt('d4', 'd3', 'd6'), 'rest', { kind });
      expect(r.character).toMatchObject({ healthDie: 'd4', armourDie: 'd3' });
      expect(r.summary).toMatch(/nothing restored$/);
    }
  });

  it("the Smith's steps at a camp", () => {
    const r = applied(hurt('d4', 'd3', 'd6'), 'rest', { kind: 'night', 'health-steps': 1, 'armour-steps': 2 });
    expect(r.character).toMatchObject({ healthDie: 'd5', armourDie: 'd5' });
    expect(r.summary).toBe("A full night's camp: Health d4 -> d5, Armour d3 -> d5");
  });

  it('a rest in town makes the character whole: the Health Die (from down too) and armour to their bases', () => {
    const r = applied(hurt(null, null, 'd6'), 'rest', { kind: 'town' });
    expect(r.character).toMatchObject({ healthDie: 'd8', armourDie: 'd6' });
    expect(applied(hurt('d3', 'd3', 'd6'), 'rest', { kind: 'town', 'health-steps': 0 }).character).toMatchObject({ healthDie: 'd3', armourDie: 'd6' });
  });

  it('needs a kind; the steps are bounded', () => {
    expect(refused(tamsin(), 'rest', {})).toMatchObject({ code: 'param/missing', path: '$.kind' });
    expect(refused(tamsin(), 'rest', { kind: 'inn' })).toMatchObject({ code: 'param/unknown-choice', path: '$.kind' });
    expect(refused(tamsin(), 'rest', { kind: 'night', 'health-steps': -1 })).toMatchObject({ path: '$.health-steps' });
    expect(refused(tamsin(), 'rest', { kind: 'night', 'armour-steps': MAX_RESTORE_STEPS + 1 })).toMatchObject({ path: '$.armour-steps' });
  });
});
