/**
 * What the browser tests do at a table, shared by every browser test file: tables and seats made over
 * HTTP, browser contexts that already hold a seat, and the few steps every test takes (open, roll,
 * keep a new character, read the page, find a log card, take a screenshot).
 */
import { join as joinPath } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, SCREENSHOTS, startServer, type TestServer } from './harness.js';

/** A seat as the page keeps it in localStorage. */
export interface Seat {
  readonly tableId: string;
  readonly token: string;
  readonly memberId: string;
  readonly name: string;
  readonly role: 'smith' | 'player' | 'observer';
}

/** The steps of a browser test at tables of one server, in one browser. */
export function tableSteps(server: () => TestServer, browser: () => Browser) {
  async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    const res = await fetch(server().url + path, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A player's seat at a table, joined over HTTP. */
  async function join(tableId: string, inviteCode: string, name: string, role: 'player' | 'observer' = 'player'): Promise<Seat> {
    const p = await api<{ playerId: string; token: string }>(`/api/tables/${tableId}/players`, { inviteCode, name, role });
    return { tableId, token: p.token, memberId: p.playerId, name, role };
  }

  /** A table made over HTTP: the Smith's and a player's seats. */
  async function tableWithPlayer(name: string, ruleset = 'hammercrawl', settings: Record<string, string | number | boolean> = {}): Promise<{ smith: Seat; player: Seat; inviteCode: string }> {
    const t = await api<{ id: string; smithToken: string; inviteCode: string; memberId: string }>('/api/tables', { name, ruleset, settings });
    const player = await join(t.id, t.inviteCode, 'Wren');
    return { smith: { tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' }, player, inviteCode: t.inviteCode };
  }

  /** A browser context that already holds a seat (as if it had joined before). */
  async function seated(seat: Seat | null, options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
    const context = await browser().newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      colorScheme: options.colorScheme ?? 'light',
      reducedMotion: 'reduce',
    });
    if (seat) {
      // Runs in the page before its scripts (the root tsconfig has no DOM types, hence the text form).
      const value = JSON.stringify({ ...seat, tableName: 'table', openedAt: 1 });
      await context.addInitScript({ content: `localStorage.setItem(${JSON.stringify(`hammercrawl:table:${seat.tableId}`)}, ${JSON.stringify(value)});` });
    }
    return context;
  }

  async function openTable(context: BrowserContext, tableId: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server().url}/t/${tableId}`);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    return page;
  }

  async function roll(page: Page, notation: string, label: string, visibility: 'public' | 'smith' | 'blind' = 'public'): Promise<void> {
    await page.locator('#tray-notation').fill(notation);
    await page.locator('#tray-label').fill(label);
    await page.locator('#tray-visibility').selectOption(visibility);
    await page.locator('button.roll').click();
  }

  /** Opens Characters, rolls a character with the wizard and keeps it: its sheet is open after. */
  async function keepNewCharacter(page: Page): Promise<void> {
    await page.getByRole('tab', { name: 'Characters' }).click();
    await page.getByRole('button', { name: 'New character' }).click();
    await page.getByRole('button', { name: 'Roll the character' }).click();
    await page.getByRole('button', { name: 'Keep this character' }).click();
  }

  function bodyText(page: Page): Promise<string> {
    return page.evaluate<string>('document.body.innerText');
  }

  function card(page: Page, text: string) {
    return page.locator('.log .card', { hasText: text });
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: joinPath(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  return { api, join, tableWithPlayer, seated, openTable, roll, keepNewCharacter, bodyText, card, shot };
}

/**
 * The steps of a browser test file with its own server and browser: started before its tests (call it
 * inside the `describe`), closed after them.
 */
export function tableStepsWithServer(): ReturnType<typeof tableSteps> {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return tableSteps(
    () => server!,
    () => browser!,
  );
}
