/**
 * Basic Lay on Hands out of a fight in real Chromium against the real server (CB-45): once a Turn, so the
 * Devout's second is refused by name on the player's page; the Smith's page offers "Lay on Hands: allow
 * anyway" with the refusal and the odds shown, and the log says the Smith allowed it.
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
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(reason !== null)(`Lay on Hands once a Turn in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, shot } = tableStepsWithServer();
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });

  async function importDoc(page: Page, doc: unknown, name: string): Promise<void> {
    await page.getByRole('tab', { name: 'Characters' }).click();
    const back = page.getByRole('button', { name: /All characters/ });
    if ((await back.count()) > 0) await back.first().click();
    await page.getByRole('button', { name: 'Import JSON' }).click();
    await page.getByLabel('Or paste the JSON').fill(JSON.stringify(doc));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.locator('#sheet-name').innerText(), POLL).toBe(name);
  }

  it("a second basic Lay on Hands in one Turn is refused to the player; the Smith allows it anyway, and the log says so", async () => {
    const { smith, player } = await tableWithPlayer('Lay on Hands twice');
    const sister = rollCharacter(seededRandom(31), { method: 'semi', choices: { class: 'devout', devoutPowers: [{ id: 'lay-on-hands', version: 'basic' }, { id: 'armour-of-righteousness', version: 'basic' }, { id: 'prayer-of-blessings', version: 'basic' }] }, name: 'Sister Mora' });
    const hurt = rollCharacter(seededRandom(11), { method: 'semi', choices: { class: 'combatant', classPrime: 'STR' }, name: 'Brakka' });
    if (!sister.ok) throw new Error(sister.error.message);
    if (!hurt.ok) throw new Error(hurt.error.message);
    const pc = await seated(player);
    const sc = await seated(smith);
    try {
      const p = await openTable(pc, player.tableId);
      await importDoc(p, sister.character, 'Sister Mora');
      await importDoc(p, { ...hurt.character, healthDie: 'd3' }, 'Brakka');
      // The Smith puts the party in the tracker and starts no fight: the tracker stands for the exploration turn.
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.getByRole('button', { name: 'Add the party' }).click();
      await row(s, 'Sister Mora').waitFor();
      await row(s, 'Brakka').waitFor();

      // The player lays hands on Brakka once.
      await p.getByRole('tab', { name: 'Combat' }).click();
      const more = p.locator('details.combat-actions', { has: p.locator('summary', { hasText: 'More actions for Sister Mora' }) });
      await more.locator('summary').click();
      const form = p.getByRole('form', { name: 'Other actions of Sister Mora' });
      await form.locator('select').first().selectOption('lay-on-hands');
      await form.getByLabel('on', { exact: true }).selectOption({ label: 'Brakka' });
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/WIL Test at or under \d+: heals/);
      await form.getByRole('button', { name: 'Lay on Hands', exact: true }).click();
      await expect.poll(() => p.locator('.log').innerText(), POLL).toMatch(/Sister Mora lays hands on Brakka/);
      await expect.poll(() => row(s, 'Sister Mora').innerText(), POLL).toMatch(/Laid on hands \(this turn\)/);

      // A second is refused by name on the player's page: the button stays off.
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/once a Turn out of combat.*the Smith may allow it anyway/s);
      expect(await form.getByRole('button', { name: 'Lay on Hands', exact: true }).isDisabled()).toBe(true);

      // The Smith's page shows the refusal and the odds, and allows it anyway.
      const smore = s.locator('details.combat-actions', { has: s.locator('summary', { hasText: 'More actions for Sister Mora' }) });
      await smore.locator('summary').click();
      const sform = s.getByRole('form', { name: 'Other actions of Sister Mora' });
      await sform.locator('select').first().selectOption('lay-on-hands');
      await sform.getByLabel('on', { exact: true }).selectOption({ label: 'Brakka' });
      await expect.poll(() => sform.locator('.attack-odds').innerText(), POLL).toMatch(/once a Turn out of combat[\s\S]*WIL Test at or under \d+: heals/);
      await shot(s, 'hc-lay-on-hands-anyway');
      await sform.getByRole('button', { name: 'Lay on Hands: allow anyway' }).click();
      await expect.poll(() => p.locator('.log').innerText(), POLL).toMatch(/The Smith allowed a second this turn/);
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 150_000);
});
