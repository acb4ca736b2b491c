/**
 * A first evening as a newcomer, in real Chromium against the real table server: the create page keeps
 * the rulings behind an Advanced disclosure in plain words and puts a problem where the eye is; Help
 * explains the table; the wizard's Option B offers every choice and its preview shows the whole
 * character; an import lists every problem; printing a sheet prints the sheet alone; the server starts
 * without a deprecation warning. axe finds nothing serious or critical on these views, light and dark.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, skipReason, startServer, type TestServer } from './harness.js';
import { tableSteps } from './tables.js';

const reason = skipReason();
if (reason !== null) console.warn(`[browser tests] ${reason}`);

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** A ruling's code as docs/rulings.md writes it ("D-1", "MG-9"). */
const RULE_CODE = /\b[A-Z]{1,2}-\d+\b/;

type LogEvents = { events: { kind: string; character?: { id: string; document: Record<string, unknown> } }[] };

describe.skipIf(reason !== null)(`a newcomer's evening in Chromium${reason !== null ? ` (skipped: ${reason})` : ''}`, () => {
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

  const { api, tableWithPlayer, seated, openTable, keepNewCharacter, shot } = tableSteps(
    () => server,
    () => browser,
  );

  const axeFailures: string[] = [];
  async function axe(page: Page, label: string, include?: string): Promise<void> {
    const builder = new AxeBuilder({ page });
    const result = await (include ? builder.include(include) : builder).analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      axeFailures.push(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    }
  }

  it('keeps the rulings behind a closed Advanced disclosure, in plain words', async () => {
    for (const vp of VIEWPORTS) {
      for (const theme of THEMES) {
        const tag = `${vp.name}-${theme}`;
        const context = await seated(null, { width: vp.width, height: vp.height, colorScheme: theme });
        try {
          const page = await context.newPage();
          await page.goto(server.url);
          await page.getByRole('heading', { name: 'Create a table' }).waitFor();
          const advanced = page.locator('details', { has: page.locator('summary', { hasText: 'Advanced: rulings for this table' }) });
          await advanced.waitFor();
          expect(await advanced.getAttribute('open')).toBeNull();
          expect(await page.locator('#setting-below-d3').isVisible()).toBe(false);
          // Closed, the create button is in the first screen on a phone and on a desktop.
          const button = await page.getByRole('button', { name: 'Create table' }).boundingBox();
          expect(button!.y + button!.height).toBeLessThanOrEqual(vp.height);
          await shot(page, `newcomer-create-closed-${tag}`);
          await axe(page, `create-closed-${tag}`);
          await advanced.locator('summary').click();
          await page.locator('#setting-below-d3').waitFor();
          // Labels say what a ruling does; a code stays in small print for those who know it.
          const labels = await page.locator('details.advanced label').allInnerTexts();
          expect(labels.length).toBeGreaterThanOrEqual(8);
          for (const l of labels) expect(l, l).not.toMatch(RULE_CODE);
          const legendText = await advanced.locator('summary').innerText();
          expect(legendText).not.toMatch(RULE_CODE);
          expect(await page.locator('#setting-below-d3-help').innerText()).toMatch(/d3/);
          await shot(page, `newcomer-create-open-${tag}`);
          await axe(page, `create-open-${tag}`);
        } finally {
          await context.close();
        }
      }
    }
  }, 240_000);

  it('puts a create-table problem at the field at fault or beside the button, and moves focus to it', async () => {
    const context = await seated(null, { width: 390, height: 844 });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.getByRole('button', { name: 'Create table' }).click();
      // No name: the name field says so and has focus (on screen), not a line far from where the user looked.
      await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id'), { timeout: 10_000 }).toBe('table-name');
      const nameError = page.locator('#table-name-error');
      await nameError.waitFor();
      expect(await nameError.innerText()).toMatch(/name/i);
      expect(await page.locator('#table-name').getAttribute('aria-invalid')).toBe('true');
      expect(await nameError.isVisible()).toBe(true);
      await shot(page, 'newcomer-create-error-name-phone');

      // A ruling out of range: Advanced opens and the field at fault has focus, its problem beside it.
      await page.getByLabel('Table name').fill('The Drowned Vault');
      await page.locator('details.advanced summary').click();
      await page.locator('#setting-max-overcast-points').fill('99');
      await page.locator('details.advanced summary').click();
      expect(await page.locator('#setting-max-overcast-points').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Create table' }).click();
      await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id'), { timeout: 10_000 }).toBe('setting-max-overcast-points');
      const settingError = page.locator('#setting-max-overcast-points-error');
      expect(await settingError.innerText()).toMatch(/0 to 20/);
      const field = (await page.locator('#setting-max-overcast-points').boundingBox())!;
      const err = (await settingError.boundingBox())!;
      expect(Math.abs(err.y - (field.y + field.height))).toBeLessThan(80);
      await page.locator('#setting-max-overcast-points').fill('');

      // A refusal from the server: beside the button, announced, focused.
      await page.route('**/api/tables', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { code: 'rate/limited', message: 'Too many requests; try again in 30 s.' } }) }) : route.continue(),
      );
      await page.getByRole('button', { name: 'Create table' }).click();
      const formError = page.locator('#create-error');
      await formError.waitFor();
      expect(await formError.innerText()).toContain('Too many requests');
      expect(await formError.getAttribute('role')).toBe('alert');
      const b = (await page.getByRole('button', { name: 'Create table' }).boundingBox())!;
      const e = (await formError.boundingBox())!;
      expect(Math.abs(e.y + e.height / 2 - (b.y + b.height / 2))).toBeLessThan(90);
      await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id'), { timeout: 10_000 }).toBe('create-error');
      await shot(page, 'newcomer-create-error-server-phone');
    } finally {
      await context.close();
    }
  });

  it('explains the table in Help: Test and Challenge, the tools, secret rolls, chat, seats, the Smith\'s screen', async () => {
    const { smith } = await tableWithPlayer('Help table');
    for (const vp of VIEWPORTS) {
      for (const theme of THEMES) {
        const tag = `${vp.name}-${theme}`;
        const context = await seated(smith, { width: vp.width, height: vp.height, colorScheme: theme });
        try {
          const s = await openTable(context, smith.tableId);
          await s.getByRole('button', { name: /Help/ }).first().click();
          const dialog = s.getByRole('dialog', { name: 'Help' });
          await dialog.waitFor();
          // The ruleset's own part arrives with its web parts.
          await dialog.getByRole('heading', { name: 'HAMMERCRAWL! at this table' }).waitFor();
          const text = await dialog.innerText();
          for (const words of [
            'Test',
            'Challenge',
            'exact chance',
            'Dice tray',
            'Log',
            'Characters',
            'Combat',
            'Smith only',
            'Blind',
            'whisper',
            'seat link',
            'rename and remove',
            'Venture',
            'Light',
            'Hammer dice',
            'Keyboard shortcuts',
          ]) {
            expect(text, words).toContain(words);
          }
          await shot(s, `newcomer-help-${tag}`);
          await dialog.screenshot({ path: join(ROOT, 'test', 'browser', 'screenshots', `newcomer-help-dialog-${tag}.png`) });
          await dialog.locator('#help-ruleset-title').scrollIntoViewIfNeeded();
          await dialog.screenshot({ path: join(ROOT, 'test', 'browser', 'screenshots', `newcomer-help-ruleset-${tag}.png`) });
          await axe(s, `help-${tag}`);
          await s.keyboard.press('Escape');
          await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
        } finally {
          await context.close();
        }
      }
    }
    // Away from a table, Help has the general part only (no ruleset is open).
    const context = await seated(null);
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.getByRole('button', { name: /Help/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Help' });
      await dialog.waitFor();
      const text = await dialog.innerText();
      expect(text).toContain('Challenge');
      expect(text).not.toContain('at this table');
    } finally {
      await context.close();
    }
  }, 240_000);

  it('offers every Option B choice in the wizard; the preview shows skills and gear; the kept character has the choices', async () => {
    const { player } = await tableWithPlayer('Wizard table');
    for (const vp of VIEWPORTS) {
      for (const theme of THEMES) {
        const tag = `${vp.name}-${theme}`;
        const context = await seated(player, { width: vp.width, height: vp.height, colorScheme: theme });
        try {
          const p = await openTable(context, player.tableId);
          await p.getByRole('tab', { name: 'Characters' }).click();
          await p.getByRole('button', { name: 'New character' }).click();
          await p.getByLabel('Method', { exact: true }).selectOption('semi');
          await p.getByLabel('Name', { exact: true }).fill(`Brakka ${tag}`);
          // The wizard's Stock (the tray's Save form has one too).
          await p.locator('.wizard').getByLabel('Stock', { exact: true }).selectOption('human');
          await p.getByLabel('Human prime stat').selectOption('CON');
          await p.getByLabel('Class', { exact: true }).selectOption('combatant');
          await p.getByLabel('Combatant prime stat').selectOption('STR');
          await p.getByLabel('Shtick').selectOption('spellblade');
          await p.getByLabel('Spellblade style').selectOption('eldritch-warrior');
          await p.getByLabel('Caster type').selectOption('believer');
          await p.getByLabel('Save Feat').selectOption('DEX');
          await p.getByRole('button', { name: 'Add a skill' }).click();
          await p.getByLabel('Skill 1', { exact: true }).selectOption('riding');
          await p.getByLabel('Skill 1: animal').fill('horses');
          await p.getByRole('button', { name: 'Add a skill' }).click();
          await p.getByLabel('Skill 2', { exact: true }).selectOption('art');
          await p.getByLabel('Skill 2: medium').fill('oils');
          // A skill already chosen is not offered again.
          expect(await p.locator('#create-skills-1 option[value="riding"]').count()).toBe(0);
          await p.getByRole('button', { name: 'Add a weapon proficiency' }).click();
          await p.getByLabel('Weapon Proficiency 1', { exact: true }).selectOption('sword-long');
          await p.getByRole('button', { name: 'Add a weapon', exact: true }).click();
          await p.getByLabel('Weapon 1', { exact: true }).selectOption('sword-long');
          await shot(p, `newcomer-wizard-b-${tag}`);
          await p.locator('.wizard form').screenshot({ path: join(ROOT, 'test', 'browser', 'screenshots', `newcomer-wizard-b-form-${tag}.png`) });
          await axe(p, `wizard-b-${tag}`, '.wizard');
          await p.getByRole('button', { name: 'Roll the character' }).click();
          const preview = p.locator('section.preview');
          await preview.waitFor();
          const previewText = await preview.innerText();
          for (const words of ['Skills', 'Riding (horses)', 'Art (oils)', 'Weapon proficiencies', 'Sword, Long', 'Inventory', 'Spellblade']) expect(previewText, words).toContain(words);
          await shot(p, `newcomer-wizard-preview-${tag}`);
          await preview.screenshot({ path: join(ROOT, 'test', 'browser', 'screenshots', `newcomer-wizard-preview-only-${tag}.png`) });
          await axe(p, `wizard-preview-${tag}`, '.wizard');
          await p.getByRole('button', { name: 'Keep this character' }).click();
          await p.locator('article.sheet').waitFor();
          const log = await api<LogEvents>(`/api/tables/${player.tableId}/log?since=0`, undefined, player.token);
          const doc = log.events.filter((e) => e.kind === 'character-saved' && e.character?.document['name'] === `Brakka ${tag}`).at(-1)!.character!.document;
          expect([doc['method'], doc['stock'], doc['class'], doc['primeStats']]).toEqual(['semi', 'human', 'combatant', ['CON', 'STR']]);
          expect(doc['classPicks']).toEqual(
            expect.arrayContaining([
              { kind: 'shtick', id: 'spellblade' },
              { kind: 'spellblade-style', id: 'eldritch-warrior', casterType: 'believer' },
              expect.objectContaining({ kind: 'save-feat', stat: 'DEX' }),
            ]),
          );
          const skills = doc['skills'] as { id: string; specialization: string | null }[];
          expect(skills.slice(0, 2).map((s) => [s.id, s.specialization])).toEqual([
            ['riding', 'horses'],
            ['art', 'oils'],
          ]);
          const wps = doc['weaponProficiencies'] as { id: string; source: string }[];
          expect(wps.filter((w) => w.source === 'selection')[0]?.id).toBe('sword-long');
          expect((doc['inventory'] as { id: string }[]).some((i) => i.id === 'sword-long')).toBe(true);
        } finally {
          await context.close();
        }
      }
    }
  }, 300_000);

  it('offers a Devout\'s powers, a Specialist\'s choices and specialties, and a Palladium Human\'s stat order', async () => {
    const { player } = await tableWithPlayer('Wizard classes');
    const context = await seated(player, { width: 390, height: 844 });
    try {
      const p = await openTable(context, player.tableId);
      await p.getByRole('tab', { name: 'Characters' }).click();
      await p.getByRole('button', { name: 'New character' }).click();
      await p.getByLabel('Method', { exact: true }).selectOption('semi');
      await p.getByLabel('Class', { exact: true }).selectOption('devout');
      await p.getByLabel('Powers to start with').selectOption('basic-and-advanced');
      await p.getByLabel('Advanced power').selectOption('lay-on-hands');
      await p.getByLabel('Basic power', { exact: true }).selectOption('revenant');
      await p.getByLabel('Name', { exact: true }).fill('Sister Vell');
      await p.getByRole('button', { name: 'Roll the character' }).click();
      await p.getByRole('button', { name: 'Keep this character' }).click();
      await p.locator('article.sheet').waitFor();
      await p.getByRole('button', { name: /All characters/ }).click();

      await p.getByRole('button', { name: 'New character' }).click();
      await p.getByLabel('Method', { exact: true }).selectOption('semi');
      await p.getByLabel('Class', { exact: true }).selectOption('specialist');
      await p.getByLabel('Specialist prime stat').selectOption('DEX');
      await p.getByRole('button', { name: 'Add a choice' }).click();
      await p.getByLabel('Choice 1', { exact: true }).selectOption('opportunist');
      // The Commander needs CHA as prime stat: not offered with DEX.
      expect(await p.locator('#create-specialist-choices-0 option[value="commander"]').count()).toBe(0);
      await p.getByLabel('Save Feat').selectOption('WIL');
      await p.getByRole('button', { name: 'Add a skill' }).click();
      await p.getByLabel('Skill 1', { exact: true }).selectOption('sporting');
      await p.getByRole('button', { name: 'Add a specialty' }).click();
      await p.getByLabel('Specialty 1', { exact: true }).selectOption('sporting');
      await p.getByLabel('Name', { exact: true }).fill('Quick Tam');
      await shot(p, 'newcomer-wizard-specialist-phone');
      await p.getByRole('button', { name: 'Roll the character' }).click();
      await p.getByRole('button', { name: 'Keep this character' }).click();
      await p.locator('article.sheet').waitFor();
      await p.getByRole('button', { name: /All characters/ }).click();

      await p.getByRole('button', { name: 'New character' }).click();
      await p.getByLabel('Method', { exact: true }).selectOption('palladium');
      // The wizard's Stock (the tray's Save form has one too).
          await p.locator('.wizard').getByLabel('Stock', { exact: true }).selectOption('human');
      await p.getByRole('button', { name: 'Add a stat' }).click();
      await p.getByLabel('Stat 1', { exact: true }).selectOption('INT');
      await p.getByLabel('Name', { exact: true }).fill('Orrin');
      await p.getByRole('button', { name: 'Roll the character' }).click();
      await p.getByRole('button', { name: 'Keep this character' }).click();
      await p.locator('article.sheet').waitFor();

      const log = await api<LogEvents>(`/api/tables/${player.tableId}/log?since=0`, undefined, player.token);
      const docs = new Map(log.events.filter((e) => e.kind === 'character-saved').map((e) => [e.character!.document['name'] as string, e.character!.document]));
      expect((docs.get('Sister Vell')!['classPicks'] as { kind: string }[]).filter((x) => x.kind === 'devout-power')).toEqual([
        { kind: 'devout-power', id: 'lay-on-hands', version: 'advanced' },
        { kind: 'devout-power', id: 'revenant', version: 'basic' },
      ]);
      const tam = docs.get('Quick Tam')!;
      expect(tam['classPicks']).toEqual(expect.arrayContaining([{ kind: 'specialist-choice', id: 'opportunist' }, expect.objectContaining({ kind: 'save-feat', stat: 'WIL' })]));
      expect((tam['skills'] as { id: string; isSpecialty: boolean }[]).find((s) => s.id === 'sporting')?.isSpecialty).toBe(true);
      const orrin = docs.get('Orrin')!;
      const stats = orrin['stats'] as Record<string, { score: number }>;
      expect(stats['INT']!.score).toBe(Math.max(...Object.values(stats).map((s) => s.score)));
    } finally {
      await context.close();
    }
  }, 120_000);

  it('lists every problem of an imported character, each with its field', async () => {
    const { player } = await tableWithPlayer('Import table');
    const context = await seated(player);
    try {
      const p = await openTable(context, player.tableId);
      await keepNewCharacter(p);
      await p.locator('article.sheet').waitFor();
      const log = await api<LogEvents>(`/api/tables/${player.tableId}/log?since=0`, undefined, player.token);
      const doc = log.events.find((e) => e.kind === 'character-saved')!.character!.document;
      await p.getByRole('button', { name: /All characters/ }).click();
      await p.getByRole('button', { name: 'Import JSON' }).click();
      await p.getByLabel('Or paste the JSON').fill(JSON.stringify({ ...doc, class: 'bard', xp: -4, stats: { ...(doc['stats'] as object), STR: { score: 'ten' } } }));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      const problems = p.locator('#import-error li');
      await expect.poll(() => problems.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const items = await problems.allInnerTexts();
      for (const path of ['$.class', '$.xp', '$.stats.STR']) expect(items.some((t) => t.startsWith(path)), path).toBe(true);
      expect(await p.locator('#import-error').innerText()).toMatch(/\d+ problems/);
      await shot(p, 'newcomer-import-problems-desktop');
      await axe(p, 'import-problems', '.import');
    } finally {
      await context.close();
    }
  });

  it('prints a sheet alone: no invite panel with its secret link, no tray, log or navigation', async () => {
    const context = await seated(null);
    try {
      const s = await context.newPage();
      await s.goto(server.url);
      await s.getByLabel('Table name').fill('Print table');
      await s.getByRole('button', { name: 'Create table' }).click();
      await s.waitForURL(/\/t\//);
      await s.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      // Right after creation the invite panel, with its secret link, is open.
      const linkField = s.locator('#invite-link');
      await linkField.waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(/#invite=/);
      await keepNewCharacter(s);
      await s.locator('article.sheet').waitFor();
      expect(await s.locator('.invite').isVisible()).toBe(true);
      await s.emulateMedia({ media: 'print' });
      await shot(s, 'newcomer-sheet-print');
      expect(await s.locator('.invite').isVisible()).toBe(false);
      expect(await s.locator('.invite').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }).getComputedStyle(el).display)).toBe('none');
      expect(await linkField.isVisible()).toBe(false);
      const printed = await s.evaluate<string>('document.body.innerText');
      expect(printed).not.toContain(link.split('#')[1]!);
      for (const hidden of ['.tray', '.log', 'nav', '.topbar', '[role=tablist]']) {
        const n = await s.locator(hidden).count();
        for (let i = 0; i < n; i++) expect(await s.locator(hidden).nth(i).isVisible(), hidden).toBe(false);
      }
      expect(await s.locator('article.sheet').isVisible()).toBe(true);
      expect(await s.locator('#sheet-name').isVisible()).toBe(true);
      await s.emulateMedia({ media: 'screen' });
      expect(await s.locator('.invite').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('starts the server without a deprecation warning (as npm start does), and this run\'s server printed none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-start-'));
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'hammercrawl.js'), 'serve', '--port', '0', '--db', join(dir, 'start.sqlite')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address within 30 s:\n${out}\n${err}`)), 30_000);
        const look = () => {
          const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolveUrl(m[0]);
          }
        };
        child.stdout!.on('data', look);
        child.once('exit', (code) => reject(new Error(`exited ${code}:\n${out}\n${err}`)));
      });
      // A request, a table and a join, so that request handling and logging run too.
      const res = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Start', ruleset: 'hammercrawl', settings: {} }) });
      const t = (await res.json()) as { id: string; inviteCode: string };
      await fetch(`${url}/api/tables/${t.id}/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inviteCode: t.inviteCode, name: 'Wren' }) });
      await fetch(`${url}/api/tables/${t.id}`);
    } finally {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
    for (const text of [err, out, server.output()]) {
      expect(text).not.toMatch(/Deprecation|FSTDEP\d+/);
    }
  }, 60_000);

  it('has no serious or critical axe violations on these views', () => {
    expect(axeFailures).toEqual([]);
  });
});
