/**
 * HAMMERCRAWL!'s hammer part in real Chromium against the real server: a Challenge set to crit on 19-20
 * (Crit C16, Crit range 2; ruling H-17) shows the exact odds of the crit before the click (2 in 20, twice
 * the usual 1 in 20), and rolls from the same form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;

describe.skipIf(reason !== null)(`HAMMERCRAWL! hammer part in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
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

  const { tableWithPlayer, seated, openTable } = tableSteps(
    () => server,
    () => browser,
  );

  it('a Challenge that crits on 19-20 shows a 10% crit before the click, 5% with the usual range, and rolls', async () => {
    const { smith } = await tableWithPlayer('hammer crit range');
    const context = await seated(smith);
    try {
      const page = await openTable(context, smith.tableId);
      const forms = page.locator('#check-forms');
      if ((await forms.getAttribute('open')) === null) await forms.locator('summary').click();
      await page.locator('#check-kind').selectOption('challenge');
      await page.locator('#check-challenge-target').fill('12');
      await page.locator('#check-challenge-crit').selectOption('16');
      const crit = forms.locator('.outcome-critical strong');
      await expect.poll(() => crit.innerText(), POLL).toMatch(/^5(\.0+)?\s?%$/);
      await page.locator('#check-challenge-crit-range').fill('2');
      await expect.poll(() => crit.innerText(), POLL).toMatch(/^10(\.0+)?\s?%$/);
      await forms.getByRole('button', { name: /^Roll Challenge/ }).click();
      // The roll reaches the log as a card.
      await expect.poll(() => page.locator('.log .card').count(), POLL).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.log .card').first().innerText(), POLL).toMatch(/Challenge|12/);
    } finally {
      await context.close();
    }
  }, 90_000);
});
