import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import type { TableCharacter } from '../../rule-system.js';
import { fighterFromCharacter } from '../combat/fighter.js';
import type { Character } from '../character.js';
import { EMPTY_MAGICK_STATE, type MagickEvent, type MagickState } from '../magick/magick-state.js';
import { ruleSystem } from '../rule-system.js';
import { VENTURE_SCHEMA_VERSION, type VentureEvent } from '../venture/venture.js';
import { characterSaved, documentDice, hitSummary, joinXpSave, magickChange, magickDice, ventureXpSaves, withHealthAfterHit, withMagick } from './character-writes.js';

const hero = (() => {
  const r = ruleSystem.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.value, xp: 8 } as Character;
})();
const doc = hero as unknown as TableCharacter['document'];
const ch1: TableCharacter = { id: 'ch1', ownerId: 'A', document: doc };
const sides = (die: string | null): number | null => (die === null ? null : Number(die.slice(1)));
/** The hero in a chain shirt: its Armour Die d8, whole. */
const inChain = { ...doc, armourDie: 'd8', baseArmourDie: 'd8', inventory: [...hero.inventory, { id: 'chain', size: 'large', quantity: 1, carried: 'worn' }] } as TableCharacter['document'];

describe('the Health and Armour Dice of a character combatant (TC-2)', () => {
  it('are read from the document: its current Health and Armour Dice', () => {
    expect(documentDice(doc)).toEqual({ healthDie: sides(hero.healthDie), armourDie: sides(hero.armourDie) });
    expect(documentDice(inChain)).toEqual({ healthDie: sides(hero.healthDie), armourDie: 8 });
    expect(documentDice({ ...inChain, armourDie: 'd7' }).armourDie).toBe(7);
    expect(documentDice({ ...inChain, healthDie: null, armourDie: null })).toEqual({ healthDie: null, armourDie: null });
    expect(fighterFromCharacter(inChain as unknown as Character).armourDie).toBe(8);
  });

  it('are written back: the Health Die (down as none), the Armour Die only when the hit changed it; the document still reads', () => {
    expect(withHealthAfterHit(doc, 5, undefined)).toEqual({ ...doc, healthDie: 'd5' });
    expect(withHealthAfterHit(doc, null, undefined)).toEqual({ ...doc, healthDie: null });
    expect(withHealthAfterHit(inChain, 6, 7)).toEqual({ ...inChain, healthDie: 'd6', armourDie: 'd7' });
    expect(withHealthAfterHit(inChain, 6, null)).toEqual({ ...inChain, healthDie: 'd6', armourDie: null });
    for (const d of [withHealthAfterHit(doc, null, undefined), withHealthAfterHit(inChain, 3, null), withHealthAfterHit(inChain, 3, 5)]) {
      const r = ruleSystem.readCharacter(d);
      expect(r.ok, r.ok ? '' : `${r.error.path}: ${r.error.message}`).toBe(true);
    }
    expect(doc['healthDie']).toBe(hero.healthDie);
  });

  it('the history line names what changed', () => {
    expect(hitSummary('Goblin', 'Ada', false, { healthDie: 8, armourDie: 6 }, { healthDie: 8, armourDie: 5 })).toBe('Goblin hits Ada: Armour d6 -> d5');
    expect(hitSummary('Goblin', 'Ada', true, { healthDie: 4, armourDie: 3 }, { healthDie: null, armourDie: null })).toBe('Goblin crits Ada: Health d4 -> down, Armour d3 -> destroyed');
  });
});

describe('XP written by the Venture (TC-3)', () => {
  const ev = (body: Record<string, unknown>) => ({ schemaVersion: VENTURE_SCHEMA_VERSION, ...body }) as VentureEvent;

  it('every award of a command adds up on the document; a member who is no table character is left out; the other events award nothing', () => {
    const events = [
      ev({ kind: 'clock', at: 5 }),
      ev({ kind: 'boss-defeated', xp: [{ id: 'ch1', gained: 3, total: 11, levelByXp: 2 }, { id: 'hireling', gained: 3, total: 3, levelByXp: 1 }] }),
      ev({ kind: 'xp-awarded', reason: 'Saved the mayor', xp: [{ id: 'ch1', gained: 2, total: 13, levelByXp: 2 }] }),
    ];
    expect(ventureXpSaves([ch1], events)).toEqual([
      characterSaved(ch1, { ...doc, xp: 13 }, { id: 'xp', summary: 'Boss defeated, Saved the mayor: +5 XP, XP 8 -> 13 (enough for level 2)' }),
    ]);
    expect(ventureXpSaves([ch1], [ev({ kind: 'venture-ended', at: 9 })])).toEqual([]);
  });

  it("the Smith's XP on join writes the document only when it differs, as an override", () => {
    expect(joinXpSave(ch1, 8)).toBeNull();
    expect(joinXpSave(ch1, 0)).toMatchObject({ shared: 'character-saved', body: { character: { document: { xp: 0 } }, change: { id: 'xp', isOverride: true } } });
    expect(joinXpSave(ch1, 0)).not.toHaveProperty('isConsequence');
  });
});

describe('magick written on the document (TC-4, TC-5)', () => {
  const caster = { level: 3, grade: 'dedicated', spellStat: 'INT', spellStatScore: 14, sustainDivisor: 1, conScore: 20, hasManaBurn: true, canOvercast: true, profileId: null } as const;
  const magick = (burntCon: number): MagickState => ({ ...EMPTY_MAGICK_STATE, caster, burntCon });

  it('the CON burnt lowers the score, a restore raises it, half-stat and mod from the stat table; a burn below the table is null', () => {
    const con = hero.stats.CON.score;
    const burnt = withMagick(doc, magick(2)) as Record<string, any>;
    expect(burnt['magick']).toEqual(magick(2));
    expect(burnt['stats']['CON'].score).toBe(con - 2);
    expect(ruleSystem.readCharacter(burnt).ok).toBe(true);
    expect(withMagick(burnt, magick(0))).toEqual({ ...doc, magick: magick(0) });
    expect(withMagick(doc, magick(con - 1))).not.toBeNull();
    expect(withMagick(doc, magick(con))).toBeNull();
    // A document magick was never written on (a table's log from before) shows no burn yet: its first write applies the whole of it.
    expect((withMagick(doc, magick(1)) as Record<string, any>)['stats']['CON'].score).toBe(con - 1);
    // A restore stops at the top of the stat table.
    const top = { ...doc, magick: magick(3), stats: { ...hero.stats, CON: { score: 19, half: 10, mod: 4 } } };
    expect((withMagick(top, magick(0)) as Record<string, any>)['stats']['CON']).toEqual({ score: 20, half: 10, mod: 5 });
  });

  it('the change lists every die the events record, and one line per event', () => {
    const s = 1 as const;
    const events: MagickEvent[] = [
      { schemaVersion: s, kind: 'forget-checked', spellId: 'wish', effectId: 1, die: 4, level: 9, face: null, kept: false, extraDraws: 5 },
      { schemaVersion: s, kind: 'mana-burn-checked', spellId: 'wish', die: 4, level: 9, face: null, burned: true, draw: null },
      { schemaVersion: s, kind: 'mana-burn-checked', spellId: 'sleep', die: 3, level: 1, face: 2, burned: true, draw: { face: 1, of: 2 } },
      { schemaVersion: s, kind: 'spell-forgotten', spellId: 'fly', cause: 'extra', draw: { face: 2, of: 2 } },
      { schemaVersion: s, kind: 'night-rest-rolled', die: 3, face: 3, restored: true },
      { schemaVersion: s, kind: 'concentration-tested', target: 7, halfStat: true, penalty: 1, penaltyAs: 'target', dice: ['d20'], natural: 5, featRoll: 2, total: 3, success: true, summary: 'held' },
    ];
    expect(magickDice(events, magick(0))).toEqual([
      { sides: 2, face: 1, isKept: true, role: 'spell drawn for Mana-burn' },
      { sides: 3, face: 2, isKept: true, role: 'Mana-burn re-roll (sleep)' },
      { sides: 2, face: 2, isKept: true, role: 'spell drawn to forget' },
      { sides: 3, face: 3, isKept: true, role: "night's sleep" },
      { sides: 20, face: 5, isKept: true, role: 'concentration' },
      { sides: 4, face: 2, isKept: true, role: 'Feat Die' },
    ]);
    const change = magickChange(events, magick(0));
    expect(change.explanation).toHaveLength(events.length);
    expect(characterSaved(ch1, doc, { ...change, summary: 'x'.repeat(500) }).body).toMatchObject({ change: { summary: expect.stringMatching(/^x{199}\u2026$/) } });
  });
});
