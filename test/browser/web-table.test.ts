/**
 * The web table in real Chromium against the real table server: two people at one table see each
 * other's rolls live; a Smith-only roll never reaches a player's page; the character wizard makes a
 * character whose sheet rolls; axe finds no serious or critical problem on any page, in both themes,
 * at phone and desktop widths. Screenshots go to test/browser/screenshots/.
 */
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { labelOf, rollCharacter } from '../../src/rules/hammercrawl/create-character.js';
import { SCREENSHOTS, launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps, type Seat } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** On a phone the log is a view of its own, behind its tab: open it (a wide screen shows it always). */
async function showLog(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Log/ });
  if ((await tab.count()) > 0) await tab.click();
}

describe.skipIf(reason !== null)(`web table in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const { api, tableWithPlayer, seated, openTable, roll, keepNewCharacter, bodyText, card, shot } = tableSteps(
    () => server,
    () => browser,
  );

  it('creates a table, shares the invite link, and shows each side the other\'s rolls live', async () => {
    const smithContext = await seated(null);
    const playerContext = await seated(null, { width: 360, height: 740 });
    try {
      const smith = await smithContext.newPage();
      await smith.goto(server.url);
      await smith.getByLabel('Table name').fill('The Sunken Keep');
      await smith.getByLabel('Ruleset').selectOption('hammercrawl');
      await smith.getByRole('button', { name: 'Create table' }).click();
      await smith.waitForURL(/\/t\//);
      await smith.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      // The theme toggle overrides the system theme and is remembered.
      await smith.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(smith.evaluate<string | undefined>('document.documentElement.dataset.theme')).resolves.toBe('dark');
      await smith.getByRole('button', { name: 'Switch to light theme' }).click();
      // Right after creation the invite link is up front (no tab to find), with a Copy button.
      const linkField = smith.locator('#invite-link');
      await linkField.waitFor();
      expect(await smith.getByRole('button', { name: 'Invite players' }).getAttribute('aria-expanded')).toBe('true');
      // The Smith sees how large the table's log is.
      await smith.locator('.invite .log-size').filter({ hasText: /^The table's log holds \d+ kB\.$/ }).waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(/\/t\/[^#]+#invite=/);
      await smith.locator('.invite').getByRole('button', { name: 'Copy', exact: true }).click();
      await expect.poll(() => smith.locator('.invite [role=status]').innerText(), { timeout: 10_000 }).toMatch(/Copied|Select and copy/);
      await shot(smith, 'invite-after-create-desktop');

      const player = await playerContext.newPage();
      await player.goto(link);
      await player.getByLabel('Your name').fill('Wren');
      await player.getByRole('button', { name: 'Join the table' }).click();
      await player.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      expect(player.url()).not.toContain('invite=');

      await roll(player, '2d6+1', 'Wren swings');
      await card(smith, 'Wren swings').waitFor();
      await expect.poll(() => card(smith, 'Wren swings').locator('.who').innerText(), { timeout: 10_000 }).toBe('Wren');
      await showLog(player);
      await card(player, 'Wren swings').waitFor();

      await roll(smith, '1d20adv', 'Smith checks the trap');
      await card(player, 'Smith checks the trap').waitFor();
      expect(await card(player, 'Smith checks the trap').locator('.dice li').count()).toBe(2);
      expect(await card(player, 'Smith checks the trap').locator('.dice li.dropped').count()).toBe(1);
      // The log announces new rolls to screen readers.
      await expect.poll(() => player.locator('#log-announcer').innerText(), { timeout: 10_000 }).toContain('Smith checks the trap');

      // Coming back later: the seat is kept per table and the table opens again without the link.
      // A new link: the old one stops working for newcomers; members stay.
      await smith.getByRole('button', { name: /New link/ }).click();
      await expect.poll(() => linkField.inputValue(), { timeout: 10_000 }).not.toBe(link);
      const late = await smithContext.browser()!.newContext();
      const latePage = await late.newPage();
      await latePage.goto(link);
      // The join page says so before anyone types a name.
      await latePage.getByRole('heading', { name: 'This invite link is no longer valid' }).waitFor();
      await late.close();

      await player.goto(server.url);
      await player.getByRole('link', { name: 'The Sunken Keep' }).click();
      await player.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await showLog(player);
      await card(player, 'Wren swings').waitFor();
      await shot(player, 'flow-player-phone');
      await shot(smith, 'flow-smith-desktop');
    } finally {
      await smithContext.close();
      await playerContext.close();
    }
  });

  it('never puts a Smith-only roll on a player\'s page, and hides a blind roll even from its roller', async () => {
    const { smith, player } = await tableWithPlayer('Secrets');
    const smithContext = await seated(smith);
    const playerContext = await seated(player);
    try {
      const s = await openTable(smithContext, smith.tableId);
      const p = await openTable(playerContext, player.tableId);
      await roll(s, '1d4+777000', 'CANARY-SMITH', 'smith');
      await card(s, 'CANARY-SMITH').waitFor();
      await p.locator('.log .card.secret', { hasText: 'Secret roll by Smith' }).waitFor();
      await roll(p, '1d6+888000', 'BLIND-CANARY', 'blind');
      await card(s, 'BLIND-CANARY').waitFor();
      await p.locator('.log .card.secret', { hasText: 'Your blind roll: only the Smith sees the result' }).waitFor();
      await roll(p, '1d8', 'Wren in the open');
      await card(p, 'Wren in the open').waitFor();
      const text = await bodyText(p);
      expect(text).not.toContain('CANARY');
      expect(text).not.toContain('77700');
      expect(text).not.toContain('88800');
      const html = await p.content();
      expect(html).not.toContain('CANARY-SMITH');
      expect(html).not.toContain('77700');
      // A page loaded later (replay) redacts the same way.
      const again = await openTable(playerContext, player.tableId);
      await again.locator('.log .card.secret').first().waitFor();
      expect(await bodyText(again)).not.toContain('CANARY-SMITH');
      await shot(again, 'secret-player-view');
      await shot(s, 'secret-smith-view');
    } finally {
      await smithContext.close();
      await playerContext.close();
    }
  });

  it('shows exact odds before rolling and rolls a Test through the ruleset', async () => {
    const { player } = await tableWithPlayer('Odds');
    const context = await seated(player);
    try {
      const p = await openTable(context, player.tableId);
      // The odds need no network: computed here, before the roll, also offline.
      await context.setOffline(true);
      await p.locator('#tray-notation').fill('2d6');
      await expect.poll(() => p.locator('.tray .odds').first().innerText(), { timeout: 10_000 }).toContain('2 to 12, average 7.00');
      await p.locator('#tray-notation').fill('4d6kh3');
      await expect.poll(() => p.locator('.tray .odds').first().innerText(), { timeout: 10_000 }).toContain('3 to 18, average 12.24');
      await context.setOffline(false);
      await p.locator('#tray-notation').fill('2d6+');
      await expect.poll(() => p.locator('#tray-notation-help').innerText(), { timeout: 10_000 }).toMatch(/Column 5/);
      await p.locator('#tray-notation').fill('');
      await p.getByRole('button', { name: 'Test', exact: true }).click();
      await p.locator('#tray-target').fill('12');
      await p.locator('.tray .odds .outcomes').first().waitFor();
      await expect.poll(() => p.locator('.tray .odds').first().innerText(), { timeout: 10_000 }).toMatch(/60\.0%/);
      await p.locator('button.roll').click();
      await p.locator('.log .card', { hasText: /Success|Failure/ }).first().waitFor();
      await shot(p, 'tray-test-desktop');
      // Keyboard: / focuses the notation, Enter rolls, ? opens help.
      await p.locator('body').click({ position: { x: 5, y: 5 } });
      await p.getByRole('button', { name: 'Roll', exact: true }).click();
      await p.keyboard.press('/');
      await expect(p.evaluate<string | undefined>('document.activeElement ? document.activeElement.id : undefined')).resolves.toBe('tray-notation');
      await p.keyboard.type('3d8');
      await p.keyboard.press('Enter');
      await card(p, '3d8').waitFor();
      await p.locator('body').click({ position: { x: 5, y: 5 } });
      await p.keyboard.press('?');
      await p.getByRole('dialog', { name: 'Help' }).waitFor();
      await p.keyboard.press('Escape');
      // Real dice: the faces are asked die by die and checked against the die.
      await p.locator('#tray-physical').check();
      await roll(p, '2d6+1', 'Real dice roll');
      await p.locator('#physical-face').fill('7');
      await p.getByRole('button', { name: 'Enter', exact: true }).click();
      await expect.poll(() => p.locator('#physical-error').innerText(), { timeout: 10_000 }).toContain('1 to 6');
      await p.locator('#physical-face').fill('3');
      await p.getByRole('button', { name: 'Enter', exact: true }).click();
      await p.getByLabel('Die 2: the d6 shows').fill('4');
      await p.getByRole('button', { name: 'Enter', exact: true }).click();
      const real = card(p, 'Real dice roll');
      await real.waitFor();
      // Hammer dice: a Check's pool with its exact odds, rolled by the server.
      await p.locator('details.sub summary', { hasText: 'Hammer dice pool' }).click();
      await p.locator('#hammer-check-adv').fill('1');
      await p.locator('.hammer .odds table.symbols').waitFor();
      await p.locator('#hammer-check-label').fill('Hammer climb');
      await p.getByRole('button', { name: 'Roll hammer dice' }).click();
      await card(p, 'Hammer climb').waitFor();
      await shot(p, 'hammer-rolled');
      await real.waitFor();
      await expect.poll(() => real.locator('.total strong').innerText(), { timeout: 10_000 }).toBe('8');
      await expect.poll(() => real.innerText(), { timeout: 10_000 }).toContain('Real dice');
    } finally {
      await context.close();
    }
  });

  it('creates a character with the wizard, rolls a stat from its sheet, prints it, and imports one from JSON', async () => {
    const { player } = await tableWithPlayer('Characters');
    const context = await seated(player, { width: 360, height: 740 });
    try {
      const p = await openTable(context, player.tableId);
      await keepNewCharacter(p);
      const sheet = p.locator('article.sheet');
      await sheet.waitFor();
      const name = await sheet.locator('#sheet-name').innerText();
      expect(name.length).toBeGreaterThan(0);
      await shot(p, 'sheet-phone');
      // Labels, not the data tables' ids.
      const log0 = await api<{ events: { kind: string; character?: { document: Record<string, unknown> } }[] }>(`/api/tables/${player.tableId}/log?since=0`, undefined, player.token);
      const doc0 = log0.events.find((e) => e.kind === 'character-saved')!.character!.document;
      const sheetText = await sheet.innerText();
      const skill = (doc0['skills'] as { id: string }[]).map((x) => x.id).find((id) => labelOf(id) !== id);
      expect(skill, 'a skill whose label differs from its id').toBeDefined();
      expect(sheetText).toContain(labelOf(skill!));
      for (const key of ['stock', 'class']) {
        const id = doc0[key];
        if (typeof id === 'string' && /-/.test(id)) expect(sheetText).not.toContain(id);
      }
      expect(sheetText).not.toMatch(/: (yes|no)$|\t(yes|no)$|\n(yes|no)\n/m);
      // A stat opens the tray set up for a Test against it, the odds shown; the player rolls.
      const stat = sheet.locator('button.stat').first();
      await stat.click();
      await expect.poll(() => p.locator('#tray-label').inputValue(), { timeout: 10_000 }).toMatch(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
      expect(await p.getByRole('button', { name: 'Test', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await p.locator('.tray .odds .outcomes').first().waitFor();
      await shot(p, 'sheet-stat-to-tray-phone');
      expect(await p.locator('.log .card', { hasText: `${name}:` }).count()).toBe(0);
      await p.locator('button.roll').click();
      await showLog(p);
      await card(p, `${name}:`).waitFor();
      await shot(p, 'sheet-rolled-phone');
      await p.getByRole('tab', { name: 'Characters' }).click();
      await sheet.screenshot({ path: join(SCREENSHOTS, 'sheet-only-phone.png') });
      // The print stylesheet prints the sheet alone.
      await p.emulateMedia({ media: 'print' });
      await shot(p, 'sheet-print');
      expect(await p.locator('.tray').isVisible()).toBe(false);
      await p.emulateMedia({ media: 'screen' });

      // Import: a document with a mistake names its JSON path; the whole one lands on the table.
      const log = await api<{ events: { kind: string; character?: { document: Record<string, unknown> } }[] }>(`/api/tables/${player.tableId}/log?since=0`, undefined, player.token);
      const doc = log.events.find((e) => e.kind === 'character-saved')!.character!.document;
      await p.getByRole('button', { name: /All characters/ }).click();
      await p.getByRole('button', { name: 'Import JSON' }).click();
      await p.getByLabel('Or paste the JSON').fill(JSON.stringify({ ...doc, stats: { ...(doc['stats'] as object), STR: { score: 'ten' } } }));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => p.locator('#import-error').innerText(), { timeout: 10_000 }).toMatch(/\$\.stats\.STR/);
      const inventory = (doc['inventory'] as Record<string, unknown>[]).map((item) => (item['id'] === 'torch' ? { ...item, resourceDie: 6 } : item));
      await p.getByLabel('Or paste the JSON').fill(JSON.stringify({ ...doc, name: 'Imported Hero', inventory }));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => p.locator('#sheet-name').innerText(), { timeout: 10_000 }).toBe('Imported Hero');
      // A resource die on the sheet is a button: the usage roll lands in the log.
      await p.locator('.usage-buttons button', { hasText: 'torch' }).click();
      await showLog(p);
      await card(p, 'Imported Hero: torch').waitFor();
      await shot(p, 'usage-rolled');
    } finally {
      await context.close();
    }
  });

  it('drives the other rulesets through the generic contract: checks with odds, the wizard, the sheet', async () => {
    for (const ruleset of ['bare-bones', 'so-long-as-men-die', 'exalted-hack']) {
      const { player, smith } = await tableWithPlayer(`Generic ${ruleset}`, ruleset);
      const context = await seated(player);
      try {
        if (ruleset === 'bare-bones') {
          // The combat tracker asks for what this table's ruleset reads (Blood, an Armor Class), not HAMMERCRAWL!'s dice.
          const sc = await seated(smith);
          const s = await openTable(sc, smith.tableId);
          await s.getByRole('tab', { name: 'Combat' }).click();
          await s.locator('#combat-health').waitFor();
          expect(await s.locator('#combat-health').getAttribute('placeholder')).toBe('e.g. 8/8 (Sweat 3/3)');
          expect(await s.locator('datalist option[value="d3"]').count()).toBe(0);
          await s.locator('#combat-armour').fill('d3');
          await expect.poll(() => s.locator('#combat-armour-hint').innerText(), { timeout: 10_000 }).toMatch(/Armor Class is a whole number/);
          await sc.close();
        }
        const p = await openTable(context, player.tableId);
        await p.locator('details.sub summary', { hasText: 'checks' }).click();
        const form = p.locator('details.sub', { hasText: 'checks' });
        const kinds = await form.locator('#check-kind option').allTextContents();
        expect(kinds.length, `${ruleset} checks`).toBeGreaterThan(0);
        // A fresh form shows no problem and no CLI flag.
        expect(await form.locator('.error').count(), `${ruleset}: no error before any input`).toBe(0);
        expect(await form.innerText()).not.toMatch(/--[a-z]/);
        await keepNewCharacter(p);
        const sheet = p.locator('article.sheet');
        await sheet.waitFor();
        const name = await sheet.locator('#sheet-name').innerText();
        expect(name.length, `${ruleset} character name`).toBeGreaterThan(0);
        expect(await sheet.locator('button.stat').count(), `${ruleset} stats`).toBeGreaterThan(0);
        const firstEnabled = sheet.locator('button.stat:not([disabled])').first();
        expect(await sheet.innerText()).not.toMatch(/\n(yes|no)\n/);
        if ((await firstEnabled.count()) > 0) {
          // The stat sets up its check (tray or the check form) and focuses its Roll button; Enter rolls.
          await firstEnabled.click();
          await expect.poll(() => p.evaluate<string>('document.activeElement ? document.activeElement.textContent || "" : ""'), { timeout: 10_000 }).toMatch(/^Roll/);
          expect(await p.locator('.log .card', { hasText: `${name}:` }).count()).toBe(0);
          await shot(p, `generic-${ruleset}-stat-set-up`);
          if (ruleset === 'bare-bones') {
            // A Bare Bones check is always a d20: the tray offers no Steps control for it (ruling BB-37).
            expect(await p.locator('#tray-steps').count()).toBe(0);
            expect(await p.locator('output.stepped').count()).toBe(0);
          }
          await p.keyboard.press('Enter');
          await card(p, `${name}:`).waitFor();
        }
        await shot(p, `generic-${ruleset}`);
      } finally {
        await context.close();
      }
    }
  });

  it('runs a fight in the combat tracker (order, turns, conditions, Health, seen by the players) and the light timers', async () => {
    const { smith, player } = await tableWithPlayer('Fight');
    const sc = await seated(smith);
    const pc = await seated(player, { width: 360, height: 740 });
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.locator('#combat-name').fill('Goblin');
      await s.locator('#combat-health').fill('d6');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await s.locator('.combatants li', { hasText: 'Goblin' }).waitFor();
      await s.locator('#combat-name').fill('Ogre');
      // A die the chain lacks is refused at the field, before it is sent.
      await s.locator('#combat-health').fill('d9');
      await expect.poll(() => s.locator('#combat-health-hint').innerText(), { timeout: 10_000 }).toMatch(/d9 is not a die/);
      await s.locator('#combat-health').fill('');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await s.locator('.combatants > li', { hasText: 'Ogre' }).waitFor();
      await s.getByRole('button', { name: 'Move Ogre up' }).click();
      await expect.poll(() => s.locator('.combatants > li .who').first().innerText(), { timeout: 10_000 }).toBe('Ogre');
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await s.locator('.combatants > li.current').waitFor();
      await s.getByLabel('Condition for Goblin').fill('prone');
      await s.locator('.combatants > li', { hasText: 'Goblin' }).getByRole('button', { name: 'Add condition' }).click();
      await s.getByRole('button', { name: 'Remove prone from Goblin' }).waitFor();
      await s.getByLabel('Health of Goblin').fill('d4');
      await s.locator('.combatants > li', { hasText: 'Goblin' }).getByRole('button', { name: 'Save' }).click();
      await s.locator('.combatants > li', { hasText: 'Health d4' }).waitFor();
      await s.getByRole('button', { name: 'Mark down: Goblin is out of the fight' }).click();
      await s.locator('.combatants > li.down', { hasText: 'Goblin' }).waitFor();
      await s.getByRole('button', { name: 'Mark up: Goblin is back in the fight' }).click();
      await s.getByRole('button', { name: 'Next turn' }).click();
      await p.getByRole('tab', { name: 'Combat' }).click();
      await p.locator('.combatants > li', { hasText: 'prone' }).waitFor();
      expect(await p.getByRole('button', { name: 'Next turn' }).count()).toBe(0);
      await shot(s, 'combat-smith-fight');
      // Light: kept by the server as Venture events, counted down here.
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      await s.getByRole('button', { name: 'Light it' }).click();
      await s.locator('.timers li', { hasText: /Torch 1 \(torch\): \d+:\d\d/ }).waitFor();
      await s.locator('.timers li', { hasText: 'Torch 1' }).getByRole('button', { name: 'Douse' }).click();
      await s.locator('.timers li', { hasText: 'Torch 1 (torch): out' }).waitFor();
      await s.locator('.timers li', { hasText: 'Torch 1' }).getByRole('button', { name: 'Relight' }).waitFor();
      await shot(p, 'combat-player-fight');
    } finally {
      await sc.close();
      await pc.close();
    }
  });

  it('attacks in one click from the combat tracker with the odds shown first, and both pages see the Health Die step down', async () => {
    const { smith, player } = await tableWithPlayer('One-click attacks');
    const sc = await seated(smith);
    const pc = await seated(player, { width: 360, height: 740 });
    try {
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      const hero = await p.locator('article.sheet #sheet-name').innerText();

      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.getByRole('button', { name: 'Add the party' }).click();
      const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${who.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
      await row(s, hero).waitFor();
      await s.locator('#combat-name').fill('Goblin');
      await s.locator('#combat-health').fill('d8');
      await s.getByLabel('Monster line (for one-click attacks)').fill('hd=1,attack=+1,defense=6,damage=d6');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await row(s, 'Goblin').locator('.monster', { hasText: 'hd=1' }).waitFor();
      await shot(s, 'attack-smith-before');

      // The odds are on the page before the click: the Smith's, who knows the Goblin's numbers.
      const smithForm = s.getByRole('form', { name: `Attack with ${hero}` });
      await expect.poll(() => smithForm.locator('.attack-odds').innerText(), { timeout: 10_000 }).toMatch(/Hit \d+\.\d%.*crit.*Goblin down/s);
      expect(await smithForm.locator('.attack-odds').innerText()).toMatch(/Likeliest after: .*%/);
      // A called shot changes the odds before the click.
      const plain = await smithForm.locator('.attack-odds').innerText();
      await smithForm.getByLabel('Called shot').selectOption('2');
      await expect.poll(() => smithForm.locator('.attack-odds').innerText(), { timeout: 10_000 }).not.toBe(plain);
      await smithForm.getByLabel('Called shot').selectOption('0');
      await expect.poll(() => smithForm.locator('.attack-odds').innerText(), { timeout: 10_000 }).toBe(plain);
      // The player attacks with their own character; the Goblin's numbers (and so the odds) are the Smith's.
      await p.getByRole('tab', { name: 'Combat' }).click();
      const form = p.getByRole('form', { name: `Attack with ${hero}` });
      await form.waitFor();
      await expect.poll(() => form.locator('.attack-odds').innerText(), { timeout: 10_000 }).toMatch(/the odds are the Smith's to know/);
      // A player cannot attack with the monster.
      expect(await p.getByRole('form', { name: 'Attack with Goblin' }).count()).toBe(0);
      await shot(p, 'attack-player-odds-phone');
      // A player attacks on their character's turn: before the fight the button waits and says why.
      expect(await form.getByRole('button', { name: 'Attack', exact: true }).isDisabled()).toBe(true);
      expect(await form.locator('.attack-wait').innerText()).toBe(`The fight has not started: ${hero} attacks on their turn.`);
      // Started without an initiative roll, the order is the order of adding: the character acts first.
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await expect.poll(() => form.getByRole('button', { name: 'Attack', exact: true }).isEnabled(), { timeout: 10_000 }).toBe(true);
      expect(await form.locator('.attack-wait').count()).toBe(0);

      const attacksOn = async (page: Page) => ((await page.locator('.attack-log').count()) === 0 ? 0 : Number(await page.locator('.attack-log').getAttribute('data-count')));
      const healthOf = async (page: Page) => (await row(page, 'Goblin').locator('.health').innerText()).replace(/^\W*Health\s*/, '').trim();
      expect(await healthOf(s)).toBe('d8');
      expect(await healthOf(p)).toMatch(/^—\s+hidden$/);
      let after = 'd8';
      for (let i = 0; i < 40 && after === 'd8'; i++) {
        const before = await attacksOn(p);
        await form.getByRole('button', { name: 'Attack', exact: true }).click();
        await expect.poll(() => attacksOn(p), { timeout: 10_000 }).toBe(before + 1);
        await expect.poll(() => attacksOn(s), { timeout: 10_000 }).toBe(before + 1);
        after = await healthOf(s);
      }
      expect(after, 'a hit lands within 40 attacks').not.toBe('d8');
      expect(await p.locator('.attack-log > ol > li').first().innerText()).toMatch(/hits|crits/);
      // The Smith's page shows the new Health Die, and the attack's lines; the player's still hides it.
      expect(await healthOf(p)).toMatch(/^—\s+hidden$/);
      await s.locator('.attack-log > ol > li').first().locator('.explain li').first().waitFor();
      await shot(p, 'attack-player-hit-phone');
      await shot(s, 'attack-smith-hit-desktop');

      // The Smith attacks with the monster: the odds against the character, then the roll.
      const goblinForm = s.getByRole('form', { name: 'Attack with Goblin' });
      if ((await goblinForm.count()) > 0) {
        await expect.poll(() => goblinForm.locator('.attack-odds').innerText(), { timeout: 10_000 }).toMatch(/Hit \d+\.\d%/);
        const n = await attacksOn(s);
        await goblinForm.getByRole('button', { name: 'Attack', exact: true }).click();
        await expect.poll(() => attacksOn(s), { timeout: 10_000 }).toBe(n + 1);
      }

      // axe on the combat page with attack controls and the attack log: both themes, phone and desktop.
      const failures: string[] = [];
      for (const vp of VIEWPORTS) {
        for (const theme of THEMES) {
          const ctx = await seated(smith, { width: vp.width, height: vp.height, colorScheme: theme });
          const page = await openTable(ctx, smith.tableId);
          await page.getByRole('tab', { name: 'Combat' }).click();
          await page.locator('form.attack .attack-odds').first().waitFor();
          await page.locator('.attack-log').waitFor();
          const result = await new AxeBuilder({ page }).analyze();
          for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
            failures.push(`combat-attack-${vp.name}-${theme}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
          }
          await shot(page, `combat-attack-${vp.name}-${theme}`);
          await page.locator('.combat').screenshot({ path: join(SCREENSHOTS, `combat-attack-panel-${vp.name}-${theme}.png`) });
          await ctx.close();
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 240_000);

  it('keeps the character as the record of play: the Smith\'s attack steps the Health Die on the player\'s open sheet, the player\'s coins reach the Smith, the history says who', async () => {
    const { smith, player } = await tableWithPlayer('Living characters');
    const sc = await seated(smith);
    const pc = await seated(player, { width: 390, height: 844 });
    try {
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      const hero = await p.locator('article.sheet #sheet-name').innerText();
      const tracker = (page: Page, label: string) => page.locator('article.sheet .trackers > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
      const healthBefore = await tracker(p, 'Health Die').innerText();

      // The Smith's goblin attacks until a hit gets through; the player's sheet, open all along, follows.
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.getByRole('button', { name: 'Add the party' }).click();
      await s.locator('#combat-name').fill('Goblin');
      await s.locator('#combat-health').fill('d8');
      await s.getByLabel('Monster line (for one-click attacks)').fill('hd=3,attack=+6,defense=6,damage=d12');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      const goblinForm = s.getByRole('form', { name: 'Attack with Goblin' });
      await expect.poll(() => goblinForm.locator('.attack-odds').innerText(), { timeout: 10_000 }).toMatch(/Hit \d+\.\d%/);
      let healthAfter = healthBefore;
      for (let i = 0; i < 40 && healthAfter === healthBefore; i++) {
        await goblinForm.getByRole('button', { name: 'Attack', exact: true }).click();
        await s.waitForTimeout(150);
        healthAfter = await tracker(p, 'Health Die').innerText();
      }
      expect(healthAfter, 'a hit gets through within 40 attacks').not.toBe(healthBefore);
      await expect.poll(() => p.locator('.sheet-history').innerText(), { timeout: 10_000 }).toMatch(new RegExp(`Smith: Goblin (hits|crits) ${hero.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      await shot(p, 'living-player-sheet-after-hit-phone');

      // The player gains coins on the sheet; the Smith's copy of the sheet shows them, and who did it.
      const coinsOf = async (page: Page) => Number((await page.locator('article.sheet .trackers > div', { has: page.locator('dt', { hasText: /^Coins$/ }) }).locator('dd').innerText()).replace(/\D+/g, ''));
      const coins = await coinsOf(p);
      await p.locator('.sheet-play').getByRole('button', { name: 'Coins', exact: true }).click();
      await p.locator('.play-form').getByLabel('Coins').fill('7');
      await p.locator('.play-form').getByLabel('Reason').fill('goblin purse');
      await p.locator('.play-form').getByRole('button', { name: 'Coins', exact: true }).click();
      await expect.poll(() => coinsOf(p), { timeout: 10_000 }).toBe(coins + 7);
      await s.getByRole('tab', { name: 'Characters' }).click();
      await s.getByRole('button', { name: new RegExp(hero.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
      await expect.poll(() => coinsOf(s), { timeout: 10_000 }).toBe(coins + 7);
      expect(await s.locator('.sheet-history').innerText()).toMatch(/Wren: goblin purse: \+7 coins/);
      // The Smith undoes the player's last change: the coins go back on both pages.
      await s.getByRole('button', { name: 'Undo the last change' }).click();
      await expect.poll(() => coinsOf(p), { timeout: 10_000 }).toBe(coins);
      await shot(s, 'living-smith-sheet-after-undo-desktop');
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 240_000);

  it('runs a caster\'s magick from the sheet: set up, learn, prepare, the odds of keeping a spell, cast, rest', async () => {
    const { player } = await tableWithPlayer('Magick');
    const mage = rollCharacter(seededRandom(7), { method: 'semi', choices: { class: 'true-mage', classPrime: 'INT' }, name: 'Ysolde' });
    if (!mage.ok) throw new Error(mage.error.message);
    const context = await seated(player, { width: 360, height: 740 });
    try {
      const p = await openTable(context, player.tableId);
      await p.getByRole('tab', { name: 'Characters' }).click();
      await p.getByRole('button', { name: 'Import JSON' }).click();
      await p.getByLabel('Or paste the JSON').fill(JSON.stringify(mage.character));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => p.locator('#sheet-name').innerText(), { timeout: 10_000 }).toBe('Ysolde');
      const magick = p.locator('section.magick');
      await magick.getByRole('button', { name: 'Set up as caster' }).click();
      await magick.getByText(/Spell Die d\d+/).waitFor();
      await magick.getByLabel('New spell').fill('Sleep');
      await magick.getByLabel('Level').fill('1');
      await magick.getByRole('button', { name: 'Learn' }).click();
      await magick.locator('.spells li', { hasText: 'Sleep' }).waitFor();
      await magick.getByRole('button', { name: 'Prepare spells' }).click();
      const sleep = magick.locator('.spells li', { hasText: 'Sleep' });
      await expect.poll(() => sleep.innerText(), { timeout: 10_000 }).toMatch(/Keep it: \d+\.\d%/);
      await shot(p, 'magick-before-cast-phone');
      await sleep.getByRole('button', { name: 'Cast Sleep' }).click();
      await magick.locator('summary', { hasText: 'Recent magick' }).click();
      await expect.poll(() => magick.locator('.explain').innerText(), { timeout: 10_000 }).toMatch(/Sleep|sleep/);
      expect(await magick.getByRole('button', { name: /Night rest/ }).isDisabled()).toBe(true);
      await magick.getByRole('button', { name: 'Town rest' }).click();
      await expect.poll(() => magick.locator('.explain li').first().innerText(), { timeout: 10_000 }).toMatch(/town/i);
      expect(await magick.getByRole('alert').count()).toBe(0);
      await shot(p, 'magick-after-cast-phone');
      await magick.screenshot({ path: join(SCREENSHOTS, 'magick-section-phone.png') });
      const axe = await new AxeBuilder({ page: p }).include('section.magick').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs a Venture from the Smith\'s screen: party, dungeon, node, node pool, marks, XP, back to town', async () => {
    const { smith, player } = await tableWithPlayer('Venture');
    const pc = await seated(player);
    const sc = await seated(smith);
    try {
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      const hero = await p.locator('article.sheet #sheet-name').innerText();
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      const panel = s.locator('section.venture');
      await panel.getByRole('button', { name: 'Join the party' }).click();
      await panel.locator('.party li', { hasText: hero }).waitFor();
      await panel.getByLabel('Dungeon').fill('goblin-warren');
      await panel.getByLabel('Difficulty').fill('2');
      await panel.getByRole('button', { name: 'Start the Venture' }).click();
      await expect.poll(() => panel.locator('.venture-status').innerText(), { timeout: 10_000 }).toContain('In goblin-warren');
      await panel.getByRole('button', { name: 'Enter the next node' }).click();
      await panel.getByRole('button', { name: 'Roll the node pool' }).click();
      await panel.getByRole('button', { name: 'Resolve the node' }).waitFor();
      await panel.screenshot({ path: join(SCREENSHOTS, 'venture-marks.png') });
      await panel.getByRole('button', { name: 'Resolve the node' }).click();
      await panel.locator('.node-outcome').waitFor();
      await panel.getByRole('button', { name: 'Clear the node (XP)' }).click();
      await expect.poll(() => panel.locator('.party li', { hasText: hero }).innerText(), { timeout: 10_000 }).toMatch(/[1-9]\d* XP/);
      await panel.getByRole('button', { name: 'Return to town' }).click();
      await expect.poll(() => panel.locator('.venture-status').innerText(), { timeout: 10_000 }).toMatch(/^In town/);
      // The lights still work next to it.
      await s.getByRole('button', { name: 'Light it' }).click();
      await s.locator('.timers li', { hasText: /Torch 1 \(torch\): \d+:\d\d/ }).waitFor();
      await shot(s, 'venture-smith-desktop');
      const axe = await new AxeBuilder({ page: s }).include('section.venture').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    } finally {
      await sc.close();
      await pc.close();
    }
  });

  it('creates a table with the Smith\'s own name', async () => {
    const context = await seated(null);
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.getByLabel('Table name').fill('Named Smith');
      await page.getByLabel(/Your name/).fill('Gruntilda');
      await page.getByRole('button', { name: 'Create table' }).click();
      await page.waitForURL(/\/t\//);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await roll(page, '1d6', 'Named roll');
      await expect.poll(() => card(page, 'Named roll').locator('.who').innerText(), { timeout: 10_000 }).toBe('Gruntilda');
      await page.goto(server.url);
      await expect.poll(() => page.locator('.table-list').innerText(), { timeout: 10_000 }).toContain('as Gruntilda · Smith');
      // With tables on this device, they come first.
      const headings = await page.locator('main h2').allInnerTexts();
      expect(headings.indexOf('Your tables')).toBeLessThan(headings.indexOf('Create a table'));
      await shot(page, 'start-named-smith');
    } finally {
      await context.close();
    }
  });

  it('tells a newcomer about a missing table or a revoked link, and the Smith revokes only after confirming', async () => {
    const { smith, inviteCode } = await tableWithPlayer('Revoked');
    const anon = await seated(null, { width: 360, height: 740 });
    const sc = await seated(smith);
    try {
      const page = await anon.newPage();
      await page.goto(`${server.url}/t/no-such-table#invite=abc`);
      await page.getByRole('heading', { name: 'No such table', level: 2 }).waitFor();
      await page.goto(`${server.url}/t/no-such-table`);
      await page.getByRole('heading', { name: 'No such table', level: 2 }).waitFor();
      await shot(page, 'join-no-such-table-phone');
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('button', { name: 'Invite players' }).click();
      await s.locator('#invite-link').waitFor();
      // Dismissing the confirmation keeps the link.
      s.once('dialog', (d) => void d.dismiss());
      await s.getByRole('button', { name: 'Revoke the link' }).click();
      await s.waitForTimeout(300);
      expect(await s.locator('#invite-link').count()).toBe(1);
      s.once('dialog', (d) => void d.accept());
      await s.getByRole('button', { name: 'Revoke the link' }).click();
      await s.getByText(/The invite is revoked/).waitFor();
      await page.goto(`${server.url}/t/${smith.tableId}#invite=${inviteCode}`);
      await page.getByRole('heading', { name: 'This invite link is no longer valid' }).waitFor();
      await shot(page, 'join-revoked-phone');
    } finally {
      await anon.close();
      await sc.close();
    }
  });

  it('shows the odds as text, and the checks form starts from the table\'s below-d3 ruling', async () => {
    const t = await api<{ id: string; smithToken: string; memberId: string }>('/api/tables', { name: 'Negate', ruleset: 'hammercrawl', settings: { 'below-d3': 'negate' } });
    const smith: Seat = { tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' };
    const failures: string[] = [];
    for (const vp of VIEWPORTS) {
      const context = await seated(smith, { width: vp.width, height: vp.height });
      try {
        const p = await openTable(context, smith.tableId);
        await p.locator('#tray-notation').fill('2d6');
        await expect.poll(() => p.locator('.tray .dist').innerText(), { timeout: 10_000 }).toMatch(/7\s+16\.7%/);
        expect(await p.locator('.tray .chart').getAttribute('role')).toBe('img');
        await shot(p, `odds-small-${vp.name}`);
        await p.locator('#tray-notation').fill('10d6');
        await expect.poll(() => p.locator('.tray .likeliest').innerText(), { timeout: 10_000 }).toMatch(/Likeliest: 33 \(/);
        await p.locator('#tray-odds-at').fill('40');
        await expect.poll(() => p.locator('.tray .threshold').innerText(), { timeout: 10_000 }).toMatch(/at least 40: \d+\.\d%.*at most 40: \d+\.\d%/s);
        await p.locator('.tray').screenshot({ path: join(SCREENSHOTS, `odds-large-${vp.name}.png`) });
        const axe = await new AxeBuilder({ page: p }).include('.tray').analyze();
        for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) failures.push(`odds-${vp.name}: ${v.id}`);
        await p.locator('details.sub summary', { hasText: 'checks' }).click();
        await expect.poll(() => p.locator('#check-test-below-d3').inputValue(), { timeout: 10_000 }).toBe('negate');
        await p.locator('details.sub', { hasText: 'checks' }).screenshot({ path: join(SCREENSHOTS, `checks-form-${vp.name}.png`) });
      } finally {
        await context.close();
      }
    }
    expect(failures).toEqual([]);
  });

  it('has no serious or critical axe violations on any page, light and dark, phone and desktop', async () => {
    const { smith, player, inviteCode } = await tableWithPlayer('Axe table');
    // Fill the table: rolls of each kind, a secret roll, a character, a combatant.
    {
      const c = await seated(smith);
      const s = await openTable(c, smith.tableId);
      await roll(s, '4d6kh3', 'Ability roll');
      await roll(s, '1d20', 'Hidden', 'smith');
      await s.getByRole('tab', { name: 'Combat' }).click();
      await s.locator('#combat-name').fill('Goblin');
      await s.locator('#combat-health').fill('d6');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await s.locator('.combatants li', { hasText: 'Goblin' }).waitFor();
      await c.close();
      const pc = await seated(player);
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      await p.locator('article.sheet').waitFor();
      await roll(p, '1d20^+1', 'Wren sneaks');
      await card(p, 'Wren sneaks').waitFor();
      await pc.close();
    }
    const failures: string[] = [];
    async function check(page: Page, label: string): Promise<void> {
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      for (const v of bad) failures.push(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      await shot(page, label);
    }
    for (const vp of VIEWPORTS) {
      for (const theme of THEMES) {
        const tag = `${vp.name}-${theme}`;
        const opts = { width: vp.width, height: vp.height, colorScheme: theme };
        const anon = await seated(null, opts);
        const start = await anon.newPage();
        await start.goto(server.url);
        await start.getByRole('heading', { name: 'Create a table' }).waitFor();
        await check(start, `start-${tag}`);
        await start.goto(`${server.url}/t/${player.tableId}#invite=${inviteCode}`);
        await start.getByLabel('Your name').waitFor();
        await check(start, `join-${tag}`);
        await start.goto(`${server.url}/t/no-such-table-here#invite=x`);
        await start.getByRole('heading', { name: 'No such table', level: 2 }).waitFor();
        await check(start, `join-missing-${tag}`);
        await anon.close();

        const sc = await seated(smith, opts);
        const s = await openTable(sc, smith.tableId);
        await showLog(s);
        await card(s, 'Wren sneaks').waitFor();
        await s.getByRole('button', { name: 'Invite players' }).click();
        await s.locator('#invite-link').waitFor();
        await check(s, `table-smith-${tag}`);
        await s.locator('.invite').getByRole('button', { name: 'Close' }).click();
        await s.getByRole('tab', { name: 'Combat' }).click();
        await s.locator('.combatants li').first().waitFor();
        await check(s, `combat-smith-${tag}`);
        await s.getByRole('tab', { name: 'Smith', exact: true }).click();
        await s.locator('#hammer-node-white').fill('2');
        await s.locator('#hammer-node-purple').fill('1');
        await s.locator('.smith .hammer table.symbols').waitFor();
        await check(s, `smith-screen-${tag}`);
        await s.getByRole('button', { name: /Help/ }).click();
        await s.getByRole('dialog', { name: 'Help' }).waitFor();
        await check(s, `help-${tag}`);
        await sc.close();

        const pc = await seated(player, opts);
        const p = await openTable(pc, player.tableId);
        await showLog(p);
        await p.locator('.log .card.secret').first().waitFor();
        await p.getByRole('tab', { name: 'Characters' }).click();
        await p.locator('.character-list button').first().click();
        await p.locator('article.sheet').waitFor();
        await check(p, `sheet-player-${tag}`);
        await p.getByRole('button', { name: /All characters/ }).click();
        await p.getByRole('button', { name: 'New character' }).click();
        await p.getByRole('button', { name: 'Roll the character' }).click();
        await p.getByRole('button', { name: 'Keep this character' }).waitFor();
        await check(p, `wizard-player-${tag}`);
        await pc.close();
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
