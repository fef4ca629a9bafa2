import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from './app-config';

const RANDOM_KEY = randomBytes(32).toString('hex');
const GOOD_SECRET = randomBytes(32).toString('hex');

/** A production environment that starts; each test spoils one variable. */
function production(overrides: Record<string, string | undefined> = {}) {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://wkflow@127.0.0.1:5432/wkflow',
    SESSION_SECRET: GOOD_SECRET,
    CREDENTIALS_KEY: RANDOM_KEY,
    ADMIN_PASSWORD: 'a-long-chosen-admin-password',
    ...overrides,
  };
}

/** The message loadConfig throws, or null when it accepts the environment. */
function problem(env: Record<string, string | undefined>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe('loadConfig: secrets in production', () => {
  it('accepts random secrets and a chosen admin password', () => {
    expect(problem(production())).toBeNull();
    expect(problem(production({ CREDENTIALS_KEY: randomBytes(32).toString('base64'), ADMIN_PASSWORD: undefined }))).toBeNull();
  });

  it.each([
    ['the 64 zeros compose.yml shipped', '0'.repeat(64)],
    ['a repeated byte', 'a'.repeat(64)],
    ['a short hex pattern repeated', '0123456789abcdef'.repeat(4)],
    ['a base64 of a repeated pattern', Buffer.alloc(32, 'wkflow').toString('base64')],
  ])('refuses a CREDENTIALS_KEY that is not random: %s', (_name, key) => {
    expect(problem(production({ CREDENTIALS_KEY: key }))).toMatch(/CREDENTIALS_KEY is not random/);
  });

  it('refuses a CREDENTIALS_KEY shorter than 32 bytes', () => {
    expect(problem(production({ CREDENTIALS_KEY: randomBytes(16).toString('hex') }))).toMatch(/CREDENTIALS_KEY must be 32 bytes/);
  });

  it.each(['change-me-to-a-long-random-string', 'CHANGE-ME', 'changeme'])('refuses the placeholder SESSION_SECRET %j', (secret) => {
    expect(problem(production({ SESSION_SECRET: secret }))).toMatch(/SESSION_SECRET is the documented placeholder/);
  });

  it('refuses a SESSION_SECRET shorter than 32 characters', () => {
    expect(problem(production({ SESSION_SECRET: 'x'.repeat(31) }))).toMatch(/SESSION_SECRET must be at least 32 characters in production/);
    expect(problem(production({ SESSION_SECRET: 'x'.repeat(32) }))).toBeNull();
  });

  it.each(['admin123', 'admin', 'wkflow123', 'password', 'Admin123'])('refuses the known default ADMIN_PASSWORD %j', (password) => {
    expect(problem(production({ ADMIN_PASSWORD: password }))).toMatch(/ADMIN_PASSWORD is a well-known default password/);
  });

  it('names every bad variable at once', () => {
    const message = problem(
      production({ SESSION_SECRET: 'change-me-to-a-long-random-string', CREDENTIALS_KEY: '0'.repeat(64), ADMIN_PASSWORD: 'admin123' }),
    );
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).toMatch(/CREDENTIALS_KEY/);
    expect(message).toMatch(/ADMIN_PASSWORD/);
  });

  it('keeps the development rules outside production (16-character secret, any key, any admin password)', () => {
    const development = production({
      NODE_ENV: 'development',
      SESSION_SECRET: 'sixteen-chars-ok',
      CREDENTIALS_KEY: '0'.repeat(64),
      ADMIN_PASSWORD: 'admin123',
    });
    expect(problem(development)).toBeNull();
    expect(problem({ ...development, SESSION_SECRET: 'too-short' })).toMatch(/SESSION_SECRET must be at least 16 characters/);
  });
});

describe('loadConfig: request log level', () => {
  it("writes request lines at 'info' unless REQUEST_LOG_LEVEL says otherwise", () => {
    expect(loadConfig(production()).requestLogLevel).toBe('info');
    expect(loadConfig(production({ REQUEST_LOG_LEVEL: 'debug' })).requestLogLevel).toBe('debug');
  });

  it('refuses a level pino does not have', () => {
    expect(problem(production({ REQUEST_LOG_LEVEL: 'loud' }))).toContain(
      'REQUEST_LOG_LEVEL must be one of error, warn, info, debug, trace',
    );
  });
});

describe('loadConfig: single sign-on', () => {
  const sso = (overrides: Record<string, string | undefined> = {}) =>
    production({
      WEB_URL: 'https://wkflow.example.com',
      OIDC_ISSUER_URL: 'https://id.example.com/realms/agency/',
      OIDC_CLIENT_ID: 'wkflow',
      ...overrides,
    });

  it('is off unless OIDC_ISSUER_URL is set; its other variables alone are a mistake', () => {
    expect(loadConfig(production()).oidc).toBeNull();
    expect(problem(production({ OIDC_ONLY: '1' }))).toContain('OIDC_ONLY needs OIDC_ISSUER_URL');
    expect(problem(production({ OIDC_CLIENT_ID: 'wkflow' }))).toContain('OIDC_CLIENT_ID needs OIDC_ISSUER_URL');
  });

  it('defaults the callback to WEB_URL, the label, and a waiting account', () => {
    expect(loadConfig(sso()).oidc).toEqual({
      issuerUrl: 'https://id.example.com/realms/agency',
      clientId: 'wkflow',
      clientSecret: null,
      redirectUri: 'https://wkflow.example.com/api/auth/oidc/callback',
      buttonLabel: 'Entrar com SSO',
      defaultProfileId: null,
      only: false,
    });
    const custom = loadConfig(
      sso({
        WEB_URL: undefined,
        OIDC_REDIRECT_URI: 'https://api.example.com/cb',
        OIDC_DEFAULT_PROFILE: '3',
        OIDC_ONLY: 'true',
        OIDC_CLIENT_SECRET: 's',
      }),
    ).oidc;
    expect(custom).toMatchObject({ redirectUri: 'https://api.example.com/cb', defaultProfileId: 3, only: true, clientSecret: 's' });
  });

  it('refuses a missing client id or callback address, and the Administrador profile as the default', () => {
    expect(problem(sso({ OIDC_CLIENT_ID: undefined }))).toContain('OIDC_CLIENT_ID is required');
    expect(problem(sso({ WEB_URL: undefined }))).toContain('OIDC_ISSUER_URL needs WEB_URL (or OIDC_REDIRECT_URI)');
    expect(problem(sso({ OIDC_DEFAULT_PROFILE: '1' }))).toContain('OIDC_DEFAULT_PROFILE cannot be the Administrador profile');
    expect(problem(sso({ OIDC_DEFAULT_PROFILE: 'gerente' }))).toContain('OIDC_DEFAULT_PROFILE must be an integer');
    expect(problem(sso({ OIDC_ISSUER_URL: 'ftp://id.example.com' }))).toContain('OIDC_ISSUER_URL must use http: or https:');
  });
});
