import { createHash, randomBytes } from 'node:crypto';
import { HashedSessionIds1795441700000 } from '../src/platform/database/migrations/1795441700000-HashedSessionIds';
import { adminUserId } from './factories';
import { startIsolatedApp } from './utils/isolated-app';
import { ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestContext } from './utils/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const signature = require('cookie-signature') as { sign(value: string, secret: string): string };
const SECRET = 'test-session-secret-123456'; // testConfig's SESSION_SECRET
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const cookieFor = (sid: string) => `wkflow.sid=${encodeURIComponent(`s:${signature.sign(sid, SECRET)}`)}`;

/** The session table holds hashes of the session ids, never the ids a cookie carries. */
describe('stored session ids (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  beforeAll(async () => {
    ctx = await startIsolatedApp('sessionhash');
  });
  afterAll(async () => {
    await ctx.stop();
  });

  it('stores the SHA-256 of the id; a stored value presented as a cookie is refused', async () => {
    const login = await ctx.http.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }).expect(200);
    const cookie = login.headers['set-cookie'][0].split(';')[0];
    const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
    await ctx.http.get('/api/auth/me').set('Cookie', cookie).expect(200);

    const rows: { sid: string }[] = await ctx.dataSource.query(`SELECT sid FROM "session"`);
    expect(rows.map((r) => r.sid)).toContain(sha256(sid));
    expect(rows.map((r) => r.sid)).not.toContain(sid);
    // Someone who reads the table (and even knows the cookie secret) cannot take the session over.
    await ctx.http
      .get('/api/auth/me')
      .set('Cookie', cookieFor(sha256(sid)))
      .expect(401);

    await ctx.http.post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect((await ctx.dataSource.query(`SELECT count(*)::int AS n FROM "session" WHERE sid = $1`, [sha256(sid)]))[0].n).toBe(0);
  });

  it('keeps sessions written in clear before the migration working after it', async () => {
    const migration = new HashedSessionIds1795441700000();
    const runner = ctx.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      const old = randomBytes(24).toString('base64url');
      const sess = { cookie: { originalMaxAge: 86_400_000, httpOnly: true, path: '/', sameSite: 'lax' }, userId: await adminUserId(ctx) };
      // Plays a foreign writer: the store as it was before the migration, keeping the id in clear (the app now hashes it).
      await ctx.dataSource.query(`INSERT INTO "session" (sid, sess, expire) VALUES ($1, $2, now() + interval '1 day')`, [
        old,
        JSON.stringify(sess),
      ]);
      await migration.up(runner);
      expect((await ctx.dataSource.query(`SELECT sid FROM "session"`)).map((r: { sid: string }) => r.sid)).toEqual([sha256(old)]);
      const me = await ctx.http.get('/api/auth/me').set('Cookie', cookieFor(old)).expect(200);
      expect(me.body.user.username).toBe('admin');
    } finally {
      await runner.release();
    }
  });
});
