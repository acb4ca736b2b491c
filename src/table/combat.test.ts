// The combat tracker's own rules: what each ruleset accepts in a combatant's Health, Armour and
// monster line (refused with a code and the field's path, never kept as typed nonsense), the die a
// monster line gives a foe from the moment it is added, and the turn when the combatant acting leaves.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { CATALOGUE, DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import { MAX_TRACKER_COUNT, type RuleSystem } from '../rules/rule-system.js';
import { EMPTY_COMBAT, checkFields, rollCombatAction, withoutCharacter, type CombatAction, type CombatState } from './combat.js';
import { rollCommand, type Actor } from './commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from './events.js';
import { applyEvent, type TableState } from './state.js';

const hammercrawl: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const all = new Map<string, RuleSystem>(await Promise.all(CATALOGUE.map(async (e) => [e.id, await e.load()] as const)));
const ruleset = (id: string) => all.get(id)!;

function combat(rules: RuleSystem, state: CombatState, action: CombatAction): CombatState {
  const r = rollCombatAction(seededRandom(9), rules, state, action);
  if (!r.ok) throw new Error(`setting up: ${r.error.code}: ${r.error.message}`);
  return r.value.combat;
}

function refusal(rules: RuleSystem, state: CombatState, action: CombatAction) {
  const r = rollCombatAction(seededRandom(9), rules, state, action);
  return r.ok ? null : r.error;
}


describe('Health and Armour are what the table’s ruleset reads for a combatant', () => {
  const one = (rules: RuleSystem) => combat(rules, EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes' });

  it.each([
    ['hammercrawl', 'health', ['banana', '-3', 'd999999', 'd9', '12/17', 'd8+1']],
    ['hammercrawl', 'armour', ['banana', 'd2', 'd999999', '3']],
    ['bare-bones', 'health', ['banana', '-3', '9/5', `${MAX_TRACKER_COUNT + 1}`, 'd8']],
    ['bare-bones', 'armour', ['banana', '12 (lots)', '-1']],
    ['so-long-as-men-die', 'health', ['banana', '-3', '3/2']],
    ['so-long-as-men-die', 'armour', ['banana', 'd7', 'd999999', '8']],
    ['exalted-hack', 'health', ['banana', '-3', '12/5']],
    ['exalted-hack', 'armour', ['banana', '3 shiny', '-2']],
  ] as const)('%s refuses %s %j with a message and the field’s path', (id, field, texts) => {
    const rules = ruleset(id);
    const state = one(rules);
    for (const text of texts) {
      for (const action of [
        { type: 'update', combatantId: 'c1', [field]: text },
        { type: 'add', name: 'Orc', side: 'foes', [field]: text },
      ] as CombatAction[]) {
        const e = refusal(rules, state, action);
        expect(e, `${text} (${action.type})`).toMatchObject({ code: `combat/bad-${field}`, path: `$.action.${field}` });
        expect(e!.message.length).toBeGreaterThan(20);
      }
    }
  });

  it.each([
    ['hammercrawl', 'health', [['D8', 'd8'], [' d30 ', 'd30'], ['down', 'down'], ['-', 'down'], ['', '']]],
    ['hammercrawl', 'armour', [['d3', 'd3'], ['none', 'none'], ['', '']]],
    ['bare-bones', 'health', [['5 / 8', '5/8'], ['0', '0'], [`${MAX_TRACKER_COUNT}`, `${MAX_TRACKER_COUNT}`]]],
    ['bare-bones', 'armour', [['12 (1 notch)', '12 (1 notch)'], ['14', '14']]],
    ['so-long-as-men-die', 'health', [['3/10', '3/10']]],
    ['so-long-as-men-die', 'armour', [['d0', 'd0'], ['D8 + 2', 'd8 +2'], ['d12', 'd12']]],
    ['exalted-hack', 'health', [['7/12', '7/12']]],
    ['exalted-hack', 'armour', [['3 magical', '3 magical'], ['2', '2']]],
  ] as const)('%s keeps %s as the ruleset writes it', (id, field, pairs) => {
    const rules = ruleset(id);
    for (const [text, kept] of pairs) {
      const state = combat(rules, one(rules), { type: 'update', combatantId: 'c1', [field]: text } as CombatAction);
      expect(state.combatants[0]![field], text).toBe(kept);
    }
  });

  it('checks the same fields the page checks before sending (checkFields), the name and conditions too', () => {
    expect(checkFields(hammercrawl, { health: 'banana' })).toMatchObject({ ok: false, error: { code: 'combat/bad-health', path: '$.action.health' } });
    expect(checkFields(hammercrawl, { name: '  ' })).toMatchObject({ ok: false, error: { code: 'combat/empty-text', path: '$.action.name' } });
    expect(checkFields(hammercrawl, { conditions: ['prone', ' '] })).toMatchObject({ ok: false, error: { path: '$.action.conditions[1]' } });
    expect(checkFields(hammercrawl, { health: 'D6', armour: '' })).toEqual({ ok: true, value: { health: 'd6', armour: '' } });
  });

  it('a monster line that does not read is refused when it is given, not at the first attack', () => {
    const e = refusal(hammercrawl, EMPTY_COMBAT, { type: 'add', name: 'Ogre', side: 'foes', monster: 'hd=banana' });
    expect(e).toMatchObject({ code: 'combat/bad-monster', path: '$.action.monster' });
    expect(e!.message).toMatch(/hd must be a whole number/);
  });
});

describe('the turn when a combatant leaves the fight', () => {
  /** A fight of A, B, C under way, `acting` acting in round 2. */
  function fight(acting: number): CombatState {
    let s = EMPTY_COMBAT;
    for (const name of ['A', 'B', 'C']) s = combat(hammercrawl, s, { type: 'add', name, side: 'foes' });
    s = combat(hammercrawl, s, { type: 'start' });
    s = combat(hammercrawl, s, { type: 'next-turn' });
    s = combat(hammercrawl, s, { type: 'next-turn' });
    s = combat(hammercrawl, s, { type: 'next-turn' });
    for (let i = 0; i < acting; i++) s = combat(hammercrawl, s, { type: 'next-turn' });
    return s;
  }
  const acting = (s: CombatState) => (s.turn === null ? null : s.combatants.find((c) => c.id === s.order[s.turn!])!.name);
  const remove = (s: CombatState, id: string) => {
    const r = rollCombatAction(seededRandom(1), hammercrawl, s, { type: 'remove', combatantId: id });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('passes to the next in the order when the one acting leaves', () => {
    const r = remove(fight(1), 'c2');
    expect([acting(r.combat), r.combat.round]).toEqual(['C', 2]);
    expect(r.summary).toBe('B leaves the fight. C acts.');
  });

  it('passes to the first of a new round when the last in the order was acting', () => {
    const r = remove(fight(2), 'c3');
    expect([acting(r.combat), r.combat.round]).toEqual(['A', 3]);
    expect(r.summary).toBe('C leaves the fight. Round 3: A acts.');
  });

  it('stays with the one acting when another leaves, before or after them', () => {
    expect(acting(remove(fight(1), 'c1').combat)).toBe('B');
    expect(acting(remove(fight(1), 'c3').combat)).toBe('B');
    expect(remove(fight(1), 'c1').combat.round).toBe(2);
  });

  it('ends with nobody acting when the last combatant leaves', () => {
    let s = combat(hammercrawl, EMPTY_COMBAT, { type: 'add', name: 'A', side: 'foes' });
    s = combat(hammercrawl, s, { type: 'start' });
    expect(remove(s, 'c1').combat).toMatchObject({ turn: null, order: [], isActive: false });
  });

  it('withoutCharacter takes out the combatant that is the character, or says there is none', () => {
    let s = combat(hammercrawl, EMPTY_COMBAT, { type: 'add', name: 'Ash', side: 'party', characterId: 'ch1' });
    s = combat(hammercrawl, s, { type: 'add', name: 'Goblin', side: 'foes' });
    s = combat(hammercrawl, s, { type: 'start' });
    const r = withoutCharacter(s, 'ch1');
    expect(r?.combat.combatants.map((c) => c.name)).toEqual(['Goblin']);
    expect(acting(r!.combat)).toBe('Goblin');
    expect(withoutCharacter(s, 'ch9')).toBeNull();
  });
});

describe('a character removed from the table', () => {
  const smith: Actor = { id: 'S', role: 'smith' };
  const ada: Actor = { id: 'A', role: 'player' };

  it('leaves the tracker in the same command, the turn passing on when it was acting', () => {
    const events: TableEvent[] = [];
    let state: TableState | null = null;
    const append = (made: readonly NewTableEvent[], actor: Actor) => {
      for (const e of made) {
        const stored = { ...e, seq: events.length + 1, at: 1000, actorId: actor.id, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
        events.push(stored);
        state = applyEvent(state, stored);
      }
    };
    const run = (actor: Actor, command: Parameters<typeof rollCommand>[2]) => {
      const r = rollCommand(state!, actor, command, { rng: seededRandom(1), rules: hammercrawl, now: 1_000_000 });
      if (!r.ok) throw new Error(r.error.message);
      append(r.value, actor);
      return r.value;
    };
    append([{ kind: 'table-created', body: { name: 'T', ruleset: hammercrawl.id, settings: {} } }], smith);
    for (const m of [smith, ada]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m);
    const doc = hammercrawl.rollCharacter(seededRandom(3), {});
    if (!doc.ok) throw new Error(doc.error.message);
    run(ada, { kind: 'character-save', requestId: 'c', character: doc.value });
    run(smith, { kind: 'combat', requestId: 'a', action: { type: 'add', name: 'Ash', side: 'party', characterId: 'ch1' } });
    run(smith, { kind: 'combat', requestId: 'b', action: { type: 'add', name: 'Goblin', side: 'foes' } });
    run(smith, { kind: 'combat', requestId: 's', action: { type: 'start' } });
    const made = run(ada, { kind: 'character-remove', requestId: 'r', characterId: 'ch1' });
    expect(made.map((e) => e.kind)).toEqual(['combat-changed', 'character-removed']);
    const now = state! as TableState;
    expect(now.combat.combatants.map((c) => c.name)).toEqual(['Goblin']);
    expect(now.combat.order[now.combat.turn!]).toBe('c2');
    // A character never in the tracker leaves nothing to change there.
    run(ada, { kind: 'character-save', requestId: 'd', character: doc.value });
    expect(run(ada, { kind: 'character-remove', requestId: 'q', characterId: 'ch2' }).map((e) => e.kind)).toEqual(['character-removed']);
  });
});
