/**
 * Seats in real Chromium against the real table server, with two and three people at a table, on
 * desktop and a 390x844 phone: a member's seat link opens the same seat on a second device; the Smith
 * hands a player who lost her device a new seat link and the old device is told why it is out; the
 * Smith renames and removes members and hands a character on; names are unique per table at the join
 * form; the join page names the table and its Smith and says when an invite was revoked; who is online
 * is shown and follows a page that closes; the Smith's role is marked. axe finds no serious or critical
 * problem on the members manager, the seat link panel and the join pages, in both themes.
 */
import { join as joinPath } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps, type Seat } from './tables.js';
import type { Browser } from 'playwright-core';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const THEMES = ['light', 'dark'] as const;
/** How long a test waits for a page to show what it expects. */
const WAIT_MS = 15_000;

/** Where the log (and its members line) is a view of its own behind a tab, opens it; elsewhere it is always shown. */
async function showLog(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Log/ });
  if ((await tab.count()) > 0) await tab.click();
}

describe.skipIf(reason !== null)(`seats in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
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

  const { api, join, seated, openTable, keepNewCharacter, bodyText, card, shot } = tableSteps(
    () => server,
    () => browser,
  );

  /** A table whose Smith has a name of their own, and its invite code. */
  async function table(name: string, smithName = 'Mora'): Promise<{ smith: Seat; inviteCode: string }> {
    const t = await api<{ id: string; smithToken: string; inviteCode: string; memberId: string }>('/api/tables', { name, ruleset: 'hammercrawl', settings: {}, smithName });
    return { smith: { tableId: t.id, token: t.smithToken, memberId: t.memberId, name: smithName, role: 'smith' }, inviteCode: t.inviteCode };
  }

  /** The members line of the log. */
  function membersLine(page: Page) {
    return page.locator('.log .members');
  }

  /** The members line's entry for a name. */
  function memberEntry(page: Page, name: string) {
    return membersLine(page).locator('.member-list li', { hasText: name });
  }

  /** Opens the members dialog from the members line. */
  async function openMembers(page: Page): Promise<ReturnType<Page['getByRole']>> {
    await showLog(page);
    await membersLine(page).locator('button.members-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  /** Makes this member's own seat link from the members dialog and reads it. */
  async function makeOwnSeatLink(page: Page): Promise<string> {
    const dialog = await openMembers(page);
    await dialog.locator('.seat-link').getByRole('button', { name: 'Make a seat link' }).click();
    const field = dialog.locator('.seat-link textarea');
    await field.waitFor({ timeout: WAIT_MS });
    return field.inputValue();
  }

  async function closeAll(...contexts: BrowserContext[]): Promise<void> {
    for (const c of contexts) await c.close();
  }

  it("opens a player's seat on her phone from her seat link: the same member, her character's buttons work", async () => {
    const { smith, inviteCode } = await table('Two Devices');
    const wren = await join(smith.tableId, inviteCode, 'Wren');
    const desk = await seated(wren, DESKTOP);
    const phone = await seated(null, PHONE);
    const smithCtx = await seated(smith, DESKTOP);
    try {
      const d = await openTable(desk, wren.tableId);
      await keepNewCharacter(d);
      const heroName = await d.locator('#sheet-name').innerText();
      const link = await makeOwnSeatLink(d);
      expect(link).toBe(`${server.url}/t/${wren.tableId}#seat=${encodeURIComponent((await d.evaluate<string>(`JSON.parse(localStorage.getItem('hammercrawl:table:${wren.tableId}')).token`)))}`);
      expect(link).not.toContain(wren.token);
      await shot(d, 'seats-own-link-desktop-light');
      await d.keyboard.press('Escape');
      // The device that made the link stays in, on the new token.
      await d.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: WAIT_MS });

      const p = await phone.newPage();
      await p.goto(link);
      await p.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: WAIT_MS });
      // The token leaves the address bar at once.
      expect(p.url()).toBe(`${server.url}/t/${wren.tableId}`);
      expect(await p.getByRole('status').filter({ hasText: 'Live' }).innerText()).toContain('Wren · player');
      // One member, not two: on her phone, on her desktop and on the Smith's page.
      const s = await openTable(smithCtx, smith.tableId);
      for (const page of [p, d, s]) {
        await showLog(page);
        await expect.poll(() => memberEntry(page, 'Wren').count(), { timeout: WAIT_MS }).toBe(1);
        expect(await membersLine(page).locator('.member-list li').count()).toBe(2);
      }
      // Her character is hers on the phone: the owner's controls are there and the server takes them.
      await p.getByRole('tab', { name: 'Characters' }).click();
      await p.locator('.character-list button', { hasText: heroName }).click();
      const sheet = p.locator('article.sheet');
      await sheet.waitFor();
      await sheet.locator('.sheet-play').waitFor();
      await sheet.getByRole('button', { name: 'Remove', exact: true }).waitFor();
      // A change only the owner may make (coins): the server takes it from the phone, in Wren's name.
      await sheet.locator('.sheet-play').getByRole('button', { name: 'Coins', exact: true }).click();
      await p.locator('.play-form').getByLabel('Coins').fill('7');
      await p.locator('.play-form').getByLabel('Reason').fill('found on the phone');
      await p.locator('.play-form').getByRole('button', { name: 'Coins', exact: true }).click();
      await expect.poll(() => sheet.locator('.sheet-history').innerText(), { timeout: WAIT_MS }).toMatch(/Wren: found on the phone: \+7 coins/);
      expect(await p.locator('.banner.error').count()).toBe(0);
      // A stat from her sheet rolls as Wren.
      await sheet.locator('button.stat').first().click();
      await p.locator('button.roll').click();
      await card(s, `${heroName}:`).first().waitFor({ timeout: WAIT_MS });
      expect(await card(s, `${heroName}:`).first().locator('.who').innerText()).toBe('Wren');
      await shot(p, 'seats-phone-same-member-phone-light');
    } finally {
      await closeAll(desk, phone, smithCtx);
    }
  });

  it('hands a player who lost her device a new seat link; the lost device is signed out and told why', async () => {
    const { smith, inviteCode } = await table('Lost Phone');
    const wren = await join(smith.tableId, inviteCode, 'Wren');
    const smithCtx = await seated(smith, DESKTOP);
    const lost = await seated(wren, PHONE);
    const found = await seated(null, PHONE);
    try {
      const s = await openTable(smithCtx, smith.tableId);
      const old = await openTable(lost, wren.tableId);
      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      const manager = s.locator('.smith .members-manager');
      const row = manager.locator('.manage-member', { hasText: 'Wren' });
      await row.getByRole('button', { name: 'New seat link for Wren' }).click();
      const field = row.locator('textarea');
      await field.waitFor({ timeout: WAIT_MS });
      const link = await field.inputValue();
      expect(link).toMatch(new RegExp(`/t/${smith.tableId}#seat=`));
      expect(await row.innerText()).toMatch(/signed out/);
      await shot(s, 'seats-smith-new-link-desktop-light');
      // The lost device is out, and says why.
      await old.getByRole('heading', { name: "This device's seat is no longer valid" }).waitFor({ timeout: WAIT_MS });
      expect(await bodyText(old)).toContain('A new seat link was made for Wren');
      await shot(old, 'seats-signed-out-renewed-phone-light');
      // The new link seats her again, as Wren.
      const n = await found.newPage();
      await n.goto(link);
      await n.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: WAIT_MS });
      expect(await n.getByRole('status').filter({ hasText: 'Live' }).innerText()).toContain('Wren · player');
      await expect.poll(() => memberEntry(s, 'Wren').count(), { timeout: WAIT_MS }).toBe(1);
      // The old link opens nothing now, and says so.
      const again = await seated(null, PHONE);
      const a = await again.newPage();
      await a.goto(`${server.url}/t/${wren.tableId}#seat=${encodeURIComponent(wren.token)}`);
      await a.getByRole('heading', { name: 'This seat link does not work' }).waitFor({ timeout: WAIT_MS });
      await again.close();
    } finally {
      await closeAll(smithCtx, lost, found);
    }
  });

  it('lets the Smith rename and remove members and hand a removed player\'s character on; each page says what happened', async () => {
    const { smith, inviteCode } = await table('Roster');
    const wren = await join(smith.tableId, inviteCode, 'Wren');
    const kit = await join(smith.tableId, inviteCode, 'Kit');
    const smithCtx = await seated(smith, DESKTOP);
    const wrenCtx = await seated(wren, PHONE);
    const kitCtx = await seated(kit, DESKTOP);
    try {
      const k = await openTable(kitCtx, kit.tableId);
      await keepNewCharacter(k);
      const kitHero = await k.locator('#sheet-name').innerText();
      const w = await openTable(wrenCtx, wren.tableId);
      const s = await openTable(smithCtx, smith.tableId);
      const dialog = await openMembers(s);
      // Rename: a name taken is refused at the field; a free one goes to every page.
      const wrenRow = dialog.locator('.manage-member', { hasText: 'Wren' });
      await wrenRow.getByRole('button', { name: 'Rename Wren' }).click();
      await wrenRow.getByLabel('New name for Wren').fill('kit');
      await wrenRow.getByRole('button', { name: 'Save name' }).click();
      await expect.poll(() => wrenRow.getByRole('alert').innerText(), { timeout: WAIT_MS }).toContain('Kit is already at this table');
      expect(await wrenRow.getByLabel('New name for Wren').getAttribute('aria-invalid')).toBe('true');
      await shot(s, 'seats-rename-refused-desktop-light');
      await wrenRow.getByLabel('New name for Wren').fill('Wren Ashby');
      await wrenRow.getByRole('button', { name: 'Save name' }).click();
      await showLog(w);
      await expect.poll(() => memberEntry(w, 'Wren Ashby').count(), { timeout: WAIT_MS }).toBe(1);
      await expect.poll(() => w.getByRole('status').filter({ hasText: 'Live' }).innerText(), { timeout: WAIT_MS }).toContain('Wren Ashby · player');
      // Remove: asked first, saying the characters stay.
      const kitRow = dialog.locator('.manage-member', { hasText: 'Kit' });
      await kitRow.getByRole('button', { name: 'Remove Kit' }).click();
      expect(await kitRow.locator('.confirm').innerText()).toMatch(/character stays at the table/);
      await shot(s, 'seats-remove-confirm-desktop-light');
      await kitRow.getByRole('button', { name: 'Yes, remove Kit' }).click();
      await expect.poll(() => dialog.locator('.manage-member', { hasText: 'Kit' }).count(), { timeout: WAIT_MS }).toBe(0);
      // The removed member's page says so.
      await k.getByRole('heading', { name: "This device's seat is no longer valid" }).waitFor({ timeout: WAIT_MS });
      expect(await bodyText(k)).toContain('The Smith removed Kit');
      await shot(k, 'seats-removed-desktop-light');
      await expect.poll(() => memberEntry(w, 'Kit').count(), { timeout: WAIT_MS }).toBe(0);
      // The removed player's character stays and is handed to Wren.
      const holder = dialog.getByLabel(kitHero);
      expect(await holder.locator('option:checked').innerText()).toContain('Kit (removed)');
      await holder.selectOption({ label: 'Wren Ashby' });
      await expect.poll(() => dialog.locator('.holder', { hasText: kitHero }).innerText(), { timeout: WAIT_MS }).toContain('Handed to Wren Ashby.');
      await w.getByRole('tab', { name: 'Characters' }).click();
      await expect.poll(() => w.locator('.character-list li', { hasText: kitHero }).innerText(), { timeout: WAIT_MS }).toContain('Wren Ashby');
      // A player renames herself from her members line.
      await w.keyboard.press('Escape');
      const own = await openMembers(w);
      await own.getByLabel('Your name', { exact: true }).fill('Wren A.');
      await own.getByRole('button', { name: 'Save name' }).click();
      await expect.poll(() => memberEntry(s, 'Wren A.').count(), { timeout: WAIT_MS }).toBe(1);
      await shot(w, 'seats-your-seat-phone-light');
    } finally {
      await closeAll(smithCtx, wrenCtx, kitCtx);
    }
  });

  it('names the table, its ruleset and its Smith on the join page, refuses a taken name at the field, and says when an invite was revoked', async () => {
    const { smith, inviteCode } = await table('The Sunken Keep', 'Gruntilda');
    await join(smith.tableId, inviteCode, 'Wren');
    const ctx = await seated(null, PHONE);
    try {
      const p = await ctx.newPage();
      await p.goto(`${server.url}/t/${smith.tableId}#invite=${inviteCode}`);
      await p.getByRole('heading', { name: 'You are invited to The Sunken Keep' }).waitFor({ timeout: WAIT_MS });
      const facts = await p.locator('.table-facts').innerText();
      expect(facts).toContain('The Sunken Keep');
      expect(facts).toContain('Gruntilda');
      expect(facts).toContain('HAMMERCRAWL!');
      // A second "Wren" is refused at the name field, with the server's words.
      await p.getByLabel('Your name').fill('wren');
      await p.getByRole('button', { name: 'Join the table' }).click();
      await expect.poll(() => p.locator('#join-name-error').innerText(), { timeout: WAIT_MS }).toContain('Wren is already at this table');
      expect(await p.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');
      expect(await p.getByLabel('Your name').getAttribute('aria-describedby')).toBe('join-name-error');
      await shot(p, 'seats-join-taken-phone-light');
      // "Smith" is the Smith's title: refused before sending.
      await p.getByLabel('Your name').fill('Smith');
      await p.getByRole('button', { name: 'Join the table' }).click();
      await expect.poll(() => p.locator('#join-name-error').innerText(), { timeout: WAIT_MS }).toContain('title');
      await p.getByLabel('Your name').fill('Pia');
      await p.getByRole('button', { name: 'Join the table' }).click();
      await p.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: WAIT_MS });
      // A revoked invite says so before anyone types a name.
      await api(`/api/tables/${smith.tableId}/invite`, { action: 'rotate' }, smith.token);
      const late = await seated(null, DESKTOP);
      const l = await late.newPage();
      await l.goto(`${server.url}/t/${smith.tableId}#invite=${inviteCode}`);
      await l.getByRole('heading', { name: 'This invite link is no longer valid' }).waitFor({ timeout: WAIT_MS });
      expect(await bodyText(l)).toContain('Gruntilda revoked this link or made a new one');
      expect(await l.getByLabel('Your name').count()).toBe(0);
      await shot(l, 'seats-join-revoked-desktop-light');
      await late.close();
    } finally {
      await ctx.close();
    }
  });

  it("shows who is online, and marks the Smith's role in the members line", async () => {
    const { smith, inviteCode } = await table('Presence');
    const wren = await join(smith.tableId, inviteCode, 'Wren');
    const smithCtx = await seated(smith, DESKTOP);
    const wrenCtx = await seated(wren, PHONE);
    try {
      const s = await openTable(smithCtx, smith.tableId);
      await expect.poll(() => memberEntry(s, 'Wren').getAttribute('class'), { timeout: WAIT_MS }).toBe('is-offline');
      const w = await openTable(wrenCtx, wren.tableId);
      await showLog(w);
      await expect.poll(() => memberEntry(s, 'Wren').getAttribute('class'), { timeout: WAIT_MS }).toBe('is-online');
      expect(await memberEntry(s, 'Wren').innerText()).toContain('online');
      // The Smith's role is marked on the Smith, on every member's page; "you" on one's own.
      for (const page of [s, w]) {
        const mora = memberEntry(page, 'Mora');
        expect(await mora.locator('.role-badge').innerText()).toBe('Smith');
        expect(await memberEntry(page, 'Wren').locator('.role-badge').innerText()).toBe('Player');
      }
      expect(await memberEntry(s, 'Mora').innerText()).toContain('(you)');
      expect(await memberEntry(w, 'Wren').innerText()).toContain('(you)');
      await expect.poll(() => s.locator('.members-count').innerText(), { timeout: WAIT_MS }).toBe('(2 online)');
      await shot(w, 'seats-members-line-phone-light');
      await wrenCtx.close();
      await expect.poll(() => memberEntry(s, 'Wren').getAttribute('class'), { timeout: WAIT_MS }).toBe('is-offline');
      expect(await memberEntry(s, 'Wren').innerText()).toContain('not connected');
      await expect.poll(() => s.locator('.members-count').innerText(), { timeout: WAIT_MS }).toBe('(1 online)');
    } finally {
      await closeAll(smithCtx);
      await wrenCtx.close().catch(() => undefined);
    }
  });

  it("asks which seat to keep when a device that holds one opens another member's seat link", async () => {
    const { smith, inviteCode } = await table('Shared Laptop');
    const wren = await join(smith.tableId, inviteCode, 'Wren');
    const pia = await join(smith.tableId, inviteCode, 'Pia');
    const piaCtx = await seated(pia, DESKTOP);
    const laptop = await seated(wren, DESKTOP);
    try {
      const p = await openTable(piaCtx, pia.tableId);
      const link = await makeOwnSeatLink(p);
      const l = await laptop.newPage();
      await l.goto(link);
      await l.getByRole('heading', { name: 'Which seat should this device keep?' }).waitFor({ timeout: WAIT_MS });
      expect(await bodyText(l)).toContain('Wren · player');
      expect(await bodyText(l)).toContain('Pia · player');
      await shot(l, 'seats-which-seat-desktop-light');
      await l.getByRole('button', { name: 'Keep Wren · player' }).click();
      await l.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: WAIT_MS });
      expect(await l.getByRole('status').filter({ hasText: 'Live' }).innerText()).toContain('Wren · player');
      await l.goto(link);
      await l.getByRole('button', { name: 'Sit as Pia · player (from the link)' }).click();
      await expect.poll(() => l.getByRole('status').filter({ hasText: 'Live' }).innerText(), { timeout: WAIT_MS }).toContain('Pia · player');
    } finally {
      await closeAll(piaCtx, laptop);
    }
  });

  it('right after creating a table, the invite panel offers the Smith their own seat link', async () => {
    const ctx = await seated(null, PHONE);
    try {
      const p = await ctx.newPage();
      await p.goto(server.url);
      await p.getByLabel('Table name').fill('Fresh Table');
      await p.getByRole('button', { name: 'Create table' }).click();
      await p.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: WAIT_MS });
      const invite = p.locator('.invite');
      await invite.locator('.seat-link').waitFor();
      expect(await invite.locator('.seat-link').innerText()).toMatch(/only way back into this table/);
      await invite.locator('.seat-link').getByRole('button', { name: "Show this device's link" }).click();
      const current = await invite.locator('.seat-link textarea').inputValue();
      expect(current).toMatch(/#seat=/);
      expect(await invite.locator('.seat-link').innerText()).toMatch(/the same seat, not a copy/);
      await shot(p, 'seats-invite-smith-link-phone-light');
      // That link seats another device as the Smith.
      const other = await seated(null, DESKTOP);
      const o = await other.newPage();
      await o.goto(current);
      await o.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: WAIT_MS });
      await o.getByRole('tab', { name: 'Smith', exact: true }).waitFor();
      await other.close();
    } finally {
      await ctx.close();
    }
  });

  it('has no serious or critical axe problems on the members manager, the seat link panel and the join pages, light and dark, phone and desktop', async () => {
    const { smith, inviteCode } = await table('Axe Seats');
    const wren = await join(smith.tableId, inviteCode, 'Wren');
    {
      const c = await seated(wren, DESKTOP);
      const w = await openTable(c, wren.tableId);
      await keepNewCharacter(w);
      await w.locator('article.sheet').waitFor();
      await c.close();
    }
    const failures: string[] = [];
    async function check(page: Page, selector: string, label: string): Promise<void> {
      const result = await new AxeBuilder({ page }).include(selector).analyze();
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        failures.push(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      }
      await shot(page, label);
      await page.locator(selector).first().screenshot({ path: joinPath(SCREENSHOTS, `${label}-part.png`) });
    }
    for (const vp of [{ name: 'phone', ...PHONE }, { name: 'desktop', ...DESKTOP }]) {
      for (const theme of THEMES) {
        const tag = `${vp.name}-${theme}`;
        const opts = { width: vp.width, height: vp.height, colorScheme: theme };
        const anon = await seated(null, opts);
        const j = await anon.newPage();
        await j.goto(`${server.url}/t/${smith.tableId}#invite=${inviteCode}`);
        await j.getByLabel('Your name').fill('Wren');
        await j.getByRole('button', { name: 'Join the table' }).click();
        await j.locator('#join-name-error').waitFor({ timeout: WAIT_MS });
        await check(j, 'main', `seats-join-${tag}`);
        await j.goto(`${server.url}/t/${smith.tableId}#invite=not-the-code`);
        await j.getByRole('heading', { name: 'This invite link is no longer valid' }).waitFor({ timeout: WAIT_MS });
        await check(j, 'main', `seats-join-revoked-${tag}`);
        await j.goto(`${server.url}/t/${smith.tableId}`);
        await j.getByRole('heading', { name: 'Not a member here yet', level: 2 }).waitFor({ timeout: WAIT_MS });
        await check(j, 'main', `seats-not-member-${tag}`);
        await anon.close();

        const sc = await seated(smith, opts);
        const s = await openTable(sc, smith.tableId);
        await s.getByRole('tab', { name: 'Smith', exact: true }).click();
        await s.locator('.smith .members-manager .holder').first().waitFor();
        await s.locator('.smith .members-manager .manage-member', { hasText: 'Wren' }).getByRole('button', { name: 'Rename Wren' }).click();
        await s.locator('.smith .members-manager .manage-member', { hasText: 'Wren' }).getByRole('button', { name: 'Remove Wren' }).click();
        await check(s, '.smith .members-manager', `seats-manager-${tag}`);
        const dialog = await openMembers(s);
        await dialog.locator('.seat-link').getByRole('button', { name: "Show this device's link" }).click();
        await dialog.locator('.seat-link textarea').waitFor();
        await check(s, 'dialog.members-dialog', `seats-members-dialog-${tag}`);
        await s.keyboard.press('Escape');
        await sc.close();

        const wc = await seated(wren, opts);
        const w = await openTable(wc, wren.tableId);
        await showLog(w);
        await check(w, '.log .members', `seats-members-line-${tag}`);
        const own = await openMembers(w);
        await own.locator('.seat-link').getByRole('button', { name: "Show this device's link" }).click();
        await check(w, 'dialog.members-dialog', `seats-your-seat-${tag}`);
        await wc.close();
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
