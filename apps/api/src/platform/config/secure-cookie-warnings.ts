import type { AppConfig } from './app-config';

/**
 * What in the configuration sends Secure cookies where plain http will carry them: the browser (or the
 * API, which never sets a Secure cookie on a request it sees as http) drops them and nobody stays logged
 * in. Logged as warnings at start-up; login then answers 403 over http (auth/secure-transport.guard.ts).
 */
export function secureCookieWarnings(config: Pick<AppConfig, 'cookieSecure' | 'trustProxy' | 'webUrl' | 'webOrigins'>): string[] {
  if (!config.cookieSecure) return [];
  const warnings: string[] = [];
  if (!config.trustProxy)
    warnings.push(
      'COOKIE_SECURE is on but TRUST_PROXY is off: the API itself speaks plain http and ignores X-Forwarded-Proto, ' +
        'so no request counts as https and login answers 403. Behind a TLS proxy set TRUST_PROXY; without TLS set COOKIE_SECURE=false',
    );
  for (const [name, address] of [['WEB_URL', config.webUrl], ...config.webOrigins.map((origin) => ['WEB_ORIGIN', origin])])
    if (address?.startsWith('http://'))
      warnings.push(
        `COOKIE_SECURE is on but ${name} is ${address} (plain http): browsers there get no session cookie and login answers 403. ` +
          'Serve it over https, or set COOKIE_SECURE=false',
      );
  return warnings;
}
