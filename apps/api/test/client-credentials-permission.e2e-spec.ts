import { MODULES } from '@wkflow/contracts';
import { NOT_ALLOWED } from '../src/platform/access/access.guard';
import { ClientCredentialsPermission1795880000000 } from '../src/platform/database/migrations/1795880000000-ClientCredentialsPermission';
import { newProfile } from './factories';
import { startIsolatedApp } from './utils/isolated-app';
import { openSocket, sessionCookie, wsUrl } from './utils/realtime';
import { createProfile, loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAsAdmin>>;

/**
 * Issue 37, item 11: anyone with clients read saw every client's tools, URLs, logins and notes in
 * 'Senhas & Acessos'. They now follow a permission of their own (client_credentials, under
 * Clientes): the default profiles keep what they had, and a profile with it hidden still sees the
 * clients but none of their credentials.
 */
describe("'Senhas & Acessos' follows its own permission (e2e)", () => {
  let ctx: TestContext;
  let admin: Agent;
  let clientId: number;
  let credentialId: number;
  const secret = {
    toolName: unique('Ferramenta '),
    url: 'https://painel.example.com.br',
    username: unique('login.'),
    password: 'S3nha-secreta!',
  };

  /** Every permission as hidden except the given ones, as the permissions panel saves a profile. */
  const profileWith = (levels: Record<string, string>) =>
    createProfile(
      admin,
      MODULES.map((module) => ({ module, permission: levels[module] ?? 'hidden', additionalData: null })),
      'Freelancer ',
    );
  const userOn = async (profileId: number) => {
    const user = await newUser(ctx, { profileId });
    return { user, agent: await loginAs(ctx, user.email, user.password) };
  };

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    clientId = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Cliente ') })
        .expect(201)
    ).body.id;
    credentialId = (await admin.post(`/api/clients/${clientId}/access`).send(secret).expect(201)).body.id;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const credentialCalls = (agent: Agent) =>
    [
      ['GET .../access', () => agent.get(`/api/clients/${clientId}/access`)],
      ['POST .../access', () => agent.post(`/api/clients/${clientId}/access`).send({ ...secret, toolName: 'Outra' })],
      ['PATCH .../access/:id', () => agent.patch(`/api/clients/${clientId}/access/${credentialId}`).send({ observations: 'x' })],
      ['DELETE .../access/:id', () => agent.delete(`/api/clients/${clientId}/access/${credentialId}`)],
      ['POST .../access/:id/reveal', () => agent.post(`/api/clients/${clientId}/access/${credentialId}/reveal`)],
    ] as const;

  it.each([
    ['read', 'read'],
    ['write', 'write'],
  ])('a profile with clients %s and Senhas & Acessos hidden sees the client, never its credentials', async (clients) => {
    const { agent } = await userOn(await profileWith({ clients, client_credentials: 'hidden' }));
    for (const [name, call] of credentialCalls(agent)) {
      const response = await call();
      expect({ name, status: response.status, body: response.body }).toEqual({
        name,
        status: 403,
        body: { statusCode: 403, message: NOT_ALLOWED, error: 'Forbidden' },
      });
    }
    const detail = await agent.get(`/api/clients/${clientId}`).expect(200);
    const list = await agent.get('/api/clients').expect(200);
    for (const body of [detail.body, list.body]) {
      const text = JSON.stringify(body);
      for (const value of [secret.toolName, secret.username, secret.url, secret.password]) expect(text).not.toContain(value);
    }
    expect(Object.keys(detail.body)).not.toEqual(expect.arrayContaining(['credentials']));
    // The credential is untouched by the refused calls.
    const kept = await admin.get(`/api/clients/${clientId}/access`).expect(200);
    expect(kept.body).toEqual([expect.objectContaining({ id: credentialId, toolName: secret.toolName, observations: null })]);
  });

  it('the default profiles keep what they had: Gerente edits and reveals, Colaborador reads the masked list', async () => {
    const permissionOf = async (profileId: number) =>
      (await admin.get(`/api/access-profiles/${profileId}/permissions`).expect(200)).body.find(
        (p: { module: string }) => p.module === 'client_credentials',
      )?.permission;
    expect(await permissionOf(2)).toBe('write');
    expect(await permissionOf(3)).toBe('read');

    const { agent: manager } = await userOn(2);
    const created = await manager
      .post(`/api/clients/${clientId}/access`)
      .send({ ...secret, toolName: 'Do gerente' })
      .expect(201);
    await manager.patch(`/api/clients/${clientId}/access/${created.body.id}`).send({ observations: 'ok' }).expect(200);
    expect((await manager.post(`/api/clients/${clientId}/access/${created.body.id}/reveal`).expect(200)).body).toEqual({
      password: secret.password,
    });

    const { agent: collaborator } = await userOn(3);
    const listed = await collaborator.get(`/api/clients/${clientId}/access`).expect(200);
    expect(listed.body.map((c: { toolName: string; password: string }) => [c.toolName, c.password])).toEqual(
      expect.arrayContaining([[secret.toolName, '••••••••']]),
    );
    await collaborator.post(`/api/clients/${clientId}/access/${credentialId}/reveal`).expect(403);
    await collaborator.post(`/api/clients/${clientId}/access`).send(secret).expect(403);

    await manager.delete(`/api/clients/${clientId}/access/${created.body.id}`).expect(200);
  });

  it('hiding it on a profile takes effect at once for its signed-in users, and showing it again restores access', async () => {
    const profileId = await profileWith({ clients: 'read', client_credentials: 'read' });
    const { agent } = await userOn(profileId);
    await agent.get(`/api/clients/${clientId}/access`).expect(200);
    const save = (level: string) => {
      const levels: Record<string, string> = { clients: 'read', client_credentials: level };
      return admin
        .put(`/api/access-profiles/${profileId}/permissions`)
        .send({ permissions: MODULES.map((module) => ({ module, permission: levels[module] ?? 'hidden' })) })
        .expect(200);
    };
    await save('hidden');
    await agent.get(`/api/clients/${clientId}/access`).expect(403);
    await agent.get(`/api/clients/${clientId}`).expect(200);
    await save('read');
    await agent.get(`/api/clients/${clientId}/access`).expect(200);
  });

  it('credentials may not exceed the clients permission: write on them under clients read only lists', async () => {
    const { agent } = await userOn(await profileWith({ clients: 'read', client_credentials: 'write' }));
    await agent.get(`/api/clients/${clientId}/access`).expect(200);
    await agent.post(`/api/clients/${clientId}/access/${credentialId}/reveal`).expect(403);
    await agent.patch(`/api/clients/${clientId}/access/${credentialId}`).send({ observations: 'x' }).expect(403);
  });

  it('/ws sends nothing about credentials to a user who may not see them', async () => {
    const profileId = await profileWith({ clients: 'read', client_credentials: 'hidden', tasks: 'read', chat: 'write' });
    const { user } = await userOn(profileId);
    const socket = await openSocket(await wsUrl(ctx), await sessionCookie(ctx, user.email, user.password));
    const frames: string[] = [];
    socket.ws.on('message', (data) => frames.push(String(data)));
    try {
      const changed = { toolName: unique('Nova ferramenta '), username: unique('novo.login.') };
      const created = await admin
        .post(`/api/clients/${clientId}/access`)
        .send({ ...secret, ...changed })
        .expect(201);
      await admin.patch(`/api/clients/${clientId}/access/${created.body.id}`).send({ observations: 'senha do cofre' }).expect(200);
      await admin.post(`/api/clients/${clientId}/access/${created.body.id}/reveal`).expect(200);
      await admin.delete(`/api/clients/${clientId}/access/${created.body.id}`).expect(200);
      // A change this user does get, so the socket is known to deliver before we look.
      await admin
        .post('/api/chat/rooms')
        .send({ name: unique('Sala ') })
        .expect(201);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const everything = frames.join('\n');
      for (const value of [changed.toolName, changed.username, secret.password, 'senha do cofre', secret.url])
        expect(everything).not.toContain(value);
    } finally {
      await socket.close();
    }
  });
});

describe('the ClientCredentialsPermission migration (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  beforeAll(async () => {
    ctx = await startIsolatedApp('credentialspermission');
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('gives every existing profile the credentials level its clients permission has', async () => {
    const migration = new ClientCredentialsPermission1795880000000();
    const runner = ctx.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      // Profiles as they were before the permission existed.
      const profile = (clients: string | null) =>
        newProfile(ctx, clients ? { clients } : {}, { name: unique('Antigo '), description: 'antigo' });
      const writer = await profile('write');
      const reader = await profile('read');
      const hidden = await profile('hidden');
      const none = await profile(null);
      await migration.up(runner);
      const rows = await ctx.dataSource.query(
        `SELECT "profileId", permission FROM module_permissions WHERE module = 'client_credentials' AND "profileId" = ANY($1::int[]) ORDER BY "profileId"`,
        [[2, 3, writer, reader, hidden, none]],
      );
      expect(rows).toEqual([
        { profileId: 2, permission: 'write' },
        { profileId: 3, permission: 'read' },
        { profileId: writer, permission: 'write' },
        { profileId: reader, permission: 'read' },
        { profileId: hidden, permission: 'hidden' },
      ]);
      // A reader on a migrated profile still lists the credentials, and a writer still reveals them.
      const admin = await loginAsAdmin(ctx);
      const client = (
        await admin
          .post('/api/clients')
          .send({ name: unique('Cliente ') })
          .expect(201)
      ).body;
      const credential = (
        await admin
          .post(`/api/clients/${client.id}/access`)
          .send({ toolName: 'Site', url: 'https://site.com.br', username: 'u', password: 'p' })
          .expect(201)
      ).body;
      const readerUser = await newUser(ctx, { profileId: reader });
      await (await loginAs(ctx, readerUser.email, readerUser.password)).get(`/api/clients/${client.id}/access`).expect(200);
      const writerUser = await newUser(ctx, { profileId: writer });
      await (
        await loginAs(ctx, writerUser.email, writerUser.password)
      )
        .post(`/api/clients/${client.id}/access/${credential.id}/reveal`)
        .expect(200);
      // Running it again changes nothing.
      const count = async () =>
        (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM module_permissions WHERE module = 'client_credentials'`))[0].n;
      const before = await count();
      await migration.up(runner);
      expect(await count()).toBe(before);
    } finally {
      await runner.release();
    }
  });
});
