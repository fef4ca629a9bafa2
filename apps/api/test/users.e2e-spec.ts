import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

describe('users, approvals and profiles (e2e)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const newUserBody = (overrides: Record<string, unknown> = {}) => {
    const name = unique('novo');
    return { username: name, email: `${name}@example.test`, password: 'secret123', name: 'Nova Pessoa', accessProfileId: 3, ...overrides };
  };

  it('creates an approved user who can log in; lists the team', async () => {
    const body = newUserBody({ accessProfileId: 2 });
    const created = await admin.post('/api/users').send(body).expect(201);
    expect(created.body).toMatchObject({ username: body.username, role: 'manager', accessProfileId: 2, status: 'approved' });
    await loginAs(ctx, body.email, body.password);
    const list = (await admin.get('/api/users').expect(200)).body;
    expect(list.some((u: { id: number }) => u.id === created.body.id)).toBe(true);
    expect(list.every((u: { isApproved: boolean }) => u.isApproved)).toBe(true);
  });

  it.each([
    [{ username: 'ab' }, 'Nome de usuário deve ter pelo menos 3 caracteres'],
    [{ email: 'x' }, 'Email inválido'],
    [{ password: '123' }, 'Senha deve ter pelo menos 6 caracteres'],
    [{ name: 'A' }, 'Nome deve ter pelo menos 2 caracteres'],
    [{ accessProfileId: 0 }, 'Selecione um perfil de acesso'],
    [{ accessProfileId: 'abc' }, 'Selecione um perfil de acesso'],
    [{ accessProfileId: 999999 }, 'Perfil de acesso não encontrado'],
    [{ isApproved: false }, 'O campo isApproved não é permitido'],
  ])('new user %j → 400 %s', async (overrides, message) => {
    const before = (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`))[0].n;
    const response = await admin.post('/api/users').send(newUserBody(overrides)).expect(400);
    expect(response.body.message).toContain(message);
    expect((await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`))[0].n).toBe(before);
  });

  it('refuses duplicate usernames and e-mails case-insensitively', async () => {
    const body = newUserBody();
    await admin.post('/api/users').send(body).expect(201);
    expect((await admin.post('/api/users').send(newUserBody({ username: body.username.toUpperCase() })).expect(409)).body.message).toBe(
      'Nome de usuário já está em uso',
    );
    expect((await admin.post('/api/users').send(newUserBody({ email: body.email.toUpperCase() })).expect(409)).body.message).toBe('E-mail já está em uso');
  });

  it('edits a user (role follows the profile) and sets a password', async () => {
    const user = await newUser(ctx, { profileId: 3 });
    const edited = await admin
      .put(`/api/users/${user.id}`)
      .send({ name: 'Editado', email: user.email, username: user.username, accessProfileId: '2' })
      .expect(200);
    expect(edited.body).toMatchObject({ name: 'Editado', accessProfileId: 2, role: 'manager' });
    const mismatch = await admin.put(`/api/users/${user.id}/password`).send({ newPassword: 'abcdef1', confirmPassword: 'other12' }).expect(400);
    expect(mismatch.body.message).toBe('Senhas não conferem');
    const missing = await admin.put(`/api/users/${user.id}/password`).send({ newPassword: 'abcdef1', confirmPassword: '' }).expect(400);
    expect(missing.body.message).toBe('Confirmação de senha é obrigatória');
    await admin.put(`/api/users/${user.id}/password`).send({ newPassword: 'abcdef1', confirmPassword: 'abcdef1' }).expect(200);
    await loginAs(ctx, user.email, 'abcdef1');
    await admin.get('/api/users/2000000000').expect(404);
  });

  it('approves once even when approvals race, and the user can then log in', async () => {
    const pending = await newUser(ctx, { approved: false });
    const listed = (await admin.get('/api/users/pending').expect(200)).body;
    expect(listed.some((u: { id: number; status: string }) => u.id === pending.id && u.status === 'pending')).toBe(true);
    const responses = await Promise.all(Array.from({ length: 10 }, () => admin.post(`/api/users/${pending.id}/approve`)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(9);
    const audit = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'user_approved' AND "entityId" = $1`, [pending.id]);
    expect(audit[0].n).toBe(1);
    await loginAs(ctx, pending.email, pending.password);
  });

  it('rejects a pending registration: removed, with the reason audited', async () => {
    const pending = await newUser(ctx, { approved: false });
    const response = await admin.post(`/api/users/${pending.id}/reject`).send({ reason: 'Cadastro duplicado' }).expect(200);
    expect(response.body.message).toBe('O cadastro foi removido do sistema.');
    expect(await ctx.dataSource.query(`SELECT id FROM users WHERE id = $1`, [pending.id])).toHaveLength(0);
    const [audit] = await ctx.dataSource.query(`SELECT data FROM audit_log WHERE action = 'user_rejected' AND "entityId" = $1`, [pending.id]);
    expect(audit.data).toMatchObject({ username: pending.username, reason: 'Cadastro duplicado' });
    await admin.post(`/api/users/${pending.id}/reject`).send({}).expect(404);
    const approved = await newUser(ctx);
    await admin.post(`/api/users/${approved.id}/reject`).send({}).expect(409);
  });

  it('creates profiles and replaces their permissions atomically', async () => {
    const bad = await admin.post('/api/access-profiles').send({ name: 'A', description: 'descrição' }).expect(400);
    expect(bad.body.message).toBe('Nome deve ter pelo menos 2 caracteres');
    const shortDescription = await admin.post('/api/access-profiles').send({ name: 'Perfil', description: 'abc' }).expect(400);
    expect(shortDescription.body.message).toBe('Descrição deve ter ao menos 5 caracteres');
    const name = unique('Perfil ');
    const profile = (await admin.post('/api/access-profiles').send({ name, description: 'Perfil de teste' }).expect(201)).body;
    await admin.post('/api/access-profiles').send({ name: name.toUpperCase(), description: 'Perfil de teste' }).expect(409);

    const saved = await admin
      .put(`/api/access-profiles/${profile.id}/permissions`)
      .send({ permissions: [{ module: 'tasks', permission: 'write', additionalData: { editAllTasks: true } }, { module: 'clients', permission: 'read' }] })
      .expect(200);
    expect(saved.body.map((p: { module: string }) => p.module)).toEqual(['clients', 'tasks']);

    // A bad entry anywhere in the list leaves the previous permissions intact.
    for (const permissions of [
      [{ module: 'tasks', permission: 'read' }, { module: 'nope', permission: 'read' }],
      [{ module: 'tasks', permission: 'godmode' }],
      [{ module: 'tasks', permission: 'read' }, { module: 'tasks', permission: 'write' }],
      [{ module: 'tasks', permission: 'read', additionalData: { superPower: true } }],
    ]) {
      await admin.put(`/api/access-profiles/${profile.id}/permissions`).send({ permissions }).expect(400);
    }
    const after = (await admin.get(`/api/access-profiles/${profile.id}/permissions`).expect(200)).body;
    expect(after.map((p: { module: string; permission: string }) => `${p.module}:${p.permission}`)).toEqual(['clients:read', 'tasks:write']);
  });

  it('keeps the documented delete-then-create save working', async () => {
    const profile = (await admin.post('/api/access-profiles').send({ name: unique('Doc '), description: 'fluxo documentado' }).expect(201)).body;
    const created = await admin.post('/api/module-permissions').send({ profileId: profile.id, module: 'chat', permission: 'write', additionalData: null }).expect(201);
    await admin.post('/api/module-permissions').send({ profileId: profile.id, module: 'chat', permission: 'read' }).expect(409);
    await admin.delete(`/api/module-permissions/${created.body.id}`).expect(200);
    await admin.delete(`/api/module-permissions/${created.body.id}`).expect(404);
    await admin.post('/api/module-permissions').send({ profileId: profile.id, module: 'chat', permission: 'read' }).expect(201);
    await admin.post('/api/module-permissions').send({ profileId: 2_000_000_000, module: 'chat', permission: 'read' }).expect(404);
  });

  it('never deletes default profiles nor profiles still in use', async () => {
    for (const id of [1, 2, 3]) {
      expect((await admin.delete(`/api/access-profiles/${id}`).expect(409)).body.message).toBe('Perfis padrão não podem ser excluídos');
    }
    const profile = (await admin.post('/api/access-profiles').send({ name: unique('Uso '), description: 'em uso agora' }).expect(201)).body;
    await newUser(ctx, { profileId: profile.id });
    await admin.delete(`/api/access-profiles/${profile.id}`).expect(409);
    const unused = (await admin.post('/api/access-profiles').send({ name: unique('Livre '), description: 'sem usuários' }).expect(201)).body;
    await admin.delete(`/api/access-profiles/${unused.id}`).expect(200);
  });

  it('stops a user from removing their own admin rights, and the last administrator from being demoted', async () => {
    const profile = (await admin.post('/api/access-profiles').send({ name: unique('Chefe '), description: 'gestão de usuários' }).expect(201)).body;
    await admin
      .put(`/api/access-profiles/${profile.id}/permissions`)
      .send({ permissions: [{ module: 'user_management', permission: 'write' }, { module: 'users', permission: 'write' }] })
      .expect(200);
    const boss = await newUser(ctx, { profileId: profile.id });
    const agent = await loginAs(ctx, boss.email, boss.password);
    const refused = await agent
      .put(`/api/access-profiles/${profile.id}/permissions`)
      .send({ permissions: [{ module: 'users', permission: 'write' }] })
      .expect(409);
    expect(refused.body.message).toBe('Você não pode remover seus próprios direitos de administrador');
    expect((await admin.get(`/api/access-profiles/${profile.id}/permissions`).expect(200)).body).toHaveLength(2);
    // Demoting oneself to a profile without users write is refused too.
    await agent.put(`/api/users/${boss.id}`).send({ name: boss.name, email: boss.email, username: boss.username, accessProfileId: 3 }).expect(409);

    // The seeded admin is the only approved profile-1 user unless a test made another.
    const admins = await ctx.dataSource.query(`SELECT id FROM users WHERE "accessProfileId" = 1 AND "isApproved"`);
    if (admins.length === 1) {
      const [me] = await ctx.dataSource.query(`SELECT id, name, email, username FROM users WHERE username = 'admin'`);
      const last = await admin.put(`/api/users/${me.id}`).send({ name: me.name, email: me.email, username: me.username, accessProfileId: 2 }).expect(409);
      expect(last.body.message).toBe('Não é possível remover o último administrador');
    }
  });

  it('lets users read their own record only, without users read', async () => {
    const joao = await newUser(ctx, { profileId: 3 });
    const other = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, joao.email, joao.password);
    await agent.get(`/api/users/${joao.id}`).expect(200);
    await agent.get(`/api/users/${other.id}`).expect(403);
    await agent.get('/api/users').expect(200);
    await agent.get('/api/users?includePending=true').expect(403);
    await agent.get('/api/users/pending').expect(403);
    const mine = (await agent.get('/api/module-permissions').expect(200)).body;
    expect(mine.find((p: { module: string }) => p.module === 'tasks').permission).toBe('edit_assigned');
  });
});
