import type request from 'supertest';
import { DEFAULT_THEME_NAME, isHexColor, THEME_CATEGORIES, THEME_COLOR_KEYS, THEME_MESSAGES, type Theme } from '@wkflow/contracts';
import { THEME_CATALOGUE } from '../src/themes/themes.seed';
import { expectAll, type MatrixEnv, type MatrixRow, only, runMatrix } from './utils/matrix';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

describe('themes (e2e)', () => {
  let ctx: TestContext;
  let agent: Agent;
  let user: Awaited<ReturnType<typeof newUser>>;
  let themes: Theme[];

  beforeAll(async () => {
    ctx = await startTestApp();
    user = await newUser(ctx, { profileId: 3 });
    agent = await loginAs(ctx, user.email, user.password);
    themes = (await agent.get('/api/themes').expect(200)).body;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const byName = (name: string) => themes.find((t) => t.name === name)!;

  it('lists the catalogue with every field and hex colours', () => {
    expect(themes.map((t) => t.name)).toEqual(THEME_CATALOGUE.map((t) => t.name));
    expect(new Set(themes.map((t) => t.category))).toEqual(new Set(THEME_CATEGORIES));
    const dark = byName('noite-escura');
    expect(dark).toEqual({
      id: expect.any(Number),
      name: 'noite-escura',
      displayName: 'Noite Escura',
      description: expect.any(String),
      category: 'dark',
      isPremium: false,
      rating: 4.7,
      ratingCount: 980,
      downloads: expect.any(Number),
      colors: expect.objectContaining({ background: '#0b1120' }),
    });
    for (const theme of themes) {
      expect(Object.keys(theme.colors).sort()).toEqual([...THEME_COLOR_KEYS].sort());
      expect(Object.values(theme.colors).every(isHexColor)).toBe(true);
    }
  });

  it('gives the default theme to a user who never chose one', async () => {
    const response = await agent.get(`/api/themes/user/${user.id}`).expect(200);
    expect(response.body).toEqual({ theme: byName(DEFAULT_THEME_NAME) });
  });

  it('activates a theme, persists the choice and counts the download once', async () => {
    const dark = byName('noite-escura');
    const activated = await agent.post(`/api/themes/${dark.id}/activate`).expect(200);
    expect(activated.body.theme).toEqual({ ...dark, downloads: dark.downloads + 1 });

    const read = await agent.get(`/api/themes/user/${user.id}`).expect(200);
    expect(read.body.theme.name).toBe('noite-escura');
    // A new session (a reload, another device) reads the same choice.
    const again = await loginAs(ctx, user.email, user.password);
    expect((await again.get(`/api/themes/user/${user.id}`).expect(200)).body.theme.id).toBe(dark.id);

    // Re-applying the active theme changes nothing.
    const repeat = await agent.post(`/api/themes/${dark.id}/activate`).expect(200);
    expect(repeat.body.theme.downloads).toBe(dark.downloads + 1);

    const forest = byName('floresta');
    await agent.post(`/api/themes/${forest.id}/activate`).expect(200);
    expect((await agent.get(`/api/themes/user/${user.id}`).expect(200)).body.theme.name).toBe('floresta');
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM user_themes WHERE "userId" = $1`, [user.id]);
    expect(n).toBe(1);
  });

  it("refuses another user's theme (403), but an admin may read it", async () => {
    const other = await newUser(ctx, { profileId: 2 });
    const response = await agent.get(`/api/themes/user/${other.id}`).expect(403);
    expect(response.body.message).toBe(THEME_MESSAGES.otherUser);
    const admin = await loginAsAdmin(ctx);
    const read = await admin.get(`/api/themes/user/${user.id}`).expect(200);
    expect(read.body.theme.name).toBe('floresta');
    await admin.get('/api/themes/user/999999').expect(404);
  });

  it('answers an unknown theme with 404 and bad ids with 400, changing nothing', async () => {
    const response = await agent.post('/api/themes/999999/activate').expect(404);
    expect(response.body.message).toBe(THEME_MESSAGES.notFound);
    await agent.post('/api/themes/abc/activate').expect(400);
    await agent.post('/api/themes/0/activate').expect(400);
    await agent.get('/api/themes/user/abc').expect(400);
    await agent.get('/api/themes/user/-1').expect(400);
    expect((await agent.get(`/api/themes/user/${user.id}`).expect(200)).body.theme.name).toBe('floresta');
  });
});

describe('themes authorization (e2e)', () => {
  const themeId = async ({ ctx }: MatrixEnv) => (await ctx.dataSource.query(`SELECT id FROM themes WHERE name = 'grafite'`))[0].id;
  /** Someone other than the caller (the seeded admin for the others, the gerente for the admin). */
  const otherUser = ({ actors, actor }: MatrixEnv) => (actor === 'admin' ? actors.ids.gerente : actors.ids.admin);
  const ROWS: MatrixRow[] = [
    { name: 'GET /api/themes', method: 'get', path: () => '/api/themes', expect: expectAll('2xx') },
    {
      name: 'GET /api/themes/user/:userId (own)',
      method: 'get',
      path: ({ self, actors }) => `/api/themes/user/${self?.id ?? actors.ids.admin}`,
      expect: expectAll('2xx'),
    },
    {
      name: "GET /api/themes/user/:userId (another user's)",
      method: 'get',
      path: (env) => `/api/themes/user/${otherUser(env)}`,
      expect: only(['admin']),
    },
    {
      name: 'POST /api/themes/:id/activate',
      method: 'post',
      path: async (env) => `/api/themes/${await themeId(env)}/activate`,
      expect: expectAll('2xx'),
    },
  ];
  runMatrix(ROWS);
});
