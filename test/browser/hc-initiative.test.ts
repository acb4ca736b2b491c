/**
 * Initiative as written in the HAMMERCRAWL! tracker, in real Chromium against the real server: in the
 * passing flow the Smith marks the leaders and starts initiative, the Contest's odds show before its
 * roll, the winner names who acts first and the tracker shows that combatant acting; surprise with the
 * INT Test's odds; in the Exchanges (a table setting) several affected acting at once and a DEX
 * interrupt with its odds; the log's initiative cards; and a player, who sees no hidden foe's total and
 * is offered only their own character's moves.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);
const POLL = { timeout: 20_000 } as const;
const GOBLIN_LINE = 'hd=1,attack=+1,defense=6,damage=d6';

describe.skipIf(reason !== null)(`initiative in the tracker${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const { api, join, seated, openTable, keepNewCharacter, card, shot } = tableSteps(
    () => server,
    () => browser,
  );

  async function addCombatant(s: Page, name: string, side: 'party' | 'foes'): Promise<void> {
    await s.locator('#combat-name').fill(name);
    await s.locator('#combat-side').selectOption(side);
    await s.getByLabel('Monster line (for one-click attacks)').fill(GOBLIN_LINE);
    await s.getByRole('button', { name: 'Add', exact: true }).click();
    await s.locator('.combatants > li', { hasText: name }).first().waitFor();
  }

  async function smithTable(settings: Record<string, string>, fighters: readonly (readonly [string, 'party' | 'foes'])[] = [
    ['Hero', 'party'],
    ['Goblin', 'foes'],
  ]): Promise<Page> {
    const t = await api<{ id: string; smithToken: string; memberId: string }>('/api/tables', { name: 'Initiative', ruleset: 'hammercrawl', settings });
    const context = await seated({ tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' });
    const s = await openTable(context, t.id);
    await s.getByRole('tab', { name: 'Combat' }).click();
    for (const [name, side] of fighters) await addCombatant(s, name, side);
    return s;
  }

  it('passing: leaders marked, the Contest with its odds, the winner declares, the tracker shows who acts, the round once', async () => {
    const s = await smithTable({});
    const panel = s.locator('.initiative-panel');
    await panel.getByLabel('Leader of the party').waitFor(POLL);
    await panel.getByRole('button', { name: 'Start initiative' }).click();
    await panel.getByRole('button', { name: 'Roll the Initiative Contest' }).waitFor(POLL);
    // Two leaders with no INT (mod +0): each wins half the time.
    await expect.poll(() => panel.locator('.odds').innerText(), POLL).toMatch(/Hero 50\.0% · Goblin 50\.0%/);
    expect(await panel.locator('.initiative-decision').innerText()).toMatch(/Decision: Hero or Goblin to roll the Initiative Contest/);
    await panel.getByRole('button', { name: 'Roll the Initiative Contest' }).click();
    await panel.getByRole('button', { name: 'Declare' }).waitFor(POLL);
    // The log's card of the Contest: both faces and totals, and the winner.
    const contest = card(s, 'Initiative Contest');
    await expect.poll(() => contest.innerText(), POLL).toMatch(/Hero \(party\): d20 \d+, total \d+[\s\S]*Goblin \(foes\): d20 \d+, total \d+[\s\S]*wins for the (party|foes)/);
    await panel.getByRole('button', { name: 'Declare' }).click();
    await panel.getByRole('button', { name: 'End turn' }).waitFor(POLL);
    const acting = await s.locator('.acting-now').innerText();
    expect(['Hero', 'Goblin']).toContain(acting);
    await expect.poll(() => panel.innerText(), POLL).toContain(`${acting} acts`);
    // The round is shown once, in the tracker's status line.
    expect((await s.locator('.combat').innerText()).match(/Round 1\b/g)?.length).toBe(1);
    await shot(s, 'hc-initiative-passing');
    // The other falls: once marked down in the tracker, the Smith takes them out of the initiative.
    const other = acting === 'Hero' ? 'Goblin' : 'Hero';
    await s.getByRole('button', { name: `Mark down: ${other} is out of the fight` }).click();
    await panel.getByRole('button', { name: `Take ${other} out of the initiative` }).click();
    await card(s, `${other} leaves the initiative`).waitFor(POLL);
    // Nobody is left to pass to: ending the turn ends the round, and the last to act starts the next.
    await expect.poll(() => panel.innerText(), POLL).toContain('ending this turn ends the round');
    await panel.getByRole('button', { name: 'End turn' }).click();
    await panel.getByRole('button', { name: 'Start the round' }).click();
    await expect.poll(() => s.locator('.combat-status').innerText(), POLL).toContain('Round 2');
  }, 90_000);

  it('passing: the first to act readies against a foe and passes to them, then interrupts them with the Challenge odds shown', async () => {
    const s = await smithTable({}, [
      ['Hero', 'party'],
      ['Ally', 'party'],
      ['Goblin', 'foes'],
    ]);
    const panel = s.locator('.initiative-panel');
    await panel.getByRole('button', { name: 'Start initiative' }).click();
    await panel.getByRole('button', { name: 'Roll the Initiative Contest' }).click();
    await panel.getByLabel('First:').selectOption({ label: 'Hero' });
    await panel.getByRole('button', { name: 'Declare' }).click();
    await panel.getByLabel('Ready against:').selectOption({ label: 'Goblin' });
    await panel.getByLabel('Pass to:').selectOption({ label: 'Goblin' });
    await panel.getByRole('button', { name: 'Ready and pass to Goblin' }).click();
    await expect.poll(() => panel.innerText(), POLL).toContain('Readied: Hero waits for Goblin');
    expect(await s.locator('.acting-now').innerText()).toBe('Goblin');
    // Both roll d20 + INT mod (+0 each), a tie re-rolled at this table: an even chance.
    await expect.poll(() => panel.locator('.initiative-row .odds').last().innerText(), POLL).toContain('Initiative Challenge: Hero first 50.0%');
    await shot(s, 'hc-initiative-readied');
    await panel.getByRole('button', { name: 'Hero interrupts Goblin' }).click();
    const challenge = card(s, 'Hero interrupts Goblin');
    await expect.poll(() => challenge.innerText(), POLL).toMatch(/Initiative Challenge[\s\S]*Hero: d20 \d+, total \d+[\s\S]*Goblin: d20 \d+, total \d+[\s\S]*goes first/);
    // Whoever won acts now, the other owes the next turn.
    await expect.poll(() => panel.innerText(), POLL).toContain('(an owed turn)');
  }, 90_000);

  it('surprise: the Smith marks the surprised, rolls their INT Test with its odds shown, and the log says who recovers', async () => {
    const s = await smithTable({});
    const panel = s.locator('.initiative-panel');
    await panel.getByRole('group', { name: /Surprised/ }).getByLabel('Goblin').check();
    await panel.getByRole('button', { name: 'Start initiative' }).click();
    await expect.poll(() => panel.innerText(), POLL).toContain('Surprised: Goblin');
    // No INT on a monster line: 10, and d20 at or under 10 is half.
    await expect.poll(() => panel.locator('.initiative-surprise .odds').innerText(), POLL).toContain('recovers 50.0% (INT 10)');
    await shot(s, 'hc-initiative-surprise');
    await panel.getByRole('button', { name: 'Roll surprise Tests' }).click();
    const tests = card(s, 'Surprise: INT Tests');
    await expect.poll(() => tests.innerText(), POLL).toMatch(/Goblin: d20 \d+ against INT 10: (recovers|stays surprised)/);
    // Each surprised combatant rolls once: the button is gone.
    await expect.poll(() => panel.getByRole('button', { name: 'Roll surprise Tests' }).count(), POLL).toBe(0);
  }, 90_000);

  it('Exchanges: two affected act at once, another interrupts them by a DEX Competition with its odds, and a new Exchange', async () => {
    const s = await smithTable({ 'initiative-flow': 'exchanges' }, [
      ['Hero', 'party'],
      ['Ally', 'party'],
      ['Goblin', 'foes'],
      ['Orc', 'foes'],
    ]);
    const panel = s.locator('.initiative-panel');
    await panel.getByLabel('Who starts the fight').selectOption({ label: 'Hero' });
    await panel.getByRole('button', { name: 'Start initiative' }).click();
    await panel.getByRole('button', { name: 'End action' }).waitFor(POLL);
    expect(await s.locator('.acting-now').innerText()).toBe('Hero');
    const affected = panel.getByRole('group', { name: /Whom the action affected/ });
    await affected.getByLabel('Ally').check();
    await affected.getByLabel('Goblin').check();
    await panel.getByLabel('Acts next:').selectOption({ label: 'All at once: Ally and Goblin' });
    await shot(s, 'hc-initiative-exchanges-affected');
    await panel.getByRole('button', { name: 'End action' }).click();
    await expect.poll(() => panel.innerText(), POLL).toContain('Ally and Goblin act at once');
    // Orc has not acted: a DEX Competition against the one whose DEX is contested (d20 each, ties to the one acting).
    await panel.getByLabel('Contest the DEX of:').selectOption({ label: 'Goblin' });
    await expect.poll(() => panel.locator('.initiative-row .odds').last().innerText(), POLL).toContain('DEX Competition: Orc first 47.5% (ties to Goblin)');
    await shot(s, 'hc-initiative-exchanges-interrupt');
    await panel.getByRole('button', { name: 'Orc interrupts Ally and Goblin' }).click();
    const interrupt = card(s, 'Orc interrupts Ally and Goblin');
    await expect.poll(() => interrupt.innerText(), POLL).toMatch(/DEX Competition[\s\S]*Orc: d20 \d+, total \d+[\s\S]*Goblin: d20 \d+, total \d+[\s\S]*goes first/);
    // Play the Exchange out: each End action names nobody new (the rest follow), then a new Exchange.
    for (let i = 0; i < 3; i++) {
      const end = panel.getByRole('button', { name: 'End action' });
      if ((await end.count()) === 0) break;
      await end.click();
      await s.waitForTimeout(300);
    }
    await panel.getByRole('button', { name: 'New Exchange' }).waitFor(POLL);
    await panel.getByRole('group', { name: /Acts first in the next Exchange/ }).getByLabel('Orc').check();
    await panel.getByRole('button', { name: 'New Exchange' }).click();
    await expect.poll(() => s.locator('.acting-now').innerText(), POLL).toBe('Orc');
    await expect.poll(() => s.locator('.combat-status').innerText(), POLL).toContain('Round 2');
    // The Orc's action touches Hero and Ally; Hero goes next, and his own form starts with nothing ticked.
    await affected.getByLabel('Hero').check();
    await affected.getByLabel('Ally').check();
    await panel.getByLabel('Acts next:').selectOption({ label: 'Hero' });
    await panel.getByRole('button', { name: 'End action' }).click();
    await expect.poll(() => s.locator('.acting-now').innerText(), POLL).toBe('Hero');
    expect(await affected.locator('input:checked').count()).toBe(0);
  }, 120_000);

  /** A player's new character and the Smith's Goblin in the tracker: both pages, on the Combat tab. */
  async function playerTable(settings: Record<string, string>): Promise<{ s: Page; p: Page; hero: string }> {
    const t = await api<{ id: string; smithToken: string; inviteCode: string; memberId: string }>('/api/tables', { name: 'Behind the screen', ruleset: 'hammercrawl', settings });
    const player = await join(t.id, t.inviteCode, 'Wren');
    const pc = await seated(player);
    const p = await openTable(pc, t.id);
    await keepNewCharacter(p);
    const hero = await p.locator('article.sheet #sheet-name').innerText();
    const sc = await seated({ tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' });
    const s = await openTable(sc, t.id);
    await s.getByRole('tab', { name: 'Combat' }).click();
    await s.getByRole('button', { name: 'Add the party' }).click();
    await s.locator('.combatants > li', { hasText: hero }).first().waitFor(POLL);
    await addCombatant(s, 'Goblin', 'foes');
    return { s, p, hero };
  }

  it("Exchanges: a player ends their own character's action, and is offered nothing on the foe's", async () => {
    const { s, p, hero } = await playerTable({ 'initiative-flow': 'exchanges' });
    const panel = s.locator('.initiative-panel');
    await panel.getByLabel('Who starts the fight').selectOption({ label: hero });
    await panel.getByRole('button', { name: 'Start initiative' }).click();
    await p.getByRole('tab', { name: 'Combat' }).click();
    const mine = p.locator('.initiative-panel');
    await expect.poll(() => mine.locator('.initiative-decision').innerText(), POLL).toContain('(yours)');
    await mine.getByRole('group', { name: /Whom the action affected/ }).getByLabel('Goblin').check();
    await mine.getByRole('button', { name: 'End action' }).click();
    await expect.poll(() => p.locator('.acting-now').innerText(), POLL).toBe('Goblin');
    await expect.poll(() => mine.locator('.initiative-decision').innerText(), POLL).toContain('(not yours to make)');
    expect(await mine.getByRole('button').count()).toBe(0);
    await card(p, `${hero} has acted`).waitFor(POLL);
  }, 120_000);

  it("a player sees no hidden foe's odds or total, and is offered only their own character's moves", async () => {
    const { s, p, hero } = await playerTable({});
    const panel = s.locator('.initiative-panel');
    await panel.getByRole('button', { name: 'Start initiative' }).click();
    await p.getByRole('tab', { name: 'Combat' }).click();
    const mine = p.locator('.initiative-panel');
    // The Goblin leads the foes with an INT behind the screen: no odds for the player, the Smith's are shown.
    await expect.poll(() => mine.innerText(), POLL).toContain("The odds are the Smith's to know");
    await expect.poll(() => panel.locator('.odds').innerText(), POLL).toMatch(/Goblin \d+\.\d%/);
    // The hero leads the party (marked at the start): the player may roll the Contest from their page.
    await shot(p, 'hc-initiative-player');
    await mine.getByRole('button', { name: 'Roll the Initiative Contest' }).click();
    const contest = card(p, 'Initiative Contest');
    await expect.poll(() => contest.innerText(), POLL).toMatch(/Goblin \(foes\): d20 \d+, total hidden/);
    await expect.poll(() => card(s, 'Initiative Contest').innerText(), POLL).toMatch(/Goblin \(foes\): d20 \d+, total \d+/);
    // Whoever won declares; the player's buttons are there only when the winner is their hero.
    await panel.getByRole('button', { name: 'Declare' }).waitFor(POLL);
    const heroWon = (await card(s, 'Initiative Contest').innerText()).includes(`${hero} wins`);
    await expect.poll(() => mine.locator('.initiative-decision').innerText(), POLL).toContain(heroWon ? '(yours)' : '(not yours to make)');
    expect(await mine.getByRole('button', { name: 'Declare' }).count()).toBe(heroWon ? 1 : 0);
    // The Smith's own controls are not the player's.
    expect(await mine.getByRole('button', { name: 'End initiative' }).count()).toBe(0);
    await shot(p, 'hc-initiative-player-declare');
    await p.setViewportSize({ width: 390, height: 844 });
    await p.locator('.initiative-panel').scrollIntoViewIfNeeded();
    await p.locator('.initiative-panel').screenshot({ path: `${SCREENSHOTS}/hc-initiative-player-phone.png` });
  }, 120_000);
});
