/**
 * The return to town in real Chromium against the real server (VE-19): a hurt, Mana-burnt caster joins the
 * Smith's Venture; the Smith returns the party to town; the player's sheet shows the Health Die and the
 * Armour Die back at their bases, the Mana-burn gone, and the history line, with no rest sent by hand.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { rollCharacter } from '../../src/rules/hammercrawl/create-character.js';
import { EMPTY_MAGICK_STATE } from '../../src/rules/hammercrawl/magick/magick-state.js';
import { casterFromCharacter } from '../../src/rules/hammercrawl/magick/character-caster.js';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);
const POLL = { timeout: 20_000 } as const;

describe.skipIf(reason !== null)(`the return to town in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, card, shot } = tableStepsWithServer();

  it("the Smith's Return to town brings the caster's Health Die and Armour Die back to base and ends the Mana-burn, on the player's sheet", async () => {
    const { smith, player } = await tableWithPlayer('Back to town');
    const made = rollCharacter(seededRandom(2), { method: 'semi', choices: { class: 'true-mage', classPrime: 'INT' }, name: 'Mira' });
    if (!made.ok) throw new Error(made.error.message);
    const c = made.character;
    if (c.baseHealthDie !== 'd6') throw new Error(`the test reads a base Health Die d6, got ${c.baseHealthDie}`);
    const caster = casterFromCharacter(c);
    if (caster === null) throw new Error('a True Mage is a caster');
    // Hurt (Health d6 -> d4), armour battered (d4 -> d3), and one Spell Die step lost to Mana-burn.
    const hurt = { ...c, healthDie: 'd4', baseArmourDie: 'd4', armourDie: 'd3', magick: { ...EMPTY_MAGICK_STATE, caster, burnSteps: 1 } };
    const pc = await seated(player);
    const sc = await seated(smith);
    try {
      const p = await openTable(pc, player.tableId);
      await p.getByRole('tab', { name: 'Characters' }).click();
      await p.getByRole('button', { name: 'Import JSON' }).click();
      await p.getByLabel('Or paste the JSON').fill(JSON.stringify(hurt));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => p.locator('#sheet-name').innerText(), POLL).toBe('Mira');
      const trackers = p.locator('article.sheet dl.trackers').first();
      const magick = p.locator('section.magick');
      await expect.poll(() => trackers.innerText(), POLL).toMatch(/Health Die\s+d4/);
      expect(await trackers.innerText()).toMatch(/Armour Die\s+d3/);
      await expect.poll(() => magick.innerText(), POLL).toMatch(/Mana-burn 1 step/);

      // The Smith takes Mira into a Venture and brings the party back to town.
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      const venture = s.locator('section.venture');
      await venture.getByRole('button', { name: 'Join the party' }).click();
      await venture.locator('.party li', { hasText: 'Mira' }).waitFor();
      await venture.getByRole('button', { name: 'Start the Venture' }).click();
      await expect.poll(() => venture.locator('.venture-status').innerText(), POLL).toMatch(/In dungeon-1/);
      await venture.getByRole('button', { name: 'Return to town' }).click();
      await expect.poll(() => venture.locator('.venture-status').innerText(), POLL).toMatch(/In town/);

      // The player's sheet: both dice at their bases, no Mana-burn, and the history says why.
      await expect.poll(() => trackers.innerText(), POLL).toMatch(/Health Die\s+d6/);
      await expect.poll(() => trackers.innerText(), POLL).toMatch(/Armour Die\s+d4/);
      await expect.poll(() => magick.innerText(), POLL).not.toMatch(/Mana-burn/);
      await expect.poll(() => p.locator('section.sheet-history').innerText(), POLL).toMatch(/Return to town/);
      await expect.poll(() => card(p, 'Mira').count(), POLL).toBeGreaterThan(0);
      await shot(p, 'hc-town-player');
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 120_000);
});
