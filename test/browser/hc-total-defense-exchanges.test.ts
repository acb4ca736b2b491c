/**
 * Total Defense under the Exchanges initiative in real Chromium against the real server (CB-44): the
 * Hero takes Total Defense as his Exchange action; the Goblin, acting next, sees its attack on him become a
 * Competition in the odds; the Hero stays in Total Defense through the Exchange, and when the next Exchange
 * gives him his action, his Total Defense ends and the tracker says so.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);
const POLL = { timeout: 20_000 } as const;
const LINE = 'hd=1,attack=+1,defense=6,damage=d6';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(reason !== null)(`Total Defense under the Exchanges in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { api, seated, openTable, shot } = tableStepsWithServer();
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });
  /** The words of a combatant's conditions in the tracker ("" with none). */
  const conditions = async (page: Page, who: string) => {
    const list = page.getByRole('list', { name: `Conditions of ${who}` });
    return (await list.count()) === 0 ? '' : list.innerText();
  };

  async function addCombatant(s: Page, name: string, side: 'party' | 'foes'): Promise<void> {
    await s.locator('#combat-name').fill(name);
    await s.locator('#combat-side').selectOption(side);
    await s.getByLabel('Monster line (for one-click attacks)').fill(LINE);
    await s.getByRole('button', { name: 'Add', exact: true }).click();
    await row(s, name).waitFor();
  }

  it("the Hero's Total Defense makes the Goblin's attack a Competition, lasts the Exchange, and ends as the Hero's next Exchange action begins", async () => {
    const t = await api<{ id: string; smithToken: string; memberId: string }>('/api/tables', { name: 'Exchanges', ruleset: 'hammercrawl', settings: { 'initiative-flow': 'exchanges' } });
    const context = await seated({ tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' });
    try {
      const s = await openTable(context, t.id);
      await s.getByRole('tab', { name: 'Combat' }).click();
      await addCombatant(s, 'Hero', 'party');
      await addCombatant(s, 'Ally', 'party');
      await addCombatant(s, 'Goblin', 'foes');
      const panel = s.locator('.initiative-panel');
      await panel.getByLabel('Who starts the fight').selectOption({ label: 'Hero' });
      await panel.getByRole('button', { name: 'Start initiative' }).click();
      await panel.getByRole('button', { name: 'End action' }).waitFor(POLL);
      expect(await s.locator('.acting-now').innerText()).toBe('Hero');

      // The Hero's action: Total Defense.
      const more = s.locator('details.combat-actions', { has: s.locator('summary', { hasText: 'More actions for Hero' }) });
      await more.locator('summary').click();
      const form = s.getByRole('form', { name: 'Other actions of Hero' });
      await form.locator('select').first().selectOption('total-defense');
      await form.getByRole('button', { name: 'Take Total Defense' }).click();
      await expect.poll(() => conditions(s, 'Hero'), POLL).toMatch(/Total Defense/);

      // It affected nobody else; the Goblin (not yet acted, as the Ally) acts next, and its attack on the Hero is a Competition.
      await panel.getByLabel('Acts next:').selectOption({ label: 'Goblin' });
      await panel.getByRole('button', { name: 'End action' }).click();
      await expect.poll(() => s.locator('.acting-now').innerText(), POLL).toBe('Goblin');
      const attack = s.getByRole('form', { name: 'Attack with Goblin' });
      await expect.poll(() => attack.locator('.attack-odds').innerText(), POLL).toMatch(/Total Defense/);
      await shot(s, 'hc-total-defense-exchanges');
      // The Hero is still in Total Defense while the Goblin acts.
      expect(await conditions(s, 'Hero')).toMatch(/Total Defense/);

      // The Goblin's action affects nobody; the Ally acts last in this Exchange, the Hero still in Total Defense.
      await panel.getByLabel('Acts next:').selectOption({ label: 'Ally' });
      await panel.getByRole('button', { name: 'End action' }).click();
      await expect.poll(() => s.locator('.acting-now').innerText(), POLL).toBe('Ally');
      expect(await conditions(s, 'Hero')).toMatch(/Total Defense/);
      await expect.poll(() => panel.innerText(), POLL).toContain('this ends the Exchange');
      await panel.getByRole('button', { name: 'End action' }).click();

      // The Hero acts first in the next Exchange: his Total Defense ends as his action begins, and the tracker says so.
      await panel.getByRole('button', { name: 'New Exchange' }).waitFor(POLL);
      await panel.getByRole('group', { name: /Acts first in the next Exchange/ }).getByLabel('Hero').check();
      await panel.getByRole('button', { name: 'New Exchange' }).click();
      await expect.poll(() => s.locator('.acting-now').innerText(), POLL).toBe('Hero');
      await expect.poll(() => conditions(s, 'Hero'), POLL).not.toMatch(/Total Defense/);
      await expect.poll(() => s.locator('.log').innerText(), POLL).toMatch(/Hero's Total Defense ends: their turn\./);
    } finally {
      await context.close();
    }
  }, 120_000);
});
