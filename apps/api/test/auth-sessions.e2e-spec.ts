import WebSocket from 'ws';
import { SESSION_NOT_FOUND, WS_SESSION_ENDED, type UserSession } from '@wkflow/contracts';
import { INVALID_SESSION_ID } from '../src/auth/sessions.controller';
import { USER_NOT_FOUND } from '../src/users/users.service';
import { newUser } from './factories';
import { closedWithin, openSocket, wsUrl } from './utils/realtime';
import { ADMIN_EMAIL, createProfile, loginAsAdmin, startTestApp, TEST_ADMIN_PASSWORD, type TestContext } from './utils/test-app';

const QUIET = { LOG_LEVEL: 'warn' };
/** An ended session's sockets close at once, not at the next heartbeat. */
const ENDED_WITHIN_MS = 1000;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * A person's own sessions (GET/DELETE /api/auth/sessions, 'Encerrar as outras sessões') and an
 * administrator ending all of a user's (DELETE /api/users/{id}/sessions), across two API processes:
 * an ended session's requests get 401 and its sockets close at once on either one.
 */
describe('sessions a person sees and ends (e2e)', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    first = await startTestApp(QUIET);
    second = await startTestApp(QUIET);
  });
  afterAll(async () => {
    await Promise.all([first.app.close(), second.app.close()]);
  });

  /** Signs in from a browser (its user agent) through `ctx`; the Cookie header value. */
  async function signIn(ctx: TestContext, email: string, password: string, userAgent: string): Promise<string> {
    const response = await ctx.http.post('/api/auth/login').set('User-Agent', userAgent).send({ email, password }).expect(200);
    return ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  const listed = async (ctx: TestContext, cookie: string): Promise<UserSession[]> =>
    (await ctx.http.get('/api/auth/sessions').set('Cookie', cookie).expect(200)).body;
  const meStatus = async (ctx: TestContext, cookie: string): Promise<number> =>
    (await ctx.http.get('/api/auth/me').set('Cookie', cookie)).status;
  const auditRows = (userId: number, action: string) =>
    first.dataSource.query(`SELECT "actorId", data FROM audit_log WHERE action = $1 AND "entityId" = $2 ORDER BY id`, [action, userId]);

  it('lists where one is signed in: browser, system, phone or not, address, sign-in and last request; the current one marked', async () => {
    const user = await newUser(first);
    const other = await newUser(first);
    const before = Date.now();
    const firefox = await signIn(first, user.email, user.password, FIREFOX_LINUX);
    await signIn(second, user.email, user.password, SAFARI_IPHONE);
    await signIn(first, other.email, other.password, CHROME_WINDOWS);

    const sessions = await listed(second, firefox);
    expect(sessions).toHaveLength(2);
    const [iphone, current] = sessions; // the latest sign-in first
    expect(current).toMatchObject({ current: true, browser: 'Firefox 132', os: 'Linux', mobile: false });
    expect(iphone).toMatchObject({ current: false, browser: 'Mobile Safari 17', os: 'iOS 17.5', mobile: true });
    for (const session of sessions) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(session.address).toMatch(/127\.0\.0\.1/);
      expect(Date.parse(session.createdAt!)).toBeGreaterThanOrEqual(before - 1000);
      // The last request is known to the hour: never later than now, never before the sign-in's hour.
      expect(Date.parse(session.lastSeenAt)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThan(before - 60 * 60 * 1000 - 1000);
    }
    // Neither the cookie's id nor the table's key is shown.
    const stored: { sid: string }[] = await first.dataSource.query(`SELECT sid FROM session WHERE sess->>'userId' = $1`, [String(user.id)]);
    for (const { sid } of stored) expect(sessions.map((s) => s.id)).not.toContain(sid);
    expect(JSON.stringify(sessions)).not.toContain(firefox.split('=')[1].slice(0, 20));

    await first.http.get('/api/auth/sessions').expect(401);
  });

  it('ends one of its other sessions: its requests get 401 and its socket closes at once on both processes; the rest go on', async () => {
    const user = await newUser(first);
    const keeping = await signIn(first, user.email, user.password, FIREFOX_LINUX);
    const ending = await signIn(first, user.email, user.password, SAFARI_IPHONE);
    const socket = await openSocket(await wsUrl(second), ending);
    const target = (await listed(first, keeping)).find((s) => !s.current)!;

    await first.http.delete(`/api/auth/sessions/${target.id}`).set('Cookie', keeping).expect(200, { success: true });
    expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(WS_SESSION_ENDED);
    expect(await meStatus(first, ending)).toBe(401);
    expect(await meStatus(second, ending)).toBe(401);
    expect(await meStatus(second, keeping)).toBe(200);
    expect((await listed(first, keeping)).map((s) => s.current)).toEqual([true]);
    expect(await auditRows(user.id, 'session_ended')).toEqual([{ actorId: user.id, data: { current: false } }]);

    // Gone is gone: the same id again, an id of nobody's, a malformed one.
    const again = await first.http.delete(`/api/auth/sessions/${target.id}`).set('Cookie', keeping).expect(404);
    expect(again.body.message).toBe(SESSION_NOT_FOUND);
    await first.http
      .delete(`/api/auth/sessions/${'A'.repeat(22)}`)
      .set('Cookie', keeping)
      .expect(404);
    for (const bad of ['short', `${'A'.repeat(22)}x`, "'%20OR%201=1"]) {
      const response = await first.http.delete(`/api/auth/sessions/${bad}`).set('Cookie', keeping).expect(400);
      expect(response.body.message).toBe(INVALID_SESSION_ID);
    }
  });

  it("never ends another user's session by its id", async () => {
    const owner = await newUser(first);
    const stranger = await newUser(first);
    const ownerCookie = await signIn(first, owner.email, owner.password, FIREFOX_LINUX);
    const strangerCookie = await signIn(first, stranger.email, stranger.password, CHROME_WINDOWS);
    const [ownerSession] = await listed(first, ownerCookie);

    const response = await first.http.delete(`/api/auth/sessions/${ownerSession.id}`).set('Cookie', strangerCookie).expect(404);
    expect(response.body.message).toBe(SESSION_NOT_FOUND);
    expect(await meStatus(second, ownerCookie)).toBe(200);
  });

  it('ending the current session signs this browser out', async () => {
    const user = await newUser(first);
    const cookie = await signIn(first, user.email, user.password, FIREFOX_LINUX);
    const [current] = await listed(first, cookie);
    const response = await first.http.delete(`/api/auth/sessions/${current.id}`).set('Cookie', cookie).expect(200);
    expect(String(response.headers['set-cookie'])).toMatch(/wkflow\.sid=;/);
    expect(await meStatus(first, cookie)).toBe(401);
    expect(await auditRows(user.id, 'session_ended')).toEqual([{ actorId: user.id, data: { current: true } }]);
  });

  it("'Encerrar as outras sessões' ends every other session at once and keeps this one", async () => {
    const user = await newUser(first);
    const here = await signIn(first, user.email, user.password, FIREFOX_LINUX);
    const phone = await signIn(second, user.email, user.password, SAFARI_IPHONE);
    const laptop = await signIn(first, user.email, user.password, CHROME_WINDOWS);
    const sockets = await Promise.all([openSocket(await wsUrl(second), phone), openSocket(await wsUrl(first), laptop)]);
    const hereSocket = await openSocket(await wsUrl(second), here);

    const response = await first.http.post('/api/auth/sessions/end-others').set('Cookie', here).expect(200);
    expect(response.body).toEqual({ ended: 2 });
    for (const socket of sockets) expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(WS_SESSION_ENDED);
    for (const cookie of [phone, laptop]) {
      expect(await meStatus(first, cookie)).toBe(401);
      expect(await meStatus(second, cookie)).toBe(401);
    }
    expect(await meStatus(second, here)).toBe(200);
    expect(hereSocket.ws.readyState).toBe(WebSocket.OPEN);
    await hereSocket.close();
    expect(await auditRows(user.id, 'sessions_ended')).toEqual([{ actorId: user.id, data: { ended: 2, others: true } }]);
    // Nothing else to end: 0, and no audit row for nothing.
    expect((await first.http.post('/api/auth/sessions/end-others').set('Cookie', here).expect(200)).body).toEqual({ ended: 0 });
    expect(await auditRows(user.id, 'sessions_ended')).toHaveLength(1);
  });

  it("an administrator ends all of a user's sessions from the user's page; without users write it is refused", async () => {
    const admin = await loginAsAdmin(first);
    const user = await newUser(first);
    const cookies = [
      await signIn(first, user.email, user.password, FIREFOX_LINUX),
      await signIn(second, user.email, user.password, SAFARI_IPHONE),
    ];
    const socket = await openSocket(await wsUrl(second), cookies[0]);

    await admin.delete(`/api/users/${user.id}/sessions`).expect(200, { success: true });
    expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(WS_SESSION_ENDED);
    for (const cookie of cookies) {
      expect(await meStatus(first, cookie)).toBe(401);
      expect(await meStatus(second, cookie)).toBe(401);
    }
    const [adminRow] = await first.dataSource.query(`SELECT id FROM users WHERE email = $1`, [ADMIN_EMAIL]);
    expect(await auditRows(user.id, 'sessions_ended')).toEqual([{ actorId: adminRow.id, data: { byAdmin: true } }]);

    const missing = await admin.delete('/api/users/2147483000/sessions').expect(404);
    expect(missing.body.message).toBe(USER_NOT_FOUND);
    await admin.delete('/api/users/0x10/sessions').expect(400);

    // A reader of users may not; a users writer who is no administrator may not end an administrator's.
    const reader = await newUser(first, { profileId: await createProfile(admin, [{ module: 'users', permission: 'read' }]) });
    const readerCookie = await signIn(first, reader.email, reader.password, FIREFOX_LINUX);
    await first.http.delete(`/api/users/${user.id}/sessions`).set('Cookie', readerCookie).expect(403);
    const manager = await newUser(first, { profileId: await createProfile(admin, [{ module: 'users', permission: 'write' }]) });
    const managerCookie = await signIn(first, manager.email, manager.password, FIREFOX_LINUX);
    const adminCookie = await signIn(first, ADMIN_EMAIL, TEST_ADMIN_PASSWORD, CHROME_WINDOWS);
    await first.http.delete(`/api/users/${adminRow.id}/sessions`).set('Cookie', managerCookie).expect(403);
    expect(await meStatus(second, adminCookie)).toBe(200);

    // Ending one's own from one's user page keeps the session doing it.
    await first.http.delete(`/api/users/${adminRow.id}/sessions`).set('Cookie', adminCookie).expect(200);
    expect(await meStatus(second, adminCookie)).toBe(200);
    expect((await admin.get('/api/auth/me')).status).toBe(401);
  });

  it('writes each sign-in and each failed one to the audit trail', async () => {
    const user = await newUser(first);
    await signIn(first, user.email, user.password, FIREFOX_LINUX);
    await first.http
      .post('/api/auth/login')
      .send({ email: ` ${user.email.toUpperCase()} `, password: 'not-the-password' })
      .expect(401);
    expect(await auditRows(user.id, 'sign_in')).toEqual([
      { actorId: user.id, data: { method: 'password', address: expect.stringMatching(/127\.0\.0\.1/) } },
    ]);
    const failed = await first.dataSource.query(
      `SELECT "actorId", "entityId", data FROM audit_log WHERE action = 'sign_in_failed' AND data->>'email' = $1`,
      [user.email.toLowerCase()],
    );
    expect(failed).toEqual([
      { actorId: null, entityId: null, data: { email: user.email.toLowerCase(), address: expect.stringMatching(/127\.0\.0\.1/) } },
    ]);
  });
});
