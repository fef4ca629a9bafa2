import { createHash } from 'node:crypto';
import request from 'supertest';
import { PASSWORD_RESET_INVALID, PASSWORD_RESET_REQUESTED } from '@wkflow/contracts';
import { eventually, startSmtp, type ReceivedMail } from './utils/smtp';
import { startIsolatedApp } from './utils/isolated-app';
import { loginAs, loginAsAdmin, newUser, startTestApp, unique, type TestContext } from './utils/test-app';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const WEB = 'http://web.example.test';

/** The text of a raw message with quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function resetToken(mail: ReceivedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[1];
}

// Issue 19 §7: password reset by e-mail.
describe('password reset (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let smtp: Smtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await startIsolatedApp('password_reset', {
      SMTP_URL: smtp.url,
      WEB_ORIGIN: WEB,
      EMAIL_RETRY_DELAY_MS: '300',
      EMAIL_SWEEP_MS: '300',
      REMINDER_INTERVAL_MS: '3600000',
      PASSWORD_RESET_LIMIT_PER_ADDRESS: '3',
      PASSWORD_RESET_LIMIT_PER_IP: '100000',
    });
  });
  afterAll(async () => {
    await ctx?.stop();
    await smtp.close();
  });

  const ask = (email: string, origin: string | null = WEB) => {
    const req = ctx.http.post('/api/auth/forgot-password').send({ email });
    return origin ? req.set('Origin', origin) : req;
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const linkFor = async (email: string, count = 1) =>
    resetToken((await eventually(() => mailsTo(email)[count - 1] && mailsTo(email)))[count - 1]);
  const tokenRows = async (userId: number) =>
    (await ctx.dataSource.query(`SELECT * FROM password_reset_tokens WHERE "userId" = $1`, [userId])) as Array<{ tokenHash: string }>;

  it('answers the same whether or not the address has an account, and writes only to a real, approved one', async () => {
    const user = await newUser(ctx);
    const pending = await newUser(ctx, { approved: false });
    const noOrigin = await newUser(ctx);
    const unknown = `${unique('ninguem')}@example.test`;

    const answers = [];
    for (const email of [unknown, pending.email, noOrigin.email, user.email.toUpperCase()]) {
      // Without WEB_URL the link is built from an allowed Origin only: without one, no e-mail.
      const response = await ask(email, email === noOrigin.email ? null : WEB);
      answers.push({ status: response.status, body: response.body as unknown });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { message: PASSWORD_RESET_REQUESTED } });

    const mail = (await eventually(() => mailsTo(user.email)[0]))!;
    expect(mail.subject).toBe('Redefinição de senha do WKFlow');
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain(`${WEB}/reset-password?token=`);
    expect(text).toContain('Ele vale por 1 hora');
    expect(await tokenRows(user.id)).toHaveLength(1);

    // The requests answered before their work was done: give the others time to have finished too.
    await eventually(async () => {
      const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM email_queue WHERE status = 'pending'`);
      return n === 0;
    });
    for (const email of [unknown, pending.email, noOrigin.email]) expect(mailsTo(email)).toEqual([]);
    expect(await tokenRows(pending.id)).toEqual([]);
    expect(await tokenRows(noOrigin.id)).toEqual([]);
  });

  it('keeps only the token’s hash: no row of any table holds the token itself', async () => {
    const user = await newUser(ctx);
    await ask(user.email).expect(200);
    const token = await linkFor(user.email);
    const [row] = await tokenRows(user.id);
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    await eventually(async () => {
      const [outbox] = await ctx.dataSource.query(`SELECT status, secrets FROM email_queue WHERE "recipientEmail" = $1`, [user.email]);
      return outbox.status === 'sent' && outbox.secrets === null; // the encrypted link goes once sent
    });

    const tables: { table_name: string }[] = await ctx.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE t::text LIKE $1`, [`%${token}%`]);
      expect({ table: table_name, rows: n }).toEqual({ table: table_name, rows: 0 });
    }
    // The admin outbox shows a placeholder where the link goes.
    const admin = await loginAsAdmin(ctx);
    const listed = ((await admin.get('/api/admin/email-queue').expect(200)).body as Array<{ recipient_email: string; body: string }>).find(
      (item) => item.recipient_email === user.email,
    )!;
    expect(listed.body).toContain('[link de redefinição de senha]');
    expect(listed.body).not.toContain(token);
  });

  it('sets the new password once, ends every session of the account and logs the browser in', async () => {
    const user = await newUser(ctx);
    const phone = await loginAs(ctx, user.email, user.password);
    const laptop = await loginAs(ctx, user.email, user.password);
    await phone.get('/api/auth/me').expect(200);

    await ask(user.email).expect(200);
    const token = await linkFor(user.email);
    const browser = request.agent(ctx.app.getHttpServer());
    const reset = await browser
      .post('/api/auth/reset-password')
      .set('Origin', WEB)
      .send({ token, newPassword: 'nova-senha-1' })
      .expect(200);
    expect(reset.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(reset.headers['set-cookie']?.[0]).toMatch(/^wkflow\.sid=/);

    await phone.get('/api/auth/me').expect(401);
    await laptop.get('/api/auth/me').expect(401);
    expect((await browser.get('/api/auth/me').expect(200)).body.user.id).toBe(user.id);

    await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);
    await ctx.http.post('/api/auth/login').send({ email: user.email, password: 'nova-senha-1' }).expect(200);

    // Single use.
    const again = await ctx.http.post('/api/auth/reset-password').send({ token, newPassword: 'outra-senha-2' }).expect(400);
    expect(again.body).toEqual({ statusCode: 400, message: PASSWORD_RESET_INVALID, error: 'Bad Request' });
    await ctx.http.post('/api/auth/login').send({ email: user.email, password: 'nova-senha-1' }).expect(200);
  });

  it('refuses an expired, a wrong and a replaced token with the same clear message', async () => {
    const user = await newUser(ctx);
    await ask(user.email).expect(200);
    const first = await linkFor(user.email, 1);
    await ask(user.email).expect(200);
    const second = await linkFor(user.email, 2);
    expect(second).not.toBe(first);

    const invalid = { statusCode: 400, message: PASSWORD_RESET_INVALID, error: 'Bad Request' };
    // A newer link replaces the earlier one.
    expect((await ctx.http.post('/api/auth/reset-password').send({ token: first, newPassword: 'nova-senha-1' }).expect(400)).body).toEqual(
      invalid,
    );
    // Wrong or malformed tokens.
    for (const token of ['A'.repeat(43), 'curto', '']) {
      expect((await ctx.http.post('/api/auth/reset-password').send({ token, newPassword: 'nova-senha-1' }).expect(400)).body).toEqual(
        invalid,
      );
    }
    expect((await ctx.http.post('/api/auth/reset-password').send({ newPassword: 'nova-senha-1' }).expect(400)).body.message).toBe(
      PASSWORD_RESET_INVALID,
    );

    // Expired: back-dates the link the request under test wrote (no factory made it), as if its hour had passed.
    await ctx.dataSource.query(`UPDATE password_reset_tokens SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`, [user.id]);
    expect((await ctx.http.post('/api/auth/reset-password').send({ token: second, newPassword: 'nova-senha-1' }).expect(400)).body).toEqual(
      invalid,
    );
    await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
  });

  it('applies the password rules of everywhere else, without spending the link', async () => {
    const user = await newUser(ctx);
    await ask(user.email).expect(200);
    const token = await linkFor(user.email);
    const short = await ctx.http.post('/api/auth/reset-password').send({ token, newPassword: '1234567' }).expect(400);
    expect(short.body.message).toBe('Nova senha deve ter ao menos 8 caracteres');
    const blank = await ctx.http
      .post('/api/auth/reset-password')
      .send({ token, newPassword: ' '.repeat(8) })
      .expect(400);
    expect(blank.body.message).toBe('A senha não pode ter apenas espaços');
    const common = await ctx.http.post('/api/auth/reset-password').send({ token, newPassword: 'password123' }).expect(400);
    expect(common.body.message).toBe('Esta senha é muito comum e fácil de adivinhar: escolha outra');
    const long = await ctx.http
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'x'.repeat(201) })
      .expect(400);
    expect(long.body.message).toBe('Nova senha deve ter no máximo 200 caracteres');
    await ctx.http.post('/api/auth/reset-password').send({ token, newPassword: 12345678 }).expect(400);
    await ctx.http.post('/api/auth/reset-password').send({ token, newPassword: '1234-5678' }).expect(200);
    await ctx.http.post('/api/auth/login').send({ email: user.email, password: '1234-5678' }).expect(200);
  });

  it('limits requests per address (known or not, the same 429) and, silently, e-mails per account', async () => {
    const user = await newUser(ctx);
    const unknown = `${unique('ninguem')}@example.test`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 3; i += 1) await ask(i === 1 ? email.toUpperCase() : email).expect(200);
      const refused = await ask(email).expect(429);
      expect(refused.body.message).toBe('Muitos pedidos de redefinição de senha. Aguarde e tente novamente mais tarde.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    await eventually(() => mailsTo(user.email).length === 3);

    // A new address of the same account is a fresh address, but the account's e-mails are spent.
    const agent = await loginAs(ctx, user.email, user.password);
    const renamed = `novo.${user.email}`;
    await agent.put('/api/auth/profile').send({ name: user.name, email: renamed }).expect(200);
    expect((await ask(renamed).expect(200)).body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    await eventually(async () => {
      const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM email_queue WHERE status = 'pending'`);
      return n === 0;
    });
    expect(mailsTo(renamed)).toEqual([]);
  });

  it('works the same without Redis: the in-process outbox puts the link in and forgets it once sent', async () => {
    const local = await startIsolatedApp('password_reset_local', {
      REDIS_URL: '',
      SMTP_URL: smtp.url,
      WEB_URL: 'https://wkflow.example.test/',
      EMAIL_RETRY_DELAY_MS: '300',
      EMAIL_SWEEP_MS: '300',
      REMINDER_INTERVAL_MS: '3600000',
    });
    try {
      const user = await newUser(local);
      // WEB_URL wins over any Origin (its trailing slash dropped).
      await local.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const mail = (await eventually(() => mailsTo(user.email)[0]))!;
      expect(decodeQuotedPrintable(mail.raw)).toContain('https://wkflow.example.test/reset-password?token=');
      expect(decodeQuotedPrintable(mail.raw)).toMatch(
        /<a href="https:\/\/wkflow\.example\.test\/reset-password\?token=[A-Za-z0-9_-]{43}">/,
      );
      await eventually(async () => {
        const [row] = await local.dataSource.query(`SELECT status, secrets FROM email_queue WHERE "recipientEmail" = $1`, [user.email]);
        return row.status === 'sent' && row.secrets === null;
      });
      await local.http
        .post('/api/auth/reset-password')
        .send({ token: resetToken(mail), newPassword: 'sem-redis-1' })
        .expect(200);
      await local.http.post('/api/auth/login').send({ email: user.email, password: 'sem-redis-1' }).expect(200);
    } finally {
      await local.stop();
    }
  });

  it('limits requests per source address', async () => {
    const prefix = `${process.env.WKFLOW_TEST_REDIS_PREFIX}:reset_ip_${unique()}`;
    const other = await startTestApp({
      DATABASE_URL: (ctx.dataSource.options as { url: string }).url,
      REDIS_PREFIX: prefix,
      PASSWORD_RESET_LIMIT_PER_IP: '3',
    });
    // A source of its own: the counters live in the database this suite's other requests share.
    const from = '198.51.100.9';
    try {
      for (let i = 0; i < 3; i += 1) {
        await other.http
          .post('/api/auth/forgot-password')
          .set('X-Forwarded-For', from)
          .send({ email: `${unique('ip')}@example.test` })
          .expect(200);
      }
      await other.http
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', from)
        .send({ email: `${unique('ip')}@example.test` })
        .expect(429);
      await other.http
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', '198.51.101.9')
        .send({ email: `${unique('ip')}@example.test` })
        .expect(200);
    } finally {
      await other.app.close();
    }
  });
});
