/**
 * The log of an evening at a table: commands decided by the table core with the default ruleset,
 * stored, projected per viewer as the server sends them, folded into the page's state; each viewer's
 * cards and the odds their rolls had before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src/dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../../../src/rules/catalogue.js';
import type { RuleSystem } from '../../../src/rules/rule-system.js';
import { announceCard, logCard, oddsBefore, type LogCard } from './describe.js';
import { cardsOf as cardsFor, contextOf as contextFor, Evening, KIT, PIA, SMITH, type StoredEvent } from './evening.test-support.js';
import type { TableEvent } from './protocol.js';
import { applyEvent, applyWelcome, emptyTable, firstSeqOf, lastSeqOf, MAX_LOG_CARDS, type TableState } from './table-state.js';
import { formatChance } from './tray.js';

describe('the log of an evening', () => {
  let rules: RuleSystem;
  let night: Evening;
  let heroName: string;
  const cardsOf = (s: TableState): LogCard[] => cardsFor(s, rules);
  const contextOf = (s: TableState) => contextFor(s, rules);
  /** The text of every card of a viewer, as a page would hold it. */
  const textOf = (s: TableState): string => JSON.stringify(cardsOf(s));

  beforeAll(async () => {
    rules = await loadRuleSystem(DEFAULT_RULESET);
    night = new Evening(rules);
    const made = rules.rollCharacter(seededRandom(1), {});
    if (!made.ok) throw new Error(made.error.message);
    heroName = made.value.name;
    night.send(PIA, { kind: 'character-save', character: made.value });
  });

  it('gives every member a card of each event, with who made it and their role', () => {
    night.send(PIA, { kind: 'roll', notation: '1d20+2', visibility: 'public', label: 'Pia sneaks' });
    const cards = cardsOf(night.viewOf(KIT));
    const roll = cards.find((c) => c.title === 'Pia sneaks')!;
    expect(roll).toMatchObject({ who: 'Pia', role: 'player', category: 'roll', byId: 'p1', kind: 'rolled' });
    const joined = cards.filter((c) => c.kind === 'member-joined');
    expect(joined.map((c) => [c.who, c.role, c.title])).toEqual([
      ['Mora', 'Smith', 'joined the table as the Smith'],
      ['Pia', 'player', 'joined the table as a player'],
      ['Kit', 'player', 'joined the table as a player'],
    ]);
    const created = cards.find((c) => c.kind === 'character-saved')!;
    expect(created).toMatchObject({ category: 'character', title: `New character ${heroName}`, who: 'Pia' });
    // A character's card never reads "Name:" (that is how a roll from its sheet is labelled).
    expect(created.title).not.toContain(`${heroName}:`);
    expect(announceCard(created)).toBe(`Pia: New character ${heroName}, Came to the table.`);
  });

  it('carries chat to everyone, and a whisper whole only to the Smith, its sender and the member whispered to', () => {
    night.send(PIA, { kind: 'chat', text: '  Hello, table!\nAll well?  ' });
    night.send(PIA, { kind: 'chat', text: 'WHISPER-TO-SMITH psst', to: 's' });
    night.send(SMITH, { kind: 'chat', text: 'WHISPER-TO-PIA the door is false', to: 'p1' });
    const chatOf = (s: TableState) => cardsOf(s).filter((c) => c.category === 'chat');
    for (const viewer of [SMITH, PIA, KIT]) {
      const open = chatOf(night.viewOf(viewer))[0]!;
      expect(open).toMatchObject({ text: 'Hello, table!\nAll well?', whisper: null, who: 'Pia', role: 'player', isSecret: false });
    }
    const [, toSmith, toPia] = chatOf(night.viewOf(SMITH));
    expect(toSmith).toMatchObject({ text: 'WHISPER-TO-SMITH psst', whisper: 'whisper to the Smith', who: 'Pia' });
    expect(toPia).toMatchObject({ text: 'WHISPER-TO-PIA the door is false', whisper: 'whisper from the Smith to Pia', who: 'Mora', role: 'Smith' });
    const [, mine, fromSmith] = chatOf(night.viewOf(PIA));
    expect(mine).toMatchObject({ text: 'WHISPER-TO-SMITH psst', whisper: 'whisper to the Smith' });
    expect(fromSmith).toMatchObject({ text: 'WHISPER-TO-PIA the door is false', whisper: 'whisper from the Smith to you' });
    // A third member knows a whisper was made, never what it said.
    const kit = night.viewOf(KIT);
    const [, a, b] = chatOf(kit);
    expect(a).toMatchObject({ who: 'Pia', title: 'whispered to the Smith', text: null, isSecret: true, isCompact: true });
    expect(announceCard(a!)).toBe('Pia whispered to the Smith.');
    expect(b).toMatchObject({ who: 'Mora', title: 'whispered to someone', text: null, isSecret: true });
    expect(textOf(kit)).not.toContain('WHISPER-TO');
    expect(JSON.stringify(kit.log)).not.toContain('WHISPER-TO');
  });

  it('shows a check with the odds it had before, from the ruleset\'s own odds', () => {
    night.send(PIA, { kind: 'check', check: 'test', params: { target: 12 }, visibility: 'public', label: 'Climb' });
    const s = night.viewOf(KIT);
    const entry = s.log.find((e) => e.event.kind === 'checked')!;
    const card = logCard(entry, contextOf(s))!;
    const odds = oddsBefore(entry, rules, s.settings)!;
    const expected = rules.checkOdds({ check: 'test', params: { target: 12 } });
    if (!expected.ok) throw new Error(expected.error.message);
    const happened = expected.value.outcomes.find((o) => o.outcome === card.outcome!.id)!;
    expect(odds.p).toBe(happened.p);
    expect(odds.text).toBe(`${card.outcome!.label}, ${formatChance(happened.p)} before`);
    // A plain roll: the chance of at least its total.
    const rolled = s.log.find((e) => e.event.kind === 'rolled')!;
    const total = (rolled.event as { total: number }).total;
    expect(oddsBefore(rolled, rules, s.settings)).toMatchObject({ label: `${total} or more`, p: expect.closeTo((21 - (total - 2)) / 20, 12) });
    // A secret roll has no odds for those who do not see it.
    night.send(PIA, { kind: 'check', check: 'test', params: { target: 9 }, visibility: 'blind' });
    const blind = night.viewOf(KIT).log.at(-1)!;
    expect(oddsBefore(blind, rules, s.settings)).toBeNull();
    expect(logCard(blind, contextOf(night.viewOf(KIT)))).toMatchObject({ title: 'Secret roll by Pia', isSecret: true, total: null });
    // Pia's own blind roll is hers, made, and kept from her: her card says so, not "by Pia".
    const own = night.viewOf(PIA);
    expect(logCard(own.log.at(-1)!, contextOf(own))).toMatchObject({ title: 'Your blind roll: only the Smith sees the result', isSecret: true, total: null });
  });

  it('shows a character change with its dice, its explanation and the odds it had before', () => {
    let changed: StoredEvent[] = [];
    for (let i = 0; i < 10 && changed.length === 0; i++) {
      const made = night.send(SMITH, { kind: 'character-change', characterId: 'ch1', change: 'damage', params: { source: 'Dart trap', dv: 1, 'dv-die': 4 } });
      if ((made[0]?.body as { change?: { dice?: unknown[] } }).change?.dice?.length) changed = made;
    }
    expect(changed.map((e) => e.kind)).toEqual(['character-saved', 'combat-changed'].slice(0, changed.length));
    const s = night.viewOf(KIT);
    const entry = s.log.find((e) => e.event.seq === changed[0]!.seq)!;
    const card = logCard(entry, contextOf(s))!;
    expect(card).toMatchObject({ category: 'character', title: heroName, who: 'Mora', role: 'Smith' });
    expect(card.detail).toMatch(/Dart trap/);
    expect(card.dice.length).toBeGreaterThan(0);
    expect(entry.before?.character?.id).toBe('ch1');
    const change = (changed[0]!.body as { change: { outcome?: string; params: Record<string, unknown> } }).change;
    if (change.outcome !== undefined) {
      const odds = rules.play.changeOdds(entry.before!.character!.document as never, { change: 'damage', params: change.params as never });
      if (!odds.ok) throw new Error(odds.error.message);
      expect(oddsBefore(entry, rules, s.settings)?.p).toBe(odds.value.outcomes.find((o) => o.outcome === change.outcome)!.p);
    }
  });

  it('folds a fight into cards: additions on one line, initiative with the order and its dice, each attack with its rolls and the damage it did', () => {
    night.send(SMITH, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1' } });
    night.send(SMITH, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', health: 'd8', monster: 'hd=2,attack=+9,defense=3,damage=d10' } });
    night.send(SMITH, { kind: 'combat', action: { type: 'roll-initiative' } });
    night.send(SMITH, { kind: 'combat', action: { type: 'start' } });
    let hit: StoredEvent[] = [];
    for (let i = 0; i < 30 && !hit.some((e) => e.kind === 'character-saved'); i++) hit = night.send(SMITH, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } });
    expect(hit.map((e) => e.kind)).toEqual(['combat-changed', 'character-saved']);
    const s = night.viewOf(PIA);
    const cards = cardsOf(s).filter((c) => c.category === 'combat');
    expect(cards.find((c) => c.title.includes('Goblin joins'))).toMatchObject({ isCompact: true, who: 'Mora', role: 'Smith' });
    const ini = cards.find((c) => c.title === 'Initiative')!;
    expect(ini.detail).toMatch(/^1\. (Ada|Goblin).*2\. (Ada|Goblin)/);
    expect(ini.dice.length + ini.lines.length).toBeGreaterThan(0);
    expect(cards.find((c) => c.title.startsWith('The fight begins'))).toMatchObject({ isCompact: true });
    // The attack that hit: its lines, and the character it changed folded in, not a card of its own.
    const entry = s.log.find((e) => e.event.seq === hit[0]!.seq)!;
    expect(entry.follows.map((f) => f.seq)).toEqual([hit[1]!.seq]);
    expect(lastSeqOf(entry)).toBe(hit[1]!.seq);
    const attack = logCard(entry, contextOf(s))!;
    expect(attack.outcome?.id).toMatch(/success|critical/);
    // The Goblin is the Smith's: a player reads who hit whom and what it did to Ada, not the Goblin's rolls.
    expect(attack.lines).toHaveLength(1);
    expect(JSON.stringify(attack)).not.toMatch(/\+9|defen[cs]e/i);
    const smiths = night.viewOf(SMITH);
    const full = logCard(smiths.log.find((e) => e.event.seq === hit[0]!.seq)!, contextOf(smiths))!;
    expect(full.lines.length).toBeGreaterThan(1);
    expect(attack.lines.at(-1)).toMatch(new RegExp(`^${heroName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `));
    expect(s.log.some((e) => e.event.seq === hit[1]!.seq)).toBe(false);
  });

  it('keeps a player from reading the Smith\'s numbers in a tracker change to a hidden foe', () => {
    night.send(SMITH, { kind: 'combat', action: { type: 'update', combatantId: 'c2', health: 'd4', conditions: ['prone'] } });
    const smith = cardsOf(night.viewOf(SMITH)).at(-1)!;
    const pia = cardsOf(night.viewOf(PIA)).at(-1)!;
    expect(smith.title).toMatch(/health/);
    expect(pia.title).toBe('Goblin: conditions: prone.');
  });

  it('leads with the change when the tracker only follows a sheet', () => {
    const made = night.send(SMITH, { kind: 'character-change', characterId: 'ch1', change: 'heal', params: { steps: 1, source: 'Healing potion' } });
    expect(made.map((e) => e.kind)).toEqual(['combat-changed', 'character-saved']);
    const s = night.viewOf(KIT);
    const entry = s.log.at(-1)!;
    expect(entry.event.seq).toBe(made[1]!.seq);
    expect(entry.follows.map((e) => e.seq)).toEqual([made[0]!.seq]);
    expect([firstSeqOf(entry), lastSeqOf(entry)]).toEqual([made[0]!.seq, made[1]!.seq]);
    const card = logCard(entry, contextOf(s))!;
    expect(card).toMatchObject({ category: 'character', title: heroName, who: 'Mora' });
    expect(card.detail).toMatch(/Healing potion/);
  });

  it('folds the character a usage die stepped into the usage roll\'s card', () => {
    const was = night.viewOf(PIA).characters.find((c) => c.id === 'ch1')!.document;
    const inventory = (was['inventory'] as Record<string, unknown>[]).map((item) => (item['id'] === 'torch' ? { ...item, resourceDie: 6 } : item));
    night.send(PIA, { kind: 'character-save', characterId: 'ch1', character: { ...was, inventory } });
    const doc = night.viewOf(PIA).characters.find((c) => c.id === 'ch1')!.document;
    const die = rules.characterValues(doc as never).find((v) => v.isUsageDie === true && v.value !== null)!;
    let made: StoredEvent[] = [];
    for (let i = 0; i < 30 && made.length < 2; i++) made = night.send(PIA, { kind: 'usage', label: die.label, characterId: 'ch1', path: die.pointer, visibility: 'public' });
    expect(made.map((e) => e.kind)).toEqual(['usage-rolled', 'character-saved']);
    const s = night.viewOf(KIT);
    const entry = s.log.find((e) => e.event.seq === made[0]!.seq)!;
    expect(entry.follows).toHaveLength(1);
    const card = logCard(entry, contextOf(s))!;
    expect(card.lines.at(-1)).toMatch(/ — /);
    const odds = oddsBefore(entry, rules, s.settings)!;
    const usage = rules.usageOdds((made[0]!.body as { die: number }).die, 1);
    if (!usage.ok) throw new Error(usage.error.message);
    expect(odds.p).toBe(usage.value.distribution.find((x) => x.die === (made[0]!.body as { after: number | null }).after)!.p);
  });

  it('shows the rulings, renames and removals; a seat renewal without its token', () => {
    night.send(SMITH, { kind: 'settings', settings: { 'below-d3': 'negate' } });
    night.send(KIT, { kind: 'member-rename', memberId: 'p2', name: 'Kitty' });
    const seat = night.stored.length + 1;
    // The server appends a renewal itself (its command is HTTP); the event names the member only.
    night.append('s', null, [{ kind: 'seat-renewed', body: { memberId: 'p1' } }]);
    night.send(SMITH, { kind: 'member-remove', memberId: 'p2' });
    const s = night.viewOf(PIA);
    const cards = cardsOf(s);
    expect(cards.find((c) => c.kind === 'settings-changed')).toMatchObject({ title: 'changed the rulings', detail: expect.stringMatching(/: default -> negate$/) });
    expect(cards.find((c) => c.kind === 'member-renamed')).toMatchObject({ who: 'Kitty', title: 'renamed themselves from Kit to Kitty' });
    expect(cards.find((c) => c.seq === seat)).toMatchObject({ who: 'Mora', title: 'gave Pia a new seat link' });
    expect(cards.find((c) => c.kind === 'member-removed')).toMatchObject({ title: 'removed Kitty from the table' });
    // A removed member keeps their name on their old cards; the members list no longer holds them.
    expect(s.members.map((m) => m.id)).toEqual(['s', 'p1']);
    expect(s.formerMembers).toEqual([{ id: 'p2', name: 'Kitty', role: 'player' }]);
    expect(cards.find((c) => c.kind === 'member-joined' && c.byId === 'p2')?.who).toBe('Kitty');
    expect(JSON.stringify(cards)).not.toMatch(/token/i);
  });
});

describe('the log in memory', () => {
  const welcomed = applyWelcome(emptyTable('t'), {
    kind: 'welcome',
    tableId: 't',
    you: { id: 'm1', name: 'Ann', role: 'player' },
    table: { name: 'Keep', ruleset: DEFAULT_RULESET, settings: {} },
    members: [{ id: 's', name: 'Smith', role: 'smith' }],
    lastSeq: 0,
  });
  const chat = (seq: number): TableEvent => ({ kind: 'chatted', seq, at: seq, by: 'm1', requestId: `q${seq}`, text: `#${seq}`, visibility: 'public' });

  it('keeps MAX_LOG_CARDS cards: at the limit all of them, one past it the oldest goes', () => {
    let s = welcomed;
    for (let i = 1; i <= MAX_LOG_CARDS; i++) s = applyEvent(s, chat(i));
    expect(s.log).toHaveLength(MAX_LOG_CARDS);
    expect(s.log[0]!.event.seq).toBe(1);
    s = applyEvent(s, chat(MAX_LOG_CARDS + 1));
    expect(s.log).toHaveLength(MAX_LOG_CARDS);
    expect(s.log[0]!.event.seq).toBe(2);
    expect(s.log.at(-1)!.event.seq).toBe(MAX_LOG_CARDS + 1);
  });

  it("an attack's card gives the ruleset's words for what happened where it has them, else hit or miss", async () => {
    const rs = await loadRuleSystem(DEFAULT_RULESET);
    const combat = { combatants: [{ id: 'c1', name: 'Ash', side: 'party' }, { id: 'c2', name: 'Orc', side: 'foes' }], order: [], turn: null, round: 1, isActive: true, initiative: null, nextId: 3 };
    const attack = (seq: number, more: Record<string, unknown>): TableEvent =>
      ({ kind: 'combat-changed', seq, at: seq, by: 's', requestId: `a${seq}`, combat, summary: 'Ash attacks Orc.', attack: { attackerId: 'c1', targetId: 'c2', isHit: false, isCrit: false, lines: [], ...more } }) as unknown as TableEvent;
    let s = applyEvent(welcomed, attack(1, { outcome: 'both succeed: no one is hurt' }));
    s = applyEvent(s, attack(2, {}));
    s = applyEvent(s, attack(3, { isHit: true, isCrit: true }));
    const outcomes = s.log.map((entry) => logCard(entry, contextFor(s, rs))?.outcome);
    expect(outcomes).toEqual([
      { id: 'failure', label: 'Both succeed: no one is hurt' },
      { id: 'failure', label: 'Miss' },
      { id: 'critical', label: 'Critical hit' },
    ]);
  });

  it('folds only a character saved by the same command (same member, same instant, next seq) into a card', () => {
    const combat = { combatants: [], order: [], turn: null, round: 0, isActive: false, initiative: null, nextId: 1 };
    const saved = (seq: number, at: number, by: string): TableEvent => ({ kind: 'character-saved', seq, at, by, character: { id: 'c1', ownerId: 'm1', document: { name: 'Brak' } }, change: { id: 'tracker', summary: 'Health d8 -> d6' } });
    let s = applyEvent(welcomed, { kind: 'combat-changed', seq: 1, at: 5, by: 's', combat, summary: 'Brak: health d8 -> d6.' });
    s = applyEvent(s, saved(2, 5, 's'));
    expect(s.log).toHaveLength(1);
    expect(s.log[0]!.follows.map((e) => e.seq)).toEqual([2]);
    // Another instant, another member, or a gap: a card of its own.
    s = applyEvent(s, saved(3, 6, 's'));
    s = applyEvent(s, saved(4, 6, 'm1'));
    expect(s.log.map((e) => e.event.seq)).toEqual([1, 3, 4]);
    // A rename is kept in the members and the viewer's own name.
    s = applyEvent(s, { kind: 'member-renamed', seq: 5, at: 7, by: 'm1', memberId: 'm1', name: 'Anna' });
    expect(s.you?.name).toBe('Anna');
  });
});
