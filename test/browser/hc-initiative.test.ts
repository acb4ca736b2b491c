/**
 * Initiative as written in the HAMMERCRAWL! tracker, in real Chromium against the real server: in the
 * passing flow the Smith starts initiative, the Contest's odds show before its roll, the winner names who
 * acts first and the tracker shows that combatant acting; in the Exchanges (a table setting) the
 * initiator acts first and the affected acts next.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps } from './tables.js';
import type { Browser } from 'playwright-core';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);
const POLL = { timeout: 20_000 } as const;
const GOBLIN_LINE = 'hd=1,attack=+1,defense=6,damage=d6';

describe.skipIf(reason !== null)(`initiative in the tracker${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
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
  const { seated, openTable } = tableSteps(
    () => server,
    () => browser,
  );

  async function smithTable(settings: Record<string, string>): Promise<Page> {
    const res = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Initiative', ruleset: 'hammercrawl', settings }) });
    const t = (await res.json()) as { id: string; smithToken: string; memberId: string };
    const context = await seated({ tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' });
    const s = await openTable(context, t.id);
    await s.getByRole('tab', { name: 'Combat' }).click();
    for (const [name, side] of [
      ['Hero', 'party'],
      ['Goblin', 'foes'],
    ] as const) {
      await s.locator('#combat-name').fill(name);
      await s.locator('#combat-side').selectOption(side);
      await s.getByLabel('Monster line (for one-click attacks)').fill(GOBLIN_LINE);
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await s.locator('.combatants > li', { hasText: name }).first().waitFor();
    }
    return s;
  }

  it('passing: start, the Contest with its odds, the winner declares, the tracker shows who acts', async () => {
    const s = await smithTable({});
    await s.getByRole('button', { name: 'Start initiative' }).click();
    const panel = s.locator('.initiative-panel');
    await panel.getByRole('button', { name: 'Roll the Initiative Contest' }).waitFor(POLL);
    // Two leaders with no INT (mod +0): each wins half the time.
    await expect.poll(() => panel.locator('.odds').innerText(), POLL).toMatch(/Hero 50\.0% · Goblin 50\.0%/);
    await panel.getByRole('button', { name: 'Roll the Initiative Contest' }).click();
    await panel.getByRole('button', { name: 'Declare' }).waitFor(POLL);
    await panel.getByRole('button', { name: 'Declare' }).click();
    await panel.getByRole('button', { name: 'End turn' }).waitFor(POLL);
    const acting = await s.locator('.acting-now').innerText();
    expect(['Hero', 'Goblin']).toContain(acting);
    await expect.poll(() => panel.innerText(), POLL).toContain(`${acting} acts`);
  }, 90_000);

  it('Exchanges: the initiator acts, then the one affected', async () => {
    const s = await smithTable({ 'initiative-flow': 'exchanges' });
    await s.getByRole('button', { name: 'Start initiative' }).click();
    const panel = s.locator('.initiative-panel');
    await expect.poll(() => panel.innerText(), POLL).toContain('Exchanges');
    await panel.getByRole('button', { name: 'End action' }).waitFor(POLL);
    const first = await s.locator('.acting-now').innerText();
    await panel.getByRole('button', { name: 'End action' }).click();
    await expect.poll(() => s.locator('.acting-now').innerText(), POLL).not.toBe(first);
  }, 90_000);
});
