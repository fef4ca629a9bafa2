import type request from 'supertest';
import type { RouteInfo } from './routes';

type Agent = ReturnType<typeof request.agent>;

/**
 * Real objects for the generated route tests, made through the API as the administrator. Keyed by
 * a path template up to its last parameter ('/api/clients/:id/access/:credentialId'): a route
 * takes the values of the longest template it starts with that names all of its parameters. A new
 * route with ids under a new resource needs a line here: `routesWithoutFixtures` names it, and the
 * suites fail until it is added (never a silent fallback to id 1).
 */
export type Fixtures = Record<string, Record<string, number>>;

async function made(response: Promise<request.Response> | request.Response, what: string): Promise<request.Response['body']> {
  const res = await response;
  if (res.status < 200 || res.status >= 300)
    throw new Error(`fixture ${what} failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

/** Builds one of each object; `tag` makes names unique (so remote runs never collide). */
export async function buildFixtures(admin: Agent, tag: string): Promise<Fixtures> {
  const client = await made(admin.post('/api/clients').send({ name: `${tag} cliente` }), 'client');
  const column = await made(admin.post('/api/columns').send({ name: `${tag} coluna` }), 'column');
  const task = await made(
    admin
      .post('/api/tasks')
      .send({ title: `${tag} tarefa`, description: 'd', clientId: client.id, deadline: new Date(Date.now() + 86400_000).toISOString() }),
    'task',
  );
  const attachment = await made(
    admin.post(`/api/tasks/${task.id}/attachments`).attach('file', Buffer.from('anexo'), 'anexo.txt'),
    'attachment',
  );
  const started = await made(admin.post('/api/time-entries/start').send({ taskId: task.id }), 'time entry');
  await made(admin.post(`/api/time-entries/${started.id}/stop`), 'time entry stop');
  const credential = await made(
    admin
      .post(`/api/clients/${client.id}/access`)
      .send({ toolName: `${tag} ferramenta`, url: 'https://exemplo.com.br', username: 'u', password: 'p' }),
    'credential',
  );
  const process = await made(admin.post('/api/onboarding').send({ clientId: client.id }), 'onboarding');
  const steps: { id: number }[] = await made(admin.get(`/api/onboarding/${process.id}/steps`), 'onboarding steps');
  const room = await made(admin.post('/api/chat/rooms').send({ name: `${tag} sala` }), 'chat room');
  const profile = await made(
    admin.post('/api/access-profiles').send({ name: `${tag} perfil`, description: 'perfil de teste' }),
    'access profile',
  );
  const permission = await made(
    admin.post('/api/module-permissions').send({ profileId: profile.id, module: 'chat', permission: 'read' }),
    'permission',
  );
  const user = await made(
    admin.post('/api/users').send({
      name: 'Pessoa Fixture',
      username: `${tag}u`.slice(0, 50),
      email: `${tag}@example.test`,
      password: 'secret123',
      accessProfileId: 3,
    }),
    'user',
  );
  const notification = await made(admin.post('/api/notifications/test'), 'notification');
  const email = await made(admin.post('/api/admin/test-email').send({ to: `${tag}@example.test` }), 'e-mail');
  const learning = await made(admin.get('/api/learning/dashboard'), 'learning dashboard');
  const learningPath = await made(admin.get(`/api/learning/paths/${learning.paths[0].id}`), 'learning path');
  const themes: { id: number }[] = await made(admin.get('/api/themes'), 'themes');
  const report = await made(
    admin.post('/api/analytics/reports').send({ name: `${tag} relatório`, type: 'productivity', parameters: { period: 30 } }),
    'report',
  );
  // The fixture user has no open task: the idle-members rule always proposes something.
  const generated = await made(admin.post('/api/recommendations/generate'), 'recommendations');
  // A second run on the same database generates nothing new: take an active one then.
  const recommendation = generated.recommendations?.[0] ?? (await made(admin.get('/api/recommendations'), 'recommendation list'))[0];
  if (!recommendation) throw new Error('fixture recommendation: POST /api/recommendations/generate made none and none is active');
  return {
    '/api/clients/:id': { id: client.id },
    '/api/clients/:id/access/:credentialId': { id: client.id, credentialId: credential.id },
    '/api/columns/:id': { id: column.id },
    '/api/tasks/:id': { id: task.id },
    '/api/tasks/:id/attachments/:attachmentId': { id: task.id, attachmentId: attachment.id },
    '/api/time-entries/:id': { id: started.id },
    '/api/time-entries/task/:id': { id: task.id },
    '/api/onboarding/:id': { id: process.id },
    '/api/onboarding/:processId/steps/:stepId': { processId: process.id, stepId: steps[0].id },
    '/api/chat/rooms/:id': { id: room.id },
    '/api/access-profiles/:id': { id: profile.id },
    '/api/module-permissions/:id': { id: permission.id },
    '/api/users/:id': { id: user.id },
    '/api/notifications/:id': { id: notification.id },
    '/api/admin/email-queue/:id': { id: email.id },
    '/api/learning/paths/:id': { id: learningPath.id },
    '/api/learning/paths/:id/steps/:stepId': { id: learningPath.id, stepId: learningPath.steps[0].id },
    '/api/themes/:id': { id: themes[0].id },
    '/api/analytics/reports/:id': { id: report.id },
    '/api/recommendations/:id': { id: recommendation.id },
  };
}

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);

/** The parameter values for a route, or undefined when no fixture covers it. */
export function fixtureFor(route: RouteInfo, fixtures: Fixtures): Record<string, number> | undefined {
  const needed = paramsOf(route.path);
  if (!needed.length) return {};
  const key = Object.keys(fixtures)
    .filter((k) => (route.path === k || route.path.startsWith(`${k}/`)) && needed.every((p) => p in fixtures[k]))
    .sort((a, b) => b.length - a.length)[0];
  return key ? fixtures[key] : undefined;
}

/** Routes with ids that no fixture covers, as a readable list for the failure message. */
export function routesWithoutFixtures(routes: RouteInfo[], fixtures: Fixtures): string[] {
  return routes
    .filter((r) => !fixtureFor(r, fixtures))
    .map((r) => `${r.method.toUpperCase()} ${r.path}: add a fixture for it in apps/api/test/utils/fixtures.ts (buildFixtures)`);
}

/** Fills a route's :params from its fixture. */
export function fillFixture(route: RouteInfo, fixtures: Fixtures): string {
  const values = fixtureFor(route, fixtures);
  if (!values) throw new Error(routesWithoutFixtures([route], fixtures)[0]);
  return route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => String(values[name]));
}
