import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import { NO_USAGE_DICE, ruleSystem } from './index.js';

describe('the ruleSystem contract', () => {
  it('names itself, its stats and its chain', () => {
    expect(ruleSystem.id).toBe('so-long-as-men-die');
    expect(ruleSystem.attributes.map((a) => a.id)).toEqual(['str', 'dex', 'con', 'int', 'wis', 'cha']);
    expect(ruleSystem.chain.sides).toEqual([4, 6, 8, 10, 12]);
    expect(ruleSystem.tables.length).toBeGreaterThan(5);
  });

  it('has no usage dice: an empty chain and a problem for every call (SL-19)', () => {
    expect(ruleSystem.usageDie.sides).toEqual([]);
    expect(ruleSystem.usageOdds(6, 3)).toMatchObject({ ok: false, error: { code: NO_USAGE_DICE } });
    expect(ruleSystem.rollUsage(seededRandom(1), 6)).toMatchObject({ ok: false, error: { code: NO_USAGE_DICE } });
  });

  it('rolls, reads and summarizes a character through the contract', () => {
    const c = ruleSystem.rollCharacter(seededRandom(77), { name: 'Hild', class: 'Sellsword', 'class-toughness': 1 });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(ruleSystem.readCharacter(JSON.parse(JSON.stringify(c.value)))).toEqual(c);
    const s = ruleSystem.summarize(c.value);
    expect(s.name).toBe('Hild');
    expect(s.headline).toMatch(/^Sellsword; /);
    expect(s.trackers.map((t) => t.id)).toEqual(['wounds', 'toughness', 'defense', 'stowed', 'readied']);
    expect(s.trackers.find((t) => t.role === 'health')?.value).toBe(`${c.value.stats.con.score}/${c.value.stats.con.score}`);
  });

  it('every creation option and check param is a CLI-ready kebab-case name', () => {
    for (const p of [...ruleSystem.creationOptions, ...ruleSystem.checks.flatMap((c) => c.params)]) expect(p.name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});
