/**
 * A whole small So Long as Men Die fight in real Chromium against the real server: a player's two
 * characters brought in with "Add the party" (Wounds left and Defense read from the sheets), two foes
 * with their monster lines, initiative rolled, three rounds of one-click attacks with the exact odds on
 * the page before each click, a character hurt and their sheet showing the Wound and the blow in its
 * history. Screenshots go to test/browser/screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;
/** Foes whose blows get past Defense d0 and one or two Toughness Dice nearly always (2d10 + 6 is 8 to 26). */
const OGRE_LINE = 'damage=2d10,mod=+6,toughness=1,con=12';
const ROUNDS = 3;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(reason !== null)(`So Long as Men Die fight in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, shot } = tableStepsWithServer();
  const attacksLogged = async (page: Page) => Number((await page.locator('.attack-log').getAttribute('data-count', { timeout: 500 }).catch(() => null)) ?? 0);
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });

  it('two characters against two foes: Add the party, initiative, three rounds of attacks with odds first, a Wound on the sheet', async () => {
    const { smith, player } = await tableWithPlayer('The ford', 'so-long-as-men-die');
    // A tall page, so the screenshots show the whole tracker.
    const sc = await seated(smith, { height: 2000 });
    const pc = await seated(player);
    try {
      const p = await openTable(pc, player.tableId);
      const heroes: string[] = [];
      for (const name of ['Hild', 'Odo']) {
        await p.getByRole('tab', { name: 'Characters' }).click();
        await p.getByRole('button', { name: 'New character' }).click();
        await p.getByLabel('Name', { exact: true }).fill(name);
        await p.getByRole('button', { name: 'Roll the character' }).click();
        await p.getByRole('button', { name: 'Keep this character' }).click();
        heroes.push(await p.locator('article.sheet #sheet-name').innerText());
        await p.getByRole('button', { name: '← All characters' }).click();
      }
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.getByRole('button', { name: 'Add the party' }).click();
      // Wounds left out of the CON Score, and the Defense Die (d0 without armour), from each sheet.
      for (const h of heroes) await expect.poll(() => row(s, h).innerText(), POLL).toMatch(/Wounds left \d+\/\d+.*Defense d\d+/s);
      // The add form speaks the ruleset's words, not another's dice.
      expect(await s.locator('#combat-health').getAttribute('placeholder')).toBe('e.g. 10/10');
      expect(await s.locator('#combat-armour').getAttribute('placeholder')).toBe('e.g. d6 +2');
      for (const name of ['Ogre', 'Ogress']) {
        await s.locator('#combat-name').fill(name);
        await s.locator('#combat-armour').fill('d4');
        await s.getByLabel('Monster line (for one-click attacks)').fill(OGRE_LINE);
        await s.getByRole('button', { name: 'Add', exact: true }).click();
        await row(s, name).locator('.monster', { hasText: 'damage=2d10' }).waitFor();
        // Its Wounds left, given empty, come from the line's CON (SL-33): the row shows them.
        await expect.poll(() => row(s, name).locator('.health').innerText(), POLL).toMatch(/Wounds left 12\/12/);
      }
      // The player attacks hidden foes without their numbers: the odds are the Smith's (TB-17).
      await p.getByRole('tab', { name: 'Combat' }).click();
      const playerForm = p.getByRole('form', { name: `Attack with ${heroes[0]!}` });
      await expect.poll(() => playerForm.locator('.attack-odds').innerText(), POLL).toMatch(/the odds are the Smith's to know/);
      // Not before the fight, and only on their character's turn: the button waits, and says why.
      expect(await playerForm.getByRole('button', { name: 'Attack', exact: true }).isDisabled()).toBe(true);
      expect(await playerForm.locator('.attack-wait').innerText()).toBe(`The fight has not started: ${heroes[0]!} attacks on their turn.`);
      expect(await row(p, 'Ogre').innerText()).not.toMatch(/damage=|d4/);
      await shot(p, 'sl-fight-player');
      await s.getByRole('button', { name: 'Roll initiative' }).click();
      await expect.poll(() => s.locator('.combat').innerText(), POLL).toMatch(/d6/);
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await expect.poll(() => s.locator('.combat-status').innerText(), POLL).toMatch(/Round 1/);
      // The order of a round's phases is at the table, above the tracker.
      await expect.poll(() => s.locator('details.phases').innerText(), POLL).toMatch(/Round 1, phase by phase.*Re-roll initiative, check morale.*Ranged attacks.*Melee attacks.*Declared actions finish/s);

      let attacks = 0;
      let shotTaken = false;
      for (let turn = 0; turn < ROUNDS * 4; turn++) {
        const acting = await s.locator('.acting-now').innerText();
        const form = s.getByRole('form', { name: `Attack with ${acting}` });
        const ownSide = heroes.includes(acting) ? heroes : ['Ogre', 'Ogress'];
        const actingRow = row(s, acting);
        // Foes only: never the attacker's own side; once the other side is all down, no one left to attack.
        await expect.poll(async () => (await form.count()) + (await actingRow.locator('.attack-none').count()) + (await actingRow.locator('.badge', { hasText: 'Down' }).count()), POLL).toBeGreaterThan(0);
        const aimsAtFoe = (await form.count()) === 1;
        if (aimsAtFoe) {
          const offered = await form.locator('select[id$="-target"] option').allInnerTexts();
          expect(offered.filter((t) => ownSide.includes(t.trim())), `${acting} is offered no one of their own side`).toEqual([]);
        } else if ((await actingRow.locator('.attack-none').count()) > 0) {
          expect(await actingRow.locator('.attack-none').innerText()).toBe(`${acting}: no one left to attack.`);
        }
        if (aimsAtFoe) {
          // The exact odds are on the page before the click.
          await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/Past Defense \d+(\.\d)?%.*past Toughness .*down .*killed/s);
          if (!shotTaken && heroes.includes(acting) === false) {
            await shot(s, 'sl-fight-odds');
            shotTaken = true;
          }
          const before = await attacksLogged(s);
          await form.getByRole('button', { name: 'Attack' }).click();
          await expect.poll(() => attacksLogged(s), POLL).toBe(before + 1);
          attacks += 1;
        }
        await s.getByRole('button', { name: 'Next turn' }).click();
        await expect.poll(() => s.locator('.combat-status').innerText(), POLL).not.toBe(`Round ${Math.floor(turn / 4) + 1} · ${acting} acts`);
      }
      await expect.poll(() => s.locator('.combat-status').innerText(), POLL).toMatch(new RegExp(`Round ${ROUNDS + 1}`));
      expect(attacks).toBeGreaterThanOrEqual(2);
      await shot(s, 'sl-fight-tracker');

      // A character the foes hurt: fewer Wounds left in the tracker and on the sheet, the blow in its history.
      const hurt: string[] = [];
      for (const h of heroes) {
        const m = /Wounds left (\d+)\/(\d+)/.exec(await row(s, h).innerText());
        if (m !== null && Number(m[1]) < Number(m[2])) hurt.push(h);
      }
      expect(hurt.length, 'the foes hurt a character in three rounds').toBeGreaterThan(0);
      const victim = hurt[0]!;
      await p.getByRole('tab', { name: 'Characters' }).click();
      if ((await p.locator('article.sheet').count()) > 0) await p.getByRole('button', { name: '← All characters' }).click();
      await p.getByRole('button', { name: victim, exact: true }).first().click();
      await expect.poll(() => p.locator('article.sheet').innerText(), POLL).toMatch(new RegExp(`Ogres? attacks ${escape(victim)}|Ogress attacks ${escape(victim)}`));
      const sheet = await p.locator('article.sheet').innerText();
      const m = /Wounds left\s*(\d+)\/(\d+)/.exec(sheet);
      expect(m !== null && Number(m[1]) < Number(m[2])).toBe(true);
      await shot(p, 'sl-fight-sheet');
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 240_000);
});
