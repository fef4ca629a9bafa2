import { AUDIT_PAGE_SIZE, type AuditPage } from '@wkflow/contracts';
import { newUser } from './factories';
import { createProfile, loginAs, loginAsAdmin, startTestApp, type TestContext } from './utils/test-app';

/**
 * 'Auditoria': administrators read the trail (who, what, which object, when), filtered by person,
 * action and period, page by page, and export it as CSV; nobody else reads it.
 */
describe('audit trail screen (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('lists a permission change made a moment before, with its author, newest first', async () => {
    const admin = await loginAsAdmin(ctx);
    const [me] = await ctx.dataSource.query(`SELECT id, name FROM users WHERE email = 'admin@wkflow.local'`);
    const profileId = await createProfile(admin, [{ module: 'tasks', permission: 'read' }], 'Auditado ');
    await admin
      .put(`/api/access-profiles/${profileId}/permissions`)
      .send({ permissions: [{ module: 'tasks', permission: 'write' }] })
      .expect(200);

    const page: AuditPage = (await admin.get('/api/audit').query({ actorId: me.id }).expect(200)).body;
    const [latest] = page.items;
    expect(latest).toMatchObject({
      action: 'access_profile_permissions_saved',
      entity: 'access_profile',
      entityId: profileId,
      actor: { id: me.id, name: me.name },
    });
    expect(JSON.stringify(latest.data)).toContain('"write"');
    const created = page.items.find((r) => r.action === 'access_profile_created' && r.entityId === profileId);
    expect(Date.parse(latest.createdAt)).toBeGreaterThanOrEqual(Date.parse(created!.createdAt));
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/audit/actions').expect(200)).body).toEqual(
      expect.arrayContaining(['access_profile_created', 'access_profile_permissions_saved']),
    );
  });

  it('filters by action and period, and pages', async () => {
    const admin = await loginAsAdmin(ctx);
    const user = await newUser(ctx);
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++)
      await ctx.dataSource.query(
        `INSERT INTO audit_log ("actorId", action, entity, "entityId", data, "createdAt") VALUES ($1, 'session_ended', 'user', $1, '{}', now() - make_interval(days => 40))`,
        [user.id],
      );
    const old = (await admin.get('/api/audit').query({ actorId: user.id, action: 'session_ended' }).expect(200)).body as AuditPage;
    expect(old.total).toBe(AUDIT_PAGE_SIZE + 3);
    expect(old.items).toHaveLength(AUDIT_PAGE_SIZE);
    const second = (await admin.get('/api/audit').query({ actorId: user.id, action: 'session_ended', page: 2 }).expect(200))
      .body as AuditPage;
    expect(second.items).toHaveLength(3);
    expect(new Set([...old.items, ...second.items].map((r) => r.id)).size).toBe(AUDIT_PAGE_SIZE + 3);
    const today = new Date().toISOString().slice(0, 10);
    const recent = (await admin.get('/api/audit').query({ actorId: user.id, from: today, to: today }).expect(200)).body as AuditPage;
    expect(recent.items.every((r) => r.action !== 'session_ended')).toBe(true);
  });

  it('exports the filtered trail as CSV, and records the export', async () => {
    const admin = await loginAsAdmin(ctx);
    const user = await newUser(ctx);
    await ctx.dataSource.query(
      `INSERT INTO audit_log ("actorId", action, entity, "entityId", data) VALUES ($1, 'sign_in', 'user', $1, '{"method":"=cmd|x"}')`,
      [user.id],
    );
    const response = await admin.get('/api/audit/export').query({ actorId: user.id }).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('auditoria.csv');
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Quando;Quem;Ação;Código da ação;Objeto;Id do objeto;Detalhes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${user.name};Entrada;sign_in;user;${user.id}`);
    const [exported] = await ctx.dataSource.query(`SELECT action FROM audit_log WHERE action = 'audit_exported' ORDER BY id DESC LIMIT 1`);
    expect(exported).toEqual({ action: 'audit_exported' });
  });

  it('is for administrators only, and refuses bad filters with a message', async () => {
    const admin = await loginAsAdmin(ctx);
    const everything = await createProfile(admin, [
      { module: 'users', permission: 'write' },
      { module: 'user_management', permission: 'write' },
    ]);
    const manager = await newUser(ctx, { profileId: everything });
    const agent = await loginAs(ctx, manager.email, manager.password);
    await agent.get('/api/audit').expect(403);
    await agent.get('/api/audit/export').expect(403);
    await ctx.http.get('/api/audit').expect(401);
    for (const [query, message] of [
      [{ from: '2026-02-30' }, 'Informe uma data válida (aaaa-mm-dd)'],
      [{ from: '2026-05-02', to: '2026-05-01' }, 'O início do período deve ser antes do fim'],
      [{ actorId: 'abc' }, 'Pessoa inválida'],
      [{ page: '0' }, 'Página inválida'],
      [{ action: 'DROP TABLE' }, 'Ação inválida'],
    ] as const) {
      const response = await admin.get('/api/audit').query(query).expect(400);
      expect([response.body.message].flat()).toContain(message);
    }
  });
});
