import type {
  EmailQueueItem,
  EmailQueueStats,
  EmailServiceStatus,
  TestEmailRequest,
  QueuedEmailResponse,
  TestNotificationRequest,
} from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import { QUEUE_POLL_MS } from './email.logic';

/** GET /api/admin/email-status: not polled; the card has a refresh action. */
export function useEmailStatus(enabled: boolean) {
  return useSWR<EmailServiceStatus>(enabled ? keys.emailStatus : null);
}

/** The last 100 e-mails, polled every 30 s. */
export function useEmailQueue(enabled: boolean) {
  return useSWR<EmailQueueItem[]>(enabled ? keys.emailQueue : null, { refreshInterval: QUEUE_POLL_MS });
}

export function useEmailQueueStats(enabled: boolean) {
  return useSWR<EmailQueueStats>(enabled ? keys.emailQueueStats : null, { refreshInterval: QUEUE_POLL_MS });
}

export function refreshQueue(): Promise<unknown> {
  return Promise.all([mutate(keys.emailQueue), mutate(keys.emailQueueStats)]);
}

async function queue(path: string, body: TestEmailRequest | TestNotificationRequest): Promise<QueuedEmailResponse> {
  const result = await apiFetch<QueuedEmailResponse>(path, { method: 'POST', body });
  void refreshQueue();
  return result;
}

export function sendTestEmail(to: string, subject: string, message: string): Promise<QueuedEmailResponse> {
  return queue('/api/admin/test-email', { to, subject, message });
}

export function sendTestTaskNotification(to: string): Promise<QueuedEmailResponse> {
  return queue('/api/admin/test-task-notification', { to, notificationType: 'task_assigned' });
}

export function sendTestDeadlineNotification(to: string): Promise<QueuedEmailResponse> {
  return queue('/api/admin/test-deadline-notification', { to, notificationType: 'task_due_soon' });
}

/** POST /api/admin/email-queue/{id}/retry: a failed e-mail goes back to the queue. */
export async function retryEmail(id: number): Promise<EmailQueueItem> {
  const item = await apiFetch<EmailQueueItem>(`/api/admin/email-queue/${id}/retry`, { method: 'POST' });
  await refreshQueue();
  return item;
}
