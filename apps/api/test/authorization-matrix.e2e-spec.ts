import { expectAll, only, runMatrix, type MatrixEnv, type MatrixRow } from './utils/matrix';
import { ModulePermissionEntity } from '../src/users/module-permission.entity';
import { columnNamed, newClient, newProfile, newTask } from './factories';
import { newUser, unique } from './utils/test-app';

/**
 * Each endpoint × anonymous, the three seeded profiles (admin 1, gerente 2, colaborador 3), a
 * custom profile with every module hidden and Colaborador's profile with 'Senhas & Acessos' hidden
 * (noCredentials: it expects what colaborador does unless a row says otherwise). Later modules
 * append their rows below.
 * Seeded rights that matter here: gerente has users read and user_management read (no write);
 * colaborador has users and user_management hidden.
 */

const MISSING = 2_147_483_647;

let clientId: number;
let backlogId: number;

// ---------- builders: fresh targets per call, so mutations never share a victim ----------
const pendingUser = async ({ ctx }: MatrixEnv) => (await newUser(ctx, { approved: false })).id;
const someUser = async ({ ctx }: MatrixEnv) => (await newUser(ctx)).id;
const customProfile = ({ ctx }: MatrixEnv): Promise<number> => newProfile(ctx, {}, { name: unique('M '), description: 'perfil da matriz' });
/** The id of the one permission row (chat: read) of a new profile. */
const customPermission = async ({ ctx }: MatrixEnv): Promise<number> => {
  const profileId = await newProfile(ctx, { chat: 'read' }, { name: unique('M '), description: 'perfil da matriz' });
  return (await ctx.dataSource.getRepository(ModulePermissionEntity).findOneByOrFail({ profileId, module: 'chat' })).id;
};
const userBody = () => {
  const name = unique('m');
  return { username: name, email: `${name}@example.test`, password: 'secret123', name: 'Pessoa', accessProfileId: 3 };
};
const editBody = () => {
  const { password: _password, ...body } = userBody();
  return body;
};
/** A task assigned to every actor (so "assigned" rules let them through where their level allows). */
const sharedTask = async ({ ctx, actors }: MatrixEnv, isArchived = false): Promise<number> =>
  (
    await newTask(ctx, {
      title: 'Matriz',
      description: 'd',
      client: clientId,
      column: backlogId,
      deadline: new Date(Date.now() + 86400_000),
      assignees: Object.values(actors.ids),
      isArchived,
    })
  ).id;
/** The same, archived (for restore). */
const archivedSharedTask = (env: MatrixEnv): Promise<number> => sharedTask(env, true);
const taskBody = () => ({ title: 'Nova', description: 'd', clientId, deadline: new Date(Date.now() + 86400_000).toISOString() });

// ---------- auth ----------
const AUTH_ROWS: MatrixRow[] = [
  {
    name: 'POST /api/auth/register',
    method: 'post',
    path: () => '/api/auth/register',
    body: () => ({ ...userBody(), accessProfileId: undefined, role: 'collaborator' }),
    expect: expectAll('2xx', { anonymous: '2xx' }),
  },
  {
    name: 'POST /api/auth/login',
    method: 'post',
    path: () => '/api/auth/login',
    body: async ({ ctx }) => {
      const user = await newUser(ctx);
      return { email: user.email, password: user.password };
    },
    freshSession: true,
    expect: expectAll('2xx', { anonymous: '2xx' }),
  },
  {
    name: 'POST /api/auth/logout',
    method: 'post',
    path: () => '/api/auth/logout',
    freshSession: true,
    expect: expectAll('2xx', { anonymous: '2xx' }),
  },
  { name: 'GET /api/auth/me', method: 'get', path: () => '/api/auth/me', expect: expectAll('2xx') },
  {
    name: 'PUT /api/auth/profile',
    method: 'put',
    path: () => '/api/auth/profile',
    body: () => ({ name: 'Eu Mesmo', email: `${unique('eu')}@example.test` }),
    freshSession: true,
    expect: expectAll('2xx'),
  },
  {
    name: 'PUT /api/auth/change-password',
    method: 'put',
    path: () => '/api/auth/change-password',
    body: ({ self }) => ({ currentPassword: self?.password ?? 'secret123', newPassword: 'outra-senha' }),
    freshSession: true,
    expect: expectAll('2xx'),
  },
];

// ---------- users, approvals, profiles and permissions ----------
const USERS_ROWS: MatrixRow[] = [
  { name: 'GET /api/users', method: 'get', path: () => '/api/users', expect: expectAll('2xx') },
  {
    name: 'GET /api/users?includePending=true',
    method: 'get',
    path: () => '/api/users?includePending=true',
    expect: only(['admin', 'gerente']),
  },
  { name: 'POST /api/users', method: 'post', path: () => '/api/users', body: userBody, expect: only(['admin']) },
  { name: 'GET /api/users/pending', method: 'get', path: () => '/api/users/pending', expect: only(['admin', 'gerente']) },
  {
    name: 'GET /api/users/:id (another user)',
    method: 'get',
    path: async (env) => `/api/users/${await someUser(env)}`,
    expect: only(['admin', 'gerente']),
  },
  {
    name: 'GET /api/users/:id (oneself)',
    method: 'get',
    path: ({ actor, actors }) => `/api/users/${actor === 'anonymous' ? actors.ids.admin : actors.ids[actor]}`,
    expect: expectAll('2xx'),
  },
  { name: 'GET /api/users/:id (unknown)', method: 'get', path: () => `/api/users/${MISSING}`, expect: only(['admin', 'gerente'], 404) },
  {
    name: 'PUT /api/users/:id',
    method: 'put',
    path: async (env) => `/api/users/${await someUser(env)}`,
    body: editBody,
    expect: only(['admin']),
  },
  {
    name: 'PUT /api/users/:id (unknown)',
    method: 'put',
    path: () => `/api/users/${MISSING}`,
    body: editBody,
    expect: only(['admin'], 404),
  },
  {
    name: 'PUT /api/users/:id/password',
    method: 'put',
    path: async (env) => `/api/users/${await someUser(env)}/password`,
    body: () => ({ newPassword: 'abcdef12', confirmPassword: 'abcdef12' }),
    expect: only(['admin']),
  },
  {
    name: 'PUT /api/users/:id/password (unknown)',
    method: 'put',
    path: () => `/api/users/${MISSING}/password`,
    body: () => ({ newPassword: 'abcdef12', confirmPassword: 'abcdef12' }),
    expect: only(['admin'], 404),
  },
  {
    name: 'POST /api/users/:id/approve',
    method: 'post',
    path: async (env) => `/api/users/${await pendingUser(env)}/approve`,
    expect: only(['admin']),
  },
  {
    name: 'POST /api/users/:id/approve (unknown)',
    method: 'post',
    path: () => `/api/users/${MISSING}/approve`,
    expect: only(['admin'], 404),
  },
  {
    name: 'POST /api/users/:id/reject',
    method: 'post',
    path: async (env) => `/api/users/${await pendingUser(env)}/reject`,
    body: () => ({ reason: 'matriz' }),
    expect: only(['admin']),
  },
  {
    name: 'POST /api/users/:id/reject (unknown)',
    method: 'post',
    path: () => `/api/users/${MISSING}/reject`,
    body: () => ({}),
    expect: only(['admin'], 404),
  },

  { name: 'GET /api/access-profiles', method: 'get', path: () => '/api/access-profiles', expect: expectAll('2xx') },
  {
    name: 'POST /api/access-profiles',
    method: 'post',
    path: () => '/api/access-profiles',
    body: () => ({ name: unique('P '), description: 'descrição' }),
    expect: only(['admin']),
  },
  {
    name: 'PUT /api/access-profiles/:id',
    method: 'put',
    path: async (env) => `/api/access-profiles/${await customProfile(env)}`,
    body: () => ({ name: unique('R '), description: 'renomeado' }),
    expect: only(['admin']),
  },
  {
    name: 'PUT /api/access-profiles/:id (unknown)',
    method: 'put',
    path: () => `/api/access-profiles/${MISSING}`,
    body: () => ({ name: unique('R '), description: 'renomeado' }),
    expect: only(['admin'], 404),
  },
  {
    name: 'DELETE /api/access-profiles/:id',
    method: 'delete',
    path: async (env) => `/api/access-profiles/${await customProfile(env)}`,
    expect: only(['admin']),
  },
  {
    name: 'DELETE /api/access-profiles/:id (unknown)',
    method: 'delete',
    path: () => `/api/access-profiles/${MISSING}`,
    expect: only(['admin'], 404),
  },
  {
    name: 'GET /api/access-profiles/:id/permissions',
    method: 'get',
    path: () => '/api/access-profiles/3/permissions',
    expect: only(['admin', 'gerente']),
  },
  {
    name: 'GET /api/access-profiles/:id/permissions (unknown)',
    method: 'get',
    path: () => `/api/access-profiles/${MISSING}/permissions`,
    expect: only(['admin', 'gerente'], 404),
  },
  {
    name: 'PUT /api/access-profiles/:id/permissions',
    method: 'put',
    path: async (env) => `/api/access-profiles/${await customProfile(env)}/permissions`,
    body: () => ({ permissions: [{ module: 'chat', permission: 'read' }] }),
    expect: only(['admin']),
  },
  {
    name: 'PUT /api/access-profiles/:id/permissions (unknown)',
    method: 'put',
    path: () => `/api/access-profiles/${MISSING}/permissions`,
    body: () => ({ permissions: [] }),
    expect: only(['admin'], 404),
  },
  { name: 'GET /api/module-permissions', method: 'get', path: () => '/api/module-permissions', expect: expectAll('2xx') },
  {
    name: 'POST /api/module-permissions',
    method: 'post',
    path: () => '/api/module-permissions',
    body: async (env) => ({ profileId: await customProfile(env), module: 'chat', permission: 'read', additionalData: null }),
    expect: only(['admin']),
  },
  {
    name: 'POST /api/module-permissions (unknown profile)',
    method: 'post',
    path: () => '/api/module-permissions',
    body: () => ({ profileId: MISSING, module: 'chat', permission: 'read' }),
    expect: only(['admin'], 404),
  },
  {
    name: 'DELETE /api/module-permissions/:id',
    method: 'delete',
    path: async (env) => `/api/module-permissions/${await customPermission(env)}`,
    expect: only(['admin']),
  },
  {
    name: 'DELETE /api/module-permissions/:id (unknown)',
    method: 'delete',
    path: () => `/api/module-permissions/${MISSING}`,
    expect: only(['admin'], 404),
  },
];

// ---------- board ----------
const BOARD_ROWS: MatrixRow[] = [
  { name: 'GET /api/columns', method: 'get', path: () => '/api/columns', expect: expectAll('2xx', { hidden: 403 }) },
  {
    name: 'POST /api/columns',
    method: 'post',
    path: () => '/api/columns',
    body: () => ({ name: unique('Lista ') }),
    expect: only(['admin']),
  },
  { name: 'GET /api/tasks', method: 'get', path: () => '/api/tasks', expect: expectAll('2xx', { hidden: 403 }) },
  { name: 'POST /api/tasks', method: 'post', path: () => '/api/tasks', body: taskBody, expect: only(['admin', 'gerente']) },
  {
    name: 'GET /api/tasks/:id',
    method: 'get',
    path: async (env) => `/api/tasks/${await sharedTask(env)}`,
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'PUT /api/tasks/:id',
    method: 'put',
    path: async (env) => `/api/tasks/${await sharedTask(env)}`,
    body: () => ({ title: 'Editada' }),
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'PUT /api/tasks/:id/move',
    method: 'put',
    path: async (env) => `/api/tasks/${await sharedTask(env)}/move`,
    body: () => ({ columnId: backlogId, position: 1 }),
    expect: expectAll('2xx', { hidden: 403 }),
  },
  { name: 'GET /api/tasks/archived', method: 'get', path: () => '/api/tasks/archived', expect: expectAll('2xx', { hidden: 403 }) },
  {
    name: 'POST /api/tasks/:id/restore',
    method: 'post',
    path: async (env) => `/api/tasks/${await archivedSharedTask(env)}/restore`,
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'GET /api/tasks/:id/history',
    method: 'get',
    path: async (env) => `/api/tasks/${await sharedTask(env)}/history`,
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'POST /api/tasks/:id/comments',
    method: 'post',
    path: async (env) => `/api/tasks/${await sharedTask(env)}/comments`,
    body: () => ({ content: 'oi' }),
    expect: expectAll('2xx', { hidden: 403 }),
  },
];

// ---------- timer ----------
const TIMER_ROWS: MatrixRow[] = [
  { name: 'GET /api/time-entries/active', method: 'get', path: () => '/api/time-entries/active', expect: expectAll('2xx') },
  {
    name: 'GET /api/time-entries/admin',
    method: 'get',
    path: () => '/api/time-entries/admin?period=all',
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'GET /api/tasks/:id/total-time',
    method: 'get',
    path: async (env) => `/api/tasks/${await sharedTask(env)}/total-time`,
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    // Each call a fresh hour a few days back on a fresh task: no overlap between actors' calls.
    name: 'POST /api/time-entries (own time)',
    method: 'post',
    path: () => '/api/time-entries',
    body: async (env) => {
      const start = Date.now() - 3 * 86400_000 - Math.floor(Math.random() * 86400_000);
      return { taskId: await sharedTask(env), startTime: new Date(start).toISOString(), duration: 60 };
    },
    expect: expectAll('2xx', { hidden: 403 }),
  },
  { name: 'GET /api/time-tracking/lock', method: 'get', path: () => '/api/time-tracking/lock', expect: expectAll('2xx', { hidden: 403 }) },
  {
    name: 'PUT /api/time-tracking/lock',
    method: 'put',
    path: () => '/api/time-tracking/lock',
    body: () => ({ mode: 'none' }),
    expect: only(['admin', 'gerente']),
  },
  {
    name: 'GET /api/time-entries/task/:id',
    method: 'get',
    path: async (env) => `/api/time-entries/task/${await sharedTask(env)}`,
    expect: expectAll('2xx', { hidden: 403 }),
  },
  // Timesheets (issue 20): what each profile sees is tested in timesheets.e2e-spec.ts.
  {
    name: 'GET /api/time-entries/timesheet',
    method: 'get',
    path: () => '/api/time-entries/timesheet?period=all',
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'GET /api/time-entries/timesheet/options',
    method: 'get',
    path: () => '/api/time-entries/timesheet/options',
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'GET /api/time-entries/timesheet/export',
    method: 'get',
    path: () => '/api/time-entries/timesheet/export?format=csv&period=today',
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'GET /api/time-entries/my-week',
    method: 'get',
    path: () => '/api/time-entries/my-week',
    expect: expectAll('2xx', { hidden: 403 }),
  },
];

// ---------- client credentials ('Senhas & Acessos': client_credentials, under Clientes) ----------
/** A fresh credential on the matrix client, made by the administrator. */
const someCredential = async ({ actors }: MatrixEnv): Promise<number> =>
  (
    await actors.agents.admin
      .post(`/api/clients/${clientId}/access`)
      .send({ toolName: unique('Matriz '), url: 'https://matriz.com.br', username: 'm', password: 'p' })
  ).body.id;
const CREDENTIAL_ROWS: MatrixRow[] = [
  {
    name: 'GET /api/clients/:id (no credential data, seen without client_credentials)',
    method: 'get',
    path: () => `/api/clients/${clientId}`,
    expect: expectAll('2xx', { hidden: 403 }),
  },
  {
    name: 'GET /api/clients/:id/access',
    method: 'get',
    path: () => `/api/clients/${clientId}/access`,
    expect: expectAll('2xx', { hidden: 403, noCredentials: 403 }),
  },
  {
    name: 'POST /api/clients/:id/access',
    method: 'post',
    path: () => `/api/clients/${clientId}/access`,
    body: () => ({ toolName: unique('Matriz '), url: 'https://matriz.com.br', username: 'm', password: 'p' }),
    expect: only(['admin', 'gerente']),
  },
  {
    name: 'PATCH /api/clients/:id/access/:credentialId',
    method: 'patch',
    path: async (env) => `/api/clients/${clientId}/access/${await someCredential(env)}`,
    body: () => ({ observations: 'matriz' }),
    expect: only(['admin', 'gerente']),
  },
  {
    name: 'DELETE /api/clients/:id/access/:credentialId',
    method: 'delete',
    path: async (env) => `/api/clients/${clientId}/access/${await someCredential(env)}`,
    expect: only(['admin', 'gerente']),
  },
  {
    name: 'POST /api/clients/:id/access/:credentialId/reveal',
    method: 'post',
    path: async (env) => `/api/clients/${clientId}/access/${await someCredential(env)}/reveal`,
    expect: only(['admin', 'gerente']),
  },
];

// ---------- notifications and admin e-mail tools ----------
const NOTIFICATION_ROWS: MatrixRow[] = [
  { name: 'GET /api/notifications', method: 'get', path: () => '/api/notifications', expect: expectAll('2xx') },
  { name: 'GET /api/notifications/history', method: 'get', path: () => '/api/notifications/history', expect: expectAll('2xx') },
  { name: 'GET /api/notifications/preferences', method: 'get', path: () => '/api/notifications/preferences', expect: expectAll('2xx') },
  { name: 'PUT /api/notifications/mark-all-read', method: 'put', path: () => '/api/notifications/mark-all-read', expect: expectAll('2xx') },
  { name: 'POST /api/notifications/test', method: 'post', path: () => '/api/notifications/test', expect: only(['admin']) },
  { name: 'GET /api/admin/email-status', method: 'get', path: () => '/api/admin/email-status', expect: only(['admin']) },
  { name: 'GET /api/admin/email-queue', method: 'get', path: () => '/api/admin/email-queue', expect: only(['admin']) },
  { name: 'GET /api/admin/email-queue/stats', method: 'get', path: () => '/api/admin/email-queue/stats', expect: only(['admin']) },
  {
    name: 'POST /api/admin/test-email',
    method: 'post',
    path: () => '/api/admin/test-email',
    body: () => ({ to: 'matriz@example.test' }),
    expect: only(['admin']),
  },
  { name: 'GET /api/admin/queues', method: 'get', path: () => '/api/admin/queues', expect: only(['admin']) },
];

describe('authorization matrix (e2e)', () => {
  runMatrix([...AUTH_ROWS, ...USERS_ROWS, ...BOARD_ROWS, ...TIMER_ROWS, ...CREDENTIAL_ROWS, ...NOTIFICATION_ROWS], {
    setup: async (ctx) => {
      clientId = (await newClient(ctx)).id;
      backlogId = (await columnNamed(ctx, 'Backlog')).id;
    },
  });
});
