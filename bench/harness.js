// Benchmark helpers: same-process, interleaved rounds, median of rounds. Figures are printed,
// never asserted: machines here are shared and noisy, so only same-run ratios mean anything.

/** Runs `fn` repeatedly for about `ms` milliseconds and returns operations per second. */
export function opsPerSecond(fn, ms) {
  let n = 0;
  let batch = 64;
  const start = process.hrtime.bigint();
  const limit = BigInt(ms) * 1_000_000n;
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < batch; i++) fn();
    n += batch;
    elapsed = process.hrtime.bigint() - start;
    if (batch < 65536 && elapsed < limit / 8n) batch *= 2;
  }
  return n / (Number(elapsed) / 1e9);
}

/** Median of a list of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Measures each named function in interleaved rounds (so load on the machine hits all alike)
 * and returns the median ops/s of each.
 */
export function compare(fns, { rounds = 7, ms = 150 } = {}) {
  const names = Object.keys(fns);
  const samples = Object.fromEntries(names.map((k) => [k, []]));
  for (const name of names) opsPerSecond(fns[name], 50); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const name of names) samples[name].push(opsPerSecond(fns[name], ms));
  }
  return Object.fromEntries(names.map((k) => [k, median(samples[k])]));
}

/**
 * Median wall time of one call of `fn` in microseconds. Fast functions are timed in batches of at
 * least `minBatchMs` so the clock's own cost does not count.
 */
export function timeMicros(fn, { runs = 15, warm = 3, minBatchMs = 2 } = {}) {
  for (let i = 0; i < warm; i++) fn();
  let reps = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < reps; i++) fn();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (ms >= minBatchMs || reps >= 1 << 20) break;
    reps *= 2;
  }
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < reps; i++) fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1000 / reps);
  }
  return median(times);
}

/** Formats a number of operations per second. */
export function fmtOps(x) {
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)}M/s`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)}k/s`;
  return `${x.toFixed(0)}/s`;
}

/** Formats microseconds. */
export function fmtMicros(us) {
  if (us >= 1e6) return `${(us / 1e6).toFixed(2)} s`;
  if (us >= 1e3) return `${(us / 1e3).toFixed(2)} ms`;
  return `${us.toFixed(1)} us`;
}

/** Prints a Markdown table. */
export function printTable(headers, rows) {
  console.log(`| ${headers.join(' | ')} |`);
  console.log(`|${headers.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
