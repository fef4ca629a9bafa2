import request from 'supertest';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

describe('auth (e2e)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
  });

  afterAll(async () => {
    await ctx.app.close();
  });

  function registration() {
    const name = unique('reg');
    return { name: 'Nova Pessoa', username: name, email: `${name}@example.test`, password: 'secret123', role: 'manager' as const };
  }

  it('walks an account from registration to logout', async () => {
    const body = registration();
    const registered = await ctx.http.post('/api/auth/register').send(body).expect(201);
    expect(registered.body).toEqual({ message: 'Conta criada. Aguarde a aprovação de um administrador.' });
    const [stored] = await ctx.dataSource.query(
      `SELECT id, "isApproved", "accessProfileId", "requestedProfileId", role FROM users WHERE username = $1`,
      [body.username],
    );
    // The requested role is a hint: the account waits on Colaborador.
    expect(stored).toMatchObject({ isApproved: false, accessProfileId: 3, requestedProfileId: 2, role: 'collaborator' });

    // Pending: refused with a clear message and no cookie.
    const pending = await ctx.http.post('/api/auth/login').send({ email: body.email, password: body.password }).expect(403);
    expect(pending.body).toEqual({ statusCode: 403, message: expect.stringContaining('aprovação'), error: 'Forbidden' });
    expect(pending.headers['set-cookie']).toBeUndefined();

    // Nobody gains rights before approval; the approver grants the requested Gerente by naming it.
    await (await loginAsAdmin(ctx)).post(`/api/users/${stored.id}/approve`).send({ accessProfileId: 2 }).expect(200);

    const agent = request.agent(ctx.app.getHttpServer());
    const login = await agent.post('/api/auth/login').send({ email: body.email.toUpperCase(), password: body.password }).expect(200);
    const cookie = login.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^wkflow\.sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.user).toMatchObject({ username: body.username, email: body.email, role: 'manager', accessProfileId: 2 });
    // The web counts 'Vence em N dias' and the sidebar's days in the app's zone (issue 22 §10).
    expect(me.body.timeZone).toBe('America/Sao_Paulo');

    const updated = await agent
      .put('/api/auth/profile')
      .send({ name: 'Nome Novo', email: `novo.${body.email}` })
      .expect(200);
    expect(updated.body.user).toMatchObject({ name: 'Nome Novo', email: `novo.${body.email}` });

    const wrong = await agent.put('/api/auth/change-password').send({ currentPassword: 'not-it', newPassword: 'another123' }).expect(400);
    expect(wrong.body.message).toBe('Senha atual incorreta');
    await agent.put('/api/auth/change-password').send({ currentPassword: body.password, newPassword: 'another123' }).expect(200);
    await ctx.http
      .post('/api/auth/login')
      .send({ email: `novo.${body.email}`, password: body.password })
      .expect(401);

    await agent.post('/api/auth/logout').expect(200);
    await agent.get('/api/auth/me').expect(401);

    // The new password works.
    await ctx.http
      .post('/api/auth/login')
      .send({ email: `novo.${body.email}`, password: 'another123' })
      .expect(200);
  });

  it('regenerates the session id at login and destroys it server-side at logout', async () => {
    const user = await newUser(ctx);
    const first = await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const second = await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const sid = (res: request.Response) => res.headers['set-cookie']?.[0]?.split(';')[0];
    expect(sid(first)).not.toEqual(sid(second));

    const cookie = sid(first)!;
    await ctx.http.get('/api/auth/me').set('Cookie', cookie).expect(200);
    await ctx.http.post('/api/auth/logout').set('Cookie', cookie).expect(200);
    // Replaying the old cookie after logout gets nothing.
    await ctx.http.get('/api/auth/me').set('Cookie', cookie).expect(401);
  });

  it('answers 401 with the error shape when not logged in', async () => {
    const response = await ctx.http.get('/api/auth/me').expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Não autenticado', error: 'Unauthorized' });
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const user = await newUser(ctx);
    const wrong = await ctx.http.post('/api/auth/login').send({ email: user.email, password: 'wrong-password' }).expect(401);
    const unknown = await ctx.http
      .post('/api/auth/login')
      .send({ email: `${unique()}@example.test`, password: 'whatever1' })
      .expect(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('answers a taken username or e-mail (any case) exactly like a new one; a taken e-mail creates nothing', async () => {
    const body = registration();
    const fresh = await ctx.http.post('/api/auth/register').send(body).expect(201);
    const count = async () => (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`))[0].n;
    const before = await count();
    const sameEmail = await ctx.http
      .post('/api/auth/register')
      .send({ ...registration(), email: body.email.toUpperCase() })
      .expect(201);
    expect(sameEmail.body).toEqual(fresh.body);
    expect(await count()).toBe(before);
    // A taken username waits for approval like any other registration (its approval is refused).
    const sameUsername = await ctx.http
      .post('/api/auth/register')
      .send({ ...registration(), username: body.username.toUpperCase() })
      .expect(201);
    expect(sameUsername.body).toEqual(fresh.body);
    expect(await count()).toBe(before + 1);
  });

  describe('validation (core.md §5)', () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['login', '/api/auth/login', { email: 'not-an-email', password: 'secret123' }, 'Invalid email address'],
      ['login', '/api/auth/login', { email: 'a@b.co', password: '123' }, 'Password must be at least 6 characters'],
      ['login', '/api/auth/login', { password: 'secret123' }, 'Invalid email address'],
      [
        'register',
        '/api/auth/register',
        { name: 'A', username: 'abc', email: 'a@b.co', password: 'secret123' },
        'Name must be at least 2 characters',
      ],
      [
        'register',
        '/api/auth/register',
        { name: 'Ab', username: 'ab', email: 'a@b.co', password: 'secret123' },
        'Username must be at least 3 characters',
      ],
      ['register', '/api/auth/register', { name: 'Ab', username: 'abc', email: 'nope', password: 'secret123' }, 'Invalid email address'],
      [
        'register',
        '/api/auth/register',
        { name: 'Ab', username: 'abc', email: 'a@b.co', password: '1234567' },
        'Password must be at least 8 characters',
      ],
      [
        'register',
        '/api/auth/register',
        { name: 'Ab', username: 'abc', email: 'a@b.co', password: '      ' },
        'Password must be at least 8 characters',
      ],
      [
        'register',
        '/api/auth/register',
        { name: 'Ab', username: 'abc', email: 'a@b.co', password: ' '.repeat(10) },
        'A senha não pode ter apenas espaços',
      ],
      [
        'register',
        '/api/auth/register',
        { name: 'Ab', username: 'abc', email: 'a@b.co', password: 'Iloveyou1' },
        'Esta senha é muito comum e fácil de adivinhar: escolha outra',
      ],
      [
        'register',
        '/api/auth/register',
        { name: 'Ab', username: 'abc', email: 'a@b.co', password: 'secret123', role: 'owner' },
        'Perfil solicitado inválido',
      ],
      [
        'register',
        '/api/auth/register',
        { name: 'Ab', username: 'abc', email: 'a@b.co', password: 'secret123', isApproved: true },
        'O campo isApproved não é permitido',
      ],
      ['register', '/api/auth/register', { name: 'x'.repeat(5000), username: 'abc', email: 'a@b.co', password: 'secret123' }, 'at most'],
      [
        'register',
        '/api/auth/register',
        { name: 12, username: 'abc', email: 'a@b.co', password: 'secret123' },
        'Name must be at least 2 characters',
      ],
    ];
    it.each(cases)('%s %#: %j → 400', async (_form, path, body, message) => {
      const before = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`);
      const response = await ctx.http.post(path).send(body).expect(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.message).toContain(message);
      const after = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`);
      expect(after[0].n).toBe(before[0].n);
    });

    it('profile and password forms', async () => {
      const user = await newUser(ctx);
      const agent = request.agent(ctx.app.getHttpServer());
      await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      const name = await agent.put('/api/auth/profile').send({ name: 'A', email: user.email }).expect(400);
      expect(name.body.message).toBe('Nome deve ter pelo menos 2 caracteres');
      const email = await agent.put('/api/auth/profile').send({ name: 'Abc', email: 'x' }).expect(400);
      expect(email.body.message).toBe('Email inválido');
      const current = await agent.put('/api/auth/change-password').send({ currentPassword: '', newPassword: 'secret456' }).expect(400);
      expect(current.body.message).toBe('Senha atual é obrigatória');
      const short = await agent
        .put('/api/auth/change-password')
        .send({ currentPassword: user.password, newPassword: '1234567' })
        .expect(400);
      expect(short.body.message).toBe('Nova senha deve ter ao menos 8 caracteres');
      for (const [newPassword, message] of [
        [' '.repeat(8), 'A senha não pode ter apenas espaços'],
        ['senha123', 'Esta senha é muito comum e fácil de adivinhar: escolha outra'],
      ]) {
        const refused = await agent.put('/api/auth/change-password').send({ currentPassword: user.password, newPassword }).expect(400);
        expect(refused.body.message).toBe(message);
      }
      // Nothing changed: the old password still logs in.
      await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    });

    it('lets an account whose password was set under the old 6-character rule log in and change it', async () => {
      const user = await newUser(ctx, { password: 'abc123' });
      const agent = await loginAs(ctx, user.email, 'abc123');
      await agent.put('/api/auth/change-password').send({ currentPassword: 'abc123', newPassword: 'abc1234' }).expect(400);
      await agent.put('/api/auth/change-password').send({ currentPassword: 'abc123', newPassword: 'abc123-mais-longa' }).expect(200);
    });

    it('answers invalid JSON with 400 and an oversized body with 413', async () => {
      const bad = await ctx.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, message: 'JSON inválido no corpo da requisição' });
      const huge = await ctx.http
        .post('/api/auth/register')
        .send({ name: 'x'.repeat(400_000), username: 'abc', email: 'a@b.co', password: 'secret123' })
        .expect(413);
      expect(huge.body.statusCode).toBe(413);
    });
  });

  describe('CSRF', () => {
    it('refuses state changes from a foreign origin and non-JSON bodies', async () => {
      const agent = await loginAsAdmin(ctx);
      const foreign = await agent
        .put('/api/auth/profile')
        .set('Origin', 'https://evil.example')
        .send({ name: 'Adm', email: 'admin@wkflow.local' })
        .expect(403);
      expect(foreign.body.message).toBe('Origem da requisição não permitida');
      await agent.post('/api/auth/logout').set('Content-Type', 'text/plain').send('x=1').expect(415);
      await agent.get('/api/auth/me').expect(200);
    });
  });
});

describe('login rate limit (e2e)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3' });
  });

  afterAll(async () => {
    await ctx.app.close();
  });

  it('answers 429 after too many attempts on one account', async () => {
    const user = await newUser(ctx);
    for (let i = 0; i < 3; i += 1) {
      await ctx.http.post('/api/auth/login').send({ email: user.email, password: 'wrong-password' }).expect(401);
    }
    const limited = await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(429);
    expect(limited.body).toEqual({ statusCode: 429, message: expect.stringContaining('Muitas tentativas'), error: 'Too Many Requests' });
    // Another account from the same address is not affected by this account's limit.
    const other = await newUser(ctx);
    await ctx.http.post('/api/auth/login').send({ email: other.email, password: other.password }).expect(200);
  });
});
