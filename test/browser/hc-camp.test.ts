/**
 * A HAMMERCRAWL! Venture's camp and counted uses in real Chromium against the real server: the Smith
 * takes the player's character into a Venture and counts one of its abilities per night; the player
 * spends it from the sheet and is refused the second use, which the Smith then allows anyway (the log
 * says so); a night's camp with one Health step writes the character's document, and the player's sheet
 * shows the Health Die, the use back and the history line (VE-17, VE-18, TC-7); the party's food die
 * shows its chance to step down before it is used, and an XP award reaches the sheet's history.
 */

import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { rollCharacter } from '../../src/rules/hammercrawl/create-character.js';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);
const POLL = { timeout: 20_000 } as const;

describe.skipIf(reason !== null)(`a Venture's camp and counted uses in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, card, shot } = tableStepsWithServer();

  it('a use refused past its limit, allowed by the Smith; a night restores a Health step and the use, on the player’s sheet', async () => {
    const { smith, player } = await tableWithPlayer('Camp night');
    const made = rollCharacter(seededRandom(11), { method: 'semi', choices: { class: 'combatant', classPrime: 'STR' }, name: 'Brakka' });
    if (!made.ok) throw new Error(made.error.message);
    // Hurt to a d3 Health Die: a night's step shows as d3 -> d4.
    if (made.character.baseHealthDie === 'd3') throw new Error('the test needs a base Health Die above d3');
    const hurt = { ...made.character, healthDie: 'd3' };
    const pc = await seated(player);
    const sc = await seated(smith);
    try {
      const p = await openTable(pc, player.tableId);
      await p.getByRole('tab', { name: 'Characters' }).click();
      await p.getByRole('button', { name: 'Import JSON' }).click();
      await p.getByLabel('Or paste the JSON').fill(JSON.stringify(hurt));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => p.locator('#sheet-name').innerText(), POLL).toBe('Brakka');

      // The Smith takes Brakka into a Venture.
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      const venture = s.locator('section.venture');
      await venture.getByRole('button', { name: 'Join the party' }).click();
      await venture.locator('.party li', { hasText: 'Brakka' }).waitFor();
      await venture.getByRole('button', { name: 'Start the Venture' }).click();
      await expect.poll(() => venture.locator('.venture-status').innerText(), POLL).toMatch(/In dungeon-1/);

      // The Smith counts one use per night of Brakka's second wind, on Brakka's sheet.
      await s.getByRole('tab', { name: 'Characters' }).click();
      await s.locator('.character-list button', { hasText: 'Brakka' }).click();
      const smithUses = s.locator('section.limits');
      // What the Combatant's sheet gives is one click: HD Re-rolls, as many as the level, per Venture.
      await smithUses.getByRole('button', { name: `Count HD Re-rolls: ${made.character.level} per Venture` }).click();
      await expect.poll(() => smithUses.locator('li', { hasText: 'hd-rerolls' }).innerText(), POLL).toMatch(new RegExp(`${made.character.level} of ${made.character.level} left`));
      await smithUses.getByLabel('Ability').fill('second-wind');
      await smithUses.getByLabel('Uses').fill('1');
      await smithUses.getByLabel('Back').selectOption('night');
      await smithUses.getByRole('button', { name: 'Count this ability' }).click();

      // The player sees it, spends it, and is refused the second use.
      const uses = p.locator('section.limits');
      const wind = uses.locator('li', { hasText: 'second-wind' });
      await expect.poll(() => wind.innerText(), POLL).toMatch(/1 of 1 left.*per night/);
      await wind.getByRole('button', { name: 'Use second-wind' }).click();
      await expect.poll(() => wind.innerText(), POLL).toMatch(/0 of 1 left/);
      await wind.getByRole('button', { name: 'Use second-wind' }).click();
      await expect.poll(() => uses.getByRole('alert').innerText(), POLL).toMatch(/^Brakka has 0 of 1 uses of second-wind left; they come back at a full night's camp/);

      // The Smith allows it anyway: recorded in the log.
      await smithUses.getByRole('button', { name: 'Allow second-wind anyway' }).click();
      await expect.poll(() => wind.innerText(), POLL).toMatch(/0 of 1 left.*1 over, allowed by the Smith/);
      await expect.poll(() => card(p, 'past the limit: the Smith allows it').count(), POLL).toBeGreaterThan(0);

      // A night's camp with one Health step.
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      await venture.getByLabel('Health steps').fill('1');
      await venture.getByRole('button', { name: "Night's camp" }).click();

      // The player's sheet shows what came back.
      await expect.poll(() => wind.innerText(), POLL).toMatch(/1 of 1 left/);
      const history = p.locator('section.sheet-history');
      await expect.poll(() => history.innerText(), POLL).toMatch(/A full night's camp: Health d3 -> d4; uses back: second-wind 1\/1/);
      await expect.poll(() => card(p, 'camps for the night').count(), POLL).toBeGreaterThan(0);

      // The party's food die, its chance to step down shown before the use; a manual XP award reaches the sheet.
      await venture.getByLabel('Resource').fill('food');
      await venture.getByLabel('Die', { exact: true }).selectOption('8');
      await venture.getByRole('button', { name: 'Set the resource die' }).click();
      const food = venture.locator('.resource-list li', { hasText: 'food' });
      await expect.poll(() => food.innerText(), POLL).toMatch(/d8.*steps down on 1-2: 25\.0%/);
      await food.getByRole('button', { name: 'Use food' }).click();
      await expect.poll(() => card(p, 'Resource food: d8 rolled').count(), POLL).toBeGreaterThan(0);
      await venture.getByLabel('XP', { exact: true }).fill('2');
      await venture.getByLabel('Reason').fill('Found the hidden door');
      await venture.getByRole('button', { name: 'Award XP' }).click();
      await expect.poll(() => history.innerText(), POLL).toMatch(/Found the hidden door: \+2 XP, XP \d+ -> \d+/);
      await shot(s, 'hc-camp-smith');
      await shot(p, 'hc-camp-player');
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 120_000);
});
