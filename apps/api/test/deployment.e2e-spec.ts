import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HTTPS_REQUIRED } from '../src/auth/secure-transport.guard';
import { type ApiProcess, startApi } from './utils/processes';

/**
 * The Docker deployment as shipped (docker/): compose.yml requires its secrets, the built API refuses the
 * ones it used to ship, the API entrypoint seeds demo data only with SEED_DEMO=1, and a production API
 * reached over plain http says that Secure cookies cannot work there.
 */
const ROOT = resolve(__dirname, '../../..');
const API_MAIN = resolve(__dirname, '../dist/main.js');

interface Run {
  code: number | null;
  output: string;
}

/** Runs a command to its end (at most 20 s), with `env` as its whole environment but PATH. */
function runToEnd(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(command, args, { env: { PATH: process.env.PATH!, ...env }, timeout: 20_000 }, (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? null) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('docker/compose.yml ships no secret (e2e)', () => {
  const compose = readFileSync(join(ROOT, 'docker/compose.yml'), 'utf8');
  const setting = (name: string) => new RegExp(`^\\s+${name}: (.*)$`, 'm').exec(compose)?.[1];

  it.each(['SESSION_SECRET', 'CREDENTIALS_KEY', 'ADMIN_PASSWORD'])('requires %s from the environment (${VAR:?message})', (name) => {
    expect(setting(name)).toMatch(new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`));
  });

  it('seeds no demo data unless asked', () => {
    expect(setting('SEED_DEMO')).toBe('${SEED_DEMO:-0}');
  });
});

describe('the built API in production refuses shipped secrets (e2e)', () => {
  it('exits with a message naming each variable when given the secrets compose.yml used to ship', async () => {
    const run = await runToEnd(process.execPath, [API_MAIN], {
      NODE_ENV: 'production',
      DATABASE_URL: process.env.WKFLOW_TEST_DATABASE_URL!,
      SESSION_SECRET: 'change-me-to-a-long-random-string',
      CREDENTIALS_KEY: '0'.repeat(64),
      ADMIN_PASSWORD: 'admin123',
      PORT: '0',
    });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/SESSION_SECRET is the documented placeholder/);
    expect(run.output).toMatch(/CREDENTIALS_KEY is not random/);
    expect(run.output).toMatch(/ADMIN_PASSWORD is a well-known default password/);
  });
});

describe('a production API behind plain http (e2e)', () => {
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApi({
      NODE_ENV: 'production',
      DATABASE_URL: process.env.WKFLOW_TEST_DATABASE_URL!,
      REDIS_URL: process.env.WKFLOW_TEST_REDIS_URL!,
      REDIS_PREFIX: `${process.env.WKFLOW_TEST_REDIS_PREFIX}:deployment`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      CREDENTIALS_KEY: randomBytes(32).toString('hex'),
      // COOKIE_SECURE is on by default in production; the API is reached directly, over http.
      TRUST_PROXY: 'false',
      WEB_URL: 'http://localhost:8080',
      REMINDER_INTERVAL_MS: '3600000',
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('warns at start-up that Secure cookies will meet plain http', () => {
    expect(api.output()).toMatch(/COOKIE_SECURE is on but TRUST_PROXY is off/);
    expect(api.output()).toMatch(/COOKIE_SECURE is on but WEB_URL is http:\/\/localhost:8080/);
  });

  it('answers a login over plain http with 403 and the reason, instead of a 200 whose cookie is dropped', async () => {
    const response = await fetch(`${api.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@wkflow.local', password: 'any-password-at-all' }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toMatchObject({ statusCode: 403, message: HTTPS_REQUIRED });
  });
});

describe('docker/api-entrypoint.sh (e2e)', () => {
  const ENTRYPOINT = readFileSync(join(ROOT, 'docker/api-entrypoint.sh'), 'utf8');
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wkflow-entrypoint-'));
    mkdirSync(join(dir, 'bin'));
    // A stand-in `node` that records what it was asked to run (and fails on FAIL_ON's script).
    writeFileSync(join(dir, 'bin/node'), '#!/bin/sh\necho "$*" >> "$NODE_LOG"\ncase "$1" in "$FAIL_ON") exit 3 ;; esac\n');
    chmodSync(join(dir, 'bin/node'), 0o755);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the entrypoint (its `cd` pointed at the temporary folder) with the stand-in node first on PATH. */
  async function entrypoint(env: Record<string, string>): Promise<Run & { ran: string[] }> {
    const [before, after] = ENTRYPOINT.split('cd /app/apps/api');
    expect(after).toBeDefined();
    const log = join(dir, `node-${randomBytes(4).toString('hex')}.log`);
    const run = await runToEnd('sh', ['-c', `${before}cd '${dir}'${after}`], {
      ...env,
      NODE_LOG: log,
      PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
    });
    let ran: string[] = [];
    try {
      ran = readFileSync(log, 'utf8').trim().split('\n');
    } catch {
      // nothing ran
    }
    return { ...run, ran };
  }

  it('migrates, seeds demo data with SEED_DEMO=1, then runs the server', async () => {
    const run = await entrypoint({ SEED_DEMO: '1' });
    expect(run.code).toBe(0);
    expect(run.ran).toEqual(['dist/platform/database/migrate.js', 'dist/platform/database/seed-cli.js --demo', 'dist/main.js']);
  });

  it.each([
    ['unset', {}],
    ['empty', { SEED_DEMO: '' }],
    ['0', { SEED_DEMO: '0' }],
    ['false', { SEED_DEMO: 'false' }],
    ['true', { SEED_DEMO: 'true' }],
    ['yes', { SEED_DEMO: 'yes' }],
  ])('seeds no demo data with SEED_DEMO %s', async (_name, env: Record<string, string>) => {
    const run = await entrypoint(env);
    expect(run.code).toBe(0);
    expect(run.ran).toEqual(['dist/platform/database/migrate.js', 'dist/platform/database/seed-cli.js', 'dist/main.js']);
    if (env.SEED_DEMO && env.SEED_DEMO !== '0') expect(run.output).toContain(`SEED_DEMO=${env.SEED_DEMO}: no demo data`);
  });

  it('stops before the server when a migration fails', async () => {
    const run = await entrypoint({ SEED_DEMO: '1', FAIL_ON: 'dist/platform/database/migrate.js' });
    expect(run.code).toBe(3);
    expect(run.ran).toEqual(['dist/platform/database/migrate.js']);
  });
});
