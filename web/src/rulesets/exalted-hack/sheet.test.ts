// An Exalted Hack sheet's stat buttons roll against the damaged attribute: the score less its damage (EH-28).
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { ruleSystem as exaltedHack, withAttributeDamage } from '../../../../src/rules/exalted-hack/index.js';
import type { RuleSystem } from '../../../../src/rules/rule-system.js';
import { statCheck } from '../../lib/check-map.js';
import { readSheet } from '../../lib/sheet-data.js';

const ruleSystem = exaltedHack as unknown as RuleSystem;

describe('an Exalted Hack sheet’s stat buttons', () => {
  const made = exaltedHack.rollCharacter(seededRandom(7), { name: 'Ada' });
  if (!made.ok) throw new Error(made.error.message);
  const damage = Math.min(4, made.value.stats.dex.score - 1);
  const hurt = withAttributeDamage(made.value, 'dex', damage);

  it('show and roll DEX as it stands now, with the odds of that target', () => {
    const sheet = readSheet(ruleSystem, hurt as unknown as Record<string, unknown>);
    if (!sheet.ok) throw new Error(sheet.message);
    const dex = sheet.stats.find((s) => s.id === 'dex')!;
    expect(dex.score).toBe(made.value.stats.dex.score - damage);
    const check = statCheck(ruleSystem, dex);
    expect(check).toMatchObject({ check: 'check', params: { attribute: made.value.stats.dex.score - damage } });
    const odds = ruleSystem.checkOdds({ check: check!.check, params: check!.params });
    if (!odds.ok) throw new Error(odds.error.message);
    const target = Math.min(18, Math.max(4, made.value.stats.dex.score - damage));
    expect(odds.value.description).toContain(`roll-under ${target}`);
  });

  it('an undamaged attribute rolls its score', () => {
    const sheet = readSheet(ruleSystem, hurt as unknown as Record<string, unknown>);
    if (!sheet.ok) throw new Error(sheet.message);
    expect(sheet.stats.find((s) => s.id === 'str')!.score).toBe(made.value.stats.str.score);
  });
});
