/**
 * The attack form's Feat in real Chromium against the real server (CB-46): an Opportunist is offered the
 * Feat with "Foe hampered, distracted or unaware"; the Feat alone shows why it cannot be (no odds, no
 * Attack), and with the foe off guard the odds show and the attack rolls with the Feat Die; a True Mage is
 * offered no Feat at all.
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

describe.skipIf(reason !== null)(`the attack form's Feat in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, card } = tableStepsWithServer();
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

  it("an Opportunist's Feat needs the foe off guard; a True Mage is offered none", async () => {
    const { smith, player } = await tableWithPlayer('Attack Feats');
    const rogue = rollCharacter(seededRandom(11), { method: 'semi', choices: { class: 'specialist', classPrime: 'DEX', specialistChoices: ['opportunist', 'tactical-combatant'] }, name: 'Vex' });
    const mage = rollCharacter(seededRandom(2), { method: 'semi', choices: { class: 'true-mage', classPrime: 'INT' }, name: 'Mira' });
    if (!rogue.ok) throw new Error(rogue.error.message);
    if (!mage.ok) throw new Error(mage.error.message);
    const pc = await seated(player);
    const sc = await seated(smith);
    try {
      const p = await openTable(pc, player.tableId);
      await importDoc(p, rogue.character, 'Vex');
      await importDoc(p, mage.character, 'Mira');
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.getByRole('button', { name: 'Add the party' }).click();
      await row(s, 'Vex').waitFor();
      await row(s, 'Mira').waitFor();
      await s.locator('#combat-name').fill('Goblin');
      await s.locator('#combat-side').selectOption('foes');
      await s.getByLabel('Monster line (for one-click attacks)').fill('hd=1,attack=+1,defense=6,damage=d6');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await row(s, 'Goblin').waitFor();

      // On the Smith's page, who sees the Goblin's numbers and so the odds (a player's page keeps them hidden, TB-17).
      const vex = s.getByRole('form', { name: 'Attack with Vex' });
      const mira = s.getByRole('form', { name: 'Attack with Mira' });
      await vex.waitFor(POLL);
      await mira.waitFor(POLL);
      // The True Mage's attacks are no Feats: no box to tick.
      expect(await mira.getByLabel('Feat', { exact: true }).count()).toBe(0);
      // The Opportunist's Feat alone: the form says why not, and the Attack waits.
      await vex.getByLabel('Feat', { exact: true }).check();
      await expect.poll(() => vex.locator('.attack-odds').innerText(), POLL).toMatch(/unless the target is hampered, distracted or unaware/);
      expect(await vex.getByRole('button', { name: 'Attack' }).isDisabled()).toBe(true);
      // The foe off guard: the odds show, and the attack rolls with the Feat Die.
      await vex.getByLabel('Foe hampered, distracted or unaware').check();
      await expect.poll(() => vex.locator('.attack-odds').innerText(), POLL).toMatch(/Hit \d+(\.\d+)?\s?%/);
      await vex.getByRole('button', { name: 'Attack' }).click();
      // The attack's card: the Feat Die on the attack roll (and on the damage, when it hits).
      const rolled = card(s, '+ Feat');
      await expect.poll(() => rolled.count(), POLL).toBeGreaterThan(0);
      expect(await rolled.first().innerText()).toMatch(/Vex (hits|crits|attacks) Goblin[\s\S]*attack: d20: \d+ \+ Feat \d+/);
      // The player's page offers the Opportunist the same Feat.
      await p.getByRole('tab', { name: 'Combat' }).click();
      await p.getByRole('form', { name: 'Attack with Vex' }).getByLabel('Feat', { exact: true }).waitFor(POLL);
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 150_000);
});
