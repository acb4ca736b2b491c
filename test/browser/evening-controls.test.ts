/**
 * The controls of an evening at the table, in real Chromium against the real server: one click is one
 * command (a double click rolls and attacks once); the tray's label and Test modifiers stay with the
 * roll they were set for, and its words are plain (no command-line flags); a Smith-only sheet's stat
 * roll never reaches an observer; an attack aims at a foe and follows the tracker; the tracker refuses
 * Health and Armour its ruleset cannot read; players see the Smith's combatants hidden, the Smith sees a
 * foe's Health Die from the start; a character leaving while it acts passes the turn on; numbers out of
 * range are refused, never clamped; an empty Target is asked for; light names stay unique after a reload.
 * Screenshots of the tray and the tracker at 1280 and 390 wide go to test/browser/screenshots/.
 */
import { join as joinPath } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS, skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

/** Time a page is given to show a command's result (a duplicate would have arrived by then). */
const SETTLE_MS = 1500;
/** How long a poll waits for what the page must come to show. */
const POLL = { timeout: 20_000 } as const;
/** A goblin the HAMMERCRAWL! tracker can roll for: HD 1 gives it a d6 Health Die. */
const GOBLIN_LINE = 'hd=1,attack=+1,defense=6,damage=d6';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(reason !== null)(`the evening's controls in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { join, tableWithPlayer, seated, openTable, keepNewCharacter, bodyText, card, shot } = tableStepsWithServer();

  /** A tracker row by its combatant's exact name. */
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });
  /** The number of attacks the page's attack log holds. */
  const attacksOn = async (page: Page) => ((await page.locator('.attack-log').count()) === 0 ? 0 : Number(await page.locator('.attack-log').getAttribute('data-count')));
  /** The text of the option a select shows. */
  const shownOption = (page: Page, selector: string) => page.locator(selector).evaluate((s) => {
    const el = s as unknown as { selectedIndex: number; options: { text: string }[] };
    return el.options[el.selectedIndex]?.text ?? '';
  });

  /** The Smith adds a combatant from the tracker's form. */
  async function addCombatant(s: Page, name: string, fields: { side?: 'party' | 'foes'; health?: string; monster?: string } = {}) {
    await s.locator('#combat-name').fill(name);
    if (fields.side) await s.locator('#combat-side').selectOption(fields.side);
    await s.locator('#combat-health').fill(fields.health ?? '');
    if (fields.monster !== undefined) await s.getByLabel('Monster line (for one-click attacks)').fill(fields.monster);
    await s.getByRole('button', { name: 'Add', exact: true }).click();
    await row(s, name).waitFor();
    if (fields.side) await s.locator('#combat-side').selectOption('foes');
  }

  /** A HAMMERCRAWL! table: the player's new character, the Smith's tracker with the party in it. */
  async function fightTable(title: string, playerViewport: { width: number; height: number } = { width: 1280, height: 800 }) {
    const { smith, player, inviteCode } = await tableWithPlayer(title);
    const sc = await seated(smith);
    const pc = await seated(player, playerViewport);
    const p = await openTable(pc, player.tableId);
    await keepNewCharacter(p);
    const hero = await p.locator('article.sheet #sheet-name').innerText();
    const s = await openTable(sc, smith.tableId);
    await s.getByRole('tab', { name: 'Combat' }).click();
    await s.getByRole('button', { name: 'Add the party' }).click();
    await row(s, hero).waitFor();
    return { smith, player, inviteCode, sc, pc, s, p, hero };
  }

  it('makes one roll of a double click on Roll, and one attack of a double click on Attack (problem 6)', async () => {
    const { sc, pc, s, p, hero } = await fightTable('One click, one command');
    try {
      const cards = () => p.locator('.log .card').count();
      await p.locator('#tray-notation').fill('1d6+40');
      let before = await cards();
      await p.locator('button.roll').dblclick();
      await expect.poll(cards, POLL).toBe(before + 1);
      await p.waitForTimeout(SETTLE_MS);
      expect(await cards()).toBe(before + 1);
      // Two clicks in one go, before the page could draw the first as busy.
      before = await cards();
      await p.locator('button.roll').evaluate((b) => {
        const button = b as unknown as { click(): void };
        button.click();
        button.click();
      });
      await expect.poll(cards, POLL).toBe(before + 1);
      await p.waitForTimeout(SETTLE_MS);
      expect(await cards()).toBe(before + 1);

      await addCombatant(s, 'Goblin', { monster: GOBLIN_LINE });
      const form = s.getByRole('form', { name: `Attack with ${hero}` });
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/Hit \d+\.\d%/);
      const attack = form.getByRole('button', { name: 'Attack', exact: true });
      await attack.dblclick();
      await expect.poll(() => attacksOn(s), POLL).toBe(1);
      await p.getByRole('tab', { name: 'Combat' }).click();
      await expect.poll(() => attacksOn(p), POLL).toBe(1);
      await attack.evaluate((b) => {
        const button = b as unknown as { click(): void };
        button.click();
        button.click();
      });
      await expect.poll(() => attacksOn(s), POLL).toBe(2);
      await s.waitForTimeout(SETTLE_MS);
      expect(await attacksOn(s)).toBe(2);
      expect(await attacksOn(p)).toBe(2);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);

  it('keeps a label, a stat and the Test modifiers with the roll they were set for, in plain words (problem 4, the flags)', async () => {
    const { player } = await tableWithPlayer('The tray forgets');
    const pc = await seated(player, { width: 390, height: 844 });
    try {
      const p = await openTable(pc, player.tableId);
      // A label typed for one roll is not on the next one.
      await p.locator('#tray-notation').fill('1d20');
      await p.locator('#tray-label').fill('challenge 12');
      await p.locator('button.roll').click();
      await card(p, 'challenge 12').waitFor({ state: 'attached' });
      await expect.poll(() => p.locator('#tray-label').inputValue(), POLL).toBe('');
      await p.locator('#tray-notation').fill('4d6kh3');
      await p.locator('button.roll').click();
      await card(p, '4d6kh3').waitFor({ state: 'attached' });
      expect(await card(p, 'challenge 12').count()).toBe(1);

      // Test: a step in your favour and an Advantage, in words; no flag, no chain-direction notation.
      await p.locator('#tray-notation').fill('');
      await p.getByRole('button', { name: 'Test', exact: true }).click();
      await p.locator('#tray-target').fill('12');
      await p.getByRole('button', { name: 'Steps (+ helps you): one more' }).click();
      await p.locator('.tray').getByRole('group', { name: 'Advantage' }).getByRole('button', { name: 'Advantage', exact: true }).click();
      await p.locator('#tray-mod').fill('2');
      const odds = p.locator('.tray > form .odds');
      await expect.poll(() => odds.innerText(), POLL).toMatch(/advantage/i);
      const text = await odds.innerText();
      expect(text).not.toMatch(/--[a-z]/);
      expect(text).not.toMatch(/\^|\bdis\b|1d20/);
      expect(text).toMatch(/d16/);
      expect(await p.locator('.tray').innerText()).not.toMatch(/\(--/);
      await shot(p, 'evening-tray-test-phone');

      // Back to Roll mode: a d20, no steps, no advantage (a Test's step would be a d24 here).
      await p.getByRole('button', { name: 'Roll', exact: true }).click();
      await expect.poll(() => p.locator('#tray-steps').innerText(), POLL).toBe('0');
      expect(await p.locator('.tray').getByRole('group', { name: 'Advantage' }).getByRole('button', { name: 'Normal' }).getAttribute('aria-pressed')).toBe('true');
      expect(await p.locator('#tray-notation').getAttribute('placeholder')).toBe('1d20');
      expect(await p.locator('#tray-mod').inputValue()).toBe('0');
      const rolled = await p.locator('.log .card').count();
      await p.locator('button.roll').click();
      await expect.poll(() => p.locator('.log .card').count(), POLL).toBe(rolled + 1);
      const newest = p.locator('.log .card').first();
      expect(await newest.locator('.card-title').innerText()).toBe('1d20');
      expect(await newest.locator('.dice li').count()).toBe(1);
      // The Test comes back as it was left.
      await p.getByRole('button', { name: 'Test', exact: true }).click();
      await expect.poll(() => p.locator('#tray-steps').innerText(), POLL).toBe('+1');

      // A stat's label goes once the tray rolls something else.
      await keepNewCharacter(p);
      const hero = await p.locator('article.sheet #sheet-name').innerText();
      await p.locator('article.sheet button.stat').first().click();
      await expect.poll(() => p.locator('#tray-label').inputValue(), POLL).toMatch(new RegExp(`^${escape(hero)}: `));
      expect(await p.locator('#tray-steps').innerText()).toBe('0');
      await p.getByRole('button', { name: 'Roll', exact: true }).click();
      await expect.poll(() => p.locator('#tray-label').inputValue(), POLL).toBe('');
      await p.locator('#tray-notation').fill('2d6+300');
      await p.locator('button.roll').click();
      await card(p, '2d6+300').waitFor({ state: 'attached' });
      expect(await card(p, `${hero}:`).count()).toBe(0);
      // And after its own roll (on a phone the sheet is a view of its own: back to it).
      await p.getByRole('tab', { name: 'Characters' }).click();
      await p.locator('article.sheet button.stat').first().click();
      await expect.poll(() => p.locator('#tray-label').inputValue(), POLL).toMatch(new RegExp(`^${escape(hero)}: `));
      await p.locator('button.roll').click();
      await card(p, `${hero}:`).waitFor({ state: 'attached' });
      await expect.poll(() => p.locator('#tray-label').inputValue(), POLL).toBe('');
    } finally {
      await pc.close();
    }
  }, 120_000);

  it('keeps a stat roll from a Smith-only sheet off an observer\'s page (problem 5)', async () => {
    const { smith, player, inviteCode } = await tableWithPlayer('Behind the screen');
    const observer = await join(player.tableId, inviteCode, 'Olive', 'observer');
    const sc = await seated(smith);
    const pc = await seated(player);
    const oc = await seated(observer, { width: 390, height: 844 });
    try {
      const s = await openTable(sc, smith.tableId);
      const o = await openTable(oc, observer.tableId);
      const p = await openTable(pc, player.tableId);
      await keepNewCharacter(p);
      const hero = await p.locator('article.sheet #sheet-name').innerText();
      await p.locator('#sheet-visibility').selectOption('smith');
      await p.locator('article.sheet button.stat').first().click();
      await expect.poll(() => p.locator('#tray-label').inputValue(), POLL).toMatch(new RegExp(`^${escape(hero)}: `));
      // The tray says who will see it: the sheet's choice.
      expect(await p.locator('#tray-visibility').inputValue()).toBe('smith');
      await p.locator('button.roll').click();
      await card(s, `${hero}:`).waitFor({ state: 'attached' });
      await card(p, `${hero}:`).waitFor({ state: 'attached' });
      await o.locator('.log .card.secret').first().waitFor({ state: 'attached' });
      await o.waitForTimeout(SETTLE_MS);
      expect(await bodyText(o)).not.toContain(`${hero}:`);
      expect(await o.content()).not.toContain(`${hero}:`);
      // The next tray roll is the tray's own again: public.
      expect(await p.locator('#tray-visibility').inputValue()).toBe('public');
    } finally {
      await sc.close();
      await pc.close();
      await oc.close();
    }
  }, 120_000);

  it('aims an attack at a foe, never an ally while a foe stands, and follows the tracker (problem 7)', async () => {
    const { sc, pc, s, hero } = await fightTable('Friend or foe');
    try {
      await addCombatant(s, 'Bo', { side: 'party', monster: GOBLIN_LINE });
      // The tracker opened afresh with an ally only: the ally is the one target there is.
      await s.getByRole('tab', { name: 'Characters' }).click();
      await s.getByRole('tab', { name: 'Combat' }).click();
      const select = `form[aria-label="Attack with ${hero}"] select[id$="-target"]`;
      await expect.poll(() => shownOption(s, select), POLL).toBe('Bo');
      // A foe comes: the attack aims at it, not at the ally it aimed at before.
      await addCombatant(s, 'Goblin', { monster: GOBLIN_LINE });
      await expect.poll(() => shownOption(s, select), POLL).toBe('Goblin');
      // The Goblin gone, the next foe; the one picked gone, the first foe again.
      await addCombatant(s, 'Orc', { monster: GOBLIN_LINE });
      await row(s, 'Goblin').getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => shownOption(s, select), POLL).toBe('Orc');
      await addCombatant(s, 'Rat', { monster: GOBLIN_LINE });
      await s.locator(select).selectOption({ label: 'Rat' });
      await row(s, 'Rat').getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => shownOption(s, select), POLL).toBe('Orc');
      // The monsters aim at the party, not at each other.
      await expect.poll(() => shownOption(s, 'form[aria-label="Attack with Orc"] select[id$="-target"]'), POLL).toBe(hero);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);

  it('refuses Health and Armour the ruleset cannot read, at the field, and attacks with the die it shows (problem 8)', async () => {
    const { sc, pc, s, hero } = await fightTable('No bananas');
    try {
      for (const bad of ['banana', '-3', 'd999999']) {
        await s.locator('#combat-name').fill('Goblin');
        await s.locator('#combat-health').fill(bad);
        await expect.poll(() => s.locator('#combat-health-hint').innerText(), POLL).toMatch(/Health is a die of the chain|not a die of the chain/);
        expect(await s.locator('#combat-health').getAttribute('aria-invalid')).toBe('true');
        await s.getByRole('button', { name: 'Add', exact: true }).click();
        await s.waitForTimeout(300);
        expect(await row(s, 'Goblin').count()).toBe(0);
      }
      await s.locator('#combat-health').fill('');
      await s.getByLabel('Monster line (for one-click attacks)').fill('hd=one');
      await expect.poll(() => s.locator('#combat-monster-problem').innerText(), POLL).toMatch(/hd must be a whole number/);
      await s.getByLabel('Monster line (for one-click attacks)').fill(GOBLIN_LINE);
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await row(s, 'Goblin').waitFor();
      // In the row: the field says what is wrong and Save waits for a readable value.
      await s.getByLabel('Health of Goblin').fill('banana');
      await expect.poll(() => row(s, 'Goblin').locator('small.error').innerText(), POLL).toMatch(/Health is a die of the chain/);
      expect(await row(s, 'Goblin').getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await s.locator('#combat-name').fill('Ogre');
      await s.locator('#combat-health').fill('d9');
      await s.locator('.combat').screenshot({ path: joinPath(SCREENSHOTS, 'evening-tracker-refusal-desktop.png') });
      await s.locator('#combat-name').fill('');
      await s.locator('#combat-health').fill('');
      await s.getByLabel('Health of Goblin').fill('d4');
      await row(s, 'Goblin').getByRole('button', { name: 'Save' }).click();
      await row(s, 'Goblin').locator('.health', { hasText: 'Health d4' }).waitFor();
      // The attack's odds are against the d4 shown, not the d6 the monster line's HD would give.
      const form = s.getByRole('form', { name: `Attack with ${hero}` });
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/Likeliest after/);
      const odds = await form.locator('.attack-odds').innerText();
      expect(odds).not.toMatch(/Health d5|Health d6/);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);

  it('shows players the Smith\'s combatants hidden and the Smith a foe\'s Health Die from the start (problem 9)', async () => {
    const { sc, pc, s, p, hero } = await fightTable('Behind the stat line', { width: 390, height: 844 });
    try {
      await addCombatant(s, 'Goblin', { monster: GOBLIN_LINE });
      // The Smith: the Health Die the HD gives, before any hit.
      await row(s, 'Goblin').locator('.health', { hasText: 'Health d6' }).waitFor();
      await p.getByRole('tab', { name: 'Combat' }).click();
      await row(p, 'Goblin').waitFor();
      const goblin = await row(p, 'Goblin').innerText();
      expect(goblin).toMatch(/Health\s*—/);
      expect(goblin).not.toMatch(/d6|hd=|defense|d\?/);
      expect(await p.locator('.combat').innerText()).not.toMatch(/hd=1|NaN/);
      // The player's attack: the odds are the Smith's; the attack can still be made.
      const form = p.getByRole('form', { name: `Attack with ${hero}` });
      await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/the odds are the Smith's to know/);
      expect(await form.locator('.attack-odds').innerText()).not.toMatch(/NaN|%/);
      // Under a loaded machine the form may be drawn again (a tracker update) as the click lands: the
      // click is made again then, once; what is checked here is what the player reads after an attack.
      const attack = form.getByRole('button', { name: 'Attack', exact: true });
      // A player attacks on their character's turn: the Smith starts the fight, the character first.
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await expect.poll(() => attack.isEnabled(), POLL).toBe(true);
      await attack.click();
      await expect.poll(() => attacksOn(p), { timeout: 8_000 }).toBeGreaterThan(0).catch(async () => {
        await attack.click();
        await expect.poll(() => attacksOn(p), POLL).toBeGreaterThan(0);
      });
      expect(await row(p, 'Goblin').innerText()).not.toMatch(/d6|d5|d4|d3/);
      await shot(p, 'evening-tracker-player-phone');
      await shot(s, 'evening-tracker-smith-desktop');
      await p.setViewportSize({ width: 1280, height: 800 });
      await shot(p, 'evening-tracker-player-desktop');
      await s.setViewportSize({ width: 390, height: 844 });
      await shot(s, 'evening-tracker-smith-phone');
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);

  it('passes the turn on when the character acting leaves the table (problem 10)', async () => {
    const { sc, pc, s, p, hero } = await fightTable('Gone mid-turn');
    try {
      await addCombatant(s, 'Goblin', { monster: GOBLIN_LINE });
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await row(s, hero).and(s.locator('li.current')).waitFor();
      const status = (page: Page) => page.locator('.combat > p').first().innerText();
      await expect.poll(() => status(s), POLL).toContain(`${hero} acts`);
      // The player removes the character from its sheet.
      await p.getByRole('tab', { name: 'Characters' }).click();
      p.once('dialog', (d) => void d.accept());
      await p.locator('article.sheet').getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => row(s, hero).count(), POLL).toBe(0);
      await row(s, 'Goblin').and(s.locator('li.current')).waitFor();
      await expect.poll(() => status(s), POLL).toContain('Goblin acts');
      await p.getByRole('tab', { name: 'Combat' }).click();
      await expect.poll(() => status(p), POLL).toContain('Goblin acts');
      expect(await row(p, hero).count()).toBe(0);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);

  it('refuses a number out of range instead of clamping it, and asks for an empty Target (problem 10)', async () => {
    const { player } = await tableWithPlayer('No clamps');
    const pc = await seated(player);
    try {
      const p = await openTable(pc, player.tableId);
      const cards = () => p.locator('.log .card').count();
      await p.locator('#tray-mod').fill('99999999999');
      // What was typed stays, with what is wrong with it; it is not made 99.
      await p.waitForTimeout(300);
      expect(await p.locator('#tray-mod').inputValue()).toBe('99999999999');
      await expect.poll(() => p.locator('#tray-mod-error').innerText(), POLL).toMatch(/at most 99\b/);
      expect(await p.locator('button.roll').isDisabled()).toBe(true);
      await p.locator('#tray-mod').fill('99');
      await expect.poll(() => p.locator('#tray-mod-error').count(), POLL).toBe(0);
      expect(await p.locator('button.roll').isDisabled()).toBe(false);
      await p.locator('#tray-mod').fill('0');
      // A Test with its Target emptied asks for one; nothing is rolled.
      await p.getByRole('button', { name: 'Test', exact: true }).click();
      await p.locator('#tray-target').fill('');
      await expect.poll(() => p.locator('#tray-target-error').innerText(), POLL).toMatch(/target/i);
      expect(await p.locator('button.roll').isDisabled()).toBe(true);
      const before = await cards();
      await p.locator('#tray-target').press('Enter');
      await p.waitForTimeout(SETTLE_MS / 2);
      expect(await cards()).toBe(before);
      // In a Test the modifier's range is the check's own.
      await p.locator('#tray-target').fill('12');
      await p.locator('#tray-mod').fill('99999999999');
      await expect.poll(() => p.locator('#tray-mod-error').innerText(), POLL).toMatch(/at most \d+/);
      await shot(p, 'evening-tray-refusal-desktop');
      await p.locator('#tray-mod').fill('1');
      await p.locator('button.roll').click();
      await expect.poll(cards, POLL).toBe(before + 1);
    } finally {
      await pc.close();
    }
  }, 120_000);

  it('names a new light after the table\'s lights, also after a reload (problem 10)', async () => {
    const { smith } = await tableWithPlayer('Torches');
    const sc = await seated(smith);
    try {
      let s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      await expect.poll(() => s.locator('#light-id').inputValue(), POLL).toBe('Torch 1');
      await s.getByRole('button', { name: 'Light it' }).click();
      await s.locator('.timers li', { hasText: 'Torch 1' }).waitFor();
      await expect.poll(() => s.locator('#light-id').inputValue(), POLL).toBe('Torch 2');
      await s.close();
      s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      await s.locator('.timers li', { hasText: 'Torch 1' }).waitFor();
      await expect.poll(() => s.locator('#light-id').inputValue(), POLL).toBe('Torch 2');
      await s.getByRole('button', { name: 'Light it' }).click();
      await s.locator('.timers li', { hasText: 'Torch 2' }).waitFor();
      expect(await s.locator('section[aria-labelledby="light-title"] .error').count()).toBe(0);
      await s.locator('#light-source').selectOption('lantern');
      await expect.poll(() => s.locator('#light-id').inputValue(), POLL).toBe('Lantern 1');
    } finally {
      await sc.close();
    }
  }, 120_000);

  it('screenshots the tray and the tracker at 1280 and 390 wide', async () => {
    const { sc, pc, s, p } = await fightTable('Pictures');
    try {
      await addCombatant(s, 'Goblin', { monster: GOBLIN_LINE });
      await addCombatant(s, 'Ogre', { monster: 'hd=4,attack=+4,defense=12,damage=2d6' });
      await s.getByRole('button', { name: 'Start the fight' }).click();
      for (const [page, who] of [
        [s, 'smith'],
        [p, 'player'],
      ] as const) {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
          await page.getByRole('tab', { name: 'Combat' }).click();
          await page.locator('.combat').waitFor();
          await page.locator('.combat').screenshot({ path: joinPath(SCREENSHOTS, `evening-tracker-${who}-${width}.png`) });
          // On a phone the tray is a view of its own, behind its tab.
          const trayTab = page.getByRole('tab', { name: 'Tray' });
          if ((await trayTab.count()) > 0 && (await trayTab.isVisible())) await trayTab.click();
          await page.locator('.tray').screenshot({ path: joinPath(SCREENSHOTS, `evening-tray-${who}-${width}.png`) });
        }
      }
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);
});
