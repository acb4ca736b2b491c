/**
 * The tracker attack's odds shown before the click, held against every face path of the roll itself
 * (character against foe and foe against character, the table settings included), and the monster line.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../../test/enumerate.js';
import type { CombatState, Combatant, TableCharacter } from '../../rule-system.js';
import { statOf, type InventoryEntry, type SlamdCharacter } from '../character.js';
import { rollCharacter } from '../create-character.js';
import { partSlot, slots } from '../data/slots.js';
import type { DamageOutcome } from '../play-harm.js';
import { readSlamdMonster, writeSlamdMonster, MAX_MONSTER_LINE_LENGTH } from './monster-line.js';
import { rollTrackerAttack, trackerAttack, trackerAttackOdds, type SlamdAttackSettings, type SlamdTrackerAttackOptions } from './tracker-attack.js';

const held = (kind: InventoryEntry['kind'], itemId: string, size: InventoryEntry['slots'], hands: number[]): InventoryEntry => ({ kind, itemId, label: itemId, slots: size, count: 1, carry: 'readied', hands });

function pc(seed: number, inventory: InventoryEntry[], patch: Partial<SlamdCharacter> = {}): SlamdCharacter {
  const r = rollCharacter(seededRandom(seed), { traits: 'pick', 'trait-1': 'princely', 'trait-2': 'talks-to-animals' });
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.value, name: `PC${seed}`, stats: { ...r.value.stats, str: statOf(14), con: statOf(9) }, woundsLeft: 9, toughness: { dice: 1, exhausted: 0 }, inventory, ...patch };
}

const base = { conditions: [], isDown: false, stats: {}, isLeader: false } as const;
function fight(doc: SlamdCharacter, foe: Partial<Combatant>): { combat: CombatState; characters: TableCharacter[] } {
  const combatants: Combatant[] = [
    { ...base, id: 'c1', name: doc.name, side: 'party', characterId: 'ch1', health: `${doc.woundsLeft}/${doc.stats.con.score}`, armour: '' },
    { ...base, id: 'c2', name: 'Bandit', side: 'foes', health: '2/10', armour: 'd4', monster: 'damage=1d4,mod=+1,toughness=1,con=10', ...foe },
  ];
  return {
    combat: { isActive: true, round: 1, order: ['c1', 'c2'], turn: 0, combatants, initiative: null, nextId: 3 },
    characters: [{ id: 'ch1', ownerId: 'A', document: doc as unknown as TableCharacter['document'] }],
  };
}

/** Every face path of the roll, by outcome, against the odds the page shows. */
function expectExact(f: ReturnType<typeof fight>, attackerId: string, targetId: string, options: SlamdTrackerAttackOptions = {}, settings?: SlamdAttackSettings): void {
  const built = trackerAttack(f.combat, f.characters, attackerId, targetId, options, settings);
  if (!built.ok) throw new Error(built.error.message);
  const odds = trackerAttackOdds(built.value).outcomes;
  const exact = enumeratedChances(enumeratePaths((rng) => {
    const r = rollTrackerAttack(rng, f.combat, f.characters, attackerId, targetId, options, settings);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.outcome;
  }, { maxPaths: 2_000_000 }));
  expect([...exact.keys()].length).toBeGreaterThan(1);
  for (const [outcome, p] of exact) expect(Math.abs((odds.find((o) => o.outcome === outcome)?.p ?? 0) - p), outcome).toBeLessThan(1e-12);
  for (const o of odds) expect(Math.abs(o.p - (exact.get(o.outcome as DamageOutcome) ?? 0)), o.outcome).toBeLessThan(1e-12);
  expect(odds.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
}

describe('tracker attack odds are the roll’s own', () => {
  const dagger = [held('weapon', 'dagger', partSlot(3), [0])];
  it('a character with a dagger (1d4, STR +2) against a foe with Defense d4, one Toughness Die, CON 10, two Wounds left', () => {
    expectExact(fight(pc(1, dagger), {}), 'c1', 'c2');
  });
  it('the same with chained explosions and the mutilation read past Toughness (SL-9, SL-10), the foe choosing to be mutilated', () => {
    expectExact(fight(pc(1, dagger), {}), 'c1', 'c2', { choice: 'mutilated' }, { explosions: 'chained', mutilationFrom: 'past-toughness' });
  });
  it('a foe (1d4 +1) against a character in leather with one Wound left: the next Wound kills', () => {
    expectExact(fight(pc(2, [held('armour', 'leather', slots(2), [])], { woundsLeft: 1 }), {}), 'c2', 'c1');
  });
  it('a Pugilist’s fists stay Nonlethal (SL-21): a blow past Toughness knocks out, no Wound', () => {
    const f = fight(pc(3, [], { traits: ['pugilist', 'princely'] }), {});
    const built = trackerAttack(f.combat, f.characters, 'c1', 'c2');
    expect(built.ok && built.value.spec.isNonlethal).toBe(true);
    expect(built.ok && built.value.spec.damage).toEqual({ kind: 'dice', count: 1, sides: 6 });
    expectExact(f, 'c1', 'c2');
  });
});

describe('what a tracker attack writes', () => {
  it('on a character: the document’s Wounds, condition and Toughness, with the history line; the tracker shows Wounds and down', () => {
    const doc = pc(4, []);
    const f = fight(doc, { monster: 'damage=2d10,mod=+5,toughness=0,con=10' });
    let seen = 0;
    for (let seed = 0; seed < 60; seed++) {
      const r = rollTrackerAttack(seededRandom(seed), f.combat, f.characters, 'c2', 'c1');
      if (!r.ok) throw new Error(r.error.message);
      const t = r.value.target;
      if (r.value.outcome === 'no-damage' || r.value.outcome === 'soaked') continue;
      seen++;
      const after = t!.document as unknown as SlamdCharacter;
      expect(after.woundsLeft).toBe(doc.woundsLeft - 1);
      expect(t!.change.id).toBe('attack');
      // The hidden foe's dice stay out of the words everyone reads (TB-17).
      expect(t!.change.summary).toMatch(/^Bandit attacks PC4: .*Wounds 9 -> 8/);
      const c1 = r.value.combat.combatants.find((c) => c.id === 'c1')!;
      expect(c1.health).toBe('8/9');
      expect(c1.isDown).toBe(after.condition !== 'standing');
    }
    expect(seen).toBeGreaterThan(30);
  });
  it('on a foe: Wounds in the tracker, Toughness exhausted in its line, down when out, dead at its last Wound', () => {
    const f = fight(pc(5, [held('weapon', 'longsword', slots(2), [0, 1])]), { health: '1/10', armour: '' });
    const outs = new Set<string>();
    for (let seed = 0; seed < 80; seed++) {
      const r = rollTrackerAttack(seededRandom(seed), f.combat, f.characters, 'c1', 'c2');
      if (!r.ok) throw new Error(r.error.message);
      const c2 = r.value.combat.combatants.find((c) => c.id === 'c2')!;
      outs.add(r.value.outcome);
      if (r.value.outcome === 'dead') expect([c2.health, c2.isDown, c2.conditions.includes('dead')]).toEqual(['0/10', true, true]);
      else expect(c2.health).toBe('1/10');
      expect(c2.monster).toMatch(/toughness=[01],con=10$/);
    }
    expect(outs.has('dead')).toBe(true);
  });
  it('refuses what cannot be rolled, saying how to fix it', () => {
    const f = fight(pc(6, []), { monster: '' });
    expect(trackerAttack(f.combat, f.characters, 'c2', 'c1')).toMatchObject({ ok: false, error: { code: 'combat/no-stats' } });
    const g = fight(pc(6, []), {});
    expect(trackerAttack(g.combat, g.characters, 'c1', 'c2', { weaponId: 'longsword' })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/weapon-not-held' } });
    expect(trackerAttack(g.combat, g.characters, 'c2', 'c1', { weaponId: 'longsword' })).toMatchObject({ ok: false, error: { code: 'combat/monster-weapon' } });
    const h = fight(pc(6, []), { health: '0/10' });
    expect(trackerAttack(h.combat, h.characters, 'c1', 'c2')).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/already-dead' } });
  });
});

describe('the monster line', () => {
  it('reads damage, mod, toughness, con and nonlethal, and writes them back the same', () => {
    const m = readSlamdMonster(' damage=2d6, mod=-1 toughness=3 con=12 nonlethal');
    expect(m).toEqual({ ok: true, value: { damage: { kind: 'dice', count: 2, sides: 6 }, modifier: -1, toughness: 3, con: 12, isNonlethal: true } });
    if (m.ok) expect(writeSlamdMonster(m.value)).toBe('damage=2d6,mod=-1,toughness=3,con=12,nonlethal');
    expect(readSlamdMonster('damage=3')).toMatchObject({ ok: true, value: { damage: { kind: 'flat', value: 3 }, con: 10, toughness: 0 } });
  });
  it('refuses, at and past each limit, with the key named', () => {
    expect(readSlamdMonster('damage=4d6').ok).toBe(true);
    expect(readSlamdMonster('damage=5d6')).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/bad-monster-line', message: expect.stringMatching(/1 to 4 dice/) } });
    expect(readSlamdMonster('damage=1d7').ok).toBe(false);
    expect(readSlamdMonster('damage=1d6,toughness=12').ok).toBe(true);
    expect(readSlamdMonster('damage=1d6,toughness=13').ok).toBe(false);
    expect(readSlamdMonster('damage=1d6,con=21').ok).toBe(false);
    expect(readSlamdMonster('mod=+1')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no damage/) } });
    expect(readSlamdMonster('damage=1d6,hp=3')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Unknown key hp/) } });
    expect(readSlamdMonster(`damage=1d6,${'mod=1,'.repeat(30)}`.slice(0, MAX_MONSTER_LINE_LENGTH)).ok).toBe(false);
    expect(readSlamdMonster(`damage=1d6 ${' '.repeat(MAX_MONSTER_LINE_LENGTH)}`).ok).toBe(false);
  });
});
