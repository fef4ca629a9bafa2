import { randomBytes } from 'node:crypto';
import express from 'express';
import { loadConfig } from './app-config';
import { parseTrustProxy } from './trust-proxy';

/** Express's own compiled 'trust proxy' function for a TRUST_PROXY value, as the API sets it. */
function trustFor(env: Record<string, string>): (peer: string, hop: number) => boolean {
  const config = loadConfig({
    DATABASE_URL: 'postgres://localhost/x',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    ...env,
  });
  return express().set('trust proxy', config.trustProxy).get('trust proxy fn');
}

describe('TRUST_PROXY', () => {
  it('by default, in production too, believes only peers on loopback and private ranges', () => {
    const envs: Record<string, string>[] = [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'production', TRUST_PROXY: 'true' }];
    for (const env of envs) {
      const trusts = trustFor(env);
      for (const proxy of ['127.0.0.1', '::1', '10.1.2.3', '172.18.0.5', '192.168.1.9', 'fd00::5', '169.254.1.1'])
        expect({ env, proxy, trusted: trusts(proxy, 0) }).toEqual({ env, proxy, trusted: true });
      // A client reaching the port directly is the client, whatever X-Forwarded-For it sends.
      for (const client of ['203.0.113.9', '198.51.100.7', '2001:db8::1', '8.8.8.8'])
        expect({ env, client, trusted: trusts(client, 0) }).toEqual({ env, client, trusted: false });
    }
  });

  it('trusts exactly the hops named, none with false, or a number of hops', () => {
    const named = trustFor({ TRUST_PROXY: '10.0.0.7, 192.168.0.0/16' });
    expect([named('10.0.0.7', 0), named('192.168.4.4', 0), named('10.0.0.8', 0), named('127.0.0.1', 0)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(trustFor({ TRUST_PROXY: 'false' })('127.0.0.1', 0)).toBe(false);
    expect(trustFor({ TRUST_PROXY: '0' })('127.0.0.1', 0)).toBe(false);
    const oneHop = trustFor({ TRUST_PROXY: '1' });
    expect([oneHop('203.0.113.9', 0), oneHop('203.0.113.9', 1)]).toEqual([true, false]);
  });

  it('refuses a value that is not a hop count, a range name, an address or a CIDR', () => {
    for (const raw of ['anything', 'loopback, 10.0.0.300', '10.0.0.0/40', ',']) {
      const problems: string[] = [];
      parseTrustProxy(raw, problems);
      expect({ raw, problems }).toEqual({ raw, problems: [expect.stringContaining('TRUST_PROXY must be')] });
    }
  });
});
