import request from 'supertest';
import { API_TOKEN_MESSAGES, API_TOKEN_PATTERN, type ApiToken, type CreatedApiToken } from '@wkflow/contracts';
import { ApiTokensService } from '../src/auth/api-tokens/api-tokens.service';
import { newTask, newUser } from './factories';
import { refusedStatus, wsUrl } from './utils/realtime';
import { createProfile, loginAs, loginAsAdmin, startTestApp, type TestContext } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

const DAY_MS = 24 * 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/**
 * Personal API tokens: made, listed and revoked by their owner (and any by an administrator);
 * `Authorization: Bearer` reaching only what both the scopes and the owner's own permissions
 * allow, outside the CSRF Origin check, never on /ws; refused once revoked, expired or its owner
 * gone; limited per token; its owner told a week before it expires.
 */
describe('personal API tokens (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ LOG_LEVEL: 'error', API_TOKEN_RATE_LIMIT: '40', SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  async function tokenOf(agent: Agent, scopes: string[], expiresAt = inDays(30)): Promise<CreatedApiToken> {
    return (
      await agent
        .post('/api/tokens')
        .send({ name: `Script ${scopes.join(' ')}`, scopes, expiresAt })
        .expect(201)
    ).body;
  }
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('is made with its secret shown once, listed without it, and keeps its last use', async () => {
    const user = await newUser(ctx);
    const agent = await loginAs(ctx, user.email, user.password);
    const created = await tokenOf(agent, ['tasks:read', 'tasks:read', 'clients:read']);
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created).toMatchObject({ scopes: ['clients:read', 'tasks:read'], lastUsedAt: null, owner: { id: user.id, name: user.name } });
    const [stored] = await ctx.dataSource.query(`SELECT "tokenHash" FROM api_tokens WHERE id = $1`, [created.id]);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.token);

    await ctx.http.get('/api/auth/me').set(bearer(created.token)).expect(200);
    const listed: ApiToken[] = (await agent.get('/api/tokens').expect(200)).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
    expect(listed[0].lastUsedAt).not.toBeNull();
  });

  it('with tasks:read reads tasks, and gets 403 on a write, on chat, on admin tools and on the account itself', async () => {
    const user = await newUser(ctx, { profileId: 2 });
    const agent = await loginAs(ctx, user.email, user.password);
    const task = await newTask(ctx, { assignees: [user.id] });
    const { token } = await tokenOf(agent, ['tasks:read']);

    const board = (await ctx.http.get('/api/tasks').set(bearer(token)).expect(200)).body;
    expect(JSON.stringify(board)).toContain(task.title);
    const refused = await ctx.http.put(`/api/tasks/${task.id}`).set(bearer(token)).send({ title: 'Renamed by a script' }).expect(403);
    expect(refused.body.message).toBe(API_TOKEN_MESSAGES.outOfScope);
    await ctx.http.get('/api/chat/rooms').set(bearer(token)).expect(403);
    await ctx.http.get('/api/admin/email-status').set(bearer(token)).expect(403);
    await ctx.http.get('/api/auth/sessions').set(bearer(token)).expect(403);
    await ctx.http
      .post('/api/tokens')
      .set(bearer(token))
      .send({ name: 'More', scopes: ['tasks:write'], expiresAt: inDays(5) })
      .expect(403);
    await ctx.http
      .put('/api/auth/change-password')
      .set(bearer(token))
      .send({ currentPassword: user.password, newPassword: 'Another-pass-123' })
      .expect(403);
    // The token's write scope makes the rename go through, from any origin (no CSRF Origin check for a bearer token).
    const { token: writer } = await tokenOf(agent, ['tasks:write']);
    await ctx.http
      .put(`/api/tasks/${task.id}`)
      .set({ ...bearer(writer), Origin: 'https://automation.example' })
      .send({ title: 'Renamed by a script' })
      .expect(200);
  });

  it("never reaches past its owner's own permissions", async () => {
    const admin = await loginAsAdmin(ctx);
    const readOnly = await createProfile(admin, [{ module: 'tasks', permission: 'read' }]);
    const user = await newUser(ctx, { profileId: readOnly });
    const agent = await loginAs(ctx, user.email, user.password);
    const task = await newTask(ctx, { assignees: [user.id] });
    const { token } = await tokenOf(agent, ['tasks:write', 'clients:write', 'users:write']);
    await ctx.http.put(`/api/tasks/${task.id}`).set(bearer(token)).send({ title: 'Not allowed' }).expect(403);
    await ctx.http.get('/api/users').set(bearer(token)).expect(403);
    // And the owner losing a permission takes it from the token at its next request.
    await ctx.http.get('/api/tasks').set(bearer(token)).expect(200);
    await admin
      .put(`/api/access-profiles/${readOnly}/permissions`)
      .send({ permissions: [{ module: 'tasks', permission: 'hidden' }] })
      .expect((response) => expect([200, 201]).toContain(response.status));
    await ctx.http.get('/api/tasks').set(bearer(token)).expect(403);
  });

  it('gets 401 once revoked, expired, or when its owner is no longer approved; an unknown or malformed token too', async () => {
    const user = await newUser(ctx);
    const agent = await loginAs(ctx, user.email, user.password);
    const revoked = await tokenOf(agent, ['tasks:read']);
    await ctx.http.get('/api/tasks').set(bearer(revoked.token)).expect(200);
    await agent.delete(`/api/tokens/${revoked.id}`).expect(200);
    expect((await ctx.http.get('/api/tasks').set(bearer(revoked.token)).expect(401)).body.message).toBe(API_TOKEN_MESSAGES.invalid);
    await agent.delete(`/api/tokens/${revoked.id}`).expect(404);

    const expiring = await tokenOf(agent, ['tasks:read']);
    await ctx.dataSource.query(`UPDATE api_tokens SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    await ctx.http.get('/api/tasks').set(bearer(expiring.token)).expect(401);

    const owners = await tokenOf(agent, ['tasks:read']);
    await ctx.dataSource.query(`UPDATE users SET "isApproved" = false, "accessProfileId" = 3, role = 'collaborator' WHERE id = $1`, [
      user.id,
    ]);
    await ctx.http.get('/api/tasks').set(bearer(owners.token)).expect(401);

    for (const header of [`Bearer wkf_${'x'.repeat(43)}`, 'Bearer ', 'Bearer a b', 'bearer nonsense'])
      await ctx.http.get('/api/tasks').set('Authorization', header).expect(401);
  });

  it('is listed and revoked by an administrator for anyone; another user sees and touches only his own', async () => {
    const owner = await newUser(ctx);
    const other = await newUser(ctx);
    const ownerAgent = await loginAs(ctx, owner.email, owner.password);
    const otherAgent = await loginAs(ctx, other.email, other.password);
    const created = await tokenOf(ownerAgent, ['tasks:read']);

    const mine: ApiToken[] = (await otherAgent.get('/api/tokens?all=true').expect(200)).body;
    expect(mine.map((t) => t.id)).not.toContain(created.id);
    await otherAgent.delete(`/api/tokens/${created.id}`).expect(404);

    const admin = await loginAsAdmin(ctx);
    const everyone: ApiToken[] = (await admin.get('/api/tokens?all=true').expect(200)).body;
    expect(everyone.find((t) => t.id === created.id)?.owner).toEqual({ id: owner.id, name: owner.name });
    await admin.delete(`/api/tokens/${created.id}`).expect(200);
    await ctx.http.get('/api/tasks').set(bearer(created.token)).expect(401);
    const audit = await ctx.dataSource.query(
      `SELECT action, "actorId" FROM audit_log WHERE entity = 'api_token' AND "entityId" = $1 ORDER BY id`,
      [created.id],
    );
    expect(audit).toEqual([
      { action: 'api_token_created', actorId: owner.id },
      { action: 'api_token_revoked', actorId: expect.any(Number) },
    ]);
  });

  it('refuses bad input with a message and makes nothing', async () => {
    const user = await newUser(ctx);
    const agent = await loginAs(ctx, user.email, user.password);
    const cases: [object, string][] = [
      [{ name: 'x', scopes: [], expiresAt: inDays(5) }, API_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'x', scopes: ['tasks:admin'], expiresAt: inDays(5) }, API_TOKEN_MESSAGES.scopeUnknown],
      [{ name: 'x', scopes: 'tasks:read', expiresAt: inDays(5) }, API_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'x', scopes: ['tasks:read'], expiresAt: inDays(-1) }, API_TOKEN_MESSAGES.expiryPast],
      [{ name: 'x', scopes: ['tasks:read'], expiresAt: inDays(400) }, API_TOKEN_MESSAGES.expiryTooFar],
      [{ name: 'x', scopes: ['tasks:read'], expiresAt: 'next week' }, 'Validade deve ser uma data e hora ISO 8601'],
      [{ name: '   ', scopes: ['tasks:read'], expiresAt: inDays(5) }, 'Nome do token deve ter de 1 a 80 caracteres'],
      [{ scopes: ['tasks:read'], expiresAt: inDays(5) }, 'Nome do token deve ter de 1 a 80 caracteres'],
    ];
    for (const [body, message] of cases) {
      const response = await agent.post('/api/tokens').send(body).expect(400);
      expect([response.body.message].flat()).toContain(message);
    }
    expect(await ctx.dataSource.query(`SELECT id FROM api_tokens WHERE "userId" = $1`, [user.id])).toEqual([]);
    await ctx.http
      .post('/api/tokens')
      .send({ name: 'x', scopes: ['tasks:read'], expiresAt: inDays(5) })
      .expect(401);
  });

  it('opens no /ws socket', async () => {
    const user = await newUser(ctx);
    const agent = await loginAs(ctx, user.email, user.password);
    const { token } = await tokenOf(agent, ['tasks:read', 'chat:read']);
    expect(await refusedStatus(await wsUrl(ctx), bearer(token))).toBe(401);
  });

  it('is limited per token: past API_TOKEN_RATE_LIMIT a minute, 429 with Retry-After, other tokens unaffected', async () => {
    const user = await newUser(ctx);
    const agent = await loginAs(ctx, user.email, user.password);
    const busy = await tokenOf(agent, ['tasks:read']);
    const calm = await tokenOf(agent, ['tasks:read']);
    let limited: request.Response | undefined;
    for (let i = 0; i < 41 && !limited; i++) {
      const response = await ctx.http.get('/api/auth/me').set(bearer(busy.token));
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(200);
    }
    expect(limited?.body.message).toBe(API_TOKEN_MESSAGES.rateLimited);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.http.get('/api/auth/me').set(bearer(calm.token)).expect(200);
  });

  it('tells its owner by e-mail a week before it expires, once', async () => {
    const user = await newUser(ctx);
    const agent = await loginAs(ctx, user.email, user.password);
    const soon = await tokenOf(agent, ['tasks:read'], inDays(3));
    await tokenOf(agent, ['tasks:read'], inDays(30));
    const service = ctx.app.get(ApiTokensService);
    await service.sendExpiryNotices();
    await service.sendExpiryNotices();
    const mails = await ctx.dataSource.query(`SELECT subject FROM email_queue WHERE "recipientEmail" = $1`, [user.email]);
    expect(mails).toEqual([{ subject: expect.stringContaining(`"${soon.name}" expira em`) }]);
  });
});
