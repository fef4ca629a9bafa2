import { MODULES, MODULE_LABELS, type ModuleName, type PermissionNeed } from './permissions';

/**
 * Personal API tokens: `Authorization: Bearer <token>` for scripts and other systems. A token
 * reaches the routes its scopes name (a module and a level, as in access profiles), never more
 * than its owner's own permissions at the moment of each request.
 */
export const API_TOKEN_LEVELS = ['read', 'write'] as const;
export type ApiTokenLevel = (typeof API_TOKEN_LEVELS)[number];
/** `tasks:read`, `time_tracking:write`… */
export type ApiTokenScope = `${ModuleName}:${ApiTokenLevel}`;
export const API_TOKEN_SCOPES: readonly ApiTokenScope[] = MODULES.flatMap((module) =>
  API_TOKEN_LEVELS.map((level) => `${module}:${level}` as const),
);

/** The longest a token may live. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_NAME_MAX = 80;
/** A token's secret: its prefix, then 43 base64url characters (256 bits). */
export const API_TOKEN_PATTERN = /^wkf_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_MESSAGES = {
  invalid: 'Token de API inválido, expirado ou revogado',
  outOfScope: 'O token de API não tem escopo para esta ação',
  notFound: 'Token de API não encontrado',
  expiryTooFar: `A validade de um token é de no máximo ${API_TOKEN_MAX_DAYS} dias`,
  expiryPast: 'A validade do token deve ser uma data futura',
  scopesRequired: 'Escolha ao menos um escopo',
  scopeUnknown: 'Escopo desconhecido',
  rateLimited: 'Muitas requisições com este token de API. Aguarde e tente novamente.',
} as const;

/** A token as listed (GET /api/tokens): never its secret. */
export interface ApiToken {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  expiresAt: string;
  createdAt: string;
  /** Its last request (to the minute); null: never used. */
  lastUsedAt: string | null;
  /** Its owner: whose permissions bound it. */
  owner: { id: number; name: string };
}

/** POST /api/tokens */
export interface CreateApiTokenRequest {
  name: string;
  scopes: ApiTokenScope[];
  /** ISO date-time, in the future and within API_TOKEN_MAX_DAYS. */
  expiresAt: string;
}

/** POST /api/tokens' answer: the secret, shown this once. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** Whether scopes grant a need of a module: `write` grants every need, `read` grants reading (also 'view all'). */
export function scopesGrant(scopes: readonly string[], module: ModuleName | string, need: PermissionNeed): boolean {
  if (scopes.includes(`${module}:write`)) return true;
  return need !== 'write' && scopes.includes(`${module}:read`);
}

/** 'Tarefas: leitura' — a scope as the screens show it. */
export function apiTokenScopeLabel(scope: ApiTokenScope): string {
  const [module, level] = scope.split(':') as [ModuleName, ApiTokenLevel];
  return `${MODULE_LABELS[module]}: ${level === 'write' ? 'escrita' : 'leitura'}`;
}
