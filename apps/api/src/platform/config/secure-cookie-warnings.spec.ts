import { secureCookieWarnings } from './secure-cookie-warnings';

describe('secureCookieWarnings', () => {
  const behindTls = {
    cookieSecure: true,
    trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
    webUrl: 'https://wkflow.example.com',
    webOrigins: [],
  };

  it('says nothing when Secure cookies travel over https, or when they are off', () => {
    expect(secureCookieWarnings(behindTls)).toEqual([]);
    expect(secureCookieWarnings({ cookieSecure: false, trustProxy: false, webUrl: 'http://localhost:8080', webOrigins: [] })).toEqual([]);
  });

  it('warns when TRUST_PROXY is off (the API cannot see https) and names each plain-http address', () => {
    const warnings = secureCookieWarnings({
      ...behindTls,
      trustProxy: false,
      webUrl: 'http://localhost:8080',
      webOrigins: ['http://app.test'],
    });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^COOKIE_SECURE is on but TRUST_PROXY is off/);
    expect(warnings[1]).toMatch(/^COOKIE_SECURE is on but WEB_URL is http:\/\/localhost:8080/);
    expect(warnings[2]).toMatch(/^COOKIE_SECURE is on but WEB_ORIGIN is http:\/\/app.test/);
  });
});
