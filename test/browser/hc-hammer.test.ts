/**
 * HAMMERCRAWL!'s hammer part in real Chromium against the real server: a Challenge set to crit on 19-20
 * (Crit C16, Crit range 2; ruling H-17) shows the exact odds of the crit before the click (2 in 20, twice
 * the usual 1 in 20), and rolls from the same form.
 */
import { describe, expect, it } from 'vitest';

import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;

describe.skipIf(reason !== null)(`HAMMERCRAWL! hammer part in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, keepNewCharacter, card } = tableStepsWithServer();

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

  it("a player's Check pool and its d20 Challenge roll as one, odds shown before, the result written on the character", async () => {
    const { player } = await tableWithPlayer('hammer applied');
    const context = await seated(player);
    try {
      const page = await openTable(context, player.tableId);
      await keepNewCharacter(page);
      await page.locator('article.sheet').waitFor();
      const tray = page.getByRole('tab', { name: 'Tray' });
      if (await tray.isVisible()) await tray.click();
      await page.locator('details.sub summary', { hasText: 'Hammer dice pool' }).click();
      // Great caution: a green die, a hammer on 7 faces of 10 (so XP to write).
      await page.locator('#hammer-check-stance').selectOption('cautious');
      // The player's own character is offered; a public roll is written on it.
      await expect.poll(() => page.locator('#hammer-check-character option').count(), POLL).toBe(2);
      await page.locator('#hammer-check-character').selectOption({ index: 1 });
      await page.locator('#hammer-check-check-kind').selectOption('challenge');
      await page.locator('#hammer-check-check-target').fill('12');
      // d20 beats 12 on 13-20: 40%, shown before the click, with the pool's own odds.
      await expect.poll(() => page.locator('#hammer-check-check-odds').innerText(), POLL).toMatch(/40(\.0+)?\s?%/);
      await page.locator('.hammer .odds table.symbols').waitFor();
      await page.locator('#hammer-check-label').fill('Leap the chasm');
      // A green face with no hammer writes nothing: roll again (at most 10 times; all ten without one: 6 in a million).
      let written = 0;
      for (let i = 1; i <= 10 && written === 0; i++) {
        await page.getByRole('button', { name: 'Roll the check and hammer dice' }).click();
        await expect.poll(() => card(page, 'Leap the chasm').count(), POLL).toBe(i);
        const rolled = card(page, 'Leap the chasm').first();
        await expect.poll(() => rolled.innerText(), POLL).toMatch(/Check: .*Challenge/);
        written = await card(page, 'Written on the character').count();
      }
      expect(written).toBe(1);
      await expect.poll(() => card(page, 'Written on the character').innerText(), POLL).toMatch(/XP \+1/);
    } finally {
      await context.close();
    }
  }, 180_000);
});
