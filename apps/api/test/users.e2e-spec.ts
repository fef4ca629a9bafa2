import request from 'supertest';
import type { User } from '@wkflow/contracts';
import { AppEvents } from '../src/platform/events/app-events';
import { adminUserId } from './factories';
import { startIsolatedApp } from './utils/isolated-app';
import { eventually } from './utils/smtp';
import { createProfile, loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

describe('users and approvals (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const count = async (sql: string, params: unknown[] = []) =>
    (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n as number;
  const newUserBody = (overrides: Record<string, unknown> = {}) => {
    const name = unique('novo');
    return { username: name, email: `${name}@example.test`, password: 'secret123', name: 'Nova Pessoa', accessProfileId: 3, ...overrides };
  };
  const editBody = (
    user: { name: string; email: string; username: string; accessProfileId: number },
    overrides: Record<string, unknown> = {},
  ) => ({
    name: user.name,
    email: user.email,
    username: user.username,
    accessProfileId: user.accessProfileId,
    ...overrides,
  });
  /** A profile with users and user_management write that is not profile 1. */
  const customAdminProfile = (): Promise<number> =>
    createProfile(
      admin,
      [
        { module: 'users', permission: 'write' },
        { module: 'user_management', permission: 'write' },
      ],
      'Gestor ',
    );

  describe('GET /api/users', () => {
    it('lists approved users only, with the public fields; pending ones with includePending for users read', async () => {
      const pending = await newUser(ctx, { approved: false });
      const list: User[] = (await admin.get('/api/users').expect(200)).body;
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((u) => u.isApproved && u.status === 'approved')).toBe(true);
      expect(list.some((u) => u.id === pending.id)).toBe(false);
      expect(Object.keys(list[0]).sort()).toEqual([
        'accessProfileId',
        'createdAt',
        'email',
        'id',
        'isApproved',
        'name',
        'role',
        'status',
        'username',
      ]);
      const all: User[] = (await admin.get('/api/users?includePending=true').expect(200)).body;
      expect(all.find((u) => u.id === pending.id)).toMatchObject({ status: 'pending', isApproved: false });
      expect((await admin.get('/api/users?includePending=maybe').expect(400)).body.message).toBe('includePending deve ser true ou false');
    });

    it('serves the team to every logged-in user (assignees), but never to anonymous callers', async () => {
      const colaborador = await newUser(ctx, { profileId: 3 });
      const agent = await loginAs(ctx, colaborador.email, colaborador.password);
      const list: User[] = (await agent.get('/api/users').expect(200)).body;
      expect(list.some((u) => u.id === colaborador.id)).toBe(true);
      await agent.get('/api/users?includePending=true').expect(403);
      await ctx.http.get('/api/users').expect(401);
    });
  });

  describe('POST /api/users', () => {
    it('creates an approved user (role following the profile) who can log in at once', async () => {
      const body = newUserBody({ accessProfileId: 2 });
      const created = await admin.post('/api/users').send(body).expect(201);
      expect(created.body).toMatchObject({
        username: body.username,
        email: body.email,
        name: body.name,
        role: 'manager',
        accessProfileId: 2,
        status: 'approved',
        isApproved: true,
      });
      expect(created.body).not.toHaveProperty('password');
      expect(created.body).not.toHaveProperty('passwordHash');
      const [row] = await ctx.dataSource.query(`SELECT "approvedAt", "approvedById" FROM users WHERE id = $1`, [created.body.id]);
      expect(row.approvedAt).not.toBeNull();
      expect(row.approvedById).toBe(await adminUserId(ctx));
      await loginAs(ctx, body.email, body.password);

      const custom = (
        await admin
          .post('/api/access-profiles')
          .send({ name: unique('Custom '), description: 'perfil próprio' })
          .expect(201)
      ).body;
      const withCustom = await admin
        .post('/api/users')
        .send(newUserBody({ accessProfileId: custom.id }))
        .expect(201);
      expect(withCustom.body).toMatchObject({ role: 'collaborator', accessProfileId: custom.id });
      const asAdmin = await admin
        .post('/api/users')
        .send(newUserBody({ accessProfileId: 1 }))
        .expect(201);
      expect(asAdmin.body.role).toBe('admin');
    });

    it.each([
      [{ username: 'ab' }, 'Nome de usuário deve ter pelo menos 3 caracteres'],
      [{ username: undefined }, 'Nome de usuário deve ter pelo menos 3 caracteres'],
      [{ email: 'x' }, 'Email inválido'],
      [{ email: undefined }, 'Email inválido'],
      [{ password: '1234567' }, 'Senha deve ter pelo menos 8 caracteres'],
      [{ password: undefined }, 'Senha deve ter pelo menos 8 caracteres'],
      [{ password: ' '.repeat(8) }, 'A senha não pode ter apenas espaços'],
      [{ password: 'Password1' }, 'Esta senha é muito comum e fácil de adivinhar: escolha outra'],
      [{ name: 'A' }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ name: '  A  ' }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ accessProfileId: 0 }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: undefined }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: 'abc' }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: true }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: 1.5 }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: 99999999999 }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: 999999 }, 'Perfil de acesso não encontrado'],
      [{ isApproved: false }, 'O campo isApproved não é permitido'],
      [{ name: 'x'.repeat(500) }, 'Nome deve ter no máximo 120 caracteres'],
    ])('new user %j → 400 %s, nothing written', async (overrides, message) => {
      const before = await count('users');
      const response = await admin.post('/api/users').send(newUserBody(overrides)).expect(400);
      expect(response.body.message).toBe(message);
      expect(await count('users')).toBe(before);
    });

    it('refuses duplicate usernames and e-mails case-insensitively (409), also against pending registrations', async () => {
      const body = newUserBody();
      await admin.post('/api/users').send(body).expect(201);
      const before = await count('users');
      expect(
        (
          await admin
            .post('/api/users')
            .send(newUserBody({ username: body.username.toUpperCase() }))
            .expect(409)
        ).body.message,
      ).toBe('Nome de usuário já está em uso');
      expect(
        (
          await admin
            .post('/api/users')
            .send(newUserBody({ email: body.email.toUpperCase() }))
            .expect(409)
        ).body.message,
      ).toBe('E-mail já está em uso');
      const pending = await newUser(ctx, { approved: false });
      await admin
        .post('/api/users')
        .send(newUserBody({ username: pending.username }))
        .expect(409);
      expect(await count('users')).toBe(before + 1);
    });

    it('lets exactly one of parallel creations with the same username through', async () => {
      const username = unique('race');
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          admin.post('/api/users').send(newUserBody({ username, email: `${username}-${i}@example.test` })),
        ),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of responses.filter((r) => r.status !== 201)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe('Nome de usuário já está em uso');
      }
    });
  });

  describe('GET and PUT /api/users/{id}', () => {
    it('reads a user (users read, or oneself); unknown ids are 404, malformed ones 400', async () => {
      const user = await newUser(ctx, { profileId: 3 });
      expect((await admin.get(`/api/users/${user.id}`).expect(200)).body).toMatchObject({
        id: user.id,
        username: user.username,
        status: 'approved',
      });
      expect((await admin.get('/api/users/2147483647').expect(404)).body.message).toBe('Usuário não encontrado');
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect((await admin.get(`/api/users/${bad}`).expect(400)).body.message).toBe('Identificador inválido');
      }
      const other = await newUser(ctx, { profileId: 3 });
      const agent = await loginAs(ctx, user.email, user.password);
      await agent.get(`/api/users/${user.id}`).expect(200);
      await agent.get(`/api/users/${other.id}`).expect(403);
      await agent.get('/api/users/2147483647').expect(403); // without users read, existence is not revealed
      const gerente = await newUser(ctx, { profileId: 2 });
      await (await loginAs(ctx, gerente.email, gerente.password)).get(`/api/users/${other.id}`).expect(200);
    });

    it('edits a user: the profile id is coerced and the role follows the profile', async () => {
      const user = await newUser(ctx, { profileId: 3 });
      const newName = unique('ed');
      const edited = await admin
        .put(`/api/users/${user.id}`)
        .send(editBody(user, { name: 'Editado', username: newName, email: `${newName}@example.test`, accessProfileId: '2' }))
        .expect(200);
      expect(edited.body).toMatchObject({
        id: user.id,
        name: 'Editado',
        username: newName,
        email: `${newName}@example.test`,
        accessProfileId: 2,
        role: 'manager',
      });
      const back = await admin
        .put(`/api/users/${user.id}`)
        .send(editBody(edited.body, { accessProfileId: 3 }))
        .expect(200);
      expect(back.body.role).toBe('collaborator');
      // Changing only the case of one's own username is not a clash with oneself.
      await admin
        .put(`/api/users/${user.id}`)
        .send(editBody(back.body, { username: newName.toUpperCase() }))
        .expect(200);
    });

    it.each([
      [{ name: 'A' }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ email: 'nope' }, 'Email inválido'],
      [{ username: 'ab' }, 'Nome de usuário deve ter pelo menos 3 caracteres'],
      [{ username: 'com espaço' }, 'Nome de usuário pode conter apenas letras, números, ponto, hífen e sublinhado'],
      [{ accessProfileId: 0 }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: 'x' }, 'Selecione um perfil de acesso'],
      [{ accessProfileId: 999999 }, 'Perfil de acesso não encontrado'],
      [{ password: 'secret123' }, 'O campo password não é permitido'],
    ])('edit %j → 400 %s, nothing changed', async (overrides, message) => {
      const user = await newUser(ctx, { profileId: 3 });
      expect((await admin.put(`/api/users/${user.id}`).send(editBody(user, overrides)).expect(400)).body.message).toBe(message);
      const [row] = await ctx.dataSource.query(`SELECT name, email, username, "accessProfileId" FROM users WHERE id = $1`, [user.id]);
      expect(row).toEqual({ name: user.name, email: user.email, username: user.username, accessProfileId: 3 });
    });

    it('refuses taking another user’s username or e-mail (any case), and answers 404 for unknown users', async () => {
      const a = await newUser(ctx);
      const b = await newUser(ctx);
      expect(
        (
          await admin
            .put(`/api/users/${b.id}`)
            .send(editBody(b, { username: a.username.toUpperCase() }))
            .expect(409)
        ).body.message,
      ).toBe('Nome de usuário já está em uso');
      expect(
        (
          await admin
            .put(`/api/users/${b.id}`)
            .send(editBody(b, { email: a.email.toUpperCase() }))
            .expect(409)
        ).body.message,
      ).toBe('E-mail já está em uso');
      expect(
        (
          await admin
            .put('/api/users/2147483647')
            .send(editBody(b, { username: unique('x'), email: `${unique('x')}@example.test` }))
            .expect(404)
        ).body.message,
      ).toBe('Usuário não encontrado');
    });
  });

  describe('PUT /api/users/{id}/password', () => {
    it.each([
      [{ newPassword: '1234567', confirmPassword: '1234567' }, 'Senha deve ter pelo menos 8 caracteres'],
      [{ newPassword: '      ', confirmPassword: '      ' }, 'Senha deve ter pelo menos 8 caracteres'],
      [{ newPassword: ' '.repeat(12), confirmPassword: ' '.repeat(12) }, 'A senha não pode ter apenas espaços'],
      [{ newPassword: 'qwerty123', confirmPassword: 'qwerty123' }, 'Esta senha é muito comum e fácil de adivinhar: escolha outra'],
      [{ confirmPassword: 'abcdef12' }, 'Senha deve ter pelo menos 8 caracteres'],
      [{ newPassword: 'abcdef12' }, 'Confirmação de senha é obrigatória'],
      [{ newPassword: 'abcdef12', confirmPassword: '' }, 'Confirmação de senha é obrigatória'],
      [{ newPassword: 'abcdef12', confirmPassword: 'other123' }, 'Senhas não conferem'],
    ])('%j → 400 %s, password unchanged', async (body, message) => {
      const user = await newUser(ctx);
      expect((await admin.put(`/api/users/${user.id}/password`).send(body).expect(400)).body.message).toBe(message);
      await loginAs(ctx, user.email, user.password);
    });

    it("sets the password and ends that user's sessions", async () => {
      const user = await newUser(ctx);
      const session = await loginAs(ctx, user.email, user.password);
      await session.get('/api/auth/me').expect(200);
      expect(
        (await admin.put(`/api/users/${user.id}/password`).send({ newPassword: 'abcdef12', confirmPassword: 'abcdef12' }).expect(200)).body,
      ).toEqual({ success: true });
      await session.get('/api/auth/me').expect(401);
      expect((await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password })).status).toBe(401);
      await loginAs(ctx, user.email, 'abcdef12');
      await admin.put('/api/users/2147483647/password').send({ newPassword: 'abcdef12', confirmPassword: 'abcdef12' }).expect(404);
    });

    it("keeps the caller's own session when they set their own password, ending their others", async () => {
      const me = await newUser(ctx, { profileId: 1 });
      const here = await loginAs(ctx, me.email, me.password);
      const elsewhere = await loginAs(ctx, me.email, me.password);
      await here.put(`/api/users/${me.id}/password`).send({ newPassword: 'nova-senha', confirmPassword: 'nova-senha' }).expect(200);
      await here.get('/api/auth/me').expect(200);
      await elsewhere.get('/api/auth/me').expect(401);
    });
  });

  describe('pending registrations', () => {
    it('lists pending registrations oldest first with the requested profile and the request date', async () => {
      const username = unique('pg');
      await ctx.http
        .post('/api/auth/register')
        .send({
          name: 'Pedido Gerente',
          username,
          email: `${unique('pg')}@example.test`,
          password: 'secret123',
          role: 'manager',
        })
        .expect(201);
      const approved = await newUser(ctx);
      const list = (await admin.get('/api/users/pending').expect(200)).body;
      const mine = list.find((u: { username: string }) => u.username === username);
      expect(mine).toMatchObject({
        status: 'pending',
        isApproved: false,
        accessProfileId: 3,
        accessProfileName: 'Colaborador',
        requestedProfileId: 2,
        requestedProfileName: 'Gerente',
      });
      expect(Number.isNaN(Date.parse(mine.createdAt))).toBe(false);
      expect(list.some((u: { id: number }) => u.id === approved.id)).toBe(false);
      const dates = list.map((u: { createdAt: string }) => Date.parse(u.createdAt));
      expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    });

    it('approves once even when 10 approvals race; audits it, tells the listeners, and the user can then log in', async () => {
      const pending = await newUser(ctx, { approved: false });
      expect((await ctx.http.post('/api/auth/login').send({ email: pending.email, password: pending.password })).status).not.toBe(200);
      const marker = await newUser(ctx, { approved: false });
      const heard: number[] = [];
      ctx.app.get(AppEvents).on('UserApproved', (user) => {
        if (user.id === pending.id || user.id === marker.id) heard.push(user.id);
      });

      const responses = await Promise.all(Array.from({ length: 10 }, () => admin.post(`/api/users/${pending.id}/approve`)));
      const ok = responses.filter((r) => r.status >= 200 && r.status < 300);
      expect(ok).toHaveLength(1);
      expect(ok[0].body).toMatchObject({ id: pending.id, status: 'approved', isApproved: true });
      const conflicts = responses.filter((r) => r.status === 409);
      expect(conflicts).toHaveLength(9);
      expect(conflicts.every((r) => r.body.message === 'Usuário já aprovado')).toBe(true);

      expect(await count(`audit_log WHERE action = 'user_approved' AND "entityId" = $1`, [pending.id])).toBe(1);
      const [row] = await ctx.dataSource.query(`SELECT "approvedAt", "approvedById" FROM users WHERE id = $1`, [pending.id]);
      expect(row.approvedAt).not.toBeNull();
      expect(row.approvedById).not.toBeNull();
      // Listeners hear approvals in order: once a later approval is heard, a second one of ours would have been too.
      await admin.post(`/api/users/${marker.id}/approve`).expect(200);
      await eventually(() => heard.includes(marker.id));
      expect(heard).toEqual([pending.id, marker.id]);

      await loginAs(ctx, pending.email, pending.password);
      expect((await admin.post(`/api/users/${pending.id}/approve`).expect(409)).body.message).toBe('Usuário já aprovado');
      expect((await admin.post('/api/users/2147483647/approve').expect(404)).body.message).toBe('Usuário não encontrado');
    });

    it('approves with another profile than the requested one; the audit keeps the request', async () => {
      const pending = await newUser(ctx, { approved: false, profileId: 3 });
      await admin.post(`/api/users/${pending.id}/approve`).send({ accessProfileId: 'gerente' }).expect(400);
      expect((await admin.post(`/api/users/${pending.id}/approve`).send({ accessProfileId: 999_999 }).expect(400)).body.message).toBe(
        'Perfil de acesso não encontrado',
      );
      const approved = await admin.post(`/api/users/${pending.id}/approve`).send({ accessProfileId: 2 }).expect(200);
      expect(approved.body).toMatchObject({ id: pending.id, isApproved: true, accessProfileId: 2, role: 'manager' });
      const [audit] = await ctx.dataSource.query(`SELECT data FROM audit_log WHERE action = 'user_approved' AND "entityId" = $1`, [
        pending.id,
      ]);
      expect(audit.data).toMatchObject({ accessProfileId: 2, requestedProfileId: 3 });
      // 'Perfil Solicitado' stays readable after the approval granted another profile.
      expect((await admin.get(`/api/users/${pending.id}`).expect(200)).body).toMatchObject({ accessProfileId: 2, requestedProfileId: 3 });
      const asked = await newUser(ctx, { approved: false, profileId: 2 });
      expect((await admin.get(`/api/users/${asked.id}`).expect(200)).body).toMatchObject({ accessProfileId: 3, requestedProfileId: 2 });
    });

    it('rejects a pending registration: removed, with the reason, username and e-mail audited', async () => {
      const pending = await newUser(ctx, { approved: false });
      const response = await admin.post(`/api/users/${pending.id}/reject`).send({ reason: 'Cadastro duplicado' }).expect(200);
      expect(response.body).toEqual({ success: true, message: 'O cadastro foi removido do sistema.' });
      expect(await count('users WHERE id = $1', [pending.id])).toBe(0);
      const [audit] = await ctx.dataSource.query(
        `SELECT "actorId", data FROM audit_log WHERE action = 'user_rejected' AND "entityId" = $1`,
        [pending.id],
      );
      expect(audit.actorId).not.toBeNull();
      expect(audit.data).toMatchObject({ username: pending.username, email: pending.email, reason: 'Cadastro duplicado' });
      expect((await admin.post(`/api/users/${pending.id}/reject`).send({}).expect(404)).body.message).toBe('Usuário não encontrado');
    });

    it('rejects without a reason (no body at all, too), refuses approved users and over-long reasons', async () => {
      const pending = await newUser(ctx, { approved: false });
      await admin.post(`/api/users/${pending.id}/reject`).expect(200);
      const [audit] = await ctx.dataSource.query(`SELECT data FROM audit_log WHERE action = 'user_rejected' AND "entityId" = $1`, [
        pending.id,
      ]);
      expect(audit.data.reason).toBeNull();

      const approved = await newUser(ctx);
      expect((await admin.post(`/api/users/${approved.id}/reject`).send({}).expect(409)).body.message).toBe('Usuário já aprovado');
      expect(await count('users WHERE id = $1', [approved.id])).toBe(1);

      const another = await newUser(ctx, { approved: false });
      expect(
        (
          await admin
            .post(`/api/users/${another.id}/reject`)
            .send({ reason: 'x'.repeat(1001) })
            .expect(400)
        ).body.message,
      ).toBe('Motivo deve ter no máximo 1000 caracteres');
      expect((await admin.post(`/api/users/${another.id}/reject`).send({ reason: 42 }).expect(400)).body.message).toBe(
        'Motivo deve ser um texto',
      );
      expect(await count('users WHERE id = $1', [another.id])).toBe(1);
      expect(await count(`audit_log WHERE action = 'user_rejected' AND "entityId" = $1`, [another.id])).toBe(0);
    });
  });

  describe('administrator accounts and rights', () => {
    it('leaves profile 1 to administrators: others with users write cannot grant it, approve it, or touch an admin account', async () => {
      const boss = await newUser(ctx, { profileId: await customAdminProfile() });
      const agent = await loginAs(ctx, boss.email, boss.password);
      const [adminUser] = await ctx.dataSource.query(
        `SELECT id, name, email, username, "accessProfileId" FROM users WHERE username = 'admin'`,
      );
      const message = 'Somente administradores podem atribuir o perfil Administrador ou alterar contas de administradores';

      expect(
        (
          await agent
            .post('/api/users')
            .send(newUserBody({ accessProfileId: 1 }))
            .expect(403)
        ).body.message,
      ).toBe(message);
      await agent
        .put(`/api/users/${boss.id}`)
        .send(editBody(boss, { accessProfileId: 1 }))
        .expect(403);
      await agent
        .put(`/api/users/${adminUser.id}`)
        .send(editBody(adminUser, { name: 'Sequestrado' }))
        .expect(403);
      await agent.put(`/api/users/${adminUser.id}/password`).send({ newPassword: 'hijacked', confirmPassword: 'hijacked' }).expect(403);
      const wantsAdmin = await newUser(ctx, { approved: false, profileId: 1 });
      await agent.post(`/api/users/${wantsAdmin.id}/approve`).send({ accessProfileId: 1 }).expect(403);
      expect((await ctx.dataSource.query(`SELECT "isApproved" FROM users WHERE id = $1`, [wantsAdmin.id]))[0].isApproved).toBe(false);

      // Everything else stays open to them.
      const colaborador = await newUser(ctx, { approved: false });
      await agent.post(`/api/users/${colaborador.id}/approve`).expect(200);
      await agent.post('/api/users').send(newUserBody()).expect(201);
      // And a real administrator may do all of the above.
      await admin.post(`/api/users/${wantsAdmin.id}/approve`).send({ accessProfileId: 1 }).expect(200);
    });

    it('stops users from demoting themselves out of their admin rights', async () => {
      const boss = await newUser(ctx, { profileId: await customAdminProfile() });
      const agent = await loginAs(ctx, boss.email, boss.password);
      const refused = await agent
        .put(`/api/users/${boss.id}`)
        .send(editBody(boss, { accessProfileId: 3 }))
        .expect(409);
      expect(refused.body.message).toBe('Você não pode remover seus próprios direitos de administrador');
      expect((await ctx.dataSource.query(`SELECT "accessProfileId" FROM users WHERE id = $1`, [boss.id]))[0].accessProfileId).toBe(
        boss.accessProfileId,
      );
      // Editing their own name is fine.
      await agent
        .put(`/api/users/${boss.id}`)
        .send(editBody(boss, { name: 'Chefe Renomeado' }))
        .expect(200);

      // The last administrator's own demotion: see 'the last administrator' below, on a database of its own.
    });

    it('lets an administrator demote another administrator while one remains', async () => {
      const other = await newUser(ctx, { profileId: 1 });
      const demoted = await admin
        .put(`/api/users/${other.id}`)
        .send(editBody(other, { accessProfileId: 2 }))
        .expect(200);
      expect(demoted.body).toMatchObject({ accessProfileId: 2, role: 'manager' });
    });
  });

  /**
   * On a database of its own, where the seeded administrator is the only one: the other suites'
   * administrators (this file makes some) would otherwise make "the last" never true.
   */
  describe('the last administrator (a database with exactly one)', () => {
    let solo: TestContext & { stop: () => Promise<void> };
    let root: Agent;
    let rootUser: { id: number; name: string; email: string; username: string; accessProfileId: number };
    const approvedAdmins = async () =>
      (await solo.dataSource.query(`SELECT id FROM users WHERE "accessProfileId" = 1 AND "isApproved" ORDER BY id`)).map(
        (r: { id: number }) => r.id,
      );

    beforeAll(async () => {
      solo = await startIsolatedApp('lastadmin');
      root = await loginAsAdmin(solo);
      [rootUser] = await solo.dataSource.query(`SELECT id, name, email, username, "accessProfileId" FROM users WHERE username = 'admin'`);
    });
    afterAll(async () => {
      await solo.stop();
    });

    it('starts with the seeded administrator as the only one', async () => {
      expect(await approvedAdmins()).toEqual([rootUser.id]);
    });

    it('refuses to demote the last administrator, even to a profile that keeps every administration right', async () => {
      // A pending profile-1 account is no administrator yet: it does not make the seeded one "not the last".
      await newUser(solo, { profileId: 1, approved: false });
      const keepsRights = (await root.post('/api/access-profiles').send({ name: 'Quase Admin', description: 'gestão' }).expect(201)).body;
      await root
        .put(`/api/access-profiles/${keepsRights.id}/permissions`)
        .send({
          permissions: [
            { module: 'users', permission: 'write' },
            { module: 'user_management', permission: 'write' },
          ],
        })
        .expect(200);
      for (const accessProfileId of [keepsRights.id, 2, 3]) {
        const refused = await root.put(`/api/users/${rootUser.id}`).send(editBody(rootUser, { accessProfileId })).expect(409);
        expect(refused.body).toEqual({ statusCode: 409, message: 'Não é possível remover o último administrador', error: 'Conflict' });
      }
      expect(await approvedAdmins()).toEqual([rootUser.id]);
      // Still an administrator in fact, not only in the table.
      await root.get('/api/users/pending').expect(200);
    });

    it('cannot lose its account or its profile: reject, profile deletion and emptied permissions all leave it an administrator', async () => {
      expect((await root.post(`/api/users/${rootUser.id}/reject`).send({}).expect(409)).body.message).toBe('Usuário já aprovado');
      expect((await root.delete('/api/access-profiles/1').expect(409)).body.message).toBe('Perfis padrão não podem ser excluídos');
      // Profile 1's rows do not make its rights (core.md §6): emptying them changes nothing.
      await root.put('/api/access-profiles/1/permissions').send({ permissions: [] }).expect(200);
      await root.get('/api/users/pending').expect(200);
      await root.post('/api/users').send(newUserBody()).expect(201);
      expect(await approvedAdmins()).toEqual([rootUser.id]);
    });

    it('lets one of two administrators go, then refuses the other; two at once demoting each other leave one', async () => {
      const second = await newUser(solo, { profileId: 1 });
      const secondAgent = await loginAs(solo, second.email, second.password);
      // Hold profile 2's row: each demotion's UPDATE then waits on its foreign-key check, after its
      // count, so both are under way together before either commits, whatever the machine's speed.
      const blocker = solo.dataSource.createQueryRunner();
      await blocker.connect();
      await blocker.startTransaction();
      await blocker.query(`SELECT id FROM access_profiles WHERE id = 2 FOR UPDATE`);
      const crossed = Promise.all([
        root.put(`/api/users/${second.id}`).send(editBody(second, { accessProfileId: 2 })),
        secondAgent.put(`/api/users/${rootUser.id}`).send(editBody(rootUser, { accessProfileId: 2 })),
      ]);
      const waiting = async () =>
        (
          await solo.dataSource.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0].n;
      await eventually(async () => (await waiting()) === 2);
      await blocker.commitTransaction();
      await blocker.release();
      const [a, b] = await crossed;
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const conflict = a.status === 409 ? a : b;
      expect(conflict.body.message).toBe('Não é possível remover o último administrador');
      const left = await approvedAdmins();
      expect(left).toHaveLength(1);

      const [lastOne] = await solo.dataSource.query(`SELECT id, name, email, username, "accessProfileId" FROM users WHERE id = $1`, [
        left[0],
      ]);
      const lastAgent = lastOne.id === rootUser.id ? root : secondAgent;
      await lastAgent
        .put(`/api/users/${lastOne.id}`)
        .send(editBody(lastOne, { accessProfileId: 3 }))
        .expect(409);
      expect(await approvedAdmins()).toEqual(left);
    });
  });
});
