import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET, loadRuleSystem } from '../../../src/rules/catalogue.js';
import { attackTargets, combatantProblem, defaultTarget, fieldOfPath, readCombat, type Combatant } from './combat-view.js';

const c = (id: string, side: 'party' | 'foes', more: Partial<Combatant> = {}): Combatant => ({
  id,
  characterId: null,
  name: id,
  side,
  health: '',
  armour: '',
  conditions: [],
  isDown: false,
  monster: null,
  isHidden: false,
  isRevealed: false,
  ...more,
});

describe('the default target of an attack', () => {
  const ash = c('ash', 'party');
  it('is a foe of the attacker, never an ally while a foe stands', () => {
    expect(defaultTarget(ash, [ash, c('bo', 'party'), c('gob', 'foes')], null)?.id).toBe('gob');
    expect(defaultTarget(c('gob', 'foes'), [ash, c('gob', 'foes'), c('orc', 'foes')], null)?.id).toBe('ash');
  });
  it('follows the tracker: a foe added after an ally, the picked target gone or down', () => {
    const before = [ash, c('bo', 'party')];
    expect(defaultTarget(ash, before, null)?.id).toBe('bo');
    expect(defaultTarget(ash, [...before, c('gob', 'foes')], null)?.id).toBe('gob');
    const fight = [ash, c('gob', 'foes'), c('orc', 'foes')];
    expect(defaultTarget(ash, fight, 'orc')?.id).toBe('orc');
    expect(defaultTarget(ash, fight.filter((x) => x.id !== 'orc'), 'orc')?.id).toBe('gob');
    expect(defaultTarget(ash, fight.map((x) => (x.id === 'orc' ? { ...x, isDown: true } : x)), 'orc')?.id).toBe('gob');
    expect(defaultTarget(ash, [ash], null)).toBeUndefined();
  });
  it('lists foes first, then the attacker\'s own side, never the attacker or the fallen', () => {
    expect(attackTargets(ash, [c('bo', 'party'), ash, c('gob', 'foes'), c('dead', 'foes', { isDown: true })]).map((x) => x.id)).toEqual(['gob', 'bo']);
  });
});

describe('tracker fields before sending', () => {
  it('asks the table\'s own check, and names the field the server would name', async () => {
    const rs = await loadRuleSystem(DEFAULT_RULESET);
    expect(combatantProblem(rs, { health: 'banana' })).toMatchObject({ field: 'health', message: expect.stringMatching(/Health is a die of the chain/) });
    expect(combatantProblem(rs, { armour: 'd999999' })).toMatchObject({ field: 'armour' });
    expect(combatantProblem(rs, { monster: 'hd=1' })).toMatchObject({ field: 'monster' });
    expect(combatantProblem(rs, { health: 'd8', armour: 'none' })).toBeNull();
    expect(combatantProblem(null, { health: 'banana' })).toBeNull();
    expect(fieldOfPath('$.action.conditions[2]')).toBe('conditions');
    expect(fieldOfPath('$.params.x')).toBeNull();
  });
});

describe('the tracker as a player receives it', () => {
  it('marks the Smith\'s combatants hidden', () => {
    const view = readCombat({ combatants: [{ id: 'c1', name: 'Goblin', side: 'foes', health: '', armour: '', isHidden: true }, { id: 'c2', name: 'Ash', side: 'party', characterId: 'ch1', health: 'd8' }], order: ['c1', 'c2'], turn: 0, isActive: true });
    expect(view.combatants.map((x) => [x.name, x.isHidden])).toEqual([['Goblin', true], ['Ash', false]]);
    expect(view.currentId).toBe('c1');
  });
});
