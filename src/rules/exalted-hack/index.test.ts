// The ruleset through the contract: what the CLI and the table see.
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { ruleSystem } from './index.js';

describe('ruleSystem (The Exalted Hack)', () => {
  it('names itself and its six attributes; every check kind gives odds from its defaults where it has them', () => {
    expect(ruleSystem.id).toBe('exalted-hack');
    expect(ruleSystem.attributes.map((a) => a.id)).toEqual(['str', 'dex', 'con', 'int', 'wis', 'cha']);
    expect(ruleSystem.usageDie.stepDownMaxFace).toBe(2);
    expect(ruleSystem.chain.sides).toEqual([4, 6, 8, 10, 12]);
    for (const k of ruleSystem.checks) {
      const params = Object.fromEntries(k.params.filter((p) => p.isRequired === true).map((p) => [p.name, p.kind === 'text' ? '10,12' : p.kind === 'die' ? 6 : 10]));
      const r = ruleSystem.checkOdds({ check: k.id, params });
      expect(r.ok, k.id).toBe(true);
    }
  });

  it('the CLI example: --attribute 12 --advantage', () => {
    const r = ruleSystem.rollCheck(scriptedRandom([14, 9]), { check: 'check', params: { attribute: 12, advantage: true } });
    expect(r).toMatchObject({ ok: true, value: { outcome: 'success', total: 9, description: 'd20 roll-under 12, advantage' } });
  });

  it('characters through the contract: roll, read, summarize', () => {
    const c = ruleSystem.rollCharacter(seededRandom(3), { name: 'Oda' });
    if (!c.ok) throw new Error(c.error.message);
    expect(c.value.ruleset).toBe('exalted-hack');
    expect(ruleSystem.readCharacter(JSON.parse(JSON.stringify(c.value))).ok).toBe(true);
    expect(ruleSystem.summarize(c.value).name).toBe('Oda');
    expect(ruleSystem.summarize(c.value).trackers.filter((t) => t.role !== undefined).map((t) => [t.id, t.role])).toEqual([['hp', 'health'], ['armour', 'armour']]);
  });

  it('play through the contract: its examples apply in order to the seed-1 character', () => {
    const play = ruleSystem.play!;
    const c = ruleSystem.rollCharacter(seededRandom(1), {});
    if (!c.ok) throw new Error(c.error.message);
    let doc = c.value;
    const rng = seededRandom(5);
    for (const request of play.examples) {
      const r = play.rollChange(rng, doc, request);
      if (!r.ok) throw new Error(`${request.change}: ${r.error.message}`);
      doc = r.value.character;
    }
    expect(doc.history).toEqual([]);
    expect(play.changes.find((k) => k.id === 'rest')?.rollsDice).toBe(true);
  });

  it('usage and initiative through the contract', () => {
    const odds = ruleSystem.usageOdds(6, 1);
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.distribution.map((p) => p.die)).toEqual([6, 4, null]);
    expect(odds.value.distribution.map((p) => p.p)).toEqual([expect.closeTo(2 / 3, 12), expect.closeTo(1 / 3, 12), 0]);
    expect(ruleSystem.rollUsage(scriptedRandom([1]), 6)).toMatchObject({ ok: true, value: { after: 4 } });
    const init = ruleSystem.rollInitiative(scriptedRandom([3]), [{ id: 'a', side: 'pcs', stats: { wis: 10 } }, { id: 'b', side: 'npcs', stats: {} }]);
    expect(init.ok ? init.value.order.map((p) => p.id) : null).toEqual(['a', 'b']);
  });
});
