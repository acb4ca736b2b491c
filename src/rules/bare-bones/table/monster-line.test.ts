// The Smith's monster line and the tracker's Blood and Sweat: what is read, what is refused with what to fix, and the length limit.
import { describe, expect, it } from 'vitest';
import { MAX_MONSTER_LINE_LENGTH, readMonsterLine } from './monster-line.js';
import { healthText, readHealthText } from './tracker-health.js';
import { readBareBonesTrackerValue } from '../tracker-values.js';

describe('monster lines', () => {
  it('reads the numbers, working the Armor Class out from armour and shield when no ac is given', () => {
    expect(readMonsterLine('str=12, dex=9 armour=medium shield=yes blood=6 sweat=2 weapon=heavy kind=axe')).toEqual({
      ok: true,
      value: { str: 12, dex: 9, ac: 13, armour: 'medium', hasShield: true, blood: 6, sweat: 2, weight: 'heavy', kind: 'axe', isTwoHanded: false },
    });
    expect(readMonsterLine('ac=15')).toMatchObject({ ok: true, value: { ac: 15, armour: 'none', weight: 'medium', kind: 'other' } });
  });

  it.each([
    ['hd=2', /unknown key hd/],
    ['str=12,str=13', /str is given twice/],
    ['str=30', /str must be a whole number from 1 to 24/],
    ['weapon=spear', /weapon must be one of light, medium, heavy/],
    ['shield=maybe', /shield is yes or no/],
    ['str', /is not key=value/],
  ])('refuses %s, saying what to fix', (line, message) => {
    expect(readMonsterLine(line)).toMatchObject({ ok: false, error: { code: 'combat/bad-monster', message: expect.stringMatching(message) } });
  });

  it(`takes a line of ${MAX_MONSTER_LINE_LENGTH} characters, and refuses one more`, () => {
    const at = `str=12,${' '.repeat(MAX_MONSTER_LINE_LENGTH - 'str=12,'.length)}`;
    expect(at.length).toBe(MAX_MONSTER_LINE_LENGTH);
    expect(readMonsterLine(at).ok).toBe(true);
    expect(readMonsterLine(`${at} `)).toMatchObject({ ok: false, error: { message: expect.stringContaining(`at most ${MAX_MONSTER_LINE_LENGTH} characters`) } });
  });
});

describe("the tracker's Health: Blood, then Sweat", () => {
  it('reads and writes Blood with its Sweat, and fills a monster from its line', () => {
    expect(readHealthText('7/10 (Sweat 2/4)')).toEqual({ ok: true, value: { blood: 7, bloodMax: 10, sweat: 2, sweatMax: 4 } });
    expect(healthText({ blood: 7, bloodMax: 10, sweat: 0, sweatMax: 0 })).toBe('7/10');
    expect(readBareBonesTrackerValue('health', '', { monster: 'blood=8,sweat=3' })).toEqual({ ok: true, value: '8/8 (Sweat 3/3)' });
    expect(readBareBonesTrackerValue('armour', '', { monster: 'armour=light,shield=yes' })).toEqual({ ok: true, value: '12' });
    expect(readBareBonesTrackerValue('health', '7/10 (Sweat 5/4)')).toMatchObject({ ok: false, error: { code: 'combat/bad-health' } });
    expect(readBareBonesTrackerValue('health', 'd8')).toMatchObject({ ok: false, error: { code: 'combat/bad-health' } });
  });
});
