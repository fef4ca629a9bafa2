import { expectAll, matrixActors, runMatrix, type MatrixActors, type MatrixRow } from './utils/matrix';
import { newUser, startTestApp, type TestContext, unique } from './utils/test-app';

/** Each endpoint × the three seeded profiles, a profile hiding everything, and no session. */
describe('authorization matrix (e2e)', () => {
  let ctx: TestContext;
  let actors: MatrixActors;
  let clientId: number;
  let backlogId: number;

  beforeAll(async () => {
    ctx = await startTestApp();
    actors = await matrixActors(ctx);
    [{ id: clientId }] = await ctx.dataSource.query(`INSERT INTO clients (name) VALUES ($1) RETURNING id`, [unique('Cliente ')]);
    [{ id: backlogId }] = await ctx.dataSource.query(`SELECT id FROM columns WHERE name = 'Backlog'`);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const pendingUser = async () => (await newUser(ctx, { approved: false })).id;
  const someUser = async () => (await newUser(ctx)).id;
  const customProfile = async () =>
    (await ctx.dataSource.query(`INSERT INTO access_profiles (name, description) VALUES ($1, 'perfil da matriz') RETURNING id`, [unique('M ')]))[0].id;
  /** A task assigned to every actor (so "assigned" rules let them through where their level allows). */
  const sharedTask = async () => {
    const [{ id }] = await ctx.dataSource.query(
      `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, position) VALUES ('Matriz', 'd', $1, $2, now() + interval '1 day', 1000) RETURNING id`,
      [clientId, backlogId],
    );
    for (const userId of Object.values(actors.ids)) await ctx.dataSource.query(`INSERT INTO task_assignees ("taskId", "userId") VALUES ($1, $2)`, [id, userId]);
    return id as number;
  };
  const taskBody = () => ({ title: 'Nova', description: 'd', clientId, deadline: new Date(Date.now() + 86400_000).toISOString() });
  const userBody = () => {
    const name = unique('m');
    return { username: name, email: `${name}@example.test`, password: 'secret123', name: 'Pessoa', accessProfileId: 3 };
  };

  const rows: MatrixRow[] = [
    // auth
    { method: 'get', path: () => '/api/auth/me', expect: expectAll('2xx') },
    { method: 'get', path: () => '/api/module-permissions', expect: expectAll('2xx') },
    // users
    { method: 'get', path: () => '/api/users', expect: expectAll('2xx') },
    { method: 'post', path: () => '/api/users', body: userBody, expect: expectAll(403, { admin: '2xx', gerente: 403 }) },
    { method: 'get', path: () => '/api/users/pending', expect: expectAll(403, { admin: '2xx', gerente: '2xx' }) },
    { method: 'get', path: async () => `/api/users/${await someUser()}`, expect: expectAll(403, { admin: '2xx', gerente: '2xx' }) },
    {
      method: 'put',
      path: async () => `/api/users/${await someUser()}`,
      body: () => ({ ...userBody(), password: undefined }),
      expect: expectAll(403, { admin: '2xx' }),
    },
    { method: 'put', path: async () => `/api/users/${await someUser()}/password`, body: () => ({ newPassword: 'abcdef', confirmPassword: 'abcdef' }), expect: expectAll(403, { admin: '2xx' }) },
    { method: 'post', path: async () => `/api/users/${await pendingUser()}/approve`, expect: expectAll(403, { admin: '2xx' }) },
    { method: 'post', path: async () => `/api/users/${await pendingUser()}/reject`, body: () => ({}), expect: expectAll(403, { admin: '2xx' }) },
    // profiles and permissions
    { method: 'get', path: () => '/api/access-profiles', expect: expectAll('2xx') },
    { method: 'post', path: () => '/api/access-profiles', body: () => ({ name: unique('P '), description: 'descrição' }), expect: expectAll(403, { admin: '2xx' }) },
    { method: 'get', path: () => '/api/access-profiles/3/permissions', expect: expectAll(403, { admin: '2xx', gerente: '2xx' }) },
    { method: 'put', path: async () => `/api/access-profiles/${await customProfile()}/permissions`, body: () => ({ permissions: [] }), expect: expectAll(403, { admin: '2xx' }) },
    { method: 'delete', path: async () => `/api/access-profiles/${await customProfile()}`, expect: expectAll(403, { admin: '2xx' }) },
    {
      method: 'post',
      path: () => '/api/module-permissions',
      body: async () => ({ profileId: await customProfile(), module: 'chat', permission: 'read' }),
      expect: expectAll(403, { admin: '2xx' }),
    },
    // board
    { method: 'get', path: () => '/api/columns', expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'post', path: () => '/api/columns', body: () => ({ name: unique('Lista ') }), expect: expectAll(403, { admin: '2xx' }) },
    { method: 'get', path: () => '/api/tasks', expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'post', path: () => '/api/tasks', body: taskBody, expect: expectAll(403, { admin: '2xx', gerente: '2xx' }) },
    { method: 'get', path: async () => `/api/tasks/${await sharedTask()}`, expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'put', path: async () => `/api/tasks/${await sharedTask()}`, body: () => ({ title: 'Editada' }), expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'put', path: async () => `/api/tasks/${await sharedTask()}/move`, body: () => ({ columnId: backlogId, position: 1 }), expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'get', path: async () => `/api/tasks/${await sharedTask()}/history`, expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'post', path: async () => `/api/tasks/${await sharedTask()}/comments`, body: () => ({ content: 'oi' }), expect: expectAll('2xx', { hidden: 403 }) },
    // timer
    { method: 'get', path: () => '/api/time-entries/active', expect: expectAll('2xx') },
    { method: 'get', path: () => '/api/time-entries/admin?period=all', expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'get', path: async () => `/api/tasks/${await sharedTask()}/total-time`, expect: expectAll('2xx', { hidden: 403 }) },
    { method: 'get', path: async () => `/api/time-entries/task/${await sharedTask()}`, expect: expectAll('2xx', { hidden: 403 }) },
    // notifications and admin e-mail tools
    { method: 'get', path: () => '/api/notifications', expect: expectAll('2xx') },
    { method: 'get', path: () => '/api/notifications/preferences', expect: expectAll('2xx') },
    { method: 'put', path: () => '/api/notifications/mark-all-read', expect: expectAll('2xx') },
    { method: 'post', path: () => '/api/notifications/test', expect: expectAll(403, { admin: '2xx' }) },
    { method: 'get', path: () => '/api/admin/email-status', expect: expectAll(403, { admin: '2xx' }) },
    { method: 'get', path: () => '/api/admin/email-queue', expect: expectAll(403, { admin: '2xx' }) },
    { method: 'get', path: () => '/api/admin/email-queue/stats', expect: expectAll(403, { admin: '2xx' }) },
    { method: 'post', path: () => '/api/admin/test-email', body: () => ({ to: 'matriz@example.test' }), expect: expectAll(403, { admin: '2xx' }) },
    { method: 'get', path: () => '/api/admin/queues', expect: expectAll(403, { admin: '2xx' }) },
  ];

  it('answers each actor as the permission rules say', async () => {
    expect(await runMatrix(ctx, actors, rows)).toEqual([]);
  });
});
