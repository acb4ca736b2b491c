import { describe, expect, it } from 'vitest';
import { EMPTY_MAGICK_STATE, type MagickState } from '../../../../src/rules/hammercrawl/magick/magick-state.js';
import type { RulesetEvent } from '../../lib/protocol.js';
import { seededRandom } from '../../../../src/dice/random.js';
import { rollCharacter } from '../../../../src/rules/hammercrawl/create-character.js';
import { defaultPreparation, harmNotes, hitWhileSustaining, magickTiming, magickView, scrollOdds } from './magick-view.js';

const spell = (id: string) => ({ id, name: id, level: 1 });
const sustaining: MagickState = {
  ...EMPTY_MAGICK_STATE,
  spellbook: [spell('sleep')],
  prepared: [{ spellId: 'sleep', remembered: true }],
  sustained: [{ effectId: 1, spellId: 'sleep', level: 1, effectiveLevel: 1, lingers: false, cancellable: true }],
};
const combat = (isActive: boolean) => ({ isActive, round: 1, order: ['c1', 'c2'], turn: 0, combatants: [{ id: 'c1', name: 'Ysolde', side: 'party', characterId: 'ch1' }, { id: 'c2', name: 'Goblin', side: 'foes' }] });
const hit = (seq: number, isHit = true) => ({ seq, attackerId: 'c2', targetId: 'c1', isHit, isCrit: false, lines: [], summary: `Goblin hits Ysolde (${seq})` });
const magickAt = (seq: number) => ({ kind: 'magick-changed', seq, at: 0, by: null, characterId: 'ch1', events: [] }) as unknown as RulesetEvent;

describe('the magick view', () => {
  it('a hit on a sustaining caster since its last magick command asks for a concentration Test (MG-8)', () => {
    expect(hitWhileSustaining(sustaining, 'ch1', combat(true), [hit(5)], [magickAt(3)])).toBe('Goblin hits Ysolde (5)');
    // Tested already (a magick command after the hit), missed, or nothing sustained: nothing asked.
    expect(hitWhileSustaining(sustaining, 'ch1', combat(true), [hit(5)], [magickAt(6)])).toBeNull();
    expect(hitWhileSustaining(sustaining, 'ch1', combat(true), [hit(5, false)], [magickAt(3)])).toBeNull();
    expect(hitWhileSustaining({ ...sustaining, sustained: [] }, 'ch1', combat(true), [hit(5)], [magickAt(3)])).toBeNull();
    expect(hitWhileSustaining(sustaining, 'ch9', combat(true), [hit(5)], [magickAt(3)])).toBeNull();
  });

  it("a scroll read as a Feat adds the reader's Feat Die: the odds rise (MG-11)", () => {
    const mage = rollCharacter(seededRandom(7), { method: 'semi', choices: { class: 'true-mage', classPrime: 'INT' }, name: 'Ysolde' });
    if (!mage.ok) throw new Error(mage.error.message);
    const doc = mage.character as unknown as Readonly<Record<string, unknown>>;
    const plain = scrollOdds(doc, true);
    const feat = scrollOdds(doc, true, true);
    if (!plain.ok || !feat.ok) throw new Error('no odds');
    expect(feat.success).toBeGreaterThan(plain.success);
    expect(feat.success).toBeLessThanOrEqual(1);
  });

  it("the Smith's damage that is not an attack (a trap) on a sustaining caster asks for the Test too (MG-8)", () => {
    const trap = (seq: number, targetId = 'c1') => ({
      event: { kind: 'combat-changed', seq, at: 0, by: 's', combat: combat(true), summary: `Ysolde: Trap, DV 3 (${seq})`, harm: { targetId, source: 'Trap', lines: [] } },
      follows: [],
    });
    const chat = { event: { kind: 'chatted', seq: 4, text: 'hi' }, follows: [] };
    const notes = harmNotes([chat, trap(7)]);
    expect(notes).toEqual([{ seq: 7, targetId: 'c1', isHit: true, summary: 'Ysolde: Trap, DV 3 (7)' }]);
    expect(hitWhileSustaining(sustaining, 'ch1', combat(true), notes, [magickAt(3)])).toBe('Ysolde: Trap, DV 3 (7)');
    // In the same commit as another card's event, after an attack: the latest is named.
    const grouped = harmNotes([{ event: { kind: 'character-saved', seq: 9 }, follows: [trap(10).event] }]);
    expect(hitWhileSustaining(sustaining, 'ch1', combat(true), [hit(8), ...grouped], [magickAt(3)])).toBe('Ysolde: Trap, DV 3 (10)');
    // Tested since, or on someone else: nothing asked.
    expect(hitWhileSustaining(sustaining, 'ch1', combat(true), notes, [magickAt(8)])).toBeNull();
    expect(hitWhileSustaining(sustaining, 'ch1', combat(true), harmNotes([trap(7, 'c2')]), [magickAt(3)])).toBeNull();
  });

  it('Prepare ticks today\'s list, else every known spell up to the limit', () => {
    const book = { ...EMPTY_MAGICK_STATE, spellbook: [spell('a'), spell('b'), spell('c')] };
    expect(defaultPreparation(book, 2)).toEqual(['a', 'b']);
    expect(defaultPreparation(book, 3)).toEqual(['a', 'b', 'c']);
    expect(defaultPreparation({ ...book, prepared: [{ spellId: 'c', remembered: false }] }, 2)).toEqual(['c']);
  });

  it('Prepare and Town rest wait for the end of a fight, for a player; the Smith always may (MG-19)', () => {
    expect(magickTiming('prepare', combat(true), [], false)?.code).toBe('magick/not-in-a-fight');
    expect(magickTiming('town-rest', combat(true), [], false)?.code).toBe('magick/not-in-a-fight');
    expect(magickTiming('prepare', combat(false), [], false)).toBeNull();
    expect(magickTiming('prepare', combat(true), [], true)).toBeNull();
    expect(magickTiming('cast', combat(true), [], false)).toBeNull();
    expect(magickTiming('remember', null, [], false)?.code).toBe('magick/not-at-camp');
  });
});

describe("the magick panel reads the character's document (TC-4)", () => {
  it('an imported caster with Mana-burn shows its caster and burn with no magick event at the table; a document without magick folds the events', () => {
    const mage = rollCharacter(seededRandom(2), { method: 'semi', choices: { class: 'true-mage', classPrime: 'INT' }, name: 'Mira' });
    if (!mage.ok) throw new Error(mage.error.message);
    const caster = { level: 1, grade: 'dedicated', spellStat: 'INT', spellStatScore: 16, sustainDivisor: 1, conScore: 12, hasManaBurn: true, canOvercast: true, profileId: 'true-mage-spellcasting' } as const;
    const doc = { ...(mage.character as unknown as Record<string, unknown>), magick: { ...EMPTY_MAGICK_STATE, caster, burnSteps: 1 } };
    const view = magickView(doc, []);
    expect(view.ok && view.state.burnSteps).toBe(1);
    expect(view.ok && view.state.caster?.spellStat).toBe('INT');
    const none = magickView(mage.character as unknown as Record<string, unknown>, []);
    expect(none.ok && none.state.caster).toBeNull();
    // Magick the document cannot hold is said, not shown as none.
    expect(magickView({ ...doc, magick: { burnSteps: 'lots' } }, []).ok).toBe(false);
  });
});
