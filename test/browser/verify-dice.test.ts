/**
 * "Verify the dice" in real Chromium against the real table server: a player's rolls made in the page
 * carry a nonce and are not yet revealed; after the Smith's "Reveal the dice" the player's page
 * recomputes them itself and says they all verify; the log shows the reveal.
 */
import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

describe.skipIf(reason !== null)('Verify the dice', () => {
  const { tableWithPlayer, seated, openTable, roll, card, api, shot } = tableStepsWithServer();

  it('a player verifies the rolls of a revealed epoch in the page; the Smith reveals them with a button', async () => {
    const { smith, player } = await tableWithPlayer('Verified dice');
    const sc = await seated(smith);
    const pc = await seated(player);
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      await roll(p, '3d6', 'First');
      await card(p, 'First').waitFor();
      await roll(p, '1d20+2', 'Second');
      await card(p, 'Second').waitFor();
      await roll(s, '2d8', 'Smith secret', 'blind');
      await card(s, 'Smith secret').waitFor();

      await p.getByRole('button', { name: 'Verify the dice' }).click();
      await expect.poll(() => p.locator('.verify-result').innerText(), { timeout: 10_000 }).toContain('0 rolls verified, 0 mismatches, 2 not yet revealed, 0 physical dice (not verifiable)');
      expect(await p.getByRole('button', { name: 'Reveal the dice' }).count()).toBe(0);

      await s.getByRole('button', { name: 'Reveal the dice' }).click();
      await expect.poll(() => s.locator('.verify-result').innerText(), { timeout: 10_000 }).toContain('3 rolls verified, 0 mismatches, 0 not yet revealed');
      await card(p, 'revealed the dice of epoch 1').waitFor();

      await p.getByRole('button', { name: 'Verify the dice' }).click();
      await expect.poll(() => p.locator('.verify-result').innerText(), { timeout: 10_000 }).toContain('2 rolls verified, 0 mismatches, 0 not yet revealed, 0 physical dice (not verifiable)');
      expect(await p.locator('.verify-result').innerText()).toContain('1 secret rolls are not yours to see');
      await shot(p, 'verify-dice');

      // The rolls the page sent carried a nonce of its own.
      const log = await api<{ events: { kind: string; drawn?: { nonce?: string } }[] }>(`/api/tables/${player.tableId}/log?since=0`, undefined, player.token);
      const rolls = log.events.filter((e) => e.kind === 'rolled');
      expect(rolls.length).toBe(3);
      expect(rolls.filter((e) => e.drawn !== undefined).every((e) => typeof e.drawn?.nonce === 'string' && e.drawn.nonce.length > 10)).toBe(true);
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);

  it("the Smith closes the evening from the Smith's screen: the log marks it, the dice are revealed, a player verifies them", async () => {
    const { smith, player } = await tableWithPlayer('Evening closed');
    const sc = await seated(smith);
    const pc = await seated(player);
    try {
      const s = await openTable(sc, smith.tableId);
      const p = await openTable(pc, player.tableId);
      await roll(p, '2d6', 'Before the close');
      await card(p, 'Before the close').waitFor();

      await s.getByRole('tab', { name: 'Smith', exact: true }).click();
      await s.getByRole('button', { name: 'End the evening' }).click();
      await s.getByRole('button', { name: 'Yes, close evening 1' }).click();
      await expect.poll(() => s.locator('[aria-labelledby="evening-title"]').innerText(), { timeout: 10_000 }).toContain('Evening 1 is closed. Its dice are revealed');
      expect(await s.locator('[aria-labelledby="evening-title"]').innerText()).toContain('1 evening closed so far');
      await card(p, "closed the evening's game (evening 1)").waitFor();
      await card(p, 'revealed the dice of epoch 1 at the end of the evening').waitFor();

      await p.getByRole('button', { name: 'Verify the dice' }).click();
      await expect.poll(() => p.locator('.verify-result').innerText(), { timeout: 10_000 }).toContain('1 rolls verified, 0 mismatches, 0 not yet revealed');
      expect(await p.getByRole('button', { name: 'End the evening' }).count()).toBe(0);
      await shot(s, 'end-evening');
    } finally {
      await sc.close();
      await pc.close();
    }
  }, 120_000);
});
