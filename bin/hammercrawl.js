#!/usr/bin/env node
// Entry point of the `hammercrawl` command. The TypeScript sources are compiled to dist/ by
// `npm install` (the `prepare` script) or `npm run build`.
let cli;
try {
  cli = await import('../dist/cli/main.js');
} catch (e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes('dist')) {
    process.stderr.write("hammercrawl: the compiled CLI is missing; run 'npm install' or 'npm run build' in the project first\n");
    process.exit(1);
  }
  throw e;
}
const code = cli.runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
process.exitCode = code;
