import type { EmailQueueItem, EmailQueueStats, EmailServiceStatus, EmailStatus, EmailType } from '@wkflow/contracts';
import { DateTime } from 'luxon';

/** extended.md §9: the queue list and its stats are polled every 30 s (the status is not). */
export const QUEUE_POLL_MS = 30_000;

export interface BadgeLook {
  label: string;
  colorPalette: string;
}

const SERVICE_BADGES: Record<EmailServiceStatus['status'], BadgeLook> = {
  configured: { label: 'Configurado', colorPalette: 'green' },
  error: { label: 'Erro', colorPalette: 'red' },
  testing: { label: 'Testando', colorPalette: 'yellow' },
  unknown: { label: 'Não Configurado', colorPalette: 'gray' },
};

/** The status card's badge; a check in progress shows 'Testando'. */
export function serviceStatusBadge(status: EmailServiceStatus['status'] | undefined, checking: boolean): BadgeLook {
  if (checking) return SERVICE_BADGES.testing;
  return SERVICE_BADGES[status ?? 'unknown'] ?? SERVICE_BADGES.unknown;
}

export const QUEUE_STATUS: Record<EmailStatus, BadgeLook> = {
  sent: { label: 'Enviados', colorPalette: 'green' },
  pending: { label: 'Pendentes', colorPalette: 'yellow' },
  scheduled: { label: 'Agendados', colorPalette: 'blue' },
  failed: { label: 'Falharam', colorPalette: 'red' },
};

const ITEM_STATUS_LABELS: Record<EmailStatus, string> = { sent: 'Enviado', pending: 'Pendente', scheduled: 'Agendado', failed: 'Falhou' };

/** One queue item's badge. */
export function queueItemBadge(status: EmailStatus): BadgeLook {
  return { label: ITEM_STATUS_LABELS[status] ?? status, colorPalette: QUEUE_STATUS[status]?.colorPalette ?? 'gray' };
}

export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  task_assigned: 'Tarefa atribuída',
  task_completed: 'Tarefa concluída',
  task_comment: 'Comentário',
  task_due_reminder: 'Lembrete de prazo',
  task_overdue: 'Tarefa atrasada',
  test_email: 'E-mail de teste',
  system_notification: 'Notificação do sistema',
  password_reset: 'Redefinição de senha',
  login_unlock: 'Liberação de acesso',
};

/** The four counters in a fixed order (sent, pending, scheduled, failed); missing stats count 0. */
export function queueCounters(
  stats: EmailQueueStats | undefined,
): { status: EmailStatus; label: string; colorPalette: string; value: number }[] {
  return (['sent', 'pending', 'scheduled', 'failed'] as const).map((status) => ({
    status,
    ...QUEUE_STATUS[status],
    value: stats?.byStatus?.[status] ?? 0,
  }));
}

/** pt-BR dd/MM/yyyy HH:mm, or 'Data inválida'. */
export function formatQueueDate(value: string | null | undefined): string {
  const date = value ? DateTime.fromISO(value) : null;
  return date?.isValid ? date.toFormat('dd/MM/yyyy HH:mm') : 'Data inválida';
}

/** The expandable content: the text body, else the HTML body as text, else 'Conteúdo não disponível'. */
export function emailContent(item: Pick<EmailQueueItem, 'body' | 'html_body'>): string {
  const text = item.body?.trim();
  if (text) return text;
  const html = item.html_body
    ?.replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return html || 'Conteúdo não disponível';
}

export function recipientOf(item: Pick<EmailQueueItem, 'recipient_email' | 'to_email'>): string {
  return item.recipient_email || item.to_email;
}

/** The test form's defaults (extended.md §2.12: prefilled Portuguese texts). */
export const TEST_EMAIL_DEFAULTS = {
  subject: 'Teste de E-mail - WKFlow',
  message: 'Este é um e-mail de teste enviado pelo WKFlow para verificar se o serviço de e-mail está funcionando corretamente.',
};

/** extended.md §5: the destination is required. */
export function destinationError(to: string): string | null {
  return to.trim() ? null : 'E-mail de destino é obrigatório';
}
