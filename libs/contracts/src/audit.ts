/** The audit trail's screen ('Auditoria', administrators only): who did what to which object, and when. */
export interface AuditRecord {
  id: number;
  createdAt: string;
  /** Null: done by no signed-in person (a failed sign-in, the installation). */
  actor: { id: number; name: string } | null;
  action: string;
  entity: string;
  entityId: number | null;
  data: Record<string, unknown>;
}

export interface AuditPage {
  items: AuditRecord[];
  total: number;
}

/** GET /api/audit (and /api/audit/export): days are in APP_TIMEZONE, both included. */
export interface AuditQuery {
  actorId?: number;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
}

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds (narrow the period for more). */
export const AUDIT_EXPORT_MAX = 50_000;

/** pt-BR names of the actions the trail records (an action not listed shows as written). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  sign_in: 'Entrada',
  sign_in_failed: 'Entrada recusada',
  session_ended: 'Sessão encerrada',
  sessions_ended: 'Sessões encerradas',
  two_factor_enabled: 'Verificação em duas etapas ativada',
  two_factor_disabled: 'Verificação em duas etapas desativada',
  two_factor_recovery_code_used: 'Código de recuperação usado',
  sso_identity_linked: 'Conta ligada ao SSO',
  sso_account_created: 'Conta criada pelo SSO',
  api_token_created: 'Token de API criado',
  api_token_revoked: 'Token de API revogado',
  access_profile_created: 'Perfil de acesso criado',
  access_profile_updated: 'Perfil de acesso alterado',
  access_profile_permissions_saved: 'Permissões salvas',
  access_profile_deleted: 'Perfil de acesso excluído',
  user_profile_changed: 'Perfil do usuário alterado',
  user_approved: 'Cadastro aprovado',
  user_rejected: 'Cadastro rejeitado',
  credential_revealed: 'Senha de cliente revelada',
  audit_exported: 'Auditoria exportada',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** GET /api/audit/actions */
export type AuditActions = string[];
