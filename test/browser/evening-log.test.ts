/**
 * The table an evening is played on, in real Chromium against the real table server, with two and three
 * people at a table on desktop and phone: the log is a panel of its own that never pushes the tools
 * down (40 rolls later the tabs are where they were), with a tab bar and an unread count on a phone; a
 * roll's result is shown at the control that made it (a blind roll's too); every event has a card in the
 * other members' logs (an attack, initiative, a character change, a chat), with the odds it had before;
 * a whisper reaches the Smith and its sender only; the log's filters. Screenshots at 1280 and 390 wide,
 * light and dark; axe on the layout and the chat.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const THEMES = ['light', 'dark'] as const;

/** Opens a view of a phone's tab bar, or a tool's tab on a wide screen (where the log is always in sight). */
async function show(page: Page, tab: 'Tray' | 'Log' | 'Characters' | 'Combat' | 'Smith'): Promise<void> {
  const t = page.getByRole('tab', { name: tab === 'Log' ? /^Log/ : tab, exact: tab !== 'Log' });
  if ((await t.count()) > 0) await t.click();
}

/** Says something in the chat box, to everyone or in a whisper ("Whisper to the Smith", "Whisper to Wren"). */
async function say(page: Page, text: string, to?: RegExp): Promise<void> {
  await show(page, 'Log');
  if (to !== undefined) {
    const option = await page.locator('#chat-to option').filter({ hasText: to }).first().getAttribute('value');
    await page.locator('#chat-to').selectOption(option ?? '');
  } else await page.locator('#chat-to').selectOption('');
  await page.locator('#chat-text').fill(text);
  await page.locator('#chat-text').press('Enter');
  await expect.poll(() => page.locator('#chat-text').inputValue(), { timeout: 10_000 }).toBe('');
}

/** Where an element is on the page (its top in document coordinates, scrolling included) and whether it is in sight. */
async function placeOf(page: Page, selector: string): Promise<{ top: number; bottom: number; isInView: boolean }> {
  return page.evaluate<{ top: number; bottom: number; isInView: boolean }, string>((sel) => {
    const d = globalThis as unknown as {
      document: { querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number } } | null };
      scrollY: number;
      innerHeight: number;
    };
    const el = d.document.querySelector(sel);
    if (el === null) throw new Error(`no ${sel}`);
    const r = el.getBoundingClientRect();
    return { top: r.top + d.scrollY, bottom: r.bottom + d.scrollY, isInView: r.top >= 0 && r.bottom <= d.innerHeight };
  }, selector);
}

describe.skipIf(reason !== null)(`an evening at the table in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { join, tableWithPlayer, seated, openTable, roll, keepNewCharacter, bodyText, card, shot } = tableStepsWithServer();

  it('keeps the tabs where they were after 40 rolls, on desktop and on a phone; the phone counts unread cards on its Log tab', async () => {
    const { smith, player } = await tableWithPlayer('Forty rolls');
    const sc = await seated(smith, DESKTOP);
    const pc = await seated(player, PHONE);
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      const tab = '[role=tab]#tab-characters';
      const before = { smith: await placeOf(s, tab), player: await placeOf(p, tab) };
      for (let i = 1; i <= 40; i++) {
        await roll(s, '1d20', `Roll ${i}`);
        await card(s, `Roll ${i}`).first().waitFor();
      }
      const after = { smith: await placeOf(s, tab), player: await placeOf(p, tab) };
      expect(Math.abs(after.smith.top - before.smith.top), `desktop tabs moved from ${before.smith.top} to ${after.smith.top}`).toBeLessThan(2);
      expect(Math.abs(after.player.top - before.player.top), `phone tabs moved from ${before.player.top} to ${after.player.top}`).toBeLessThan(2);
      // In sight without scrolling, before and after.
      expect([before.smith.isInView, before.player.isInView, after.smith.isInView, after.player.isInView]).toEqual([true, true, true, true]);
      // The Roll button too stays where it was on the desktop.
      expect((await placeOf(s, 'button.roll')).isInView).toBe(true);
      // The log scrolls on its own, within the window.
      const log = await s.evaluate<{ scroll: number; client: number; bottom: number; inner: number }>(
        '(() => { const el = document.querySelector(".log-scroll"); const r = document.querySelector(".log").getBoundingClientRect(); return { scroll: el.scrollHeight, client: el.clientHeight, bottom: r.bottom, inner: innerHeight }; })()',
      );
      expect(log.scroll).toBeGreaterThan(log.client);
      expect(log.bottom).toBeLessThanOrEqual(log.inner);
      // The phone's Log tab counts the cards that came in while the tray was shown.
      const logTab = p.getByRole('tab', { name: /^Log/ });
      await expect.poll(() => logTab.innerText(), { timeout: 10_000 }).toMatch(/^Log\s*40/);
      await shot(p, 'evening-phone-unread');
      await logTab.click();
      await card(p, 'Roll 40').waitFor();
      await expect.poll(() => logTab.innerText(), { timeout: 10_000 }).toBe('Log');
      // The tab bar is a tab list: arrows move along it, Home and End to its ends.
      await logTab.press('ArrowRight');
      await expect.poll(() => p.evaluate<string>('document.activeElement.id'), { timeout: 10_000 }).toBe('tab-characters');
      expect(await p.locator('#tab-characters').getAttribute('aria-selected')).toBe('true');
      await p.keyboard.press('Home');
      expect(await p.locator('#tab-tray').getAttribute('aria-selected')).toBe('true');
      expect(await p.locator('#view-tray').isVisible()).toBe(true);
      await p.keyboard.press('End');
      expect(await p.locator('#tab-combat').getAttribute('aria-selected')).toBe('true');
      await p.keyboard.press('ArrowLeft');
      await p.keyboard.press('ArrowLeft');
      expect(await p.locator('#tab-log').getAttribute('aria-selected')).toBe('true');
      await shot(s, 'evening-desktop-40-rolls');
      await shot(p, 'evening-phone-log');
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);
  it('shows a roll\'s result at the control that made it: a player\'s blind roll says only the Smith sees it, the Smith sees the result at the tray and the Smith\'s screen', async () => {
    const { smith, player } = await tableWithPlayer('Results at hand');
    const sc = await seated(smith, DESKTOP);
    const pc = await seated(player, PHONE);
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      // The player's own public roll: the card right under the Roll button, the log a tab away.
      await roll(p, '1d6+100', 'Wren in the open');
      await expect.poll(() => p.locator('.tray .result-at .card').innerText(), { timeout: 10_000 }).toMatch(/Wren in the open[\s\S]*Total\s*10[1-6]/);
      // A blind roll from the phone's tray: said to be made, its result nowhere on the page.
      await roll(p, '1d6+600', 'PLAYER-BLIND', 'blind');
      await expect.poll(() => p.locator('.tray .result-at').innerText(), { timeout: 10_000 }).toBe('Blind roll made: only the Smith sees the result.');
      await card(s, 'PLAYER-BLIND').waitFor();
      // The Smith's blind roll from the tray: the result at the tray.
      await roll(s, '1d6+500', 'SMITH-BLIND', 'blind');
      const atTray = s.locator('.tray .result-at .card');
      await expect.poll(() => atTray.innerText(), { timeout: 10_000 }).toMatch(/Blind[\s\S]*SMITH-BLIND[\s\S]*Total\s*50[1-6]/);
      // And from the Smith's screen: the result under its Roll blind button.
      await show(s, 'Smith');
      await s.locator('#secret-notation').fill('1d4+900');
      await s.locator('#secret-label').fill('SCREEN-BLIND');
      await s.getByRole('button', { name: 'Roll blind' }).click();
      await expect.poll(() => s.locator('.smith .result-at .card').innerText(), { timeout: 10_000 }).toMatch(/SCREEN-BLIND[\s\S]*Total\s*90[1-4]/);
      await shot(s, 'evening-result-smith-desktop');
      await shot(p, 'evening-result-player-phone');
      await show(p, 'Log');
      await p.locator('.log .card.secret', { hasText: 'Secret roll by Smith' }).first().waitFor();
      for (const text of [await bodyText(p), await p.content()]) {
        expect(text).not.toContain('SMITH-BLIND');
        expect(text).not.toContain('SCREEN-BLIND');
        expect(text).not.toContain('PLAYER-BLIND');
      }
      // Nor any of the Smith's totals (the player's own blind total is in the odds of the notation typed).
      expect(await bodyText(p)).not.toMatch(/\b(50[1-6]|90[1-4])\b/);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);

  it('gives every event a card in another member\'s log: a check with its odds before, a character change, initiative, an attack with its rolls, a chat; each card names who with their role', async () => {
    const { smith, player, inviteCode } = await tableWithPlayer('The whole story');
    const kit = await join(smith.tableId, inviteCode, 'Kit');
    const sc = await seated(smith, DESKTOP);
    const pc = await seated(player, DESKTOP);
    const kc = await seated(kit, PHONE);
    try {
      const p = await openTable(pc, player.tableId);
      const k = await openTable(kc, kit.tableId);
      await keepNewCharacter(p);
      const hero = await p.locator('article.sheet #sheet-name').innerText();
      // A check from the tray: its card carries the odds it had before the roll.
      await p.getByRole('button', { name: 'Test', exact: true }).click();
      await p.locator('#tray-target').fill('12');
      await p.locator('button.roll').click();
      // A change on the sheet.
      await p.locator('.sheet-play').getByRole('button', { name: 'Coins', exact: true }).click();
      await p.locator('.play-form').getByLabel('Coins').fill('7');
      await p.locator('.play-form').getByLabel('Reason').fill('goblin purse');
      await p.locator('.play-form').getByRole('button', { name: 'Coins', exact: true }).click();
      // The Smith's fight: the party and a goblin, initiative, the goblin attacks.
      const s = await openTable(sc, smith.tableId);
      await show(s, 'Combat');
      await s.getByRole('button', { name: 'Add the party' }).click();
      await s.locator('#combat-name').fill('Goblin');
      await s.locator('#combat-health').fill('d8');
      await s.getByLabel('Monster line (for one-click attacks)').fill('hd=1,attack=+1,defense=6,damage=d6');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await s.locator('.combatants > li .who', { hasText: /^Goblin$/ }).waitFor();
      await s.getByRole('button', { name: 'Roll initiative' }).click();
      await s.getByRole('button', { name: 'Start the fight' }).click();
      const goblin = s.getByRole('form', { name: 'Attack with Goblin' });
      await expect.poll(() => goblin.locator('.attack-odds').innerText(), { timeout: 10_000 }).toMatch(/Hit \d+\.\d%/);
      await goblin.getByRole('button', { name: 'Attack', exact: true }).click();
      await s.locator('.log .card[data-kind=combat-changed]:has(.outcome)', { hasText: 'Goblin' }).waitFor();
      await say(p, 'Hello, table! Shall we?');

      // Kit, a third member on a phone, reads it all in the log.
      await show(k, 'Log');
      const check = k.locator('.log .card[data-kind=checked]');
      await expect.poll(() => check.innerText(), { timeout: 10_000 }).toMatch(/(Success|Failure), \d+\.\d% before/);
      expect(await check.locator('.who').innerText()).toBe('Wren');
      expect(await check.locator('.badge.role').innerText()).toMatch(/player/);
      const change = k.locator('.log .card[data-kind=character-saved]', { hasText: 'goblin purse' });
      await expect.poll(() => change.innerText(), { timeout: 10_000 }).toMatch(/\+7 coins/);
      expect(await change.innerText()).toContain(hero);
      await k.locator('.log .card[data-kind=character-saved]', { hasText: `New character ${hero}` }).waitFor();
      const initiative = k.locator('.log .card[data-kind=combat-changed]', { hasText: 'Initiative' });
      await expect.poll(() => initiative.innerText(), { timeout: 10_000 }).toMatch(/1\. [\s\S]*2\. /);
      // The Smith's cards say so (a Smith keeping the default name is the name in the Smith's colour).
      expect(await initiative.locator('.who.who-smith').innerText()).toBe('Smith');
      // The Goblin is the Smith's: Kit reads whether it hit (and what a hit did to the character), never its rolls;
      // the Smith reads each roll explained.
      const attack = k.locator('.log .card[data-kind=combat-changed]:has(.outcome)', { hasText: 'Goblin' });
      await expect.poll(() => attack.locator('.outcome').innerText(), { timeout: 10_000 }).toMatch(/Hit|Miss|Critical hit/);
      expect(await attack.innerText()).not.toMatch(/defen[cs]e|attack=/i);
      const smithsAttack = s.locator('.log .card[data-kind=combat-changed]:has(.outcome)', { hasText: 'Goblin' });
      await expect.poll(() => smithsAttack.locator('.explain li').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await k.locator('.log .card[data-kind=combat-changed].compact', { hasText: 'The fight begins' }).waitFor();
      const chat = k.locator('.log .card[data-kind=chatted]');
      await expect.poll(() => chat.locator('.chat-text').innerText(), { timeout: 10_000 }).toBe('Hello, table! Shall we?');
      expect(await chat.locator('.who').innerText()).toBe('Wren');
      await k.locator('.log .card[data-kind=member-joined]', { hasText: 'joined the table as a player' }).first().waitFor();
      await shot(k, 'evening-story-phone');
      await shot(s, 'evening-story-smith-desktop');
    } finally {
      await sc.close();
      await pc.close();
      await kc.close();
    }
  }, 180_000);

  it('carries a whisper to the Smith and its sender only (a third member sees that it was made, never its words); the chat says no with the server\'s words', async () => {
    const { smith, player, inviteCode } = await tableWithPlayer('Whispers');
    const kit = await join(smith.tableId, inviteCode, 'Kit');
    const sc = await seated(smith, DESKTOP);
    const pc = await seated(player, PHONE);
    const kc = await seated(kit, DESKTOP);
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      const k = await openTable(kc, kit.tableId);
      // A player may whisper only to the Smith; the Smith to anyone.
      await show(p, 'Log');
      expect(await p.locator('#chat-to option').allInnerTexts()).toEqual(['Everyone', 'Whisper to the Smith']);
      expect(await s.locator('#chat-to option').allInnerTexts()).toEqual(['Everyone', 'Whisper to Wren', 'Whisper to Kit']);
      await say(p, 'WHISPER-CANARY the idol is fake', /the Smith/);
      await say(s, 'SMITH-CANARY the door on the left', /Wren/);
      await say(k, 'Kit says hi to all');
      const toSmith = s.locator('.log .card.whisper', { hasText: 'WHISPER-CANARY' });
      await expect.poll(() => toSmith.locator('.whisper-mark').innerText(), { timeout: 10_000 }).toBe('whisper to the Smith');
      await expect.poll(() => p.locator('.log .card.whisper', { hasText: 'WHISPER-CANARY' }).locator('.whisper-mark').innerText(), { timeout: 10_000 }).toBe('whisper to the Smith');
      await expect.poll(() => s.locator('.log .card.whisper', { hasText: 'SMITH-CANARY' }).locator('.whisper-mark').innerText(), { timeout: 10_000 }).toBe('whisper from the Smith to Wren');
      await expect.poll(() => p.locator('.log .card.whisper', { hasText: 'SMITH-CANARY' }).locator('.whisper-mark').innerText(), { timeout: 10_000 }).toBe('whisper from the Smith to you');
      await k.locator('.log .card', { hasText: 'Kit says hi to all' }).waitFor();
      const redacted = k.locator('.log .card.secret[data-kind=chatted]');
      await expect.poll(() => redacted.allInnerTexts(), { timeout: 10_000 }).toHaveLength(2);
      expect((await redacted.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').replace(/ \d\d:\d\d$/, ''))).toEqual(['Smith whispered to someone', 'Wren , player whispered to the Smith']);
      for (const text of [await bodyText(k), await k.content()]) {
        expect(text).not.toContain('WHISPER-CANARY');
        expect(text).not.toContain('SMITH-CANARY');
        expect(text).not.toContain('idol');
      }
      // Later, replayed from the server, the same.
      const again = await openTable(kc, kit.tableId);
      await again.locator('.log .card.secret', { hasText: 'whispered to the Smith' }).waitFor();
      expect(await again.content()).not.toContain('CANARY');
      await again.close();

      // Near the limit a counter; over it, the box says so and sends nothing.
      await p.locator('#chat-text').fill('x'.repeat(950));
      await expect.poll(() => p.locator('#chat-count').innerText(), { timeout: 10_000 }).toBe('50 left');
      await p.locator('#chat-text').fill('x'.repeat(1001));
      await expect.poll(() => p.locator('#chat-count').innerText(), { timeout: 10_000 }).toBe('1 over the limit of 1000');
      expect(await p.locator('.chat button[type=submit]').isDisabled()).toBe(true);
      // The server's refusal shows by the box, the text kept to mend.
      await p.locator('#chat-text').evaluate((el) => {
        const box = el as unknown as { value: string; dispatchEvent(e: unknown): boolean };
        box.value = `broken ${String.fromCharCode(0xd800)} text`;
        box.dispatchEvent(new (globalThis as unknown as { Event: new (t: string, o: object) => unknown }).Event('input', { bubbles: true }));
      });
      await p.locator('#chat-text').press('Enter');
      await expect.poll(() => p.locator('#chat-error').innerText(), { timeout: 10_000 }).toMatch(/broken text/);
      expect(await p.locator('#chat-text').getAttribute('aria-invalid')).toBe('true');
      expect(await p.locator('#chat-text').inputValue()).toContain('broken');
      // Shift+Enter is a new line, Enter sends the two lines.
      await p.locator('#chat-text').fill('first line');
      await p.locator('#chat-text').press('Shift+Enter');
      await p.locator('#chat-text').type('second line');
      await p.locator('#chat-text').press('Enter');
      await expect.poll(() => s.locator('.log .card', { hasText: 'second line' }).locator('.chat-text').innerText(), { timeout: 10_000 }).toBe('first line\nsecond line');
      expect(await p.locator('#chat-error').count()).toBe(0);
      await shot(p, 'evening-chat-phone');
      await shot(s, 'evening-chat-smith-desktop');
      await shot(k, 'evening-chat-third-desktop');
    } finally {
      await sc.close();
      await pc.close();
      await kc.close();
    }
  }, 180_000);

  it('filters the log (rolls, chat, combat, characters, only mine) and keeps the reader\'s place when cards arrive, with a button to the newest', async () => {
    const { smith, player } = await tableWithPlayer('Filters');
    const sc = await seated(smith, DESKTOP);
    const pc = await seated(player, DESKTOP);
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      await roll(p, '1d8', 'Wren rolls');
      await say(p, 'Wren chats');
      await roll(s, '1d10', 'Smith rolls');
      await say(s, 'Smith chats');
      await show(s, 'Combat');
      await s.locator('#combat-name').fill('Goblin');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await card(s, 'Goblin joins').waitFor();
      const kinds = async () => s.locator('.log .card').evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { kind: string } }).dataset.kind));
      const filter = (name: string) => s.locator('.log-filters').getByRole('button', { name, exact: true });
      await filter('Chat').click();
      await expect.poll(kinds, { timeout: 10_000 }).toEqual(['chatted', 'chatted']);
      await filter('Rolls').click();
      await expect.poll(kinds, { timeout: 10_000 }).toEqual(['rolled', 'rolled']);
      await filter('Combat').click();
      await expect.poll(kinds, { timeout: 10_000 }).toEqual(['combat-changed']);
      await filter('Characters').click();
      await expect.poll(kinds, { timeout: 10_000 }).toEqual(['character-saved']);
      await filter('All').click();
      await s.getByLabel('Only mine').check();
      await expect.poll(async () => [...new Set(await s.locator('.log .card .who').allInnerTexts())], { timeout: 10_000 }).toEqual(['Smith']);
      expect(await kinds()).toEqual(['combat-changed', 'chatted', 'rolled', 'member-joined', 'table-created']);
      await s.getByLabel('Only mine').uncheck();
      expect(await filter('All').getAttribute('aria-pressed')).toBe('true');

      // Enough cards to scroll; the Smith reads an older one.
      for (let i = 1; i <= 12; i++) await roll(p, '1d4', `Filler ${i}`);
      await card(s, 'Filler 12').waitFor();
      const scroller = s.locator('.log-scroll');
      await scroller.evaluate((el) => ((el as unknown as { scrollTop: number }).scrollTop = 600));
      const reading = s.locator('.log .card', { hasText: 'Filler 6' });
      const y = (await reading.boundingBox())!.y;
      await roll(p, '1d4', 'Fresh one');
      await roll(p, '1d4', 'Fresh two');
      const newer = s.locator('.log-new');
      await expect.poll(() => newer.innerText(), { timeout: 10_000 }).toMatch(/2 new/);
      expect(Math.abs((await reading.boundingBox())!.y - y), 'the card being read stays put').toBeLessThan(2);
      await shot(s, 'evening-new-cards-desktop');
      await newer.click();
      await expect.poll(() => scroller.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => newer.count(), { timeout: 10_000 }).toBe(0);
      expect(await s.locator('.log .card').first().innerText()).toContain('Fresh two');
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 180_000);

  it('looks right and has no serious or critical axe problem at 1280 and 390 wide, light and dark: the layout, the log and the chat', async () => {
    const { smith, player } = await tableWithPlayer('Axe evening');
    {
      const pc = await seated(player, DESKTOP);
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      await roll(p, '2d6+1', 'Wren swings');
      await p.getByRole('button', { name: 'Test', exact: true }).click();
      await p.locator('button.roll').click();
      await say(p, 'A word to all');
      await say(p, 'A word to the Smith', /the Smith/);
      await pc.close();
      const sc = await seated(smith, DESKTOP);
      const s = await openTable(sc, smith.tableId);
      await roll(s, '1d20', 'Hidden', 'blind');
      await say(s, 'The Smith speaks');
      await sc.close();
    }
    const failures: string[] = [];
    const check = async (page: Page, label: string) => {
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        failures.push(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      }
      await shot(page, label);
    };
    const contexts: BrowserContext[] = [];
    try {
      for (const theme of THEMES) {
        const sc = await seated(smith, { ...DESKTOP, colorScheme: theme });
        contexts.push(sc);
        const s = await openTable(sc, smith.tableId);
        await card(s, 'A word to the Smith').waitFor();
        await s.locator('#chat-text').fill('x'.repeat(990));
        await check(s, `evening-desktop-smith-${theme}`);
        const pc = await seated(player, { ...PHONE, colorScheme: theme });
        contexts.push(pc);
        const p = await openTable(pc, player.tableId);
        await check(p, `evening-phone-tray-${theme}`);
        await show(p, 'Log');
        await card(p, 'A word to the Smith').waitFor();
        await check(p, `evening-phone-log-${theme}`);
        await show(p, 'Characters');
        await p.locator('.character-list button').first().click();
        await p.locator('article.sheet').waitFor();
        await check(p, `evening-phone-sheet-${theme}`);
      }
    } finally {
      for (const c of contexts) await c.close();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

