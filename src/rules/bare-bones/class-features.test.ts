// Class pools and features (Nobody Likes Adventurers; rulings BB-6, BB-28).
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import type { RuleResult } from '../rule-system.js';
import type { BareBonesCharacter } from './character.js';
import { canCast, concentrationDieFor, counterspellReach, grantBonusPoints, maneuverDieFor, refillPoints, spendPoint, wieldingFor } from './class-features.js';
import { rollCharacter } from './create-character.js';

function value<T>(r: RuleResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
const make = (options: Record<string, string>): BareBonesCharacter => value(rollCharacter(seededRandom(8), options));

describe('class features', () => {
  it('spending points: a cleric with none cannot; a sorcerer may, at the risk of catastrophe', () => {
    const cleric = make({ class: 'cleric' });
    const spent = value(spendPoint(cleric));
    expect([spent.character.points.current, spent.needsCatastropheCheck]).toEqual([0, false]);
    expect(spendPoint(spent.character)).toMatchObject({ ok: false, error: { code: 'bare-bones/no-points' } });
    const sorc = make({ class: 'sorcerer' });
    const empty = value(spendPoint(sorc)).character;
    expect(value(spendPoint(empty)).needsCatastropheCheck).toBe(true);
    expect(refillPoints(empty).points.current).toBe(1);
  });

  it('the GM grants 1-2 extra points, up to level + 2; never to sorcerers', () => {
    const fighter = make({ class: 'fighter' });
    expect(value(grantBonusPoints(fighter, 2)).points.current).toBe(3);
    expect(value(grantBonusPoints(value(grantBonusPoints(fighter, 2)), 2)).points.current).toBe(3);
    expect(grantBonusPoints(fighter, 3).ok).toBe(false);
    expect(grantBonusPoints(fighter, 0).ok).toBe(false);
    expect(grantBonusPoints(make({ class: 'sorcerer' }), 1)).toMatchObject({ ok: false, error: { code: 'bare-bones/no-bonus-points' } });
  });

  it('concentration: d8, d10 for a school sorcerer\'s own school; counterspell shields level people', () => {
    const school = make({ class: 'sorcerer', tradition: 'school' });
    expect(value(concentrationDieFor(school, true))).toBe(10);
    expect(value(concentrationDieFor(school, false))).toBe(8);
    expect(value(concentrationDieFor(make({ class: 'sorcerer', tradition: 'generalist' }), true))).toBe(8);
    expect(concentrationDieFor(make({ class: 'fighter' }), true).ok).toBe(false);
    expect(value(counterspellReach({ ...school, level: 2 }))).toBe(2);
    expect([canCast(false, false), canCast(true, false), canCast(false, true)]).toEqual([true, false, false]);
  });

  it('maneuver dice: d4, fighters d6, a sword\'s Clobber one step up, a flail\'s Trip too', () => {
    expect(maneuverDieFor('cleric', 'other', 'feint')).toBe(4);
    expect(maneuverDieFor('fighter', 'other', 'feint')).toBe(6);
    expect(maneuverDieFor('fighter', 'sword', 'clobber')).toBe(8);
    expect(maneuverDieFor('specialist', 'flail', 'trip')).toBe(6);
    expect(maneuverDieFor('specialist', 'flail', 'clobber')).toBe(4);
  });

  it('halflings: no heavy weapons, medium ones in two hands (Small Fellows)', () => {
    expect(wieldingFor('halfling', 'heavy')).toMatchObject({ ok: false, error: { code: 'bare-bones/too-heavy', path: '$.weight' } });
    expect(value(wieldingFor('halfling', 'medium')).hands).toBe(2);
    expect(value(wieldingFor('halfling', 'light')).hands).toBe(1);
    expect(value(wieldingFor('dwarf', 'heavy')).hands).toBe(1);
  });
});
