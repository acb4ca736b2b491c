/**
 * The check form's "Rolled by" in real Chromium against the real server: a player picks their Troll as
 * the roller, the form fills in what the character brings (its stock and whether its Health Die is at
 * full), and the odds show Monstrous Strength's step on a STR Test before the click (d16 at or under 12:
 * 75%, where the plain d20 is 60%), and the check rolled carries the step. Under THE HAMMER DIE, an
 * Elfin INT Save picked the same way says the advantage it brings belongs in the hammer pool (H-26).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { rollCharacter } from '../../src/rules/hammercrawl/create-character.js';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);
const POLL = { timeout: 20_000 } as const;

describe.skipIf(reason !== null)(`the check form's Rolled by in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, card } = tableStepsWithServer();

  async function importDoc(page: Page, doc: unknown, name: string): Promise<void> {
    await page.getByRole('tab', { name: 'Characters' }).click();
    const back = page.getByRole('button', { name: /All characters/ });
    if ((await back.count()) > 0) await back.first().click();
    await page.getByRole('button', { name: 'Import JSON' }).click();
    await page.getByLabel('Or paste the JSON').fill(JSON.stringify(doc));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.locator('#sheet-name').innerText(), POLL).toBe(name);
  }

  async function checkForms(page: Page) {
    const tray = page.getByRole('tab', { name: 'Tray' });
    if (await tray.isVisible()) await tray.click();
    const forms = page.locator('#check-forms');
    if ((await forms.getAttribute('open')) === null) await forms.locator('summary').click();
    return forms;
  }

  it("picking the Troll as the roller fills in its stock: the STR Test's odds carry Monstrous Strength, and the roll carries it", async () => {
    const { player } = await tableWithPlayer('Rolled by');
    const troll = rollCharacter(seededRandom(21), { method: 'palladium', choices: { stock: 'troll', class: 'combatant', shtick: 'two-handed' }, name: 'Grak' });
    if (!troll.ok) throw new Error(troll.error.message);
    const context = await seated(player);
    try {
      const p = await openTable(context, player.tableId);
      await importDoc(p, troll.character, 'Grak');
      const forms = await checkForms(p);
      await p.locator('#check-kind').selectOption('test');
      await p.locator('#check-test-target').fill('12');
      await p.locator('#check-test-stat').selectOption('STR');
      const success = forms.locator('.outcome-success strong');
      // Nobody picked: the plain d20, 60%.
      await expect.poll(() => success.innerText(), POLL).toMatch(/^60(\.0+)?\s?%$/);
      await p.locator('#check-roller').selectOption({ label: 'Grak' });
      await expect.poll(() => p.locator('#check-test-stock').inputValue(), POLL).toBe('troll');
      // Monstrous Strength: one step down the chain for a Test, d16 at or under 12.
      await expect.poll(() => success.innerText(), POLL).toMatch(/^75(\.0+)?\s?%$/);
      expect(await forms.locator('.odds-title').innerText()).toMatch(/d16/);
      await forms.getByRole('button', { name: /^Roll Test/ }).click();
      // The check rolled is the one the odds showed: the stock's step is in the card.
      const rolled = card(p, 'Monstrous Strength');
      await expect.poll(() => rolled.count(), POLL).toBeGreaterThan(0);
      expect(await rolled.first().innerText()).toMatch(/Test: d16, at or under 12/);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('under THE HAMMER DIE, an Elf picked as the roller of an INT Save is told the advantage it brings goes in the hammer pool, and the pool counts it', async () => {
    const { player } = await tableWithPlayer('Rolled by, hammer die', 'hammercrawl', { 'hammer-die': 'replace' });
    const elf = rollCharacter(seededRandom(5), { method: 'semi', choices: { stock: 'elfin' }, name: 'Aelin' });
    if (!elf.ok) throw new Error(elf.error.message);
    const context = await seated(player);
    try {
      const p = await openTable(context, player.tableId);
      await importDoc(p, elf.character, 'Aelin');
      const forms = await checkForms(p);
      await p.locator('#check-kind').selectOption('save');
      await p.locator('#check-save-mod').fill('0');
      await p.locator('#check-save-target').fill('12');
      await p.locator('#check-save-stat').selectOption('INT');
      await p.locator('#check-roller').selectOption({ label: 'Aelin' });
      await expect.poll(() => forms.locator('p.error').innerText(), POLL).toMatch(/brings 1 advantage from Blessed Intellect to its hammer pool/);
      expect(await forms.getByRole('button', { name: /^Roll Save/ }).isDisabled()).toBe(true);
      // The hammer pool with a Save as its Check die, Aelin named and the stat INT: the advantage is its white die.
      await p.locator('details.sub summary', { hasText: 'Hammer dice pool' }).click();
      await p.locator('#hammer-check-character').selectOption({ label: 'Aelin' });
      await p.locator('#hammer-check-check-kind').selectOption('save');
      await p.locator('#hammer-check-check-target').fill('12');
      await p.locator('#hammer-check-check-stat').selectOption('INT');
      await expect.poll(() => p.locator('#hammer-check-rule-given').innerText(), POLL).toMatch(/brings 1 advantage from Blessed Intellect/);
      await expect.poll(() => p.locator('form.hammer').innerText(), POLL).toMatch(/Pool: white/);
      // The d20 Save without the advantage: 8 of 20 beat 12.
      await expect.poll(() => p.locator('#hammer-check-check-odds').innerText(), POLL).toMatch(/40(\.0+)?\s?%/);
      await p.locator('#hammer-check-label').fill('Resist the charm');
      await p.getByRole('button', { name: 'Roll the check and hammer dice' }).click();
      await expect.poll(() => card(p, 'Resist the charm').first().innerText(), POLL).toMatch(/Save/);
    } finally {
      await context.close();
    }
  }, 120_000);
});
