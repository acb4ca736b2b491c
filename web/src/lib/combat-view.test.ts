import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET, loadAllRuleSystems, loadRuleSystem } from '../../../src/rules/catalogue.js';
import { MAX_COMBATANT_SCORE } from '../../../src/table/limits.js';
import { attackTargets, combatantProblem, defaultTarget, fieldOfPath, foeTargets, pickTarget, readCombat, readScoreFields, scoreFields, turnProblem, type Combatant } from './combat-view.js';

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
  stats: {},
  isLeader: false,
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

describe('the targets of a ruleset that gives no attack on one\'s own side', () => {
  const ash = c('ash', 'party');
  const bo = c('bo', 'party');
  it('are the standing foes, in the order', () => {
    expect(foeTargets(ash, [c('orc', 'foes'), bo, ash, c('gob', 'foes'), c('dead', 'foes', { isDown: true })]).map((x) => x.id)).toEqual(['orc', 'gob']);
    expect(foeTargets(c('gob', 'foes'), [ash, c('gob', 'foes'), c('orc', 'foes'), bo]).map((x) => x.id)).toEqual(['ash', 'bo']);
  });
  it('are no one once every foe is down: never the attacker\'s own side', () => {
    const fallen = [ash, bo, c('gob', 'foes', { isDown: true }), c('orc', 'foes', { isDown: true })];
    expect(foeTargets(ash, fallen)).toEqual([]);
    expect(pickTarget(foeTargets(ash, fallen), 'bo')).toBeUndefined();
    // Where the rules allow it, the own side is still there to pick.
    expect(attackTargets(ash, fallen).map((x) => x.id)).toEqual(['bo']);
  });
  it('keep the one picked while it is listed, else the first', () => {
    const foes = [c('gob', 'foes'), c('orc', 'foes')];
    expect(pickTarget(foes, 'orc')?.id).toBe('orc');
    expect(pickTarget(foes, 'gone')?.id).toBe('gob');
    expect(pickTarget(foes, null)?.id).toBe('gob');
    expect(pickTarget([], null)).toBeUndefined();
  });
});

describe('who may attack now', () => {
  const ash = c('ash', 'party', { name: 'Ash' });
  const gob = c('gob', 'foes', { name: 'Goblin' });
  const player = { role: 'player' };
  const fight = (currentId: string | null, isActive = true) => ({ isActive, currentId, combatants: [ash, gob] });
  it('a player, with their combatant on its turn only, and says whose turn it is', () => {
    expect(turnProblem(ash, fight('ash'), player)).toBeNull();
    expect(turnProblem(ash, fight('gob'), player)).toBe("It is Goblin's turn: Ash attacks on their own.");
    expect(turnProblem(ash, fight(null, false), player)).toBe('The fight has not started: Ash attacks on their turn.');
    expect(turnProblem(ash, fight('removed'), player)).toBe('Ash attacks on their turn.');
    expect(turnProblem(ash, fight('ash', false), null)).toMatch(/has not started/);
  });
  it('the Smith, with anyone at any time', () => {
    const smith = { role: 'smith' };
    expect(turnProblem(ash, fight('gob'), smith)).toBeNull();
    expect(turnProblem(gob, fight(null, false), smith)).toBeNull();
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

describe('the scores the add form asks of a monster', () => {
  it("are those the ruleset's initiative reads, each an attribute of it, labelled as the ruleset labels it", async () => {
    let asked = 0;
    for (const rules of (await loadAllRuleSystems()).values()) {
      const fields = scoreFields(rules);
      expect(fields.map((f) => f.id)).toEqual(rules.initiativeReads?.stats ?? []);
      for (const f of fields) expect(f.label).toBe(rules.attributes.find((a) => a.id === f.id)?.label);
      asked += fields.length;
    }
    expect(asked).toBeGreaterThan(0);
    expect(scoreFields(null)).toEqual([]);
  });
  const fields = [
    { id: 'int', label: 'Intelligence' },
    { id: 'dex', label: 'Dexterity' },
  ];
  it('read as whole numbers, empty ones left out', () => {
    expect(readScoreFields(fields, { int: ' 12 ', dex: '' })).toEqual({ ok: true, stats: { int: 12 } });
    expect(readScoreFields(fields, {})).toEqual({ ok: true, stats: {} });
  });
  it('refuse what is not a whole number, naming the score', () => {
    const r = readScoreFields(fields, { int: '12', dex: '1.5' });
    expect(r).toMatchObject({ ok: false, id: 'dex' });
    expect(!r.ok && r.message).toMatch(/Dexterity is a whole number/);
    expect(readScoreFields(fields, { int: 'ten' })).toMatchObject({ ok: false, id: 'int' });
  });
  it(`take ${MAX_COMBATANT_SCORE} either way and refuse one past it`, () => {
    expect(readScoreFields(fields, { int: String(MAX_COMBATANT_SCORE), dex: String(-MAX_COMBATANT_SCORE) })).toEqual({ ok: true, stats: { int: MAX_COMBATANT_SCORE, dex: -MAX_COMBATANT_SCORE } });
    const past = readScoreFields(fields, { int: String(MAX_COMBATANT_SCORE + 1) });
    expect(past).toMatchObject({ ok: false, id: 'int' });
    expect(!past.ok && past.message).toMatch(`at most ${MAX_COMBATANT_SCORE}`);
  });
  it("a tracker's scores and leader are read from the server's", () => {
    const v = readCombat({ combatants: [{ id: 'c1', name: 'Orc', side: 'foes', stats: { int: 9, bad: 'x' }, isLeader: true }], order: ['c1'] });
    expect(v.combatants[0]).toMatchObject({ stats: { int: 9 }, isLeader: true });
    expect(readCombat({ combatants: [{ id: 'c1' }] }).combatants[0]).toMatchObject({ stats: {}, isLeader: false });
  });
});
