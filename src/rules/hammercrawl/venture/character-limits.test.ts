import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import type { Character } from '../character.js';
import { combatSpecialsOf } from '../combat/fighter.js';
import { rollCharacter } from '../create-character.js';
import { sheetLimits } from './character-limits.js';

function made(seed: number, choices: Record<string, string>): Character {
  const r = rollCharacter(seededRandom(seed), { method: 'semi', choices });
  if (!r.ok) throw new Error(r.error.message);
  return r.character;
}

describe('the counted uses a sheet gives (CL-13, CL-20, ST-8)', () => {
  it("a Combatant counts HD Re-rolls per Venture, as many as the level, the same count its fights spend", () => {
    const c = made(11, { class: 'combatant', classPrime: 'STR' });
    const limits = sheetLimits(c);
    expect(limits).toContainEqual({ ability: 'hd-rerolls', label: 'HD Re-rolls', scope: 'venture', max: c.level });
    expect(limits.find((l) => l.ability === 'hd-rerolls')!.max).toBe(combatSpecialsOf(c).hdRerolls);
    // A level-up raises it.
    expect(sheetLimits({ ...c, level: 4 }).find((l) => l.ability === 'hd-rerolls')!.max).toBe(4);
  });

  it('a True Mage counts none of them; a document that is no character gives none', () => {
    const mage = made(7, { class: 'true-mage', classPrime: 'INT' });
    expect(sheetLimits(mage).map((l) => l.ability)).not.toContain('hd-rerolls');
    expect(sheetLimits({ class: 'nobody' } as unknown as Character)).toEqual([]);
  });
});
