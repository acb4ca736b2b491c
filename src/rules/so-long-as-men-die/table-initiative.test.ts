// Initiative through the table: the tracker's sides are party and foes, the roll is the ruleset's (rollCommand).
import { describe, expect, it } from 'vitest';
import { ruleSystem } from './index.js';
import type { RuleSystem } from '../rule-system.js';
import { trackerTable as table } from '../../../test/tracker-table.js';

describe("initiative at the table: monsters have no INT (SL-14)", () => {
  it("each side rolls a d6; the party adds its leader's INT Modifier, the foes' leader without INT adds nothing", () => {
    const t = table(ruleSystem as unknown as RuleSystem);
    t.add("Wolf 1", "foes");
    t.add("Hilda", "party", { int: 16 });
    t.add("Wolf 2", "foes");
    t.add("Odo", "party", { INT: 9 });
    // Foes (first listed) roll 5 + 0 = 5; the party 3 + 3 (Hilda, INT 16) = 6: the party acts first.
    const r = t.rollInitiative([5, 3]);
    if (!r.ok) throw new Error(r.error.message);
    expect(t.order()).toEqual(["Hilda", "Odo", "Wolf 1", "Wolf 2"]);
    expect(t.state.combat.initiative!.explanation.join("\\n")).toMatch(/foes: d6 5 \+ 0 \(no INT Score/);
  });
});
