/**
 * HAMMERCRAWL!'s log cards of its own events, on a table run by the table core: a Venture's steps with
 * the node pool rolled, and a spell cast with its forget check and the character it changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { loadRuleSystem } from '../../../../src/rules/catalogue.js';
import type { RuleSystem } from '../../../../src/rules/rule-system.js';
import { logCard } from '../../lib/describe.js';
import { cardsOf, contextOf, Evening, PIA, SMITH, type Readers } from '../../lib/evening.test-support.js';
import { lastSeqOf } from '../../lib/table-state.js';
import { hammercrawlLogCard } from './log-card.js';
import { hammercrawlRollCard } from './roll-card.js';

const READERS: Readers = { readRoll: hammercrawlRollCard, readEvent: hammercrawlLogCard };

describe('HAMMERCRAWL! log cards', () => {
  let rules: RuleSystem;
  let night: Evening;
  let hero: string;

  beforeAll(async () => {
    rules = await loadRuleSystem('hammercrawl');
    night = new Evening(rules);
    const made = rules.rollCharacter(seededRandom(1), {});
    if (!made.ok) throw new Error(made.error.message);
    hero = made.value.name;
    night.send(PIA, { kind: 'character-save', character: made.value });
  });

  it('shows a Venture\'s steps on cards of their own, the node pool as a roll with its dice, a clock tick on none', () => {
    night.send(SMITH, { kind: 'venture', command: { kind: 'join', member: { id: 'ch1' } } });
    night.send(SMITH, { kind: 'venture', command: { kind: 'start-venture', dungeon: { id: 'goblin-warren', level: 1, difficulty: 2, nodes: 3 } } });
    night.send(SMITH, { kind: 'venture', command: { kind: 'enter-node' } });
    night.send(SMITH, { kind: 'venture', command: { kind: 'roll-node' } });
    night.send(SMITH, { kind: 'venture', command: { kind: 'tick' } });
    const cards = cardsOf(night.viewOf(PIA), rules, READERS).filter((c) => c.kind === 'venture-changed');
    expect(cards.map((c) => c.title)).toEqual([`Venture: ${hero} joins the party (0 XP)`, 'Venture: Venture 1 begins', 'Venture: Node 1 entered', 'Node pool']);
    expect(cards[1]!.lines).toEqual(['Into goblin-warren (level 1, difficulty 2)']);
    const node = cards[3]!;
    expect(node).toMatchObject({ category: 'roll', totalLabel: 'Net hammers', who: 'Mora', role: 'Smith' });
    expect(node.dice.length).toBeGreaterThanOrEqual(2);
    expect(node.outcome?.label).toMatch(/net|No net hammers/);
  });

  it("shows a use past the limit as the Smith's, and the uses a camp restores", () => {
    night.send(SMITH, { kind: 'venture', command: { kind: 'set-limit', holder: 'ch1', ability: 'second-wind', scope: 'night', max: 0 } });
    night.send(SMITH, { kind: 'venture', command: { kind: 'use-limit', holder: 'ch1', ability: 'second-wind', override: true } });
    // Out of the node (abandoned) and into a new Venture, between nodes.
    night.send(SMITH, { kind: 'venture', command: { kind: 'return-to-town' } });
    night.send(SMITH, { kind: 'venture', command: { kind: 'start-venture', dungeon: { id: 'crypt', level: 1, difficulty: 1 } } });
    night.send(SMITH, { kind: 'venture', command: { kind: 'camp', camp: 'night' } });
    const cards = cardsOf(night.viewOf(PIA), rules, READERS).filter((c) => c.kind === 'venture-changed');
    expect(cards.some((c) => c.title === `Venture: ${hero} uses second-wind (past the limit: the Smith allows it)`)).toBe(true);
    const camp = cards.at(-1)!;
    // The character the camp wrote is folded into the card, with its history line.
    expect([camp.title, ...camp.lines]).toEqual(['Venture: The party camps for the night', 'Uses restored: per camp-break, per night', `${hero} \u2014 A full night's camp: nothing to restore`]);
  });

  it('shows a spell cast with its forget check, the character it changed folded in', () => {
    const caster = { level: 3, grade: 'dedicated', spellStat: 'INT', spellStatScore: 14, sustainDivisor: 1, conScore: 12, hasManaBurn: true, canOvercast: true, profileId: 'true-mage-spellcasting' };
    night.send(PIA, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster', caster } });
    night.send(PIA, { kind: 'magick', characterId: 'ch1', command: { kind: 'learn', name: 'Sleep', level: 1 } });
    night.send(PIA, { kind: 'magick', characterId: 'ch1', command: { kind: 'prepare' } });
    const cast = night.send(PIA, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } });
    const s = night.viewOf(SMITH);
    const entry = s.log.find((e) => e.event.seq === cast[0]!.seq)!;
    expect(lastSeqOf(entry)).toBe(cast.at(-1)!.seq);
    const card = logCard(entry, contextOf(s, rules, READERS))!;
    expect(card).toMatchObject({ title: `${hero} casts sleep`, category: 'character', who: 'Pia', role: 'player' });
    expect(card.lines.some((l) => l.startsWith('cast sleep'))).toBe(true);
    expect(card.outcome?.label).toMatch(/^Spell (kept|forgotten)$/);
    expect(card.dice.map((d) => d.note)).toContain('Spell Die');
  });
});
