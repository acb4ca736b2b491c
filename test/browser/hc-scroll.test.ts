/**
 * A caster's magick at the table, in real Chromium against the real server: the Prepare form sends the
 * spells the player ticks (a caster knowing more spells than the stat allows picks which, MG-1), and
 * "Prepare spells" and "Town rest" are not offered while a fight runs in the tracker (MG-19); once the
 * Smith ends the fight they are again; a scroll is read with its odds shown first (MG-10),
 * declared as a Feat with the odds that follow (MG-11); the Smith's trap on the sustaining caster asks for the
 * concentration Test as a hit does (MG-8).
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

describe.skipIf(reason !== null)(`a caster's magick in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable } = tableStepsWithServer();
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });

  it('prepares only the ticked spells, offers neither Prepare nor Town rest mid-fight, and reads a scroll', async () => {
    const { smith, player } = await tableWithPlayer('Magick timing');
    const mage = rollCharacter(seededRandom(7), { method: 'semi', choices: { class: 'true-mage', classPrime: 'INT' }, name: 'Ysolde' });
    if (!mage.ok) throw new Error(mage.error.message);
    const pc = await seated(player);
    const sc = await seated(smith);
    try {
      const p = await openTable(pc, player.tableId);
      await p.getByRole('tab', { name: 'Characters' }).click();
      await p.getByRole('button', { name: 'Import JSON' }).click();
      await p.getByLabel('Or paste the JSON').fill(JSON.stringify(mage.character));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => p.locator('#sheet-name').innerText(), { timeout: 10_000 }).toBe('Ysolde');
      const magick = p.locator('section.magick');
      await magick.getByRole('button', { name: 'Set up as caster' }).click();
      await magick.getByText(/Spell Die d\d+/).waitFor();
      for (const name of ['Sleep', 'Light']) {
        await magick.getByLabel('New spell').fill(name);
        await magick.getByLabel('Level').fill('1');
        await magick.getByRole('button', { name: 'Learn' }).click();
        await magick.locator('.spells li', { hasText: name }).waitFor();
      }
      // The player leaves Light out: only Sleep is prepared.
      await magick.getByLabel('Prepare Light').uncheck();
      await magick.getByRole('button', { name: 'Prepare spells' }).click();
      const sleep = magick.locator('.spells li', { hasText: 'Sleep' });
      const light = magick.locator('.spells li', { hasText: 'Light' });
      await expect.poll(() => sleep.innerText(), POLL).toMatch(/ready/);
      expect(await light.innerText()).toMatch(/not prepared/);

      // The Smith starts a fight: the player's Prepare and Town rest are not offered, and say why.
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.getByRole('button', { name: 'Add the party' }).click();
      await row(s, 'Ysolde').waitFor();
      await s.locator('#combat-name').fill('Goblin');
      await s.locator('#combat-health').fill('d6');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await row(s, 'Goblin').waitFor();
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await expect.poll(() => magick.getByRole('button', { name: 'Prepare spells' }).isDisabled(), POLL).toBe(true);
      expect(await magick.getByRole('button', { name: 'Town rest' }).isDisabled()).toBe(true);
      expect(await magick.locator('.magick-timing').innerText()).toMatch(/fight/);
      // Casting still belongs to the fight.
      expect(await sleep.getByRole('button', { name: 'Cast Sleep' }).isDisabled()).toBe(false);

      // The fight ends: both come back.
      await s.getByRole('button', { name: 'End the fight' }).click();
      await expect.poll(() => magick.getByRole('button', { name: 'Town rest' }).isDisabled(), POLL).toBe(false);
      await magick.getByLabel('Prepare Light').check();
      await magick.getByRole('button', { name: 'Prepare spells' }).click();
      await expect.poll(() => light.innerText(), POLL).toMatch(/ready/);
      expect(await magick.getByRole('alert').count()).toBe(0);

      // A scroll: its odds show before the click (a Dedicated caster: INT one step better), and the
      // reading's result reaches the sheet's recent magick.
      await magick.getByLabel('Scroll of').fill('Fireball');
      await expect.poll(() => magick.locator('.scroll-odds').innerText(), POLL).toMatch(/It goes off: \d+\.\d%.*Dedicated.*fizzle \d+\.\d%, backfire \d+\.\d%, wild effect \d+\.\d%/);
      // Declared as a Feat (MG-11): the Feat Die joins the INT Test, and the odds rise before the click.
      const goesOff = async () => Number(/It goes off: (\d+\.\d)%/.exec(await magick.locator('.scroll-odds').innerText())![1]);
      const plain = await goesOff();
      await magick.getByLabel('as a Feat').check();
      await expect.poll(goesOff, POLL).toBeGreaterThan(plain);
      await magick.getByRole('button', { name: 'Read the scroll' }).click();
      await magick.locator('summary', { hasText: 'Recent magick' }).click();
      await expect.poll(() => magick.locator('.explain li').first().innerText(), POLL).toMatch(/scroll of Fireball: .*(spell goes off|Fizzle|Backfire|Wild effect)/);
      // A sustained spell: the concentration Test's odds show by its button, and its roll reaches the sheet.
      await magick.getByLabel('Effect').selectOption('sustained');
      await sleep.getByRole('button', { name: 'Cast Sleep' }).click();
      await expect.poll(() => sleep.innerText(), POLL).toMatch(/sustained/);
      // The Smith's trap (damage that is not an attack) reaches the sustaining caster: the sheet asks for the Test (MG-8).
      const more = s.locator('details.combat-actions', { has: s.locator('summary', { hasText: 'More actions for Ysolde' }) });
      await more.locator('summary').click();
      const smithForm = s.getByRole('form', { name: 'Other actions of Ysolde' });
      await smithForm.locator('select').first().selectOption('damage');
      await smithForm.getByLabel('What deals the damage').fill('Falling stones');
      await smithForm.getByLabel('DV: a number or dice such as 2d6+1').fill('1');
      await expect.poll(() => smithForm.locator('.attack-odds').innerText(), POLL).toMatch(/down \d+\.\d%/);
      await smithForm.getByRole('button', { name: 'Deal damage' }).click();
      await expect.poll(() => magick.locator('.concentration-due').innerText(), POLL).toMatch(/Hit while sustaining \(Ysolde: Falling stones, DV 1/);
      await expect.poll(() => magick.locator('.concentration').innerText(), POLL).toMatch(/Hold concentration: \d+\.\d%/);
      await magick.getByRole('button', { name: 'Concentration Test' }).click();
      await expect.poll(() => magick.locator('.explain').innerText(), POLL).toMatch(/concentration: /);
      // Not in the reader's language: no odds, no button.
      await magick.getByLabel('reads its language').uncheck();
      expect(await magick.getByRole('button', { name: 'Read the scroll' }).isDisabled()).toBe(true);
      expect(await magick.getByRole('alert').count()).toBe(0);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 180_000);
});
