#!/usr/bin/env node
/**
 * The web table's initial JavaScript, gzip-compressed: the entry chunk of dist/web/index.html and every
 * chunk it imports statically (dynamic imports are loaded later and not counted). Goal (quality goals):
 * <= 60 kB gzip. Run after `npm run build` (or `npx vite build --config web/vite.config.ts`).
 * Prints one line per chunk and the total; `--json` prints the figures as JSON.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const GOAL_BYTES = 60 * 1024;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');
const indexPath = join(root, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`web-size: ${indexPath} is missing; build first (npx vite build --config web/vite.config.ts)`);
  process.exit(2);
}
const html = readFileSync(indexPath, 'utf8');
const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
if (entries.length === 0) {
  console.error('web-size: no module script in dist/web/index.html');
  process.exit(2);
}

/** Static imports of a chunk: `import ... from "./x.js"` and `import "./x.js"`, never `import("./x.js")`. */
function staticImports(code) {
  const out = [];
  const re = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]);
  const reExport = /\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(reExport)) out.push(m[1]);
  return out;
}

function fileOf(url, from) {
  if (url.startsWith('/')) return join(root, url.slice(1));
  return resolve(dirname(from), url);
}

const seen = new Map();
const queue = [...entries, ...preloads].map((u) => fileOf(u, indexPath));
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  const code = readFileSync(file);
  seen.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  for (const dep of staticImports(code.toString('utf8'))) queue.push(fileOf(dep, file));
}

let raw = 0;
let gzip = 0;
const rows = [];
for (const [file, size] of seen) {
  raw += size.raw;
  gzip += size.gzip;
  rows.push({ chunk: file.slice(root.length + 1), raw: size.raw, gzip: size.gzip });
}
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ chunks: rows, raw, gzip, goal: GOAL_BYTES, withinGoal: gzip <= GOAL_BYTES }));
} else {
  for (const r of rows) console.log(`${r.chunk.padEnd(48)} ${(r.raw / 1024).toFixed(1).padStart(7)} kB  gzip ${(r.gzip / 1024).toFixed(1).padStart(6)} kB`);
  console.log(`initial JS: ${(raw / 1024).toFixed(1)} kB, gzip ${(gzip / 1024).toFixed(1)} kB (goal <= ${GOAL_BYTES / 1024} kB gzip: ${gzip <= GOAL_BYTES ? 'met' : 'NOT met'})`);
}
