/* Answers of API operations that had only an inline type in their controller (named here so the
   OpenAPI document can describe them; see apps/api/src/platform/openapi). */

/** POST /api/auth/register and /api/auth/forgot-password: the same message whatever happened. */
export interface MessageResponse {
  message: string;
}

/** PUT /api/auth/change-password */
export interface ChangePasswordResponse {
  success: true;
  message: string;
}

/** PUT /api/notifications/mark-all-read */
export interface MarkAllReadResponse {
  updated: number;
}

/** GET /api/tasks/{id}/total-time: seconds, the running entry counted up to now. */
export interface TaskTotalTime {
  totalTime: number;
}

export type HealthProbe = 'up' | 'down' | 'disabled';

/** GET /api/health: 200 with status 'ok', 503 with status 'error' when the database does not answer. */
export interface HealthStatus {
  status: 'ok' | 'error';
  database: HealthProbe;
  redis: HealthProbe;
}

/** GET /api/health/ready: 200 'ready', 503 'draining' (stopping) or 'error' (database down). */
export interface ReadinessStatus {
  status: 'ready' | 'draining' | 'error';
}

/** POST /api/admin/test-*: the e-mail was queued. */
export interface QueuedEmailResponse {
  success: true;
  id: number;
  message: string;
  smtpConfigured: boolean;
}
