/**
 * The tracker's add form in real Chromium against the real server: it asks a monster for the scores
 * the table's ruleset rolls initiative with (`RuleSystem.initiativeReads`), and, where a side has a
 * leader, who leads it; the initiative the Smith then rolls reads them. A score that is not a whole
 * number is refused at its field before anything is sent.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;

describe.skipIf(reason !== null)(`the tracker's add form in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { api, seated, openTable, shot } = tableStepsWithServer();

  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: who }) });

  async function smithAt(ruleset: string): Promise<Page> {
    const t = await api<{ id: string; smithToken: string; memberId: string }>('/api/tables', { name: `Add form, ${ruleset}`, ruleset, settings: {} });
    const sc = await seated({ tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' });
    const s = await openTable(sc, t.id);
    await s.getByRole('tab', { name: 'Combat' }).click();
    return s;
  }

  it("So Long as Men Die: a foe's INT and its leader reach the initiative roll", async () => {
    const s = await smithAt('so-long-as-men-die');
    try {
      // Only the score its initiative reads is asked, with the ruleset's label, and a leader box.
      await expect.poll(() => s.locator('.add-combatant').getByLabel('Intelligence').count(), POLL).toBe(1);
      expect(await s.locator('.add-combatant').getByLabel('Wisdom').count()).toBe(0);
      await s.locator('#combat-name').fill('Orc chief');
      await s.locator('.add-combatant').getByLabel('Intelligence').fill('16');
      await s.getByLabel('Leads its side').check();
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await row(s, 'Orc chief').waitFor();
      expect(await row(s, 'Orc chief').innerText()).toMatch(/Leader[\s\S]*Intelligence 16/);
      // The form is empty again: the next foe is no leader unless marked.
      expect(await s.getByLabel('Leads its side').isChecked()).toBe(false);
      await s.locator('#combat-name').fill('Orc');
      await s.locator('.add-combatant').getByLabel('Intelligence').fill('4');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await row(s, 'Orc').nth(1).waitFor();
      await s.locator('#combat-name').fill('Sellsword');
      await s.locator('#combat-side').selectOption('party');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await row(s, 'Sellsword').waitFor();
      await s.getByRole('button', { name: 'Roll initiative' }).click();
      await s.getByText('How the order was rolled').click();
      // The chief leads (INT 16: Modifier +3); the Orc's INT 4 is not read.
      await expect.poll(() => s.locator('.explain').allInnerTexts().then((t) => t.join('\n')), POLL).toMatch(/Side foes: d6 \d \+ 3 \(INT of Orc chief, leader\)/);
      // Making the Orc leader (and the chief not) moves the roll to the Orc's INT 4: Modifier -3.
      await row(s, 'Orc').filter({ hasNotText: 'chief' }).getByRole('button', { name: 'Make leader' }).click();
      await expect.poll(() => row(s, 'Orc').filter({ hasNotText: 'chief' }).innerText(), POLL).toMatch(/Leader/);
      await row(s, 'Orc chief').getByRole('button', { name: 'Orc chief leads' }).click();
      await expect.poll(() => row(s, 'Orc chief').innerText(), POLL).not.toMatch(/Leader/);
      await s.getByRole('button', { name: 'Roll initiative' }).click();
      await expect.poll(() => s.locator('.explain').allInnerTexts().then((t) => t.join('\n')), POLL).toMatch(/Side foes: d6 \d - 3 \(INT of Orc, leader\)/);
      await shot(s, 'tracker-add-form-slamd');
    } finally {
      await s.context().close();
    }
  });

  it('The Bare Bones asks a foe for Wisdom and no leader; a score that is no number is refused at its field', async () => {
    const s = await smithAt('bare-bones');
    try {
      const wis = s.locator('.add-combatant').getByLabel('Wisdom');
      await expect.poll(() => wis.count(), POLL).toBe(1);
      expect(await s.getByLabel('Leads its side').count()).toBe(0);
      await s.locator('#combat-name').fill('Bandit');
      await wis.fill('twelve');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await expect.poll(() => s.locator('.add-combatant').innerText(), POLL).toMatch(/Wisdom is a whole number, such as 12; got twelve/);
      expect(await s.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id)).toBe('combat-score-wis');
      expect(await s.locator('.combatants > li').count()).toBe(0);
      await wis.fill('11');
      await s.getByRole('button', { name: 'Add', exact: true }).click();
      await expect.poll(() => row(s, 'Bandit').innerText(), POLL).toMatch(/Wisdom 11/);
    } finally {
      await s.context().close();
    }
  });
});
