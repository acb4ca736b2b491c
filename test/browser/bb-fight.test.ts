/**
 * A whole small Bare Bones fight in real Chromium against the real server: a player's character and
 * one the Smith runs added with "Add the party" (Blood and Armor Class read from their sheets), two goblins from monster
 * lines, initiative with the party's ambush and then plain WIS saves, three rounds of exchanges with the
 * odds shown before each click (the player's for their character, the Smith's for the others), and a
 * character's Blood lost on its sheet and in its history; the tray offers no Steps for a check. Screenshots go to test/browser/screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;
/** Goblins that hit often (STR 19) and last (30 Blood, AC 8). */
const GOBLIN_LINE = 'str=19,dex=10,ac=8,blood=30,weapon=light';
const ROUNDS = 3;
/** Extra goblin attacks, after the three rounds, until a character is hurt (each lands about half the time). */
const MAX_EXTRA = 30;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(reason !== null)(`The Bare Bones fight in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, keepNewCharacter, shot } = tableStepsWithServer();
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });
  const cards = (page: Page) => page.locator('.log .card').count();

  /** One exchange from `page` with `who`'s Attack form, odds read first; false when it has none (down, or no one to attack). */
  async function attackWith(page: Page, who: string): Promise<boolean> {
    const form = page.getByRole('form', { name: `Attack with ${who}` });
    if ((await form.count()) === 0) return false;
    await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/Hit \d+%.*down \d+%/s);
    const before = await cards(page);
    await form.getByRole('button', { name: 'Attack', exact: true }).click();
    await expect.poll(() => cards(page), POLL).toBeGreaterThan(before);
    return true;
  }

  /** Blood left of each party row, from the Smith's tracker ("Blood 5/8"). */
  async function hurt(s: Page, heroes: readonly string[]): Promise<string | null> {
    for (const h of heroes) {
      const text = await row(s, h).locator('.health').innerText();
      const m = /Blood (\d+)\/(\d+)/.exec(text);
      if (m !== null && Number(m[1]) < Number(m[2])) return h;
    }
    return null;
  }

  it('two characters against two goblins: initiative, three rounds, a character hurt and the sheet showing it', async () => {
    const { smith, player } = await tableWithPlayer('A Bare Bones fight', 'bare-bones');
    const sc = await seated(smith);
    const pc = await seated(player);
    try {
      const p = await openTable(pc, player.tableId);
      // A check is always a d20 (BB-37): the tray's Test mode offers no Steps.
      expect(await p.locator('#tray-steps').count()).toBe(1);
      // Its Test is the roll-under attribute check; it has no Challenge (TB-22).
      expect(await p.locator('.tray').getByRole('button', { name: 'Challenge', exact: true }).count()).toBe(0);
      await p.locator('.tray').getByRole('button', { name: 'Test', exact: true }).click();
      await expect.poll(() => p.locator('#tray-steps').count(), POLL).toBe(0);
      const s = await openTable(sc, smith.tableId);
      // One character of the player's, one the Smith runs for the party.
      const pageOf = new Map<string, Page>();
      for (const page of [p, s]) {
        await keepNewCharacter(page);
        const name = (await page.locator('article.sheet #sheet-name').innerText()).trim();
        pageOf.set(name, page);
      }
      const heroes = [...pageOf.keys()];
      expect(heroes).toHaveLength(2);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.getByRole('button', { name: 'Add the party' }).click();
      for (const h of heroes) {
        await row(s, h).waitFor();
        // Blood (with Sweat) and Armor Class, in the ruleset's words: never "Armour 8".
        await expect.poll(() => row(s, h).innerText(), POLL).toMatch(/Blood \d+\/\d+.*AC \d+/s);
        expect(await row(s, h).innerText()).not.toMatch(/Armour|Health/);
      }
      for (const name of ['Goblin', 'Hobgoblin']) {
        await s.locator('#combat-name').fill(name);
        await s.getByLabel('Monster line (for the tracker’s attacks)').fill(GOBLIN_LINE);
        await s.getByRole('button', { name: 'Add', exact: true }).click();
        // Blood and AC come from the line.
        await expect.poll(() => row(s, name).innerText(), POLL).toMatch(/Blood 30\/30.*AC 8/s);
        // Known foes: the player sees their numbers and the odds against them (TB-17).
        await s.getByRole('button', { name: `Show ${name}'s numbers to players` }).click();
      }
      await p.getByRole('tab', { name: 'Combat' }).click();
      await row(p, 'Hobgoblin').waitFor();

      // The player's character attacks on its own turn only: on another's, its button waits and says why.
      const playersHero = heroes.find((h) => pageOf.get(h) === p)!;
      let offTurnSeen = false;
      for (let round = 1; round <= ROUNDS; round++) {
        // Round 1: the party ambushed; after it, every round's WIS saves.
        await s.locator('#bb-ambush').selectOption(round === 1 ? 'party' : '');
        await expect.poll(() => s.locator('#bb-initiative-odds').innerText(), POLL).toMatch(round === 1 ? /party ambushed: they act first every round/ : /passes a WIS save on a d20 under WIS/);
        const before = await cards(s);
        // One Roll initiative button, the one that rolls with the ambush chosen.
        await expect.poll(() => s.getByRole('button', { name: /Roll initiative/ }).count(), POLL).toBe(1);
        await s.getByRole('button', { name: 'Roll initiative', exact: true }).click();
        await expect.poll(() => cards(s), POLL).toBeGreaterThan(before);
        if (round === 1) {
          for (const h of heroes) await expect.poll(() => row(s, h).innerText(), POLL).toMatch(/Ambusher/);
          await s.getByRole('button', { name: 'Start the fight' }).click();
        } else {
          for (const h of heroes) await expect.poll(() => row(s, h).innerText(), POLL).not.toMatch(/Ambusher/);
        }
        await expect.poll(() => s.locator('.combatants > li.current').count(), POLL).toBe(1);
        for (let turn = 0; turn < 4; turn++) {
          const acting = (await s.locator('.combatants > li.current .who').innerText()).trim();
          if (!offTurnSeen && acting !== playersHero) {
            const own = p.getByRole('form', { name: `Attack with ${playersHero}` });
            await expect.poll(() => own.locator('.attack-wait').innerText(), POLL).toBe(`It is ${acting}'s turn: ${playersHero} attacks on their own.`);
            expect(await own.getByRole('button', { name: 'Attack', exact: true }).isDisabled()).toBe(true);
            offTurnSeen = true;
          }
          await attackWith(pageOf.get(acting) ?? s, acting);
          if (round === 2 && turn === 1) await shot(s, 'bb-fight-tracker');
          if (turn < 3 || round < ROUNDS) {
            const next = await cards(s);
            await s.getByRole('button', { name: 'Next turn' }).click();
            await expect.poll(() => cards(s), POLL).toBeGreaterThan(next);
          }
        }
      }
      expect(offTurnSeen, "the player's character waited for its turn at least once").toBe(true);
      await shot(p, 'bb-fight-player');
      // A character is hurt by now, or after a few more goblin blows.
      let victim = await hurt(s, heroes);
      for (let i = 0; victim === null && i < MAX_EXTRA; i++) {
        await attackWith(s, 'Goblin');
        victim = await hurt(s, heroes);
      }
      expect(victim, `a goblin hurts a character within ${MAX_EXTRA} extra blows`).not.toBeNull();
      const tracked = /Blood (\d+\/\d+)/.exec(await row(s, victim!).locator('.health').innerText())![1]!;
      await s.getByRole('button', { name: 'End the fight' }).click();
      // The sheet shows the Blood the tracker shows, and the blow in the history.
      const owner = pageOf.get(victim!)!;
      await owner.getByRole('tab', { name: 'Characters' }).click();
      await owner.getByRole('button', { name: victim!, exact: true }).click();
      const sheet = owner.locator('article.sheet');
      await expect.poll(() => sheet.innerText(), POLL).toContain(`Blood${'\n'}${tracked}`);
      await expect.poll(() => sheet.locator('.sheet-history').innerText(), POLL).toMatch(/goblin: \d+ damage.*Blood \d+ -> \d+/is);
      await shot(owner, 'bb-fight-sheet');
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 240_000);
});
