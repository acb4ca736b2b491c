/**
 * A HAMMERCRAWL! character's sheet in real Chromium against the real table server: a new character's
 * sheet shows its encumbrance and bags (Stow slots of the base and the satchel, hands, worn), read from
 * the character document.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

describe.skipIf(reason !== null)(`a HAMMERCRAWL! sheet in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
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

  const { tableWithPlayer, seated, openTable, keepNewCharacter } = tableSteps(
    () => server,
    () => browser,
  );

  it('shows encumbrance and bags on a new character\'s sheet', async () => {
    const { player } = await tableWithPlayer('Packing');
    const context = await seated(player);
    try {
      const p = await openTable(context, player.tableId);
      await keepNewCharacter(p);
      const section = p.locator('article.sheet section.encumbrance');
      await section.waitFor({ timeout: 20_000 });
      expect(await section.getByRole('heading', { name: 'Encumbrance' }).count()).toBe(1);
      expect(await section.innerText()).toMatch(/Stow slots \d+ of \d+ used \(base \d+, Satchel \+5\); hands \d of 2; worn .*Satchel/);
    } finally {
      await context.close();
    }
  }, 90_000);
});
