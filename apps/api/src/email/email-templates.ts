import type { EmailType } from '@wkflow/contracts';

/** HTML-escapes text placed in a template. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const HEADINGS: Record<EmailType, string> = {
  task_assigned: 'Nova tarefa atribuída a você',
  task_completed: 'Tarefa concluída',
  task_comment: 'Novo comentário em uma tarefa',
  task_due_reminder: 'Lembrete de prazo',
  task_overdue: 'Tarefa atrasada',
  test_email: 'E-mail de teste',
  system_notification: 'Aviso do WKFlow',
  password_reset: 'Redefinição de senha',
  login_unlock: 'Liberação de acesso',
};

/** A link the e-mail leads to (the task or chat room), absolute under WEB_URL. */
export interface EmailLink {
  url: string;
  label: string;
}

/** The plain-text body: the message, then the link on its own line when there is one. */
export function emailText(message: string, link: EmailLink | null): string {
  return link ? `${message}\n\n${link.label}: ${link.url}` : message;
}

/** The pt-BR HTML of an e-mail: a heading per type, the escaped message, the link as a button, and a footer. */
export function renderEmail(type: EmailType, recipientName: string | null, message: string, link: EmailLink | null = null): string {
  const greeting = recipientName ? `Olá, ${escapeHtml(recipientName)}!` : 'Olá!';
  const paragraphs = escapeHtml(message)
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px;line-height:1.5">${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
  const button = link
    ? `<p style="margin:20px 0 8px"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(link.label)}</a></p>` +
      `<p style="margin:0;color:#6b7280;font-size:12px;word-break:break-all">${escapeHtml(link.url)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;border:1px solid #e5e7eb">
<tr><td style="background:#2563eb;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">WKFlow</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${HEADINGS[type]}</h1>
<p style="margin:0 0 12px">${greeting}</p>${paragraphs}${button}</td></tr>
<tr><td style="padding:16px 24px;color:#6b7280;font-size:12px;border-top:1px solid #e5e7eb">Você recebe este e-mail porque usa o WKFlow. Ajuste seus avisos em Configurações &gt; Notificações.</td></tr>
</table></td></tr></table></body></html>`;
}
