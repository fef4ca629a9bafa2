import { RequestedProfile1795610000000 } from '../src/platform/database/migrations/1795610000000-RequestedProfile';
import { startIsolatedApp } from './utils/isolated-app';
import { createProfile, loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

/**
 * Issue 33, finding 1: a stranger registered with role admin and one routine approval made him an
 * administrator. The requested role is a hint: the account waits on Colaborador, an approval
 * without a profile grants Colaborador, and Administrador only when an administrator names it.
 */
describe('approval grants what the approver chooses (e2e)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  async function register(role?: 'admin' | 'manager' | 'collaborator') {
    const username = unique('pedido');
    const body = {
      name: 'Pessoa Estranha',
      username,
      email: `${username}@example.test`,
      password: 'senha-forte-123',
      ...(role && { role }),
    };
    await ctx.http.post('/api/auth/register').send(body).expect(201);
    const [row] = await ctx.dataSource.query(`SELECT id, role, "accessProfileId", "isApproved" FROM users WHERE username = $1`, [username]);
    const requestedProfileId = (await admin.get(`/api/users/${row.id}`).expect(200)).body.requestedProfileId;
    return { ...body, ...row, requestedProfileId } as typeof body & {
      id: number;
      role: string;
      accessProfileId: number;
      isApproved: boolean;
      requestedProfileId: number;
    };
  }

  it('replays the finding: registered as admin and approved with {}, the stranger is a Colaborador kept out of admin routes', async () => {
    const stranger = await register('admin');
    // Pending: the database holds Colaborador; 'admin' is only the hint.
    expect(stranger).toMatchObject({ isApproved: false, accessProfileId: 3, role: 'collaborator', requestedProfileId: 1 });
    const listed = (await admin.get('/api/users/pending').expect(200)).body.find((u: { id: number }) => u.id === stranger.id);
    expect(listed).toMatchObject({
      accessProfileId: 3,
      accessProfileName: 'Colaborador',
      requestedProfileId: 1,
      requestedProfileName: 'Administrador',
      usernameTaken: false,
    });

    const approved = await admin.post(`/api/users/${stranger.id}/approve`).send({}).expect(200);
    expect(approved.body).toMatchObject({ id: stranger.id, isApproved: true, accessProfileId: 3, role: 'collaborator' });
    const [audit] = await ctx.dataSource.query(`SELECT data FROM audit_log WHERE action = 'user_approved' AND "entityId" = $1`, [
      stranger.id,
    ]);
    expect(audit.data).toMatchObject({ accessProfileId: 3, requestedProfileId: 1 });
    // 'Perfil Solicitado' still reads Administrador on the user page.
    expect((await admin.get(`/api/users/${stranger.id}`).expect(200)).body).toMatchObject({ accessProfileId: 3, requestedProfileId: 1 });

    const session = await loginAs(ctx, stranger.email, stranger.password);
    expect((await session.get('/api/auth/me').expect(200)).body.user).toMatchObject({ role: 'collaborator', accessProfileId: 3 });
    await session.get('/api/admin/email-status').expect(403);
    await session.post('/api/columns').send({ name: 'Coluna do estranho' }).expect(403);
    await session
      .post(`/api/users`)
      .send({ name: 'Outro', username: unique('x'), email: `${unique('x')}@example.test`, password: 'senha-forte-123', accessProfileId: 1 })
      .expect(403);
    await session.get('/api/users/pending').expect(403);
  });

  it('approving without a profile grants Colaborador whatever was requested; a named profile is granted', async () => {
    const manager = await register('manager');
    expect(manager).toMatchObject({ accessProfileId: 3, requestedProfileId: 2, role: 'collaborator' });
    expect((await admin.post(`/api/users/${manager.id}/approve`).expect(200)).body).toMatchObject({
      accessProfileId: 3,
      role: 'collaborator',
    });
    const named = await register('manager');
    expect((await admin.post(`/api/users/${named.id}/approve`).send({ accessProfileId: 2 }).expect(200)).body).toMatchObject({
      accessProfileId: 2,
      role: 'manager',
    });
  });

  it('grants Administrador only when an administrator names it; another approver with users write cannot', async () => {
    const wantsAdmin = await register('admin');
    const boss = await newUser(ctx, {
      profileId: await createProfile(admin, [
        { module: 'users', permission: 'write' },
        { module: 'user_management', permission: 'write' },
      ]),
    });
    const agent = await loginAs(ctx, boss.email, boss.password);
    expect((await agent.post(`/api/users/${wantsAdmin.id}/approve`).send({ accessProfileId: 1 }).expect(403)).body.message).toBe(
      'Somente administradores podem atribuir o perfil Administrador ou alterar contas de administradores',
    );
    expect((await ctx.dataSource.query(`SELECT "isApproved" FROM users WHERE id = $1`, [wantsAdmin.id]))[0].isApproved).toBe(false);

    const granted = await admin.post(`/api/users/${wantsAdmin.id}/approve`).send({ accessProfileId: 1 }).expect(200);
    expect(granted.body).toMatchObject({ accessProfileId: 1, role: 'admin', isApproved: true });
    const session = await loginAs(ctx, wantsAdmin.email, wantsAdmin.password);
    await session.get('/api/admin/email-status').expect(200);

    // The other approver may approve an admin request, as Colaborador.
    const another = await register('admin');
    expect((await agent.post(`/api/users/${another.id}/approve`).send({}).expect(200)).body).toMatchObject({ accessProfileId: 3 });
  });

  it('never lets a pending account hold Administrador: not by an edit, not in the database', async () => {
    const pending = await register('admin');
    const edit = { name: pending.name, email: pending.email, username: pending.username, accessProfileId: 1 };
    expect((await admin.put(`/api/users/${pending.id}`).send(edit).expect(409)).body.message).toBe(
      'Um cadastro pendente não recebe o perfil Administrador: escolha-o explicitamente ao aprovar',
    );
    // An edit to another profile is the approver's choice, and an approval without a profile keeps it.
    await admin
      .put(`/api/users/${pending.id}`)
      .send({ ...edit, accessProfileId: 2 })
      .expect(200);
    expect((await admin.post(`/api/users/${pending.id}/approve`).expect(200)).body).toMatchObject({ accessProfileId: 2, role: 'manager' });

    for (const [profile, role] of [
      [1, 'collaborator'],
      [3, 'admin'],
    ] as const) {
      const name = unique('direto');
      // Plain SQL, as a foreign writer: the database's own check refuses what no service writes.
      await expect(
        ctx.dataSource.query(
          `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "isApproved") VALUES ($1, $1, $2, 'x', $3, $4, false)`,
          [name, `${name}@example.test`, role, profile],
        ),
      ).rejects.toThrow(/CHK_users_pending_not_admin/);
    }
  });
});

describe('the RequestedProfile migration (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  beforeAll(async () => {
    ctx = await startIsolatedApp('requestedprofile');
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('moves a waiting admin request off profile 1 and keeps every requested profile readable', async () => {
    const migration = new RequestedProfile1795610000000();
    const runner = ctx.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      // As the old code left them: a pending account on the profile it asked for, and an approved
      // one whose request only its approval's audit row remembers. Plain SQL: the entities describe
      // today's schema, not the one before the migration.
      const insert = (name: string, role: string, profile: number, approved: boolean) =>
        ctx.dataSource
          .query(
            `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "isApproved") VALUES ($1, $1, $2, 'x', $3, $4, $5) RETURNING id`,
            [name, `${name}@example.test`, role, profile, approved],
          )
          .then(([row]: { id: number }[]) => row.id);
      const waiting = await insert(unique('antigo'), 'admin', 1, false);
      const approved = await insert(unique('aprovado'), 'collaborator', 3, true);
      await ctx.dataSource.query(
        `INSERT INTO audit_log (action, entity, "entityId", data) VALUES ('user_approved', 'user', $1, '{"accessProfileId": 3, "requestedProfileId": 2}')`,
        [approved],
      );
      await migration.up(runner);
      const rows = await ctx.dataSource.query(
        `SELECT id, role, "accessProfileId", "requestedProfileId", "isApproved" FROM users WHERE id = ANY($1::int[]) ORDER BY id`,
        [[waiting, approved]],
      );
      expect(rows).toEqual([
        { id: waiting, role: 'collaborator', accessProfileId: 3, requestedProfileId: 1, isApproved: false },
        { id: approved, role: 'collaborator', accessProfileId: 3, requestedProfileId: 2, isApproved: true },
      ]);
      const admin = await loginAsAdmin(ctx);
      expect((await admin.get(`/api/users/${approved}`).expect(200)).body.requestedProfileId).toBe(2);
      expect((await admin.post(`/api/users/${waiting}/approve`).send({}).expect(200)).body).toMatchObject({ accessProfileId: 3 });
    } finally {
      await runner.release();
    }
  });
});
