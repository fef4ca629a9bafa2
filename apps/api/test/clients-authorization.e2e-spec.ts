import type request from 'supertest';
import { newProfile } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;
type Need = 'clients:read' | 'clients:write' | 'credentials:read' | 'credentials:write' | 'chat:read' | 'chat:write';

interface Fixtures {
  clientId: number;
  credentialId: number;
  processId: number;
  stepId: number;
  roomId: number;
}

interface Row {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => Record<string, unknown>;
  need: Need;
}

const MISSING = 2147483647;

/**
 * Who may call each clients, onboarding and chat endpoint (extended.md §6; onboarding follows the
 * clients module: read to view, write to start and update; 'Senhas & Acessos' follows its own
 * client_credentials permission, never beyond clients': read to list, write to change and to reveal
 * a password; marking a room read needs chat read). Allowed callers must get past the guard (no 401/403, no 5xx);
 * the rest get 403, and anonymous callers 401.
 */
const ROWS: Row[] = [
  { method: 'get', path: () => '/api/clients', need: 'clients:read' },
  { method: 'post', path: () => '/api/clients', body: () => ({ name: unique('Matriz ') }), need: 'clients:write' },
  { method: 'get', path: (f) => `/api/clients/${f.clientId}`, need: 'clients:read' },
  { method: 'patch', path: (f) => `/api/clients/${f.clientId}`, body: () => ({ description: 'matriz' }), need: 'clients:write' },
  { method: 'delete', path: () => `/api/clients/${MISSING}`, need: 'clients:write' },
  { method: 'post', path: (f) => `/api/clients/${f.clientId}/logo`, need: 'clients:write' },
  { method: 'get', path: (f) => `/api/clients/${f.clientId}/logo`, need: 'clients:read' },
  { method: 'delete', path: () => `/api/clients/${MISSING}/logo`, need: 'clients:write' },
  { method: 'get', path: (f) => `/api/clients/${f.clientId}/access`, need: 'credentials:read' },
  {
    method: 'post',
    path: (f) => `/api/clients/${f.clientId}/access`,
    body: () => ({ toolName: 'Matriz', url: 'https://matriz.com.br', username: 'm', password: 'p' }),
    need: 'credentials:write',
  },
  {
    method: 'patch',
    path: (f) => `/api/clients/${f.clientId}/access/${f.credentialId}`,
    body: () => ({ observations: 'matriz' }),
    need: 'credentials:write',
  },
  { method: 'delete', path: (f) => `/api/clients/${f.clientId}/access/${MISSING}`, need: 'credentials:write' },
  { method: 'post', path: (f) => `/api/clients/${f.clientId}/access/${f.credentialId}/reveal`, need: 'credentials:write' },
  { method: 'get', path: () => '/api/onboarding', need: 'clients:read' },
  { method: 'post', path: () => '/api/onboarding', body: (f) => ({ clientId: f.clientId }), need: 'clients:write' },
  { method: 'get', path: (f) => `/api/onboarding/${f.processId}/steps`, need: 'clients:read' },
  {
    method: 'put',
    path: (f) => `/api/onboarding/${f.processId}/steps/${f.stepId}`,
    body: () => ({ status: 'in_progress' }),
    need: 'clients:write',
  },
  { method: 'get', path: () => '/api/chat/rooms', need: 'chat:read' },
  { method: 'post', path: () => '/api/chat/rooms', body: () => ({ name: unique('Matriz ') }), need: 'chat:write' },
  { method: 'get', path: (f) => `/api/chat/rooms/${f.roomId}/messages`, need: 'chat:read' },
  { method: 'post', path: (f) => `/api/chat/rooms/${f.roomId}/messages`, body: () => ({ message: 'matriz' }), need: 'chat:write' },
  { method: 'put', path: (f) => `/api/chat/rooms/${f.roomId}/read`, need: 'chat:read' },
];

/** The callers, with what their profile grants. */
const ROLES: { name: string; grants: Need[] }[] = [
  {
    name: 'Administrador (perfil 1)',
    grants: ['clients:read', 'clients:write', 'credentials:read', 'credentials:write', 'chat:read', 'chat:write'],
  },
  {
    name: 'Gerente (perfil 2)',
    grants: ['clients:read', 'clients:write', 'credentials:read', 'credentials:write', 'chat:read', 'chat:write'],
  },
  { name: 'Colaborador (perfil 3)', grants: ['clients:read', 'credentials:read', 'chat:read', 'chat:write'] },
  { name: 'perfil com chat read, clientes ocultos', grants: ['chat:read'] },
  { name: 'perfil sem acesso (clientes e chat ocultos)', grants: [] },
  { name: 'perfil com clientes read, Senhas & Acessos ocultos', grants: ['clients:read'] },
  { name: 'perfil com clientes write, Senhas & Acessos ocultos', grants: ['clients:read', 'clients:write'] },
  { name: 'perfil com clientes write, Senhas & Acessos read', grants: ['clients:read', 'clients:write', 'credentials:read'] },
  { name: 'perfil com clientes read, Senhas & Acessos write', grants: ['clients:read', 'credentials:read'] },
];

describe('clients, onboarding and chat authorization (e2e)', () => {
  let ctx: TestContext;
  let fixtures: Fixtures;
  const agents = new Map<string, Agent>();

  beforeAll(async () => {
    ctx = await startTestApp();
    const admin = await loginAsAdmin(ctx);
    agents.set(ROLES[0].name, admin);
    for (const [index, profileId] of [
      [1, 2],
      [2, 3],
    ]) {
      const user = await newUser(ctx, { profileId });
      agents.set(ROLES[index].name, await loginAs(ctx, user.email, user.password));
    }
    const chatReader = await newUser(ctx, {
      profileId: await customProfile(ctx, [
        ['chat', 'read'],
        ['clients', 'hidden'],
      ]),
    });
    agents.set(ROLES[3].name, await loginAs(ctx, chatReader.email, chatReader.password));
    const nobody = await newUser(ctx, {
      profileId: await customProfile(ctx, [
        ['chat', 'hidden'],
        ['clients', 'hidden'],
      ]),
    });
    agents.set(ROLES[4].name, await loginAs(ctx, nobody.email, nobody.password));
    const credentialProfiles: [string, string][] = [
      ['read', 'hidden'],
      ['write', 'hidden'],
      ['write', 'read'],
      ['read', 'write'],
    ];
    for (const [offset, [clients, credentials]] of credentialProfiles.entries()) {
      const user = await newUser(ctx, {
        profileId: await customProfile(ctx, [
          ['clients', clients],
          ['client_credentials', credentials],
          ['chat', 'hidden'],
        ]),
      });
      agents.set(ROLES[5 + offset].name, await loginAs(ctx, user.email, user.password));
    }

    const client = await admin
      .post('/api/clients')
      .send({ name: unique('Cliente matriz ') })
      .expect(201);
    const credential = await admin
      .post(`/api/clients/${client.body.id}/access`)
      .send({ toolName: 'Site', url: 'https://site.com.br', username: 'u', password: 'p' })
      .expect(201);
    const process = await admin.post('/api/onboarding').send({ clientId: client.body.id }).expect(201);
    const steps = await admin.get(`/api/onboarding/${process.body.id}/steps`).expect(200);
    const room = await admin
      .post('/api/chat/rooms')
      .send({ name: unique('Sala matriz ') })
      .expect(201);
    fixtures = {
      clientId: client.body.id,
      credentialId: credential.body.id,
      processId: process.body.id,
      stepId: steps.body[0].id,
      roomId: room.body.id,
    };
  });

  afterAll(async () => {
    await ctx.app.close();
  });

  const send = (agent: Agent | ReturnType<typeof request>, row: Row) => {
    const call = agent[row.method](row.path(fixtures));
    return row.body ? call.send(row.body(fixtures)) : call;
  };
  const label = (row: Row) =>
    `${row.method.toUpperCase()} ${row.path({ clientId: 1, credentialId: 2, processId: 3, stepId: 4, roomId: 5 })} (${row.need})`;

  it.each(ROWS.map((row) => [label(row), row] as const))('%s: anonymous gets 401', async (_label, row) => {
    const response = await send(ctx.http, row);
    expect(response.status).toBe(401);
  });

  for (const role of ROLES) {
    it.each(ROWS.map((row) => [label(row), row] as const))(`%s: ${role.name}`, async (_label, row) => {
      const response = await send(agents.get(role.name)!, row);
      if (role.grants.includes(row.need)) {
        expect([401, 403]).not.toContain(response.status);
        expect(response.status).toBeLessThan(500);
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ statusCode: 403, message: expect.any(String), error: 'Forbidden' });
      }
    });
  }
});

function customProfile(ctx: TestContext, permissions: [string, string][]): Promise<number> {
  return newProfile(ctx, Object.fromEntries(permissions), { name: unique('Perfil matriz '), description: 'Perfil de teste da matriz' });
}
