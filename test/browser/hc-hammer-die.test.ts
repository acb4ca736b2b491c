/**
 * HAMMERCRAWL!'s hammer dice in real Chromium against the real server: a Save set to crit on 19-20 shows its
 * exact crit odds before the click (H-24); at a table playing THE HAMMER DIE in place of the Feat Die and
 * Advantage, the check form refuses an Advantage by the setting's name and the hammer pool stands in for
 * it with its Check die (H-25).
 */
import { describe, expect, it } from 'vitest';

import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;

describe.skipIf(reason !== null)(`HAMMERCRAWL! Save crits and THE HAMMER DIE in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, card } = tableStepsWithServer();


  it('a Save that crits on 19-20 shows a 10% crit before the click, 5% with the usual range, and rolls', async () => {
    const { smith } = await tableWithPlayer('save crit range');
    const context = await seated(smith);
    try {
      const page = await openTable(context, smith.tableId);
      const forms = page.locator('#check-forms');
      if ((await forms.getAttribute('open')) === null) await forms.locator('summary').click();
      await page.locator('#check-kind').selectOption('save');
      await page.locator('#check-save-mod').fill('0');
      await page.locator('#check-save-target').fill('12');
      await page.locator('#check-save-crit').selectOption('16');
      const crit = forms.locator('.outcome-critical strong');
      await expect.poll(() => crit.innerText(), POLL).toMatch(/^5(\.0+)?\s?%$/);
      await page.locator('#check-save-crit-range').fill('2');
      await expect.poll(() => crit.innerText(), POLL).toMatch(/^10(\.0+)?\s?%$/);
      await forms.getByRole('button', { name: /^Roll Save/ }).click();
      await expect.poll(() => page.locator('.log .card').first().innerText(), POLL).toMatch(/Save/);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('with hammer-die replace an Advantage on a check is refused by the setting, and the hammer pool rolls the Check die in its place', async () => {
    const { player } = await tableWithPlayer('hammer die replaces', 'hammercrawl', { 'hammer-die': 'replace' });
    const context = await seated(player);
    try {
      const page = await openTable(context, player.tableId);
      const tray = page.getByRole('tab', { name: 'Tray' });
      if (await tray.isVisible()) await tray.click();
      const forms = page.locator('#check-forms');
      if ((await forms.getAttribute('open')) === null) await forms.locator('summary').click();
      await page.locator('#check-kind').selectOption('test');
      await page.locator('#check-test-target').fill('12');
      await page.locator('#check-test-adv').check();
      await expect.poll(() => forms.locator('p.error').innerText(), POLL).toMatch(/hammer-die/);
      expect(await forms.getByRole('button', { name: /^Roll Test/ }).isDisabled()).toBe(true);
      // The hammer pool says what it stands for and starts with a Test as its Check die, with the Test's odds.
      await page.locator('details.sub summary', { hasText: 'Hammer dice pool' }).click();
      await expect.poll(() => page.locator('#hammer-check-replaces').innerText(), POLL).toMatch(/in place of the Feat Die and Advantage/);
      expect(await page.locator('#hammer-check-check-kind').inputValue()).toBe('test');
      await page.locator('#hammer-check-adv').fill('1');
      await page.locator('#hammer-check-check-target').fill('12');
      // A d20 at or under 12: 60%.
      await expect.poll(() => page.locator('#hammer-check-check-odds').innerText(), POLL).toMatch(/60(\.0+)?\s?%/);
      await page.locator('#hammer-check-label').fill('Sneak by');
      await page.getByRole('button', { name: 'Roll the check and hammer dice' }).click();
      await expect.poll(() => card(page, 'Sneak by').first().innerText(), POLL).toMatch(/Check: .*Test/);
    } finally {
      await context.close();
    }
  }, 120_000);
});
