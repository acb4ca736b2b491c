// The ruleSystem object: the contract's shape for The Bare Bones.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import { BARE_BONES_TABLES, ruleSystem } from './index.js';
import { assertOk } from '../../../test/narrow.js';

describe('ruleSystem (bare-bones)', () => {
  it('has the id, the six attributes, the d4..d20 chain and usage dice stepping on 1-3', () => {
    expect(ruleSystem.id).toBe('bare-bones');
    expect(ruleSystem.attributes.map((a) => a.id)).toEqual(['str', 'dex', 'con', 'int', 'wis', 'cha']);
    expect(ruleSystem.chain.sides).toEqual([4, 6, 8, 10, 12, 20]);
    expect(ruleSystem.usageDie.stepDownMaxFace).toBe(3);
    expect(ruleSystem.tables).toBe(BARE_BONES_TABLES);
  });

  it('every check kind gives odds and a roll from its defaults where it has no required params', () => {
    for (const c of ruleSystem.checks) {
      const params: Record<string, number> = {};
      for (const p of c.params) if (p.isRequired === true) params[p.name] = p.kind === 'die' ? p.sides[0]! : p.kind === 'integer' ? Math.max(p.min, Math.min(p.max, 10)) : 0;
      const o = ruleSystem.checkOdds({ check: c.id, params });
      assertOk(o, c.id);
      const r = ruleSystem.rollCheck(seededRandom(1), { check: c.id, params });
      assertOk(r, c.id);
      expect(o.value.outcomes.map((x) => x.outcome)).toContain(r.value.outcome);
    }
  });
});
