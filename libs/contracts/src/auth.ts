import type { UserRole } from './permissions';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  username: string;
  email: string;
  password: string;
  role?: UserRole;
}

export interface UpdateProfileRequest {
  name: string;
  email: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** The user as the API returns it (never with a password). */
export interface User {
  id: number;
  name: string;
  username: string;
  email: string;
  role: UserRole;
  accessProfileId: number;
  status: 'approved' | 'pending';
  isApproved: boolean;
  createdAt: string;
  /**
   * GET /api/users/{id} only: the profile asked for at registration ('Perfil Solicitado'), kept
   * after an approval that granted another one; null when unknown (created by an administrator).
   */
  requestedProfileId?: number | null;
}

/** GET /api/auth/me (also the answer of the login and of a profile update) */
export interface MeResponse {
  user: User;
  /** APP_TIMEZONE: the zone 'today', 'tomorrow' and the days to a deadline are counted in. */
  timeZone?: string;
  /**
   * True when the user's access profile requires a second factor he has not set up: until he does,
   * the API answers him only on /api/auth/me, /api/auth/2fa/*, /api/auth/logout (403 elsewhere).
   */
  twoFactorSetupRequired?: boolean;
}

/** POST /api/auth/login for an account with a second factor: the code comes next (POST /api/auth/2fa/verify). */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
}

/** POST /api/auth/2fa/verify: a code of the authenticator app, or one of the recovery codes. */
export interface TwoFactorVerifyRequest {
  code?: string;
  recoveryCode?: string;
}

/** GET /api/auth/2fa: the user's second factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: number;
  /** His access profile requires it (then it cannot be turned off). */
  required: boolean;
}

/** POST /api/auth/2fa/setup: a new secret for the authenticator app (not active until enabled with a code). */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (a PNG data URL). */
  qrCode: string;
}

/** POST /api/auth/2fa/enable */
export interface TwoFactorEnableRequest {
  code: string;
}

/** POST /api/auth/2fa/enable: the 10 single-use recovery codes, shown this once. */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}

/** POST /api/auth/2fa/disable */
export interface TwoFactorDisableRequest {
  password: string;
  code: string;
}

/** An authenticator app's code as typed: six digits, spaces around or between the groups allowed ('123 456'). */
export const TWO_FACTOR_CODE_PATTERN = /^\s*\d{3}\s?\d{3}\s*$/;
export const TWO_FACTOR_CODE_MESSAGE = 'O código tem 6 dígitos';

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'Código inválido ou já usado. Confira o aplicativo autenticador e tente de novo.',
  invalidRecoveryCode: 'Código de recuperação inválido ou já usado.',
  challengeExpired: 'A verificação expirou. Entre de novo com e-mail e senha.',
  alreadyEnabled: 'A verificação em duas etapas já está ativa.',
  notSetUp: 'Comece a configuração de novo: gere um novo código QR.',
  notEnabled: 'A verificação em duas etapas não está ativa.',
  requiredByProfile: 'Seu perfil de acesso exige a verificação em duas etapas: ela não pode ser desativada.',
  setupRequired: 'Seu perfil de acesso exige a verificação em duas etapas. Configure-a em Meu Perfil para continuar.',
  rateLimited: 'Muitas tentativas de código. Aguarde e tente novamente.',
  wrongPassword: 'Senha incorreta',
} as const;

/** GET /api/auth/providers: the ways in the login screen offers. */
export interface AuthProviders {
  /** Single sign-on with the company's OpenID provider, and its button's label; null when not configured. */
  oidc: { label: string } | null;
  /** 'administrators' (OIDC_ONLY): e-mail and password are the administrators' way in when the provider is down. */
  passwordLogin: 'everyone' | 'administrators';
}

/** An account that waits for an administrator's approval, on a sign-in (password or SSO). */
export const PENDING_APPROVAL_MESSAGE = 'Sua conta ainda aguarda aprovação de um administrador';
/** A registration's answer, and a first SSO sign-in's that made an account waiting for approval. */
export const REGISTERED_MESSAGE = 'Conta criada. Aguarde a aprovação de um administrador.';

/**
 * How a single sign-on ended when it did not sign in: the API sends the browser back to
 * `/login?sso=<outcome>` and the login screen shows the text.
 */
export const SSO_OUTCOME_MESSAGES = {
  unavailable: 'O provedor de identidade não respondeu. Tente de novo em alguns minutos; administradores podem entrar com e-mail e senha.',
  failed: 'Não foi possível concluir a entrada com SSO. Tente de novo.',
  cancelled: 'A entrada com SSO foi cancelada.',
  email_unverified: 'Seu provedor de identidade não confirmou seu e-mail. Confirme-o lá, ou fale com um administrador.',
  pending: PENDING_APPROVAL_MESSAGE,
  created: REGISTERED_MESSAGE,
} as const;
export type SsoOutcome = keyof typeof SSO_OUTCOME_MESSAGES;

/** With OIDC_ONLY, a non-administrator's e-mail and password (or reset link) is refused with this. */
export const SSO_ONLY_MESSAGE = 'Entre com o SSO da empresa: o acesso com e-mail e senha é reservado aos administradores.';

/** The error body every API error has. */
export interface ApiError {
  statusCode: number;
  message: string | string[];
  error: string;
}

/** POST /api/auth/forgot-password */
export interface ForgotPasswordRequest {
  email: string;
}
/** POST /api/auth/reset-password (answers MeResponse: the user is logged in) */
export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
}

/** The one answer to a reset request, whether or not the account exists. */
export const PASSWORD_RESET_REQUESTED = 'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.';
/** A used, expired or unknown reset link (400). */
export const PASSWORD_RESET_INVALID = 'Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo link.';
/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** POST /api/auth/login-unlock: the token of an unlock link (answers MessageResponse). */
export interface LoginUnlockRequest {
  token: string;
}
/**
 * The login's answer (403) to an unknown address while the account's ceiling of failures holds, the
 * same whatever the password: the link goes to the account's e-mail only when it was right.
 */
export const LOGIN_UNLOCK_SENT =
  'Muitas tentativas de entrar nesta conta. Por segurança, a entrada a partir de um novo endereço precisa ser confirmada: se o e-mail e a senha estiverem corretos, enviamos um link de liberação para o e-mail da conta.';
/** The answer to a valid unlock link. */
export const LOGIN_UNLOCKED = 'Acesso liberado. Volte ao aparelho em que você tentou entrar e entre com sua senha.';
/** A used, expired or unknown unlock link (400). */
export const LOGIN_UNLOCK_INVALID = 'Este link de liberação é inválido, já foi usado ou expirou. Tente entrar de novo para receber outro.';
/** How long an unlock link works. */
export const LOGIN_UNLOCK_TTL_MS = 60 * 60 * 1000;

/**
 * GET /api/auth/sessions: one browser or device where the user is signed in. `id` names it in this
 * list and in DELETE /api/auth/sessions/{id}; it is not the cookie's id and cannot be used as one.
 */
export interface UserSession {
  id: string;
  /** The session making this request. */
  current: boolean;
  /** From the user agent: 'Chrome 131', 'Linux'; null when it says nothing known. */
  browser: string | null;
  os: string | null;
  mobile: boolean;
  /** The address it signed in from. */
  address: string | null;
  /** When it signed in (null for a session opened before this was recorded). */
  createdAt: string | null;
  /** Its last request, to the hour (the session's expiry is renewed at most hourly); now for the current one. */
  lastSeenAt: string;
}

/** POST /api/auth/sessions/end-others: how many sessions ended. */
export interface EndedSessionsResponse {
  ended: number;
}

export const SESSION_NOT_FOUND = 'Sessão não encontrada ou já encerrada';

/** 'Chrome 131 em Linux', 'Firefox', 'Navegador desconhecido': how a session is named in the lists. */
export function sessionDeviceLabel(session: Pick<UserSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} em ${session.os}`;
  return session.browser ?? session.os ?? 'Navegador desconhecido';
}

/** What an OpenID provider says of a person that names his new account. */
export interface SsoPersonClaims {
  email: string;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  preferred_username?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/** A new SSO account's name: the provider's `name`, else given and family names, else the e-mail's local part (≤ 120). */
export function ssoAccountName(claims: SsoPersonClaims): string {
  const name = text(claims.name) || `${text(claims.given_name)} ${text(claims.family_name)}`.trim() || claims.email.split('@')[0];
  return name.slice(0, 120);
}

/**
 * A new SSO account's username (before a number makes it free): the provider's
 * `preferred_username` (its part before an @), else the e-mail's local part, reduced to letters
 * without accents, digits, '.', '_' and '-'; 3 to 50 characters.
 */
export function ssoUsername(claims: SsoPersonClaims): string {
  const source = (text(claims.preferred_username) || claims.email).split('@')[0];
  const username = source
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, 50);
  return username.length >= 3 ? username : `${username}sso`.padEnd(3, '0');
}

/**
 * The SPA page a sign-in returns to: a path of this site only (never `//host` or a scheme, which
 * would send the browser elsewhere), else the board.
 */
export function returnPathOrHome(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512 || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value.startsWith('/login') ? '/' : value;
}
