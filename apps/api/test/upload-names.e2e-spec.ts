// eslint-disable-next-line @typescript-eslint/no-require-imports
const contentDisposition = require('content-disposition') as { parse(header: string): { parameters: Record<string, string> } };
import { loginAsAdmin, startTestApp, type TestContext, unique } from './utils/test-app';

/** Multipart file names are UTF-8 (what browsers send) and are kept exactly. */
describe('uploaded file names (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.app.close();
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
});
