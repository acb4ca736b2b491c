import { describe, expect, it } from 'vitest';
import { inviteLink, parseRoute, tablePath } from './routes.js';
import { SeatStore, memoryStore } from './tokens.js';
import { isRequestId, newRequestId } from './request-id.js';
import { cryptoRandom } from './browser-random.js';
import { mayAttackWith, moveInOrder, partyCombatants, readAttack, readCombat, withCondition, withoutCondition } from './combat-view.js';
import { applyEvent, emptyTable } from './table-state.js';
import { logSizeText } from './describe.js';
import type { TableCharacter, TableEvent } from './protocol.js';
import { parseJsonText, readSheet, sheetLabels, sheetStats, sheetUsageDice } from './sheet-data.js';
import { seededRandom } from '../../../src/dice/random.js';
import { CATALOGUE } from '../../../src/rules/catalogue.js';
import type { CharacterValue } from '../../../src/rules/rule-system.js';
import { RULESET_IDS, loadRuleSystem } from './rulesets.js';
import type { RuleSystem } from '../../../src/rules/rule-system.js';

describe('routes', () => {
  it('reads the start page, a table and an invite in the fragment', () => {
    expect(parseRoute('/', '')).toEqual({ page: 'start' });
    expect(parseRoute('/t/abc_1', '')).toEqual({ page: 'table', tableId: 'abc_1', inviteCode: null, seatToken: null });
    expect(parseRoute('/t/abc/', '#invite=xyz')).toEqual({ page: 'table', tableId: 'abc', inviteCode: 'xyz', seatToken: null });
    expect(parseRoute('/t/a%2Fb', '')).toEqual({ page: 'start' });
    expect(parseRoute('/t/%E0%A4%A', '')).toEqual({ page: 'start' });
    expect(inviteLink('http://h:1', 'abc', 'c d')).toBe('http://h:1/t/abc#invite=c%20d');
    expect(tablePath('x')).toBe('/t/x');
  });

  it('reads a seat link back to its token', () => {
    const u = new URL('http://h:1/t/abc#seat=tok%2B%2F%3D');
    expect(parseRoute(u.pathname, u.hash)).toEqual({ page: 'table', tableId: 'abc', inviteCode: null, seatToken: 'tok+/=' });
    expect(parseRoute('/t/abc', '#seat=')).toEqual({ page: 'table', tableId: 'abc', inviteCode: null, seatToken: null });
  });
});

describe('seats', () => {
  it('keeps one seat per table and lists them, most recent first', () => {
    const store = memoryStore();
    const seats = new SeatStore(store, 'app:table:');
    seats.save({ tableId: 'a', token: 't', memberId: 'm', name: 'Ann', role: 'player', tableName: 'A', openedAt: 1 });
    seats.save({ tableId: 'b', token: 'u', memberId: 'n', name: 'Ann', role: 'smith', tableName: 'B', openedAt: 2 });
    store.setItem('app:table:c', '{broken');
    store.setItem('other', 'x');
    expect(store.getItem('app:table:a')).toContain('"token":"t"');
    expect(seats.get('a')?.token).toBe('t');
    expect(seats.get('c')).toBeNull();
    expect(seats.list().map((s) => s.tableId)).toEqual(['b', 'a']);
    seats.forget('a');
    expect(seats.get('a')).toBeNull();
  });
});

describe('randomness', () => {
  it('makes valid request ids', () => {
    const id = newRequestId();
    expect(isRequestId(id)).toBe(true);
    expect(id).toHaveLength(22);
    expect(newRequestId()).not.toBe(id);
    expect(isRequestId('')).toBe(false);
    expect(isRequestId('a b')).toBe(false);
  });
  it('rolls fair faces within the die', () => {
    const rng = cryptoRandom();
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const f = rng.rollDie(6);
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThanOrEqual(6);
      seen.add(f);
    }
    expect(seen.size).toBe(6);
    expect(() => rng.rollDie(0)).toThrow(RangeError);
  });
});

describe('combat view', () => {
  it('reads combatants in acting order with the current turn', () => {
    const v = readCombat({
      isActive: true,
      round: 2,
      order: ['c2', 'c1'],
      turn: 0,
      combatants: [
        { id: 'c1', name: 'Ann', side: 'party', health: 'd8', armour: '', conditions: ['prone'], isDown: false },
        { id: 'c2', name: 'Goblin', side: 'foes', health: '3/5', armour: 'd4', conditions: [], isDown: true },
        'junk',
      ],
      initiative: { order: [], dice: [], explanation: ['Party rolls 4'] },
    });
    expect(v.combatants.map((c) => c.name)).toEqual(['Goblin', 'Ann']);
    expect(v).toMatchObject({ currentId: 'c2', round: 2, isActive: true, initiative: ['Party rolls 4'] });
    expect(v.combatants[0]).toMatchObject({ health: '3/5', armour: 'd4', isDown: true, side: 'foes' });
    expect(readCombat(null)).toMatchObject({ combatants: [], currentId: null });
  });
  it('adds the party from the table\'s characters, once each, with Health and Armour from the summary', () => {
    const rs = {
      readCharacter: (json: unknown) => ({ ok: true as const, value: json as never }),
      summarize: (c: { name: string }) => ({
        name: c.name,
        headline: '',
        trackers: [
          { id: 'health-die', label: 'Health Die', value: 'd8', role: 'health' },
          { id: 'armour-die', label: 'Armour Die', value: 'none' },
          // A line named like armour but not marked as the tracker's is not taken for it.
          { id: 'armour-notches', label: 'Armour notches', value: '2' },
        ],
      }),
    };
    const chars = [
      { id: 'k1', ownerId: 'm', document: { name: 'Brak' } },
      { id: 'k2', ownerId: 'm', document: { name: 'Ysolde' } },
    ];
    const current = readCombat({ combatants: [{ id: 'c1', name: 'Brak', characterId: 'k1' }] });
    expect(partyCombatants(rs as never, chars, current)).toEqual([{ type: 'add', name: 'Ysolde', side: 'party', characterId: 'k2', health: 'd8' }]);
  });
  it('moves a combatant one place in the order', () => {
    expect(moveInOrder(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 0, -1)).toBeNull();
    expect(moveInOrder(['a', 'b', 'c'], 2, 1)).toBeNull();
  });
  it('adds and removes conditions as updates', () => {
    const c = readCombat({ combatants: [{ id: 'c1', name: 'A', conditions: ['prone'] }] }).combatants[0]!;
    expect(withCondition(c, ' blind ')).toEqual({ type: 'update', combatantId: 'c1', conditions: ['prone', 'blind'] });
    expect(withCondition(c, 'prone')).toEqual({ type: 'update', combatantId: 'c1', conditions: ['prone'] });
    expect(withoutCondition(c, 'prone')).toEqual({ type: 'update', combatantId: 'c1', conditions: [] });
  });
});

/** The value at a JSON pointer (RFC 6901) of a document. */
function at(doc: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), doc);
}

describe('tracker attacks', () => {
  const own: TableCharacter = { id: 'ch1', ownerId: 'p1', document: { name: 'Hero' } };
  const combatant = (over: Record<string, unknown>) => ({ name: 'x', side: 'foes', health: '', armour: '', conditions: [], isDown: false, ...over });
  const combat = {
    isActive: false, round: 0, order: ['c1', 'c2', 'c3'], turn: null, initiative: null, nextId: 4,
    combatants: [
      combatant({ id: 'c1', name: 'Hero', side: 'party', characterId: 'ch1', health: 'd6' }),
      combatant({ id: 'c2', name: 'Goblin', monster: 'hd=1,attack=+1,defense=11,damage=d6', health: 'd8' }),
      combatant({ id: 'c3', name: 'Shade' }),
    ],
  };

  it('reads the monster line and the attack of a combat-changed event', () => {
    const view = readCombat(combat);
    expect(view.combatants.map((c) => c.monster)).toEqual([null, 'hd=1,attack=+1,defense=11,damage=d6', null]);
    expect(readAttack(7, { attackerId: 'c1', targetId: 'c2', isHit: true, isCrit: false, lines: ['a', 3] }, 'Hero hits Goblin.')).toEqual({
      seq: 7, attackerId: 'c1', targetId: 'c2', isHit: true, isCrit: false, lines: ['a'], summary: 'Hero hits Goblin.',
    });
    expect(readAttack(7, undefined, '')).toBeNull();
    expect(readAttack(7, { attackerId: 1 }, '')).toBeNull();
  });

  it('lets the Smith attack with anyone and a player only with their own character', () => {
    const [h, g] = readCombat(combat).combatants;
    expect(mayAttackWith(g!, { id: 's', role: 'smith' }, [own])).toBe(true);
    expect(mayAttackWith(h!, { id: 'p1', role: 'player' }, [own])).toBe(true);
    expect(mayAttackWith(h!, { id: 'p2', role: 'player' }, [own])).toBe(false);
    expect(mayAttackWith(g!, { id: 'p1', role: 'player' }, [own])).toBe(false);
    expect(mayAttackWith(h!, { id: 'o', role: 'observer' }, [own])).toBe(false);
    expect(mayAttackWith({ ...h!, isDown: true }, { id: 's', role: 'smith' }, [own])).toBe(false);
  });

  it('keeps the last attacks in the table state', () => {
    let s = emptyTable('t');
    for (let i = 1; i <= 25; i++) {
      const e = { seq: i, kind: 'combat-changed', at: 0, by: null, combat, summary: `#${i}`, attack: { attackerId: 'c1', targetId: 'c2', isHit: false, isCrit: false, lines: [] } };
      s = applyEvent(s, e as TableEvent);
    }
    expect(s.attacks).toHaveLength(20);
    expect(s.attacks.at(-1)?.summary).toBe('#25');
  });
});

describe('sheet data', () => {
  it('rolls a damaged attribute as it stands now: the current score where the document keeps one', () => {
    const rs = { attributes: [{ id: 'str', label: 'STR', ref: '' }, { id: 'dex', label: 'DEX', ref: '' }] };
    const stats = sheetStats(rs, { ruleset: 'x', schemaVersion: 1, name: 'N', stats: { str: { score: 14, current: 11 }, dex: { score: 9, mod: 0 } } });
    expect(stats.map((s) => [s.id, s.score])).toEqual([
      ['str', 11],
      ['dex', 9],
    ]);
  });

  const value = (over: Partial<CharacterValue>): CharacterValue => ({ id: 'v', label: 'V', role: 'usage', kind: 'die', pointer: '/v', value: 6, ...over });
  it('offers the usage dice among the character\'s values, while they last', () => {
    const values = [
      value({ id: 'health', role: 'health', pointer: '/healthDie', value: 8 }),
      value({ id: 'torch', label: 'Torch', pointer: '/inventory/0/resourceDie', value: 6, isUsageDie: true }),
      value({ id: 'rope', label: 'Rope', pointer: '/inventory/1/usageDie', value: null, isUsageDie: true }),
      value({ id: 'coins', role: 'coins', kind: 'number', pointer: '/coins', value: 30, isUsageDie: true }),
    ];
    expect(sheetUsageDice(values)).toEqual([{ pointer: '/inventory/0/resourceDie', label: 'Torch', die: 6 }]);
  });
  it('finds every count and usage die a ruleset lists at its pointer in the document', async () => {
    let found = 0;
    for (const e of CATALOGUE) {
      const rs = await e.load();
      for (let seed = 1; seed <= 5; seed++) {
        const rolled = rs.rollCharacter(seededRandom(seed), {});
        if (!rolled.ok) throw new Error(`${e.id}: ${rolled.error.message}`);
        const doc = JSON.parse(JSON.stringify(rolled.value)) as Record<string, unknown>;
        const sheet = readSheet(rs, doc);
        if (!sheet.ok) throw new Error(`${e.id}: ${sheet.message}`);
        for (const v of sheet.values.filter((x) => x.kind === 'number')) {
          expect(at(doc, v.pointer), `${e.id} ${v.pointer}`).toBe(v.value);
          found += 1;
        }
        for (const u of sheet.usage) {
          expect(at(doc, u.pointer), `${e.id} ${u.pointer}`).toBe(u.die);
          expect(rs.usageDie.sides, `${e.id} ${u.label}`).toContain(u.die);
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });
  it('labels ids from the tables, the creation choices, the ruleset names, then the ruleset\'s labelOf', () => {
    const labels = sheetLabels(
      {
        tables: [{ id: 't', label: 'T', ref: '', rows: [{ id: 'human', label: 'Human' }] }],
        creationOptions: [{ name: 'method', kind: 'choice', label: 'Method', help: '', choices: [{ id: 'semi', label: 'Option B' }] }],
        labelOf: (id) => (id === 'sword-long' ? 'Longsword' : id === 'human' ? 'Not this one' : undefined),
      },
      { 'some-rules': 'Some Rules' },
    );
    expect(['human', 'semi', 'some-rules', 'sword-long', 'nope'].map((id) => labels.get(id))).toEqual(['Human', 'Option B', 'Some Rules', 'Longsword', undefined]);
  });
  it('names a JSON syntax error', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    const bad = parseJsonText('{"a":');
    expect(bad.ok).toBe(false);
  });
});

describe('ruleset loading', () => {
  it('loads a catalogue entry, and gives null for an unknown id, a failed chunk or a module of another id', async () => {
    const fake = { id: 'rules-a', checks: [], checkOdds: () => null } as unknown as RuleSystem;
    const entries = [
      { id: 'rules-a', load: async () => fake },
      { id: 'rules-b', load: async () => { throw new Error('chunk failed'); } },
      { id: 'rules-c', load: async () => fake },
    ];
    await expect(loadRuleSystem('rules-a', entries)).resolves.toBe(fake);
    await expect(loadRuleSystem('rules-b', entries)).resolves.toBeNull();
    await expect(loadRuleSystem('rules-c', entries)).resolves.toBeNull();
    await expect(loadRuleSystem('no-such-ruleset', entries)).resolves.toBeNull();
  });
  it('loads every ruleset of the catalogue', async () => {
    for (const id of RULESET_IDS) expect((await loadRuleSystem(id))?.id).toBe(id);
  });
});

describe('sheet details', () => {
  it('lists plain fields and named items, hiding what the sheet shows elsewhere', async () => {
    const { sheetDetails, fieldLabel } = await import('./sheet-data.js');
    expect(fieldLabel('startingCoins')).toBe('Starting coins');
    expect(fieldLabel('stow-slots')).toBe('Stow slots');
    const d = sheetDetails(
      { name: 'X', ruleset: 'some-rules', level: 1, coins: 30, healthDie: 'd8', isLucky: true, stats: {}, inventory: [{ id: 'torch', label: 'Torch', quantity: 3, resourceDie: 6 }, { id: 'rope', usageDie: 8 }], skills: [{ id: 'climb', value: 12 }], primeStats: ['STR'], empty: [] },
      new Set(['level', 'healthdie']),
      new Map(),
      // Only the dice the ruleset lists are written after their items.
      [{ id: 'torch', label: 'Torch', role: 'usage', kind: 'die', pointer: '/inventory/0/resourceDie', value: 6, isUsageDie: true }],
    );
    expect(d).toEqual([
      { kind: 'field', key: 'coins', label: 'Coins', value: '30' },
      { kind: 'field', key: 'isLucky', label: 'Is lucky', value: 'Yes' },
      { kind: 'list', key: 'inventory', label: 'Inventory', items: ['Torch ×3 (d6)', 'Rope'] },
      { kind: 'list', key: 'skills', label: 'Skills', items: ['Climb 12'] },
      { kind: 'list', key: 'primeStats', label: 'Prime stats', items: ['STR'] },
    ]);
  });
});

describe('labels instead of ids', () => {
  it('shows the tables\' labels, omits false flags, and drops CLI flags from help', async () => {
    const { sheetDetails, labelLookup } = await import('./sheet-data.js');
    const { plainText } = await import('./params.js');
    const { dieHint } = await import('./combat-view.js');
    const { memberWithRole } = await import('./table-state.js');
    const labels = labelLookup([
      { rows: [{ id: 'human', label: 'Human' }, { id: 'true-mage', label: 'True Mage' }] },
      { rows: [{ id: 'sword-long', label: 'Longsword' }, { id: 'lore-heraldry', label: 'Lore (Heraldry)' }, { id: 'human', label: 'Other' }] },
    ]);
    const d = sheetDetails({ stock: 'human', class: 'true-mage', hasShield: false, isBrave: true, picks: ['two-handed'], weapons: ['sword-long'], skills: [{ id: 'lore-heraldry' }] }, new Set(), labels);
    expect(d).toEqual([
      { kind: 'field', key: 'stock', label: 'Stock', value: 'Human' },
      { kind: 'field', key: 'class', label: 'Class', value: 'True Mage' },
      { kind: 'field', key: 'isBrave', label: 'Is brave', value: 'Yes' },
      { kind: 'list', key: 'picks', label: 'Picks', items: ['Two-handed'] },
      { kind: 'list', key: 'weapons', label: 'Weapons', items: ['Longsword'] },
      { kind: 'list', key: 'skills', label: 'Skills', items: ['Lore (Heraldry)'] },
    ]);
    const defs = [{ name: 'target', label: 'Target' }];
    expect(plainText('the target is the half-stat of --target (rounded up)', defs)).toBe('the target is the half-stat of Target (rounded up)');
    expect(plainText('Attribute score is required (--stat).', defs)).toBe('Attribute score is required.');
    // What a ruleset's explanation says of a modifier's origin is the CLI's flag: the page drops it.
    expect(plainText('Test: d20 +1 step (--steps +1) -> d16 (on a Test favourable steps move down the chain)')).toBe('Test: d20 +1 step -> d16 (on a Test favourable steps move down the chain)');
    expect(plainText('advantage (--adv): roll 2 d16 and keep the lower')).toBe('advantage: roll 2 d16 and keep the lower');
    expect(plainText('+3 to the roll (stat mod +3, --mod +2)')).toBe('+3 to the roll (stat mod +3)');
    const { plainDescription } = await import('./params.js');
    expect(plainDescription('Test: d16, at or under 14, advantage (1d20^-1dis)')).toBe('Test: d16, at or under 14, advantage');
    expect(plainDescription('Challenge: d24 +2, beat 12, advantage (1d20^+1adv+2)')).toBe('Challenge: d24 +2, beat 12, advantage');
    expect(plainDescription('d20 roll-under 14, advantage')).toBe('d20 roll-under 14, advantage');
    expect(dieHint('d9', [4, 6, 8, 10])).toMatch(/d9 is not a die/);
    expect(dieHint('2d8', [4, 6, 8, 10])).toBeNull();
    expect(dieHint('5', [4, 6, 8, 10])).toBeNull();
    expect(memberWithRole('Pia', 'player')).toBe('Pia · player');
    expect(memberWithRole('Mora', 'smith')).toBe('Mora · Smith');
    expect(memberWithRole('Smith', 'smith')).toBe('Smith');
  });
});

describe("the Smith's log size line", () => {
  it('says kilobytes below a megabyte (at least 1 kB) and megabytes with one decimal above', () => {
    expect(logSizeText(10)).toBe("The table's log holds 1 kB.");
    expect(logSizeText(300 * 1024)).toBe("The table's log holds 300 kB.");
    expect(logSizeText(1024 * 1024 - 1)).toBe("The table's log holds 1024 kB.");
    expect(logSizeText(1024 * 1024)).toBe("The table's log holds 1.0 MB.");
    expect(logSizeText(28.4 * 1024 * 1024)).toBe("The table's log holds 28.4 MB.");
  });
});
