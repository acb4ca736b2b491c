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
// A reader that stops early (`hammercrawl odds 100d6 --all | head`) closes the pipe: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e && e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}
const code = await cli.runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  // Long-running commands (serve) run after the command line is read; their result is the exit code.
  launch: (task) => {
    task().then(
      (c) => {
        process.exitCode = c;
      },
      (e) => {
        process.stderr.write(`hammercrawl: internal error: ${e && e.message ? e.message : e}\n`);
        process.exitCode = 70;
      },
    );
  },
});
process.exitCode = code;
