// Click-to-card latency: a click in one member's browser page until the card it makes is in another
// member's page, against the raw WebSocket round trip of the same commands, all against one real
// server (`hammercrawl serve` on a temporary SQLite file, the built web app) in the same run.
//
// Browser kinds (two headless Chromium pages, playwright-core, one browser context per seat):
//   roll:   the player fills the tray (notation, a label unique to the click) and clicks Roll; the
//           Smith's page gets a `.log .card` holding that label.
//   check:  the same in the tray's Test mode (a Test of the d20 against 12).
//   attack: the Smith clicks Attack on the tracker's row of the player's character (against a goblin);
//           the player's page gets a new `.log .card` or a new note in the tracker's `.attack-log`.
// Raw kinds, on a second table of the same server (no page shows it): a Node `ws` client of one
// member sends the same command and a Node `ws` client of another member receives its event.
//
// Clocks: the clicking page takes its time just before `element.click()` (inside the page, so the
// DevTools round trip is not counted); the other page takes its time in a MutationObserver callback,
// the moment the card is in its DOM (and again at the next animation frame, when it can be painted).
// Both are `performance.timeOrigin + performance.now()`: wall-clock milliseconds of one machine in
// both renderer processes (the run checks both against this process's clock). Raw kinds use this
// process's `performance.now()` at the send and on the frame's arrival.
// Kinds interleave (one of each per round), after warm-up rounds; each click waits until both pages
// are quiet. A second table splits a click's time into the clicking page, the server and sockets,
// and the other page (the pages' WebSocket is wrapped to time its frames). Figures are printed, never
// asserted. HAMMERCRAWL_BENCH_CLICKS sets the rounds (60).
//
// What the pages are read by: #tray-notation, #tray-label, #tray-target, button.roll, the group "What to
// roll" and its buttons Roll and Test (aria-pressed), the tab Combat (when there is one),
// form.attack (its aria-label naming the attacker) and its submit button, the status "Live",
// `.log .card` and `.attack-log`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { printTable } from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WAIT_MS = 5000;
/** A page is quiet when its DOM has not changed for this long. */
const QUIET_MS = 30;
const NOTATION = '2d20kh1+3';
const TEST_TARGET = 12;
const GOBLIN = { name: 'Goblin', side: 'foes', health: 'd30', monster: 'hd=1,attack=+2,defense=11,damage=d6' };
const HERO = 'Hero';

/** Why this benchmark cannot run here, or null. */
export function clickSkipReason() {
  if (!existsSync(CHROMIUM_PATH)) return `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (!existsSync(join(ROOT, 'dist', 'web', 'index.html'))) return 'dist/web/index.html is missing (npm run build first)';
  return null;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `hammercrawl serve --port 0` on a temporary database; resolves with { url, stop() } once it prints its address. */
async function startServer() {
  const dir = mkdtempSync(join(os.tmpdir(), 'hc-bench-click-'));
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin', 'hammercrawl.js'), 'serve', '--port', '0', '--db', join(dir, 'bench.sqlite'), '--quiet', '--tables-per-minute', '1000', '--joins-per-minute', '1000'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server printed no address within 30 s:\n${out}`)), 30_000);
      child.stdout.on('data', (chunk) => {
        out += chunk.toString('utf8');
        const m = /http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      });
      child.stderr.on('data', (chunk) => {
        out += chunk.toString('utf8');
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before printing its address:\n${out}`));
      });
    });
    return { url, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function post(base, path, body) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A table with the Smith and one player (Wren); seats as the web app keeps them. */
async function makeTable(base, name) {
  const t = await post(base, '/api/tables', { name, ruleset: 'hammercrawl', settings: {} });
  const p = await post(base, `/api/tables/${t.id}/players`, { inviteCode: t.inviteCode, name: 'Wren', role: 'player' });
  return {
    id: t.id,
    smith: { tableId: t.id, token: t.smithToken, memberId: t.memberId, name: 'Smith', role: 'smith' },
    player: { tableId: t.id, token: p.token, memberId: p.playerId, name: 'Wren', role: 'player' },
  };
}

let requests = 0;
const rid = (tag) => `bench-${tag}-${++requests}`;

/**
 * A member's socket. `expect(match)` arms a wait for the next frame matching and resolves with
 * `{ frame, at }` (`at`: performance.now() on arrival, before parsing); `command(body)` sends one
 * command and resolves with its ack (an error frame rejects).
 */
async function member(base, tableId, token) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/tables/${tableId}/live`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.on('error', () => undefined);
  const waits = new Set();
  ws.on('message', (raw) => {
    const at = performance.now();
    const frame = JSON.parse(raw.toString());
    for (const w of waits) {
      if (w.match(frame)) {
        waits.delete(w);
        clearTimeout(w.timer);
        w.resolve({ frame, at });
      }
    }
  });
  const expect = (match, what = 'a frame') =>
    new Promise((resolve, reject) => {
      const w = { match, resolve, timer: setTimeout(() => (waits.delete(w), reject(new Error(`no ${what} within ${WAIT_MS} ms`))), WAIT_MS) };
      waits.add(w);
    });
  const welcome = expect((f) => f.kind === 'welcome' || f.kind === 'error', 'welcome');
  ws.send(JSON.stringify({ kind: 'hello', token, since: 0 }));
  const w = (await welcome).frame;
  if (w.kind !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
  return {
    expect,
    async command(body) {
      const requestId = body.requestId ?? rid(body.kind);
      const answer = expect((f) => (f.kind === 'ack' || f.kind === 'error') && f.requestId === requestId, `answer to ${body.kind}`);
      ws.send(JSON.stringify({ ...body, requestId }));
      const { frame } = await answer;
      if (frame.kind === 'error') throw new Error(`${body.kind} refused: ${frame.code} ${frame.message}`);
      return frame;
    },
    close: () => ws.terminate(),
  };
}

/**
 * At a table: the player's character (a HAMMERCRAWL! character rolled from a fixed seed) and a fight,
 * that character against a goblin. Returns the combatant ids and `heal()`, which puts the goblin back
 * on its full Health (the Smith's `update`) after a hit, so every attack is the same.
 */
async function fight(smith, player) {
  const [{ loadRuleSystem }, { seededRandom }] = await Promise.all([import('../dist/rules/catalogue.js'), import('../dist/dice/random.js')]);
  const rs = await loadRuleSystem('hammercrawl');
  const rolled = rs.rollCharacter(seededRandom(5), {});
  if (!rolled.ok) throw new Error(rolled.error.message);
  const { characterId } = await player.command({ kind: 'character-save', character: rolled.value });
  const ids = [];
  for (const action of [
    { type: 'add', name: HERO, side: 'party', characterId },
    { type: 'add', ...GOBLIN },
  ]) {
    const changed = smith.expect((f) => f.kind === 'combat-changed', 'combat-changed');
    await smith.command({ kind: 'combat', action });
    const { combatants } = (await changed).frame.combat;
    ids.push(combatants[combatants.length - 1].id);
  }
  const [heroId, goblinId] = ids;
  return {
    heroId,
    goblinId,
    attack: { type: 'attack', attackerId: heroId, targetId: goblinId },
    heal: () => smith.command({ kind: 'combat', action: { type: 'update', combatantId: goblinId, health: GOBLIN.health, isDown: false } }),
  };
}

/**
 * Runs in each page before its own scripts: `window.__clickBench`, and the page's WebSocket marked so
 * that the first frame it sends after a click (`sentAt`) and the first it receives while a card is
 * awaited (`wsAt`) are timed. A listener added in the constructor runs before the page's own.
 */
function hookSockets() {
  const now = () => performance.timeOrigin + performance.now();
  const bench = { want: null, at: null, frame: null, wsAt: null, sentAt: null, isSendArmed: false, changedAt: now() };
  window.__clickBench = bench;
  const Native = window.WebSocket;
  const send = Native.prototype.send;
  Native.prototype.send = function (data) {
    if (bench.isSendArmed) {
      bench.isSendArmed = false;
      bench.sentAt = now();
    }
    return send.call(this, data);
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => {
        if (bench.want !== null && bench.wsAt === null) bench.wsAt = now();
      });
    }
  };
}

/** Installed in each page once it is live: the card watcher and the quiet check, on `window.__clickBench`. */
function installWatcher() {
  const now = () => performance.timeOrigin + performance.now();
  const seen = new WeakSet();
  const bench = window.__clickBench;
  bench.arm = (want) => {
    for (const c of document.querySelectorAll('.log .card')) seen.add(c);
    bench.at = null;
    bench.frame = null;
    bench.wsAt = null;
    bench.want = want;
  };
  const found = (el, want) => {
    const cards = [];
    const own = el.closest('.log .card');
    if (own) cards.push(own);
    else cards.push(...el.querySelectorAll('.log .card'));
    for (const c of cards) {
      if (want.text !== undefined ? (c.textContent ?? '').includes(want.text) : !seen.has(c)) return true;
    }
    return want.attackNote === true && (el.closest('.attack-log') !== null || el.querySelector('.attack-log') !== null);
  };
  new MutationObserver((records) => {
    const t = now();
    bench.changedAt = t;
    const want = bench.want;
    if (want === null) return;
    for (const r of records) {
      for (const n of [r.target, ...r.addedNodes]) {
        const el = n.nodeType === 1 ? n : n.parentElement;
        if (el === null || !found(el, want)) continue;
        bench.want = null;
        bench.at = t;
        requestAnimationFrame(() => {
          bench.frame = now();
        });
        return;
      }
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-count'] });
}

/** Waits until the page's DOM has not changed for QUIET_MS. */
function quiet(page) {
  return page.waitForFunction((ms) => performance.timeOrigin + performance.now() - window.__clickBench.changedAt >= ms, QUIET_MS, { timeout: WAIT_MS, polling: 10 });
}

/** Clicks `selector` inside the page; its time just before the click. */
function clickAt(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (el === null) throw new Error(`nothing matches ${sel}`);
    const bench = window.__clickBench;
    bench.sentAt = null;
    bench.isSendArmed = true;
    const t = performance.timeOrigin + performance.now();
    el.click();
    return t;
  }, selector);
}

/**
 * Arms the watcher of `receiver`, clicks in `clicker`, and returns the times from the click (ms):
 * `ms` to the card, `frameMs` to the animation frame after it, `sentMs` to the clicking page's send,
 * `wsMs` to the frame's arrival in the receiving page (null on timeout).
 */
async function measureClick(clicker, receiver, selector, want) {
  await receiver.evaluate((w) => window.__clickBench.arm(w), want);
  const t0 = await clickAt(clicker, selector);
  try {
    await receiver.waitForFunction(() => window.__clickBench.frame !== null, undefined, { timeout: WAIT_MS, polling: 'raf' });
  } catch {
    await receiver.evaluate(() => {
      window.__clickBench.want = null;
    });
    return null;
  }
  const { at, frame, wsAt } = await receiver.evaluate(() => ({ at: window.__clickBench.at, frame: window.__clickBench.frame, wsAt: window.__clickBench.wsAt }));
  const sentAt = await clicker.evaluate(() => window.__clickBench.sentAt);
  return { ms: at - t0, frameMs: frame - t0, sentMs: sentAt === null ? null : sentAt - t0, wsMs: wsAt === null ? null : wsAt - t0 };
}

/** The difference between a page's clock and this process's, bounded by one DevTools round trip. */
async function clockCheck(page) {
  let worst = 0;
  for (let i = 0; i < 5; i++) {
    const before = performance.timeOrigin + performance.now();
    const t = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = performance.timeOrigin + performance.now();
    worst = Math.max(worst, before - t, t - after);
  }
  return worst; // > 0: the page's clock lies outside [before, after] by this much
}

async function openSeat(browser, base, seat) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const value = JSON.stringify({ ...seat, tableName: 'table', openedAt: 1 });
  await context.addInitScript({ content: `localStorage.setItem(${JSON.stringify(`hammercrawl:table:${seat.tableId}`)}, ${JSON.stringify(value)});` });
  await context.addInitScript(hookSockets);
  const page = await context.newPage();
  await page.goto(`${base}/t/${seat.tableId}`);
  await page.getByRole('status').filter({ hasText: 'Live' }).first().waitFor({ timeout: 15_000 });
  await page.evaluate(installWatcher);
  return { context, page };
}

/** Opens the tab named `name` when the page has one (the tracker is a tab today). */
async function openTab(page, name) {
  const tab = page.getByRole('tab', { name });
  if ((await tab.count()) > 0) await tab.first().click();
}

/** Sets the tray's mode (Roll, Test) when it is not set already. */
async function trayMode(page, mode) {
  const button = page.getByRole('group', { name: 'What to roll' }).getByRole('button', { name: mode, exact: true });
  if ((await button.getAttribute('aria-pressed', { timeout: WAIT_MS })) !== 'true') await button.click();
}

/** Runs the benchmark and prints its table. */
export async function benchClickToCard({ runs = Number(process.env.HAMMERCRAWL_BENCH_CLICKS ?? 60), warm = 5 } = {}) {
  console.log(`\n## Click-to-card latency on another client vs the raw WebSocket round trip\n`);
  const skip = clickSkipReason();
  if (skip !== null) {
    console.log(`Skipped: ${skip}.`);
    return null;
  }
  const { chromium } = await import('playwright-core');
  const started = performance.now();
  const server = await startServer();
  const sockets = [];
  let browser = null;
  try {
    // The raw table: two Node members, no page.
    const rawTable = await makeTable(server.url, 'Raw round trip');
    const rawSmith = await member(server.url, rawTable.id, rawTable.smith.token);
    const rawPlayer = await member(server.url, rawTable.id, rawTable.player.token);
    sockets.push(rawSmith, rawPlayer);
    const rawFight = await fight(rawSmith, rawPlayer);

    // The browser table: the Smith's and the player's pages, and the Smith's socket for the set-up.
    const table = await makeTable(server.url, 'Click bench');
    const smithWs = await member(server.url, table.id, table.smith.token);
    const playerWs = await member(server.url, table.id, table.player.token);
    sockets.push(smithWs, playerWs);
    const pageFight = await fight(smithWs, playerWs);

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const smith = (await openSeat(browser, server.url, table.smith)).page;
    const player = (await openSeat(browser, server.url, table.player)).page;
    const skew = Math.max(await clockCheck(smith), await clockCheck(player));
    await openTab(smith, 'Combat');
    await openTab(player, 'Combat');
    // The Attack of the Hero's row: its form names the attacker; else the first attack form
    // (the Hero is the first combatant in the tracker's order).
    await smith.locator('form.attack').first().waitFor({ timeout: WAIT_MS });
    const named = `form.attack[aria-label*="${HERO}"] button[type="submit"]`;
    const attackButton = (await smith.locator(named).count()) > 0 ? named : 'form.attack button[type="submit"]';

    const kinds = {
      'raw roll': { path: 'ws → ws' },
      'raw check': { path: 'ws → ws' },
      'raw attack': { path: 'ws → ws' },
      roll: { path: 'player page → Smith page' },
      check: { path: 'player page → Smith page' },
      attack: { path: 'Smith page → player page' },
    };
    for (const k of Object.values(kinds)) Object.assign(k, { samples: [], timeouts: 0 });

    /**
     * A command from `from`'s socket until `to`'s socket has its event (and `from` its ack). A
     * `combat-changed` carries no requestId: the one with an `attack` is the attack's (one at a time).
     */
    async function raw(from, to, body, eventKind) {
      const requestId = rid(body.kind);
      const got = to.expect((f) => f.kind === eventKind && (eventKind === 'combat-changed' ? f.attack !== undefined : f.requestId === requestId), eventKind);
      const t0 = performance.now();
      const ack = from.command({ ...body, requestId });
      const [{ frame, at }] = await Promise.all([got, ack]);
      return { ms: at - t0, frame };
    }
    const labelOf = (kind, i) => `bench ${kind} ${String(i).padStart(4, '0')}`;
    /** The tray's click, checked on the Smith's socket: the event it made must be of `eventKind`. */
    const trayClick = async (eventKind, label) => {
      const made = smithWs.expect((f) => (f.kind === 'rolled' || f.kind === 'checked') && String(f.label).includes(label), `the event labelled ${label}`);
      const r = await measureClick(player, smith, rollButton, { text: label });
      const { frame } = await made;
      if (frame.kind !== eventKind) throw new Error(`the tray's click sent a ${frame.kind} event where a ${eventKind} was measured`);
      return r;
    };
    const rollButton = 'button.roll';
    const ready = async () => {
      await player.locator(`${rollButton}:not([disabled])`).waitFor({ timeout: WAIT_MS });
      await smith.locator(`${attackButton}:not([disabled])`).first().waitFor({ timeout: WAIT_MS });
      await Promise.all([quiet(smith), quiet(player)]);
    };

    const round = async (i, keep) => {
      await Promise.all([quiet(smith), quiet(player)]);
      const record = (name, r) => {
        if (!keep) return;
        if (r === null) kinds[name].timeouts += 1;
        else kinds[name].samples.push(r);
      };
      record('raw roll', await raw(rawPlayer, rawSmith, { kind: 'roll', notation: NOTATION, visibility: 'public', label: labelOf('raw roll', i) }, 'rolled'));
      record(
        'raw check',
        await raw(rawPlayer, rawSmith, { kind: 'check', check: 'test', params: { target: TEST_TARGET, die: 20 }, visibility: 'public', label: labelOf('raw check', i) }, 'checked'),
      );
      const a = await raw(rawSmith, rawPlayer, { kind: 'combat', action: rawFight.attack }, 'combat-changed');
      record('raw attack', a);
      if (a.frame.attack?.isHit !== false) await rawFight.heal();

      await trayMode(player, 'Roll');
      await player.locator('#tray-notation').fill(NOTATION);
      await player.locator('#tray-label').fill(labelOf('roll', i));
      await ready();
      record('roll', await trayClick('rolled', labelOf('roll', i)));

      await player.locator(`${rollButton}:not([disabled])`).waitFor({ timeout: WAIT_MS });
      await trayMode(player, 'Test');
      await player.locator('#tray-notation').fill('');
      await player.locator('#tray-target').fill(String(TEST_TARGET));
      await player.locator('#tray-label').fill(labelOf('check', i));
      await ready();
      record('check', await trayClick('checked', labelOf('check', i)));

      const changed = smithWs.expect((f) => f.kind === 'combat-changed' && f.attack !== undefined, 'the attack').catch(() => null);
      await ready();
      record('attack', await measureClick(smith, player, attackButton, { attackNote: true }));
      if ((await changed)?.frame.attack.isHit !== false) await pageFight.heal();
    };
    for (let i = 0; i < warm + runs; i++) await round(i, i >= warm);

    /** The sorted values of `f` over a kind's samples (samples where it is not a number left out). */
    const values = (k, f) => k.samples.map(f).filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((x, y) => x - y);
    const total = (k) => values(k, (r) => r.ms);
    const rawP50 = percentile(total(kinds['raw roll']), 50);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Server: \`hammercrawl serve\` (SQLite on ${os.tmpdir()}, the built web app) in a child process; two headless Chromium pages (1280x800, one context per seat) and the Node clients on the same machine. ` +
        `${warm} warm-up rounds, then ${runs} interleaved rounds of one of each kind. ` +
        `Roll: \`${NOTATION}\` from the tray with a label unique to the click, until a \`.log .card\` with that label is in the Smith's page. ` +
        `Check: the tray's Test mode (d20, target ${TEST_TARGET}). Attack: the Smith's Attack in the tracker (${HERO}, the player's character, against a goblin, \`${GOBLIN.monster}\`), ` +
        `until a new \`.log .card\` or \`.attack-log\` note is in the player's page (the goblin is healed between attacks). ` +
        `Raw: the same commands between two Node \`ws\` members of another table of the same server, from the send until the other member's event arrives. ` +
        `Page times: \`performance.timeOrigin + performance.now()\` in each page (the clicking page just before \`element.click()\`, the other page in a MutationObserver callback), one machine's clock; ` +
        `both pages agreed with this process's clock ${skew <= 0 ? 'within one DevTools round trip' : `to ${skew.toFixed(2)} ms`}. ` +
        `p99 is the ${runs < 100 ? 'slowest sample' : '99th percentile'} (n = ${runs}). The run took ${seconds.toFixed(0)} s.\n`,
    );
    const fmt = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
    printTable(
      ['kind', 'path', 'n', 'p50 ms', 'p99 ms', 'ratio to raw roll p50', 'timeouts'],
      Object.entries(kinds).map(([name, k]) => {
        const s = total(k);
        return [name, k.path, String(s.length), fmt(percentile(s, 50)), fmt(percentile(s, 99)), `${(percentile(s, 50) / rawP50).toFixed(1)}x`, String(k.timeouts)];
      }),
    );
    console.log(
      `\nWhere a click's time goes (p50 of each step over the same samples, so the steps need not add up to the total): ` +
        `the clicking page until its socket sends; from that send until the frame is in the other page (the server and both sockets; compare the raw kind); ` +
        `the other page from the frame to the card in its DOM; and on to the next animation frame (when the card can be painted).\n`,
    );
    const p50 = (k, f) => fmt(percentile(values(k, f), 50));
    printTable(
      ['kind', 'click → sent', 'sent → frame in page', 'raw p50', 'frame → card', 'card → next frame', 'click → next frame'],
      ['roll', 'check', 'attack'].map((name) => {
        const k = kinds[name];
        return [
          name,
          p50(k, (r) => r.sentMs),
          p50(k, (r) => (r.sentMs === null || r.wsMs === null ? null : r.wsMs - r.sentMs)),
          fmt(percentile(total(kinds[`raw ${name}`]), 50)),
          p50(k, (r) => (r.wsMs === null ? null : r.ms - r.wsMs)),
          p50(k, (r) => r.frameMs - r.ms),
          p50(k, (r) => r.frameMs),
        ];
      }),
    );
    return Object.fromEntries(Object.entries(kinds).map(([name, k]) => [name, { p50: percentile(total(k), 50), p99: percentile(total(k), 99) }]));
  } finally {
    for (const s of sockets) s.close();
    if (browser !== null) await browser.close();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchClickToCard();
