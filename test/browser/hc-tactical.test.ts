/**
 * HAMMERCRAWL!'s combat actions in real Chromium against the real server: a player's Tactical Attack
 * (odds first; the attack, the goblin's Save, then the player's choice of effect, which both pages see
 * on the goblin), Total Defense making the next attack on the goblin a Competition in the odds, and the
 * Smith's damage that is not an attack (a trap's 2d6) with its odds before the click, written on the
 * character; a Troll's STR button whose tray odds carry Monstrous Strength, and a Devout's Lay on Hands
 * with its odds first, healing in the log. Screenshots go to test/browser/screenshots/.
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
/** A goblin any attack connects with (Defense 1), whose Save is its plain d20. */
const GOBLIN_LINE = 'hd=1,attack=+1,defense=1,damage=2';
/** Tactical Attacks tried before the goblin fails its Save at least once (each fails it about half the time). */
const MAX_TRIES = 25;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(reason !== null)(`HAMMERCRAWL! combat actions in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, keepNewCharacter, card, shot } = tableStepsWithServer();
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });

  async function fightTable(title: string) {
    const { smith, player } = await tableWithPlayer(title);
    const sc = await seated(smith);
    const pc = await seated(player);
    const p = await openTable(pc, player.tableId);
    await keepNewCharacter(p);
    const hero = await p.locator('article.sheet #sheet-name').innerText();
    const s = await openTable(sc, smith.tableId);
    await s.getByRole('tab', { name: 'Combat' }).click();
    await s.getByRole('button', { name: 'Add the party' }).click();
    await row(s, hero).waitFor();
    await s.locator('#combat-name').fill('Goblin');
    await s.getByLabel('Monster line (for one-click attacks)').fill(GOBLIN_LINE);
    await s.getByRole('button', { name: 'Add', exact: true }).click();
    await row(s, 'Goblin').locator('.monster', { hasText: 'hd=1' }).waitFor();
    await p.getByRole('tab', { name: 'Combat' }).click();
    await row(p, 'Goblin').waitFor();
    return { sc, pc, s, p, hero };
  }

  it('a Tactical Attack: odds first, then the attack and the Save, then the player chooses the effect and both pages see it', async () => {
    const { sc, pc, s, p, hero } = await fightTable('A Tactical Attack');
    try {
      const more = p.locator('details.combat-actions', { has: p.locator('summary', { hasText: `More actions for ${hero}` }) });
      await more.locator('summary').click();
      const form = p.getByRole('form', { name: `Other actions of ${hero}` });
      await form.locator('select').first().selectOption('tactical');
      // The goblin's numbers are the Smith's (TB-17) until the Smith shows them: then the odds are the player's too.
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/the odds are the Smith's to know/);
      await s.getByRole('button', { name: "Show Goblin's numbers to players" }).click();
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/Connects \d+\.\d%.*saves \d+\.\d%.*one effect \d+\.\d%.*two \(a crit\) \d+\.\d%/s);
      await shot(p, 'hc-tactical-odds');
      const chooser = p.getByRole('form', { name: 'Tactical effects on Goblin' });
      let tries = 0;
      while ((await chooser.count()) === 0 && tries < MAX_TRIES) {
        const cards = await p.locator('.log .card', { hasText: 'Tactical Attack on Goblin' }).count();
        await form.getByRole('button', { name: 'Tactical Attack', exact: true }).click();
        await expect.poll(() => p.locator('.log .card', { hasText: 'Tactical Attack on Goblin' }).count(), POLL).toBe(cards + 1);
        tries += 1;
      }
      expect(await chooser.count(), `the goblin fails a Save within ${MAX_TRIES} Tactical Attacks`).toBe(1);
      expect(await card(p, 'Tactical Attack on Goblin').first().innerText()).toMatch(/chooses/);
      // The choice waits on the goblin, for everyone to see.
      await expect.poll(() => row(s, 'Goblin').innerText(), POLL).toMatch(/Tactical: choose [12]/);
      const selects = chooser.locator('select');
      for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption('hampered');
      await shot(p, 'hc-tactical-choose');
      await chooser.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => row(s, 'Goblin').innerText(), POLL).toMatch(/Hampered/);
      await expect.poll(() => row(p, 'Goblin').innerText(), POLL).not.toMatch(/Tactical: choose/);
      expect(await p.getByRole('form', { name: 'Tactical effects on Goblin' }).count()).toBe(0);
      await card(p, 'their next Check is -1 step').first().waitFor();

      // Total Defense: the Smith puts the goblin in it; the player's attack odds say it is a Competition.
      const attack = p.getByRole('form', { name: `Attack with ${hero}` });
      const plain = await attack.locator('.attack-odds').innerText();
      const goblinMore = s.locator('details.combat-actions', { has: s.locator('summary', { hasText: 'More actions for Goblin' }) });
      await goblinMore.locator('summary').click();
      const goblinForm = s.getByRole('form', { name: 'Other actions of Goblin' });
      await goblinForm.locator('select').first().selectOption('total-defense');
      await goblinForm.getByRole('button', { name: 'Take Total Defense' }).click();
      await expect.poll(() => row(s, 'Goblin').innerText(), POLL).toMatch(/Total Defense/);
      await expect.poll(() => attack.locator('.attack-odds').innerText(), POLL).not.toBe(plain);
      await shot(p, 'hc-total-defense');
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 180_000);

  it("the Smith's damage that is not an attack: a trap's 2d6 with its odds first, written on the character", async () => {
    const { sc, pc, s, p, hero } = await fightTable('A pit trap');
    try {
      const more = s.locator('details.combat-actions', { has: s.locator('summary', { hasText: `More actions for ${hero}` }) });
      await more.locator('summary').click();
      const form = s.getByRole('form', { name: `Other actions of ${hero}` });
      await form.locator('select').first().selectOption('damage');
      await form.getByLabel('What deals the damage').fill('Pit trap');
      await form.getByLabel('DV: a number or dice such as 2d6+1').fill('2d6');
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(new RegExp(`${escape(hero)} down \\d+\\.\\d%.*Likeliest after: .*%`, 's'));
      await shot(s, 'hc-damage-odds');
      // A player is offered no damage to deal.
      const playerMore = p.locator('details.combat-actions', { has: p.locator('summary', { hasText: `More actions for ${hero}` }) });
      await playerMore.locator('summary').click();
      expect(await p.getByRole('form', { name: `Other actions of ${hero}` }).locator('option[value="damage"]').count()).toBe(0);
      await form.getByRole('button', { name: 'Deal damage' }).click();
      // A hit is the character's change (its document, TC-1) with the DV roll in its lines; a soak is the tracker's line.
      // A random hero may wear armour: the hit can step or destroy the Armour Die, the Health Die, or both.
      const line = new RegExp(
        `Pit trap on ${escape(hero)}: (?:Health d\\d+ -> (d\\d+|down)|Armour d\\d+ -> (?:d\\d+|destroyed)(?:, Health d\\d+ -> (d\\d+|down))?)|${escape(hero)}: Pit trap, DV \\d+: (soaked)`,
      );
      await expect.poll(() => p.locator('.log').innerText(), POLL).toMatch(line);
      const found = line.exec(await p.locator('.log').innerText());
      const after = found?.[1] ?? found?.[2];
      if (after !== undefined && after !== 'down') await expect.poll(() => row(s, hero).innerText(), POLL).toContain(after);
      if (found?.[3] === undefined) await expect.poll(() => p.locator('.log').innerText(), POLL).toMatch(/Pit trap: damage 2d6: DV \d+/);
      await shot(p, 'hc-damage-after');
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 120_000);

  it("a Troll's STR Test carries Monstrous Strength into the tray's odds; a Devout lays hands on an ally, odds first", async () => {
    const { sc, pc, s, p, hero } = await fightTable('Stocks and healing');
    try {
      const importDoc = async (doc: unknown, name: string) => {
        await p.getByRole('tab', { name: 'Characters' }).click();
        // A sheet open: back to the list first.
        const back = p.getByRole('button', { name: /All characters/ });
        if ((await back.count()) > 0) await back.first().click();
        await p.getByRole('button', { name: 'Import JSON' }).click();
        await p.getByLabel('Or paste the JSON').fill(JSON.stringify(doc));
        await p.getByRole('button', { name: 'Import', exact: true }).click();
        await expect.poll(() => p.locator('#sheet-name').innerText(), { timeout: 10_000 }).toBe(name);
      };
      const troll = rollCharacter(seededRandom(21), { method: 'palladium', choices: { stock: 'troll', class: 'combatant', shtick: 'two-handed' }, name: 'Grak' });
      const sister = rollCharacter(seededRandom(31), { method: 'semi', choices: { class: 'devout', devoutPowers: [{ id: 'lay-on-hands', version: 'advanced' }, { id: 'revenant', version: 'basic' }] }, name: 'Sister Mora' });
      if (!troll.ok || !sister.ok) throw new Error('characters');
      await importDoc(troll.character, 'Grak');
      // The STR button: the tray's odds name the stock's step.
      await p.locator('article.sheet').getByRole('button', { name: /^Test (STR|Strength)\b/ }).click();
      const tray = p.locator('section.tray');
      await expect.poll(() => tray.locator('.odds').innerText(), POLL).toMatch(/Monstrous Strength/);
      await shot(p, 'hc-troll-str');
      await importDoc(sister.character, 'Sister Mora');
      await s.getByRole('button', { name: 'Add the party' }).click();
      await row(s, 'Sister Mora').waitFor();
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await p.getByRole('tab', { name: 'Combat' }).click();
      const more = p.locator('details.combat-actions', { has: p.locator('summary', { hasText: 'More actions for Sister Mora' }) });
      await more.locator('summary').click();
      const form = p.getByRole('form', { name: 'Other actions of Sister Mora' });
      await form.locator('select').first().selectOption('lay-on-hands');
      await form.getByLabel('on', { exact: true }).selectOption({ label: hero });
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/WIL Test at or under \d+: heals \d+\.\d%.*a crit \(three steps\)/s);
      await shot(p, 'hc-lay-on-hands-odds');
      await form.getByRole('button', { name: 'Lay on Hands' }).click();
      await expect.poll(() => p.locator('.log').innerText(), POLL).toMatch(new RegExp(`Sister Mora lays hands on ${escape(hero)}`));
      // In the fight it waits two rounds: the healer is marked, and the form says why.
      await expect.poll(() => row(s, 'Sister Mora').innerText(), POLL).toMatch(/Laid on hands \(round 1\)/);
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/once every other round/);
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 180_000);
});
