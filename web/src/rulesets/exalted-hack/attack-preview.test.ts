// The odds the tracker shows before the click are the server's plan's: checked against a count of every face.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { ruleSystem } from '../../../../src/rules/exalted-hack/index.js';
import type { CombatState, Combatant, TableCharacter } from '../../../../src/rules/rule-system.js';
import { percent, previewAttack } from './attack-preview.js';

const made = ruleSystem.rollCharacter(seededRandom(9), { name: 'Ada' });
if (!made.ok) throw new Error(made.error.message);
const ada = made.value;
const characters: TableCharacter[] = [{ id: 'ch1', ownerId: 'A', document: ada as unknown as TableCharacter['document'] }];
const base = { conditions: [], isDown: false, stats: {}, isLeader: false };
const combat = (foe: Partial<Combatant> = {}): CombatState => ({
  isActive: true, round: 1, order: [], turn: null, initiative: null, nextId: 3,
  combatants: [
    { ...base, id: 'c1', name: 'Ada', side: 'party', characterId: 'ch1', health: `${ada.hp.current}/${ada.hp.max}`, armour: '0' },
    { ...base, id: 'c2', name: 'Rat', side: 'foes', health: '3/3', armour: '0', monster: 'damage=d4', ...foe },
  ],
});

describe('the tracker’s attack odds in the page', () => {
  it('hit, crit and the rat down, counted face by face: a d20 under STR, then a d6', () => {
    const p = previewAttack(combat(), characters, 'c1', 'c2', {});
    if (!p.ok) throw new Error(p.message);
    const target = Math.min(18, Math.max(4, ada.stats.str.current));
    let hit = 0;
    let down = 0;
    for (let f = 1; f <= 20; f++) for (let d = 1; d <= 6; d++) {
      const isHit = f === 1 || (f < target && f !== 20);
      const dmg = f === 1 ? d + 6 : d;
      if (isHit) hit += 1;
      if (isHit && dmg >= 3) down += 1;
    }
    expect(p.main).toBeCloseTo(hit / 120, 12);
    expect(p.crit).toBeCloseTo(1 / 20, 12);
    expect(p.down).toBeCloseTo(down / 120, 12);
  });

  it('a hidden foe: the chance to hit alone, never its HP', () => {
    const p = previewAttack(combat({ isHidden: true, health: '', armour: '' }), characters, 'c1', 'c2', {});
    if (!p.ok) throw new Error(p.message);
    expect(p.down).toBeNull();
    expect(p.main).toBeGreaterThan(0);
  });

  it('percentages at the ends', () => {
    expect([percent(0), percent(0.004), percent(0.5), percent(0.996), percent(1)]).toEqual(['0%', '<1%', '50%', '>99%', '100%']);
  });
});
