import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import type { Character } from '../rules/hammercrawl/character.js';
import { rollCharacters } from '../rules/hammercrawl/create-character.js';
import { formatCharacterSheet } from './char-sheet.js';

/** One character made by Option A with the given choices. */
function made(seed: number, choices: Record<string, unknown> = {}): Character {
  const r = rollCharacters(seededRandom(seed), { method: Object.keys(choices).length > 0 ? 'semi' : 'random', seed, choices }, 1);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.characters[0]!;
}

/** The sheet as one line (wrapping undone), for matching phrases across line breaks. */
function flat(c: Character): string {
  return formatCharacterSheet(c).replace(/\n\s+/g, ' ');
}

describe('the text sheet', () => {
  const base = made(5);
  const chain = { id: 'chain', size: 'large', quantity: 1, carried: 'worn' } as Character['inventory'][number];

  it('prints worn Chain by its label and the Armour Die combat soaks with (d8), not "none"', () => {
    const c: Character = { ...base, inventory: [...base.inventory, chain], armourDie: 'd8', baseArmourDie: 'd8' };
    const sheet = flat(c);
    expect(sheet).toContain('Armour Die d8 (Chain)');
    expect(sheet).toMatch(/worn {4}Chain \(L\)/);
    expect(sheet).not.toMatch(/worn {4}chain/);
  });

  it('a document with Chain worn but no Armour Die says which die the armour gives, not "no armour"', () => {
    const c: Character = { ...base, inventory: [...base.inventory, chain], armourDie: null, baseArmourDie: null };
    expect(flat(c)).toContain('Armour Die none (Chain d8 worn; the document holds no Armour Die)');
    expect(flat(base)).toContain('Armour Die none (no armour)');
  });

  it('the Feats line includes the Feats a power grants (Combat Hardened: Attack and Defense checks)', () => {
    const c = { ...made(5, { class: 'devout' }), classPicks: [{ kind: 'devout-power', id: 'combat-hardened', version: 'basic' }] } as Character;
    expect(c.classPicks).toContainEqual(expect.objectContaining({ kind: 'devout-power', id: 'combat-hardened' }));
    expect(flat(c)).toMatch(/Feats: [^\n]*Attack and Defense checks \(Combat Hardened \(basic\)\)/);
  });

  it('shows encumbrance: Stow slots used of the base and each bag, hands and what is worn', () => {
    const c: Character = { ...base, inventory: [...base.inventory, chain], armourDie: 'd8', baseArmourDie: 'd8' };
    const sheet = flat(c);
    expect(sheet).toMatch(/Encumbrance \(the Easy Way\): Stow slots \d+ of \d+ used \(base \d+, Satchel \+5\); hands \d of 2; worn [^\n]*Chain/);
  });
});
