/**
 * A HAMMERCRAWL! character's sheet in real Chromium against the real table server: a new character's
 * sheet shows its encumbrance and bags (Stow slots of the base and the satchel, hands, worn), read from
 * the character document.
 */

import { describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

describe.skipIf(reason !== null)(`a HAMMERCRAWL! sheet in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, keepNewCharacter } = tableStepsWithServer();

  it('shows encumbrance and bags on a new character\'s sheet', async () => {
    const { player } = await tableWithPlayer('Packing');
    const context = await seated(player);
    try {
      const p = await openTable(context, player.tableId);
      await keepNewCharacter(p);
      const section = p.locator('article.sheet section.encumbrance');
      await section.waitFor({ timeout: 20_000 });
      expect(await section.getByRole('heading', { name: 'Encumbrance' }).count()).toBe(1);
      expect(await section.innerText()).toMatch(/Stow slots \d+ of \d+ used \(base \d+, Satchel \+5\); hands \d of 2; worn .*Satchel/);
    } finally {
      await context.close();
    }
  }, 90_000);
});
