import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isAdmin } from '@wkflow/contracts';
import { NOT_ALLOWED, NOT_LOGGED_IN } from '../platform/access/access.guard';
import { SessionAccess } from '../platform/access/session-access';
import { EmailDelivery } from './email-delivery';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/** Bull Board for admins at /api/admin/queues (an Express mount: it checks the session itself). */
export function mountQueueDashboard(app: INestApplication): void {
  const queue = app.get(EmailDelivery).queue;
  const sessions = app.get(SessionAccess);
  const adminOnly = (req: Request, res: Response, next: NextFunction) => {
    sessions
      .sessionOf(req)
      .then((session) => {
        if (!session) return void res.status(401).json({ statusCode: 401, message: NOT_LOGGED_IN, error: 'Unauthorized' });
        if (!isAdmin(session.user)) return void res.status(403).json({ statusCode: 403, message: NOT_ALLOWED, error: 'Forbidden' });
        next();
      })
      .catch(next);
  };
  if (!queue) {
    app.use(QUEUE_DASHBOARD_PATH, adminOnly, (_req: Request, res: Response) => {
      res.status(503).json({ statusCode: 503, message: 'Fila indisponível: REDIS_URL não configurado', error: 'Service Unavailable' });
    });
    return;
  }
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues: [new BullMQAdapter(queue)], serverAdapter });
  app.use(QUEUE_DASHBOARD_PATH, adminOnly, serverAdapter.getRouter());
}
