// `npm run bench`: prints every benchmark's figures as Markdown tables. Not a test.
import os from 'node:os';
import { benchRolls } from './dice-roll.js';

const only = process.argv[2];
console.log(`# hammercrawl benchmarks\n\nnode ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(2)}`);
if (!only || only === 'roll') benchRolls();
if (!only || only === 'cli') {
  const { benchCliStartup } = await import('./cli-startup.js');
  benchCliStartup();
}
if (!only || only === 'odds') {
  const { benchOdds } = await import('./dice-odds.js');
  benchOdds();
}
if (!only || only === 'rules') {
  const { benchChecks } = await import('./rules-checks.js');
  benchChecks();
  const { benchResourceAndSoak } = await import('./rules-resource-soak.js');
  benchResourceAndSoak();
  const { benchRulesCost } = await import('./rules-cost.js');
  await benchRulesCost();
}
if (!only || only === 'encounter') {
  const { benchEncounter } = await import('./encounter.js');
  await benchEncounter();
}
if (!only || only === 'server') {
  if (!only) console.log('\n(Not in this default run: the table soak, 50 tables x 8 clients for 10 minutes: `npm run bench soak`; HAMMERCRAWL_SOAK_SECONDS shortens it. The attacks on the server, replay, export and a held lock: `npm run bench abuse`.)');
  const { benchServerHttp } = await import('./server-http.js');
  await benchServerHttp();
  const { benchServerBroadcast } = await import('./server-broadcast.js');
  await benchServerBroadcast();
}
if (!only || only === 'verify') {
  const { benchVerifiableRolls } = await import('./verify-rolls.js');
  await benchVerifiableRolls();
}
if (!only || only === 'click') {
  // Chromium and the built web app; about 35 s (HAMMERCRAWL_BENCH_CLICKS sets the rounds, 60 by default).
  const { benchClickToCard } = await import('./click-to-card.js');
  await benchClickToCard();
}
if (only === 'abuse') {
  // The attacks of issue 17 on the real server; builds a 330 MB database first (HAMMERCRAWL_ABUSE_BIG_MB).
  const { benchAbuse } = await import('./abuse.js');
  await benchAbuse();
}
if (only === 'soak') {
  const { benchSoak } = await import('./server-soak.js');
  await benchSoak();
}
