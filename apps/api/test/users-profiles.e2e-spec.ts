import request from 'supertest';
import { MODULES, type AccessProfile, type ModulePermission } from '@wkflow/contracts';
import { ModulePermissionEntity } from '../src/users/module-permission.entity';
import { seedUsersDemo } from '../src/users/users.seed';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

describe('access profiles and module permissions (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const newProfile = async (name = unique('Perfil ')): Promise<AccessProfile> =>
    (await admin.post('/api/access-profiles').send({ name, description: 'perfil de teste' }).expect(201)).body;
  const rowsOf = async (profileId: number): Promise<string[]> =>
    (
      await ctx.dataSource.query(
        `SELECT module, permission, "additionalData" FROM module_permissions WHERE "profileId" = $1 ORDER BY module`,
        [profileId],
      )
    ).map(
      (r: { module: string; permission: string; additionalData: unknown }) =>
        `${r.module}:${r.permission}${r.additionalData ? JSON.stringify(r.additionalData) : ''}`,
    );
  /** A saved row as a save entry. */
  const strip = (p: ModulePermission) => ({ module: p.module, permission: p.permission, additionalData: p.additionalData ?? null });
  const save = (agent: Agent, profileId: number, permissions: unknown) =>
    agent.put(`/api/access-profiles/${profileId}/permissions`).send({ permissions });

  describe('profiles', () => {
    it('lists the default profiles first, with isDefault and how many users hold each', async () => {
      const custom = await newProfile();
      await newUser(ctx, { profileId: custom.id });
      const colaborador = await newUser(ctx, { profileId: 3 });
      const list: AccessProfile[] = (
        await (await loginAs(ctx, colaborador.email, colaborador.password)).get('/api/access-profiles').expect(200)
      ).body;
      expect(list.slice(0, 3).map((p) => [p.id, p.isDefault])).toEqual([
        [1, true],
        [2, true],
        [3, true],
      ]);
      expect(list.find((p) => p.id === custom.id)).toMatchObject({
        name: custom.name,
        description: 'perfil de teste',
        isDefault: false,
        userCount: 1,
      });
    });

    it("counts a profile's approved users only: a pending registration is not one of them yet", async () => {
      const countOf = async (id: number) =>
        ((await admin.get('/api/access-profiles').expect(200)).body as AccessProfile[]).find((p) => p.id === id)!.userCount;
      const before = await countOf(3);
      const pending = await newUser(ctx, { profileId: 3, approved: false });
      expect(await countOf(3)).toBe(before);
      await admin.post(`/api/users/${pending.id}/approve`).send({}).expect(200);
      expect(await countOf(3)).toBe(before + 1);
    });

    it.each([
      [{ name: 'A', description: 'descrição' }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ description: 'descrição' }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ name: 'Perfil', description: 'abc' }, 'Descrição deve ter ao menos 5 caracteres'],
      [{ name: 'Perfil' }, 'Descrição deve ter ao menos 5 caracteres'],
      [{ name: 'Perfil', description: '    abcd   ' }, 'Descrição deve ter ao menos 5 caracteres'],
      [{ name: 'P'.repeat(121), description: 'descrição' }, 'Nome deve ter no máximo 120 caracteres'],
      [{ name: 'Perfil', description: 'descrição', isDefault: true }, 'O campo isDefault não é permitido'],
    ])('create %j → 400 %s, nothing written', async (body, message) => {
      const before = (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM access_profiles`))[0].n;
      expect((await admin.post('/api/access-profiles').send(body).expect(400)).body.message).toBe(message);
      expect((await ctx.dataSource.query(`SELECT count(*)::int AS n FROM access_profiles`))[0].n).toBe(before);
    });

    it('refuses duplicate names case-insensitively, defaults included, even when creations race', async () => {
      const profile = await newProfile();
      expect(profile).toMatchObject({ isDefault: false, userCount: 0 });
      const clash = await admin
        .post('/api/access-profiles')
        .send({ name: profile.name.toUpperCase(), description: 'outro perfil' })
        .expect(409);
      expect(clash.body.message).toBe('Já existe um perfil com este nome');
      await admin.post('/api/access-profiles').send({ name: 'administrador', description: 'outro perfil' }).expect(409);

      const name = unique('Corrida ');
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => admin.post('/api/access-profiles').send({ name, description: 'em paralelo' })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    });

    it('renames and re-describes a profile (PUT), with the same rules', async () => {
      const profile = await newProfile();
      const other = await newProfile();
      const renamed = await admin
        .put(`/api/access-profiles/${profile.id}`)
        .send({ name: `${profile.name} Novo`, description: 'nova descrição' })
        .expect(200);
      expect(renamed.body).toMatchObject({ id: profile.id, name: `${profile.name} Novo`, description: 'nova descrição', isDefault: false });
      await admin
        .put(`/api/access-profiles/${profile.id}`)
        .send({ name: `${profile.name} NOVO`, description: 'só a caixa' })
        .expect(200);
      expect(
        (await admin.put(`/api/access-profiles/${profile.id}`).send({ name: other.name.toLowerCase(), description: 'colisão' }).expect(409))
          .body.message,
      ).toBe('Já existe um perfil com este nome');
      expect(
        (await admin.put(`/api/access-profiles/${profile.id}`).send({ name: 'Ok', description: 'abc' }).expect(400)).body.message,
      ).toBe('Descrição deve ter ao menos 5 caracteres');
      expect(
        (
          await admin
            .put('/api/access-profiles/2147483647')
            .send({ name: unique('X '), description: 'inexistente' })
            .expect(404)
        ).body.message,
      ).toBe('Perfil de acesso não encontrado');
      await admin
        .put('/api/access-profiles/abc')
        .send({ name: unique('X '), description: 'inexistente' })
        .expect(400);
    });

    it('never deletes default profiles nor profiles still held by users; deletes the others with their permissions', async () => {
      for (const id of [1, 2, 3]) {
        expect((await admin.delete(`/api/access-profiles/${id}`).expect(409)).body.message).toBe('Perfis padrão não podem ser excluídos');
      }
      const used = await newProfile();
      await newUser(ctx, { profileId: used.id });
      expect((await admin.delete(`/api/access-profiles/${used.id}`).expect(409)).body.message).toBe(
        'O perfil ainda é usado por 1 usuário(s): troque o perfil deles antes de excluir',
      );
      const unused = await newProfile();
      await save(admin, unused.id, [{ module: 'chat', permission: 'read' }]).expect(200);
      expect((await admin.delete(`/api/access-profiles/${unused.id}`).expect(200)).body).toEqual({ success: true });
      expect(await rowsOf(unused.id)).toEqual([]);
      await admin.get(`/api/access-profiles/${unused.id}/permissions`).expect(404);
      await admin.delete(`/api/access-profiles/${unused.id}`).expect(404);
    });
  });

  describe('PUT /api/access-profiles/{id}/permissions', () => {
    it('replaces all permissions, storing the task options, and returns the saved rows', async () => {
      const profile = await newProfile();
      await save(admin, profile.id, [{ module: 'analytics', permission: 'read' }]).expect(200);
      const saved = await save(admin, profile.id, [
        {
          module: 'tasks',
          permission: 'write',
          additionalData: { editAllTasks: true, taskScope: 'view_all_tasks', editScope: 'edit_all_tasks' },
        },
        { module: 'clients', permission: 'read', additionalData: null },
        { module: 'time_tracking', permission: 'own_only' },
      ]).expect(200);
      expect(saved.body.map((p: ModulePermission) => [p.profileId, p.module, p.permission])).toEqual([
        [profile.id, 'clients', 'read'],
        [profile.id, 'tasks', 'write'],
        [profile.id, 'time_tracking', 'own_only'],
      ]);
      expect(saved.body.every((p: ModulePermission) => typeof p.id === 'number')).toBe(true);
      expect(await rowsOf(profile.id)).toEqual([
        'clients:read',
        'tasks:write{"editScope":"edit_all_tasks","taskScope":"view_all_tasks","editAllTasks":true}',
        'time_tracking:own_only',
      ]);
      expect((await admin.get(`/api/access-profiles/${profile.id}/permissions`).expect(200)).body).toEqual(saved.body);
      await save(admin, profile.id, []).expect(200);
      expect(await rowsOf(profile.id)).toEqual([]);
    });

    it.each([
      [
        'an unknown module',
        [
          { module: 'tasks', permission: 'read' },
          { module: 'nope', permission: 'read' },
        ],
        'Módulo inválido',
      ],
      ['an unknown level', [{ module: 'tasks', permission: 'godmode' }], 'Nível de permissão inválido'],
      [
        'a module twice',
        [
          { module: 'tasks', permission: 'read' },
          { module: 'chat', permission: 'read' },
          { module: 'tasks', permission: 'write' },
        ],
        'Módulo repetido: tasks',
      ],
      [
        'an unknown additionalData key',
        [{ module: 'tasks', permission: 'read', additionalData: { superPower: true } }],
        'O campo permissions.0.additionalData.superPower não é permitido',
      ],
      [
        'a bad editAllTasks',
        [{ module: 'tasks', permission: 'read', additionalData: { editAllTasks: 'yes' } }],
        'editAllTasks deve ser verdadeiro ou falso',
      ],
      [
        'a bad taskScope',
        [{ module: 'tasks', permission: 'read', additionalData: { taskScope: 'everything' } }],
        'taskScope deve ser view_all_tasks ou view_assigned_only',
      ],
      [
        'a bad editScope',
        [{ module: 'tasks', permission: 'read', additionalData: { editScope: 'x' } }],
        'editScope deve ser edit_all_tasks ou edit_assigned_only',
      ],
      ['additionalData as a list', [{ module: 'tasks', permission: 'read', additionalData: [1] }], 'additionalData deve ser um objeto'],
      ['an entry that is not an object', ['tasks:read'], 'Cada permissão deve ser um objeto'],
      ['an extra field', [{ module: 'tasks', permission: 'read', profileId: 1 }], 'O campo permissions.0.profileId não é permitido'],
      ['not a list', 'tasks', 'permissions deve ser uma lista'],
    ])('refuses %s (400) and keeps the previous permissions intact', async (_label, permissions, message) => {
      const profile = await newProfile();
      await save(admin, profile.id, [
        { module: 'tasks', permission: 'write', additionalData: { editAllTasks: true } },
        { module: 'clients', permission: 'read' },
      ]).expect(200);
      const response = await save(admin, profile.id, permissions).expect(400);
      expect(response.body.message).toContain(message);
      expect(await rowsOf(profile.id)).toEqual(['clients:read', 'tasks:write{"editAllTasks":true}']);
    });

    it('answers 404 for unknown profiles and 400 for malformed ids', async () => {
      expect((await save(admin, 2147483647, []).expect(404)).body.message).toBe('Perfil de acesso não encontrado');
      await admin.put('/api/access-profiles/abc/permissions').send({ permissions: [] }).expect(400);
      await admin.get('/api/access-profiles/2147483647/permissions').expect(404);
    });

    it('applies parallel saves of one profile one after the other: the result is one whole save, never a mixture', async () => {
      const profile = await newProfile();
      const sets = MODULES.slice(0, 6).map((module, i) => [
        { module, permission: 'read' },
        { module: MODULES[(i + 3) % MODULES.length], permission: 'write' },
      ]);
      const responses = await Promise.all(sets.map((permissions) => save(admin, profile.id, permissions)));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      const final = (await rowsOf(profile.id)).sort();
      const candidates = sets.map((set) => set.map((p) => `${p.module}:${p.permission}`).sort());
      expect(candidates).toContainEqual(final);
    });

    it('takes effect on the next request of the profile’s users, without a new login', async () => {
      const profile = await newProfile();
      await save(admin, profile.id, [{ module: 'users', permission: 'read' }]).expect(200);
      const member = await newUser(ctx, { profileId: profile.id });
      const agent = await loginAs(ctx, member.email, member.password);
      await agent.get('/api/users/pending').expect(200);
      expect(
        (await agent.get('/api/module-permissions').expect(200)).body.map((p: ModulePermission) => `${p.module}:${p.permission}`),
      ).toEqual(['users:read']);
      await save(admin, profile.id, [{ module: 'users', permission: 'hidden' }]).expect(200);
      await agent.get('/api/users/pending').expect(403);
    });

    it('stores saves of profile 1 but its users keep full access (profile 1 is full access by rule)', async () => {
      const before = await rowsOf(1);
      const other = await newUser(ctx, { profileId: 1 });
      const agent = await loginAs(ctx, other.email, other.password);
      try {
        await save(
          agent,
          1,
          MODULES.map((module) => ({ module, permission: 'hidden' })),
        ).expect(200);
        expect(await rowsOf(1)).toHaveLength(MODULES.length);
        await agent.get('/api/users/pending').expect(200);
        await agent.get('/api/access-profiles/3/permissions').expect(200);
        await save(agent, 3, (await agent.get('/api/access-profiles/3/permissions').expect(200)).body.map(strip)).expect(200);
      } finally {
        // Profile 1's seeded rows put back as they were, for the suites that share this database.
        const permissions = ctx.dataSource.getRepository(ModulePermissionEntity);
        await permissions.delete({ profileId: 1 });
        if (before.length)
          await permissions.insert(
            before.map((row) => {
              const [module, permission] = row.split(':');
              return { profileId: 1, module, permission };
            }),
          );
      }
    });
  });

  describe('own administration rights', () => {
    /** A custom profile with users and user_management write, and a logged-in member. */
    const customAdmin = async () => {
      const profile = await newProfile(unique('Chefe '));
      await save(admin, profile.id, [
        { module: 'user_management', permission: 'write' },
        { module: 'users', permission: 'write' },
        { module: 'chat', permission: 'read' },
      ]).expect(200);
      const boss = await newUser(ctx, { profileId: profile.id });
      return { profile, boss, agent: await loginAs(ctx, boss.email, boss.password) };
    };
    const message = 'Você não pode remover seus próprios direitos de administrador';

    it('refuses saving one’s own profile without user_management write or users write, keeping the rows', async () => {
      const { profile, agent } = await customAdmin();
      const before = await rowsOf(profile.id);
      expect((await save(agent, profile.id, [{ module: 'users', permission: 'write' }]).expect(409)).body.message).toBe(message);
      expect(
        (
          await save(agent, profile.id, [
            { module: 'users', permission: 'write' },
            { module: 'user_management', permission: 'read' },
          ]).expect(409)
        ).body.message,
      ).toBe(message);
      expect((await save(agent, profile.id, [{ module: 'user_management', permission: 'write' }]).expect(409)).body.message).toBe(message);
      expect((await save(agent, profile.id, []).expect(409)).body.message).toBe(message);
      expect(await rowsOf(profile.id)).toEqual(before);
      // Keeping both rights, anything else may change.
      await save(agent, profile.id, [
        { module: 'user_management', permission: 'write' },
        { module: 'users', permission: 'write' },
        { module: 'chat', permission: 'hidden' },
      ]).expect(200);
    });

    it('refuses removing one’s own user_management row in the delete-then-create flow', async () => {
      const { profile, agent } = await customAdmin();
      const rows: ModulePermission[] = (await agent.get(`/api/access-profiles/${profile.id}/permissions`).expect(200)).body;
      const own = rows.find((p) => p.module === 'user_management')!;
      expect((await agent.delete(`/api/module-permissions/${own.id}`).expect(409)).body.message).toBe(message);
      const chat = rows.find((p) => p.module === 'chat')!;
      await agent.delete(`/api/module-permissions/${chat.id}`).expect(200);
      expect(await rowsOf(profile.id)).toEqual(['user_management:write', 'users:write']);
    });

    it('lets the same user change other profiles freely', async () => {
      const { agent } = await customAdmin();
      const other = await newProfile();
      await save(agent, other.id, [{ module: 'user_management', permission: 'hidden' }]).expect(200);
    });
  });

  describe('the documented delete-then-create save', () => {
    it('deletes every permission of a profile, then creates one per module', async () => {
      const profile = await newProfile();
      await save(admin, profile.id, [
        { module: 'chat', permission: 'write' },
        { module: 'clients', permission: 'read' },
      ]).expect(200);
      const existing: ModulePermission[] = (await admin.get(`/api/access-profiles/${profile.id}/permissions`).expect(200)).body;
      for (const p of existing) expect((await admin.delete(`/api/module-permissions/${p.id}`).expect(200)).body).toEqual({ success: true });
      for (const module of MODULES) {
        const permission = module === 'tasks' ? 'edit_assigned' : 'read';
        const additionalData = module === 'tasks' ? { editAllTasks: false, taskScope: 'view_assigned_only' } : null;
        const created = await admin
          .post('/api/module-permissions')
          .send({ profileId: profile.id, module, permission, additionalData })
          .expect(201);
        expect(created.body).toMatchObject({ profileId: profile.id, module, permission, additionalData });
      }
      expect(await rowsOf(profile.id)).toHaveLength(MODULES.length);
      expect(await rowsOf(profile.id)).toContain('tasks:edit_assigned{"taskScope":"view_assigned_only","editAllTasks":false}');
    });

    it('answers 409 for a module the profile already has, 404 for unknown profiles and permissions, 400 for bad entries', async () => {
      const profile = await newProfile();
      const created = await admin
        .post('/api/module-permissions')
        .send({ profileId: profile.id, module: 'chat', permission: 'write', additionalData: null })
        .expect(201);
      expect(
        (await admin.post('/api/module-permissions').send({ profileId: profile.id, module: 'chat', permission: 'read' }).expect(409)).body
          .message,
      ).toBe('Este perfil já tem uma permissão para este módulo');
      await admin.delete(`/api/module-permissions/${created.body.id}`).expect(200);
      expect((await admin.delete(`/api/module-permissions/${created.body.id}`).expect(404)).body.message).toBe('Permissão não encontrada');
      await admin.post('/api/module-permissions').send({ profileId: profile.id, module: 'chat', permission: 'read' }).expect(201);
      expect(
        (await admin.post('/api/module-permissions').send({ profileId: 2147483647, module: 'chat', permission: 'read' }).expect(404)).body
          .message,
      ).toBe('Perfil de acesso não encontrado');
      await admin.delete('/api/module-permissions/abc').expect(400);

      for (const [body, message] of [
        [{ profileId: profile.id, module: 'nope', permission: 'read' }, 'Módulo inválido'],
        [{ profileId: profile.id, module: 'tasks', permission: 'nope' }, 'Nível de permissão inválido'],
        [
          { profileId: profile.id, module: 'tasks', permission: 'read', additionalData: { x: 1 } },
          'O campo additionalData.x não é permitido',
        ],
        [{ profileId: 0, module: 'tasks', permission: 'read' }, 'Selecione um perfil de acesso'],
        [{ module: 'tasks', permission: 'read' }, 'Selecione um perfil de acesso'],
      ] as const) {
        expect((await admin.post('/api/module-permissions').send(body).expect(400)).body.message).toContain(message);
      }
      expect(await rowsOf(profile.id)).toEqual(['chat:read']);
    });

    it('lets exactly one of parallel creations for one module through', async () => {
      const profile = await newProfile();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          admin.post('/api/module-permissions').send({ profileId: profile.id, module: 'analytics', permission: 'read' }),
        ),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    });
  });

  it('GET /api/module-permissions gives the current user’s own profile rows', async () => {
    const colaborador = await newUser(ctx, { profileId: 3 });
    const mine: ModulePermission[] = (
      await (await loginAs(ctx, colaborador.email, colaborador.password)).get('/api/module-permissions').expect(200)
    ).body;
    expect(mine.every((p) => p.profileId === 3)).toBe(true);
    expect(mine.find((p) => p.module === 'tasks')?.permission).toBe('edit_assigned');
  });

  it('seeds the demo profile once, however often the seed runs', async () => {
    await seedUsersDemo(ctx.dataSource);
    await seedUsersDemo(ctx.dataSource);
    const profiles = await ctx.dataSource.query(`SELECT id FROM access_profiles WHERE name = 'Atendimento'`);
    expect(profiles).toHaveLength(1);
    expect(await rowsOf(profiles[0].id)).toHaveLength(MODULES.length);
  });
  it("writes every change of a profile, its permissions and a user's profile to the audit trail", async () => {
    const [me] = await ctx.dataSource.query(`SELECT id FROM users WHERE email = 'admin@wkflow.local'`);
    const created: AccessProfile = (
      await admin
        .post('/api/access-profiles')
        .send({ name: unique('Auditado '), description: 'perfil' })
        .expect(201)
    ).body;
    await admin
      .put(`/api/access-profiles/${created.id}`)
      .send({ name: created.name, description: 'outra', requireTwoFactor: true })
      .expect(200);
    await admin
      .put(`/api/access-profiles/${created.id}/permissions`)
      .send({ permissions: [{ module: 'tasks', permission: 'read' }] })
      .expect(200);
    const user = await newUser(ctx);
    const [before] = await ctx.dataSource.query(`SELECT "accessProfileId" FROM users WHERE id = $1`, [user.id]);
    await admin
      .put(`/api/users/${user.id}`)
      .send({ name: 'Auditado', email: user.email, username: user.username, accessProfileId: created.id })
      .expect(200);
    await admin
      .put(`/api/users/${user.id}`)
      .send({ name: 'Auditado', email: user.email, username: user.username, accessProfileId: before.accessProfileId })
      .expect(200);
    await admin.delete(`/api/access-profiles/${created.id}`).expect(200);

    const rows = await ctx.dataSource.query(
      `SELECT "actorId", action, data FROM audit_log WHERE (entity = 'access_profile' AND "entityId" = $1) OR (action = 'user_profile_changed' AND "entityId" = $2) ORDER BY id`,
      [created.id, user.id],
    );
    expect(rows).toEqual([
      { actorId: me.id, action: 'access_profile_created', data: { name: created.name, requireTwoFactor: false } },
      { actorId: me.id, action: 'access_profile_updated', data: { name: created.name, description: 'outra', requireTwoFactor: true } },
      {
        actorId: me.id,
        action: 'access_profile_permissions_saved',
        data: { permissions: [{ module: 'tasks', permission: 'read', additionalData: null }] },
      },
      { actorId: me.id, action: 'user_profile_changed', data: { from: before.accessProfileId, to: created.id } },
      { actorId: me.id, action: 'user_profile_changed', data: { from: created.id, to: before.accessProfileId } },
      { actorId: me.id, action: 'access_profile_deleted', data: {} },
    ]);
  });
});
