/**
 * Crash durability of the SQLite store: a child process commits as fast as it can and reports
 * each acknowledged commit; it is SIGKILLed mid-stream; every acknowledged commit must survive,
 * no commit may be half there, and the integrity check must pass.
 *
 * The child runs this very store code: the test transpiles the store's TypeScript modules (with
 * the TypeScript compiler the project already has) into a scratch directory under node_modules,
 * where Node resolves better-sqlite3 and kysely as usual.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const MODULES = ['types.ts', 'records.ts', 'migrations.ts', 'sqlite-store.ts'];
/** Events per commit: a half-written commit would leave a count that is not a multiple. */
const EVENTS_PER_COMMIT = 25;

const CHILD = `
import { openSqliteStore } from './sqlite-store.js';
const [file] = process.argv.slice(2);
const store = await openSqliteStore(file);
await store.createTable({
  table: { id: 't', name: 'Crash', ruleset: 'hammercrawl', settings: {}, createdAt: 1, inviteCode: null },
  smith: { id: 'smith', tableId: 't', role: 'smith', name: 'S', tokenHash: 'h', createdAt: 1 },
  events: [],
});
process.send({ ready: true });
for (let n = 0; ; n += 1) {
  const events = Array.from({ length: ${EVENTS_PER_COMMIT} }, (_, part) => ({
    kind: 'crash', schemaVersion: 1, at: n, actorId: 'smith', body: { n, part, pad: 'x'.repeat(200) },
  }));
  const result = await store.commit({ tableId: 't', actorId: 'smith', requestId: 'r' + n, events });
  process.send({ n, lastSeq: result.events[result.events.length - 1].seq });
}
`;

const scratch = mkdtempSync(join(root, 'node_modules', '.cache-hc-crash-'));
const dataDir = mkdtempSync(join(tmpdir(), 'hc-crash-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function buildChild(): string {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'package.json'), '{"type":"module"}');
  for (const name of MODULES) {
    const source = readFileSync(join(here, name), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: name,
    });
    writeFileSync(join(scratch, name.replace(/\.ts$/, '.js')), outputText);
  }
  const child = join(scratch, 'child.mjs');
  writeFileSync(child, CHILD);
  return child;
}

interface Ack {
  readonly n: number;
  readonly lastSeq: number;
}

function isAck(message: unknown): message is Ack {
  return typeof message === 'object' && message !== null && 'n' in message && 'lastSeq' in message;
}

async function crashRun(file: string, child: string, killAfterAcks: number): Promise<Ack[]> {
  const acks: Ack[] = [];
  const worker = fork(child, [file], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  worker.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: unknown) => {
      if (!isAck(message)) return;
      acks.push(message);
      if (acks.length === killAfterAcks) worker.kill('SIGKILL');
    });
    worker.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`child exited with ${code ?? signal}: ${stderr}`));
    });
  });
  return acks;
}

describe('SQLite crash durability', () => {
  it('keeps every acknowledged commit, whole, after SIGKILL', async () => {
    const child = buildChild();
    const file = join(dataDir, 'crash.db');
    const acks = await crashRun(file, child, 150);
    expect(acks.length).toBeGreaterThanOrEqual(150);
    const store = await openSqliteStore(file);
    const integrity = await store.checkIntegrity();
    expect(integrity.ok, integrity.detail).toBe(true);
    const table = await store.getTable('t');
    const lastAcked = acks.at(-1)?.lastSeq ?? 0;
    expect(table?.lastSeq).toBeGreaterThanOrEqual(lastAcked);
    expect((table?.lastSeq ?? 0) % EVENTS_PER_COMMIT).toBe(0);
    const stored: number[] = [];
    for (let after = 0; ; ) {
      const page = await store.readEvents('t', after, 5_000);
      if (page.length === 0) break;
      stored.push(...page.map((event) => event.seq));
      after = page.at(-1)?.seq ?? after;
    }
    expect(stored.length).toBe(table?.lastSeq);
    for (const ack of acks) {
      const [last] = await store.readEvents('t', ack.lastSeq - 1, 1);
      expect(last?.body).toMatchObject({ n: ack.n, part: EVENTS_PER_COMMIT - 1 });
    }
    await store.close();
  });
});
