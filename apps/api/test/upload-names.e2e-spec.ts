// eslint-disable-next-line @typescript-eslint/no-require-imports
const contentDisposition = require('content-disposition') as { parse(header: string): { parameters: Record<string, string> } };
import { loginAsAdmin, startTestApp, type TestContext, unique } from './utils/test-app';

/**
 * Multipart file names are UTF-8 (what browsers send) and are kept as typed, less what could make
 * them look like another name (format and control characters); long ones are cut keeping the extension.
 */
describe('uploaded file names (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  async function newTask(admin: Awaited<ReturnType<typeof loginAsAdmin>>): Promise<number> {
    const client = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Cliente anexos ') })
        .expect(201)
    ).body;
    const task = await admin
      .post('/api/tasks')
      .send({ title: 'Anexos', description: 'd', clientId: client.id, deadline: new Date(Date.now() + 86_400_000).toISOString() })
      .expect(201);
    return task.body.id;
  }

  /** Uploads `sent` and returns the name the upload, the list, the row and the download carry. */
  async function namesOf(sent: string): Promise<string[]> {
    const admin = await loginAsAdmin(ctx);
    const taskId = await newTask(admin);
    const uploaded = await admin
      .post(`/api/tasks/${taskId}/attachments`)
      .attach('file', Buffer.from('conteúdo'), { filename: sent, contentType: 'text/plain' })
      .expect(201);
    const listed = (await admin.get(`/api/tasks/${taskId}/attachments`).expect(200)).body;
    const [stored] = await ctx.dataSource.query(`SELECT "originalName" FROM task_attachments WHERE id = $1`, [uploaded.body.id]);
    const download = await admin.get(`/api/tasks/${taskId}/attachments/${uploaded.body.id}/download`).expect(200);
    return [
      uploaded.body.originalName,
      ...listed.map((a: { originalName: string }) => a.originalName),
      stored.originalName,
      contentDisposition.parse(download.headers['content-disposition']).parameters.filename,
    ];
  }

  it.each([
    ['\u202eexe.txt', 'exe.txt'],
    ['foto\u202egnp.exe', 'fotognp.exe'],
    ['nota\u200b\u2066fiscal\u2069\ufeff.pdf', 'notafiscal.pdf'],
    ['quebra\nde\tlinha.txt', 'quebradelinha.txt'],
  ])('drops format and control characters from %j', async (sent, kept) => {
    expect(await namesOf(sent)).toEqual([kept, kept, kept, kept]);
  });

  it('cuts a long name by code points without splitting an emoji and keeps the extension', async () => {
    const kept = `${'a'.repeat(191)}${'😀'.repeat(5)}.pdf`;
    expect(await namesOf(`${'a'.repeat(191)}${'😀'.repeat(40)}.pdf`)).toEqual([kept, kept, kept, kept]);
    const family = '👨\u200d👩\u200d👧';
    expect(await namesOf(`família ${family}.txt`)).toEqual(Array(4).fill(`família ${family}.txt`));
  });

  it('lists and downloads a name stored before these rules without its bidi override', async () => {
    const admin = await loginAsAdmin(ctx);
    const taskId = await newTask(admin);
    const uploaded = (
      await admin
        .post(`/api/tasks/${taskId}/attachments`)
        .attach('file', Buffer.from('x'), { filename: 'antigo.txt', contentType: 'text/plain' })
        .expect(201)
    ).body;
    // A name from before these rules, written by hand: the upload would clean it now.
    await ctx.dataSource.query(`UPDATE task_attachments SET "originalName" = $2 WHERE id = $1`, [uploaded.id, '\u202eexe.txt']);
    const listed = (await admin.get(`/api/tasks/${taskId}/attachments`).expect(200)).body;
    expect(listed.map((a: { originalName: string }) => a.originalName)).toEqual(['exe.txt']);
    const download = await admin.get(`/api/tasks/${taskId}/attachments/${uploaded.id}/download`).expect(200);
    expect(contentDisposition.parse(download.headers['content-disposition']).parameters.filename).toBe('exe.txt');
  });

  it.each(['relatório ação.txt', 'orçamento – versão final (2ª).pdf', 'ünïcødé 日本語 😀.txt'])(
    'keeps the attachment name %s through upload, list and download',
    async (name) => {
      const admin = await loginAsAdmin(ctx);
      const client = (
        await admin
          .post('/api/clients')
          .send({ name: unique('Cliente anexos ') })
          .expect(201)
      ).body;
      const task = (
        await admin
          .post('/api/tasks')
          .send({ title: 'Anexos', description: 'd', clientId: client.id, deadline: new Date(Date.now() + 86_400_000).toISOString() })
          .expect(201)
      ).body;
      const uploaded = await admin
        .post(`/api/tasks/${task.id}/attachments`)
        .attach('file', Buffer.from('conteúdo'), { filename: name, contentType: 'text/plain' })
        .expect(201);
      expect(uploaded.body.originalName).toBe(name);
      const listed = (await admin.get(`/api/tasks/${task.id}/attachments`).expect(200)).body;
      expect(listed.map((a: { originalName: string }) => a.originalName)).toEqual([name]);
      const [stored] = await ctx.dataSource.query(`SELECT "originalName" FROM task_attachments WHERE id = $1`, [uploaded.body.id]);
      expect(stored.originalName).toBe(name);
      const download = await admin.get(`/api/tasks/${task.id}/attachments/${uploaded.body.id}/download`).expect(200);
      expect(contentDisposition.parse(download.headers['content-disposition']).parameters.filename).toBe(name);
    },
  );

  it('downloads a Latin-1 name with an ASCII fallback and RFC 6266 filename*', async () => {
    const admin = await loginAsAdmin(ctx);
    const taskId = await newTask(admin);
    const uploaded = await admin
      .post(`/api/tasks/${taskId}/attachments`)
      .attach('file', Buffer.from('%PDF-1.4'), { filename: 'relatório final ç.pdf', contentType: 'application/pdf' })
      .expect(201);
    const download = await admin.get(`/api/tasks/${taskId}/attachments/${uploaded.body.id}/download`).expect(200);
    // The raw header: every byte ASCII, so no browser has to guess a charset.
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="relatorio final c.pdf"; filename*=UTF-8''relat%C3%B3rio%20final%20%C3%A7.pdf`,
    );
    expect(download.headers['content-type']).toBe('application/pdf');
  });
});
