import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type request from 'supertest';
import { CLIENT_MESSAGES, LOGO_MAX_BYTES, MASKED_PASSWORD } from '@wkflow/contracts';
import { decrypt, encrypt } from '../src/platform/crypto/credentials-cipher';
import { rotateCredentialsKey } from '../src/clients/rotate-credentials-key';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

const KEY = randomBytes(32);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  randomBytes(64),
  Buffer.from([0xff, 0xd9]),
]);

describe('clients (e2e)', () => {
  let ctx: TestContext;
  let uploadDir: string;
  let manager: Agent;
  let collaborator: Agent;

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'wkflow-logos-'));
    ctx = await startTestApp({ CREDENTIALS_KEY: KEY.toString('hex'), UPLOAD_DIR: uploadDir });
    const managerUser = await newUser(ctx, { profileId: 2 });
    manager = await loginAs(ctx, managerUser.email, managerUser.password);
    const collaboratorUser = await newUser(ctx, { profileId: 3 });
    collaborator = await loginAs(ctx, collaboratorUser.email, collaboratorUser.password);
  });

  afterAll(async () => {
    await ctx.app.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function newClient(body: Record<string, unknown> = {}) {
    const response = await manager
      .post('/api/clients')
      .send({ name: unique('Cliente '), ...body })
      .expect(201);
    return response.body as { id: number; name: string } & Record<string, unknown>;
  }

  async function clientCount(): Promise<number> {
    const [{ count }] = await ctx.dataSource.query(`SELECT count(*)::int AS count FROM clients`);
    return count;
  }

  describe('client records', () => {
    it('creates with defaults, lists by name, reads, updates partially and deletes', async () => {
      const suffix = unique('');
      const zeta = await manager
        .post('/api/clients')
        .send({ name: `Zeta ${suffix}` })
        .expect(201);
      expect(zeta.body).toEqual({
        id: expect.any(Number),
        name: `Zeta ${suffix}`,
        email: null,
        phone: null,
        cnpj: null,
        address: null,
        website: null,
        description: null,
        color: '#6b7280',
        social_media: {},
        logoUrl: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        hourlyRate: null, // the manager has clients write
      });
      const alpha = await manager
        .post('/api/clients')
        .send({
          name: `  Alpha ${suffix}  `,
          email: 'contato@alpha.com.br',
          phone: '(11) 9999-0000',
          cnpj: '12.345.678/0001-90',
          address: 'Rua A, 1',
          website: 'alpha.com.br',
          description: 'Cliente de teste',
          color: '#3B82F6',
          social_media: { instagram: 'https://instagram.com/alpha', facebook: '' },
        })
        .expect(201);
      expect(alpha.body).toMatchObject({
        name: `Alpha ${suffix}`,
        email: 'contato@alpha.com.br',
        website: 'https://alpha.com.br',
        color: '#3B82F6',
        social_media: { instagram: 'https://instagram.com/alpha' },
      });

      const list = await collaborator.get('/api/clients').expect(200);
      const names: string[] = list.body.map((c: { name: string }) => c.name);
      expect(names.indexOf(`Alpha ${suffix}`)).toBeLessThan(names.indexOf(`Zeta ${suffix}`));

      await collaborator.get(`/api/clients/${alpha.body.id}`).expect(200);

      const patched = await manager
        .patch(`/api/clients/${alpha.body.id}`)
        .send({ phone: '', description: null, color: '#abc' })
        .expect(200);
      expect(patched.body).toMatchObject({
        name: `Alpha ${suffix}`,
        email: 'contato@alpha.com.br',
        phone: null,
        description: null,
        color: '#abc',
      });

      await manager.delete(`/api/clients/${zeta.body.id}`).expect(200);
      await manager.get(`/api/clients/${zeta.body.id}`).expect(404);
      const missing = await manager.delete(`/api/clients/${zeta.body.id}`).expect(404);
      expect(missing.body.message).toBe('Cliente não encontrado');
    });

    it.each(
      (
        [
          [{ name: 'A' }, CLIENT_MESSAGES.nameMin],
          [{ name: '   ' }, CLIENT_MESSAGES.nameMin],
          [{}, CLIENT_MESSAGES.nameMin],
          [{ name: 42 }, CLIENT_MESSAGES.nameMin],
          [{ name: 'x'.repeat(121) }, 'Nome deve ter no máximo 120 caracteres'],
          [{ name: 'Cliente Ok', email: 'não-é-email' }, CLIENT_MESSAGES.email],
          [{ name: 'Cliente Ok', email: 'a@b' }, CLIENT_MESSAGES.email],
          [{ name: 'Cliente Ok', color: '#12' }, CLIENT_MESSAGES.color],
          [{ name: 'Cliente Ok', color: 'red' }, CLIENT_MESSAGES.color],
          [{ name: 'Cliente Ok', color: '#ggg' }, CLIENT_MESSAGES.color],
          [{ name: 'Cliente Ok', color: '#1234567' }, CLIENT_MESSAGES.color],
          [{ name: 'Cliente Ok', color: null }, CLIENT_MESSAGES.color],
          [{ name: 'Cliente Ok', website: 'não é um site' }, 'Site inválido'],
          [{ name: 'Cliente Ok', website: 'ftp://arquivos.com.br' }, 'Site inválido'],
          [{ name: 'Cliente Ok', phone: 'x'.repeat(41) }, 'Telefone deve ter no máximo 40 caracteres'],
          [{ name: 'Cliente Ok', description: 'x'.repeat(5001) }, 'Descrição deve ter no máximo 5000 caracteres'],
          [{ name: 'Cliente Ok', social_media: 'instagram' }, 'social_media deve ser um objeto { rede: URL }'],
          [{ name: 'Cliente Ok', social_media: { myspace: 'https://myspace.com/x' } }, 'Rede social não suportada: myspace'],
          [{ name: 'Cliente Ok', id: 7 }, 'O campo id não é permitido'],
        ] as [Record<string, unknown>, string][]
      ).map(([body, message]) => [message, body] as const),
    )('refuses a client body with "%s" and writes nothing', async (message, body) => {
      const before = await clientCount();
      const response = await manager.post('/api/clients').send(body).expect(400);
      expect(response.body.message).toContain(message);
      expect(response.body.statusCode).toBe(400);
      expect(await clientCount()).toBe(before);
    });

    it('accepts an empty e-mail and #rgb / #rrggbb colours', async () => {
      const a = await newClient({ email: '', color: '#fff' });
      expect(a).toMatchObject({ email: null, color: '#fff' });
      const b = await newClient({ color: '#a1B2c3' });
      expect(b.color).toBe('#a1B2c3');
    });

    it('validates PATCH fields that are sent, and leaves the row as it was when refused', async () => {
      const client = await newClient({ email: 'antes@cliente.com.br' });
      for (const [body, message] of [
        [{ name: null }, CLIENT_MESSAGES.nameMin],
        [{ name: 'B' }, CLIENT_MESSAGES.nameMin],
        [{ email: 'errado' }, CLIENT_MESSAGES.email],
        [{ color: 'azul' }, CLIENT_MESSAGES.color],
        [{ color: null }, CLIENT_MESSAGES.color],
        [{ website: 'http://' }, 'Site inválido'],
        [{ createdAt: '2020-01-01' }, 'O campo createdAt não é permitido'],
      ] as const) {
        const response = await manager.patch(`/api/clients/${client.id}`).send(body).expect(400);
        expect(response.body.message).toContain(message);
      }
      const after = await manager.get(`/api/clients/${client.id}`).expect(200);
      expect(after.body).toMatchObject({ name: client.name, email: 'antes@cliente.com.br', color: '#6b7280' });
      // null clears an optional field
      const cleared = await manager.patch(`/api/clients/${client.id}`).send({ email: null }).expect(200);
      expect(cleared.body.email).toBeNull();
    });

    it('answers 400 for malformed ids and 404 for unknown ones', async () => {
      await manager.get('/api/clients/abc').expect(400);
      await manager.get('/api/clients/0').expect(400);
      await manager.get('/api/clients/99999999999').expect(400);
      const response = await manager.get('/api/clients/2147483647').expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: 'Cliente não encontrado', error: 'Not Found' });
      await manager.patch('/api/clients/2147483647').send({ name: 'Nome válido' }).expect(404);
    });
  });

  describe('social links', () => {
    it('sets, keeps, removes on a blank value and refuses other networks or bad URLs', async () => {
      const client = await newClient();
      const set = await manager
        .patch(`/api/clients/${client.id}`)
        .send({ social_media: { instagram: 'https://instagram.com/cliente', linkedin: 'linkedin.com/company/cliente', youtube: '' } })
        .expect(200);
      expect(set.body.social_media).toEqual({
        instagram: 'https://instagram.com/cliente',
        linkedin: 'https://linkedin.com/company/cliente',
      });

      // The social tab sends all six: blanks remove, the rest are set.
      const all = await manager
        .patch(`/api/clients/${client.id}`)
        .send({
          social_media: {
            instagram: '',
            facebook: 'https://facebook.com/cliente',
            linkedin: 'https://linkedin.com/company/cliente',
            youtube: '',
            twitter: '  ',
            tiktok: '',
          },
        })
        .expect(200);
      expect(all.body.social_media).toEqual({ facebook: 'https://facebook.com/cliente', linkedin: 'https://linkedin.com/company/cliente' });

      // Networks not sent keep their link.
      const partial = await manager
        .patch(`/api/clients/${client.id}`)
        .send({ social_media: { tiktok: 'https://tiktok.com/@cliente' } })
        .expect(200);
      expect(partial.body.social_media).toEqual({
        facebook: 'https://facebook.com/cliente',
        linkedin: 'https://linkedin.com/company/cliente',
        tiktok: 'https://tiktok.com/@cliente',
      });

      const unknown = await manager
        .patch(`/api/clients/${client.id}`)
        .send({ social_media: { orkut: 'https://orkut.com/x' } })
        .expect(400);
      expect(unknown.body.message).toContain('orkut');
      const badUrl = await manager
        .patch(`/api/clients/${client.id}`)
        .send({ social_media: { instagram: 'javascript:alert(1)' } })
        .expect(400);
      expect(badUrl.body.message).toBe('URL inválida para instagram');
      const notText = await manager
        .patch(`/api/clients/${client.id}`)
        .send({ social_media: { instagram: 12 } })
        .expect(400);
      expect(notText.body.message).toBe('URL inválida para instagram');

      const [row] = await ctx.dataSource.query(`SELECT "socialMedia" FROM clients WHERE id = $1`, [client.id]);
      expect(row.socialMedia).toEqual(partial.body.social_media);
    });

    it("turns an '@handle' into the network's profile URL, and refuses a handle with spaces", async () => {
      const client = await newClient();
      const set = await manager
        .patch(`/api/clients/${client.id}`)
        .send({ social_media: { instagram: '@pao.dourado', tiktok: '@paodourado', linkedin: 'paodourado' } })
        .expect(200);
      expect(set.body.social_media).toEqual({
        instagram: 'https://instagram.com/pao.dourado',
        tiktok: 'https://tiktok.com/@paodourado',
        linkedin: 'https://linkedin.com/company/paodourado',
      });
      const bad = await manager
        .patch(`/api/clients/${client.id}`)
        .send({ social_media: { instagram: '@pão dourado' } })
        .expect(400);
      expect(bad.body.message).toBe('URL inválida para instagram');
    });
  });

  describe('logo', () => {
    const logoFiles = () => (existsSync(join(uploadDir, 'logos')) ? readdirSync(join(uploadDir, 'logos')) : []);
    /** Uploads stream to UPLOAD_DIR/tmp; a refused or failed one leaves nothing there. */
    const tempFiles = () => (existsSync(join(uploadDir, 'tmp')) ? readdirSync(join(uploadDir, 'tmp')) : []);

    it('stores a PNG, serves it back, replaces it with a JPG and deletes it', async () => {
      const client = await newClient();
      await manager.get(`/api/clients/${client.id}/logo`).expect(404);

      const uploaded = await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' })
        .expect(201);
      expect(uploaded.body.logoUrl).toBe(`/api/clients/${client.id}/logo`);
      const [row] = await ctx.dataSource.query(`SELECT "logoFile" FROM clients WHERE id = $1`, [client.id]);
      expect(row.logoFile).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(logoFiles()).toContain(row.logoFile);
      expect(tempFiles()).toEqual([]);

      const served = await collaborator.get(uploaded.body.logoUrl).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
      await collaborator.get(uploaded.body.logoUrl).set('If-None-Match', served.headers.etag).expect(304);

      // A JPG sent as application/octet-stream is still recognised by its bytes, and replaces the PNG.
      await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', JPG, { filename: 'foto', contentType: 'application/octet-stream' })
        .expect(201);
      const [replaced] = await ctx.dataSource.query(`SELECT "logoFile" FROM clients WHERE id = $1`, [client.id]);
      expect(replaced.logoFile).toMatch(/\.jpg$/);
      expect(logoFiles()).not.toContain(row.logoFile);
      const jpg = await collaborator.get(`/api/clients/${client.id}/logo`).buffer(true).expect(200);
      expect(jpg.headers['content-type']).toBe('image/jpeg');

      const removed = await manager.delete(`/api/clients/${client.id}/logo`).expect(200);
      expect(removed.body.logoUrl).toBeNull();
      expect(logoFiles()).not.toContain(replaced.logoFile);
      await collaborator.get(`/api/clients/${client.id}/logo`).expect(404);
    });

    it('checks the bytes, not the name or declared type, and the size', async () => {
      const client = await newClient();
      const before = logoFiles().length;

      const fake = await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), { filename: 'logo.png', contentType: 'image/png' })
        .expect(400);
      expect(fake.body.message).toBe('O logo deve ser uma imagem PNG ou JPG');

      const gif = await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', Buffer.from('GIF89a0000000000'), { filename: 'logo.jpg', contentType: 'image/jpeg' })
        .expect(400);
      expect(gif.body.message).toBe('O logo deve ser uma imagem PNG ou JPG');

      const empty = await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', Buffer.alloc(0), { filename: 'logo.png', contentType: 'image/png' })
        .expect(400);
      expect(empty.body.statusCode).toBe(400);

      const tooBig = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
      const large = await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', tooBig, { filename: 'logo.png', contentType: 'image/png' });
      expect(large.status).toBe(413);
      expect(large.body.message).toBe('O logo deve ter no máximo 5MB');

      const wrongField = await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('logo', PNG, { filename: 'logo.png', contentType: 'image/png' })
        .expect(400);
      expect(wrongField.body.message).toContain('"file"');

      const none = await manager.post(`/api/clients/${client.id}/logo`).field('x', '1').expect(400);
      expect(none.body.message).toContain('"file"');

      await manager
        .post('/api/clients/2147483647/logo')
        .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' })
        .expect(404);
      await collaborator
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' })
        .expect(403);

      expect(logoFiles().length).toBe(before);
      expect(tempFiles()).toEqual([]);
      const [row] = await ctx.dataSource.query(`SELECT "logoFile" FROM clients WHERE id = $1`, [client.id]);
      expect(row.logoFile).toBeNull();
    });

    it('removes the logo file with the client', async () => {
      const client = await newClient();
      await manager
        .post(`/api/clients/${client.id}/logo`)
        .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' })
        .expect(201);
      const [row] = await ctx.dataSource.query(`SELECT "logoFile" FROM clients WHERE id = $1`, [client.id]);
      await manager.delete(`/api/clients/${client.id}`).expect(200);
      expect(logoFiles()).not.toContain(row.logoFile);
    });
  });

  describe('deleting a client that has linked records', () => {
    it('refuses with 409 while the client has tasks', async () => {
      const client = await newClient();
      const task = (
        await manager
          .post('/api/tasks')
          .send({
            title: unique('Tarefa '),
            description: 'd',
            clientId: client.id,
            deadline: new Date(Date.now() + 86400_000).toISOString(),
          })
          .expect(201)
      ).body;
      const response = await manager.delete(`/api/clients/${client.id}`).expect(409);
      expect(response.body).toEqual({ statusCode: 409, message: CLIENT_MESSAGES.hasTasks, error: 'Conflict' });
      await manager.get(`/api/clients/${client.id}`).expect(200);
      expect((await manager.get(`/api/tasks/${task.id}`).expect(200)).body).toMatchObject({ id: task.id, clientId: client.id });
    });

    it('maps a foreign-key refusal to 409 instead of a 500', async () => {
      // A foreign writer's stand-in table (plain SQL) referencing clients with ON DELETE RESTRICT, as tasks → clients is.
      const table = `fk_probe_${unique('').toLowerCase()}`;
      const client = await newClient();
      await ctx.dataSource.query(
        `CREATE TABLE "${table}" (id serial PRIMARY KEY, "clientId" int NOT NULL REFERENCES clients(id) ON DELETE RESTRICT)`,
      );
      try {
        await ctx.dataSource.query(`INSERT INTO "${table}" ("clientId") VALUES ($1)`, [client.id]);
        const response = await manager.delete(`/api/clients/${client.id}`).expect(409);
        expect(response.body.message).toBe('Cliente possui registros vinculados e não pode ser excluído');
        await manager.get(`/api/clients/${client.id}`).expect(200);
      } finally {
        await ctx.dataSource.query(`DROP TABLE "${table}"`);
      }
    });

    it('takes the client credentials and onboarding with it', async () => {
      const client = await newClient();
      await manager
        .post(`/api/clients/${client.id}/access`)
        .send({ toolName: 'Site', url: 'https://site.com.br', username: 'u', password: 'p' })
        .expect(201);
      await manager.post('/api/onboarding').send({ clientId: client.id }).expect(201);
      await manager.delete(`/api/clients/${client.id}`).expect(200);
      const [{ count }] = await ctx.dataSource.query(
        `SELECT (SELECT count(*) FROM client_credentials WHERE "clientId" = $1) + (SELECT count(*) FROM onboarding_processes WHERE "clientId" = $1) AS count`,
        [client.id],
      );
      expect(Number(count)).toBe(0);
    });
  });

  describe('credentials', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      toolName: 'Instagram',
      url: 'https://instagram.com',
      username: 'agencia.social',
      password: `Senha-${unique('')}!`,
      observations: 'Conta principal',
      ...overrides,
    });

    it('stores the password encrypted, lists it masked and reveals it on an explicit, audited call', async () => {
      const client = await newClient();
      const input = body();
      const created = await manager.post(`/api/clients/${client.id}/access`).send(input).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        clientId: client.id,
        toolName: 'Instagram',
        url: 'https://instagram.com',
        username: 'agencia.social',
        password: MASKED_PASSWORD,
        observations: 'Conta principal',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });

      // At rest: never the clear text, always v1:<iv>:<tag>:<ciphertext> that opens with the configured key.
      const [row] = await ctx.dataSource.query(`SELECT * FROM client_credentials WHERE id = $1`, [created.body.id]);
      expect(JSON.stringify(row)).not.toContain(input.password);
      expect(row.passwordEncrypted).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
      expect(decrypt(KEY, row.passwordEncrypted)).toBe(input.password);
      // A wrong key cannot decrypt it.
      expect(() => decrypt(randomBytes(32), row.passwordEncrypted)).toThrow();

      // Listed masked, to readers too.
      const list = await collaborator.get(`/api/clients/${client.id}/access`).expect(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0].password).toBe(MASKED_PASSWORD);
      expect(list.text).not.toContain(input.password);
      expect(list.text).not.toContain(row.passwordEncrypted);

      // Revealing needs clients write.
      await collaborator.post(`/api/clients/${client.id}/access/${created.body.id}/reveal`).expect(403);
      const auditBefore = await ctx.dataSource.query(
        `SELECT count(*)::int AS count FROM audit_log WHERE entity = 'client_credential' AND "entityId" = $1`,
        [created.body.id],
      );
      expect(auditBefore[0].count).toBe(0);

      const revealed = await manager.post(`/api/clients/${client.id}/access/${created.body.id}/reveal`).expect(200);
      expect(revealed.body).toEqual({ password: input.password });
      const audit = await ctx.dataSource.query(`SELECT * FROM audit_log WHERE entity = 'client_credential' AND "entityId" = $1`, [
        created.body.id,
      ]);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'credential_revealed', data: { clientId: client.id, toolName: 'Instagram' } });
      expect(audit[0].actorId).toEqual(expect.any(Number));
      expect(JSON.stringify(audit[0])).not.toContain(input.password);

      // The credential must belong to the client in the path.
      const other = await newClient();
      await manager.post(`/api/clients/${other.id}/access/${created.body.id}/reveal`).expect(404);
    });

    it.each(
      (
        [
          [{ toolName: undefined }, CLIENT_MESSAGES.toolName],
          [{ toolName: '   ' }, CLIENT_MESSAGES.toolName],
          [{ url: undefined }, CLIENT_MESSAGES.url],
          [{ url: 'not a url' }, CLIENT_MESSAGES.url],
          [{ url: 'mailto:a@b.com' }, CLIENT_MESSAGES.url],
          [{ username: undefined }, CLIENT_MESSAGES.username],
          [{ username: '' }, CLIENT_MESSAGES.username],
          [{ password: undefined }, CLIENT_MESSAGES.password],
          [{ password: '' }, CLIENT_MESSAGES.password],
          [{ password: '   ' }, CLIENT_MESSAGES.password],
          [{ observations: 'x'.repeat(2001) }, 'Observações devem ter no máximo 2000 caracteres'],
        ] as [Record<string, unknown>, string][]
      ).map(([overrides, message]) => [message, overrides] as const),
    )('refuses a credential with "%s" and writes nothing', async (message, overrides) => {
      const client = await newClient();
      const response = await manager.post(`/api/clients/${client.id}/access`).send(body(overrides)).expect(400);
      expect(response.body.message).toBe(message);
      const [{ count }] = await ctx.dataSource.query(`SELECT count(*)::int AS count FROM client_credentials WHERE "clientId" = $1`, [
        client.id,
      ]);
      expect(count).toBe(0);
    });

    it('updates partially: a password sent is re-encrypted, omitted or masked keeps the stored one', async () => {
      const client = await newClient();
      const input = body({ url: 'meta.com' });
      const created = await manager.post(`/api/clients/${client.id}/access`).send(input).expect(201);
      expect(created.body.url).toBe('https://meta.com');
      const id = created.body.id;
      const stored = async () =>
        (await ctx.dataSource.query(`SELECT "passwordEncrypted" FROM client_credentials WHERE id = $1`, [id]))[0].passwordEncrypted;
      const first = await stored();

      const renamed = await manager
        .patch(`/api/clients/${client.id}/access/${id}`)
        .send({ toolName: 'Meta Business', observations: '' })
        .expect(200);
      expect(renamed.body).toMatchObject({
        toolName: 'Meta Business',
        username: input.username,
        observations: null,
        password: MASKED_PASSWORD,
      });
      expect(await stored()).toBe(first);

      await manager
        .patch(`/api/clients/${client.id}/access/${id}`)
        .send({ password: MASKED_PASSWORD, username: 'novo.usuario' })
        .expect(200);
      expect(await stored()).toBe(first);

      for (const [patch, message] of [
        [{ password: '' }, CLIENT_MESSAGES.password],
        [{ toolName: null }, CLIENT_MESSAGES.toolName],
        [{ url: 'x' }, CLIENT_MESSAGES.url],
        [{ username: '  ' }, CLIENT_MESSAGES.username],
      ] as const) {
        const refused = await manager.patch(`/api/clients/${client.id}/access/${id}`).send(patch).expect(400);
        expect(refused.body.message).toBe(message);
      }

      await manager.patch(`/api/clients/${client.id}/access/${id}`).send({ password: 'Nova senha 2!' }).expect(200);
      const second = await stored();
      expect(second).not.toBe(first);
      expect(second).not.toContain('Nova senha 2!');
      const revealed = await manager.post(`/api/clients/${client.id}/access/${id}/reveal`).expect(200);
      expect(revealed.body.password).toBe('Nova senha 2!');

      const other = await newClient();
      await manager.patch(`/api/clients/${other.id}/access/${id}`).send({ toolName: 'X' }).expect(404);
      await manager.delete(`/api/clients/${other.id}/access/${id}`).expect(404);
      await collaborator.patch(`/api/clients/${client.id}/access/${id}`).send({ toolName: 'X' }).expect(403);
      await collaborator.delete(`/api/clients/${client.id}/access/${id}`).expect(403);

      await manager.delete(`/api/clients/${client.id}/access/${id}`).expect(200);
      await manager.delete(`/api/clients/${client.id}/access/${id}`).expect(404);
      const list = await manager.get(`/api/clients/${client.id}/access`).expect(200);
      expect(list.body).toEqual([]);
    });

    it('answers 404 for the credentials of an unknown client', async () => {
      const list = await manager.get('/api/clients/2147483647/access').expect(404);
      expect(list.body.message).toBe('Cliente não encontrado');
      await manager.post('/api/clients/2147483647/access').send(body()).expect(404);
      await manager.get('/api/clients/abc/access').expect(400);
    });

    it('cannot reveal a password stored under another key', async () => {
      const client = await newClient();
      const created = await manager.post(`/api/clients/${client.id}/access`).send(body()).expect(201);
      const other = await startTestApp({ CREDENTIALS_KEY: randomBytes(32).toString('base64'), UPLOAD_DIR: uploadDir });
      try {
        const agent = await loginAsAdmin(other);
        const response = await agent.post(`/api/clients/${client.id}/access/${created.body.id}/reveal`).expect(500);
        expect(response.body.message).toContain('CREDENTIALS_KEY');
        const audit = await ctx.dataSource.query(`SELECT 1 FROM audit_log WHERE entity = 'client_credential' AND "entityId" = $1`, [
          created.body.id,
        ]);
        expect(audit).toHaveLength(0);
      } finally {
        await other.app.close();
      }
    });

    it('rotates every stored password and second-factor secret to a new key in one transaction', async () => {
      const client = await newClient();
      const passwords = ['primeira', 'segunda'];
      for (const password of passwords) {
        await manager.post(`/api/clients/${client.id}/access`).send(body({ password })).expect(201);
      }
      const newKey = randomBytes(32);
      const runner = ctx.dataSource.createQueryRunner();
      await runner.startTransaction();
      try {
        // Plain SQL inside the rolled-back transaction, for states no factory writes.
        // Other suites' rows were written under other apps' random keys: keep only this client's.
        await runner.query(`DELETE FROM client_credentials WHERE "clientId" <> $1`, [client.id]);
        await runner.query(`DELETE FROM two_factor`);
        // A second-factor secret is under the same key and moves with the passwords.
        const [someone] = await runner.query(`SELECT id FROM users ORDER BY id LIMIT 1`);
        await runner.query(`INSERT INTO two_factor ("userId", secret, "enabledAt") VALUES ($1, $2, now())`, [
          someone.id,
          encrypt(KEY, 'SEGREDO'),
        ]);
        // One row already under the new key (a re-run after a partial rotation) is left as it is.
        await runner.query(
          `INSERT INTO client_credentials ("clientId", "toolName", url, username, "passwordEncrypted") VALUES ($1, 'Já girada', 'https://x.com', 'u', $2)`,
          [client.id, encrypt(newKey, 'terceira')],
        );
        const result = await rotateCredentialsKey(runner.manager, KEY, newKey);
        expect(result).toEqual({ rotated: 3, alreadyRotated: 1 });
        const [secret] = await runner.query(`SELECT secret FROM two_factor WHERE "userId" = $1`, [someone.id]);
        expect(decrypt(newKey, secret.secret)).toBe('SEGREDO');
        const rows: { passwordEncrypted: string }[] = await runner.query(`SELECT "passwordEncrypted" FROM client_credentials ORDER BY id`);
        expect(rows.map((r) => decrypt(newKey, r.passwordEncrypted))).toEqual([...passwords, 'terceira']);
        for (const row of rows) expect(() => decrypt(KEY, row.passwordEncrypted)).toThrow();

        // A row that opens with neither key (broken on purpose) stops the rotation.
        await runner.query(
          `INSERT INTO client_credentials ("clientId", "toolName", url, username, "passwordEncrypted") VALUES ($1, 'Outra chave', 'https://x.com', 'u', $2)`,
          [client.id, encrypt(randomBytes(32), 'quarta')],
        );
        await expect(rotateCredentialsKey(runner.manager, newKey, randomBytes(32))).rejects.toThrow(/não abre/);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });
  });
});
