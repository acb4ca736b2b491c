// Initiative through the table: the tracker's sides are party and foes, the roll is the ruleset's (rollCommand).
import { describe, expect, it } from 'vitest';
import { ruleSystem } from './index.js';
import type { RuleSystem } from '../rule-system.js';
import { trackerTable as table } from '../../../test/tracker-table.js';

describe("initiative at the table: the foes are the GM's side (BB-12)", () => {
  it("players save against WIS; the foes, with no stats, do not roll and act between the passed and the failed", () => {
    const t = table(ruleSystem as unknown as RuleSystem);
    t.add("Orc", "foes");
    t.add("Ada", "party", { WIS: 12 });
    t.add("Goblin", "foes");
    t.add("Bo", "party", { wis: 9 });
    // Ada rolls 5 under 12 (before the GM), Bo 15 against 9 (after): only the two players throw.
    const r = t.rollInitiative([5, 15]);
    if (!r.ok) throw new Error(r.error.message);
    expect(t.order()).toEqual(["Ada", "Orc", "Goblin", "Bo"]);
    expect(t.state.combat.initiative!.dice.map((d) => d.face)).toEqual([5, 15]);
  });

  it("a player with no WIS is refused, naming the combatant", () => {
    const t = table(ruleSystem as unknown as RuleSystem);
    t.add("Orc", "foes");
    t.add("Ada", "party");
    const r = t.rollInitiative([5]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.message]).toEqual(["bare-bones/initiative-needs-wis", expect.stringContaining("Ada")]);
  });
});
