// 50 tables x 8 clients rolling for 60 s against the real server process: every client receives every
// event of its table exactly once, in order. `npm run bench soak` runs the same for 10 minutes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/table-soak.js';
import { spawnServer } from './server-process.js';

const SECONDS = Number(process.env['HAMMERCRAWL_SOAK_SECONDS'] ?? 60);
const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-soak-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('table soak', () => {
  it(`50 tables x 8 clients for ${SECONDS} s: 0 lost, 0 duplicated, 0 out-of-order events`, async () => {
    const server = await spawnServer(join(dir, 'soak.sqlite'), ['--tables-per-minute', '1000', '--joins-per-minute', '10000']);
    try {
      const figures = await runSoak({ base: server.http, tables: 50, clients: 8, seconds: SECONDS });
      console.log(`soak: ${JSON.stringify(figures)}`);
      expect(figures.lost).toBe(0);
      expect(figures.duplicated).toBe(0);
      expect(figures.outOfOrder).toBe(0);
      expect(figures.disconnected).toBe(0);
      expect(figures.unanswered).toBe(0);
      expect(figures.errors).toEqual({});
      expect(figures.acks).toBeGreaterThan(50 * 8 * (SECONDS / 2) * 0.9);
    } finally {
      await server.kill('SIGTERM');
    }
  }, (SECONDS + 120) * 1000);
});
