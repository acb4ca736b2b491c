/**
 * HAMMERCRAWL!'s hammer effect picks in real Chromium against the real server (H-20, H-21): a player's
 * pool leaves symbols to pick; the player picks a falcon's "Pay it forward" and names the character who
 * gets the white die ("by self or any allied character"); the die shows set aside on that character, and
 * the Smith's page reads the picks.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;
/** Pools of six yellow dice rolled before one shows a falcon: each shows none with chance (4/6)^6, under 9%; ten in a row under 1 in 10^10. */
const MAX_TRIES = 10;

describe.skipIf(reason !== null)(`HAMMERCRAWL! hammer effect picks in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, keepNewCharacter, card, shot } = tableStepsWithServer();

  /** The select of the first falcon waiting for a pick in `picks`, or null. */
  async function falconSelect(picks: Locator): Promise<Locator | null> {
    const n = await picks.count();
    for (let i = 0; i < n; i++) {
      const field = picks.nth(i).locator('.field', { has: picks.page().locator('label', { hasText: /^falcon/ }) });
      if ((await field.count()) > 0) return field.first().locator('select').first();
    }
    return null;
  }

  it('a falcon paid forward goes to the character the player names, and shows set aside there', async () => {
    const { smith, player } = await tableWithPlayer('Pay it forward');
    const pc = await seated(player);
    const sc = await seated(smith);
    try {
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      const hero = await p.locator('article.sheet #sheet-name').innerText();
      const s = await openTable(sc, smith.tableId);
      const tray = p.getByRole('tab', { name: 'Tray' });
      if (await tray.isVisible()) await tray.click();
      await p.locator('details.sub summary', { hasText: 'Hammer dice pool' }).click();
      await p.getByRole('button', { name: 'Pick dice' }).click();
      await p.locator('#hammer-check-yellow').fill('6');
      await p.locator('#hammer-check-label').fill('Scout ahead');
      const picks = p.locator('fieldset.hammer-picks');
      let select: Locator | null = null;
      for (let i = 1; i <= MAX_TRIES && select === null; i++) {
        // Picks left from a roll without a falcon are recorded as they stand, so the next roll's are the only ones.
        while ((await picks.count()) > 0 && (await falconSelect(picks)) === null) {
          const before = await picks.count();
          await picks.first().getByRole('button', { name: 'Record the effects' }).click();
          await expect.poll(() => picks.count(), POLL).toBeLessThan(before);
        }
        await p.getByRole('button', { name: 'Roll hammer dice' }).click();
        await expect.poll(() => card(p, 'Scout ahead').count(), POLL).toBeGreaterThanOrEqual(i);
        await picks.first().waitFor({ timeout: 3_000 }).catch(() => undefined);
        select = await falconSelect(picks);
      }
      expect(select, `no falcon in ${MAX_TRIES} pools of six yellow dice`).not.toBeNull();
      await select!.selectOption('pay-it-forward');
      // The roll had no character: the page asks who gets the die, and offers the table's characters.
      const to = p.getByLabel('The white die goes to').first();
      await to.waitFor();
      await to.selectOption({ label: hero });
      await shot(p, 'hc-picks-pay-forward');
      const fieldset = p.locator('fieldset.hammer-picks', { has: to });
      // Every other symbol of the roll keeps the effect the form starts on.
      await fieldset.getByRole('button', { name: 'Record the effects' }).click();
      // The card of the picks, or the table's refusal shown in the picks (named, so a failure says why).
      await expect
        .poll(async () => ((await card(p, 'Effects chosen').count()) > 0 ? 'recorded' : ((await fieldset.locator('.error').allInnerTexts()).join(' ') || 'waiting')), POLL)
        .toBe('recorded');
      await expect.poll(() => card(s, 'Effects chosen').first().innerText(), POLL).toMatch(/Pay it forward/i);
      // The die is set aside on the character named: choosing them in the pool shows it.
      await p.locator('#hammer-check-character').selectOption({ label: hero });
      await expect.poll(() => p.locator('#hammer-check-bank').innerText(), POLL).toMatch(/one advantage \(pay it forward \(Scout ahead\)\)/);
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 180_000);
});
