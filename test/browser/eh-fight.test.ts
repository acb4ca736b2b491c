/**
 * A whole small fight of The Exalted Hack in real Chromium against the real server: a player's two
 * protagonists and the Smith's two foes (HP, armour, damage line, DEX for the order), "Add the party"
 * reading each character's HP and armour, initiative rolled (the company's group WIS check), three
 * rounds of turns in which each protagonist attacks (odds shown before the click) and each foe attacks
 * a protagonist, who defends (odds first), one protagonist damaged and the sheet showing it, the fight
 * ended. Screenshots go to test/browser/screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { ruleSystem } from '../../src/rules/exalted-hack/index.js';
import { skipReason } from './harness.js';
import { tableStepsWithServer } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const POLL = { timeout: 20_000 } as const;
const ROUNDS = 3;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function hero(seed: number, name: string): unknown {
  const r = ruleSystem.rollCharacter(seededRandom(seed), { name });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe.skipIf(reason !== null)(`The Exalted Hack: a whole fight in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
  const { tableWithPlayer, seated, openTable, shot } = tableStepsWithServer();
  const row = (page: Page, who: string) => page.locator('.combatants > li').filter({ has: page.locator('.who', { hasText: new RegExp(`^${escape(who)}$`) }) });
  const attacksIn = (page: Page, who: string) => page.evaluate<string>('document.body.innerText').then((t) => t.split(`${who} attacks`).length - 1);

  it('two protagonists against two foes: the party added, initiative, three rounds of attacks with odds first, damage on the sheet', async () => {
    const { smith, player } = await tableWithPlayer('The Exalted Hack: a fight', 'exalted-hack');
    const sc = await seated(smith);
    const pc = await seated(player);
    try {
      const p = await openTable(pc, player.tableId);
      // A plain roll takes no chain steps here (EH-37): the tray has no Steps control. It has no Test or
      // Challenge mode, which are no check of this ruleset, and it offers the d20 it starts on (TB-22).
      await p.locator('.tray .chain button').first().waitFor();
      await expect.poll(() => p.locator('#tray-steps').count(), POLL).toBe(0);
      expect(await p.locator('output.stepped').count()).toBe(0);
      expect(await p.locator('.tray').getByRole('button', { name: 'Test', exact: true }).count()).toBe(0);
      expect(await p.locator('.tray').getByRole('button', { name: 'Challenge', exact: true }).count()).toBe(0);
      expect(await p.locator('.tray .chain button').allInnerTexts()).toEqual(['d4', 'd6', 'd8', 'd10', 'd12', 'd20']);
      await p.locator('.tray .chain').getByRole('button', { name: 'd6', exact: true }).click();
      await p.locator('.tray .chain').getByRole('button', { name: 'd20', exact: true }).click();
      expect(await p.locator('.tray .chain').getByRole('button', { name: 'd20', exact: true }).getAttribute('aria-pressed')).toBe('true');
      for (const [seed, name] of [[5, 'Ada'], [6, 'Bo']] as const) {
        await p.getByRole('tab', { name: 'Characters' }).click();
        const back = p.getByRole('button', { name: /All characters/ });
        if ((await back.count()) > 0) await back.first().click();
        await p.getByRole('button', { name: 'Import JSON' }).click();
        await p.getByLabel('Or paste the JSON').fill(JSON.stringify(hero(seed, name)));
        await p.getByRole('button', { name: 'Import', exact: true }).click();
        await expect.poll(() => p.locator('#sheet-name').innerText(), POLL).toBe(name);
      }
      const s = await openTable(sc, smith.tableId);
      await s.getByRole('tab', { name: 'Combat' }).click();
      // "Add the party": each character's HP (current/maximum) and armour, read from its document.
      await s.getByRole('button', { name: 'Add the party' }).click();
      for (const name of ['Ada', 'Bo']) await expect.poll(() => row(s, name).innerText(), POLL).toMatch(/HP \d+\/\d+/);
      // The form speaks the ruleset's words: HP and a damage line, no HAMMERCRAWL! dice.
      expect(await s.locator('#combat-health').getAttribute('placeholder')).toBe('e.g. 9/9');
      expect(await s.locator('#combat-monster').getAttribute('placeholder')).toBe('e.g. damage=d8+1');
      for (const [name, hp, dex] of [['Orc', '60/60', '9'], ['Goblin', '60/60', '15']] as const) {
        await s.locator('#combat-name').fill(name);
        await s.locator('#combat-health').fill(hp);
        await s.locator('#combat-armour').fill('1');
        await s.locator('#combat-monster').fill('Damage = d8+2');
        const dexField = s.locator('#combat-score-dex');
        if ((await dexField.count()) > 0) await dexField.fill(dex);
        await s.getByRole('button', { name: 'Add', exact: true }).click();
        await expect.poll(() => row(s, name).innerText(), POLL).toMatch(/damage=d8\+2/);
      }
      await s.getByRole('button', { name: 'Roll initiative' }).click();
      await s.getByText('How the order was rolled').click();
      await expect.poll(() => s.locator('.explain').allInnerTexts().then((t) => t.join('\n')), POLL).toMatch(/WIS/);
      await s.getByRole('button', { name: 'Start the fight' }).click();
      await p.getByRole('tab', { name: 'Combat' }).click();
      await expect.poll(() => s.getByText(/Round 1/).count(), POLL).toBeGreaterThan(0);

      let foeAttacks = 0;
      let pcAttacks = 0;
      for (let turn = 0; turn < ROUNDS * 4; turn++) {
        const acting = (await s.locator('.combatants > li.current .who').innerText()).trim();
        const isFoe = acting === 'Orc' || acting === 'Goblin';
        const page = isFoe ? s : p;
        const form = page.getByRole('form', { name: `Attack with ${acting}` });
        const defender = (await p.locator('.combatants > li.down').filter({ has: p.locator('.who', { hasText: /^Ada$/ }) }).count()) === 0 ? 'Ada' : 'Bo';
        const defend = p.getByRole('form', { name: `${defender} defends` });
        if (isFoe && foeAttacks === 1 && (await defend.count()) > 0) {
          // The player rolls their character's defence against this foe, from the character's row (EH-35).
          await defend.locator('select').first().selectOption({ label: acting });
          await expect.poll(() => defend.locator('.attack-odds').innerText(), POLL).toMatch(new RegExp(`${defender} defends \\d+% · its damage is the DM's`));
          await shot(p, 'eh-fight-defend-odds');
          const before = await attacksIn(s, acting);
          await defend.getByRole('button', { name: 'Defend', exact: true }).click();
          await expect.poll(() => attacksIn(s, acting), POLL).toBeGreaterThan(before);
          foeAttacks += 1;
        } else if ((await form.count()) > 0) {
          if (isFoe) {
            // The first foe catches its target off guard: that damage lands whatever the roll.
            if (foeAttacks === 0) await form.locator(`select[id$="-defence"]`).selectOption('off-guard');
            await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(isFoe && foeAttacks === 0 ? /defends 0%.*down \d+%/s : /defends \d+%.*down \d+%/s);
          } else {
            await form.locator(`select[id$="-die"]`).selectOption('8');
            // The foes are the Smith's (TB-17): the player sees the chance to hit, not their armour or HP.
            await expect.poll(() => form.locator('.attack-odds').innerText(), POLL).toMatch(/Hit \d+% · crit \d+% · its armour and HP are the DM's/);
          }
          if (turn === 1) await shot(page, isFoe ? 'eh-fight-foe-odds' : 'eh-fight-attack-odds');
          const before = await attacksIn(s, acting);
          await form.getByRole('button', { name: 'Attack', exact: true }).click();
          await expect.poll(() => attacksIn(s, acting), POLL).toBeGreaterThan(before);
          if (isFoe) foeAttacks += 1;
          else pcAttacks += 1;
        }
        if (turn === 5) await shot(s, 'eh-fight-mid');
        await s.getByRole('button', { name: 'Next turn' }).click();
        await expect.poll(() => s.locator('.combatants > li.current .who').innerText(), POLL).not.toBe(acting);
      }
      expect(foeAttacks).toBeGreaterThanOrEqual(ROUNDS);
      expect(pcAttacks).toBeGreaterThanOrEqual(1);
      await expect.poll(() => s.getByText(/Round [34]/).count(), POLL).toBeGreaterThan(0);

      // A protagonist took damage: the tracker and the sheet say the same HP, below the maximum.
      const hps: Record<string, [number, number]> = {};
      for (const name of ['Ada', 'Bo']) {
        const m = /HP (\d+)\/(\d+)/.exec(await row(s, name).innerText());
        hps[name] = [Number(m![1]), Number(m![2])];
      }
      const hurt = Object.keys(hps).find((n) => hps[n]![0] < hps[n]![1]);
      expect(hurt, `a protagonist is hurt: ${JSON.stringify(hps)}`).toBeDefined();
      await shot(p, 'eh-fight-player');
      await s.getByRole('button', { name: 'End the fight' }).click();
      await p.getByRole('tab', { name: 'Characters' }).click();
      const back = p.getByRole('button', { name: /All characters/ });
      if ((await back.count()) > 0) await back.first().click();
      await p.getByRole('button', { name: hurt!, exact: true }).click();
      const [now, max] = hps[hurt!]!;
      await expect.poll(() => p.locator('article.sheet .trackers').first().innerText(), POLL).toMatch(new RegExp(`HP\\s+${now}/${max}`));
      await expect.poll(() => p.locator('article.sheet').innerText(), POLL).toMatch(/damage, HP \d+ -> \d+/);
      await shot(p, 'eh-fight-sheet');
    } finally {
      await pc.close();
      await sc.close();
    }
  }, 240_000);
});
