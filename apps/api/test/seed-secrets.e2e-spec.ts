import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { verifyPassword } from '../src/platform/crypto/passwords';
import { DEMO_PASSWORD } from '../src/platform/database/seeds/demo.seed';
import { databaseUrlFor, dropDatabase, newRunId } from './setup/test-env';

const run = promisify(execFile);

/** The seed prints no password and gives every demo user a hash of its own. */
describe('seed secrets (e2e)', () => {
  const name = `wkflow_test_seed_${newRunId()}`;
  const databaseUrl = databaseUrlFor(name);
  const dir = mkdtempSync(join(tmpdir(), 'wkflow-seed-'));
  afterAll(async () => {
    await dropDatabase(name);
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds a demo agency without a password in its output', async () => {
    const dist = resolve(__dirname, '../dist/platform/database');
    const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, UPLOAD_DIR: join(dir, 'uploads'), ADMIN_PASSWORD: '' };
    await run(process.execPath, [join(dist, 'migrate.js')], { env });
    const { stdout, stderr } = await run(process.execPath, [join(dist, 'seed-cli.js'), '--demo'], { env });
    const output = stdout + stderr;

    const file = join(dir, 'admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const adminPassword = readFileSync(file, 'utf8').trim();
    expect(adminPassword.length).toBeGreaterThanOrEqual(12);
    expect(output).toContain(file);
    expect(output).not.toContain(adminPassword);
    expect(output).not.toContain(DEMO_PASSWORD);

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ username: string; passwordHash: string }>(`SELECT username, "passwordHash" FROM users ORDER BY id`);
      const demo = rows.filter((r) => r.username !== 'admin');
      expect(demo).toHaveLength(5);
      expect(new Set(demo.map((r) => r.passwordHash)).size).toBe(5);
      for (const row of demo) expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(rows.find((r) => r.username === 'admin')!.passwordHash, adminPassword)).toBe(true);
    } finally {
      await db.end();
    }
  });
});
