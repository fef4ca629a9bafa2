import { NotificationsService } from '../src/notifications/notifications.service';
import { expectAll, type MatrixEnv, type MatrixRow, only, runMatrix } from './utils/matrix';
import { unique } from './utils/test-app';

/** A notification of the caller's own (or of the admin, for the anonymous caller). */
async function ownNotification({ ctx, actors, self }: MatrixEnv): Promise<number> {
  const notification = await ctx.app
    .get(NotificationsService)
    .notify(self?.id ?? actors.ids.admin, 'test', { title: 'Matriz', message: 'm' });
  return notification!.id;
}

/** A notification of a user other than the caller. */
async function othersNotification({ ctx, actors, actor }: MatrixEnv): Promise<number> {
  const owner = actor === 'gerente' ? actors.ids.colaborador : actors.ids.gerente;
  const notification = await ctx.app.get(NotificationsService).notify(owner, 'test', { title: 'De outro', message: 'm' });
  return notification!.id;
}

/** A failed e-mail per call, so every admin retry has something to retry. */
async function failedEmail({ ctx }: MatrixEnv): Promise<number> {
  const [{ id }] = await ctx.dataSource.query(
    `INSERT INTO email_queue (status, "emailType", subject, "recipientEmail", body, "errorMessage", attempts) VALUES ('failed', 'test_email', 'Matriz', $1, 'm', 'falhou', 5) RETURNING id`,
    [`${unique('matriz')}@example.test`],
  );
  return id;
}

const to = () => `${unique('matriz')}@example.test`;

/**
 * Notifications: every logged-in user, own data only (another user's notification is a 404); the
 * dropdown's test button is for access profile 1. Admin e-mail tools and Bull Board: role admin or
 * profile 1 (only the seeded admin among the actors).
 */
const ROWS: MatrixRow[] = [
  { name: 'GET /api/notifications', method: 'get', path: () => '/api/notifications', expect: expectAll('2xx') },
  { name: 'GET /api/notifications/history', method: 'get', path: () => '/api/notifications/history', expect: expectAll('2xx') },
  { name: 'PUT /api/notifications/mark-all-read', method: 'put', path: () => '/api/notifications/mark-all-read', expect: expectAll('2xx') },
  {
    name: 'PUT /api/notifications/:id/read (own)',
    method: 'put',
    path: async (env) => `/api/notifications/${await ownNotification(env)}/read`,
    expect: expectAll('2xx'),
  },
  {
    name: "PUT /api/notifications/:id/read (another user's)",
    method: 'put',
    path: async (env) => `/api/notifications/${await othersNotification(env)}/read`,
    expect: expectAll(404),
  },
  { name: 'POST /api/notifications/test', method: 'post', path: () => '/api/notifications/test', expect: only(['admin']) },
  { name: 'GET /api/notifications/preferences', method: 'get', path: () => '/api/notifications/preferences', expect: expectAll('2xx') },
  {
    name: 'PUT /api/notifications/preferences',
    method: 'put',
    path: () => '/api/notifications/preferences',
    body: () => ({ preferences: [{ type: 'task_comment', emailEnabled: false, browserEnabled: true, soundEnabled: true }] }),
    expect: expectAll('2xx'),
  },
  { name: 'GET /api/admin/email-status', method: 'get', path: () => '/api/admin/email-status', expect: only(['admin']) },
  { name: 'GET /api/admin/email-queue', method: 'get', path: () => '/api/admin/email-queue', expect: only(['admin']) },
  { name: 'GET /api/admin/email-queue/stats', method: 'get', path: () => '/api/admin/email-queue/stats', expect: only(['admin']) },
  {
    name: 'POST /api/admin/email-queue/:id/retry',
    method: 'post',
    path: async (env) => `/api/admin/email-queue/${await failedEmail(env)}/retry`,
    expect: only(['admin']),
  },
  {
    name: 'POST /api/admin/test-email',
    method: 'post',
    path: () => '/api/admin/test-email',
    body: () => ({ to: to() }),
    expect: only(['admin']),
  },
  {
    name: 'POST /api/admin/test-task-notification',
    method: 'post',
    path: () => '/api/admin/test-task-notification',
    body: () => ({ to: to(), notificationType: 'task_assigned' }),
    expect: only(['admin']),
  },
  {
    name: 'POST /api/admin/test-deadline-notification',
    method: 'post',
    path: () => '/api/admin/test-deadline-notification',
    body: () => ({ to: to(), notificationType: 'task_due_soon' }),
    expect: only(['admin']),
  },
  // Bull Board is an Express mount, outside the Nest guard: it checks the session itself.
  { name: 'GET /api/admin/queues (Bull Board page)', method: 'get', path: () => '/api/admin/queues', expect: only(['admin']) },
  {
    name: 'GET /api/admin/queues/api/queues (Bull Board API)',
    method: 'get',
    path: () => '/api/admin/queues/api/queues',
    expect: only(['admin']),
  },
];

describe('notifications and e-mail: who may call what (e2e)', () => {
  runMatrix(ROWS);
});
