import { describe, expect, it } from 'vitest';
import { returnPathOrHome, sessionDeviceLabel, ssoAccountName, ssoUsername } from '../src/auth';

describe('sessionDeviceLabel', () => {
  it('names a session by browser and system, by what is known, or says it is unknown', () => {
    expect(sessionDeviceLabel({ browser: 'Firefox 132', os: 'Windows 10' })).toBe('Firefox 132 em Windows 10');
    expect(sessionDeviceLabel({ browser: 'curl 8', os: null })).toBe('curl 8');
    expect(sessionDeviceLabel({ browser: null, os: 'Android 14' })).toBe('Android 14');
    expect(sessionDeviceLabel({ browser: null, os: null })).toBe('Navegador desconhecido');
  });
});

describe('a new SSO account', () => {
  it('is named by the provider: name, else given and family names, else the e-mail', () => {
    expect(ssoAccountName({ email: 'ana@x.com', name: '  Ana   Souza ' })).toBe('Ana Souza');
    expect(ssoAccountName({ email: 'ana@x.com', given_name: 'Ana', family_name: 'Souza' })).toBe('Ana Souza');
    expect(ssoAccountName({ email: 'ana.souza@x.com', name: 42 })).toBe('ana.souza');
    expect(ssoAccountName({ email: 'a@x.com', name: 'n'.repeat(300) })).toHaveLength(120);
  });

  it('gets a username the users pattern accepts, from preferred_username or the e-mail', () => {
    expect(ssoUsername({ email: 'x@y.com', preferred_username: 'joão.silva@corp.com' })).toBe('joao.silva');
    expect(ssoUsername({ email: 'Maria Clara+tag@y.com' })).toBe('MariaClaratag');
    expect(ssoUsername({ email: 'é@y.com' })).toBe('esso');
    expect(ssoUsername({ email: '中@y.com' })).toBe('sso');
    expect(ssoUsername({ email: `${'a'.repeat(80)}@y.com` })).toHaveLength(50);
    for (const claims of [{ email: '"quoted"@y.com' }, { email: 'x@y', preferred_username: '<script>' }])
      expect(ssoUsername(claims)).toMatch(/^[A-Za-z0-9._-]{3,50}$/);
  });
});

describe('returnPathOrHome', () => {
  it('keeps a path of this site and sends anything else to the board', () => {
    expect(returnPathOrHome('/kanban?task=3')).toBe('/kanban?task=3');
    for (const value of [
      '//evil.com',
      '/\\evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '/a\nb',
      '/login?x',
      7,
      undefined,
      `/${'a'.repeat(600)}`,
    ])
      expect(returnPathOrHome(value)).toBe('/');
  });
});
