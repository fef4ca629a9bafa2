import { randomBytes } from 'node:crypto';
import { IANAZone } from 'luxon';
import { ADMIN_PROFILE_ID } from '@wkflow/contracts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

/** Everything the API reads from its environment, validated once at start-up. */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  databaseUrl: string;
  /** Optional: without it the API delivers e-mails and computes reports itself and /ws serves one instance. */
  redisUrl: string | null;
  redisPrefix: string;
  sessionSecret: string;
  /** Origins allowed to call the API cross-origin (CORS with credentials, CSRF check). */
  webOrigins: string[];
  /** The web app's public address (WEB_URL): e-mails link to tasks and password resets under it; null when unset. */
  webUrl: string | null;
  appTimezone: string;
  smtpUrl: string | null;
  mailFrom: string;
  openaiApiKey: string | null;
  openaiBaseUrl: string | null;
  aiModel: string;
  /** Timeout of one call to the AI provider. */
  aiTimeoutMs: number;
  /** 32-byte key (hex or base64) for AES-256-GCM of client credentials. */
  credentialsKey: Buffer;
  adminEmail: string;
  adminPassword: string | null;
  cookieSecure: boolean;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY); see config/trust-proxy.ts. */
  trustProxy: TrustProxy;
  /** Directory of a built web app to serve on the same port (optional). */
  webDistDir: string | null;
  uploadDir: string;
  /** Uploads one user may have in flight at once on this process (429 past it). */
  uploadConcurrencyPerUser: number;
  loginLimitPerAccount: number;
  loginLimitPerIp: number;
  loginLimitWindowMs: number;
  /** Login failures on one account from every source together, per window (looser). */
  loginLimitAccountCeiling: number;
  registerLimitPerIp: number;
  registerLimitWindowMs: number;
  /** Password-reset requests per typed address and per account, per source (IP), and their window. */
  passwordResetLimitPerAddress: number;
  passwordResetLimitPerIp: number;
  passwordResetLimitWindowMs: number;
  logLevel: string;
  /** The level each request's log line is written at (5xx at 'error'); `npm start` sets 'debug', so a local run stays quiet. */
  requestLogLevel: string;
  /** E-mail delivery: attempts per e-mail, first retry delay (doubles each time), outbox sweep. */
  emailAttempts: number;
  emailRetryDelayMs: number;
  emailSweepMs: number;
  /** How often deadline reminders are checked. */
  reminderIntervalMs: number;
  /** On SIGTERM: how long readiness answers 503 before the listener closes, and how long requests in flight get. */
  shutdownDelayMs: number;
  shutdownTimeoutMs: number;
  /** How long the session and active-timer caches serve an entry no database notification dropped (a safety net). */
  cacheTtlMs: number;
  /** `/metrics` on the API's port behind this bearer token (METRICS_TOKEN); null: not there. */
  metricsToken: string | null;
  /** `/metrics` on a port of its own, without a token (METRICS_PORT); null: none. */
  metricsPort: number | null;
  /** Requests one personal API token may make per minute, per API process (429 past it). */
  apiTokenRateLimit: number;
  /** Single sign-on with an OpenID provider (OIDC_*); null when OIDC_ISSUER_URL is unset. */
  oidc: OidcConfig | null;
}

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  /** Null: a public client (PKCE alone authenticates the code exchange). */
  clientSecret: string | null;
  /** Where the provider sends the browser back: OIDC_REDIRECT_URI, else `<WEB_URL>/api/auth/oidc/callback`. */
  redirectUri: string;
  buttonLabel: string;
  /** The access profile a first SSO sign-in is approved with; null: the account waits for approval. */
  defaultProfileId: number | null;
  /** OIDC_ONLY: e-mail and password sign in administrators only (break-glass); everyone else uses the provider. */
  only: boolean;
}

function oidcConfig(env: Env, webUrl: string | null, problems: string[]): OidcConfig | null {
  const issuerUrl = url(env, 'OIDC_ISSUER_URL', ['http:', 'https:'], problems, false);
  if (!issuerUrl) {
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_DEFAULT_PROFILE', 'OIDC_ONLY', 'OIDC_REDIRECT_URI'])
      if (optional(env, name)) problems.push(`${name} needs OIDC_ISSUER_URL`);
    return null;
  }
  const clientId = required(env, 'OIDC_CLIENT_ID', problems);
  const redirectUri =
    url(env, 'OIDC_REDIRECT_URI', ['http:', 'https:'], problems, false) ?? (webUrl ? `${webUrl}/api/auth/oidc/callback` : null);
  if (!redirectUri) problems.push('OIDC_ISSUER_URL needs WEB_URL (or OIDC_REDIRECT_URI) to name the callback address');
  const rawProfile = optional(env, 'OIDC_DEFAULT_PROFILE');
  const defaultProfileId = rawProfile === null ? null : int(env, 'OIDC_DEFAULT_PROFILE', 0, problems, 1, 2_147_483_647) || null;
  if (defaultProfileId === ADMIN_PROFILE_ID) problems.push('OIDC_DEFAULT_PROFILE cannot be the Administrador profile (1)');
  return {
    issuerUrl: issuerUrl.replace(/\/+$/, ''),
    clientId,
    clientSecret: optional(env, 'OIDC_CLIENT_SECRET'),
    redirectUri: redirectUri ?? '',
    buttonLabel: optional(env, 'OIDC_BUTTON_LABEL')?.slice(0, 60) ?? 'Entrar com SSO',
    defaultProfileId: defaultProfileId === ADMIN_PROFILE_ID ? null : defaultProfileId,
    only: bool(env, 'OIDC_ONLY', false, problems),
  };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string, problems: string[]): string {
  const value = env[name]?.trim();
  if (!value) problems.push(`${name} is required`);
  return value ?? '';
}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function url(env: Env, name: string, protocols: string[], problems: string[], isRequired: boolean): string | null {
  const value = isRequired ? required(env, name, problems) : optional(env, name);
  if (!value) return null;
  try {
    const parsed = new URL(value);
    if (!protocols.includes(parsed.protocol)) {
      problems.push(`${name} must use ${protocols.join(' or ')} (got ${parsed.protocol})`);
    }
  } catch {
    problems.push(`${name} is not a valid URL`);
  }
  return value;
}

function int(env: Env, name: string, fallback: number, problems: string[], min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer between ${min} and ${max}`);
    return fallback;
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false`);
  return fallback;
}

/** The session secret docker/compose.yml used to ship, and README-style stand-ins for one. */
export const PLACEHOLDER_SESSION_SECRETS = ['change-me-to-a-long-random-string', 'change-me', 'changeme', 'secret', 'session-secret'];
/** Production secrets are at least this long (`openssl rand -hex 32` gives 64 characters). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;
/**
 * Administrator passwords that were shipped or printed as examples, or that any guesser tries first:
 * refused as ADMIN_PASSWORD in production (compared lower-cased).
 */
export const KNOWN_DEFAULT_ADMIN_PASSWORDS = [
  'admin',
  'admin123',
  'admin1234',
  'administrador',
  'wkflow',
  'wkflow123',
  'password',
  'password123',
  'senha',
  'senha123',
  '123456',
  '12345678',
  'changeme',
  'change-me',
];
/**
 * A random 32-byte key has about 28 distinct byte values (never fewer than 16 in practice); an all-zero
 * key, a repeated pattern or hex digits typed by hand have far fewer.
 */
const MIN_KEY_DISTINCT_BYTES = 16;

function credentialsKey(env: Env, problems: string[], production: boolean): Buffer {
  const raw = optional(env, 'CREDENTIALS_KEY');
  if (!raw) {
    if (production) problems.push('CREDENTIALS_KEY is required in production (32 bytes, hex or base64)');
    // Development only: a per-process key means stored credentials cannot be read after a restart.
    return randomBytes(32);
  }
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) problems.push('CREDENTIALS_KEY must be 32 bytes (64 hex characters or base64)');
  else if (production && new Set(key).size < MIN_KEY_DISTINCT_BYTES)
    problems.push('CREDENTIALS_KEY is not random (all zeros or a repeated pattern): generate one with `openssl rand -hex 32`');
  return key;
}

function sessionSecret(env: Env, problems: string[], production: boolean): string {
  const secret = optional(env, 'SESSION_SECRET');
  if (!secret) {
    if (production) problems.push('SESSION_SECRET is required in production');
    return 'development-only-session-secret';
  }
  if (production && PLACEHOLDER_SESSION_SECRETS.includes(secret.toLowerCase()))
    problems.push('SESSION_SECRET is the documented placeholder: generate one with `openssl rand -hex 32`');
  else if (production && secret.length < MIN_PRODUCTION_SECRET_LENGTH)
    problems.push(`SESSION_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production`);
  else if (secret.length < 16) problems.push('SESSION_SECRET must be at least 16 characters');
  return secret;
}

function adminPassword(env: Env, problems: string[], production: boolean): string | null {
  const password = optional(env, 'ADMIN_PASSWORD');
  if (password && production && KNOWN_DEFAULT_ADMIN_PASSWORDS.includes(password.toLowerCase()))
    problems.push('ADMIN_PASSWORD is a well-known default password: choose another (or leave it unset to have one generated)');
  return password;
}

function metricsToken(env: Env, problems: string[]): string | null {
  const token = optional(env, 'METRICS_TOKEN');
  if (token && token.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  return token;
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const nodeEnv = optional(env, 'NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';

  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems, true) ?? '';
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:'], problems, false);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'], problems, false);
  const openaiBaseUrl = url(env, 'OPENAI_BASE_URL', ['http:', 'https:'], problems, false);

  const webOrigins = (optional(env, 'WEB_ORIGIN') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of webOrigins) {
    try {
      const parsed = new URL(origin);
      if (parsed.origin !== origin.replace(/\/$/, '')) problems.push(`WEB_ORIGIN entry ${origin} must be an origin (scheme://host[:port])`);
    } catch {
      problems.push(`WEB_ORIGIN entry ${origin} is not a valid origin`);
    }
  }

  let webUrl = url(env, 'WEB_URL', ['http:', 'https:'], problems, false);
  if (webUrl) {
    const parsed = new URL(webUrl);
    if (parsed.search || parsed.hash || parsed.username || parsed.password)
      problems.push('WEB_URL must be a plain address (scheme://host[:port][/path]), without query, fragment or credentials');
    webUrl = webUrl.replace(/\/+$/, '');
  }

  const appTimezone = optional(env, 'APP_TIMEZONE') ?? 'America/Sao_Paulo';
  if (!IANAZone.isValidZone(appTimezone)) problems.push(`APP_TIMEZONE ${appTimezone} is not a valid IANA time zone`);

  const logLevel = optional(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  const requestLogLevel = optional(env, 'REQUEST_LOG_LEVEL') ?? 'info';
  if (!['error', 'warn', 'info', 'debug', 'trace'].includes(requestLogLevel)) {
    problems.push('REQUEST_LOG_LEVEL must be one of error, warn, info, debug, trace');
  }

  const config: AppConfig = {
    nodeEnv,
    port: int(env, 'PORT', 3000, problems, 0, 65535),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    redisUrl,
    redisPrefix: optional(env, 'REDIS_PREFIX') ?? 'wkflow',
    sessionSecret: sessionSecret(env, problems, production),
    webOrigins,
    webUrl,
    appTimezone,
    smtpUrl,
    mailFrom: optional(env, 'MAIL_FROM') ?? 'WKFlow <no-reply@wkflow.local>',
    openaiApiKey: optional(env, 'OPENAI_API_KEY'),
    openaiBaseUrl,
    aiModel: optional(env, 'AI_MODEL') ?? 'gpt-4o',
    aiTimeoutMs: int(env, 'AI_TIMEOUT_MS', 10_000, problems, 100, 600_000),
    credentialsKey: credentialsKey(env, problems, production),
    adminEmail: optional(env, 'ADMIN_EMAIL') ?? 'admin@wkflow.local',
    adminPassword: adminPassword(env, problems, production),
    cookieSecure: bool(env, 'COOKIE_SECURE', production, problems),
    trustProxy: parseTrustProxy(optional(env, 'TRUST_PROXY'), problems),
    webDistDir: optional(env, 'WEB_DIST_DIR'),
    uploadDir: optional(env, 'UPLOAD_DIR') ?? '.data/uploads',
    uploadConcurrencyPerUser: int(env, 'UPLOAD_CONCURRENCY_PER_USER', 3, problems, 1, 100),
    loginLimitPerAccount: int(env, 'LOGIN_LIMIT_PER_ACCOUNT', 10, problems, 1),
    loginLimitPerIp: int(env, 'LOGIN_LIMIT_PER_IP', 50, problems, 1),
    loginLimitWindowMs: int(env, 'LOGIN_LIMIT_WINDOW_MS', 60_000, problems, 1000),
    loginLimitAccountCeiling: int(env, 'LOGIN_LIMIT_ACCOUNT_CEILING', 100, problems, 1),
    registerLimitPerIp: int(env, 'REGISTER_LIMIT_PER_IP', 10, problems, 1),
    registerLimitWindowMs: int(env, 'REGISTER_LIMIT_WINDOW_MS', 3_600_000, problems, 1000),
    passwordResetLimitPerAddress: int(env, 'PASSWORD_RESET_LIMIT_PER_ADDRESS', 5, problems, 1),
    passwordResetLimitPerIp: int(env, 'PASSWORD_RESET_LIMIT_PER_IP', 20, problems, 1),
    passwordResetLimitWindowMs: int(env, 'PASSWORD_RESET_LIMIT_WINDOW_MS', 3_600_000, problems, 1000),
    logLevel,
    requestLogLevel,
    emailAttempts: int(env, 'EMAIL_ATTEMPTS', 5, problems, 1, 50),
    emailRetryDelayMs: int(env, 'EMAIL_RETRY_DELAY_MS', 5000, problems, 10),
    emailSweepMs: int(env, 'EMAIL_SWEEP_MS', 30_000, problems, 100),
    reminderIntervalMs: int(env, 'REMINDER_INTERVAL_MS', 60_000, problems, 100),
    shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 0, problems, 0, 600_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, problems, 100, 600_000),
    cacheTtlMs: int(env, 'CACHE_TTL_MS', 10_000, problems, 100),
    metricsToken: metricsToken(env, problems),
    metricsPort: optional(env, 'METRICS_PORT') === null ? null : int(env, 'METRICS_PORT', 0, problems, 0, 65535),
    apiTokenRateLimit: int(env, 'API_TOKEN_RATE_LIMIT', 600, problems, 1, 1_000_000),
    oidc: oidcConfig(env, webUrl, problems),
  };
  if (problems.length) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}

/** Injection token of the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
