// Initiative through the table: the tracker's sides are party and foes, the roll is the ruleset's (rollCommand).
import { describe, expect, it } from 'vitest';
import { ruleSystem } from './index.js';
import type { RuleSystem } from '../rule-system.js';
import { trackerTable as table } from '../../../test/tracker-table.js';

describe("initiative at the table: the party side is the company, whoever was added first (EH-21)", () => {
  const fight = () => {
    const t = table(ruleSystem as unknown as RuleSystem);
    t.add("Ogre", "foes", { DEX: 8 });
    t.add("Ada", "party", { WIS: 12, DEX: 10 });
    t.add("Bo", "party", { wis: 14, dex: 15 });
    t.add("Imp", "foes", { dex: 16 });
    return t;
  };

  it("the party rolls WIS as a group; with half or more successes it acts first, each side by DEX", () => {
    const t = fight();
    // Ada 5 under 12, Bo 17 over 14: one success of two is half: the company goes first.
    const r = t.rollInitiative([5, 17]);
    if (!r.ok) throw new Error(r.error.message);
    expect(t.order()).toEqual(["Bo", "Ada", "Imp", "Ogre"]);
    expect(t.state.combat.initiative!.explanation[0]).toMatch(/company \(party, 2\)/);
  });

  it("failing, the party acts after the foes; the foes never roll WIS", () => {
    const t = fight();
    const r = t.rollInitiative([15, 17]);
    if (!r.ok) throw new Error(r.error.message);
    expect(t.order()).toEqual(["Imp", "Ogre", "Bo", "Ada"]);
    expect(t.state.combat.initiative!.dice).toHaveLength(2);
  });
});
