import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFetch, errorMessage, errorStatus, fetchOrNull401, getJson, isOutage, NETWORK_ERROR_MESSAGE, setApiBaseUrl } from './fetcher';

interface Seen {
  method?: string;
  url?: string;
  contentType?: string;
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];

/** A tiny API: each path answers a fixed status and body, and records what it received. */
function handler(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body });
    const reply = (status: number, text: string, statusMessage?: string) => {
      if (statusMessage) res.statusMessage = statusMessage;
      res.writeHead(status, text ? { 'Content-Type': 'application/json' } : {});
      res.end(text);
    };
    switch (req.url) {
      case '/api/echo':
        return reply(200, JSON.stringify({ received: body ? JSON.parse(body) : null, method: req.method }));
      case '/api/empty':
        return reply(204, '');
      case '/api/null':
        return reply(200, 'null');
      case '/api/bad':
        return reply(400, JSON.stringify({ statusCode: 400, message: 'E-mail já cadastrado', error: 'Bad Request' }));
      case '/api/bad-list':
        return reply(400, JSON.stringify({ statusCode: 400, message: ['email must be an email', 'name too short'], error: 'Bad Request' }));
      case '/api/plain':
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        return res.end('boom');
      case '/api/no-body':
        return reply(503, '', 'Service Unavailable');
      case '/api/auth/me':
        return reply(401, JSON.stringify({ statusCode: 401, message: 'Não autenticado', error: 'Unauthorized' }));
      case '/api/me-ok':
        return reply(200, JSON.stringify({ user: { id: 1, username: 'admin' } }));
      default:
        return reply(404, JSON.stringify({ statusCode: 404, message: 'Not Found', error: 'Not Found' }));
    }
  });
}

beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setApiBaseUrl(baseUrl);
});

afterAll(async () => {
  setApiBaseUrl('');
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen = [];
  vi.restoreAllMocks();
});

describe('apiFetch', () => {
  it('sends the body as JSON with a JSON content type and parses the JSON answer', async () => {
    const result = await apiFetch<{ received: unknown; method: string }>('/api/echo', {
      method: 'POST',
      body: { email: 'ana@agencia.com', password: 'segredo' },
    });
    expect(result).toEqual({ received: { email: 'ana@agencia.com', password: 'segredo' }, method: 'POST' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/echo', contentType: 'application/json' });
    expect(JSON.parse(seen[0].body)).toEqual({ email: 'ana@agencia.com', password: 'segredo' });
  });

  it('always includes credentials, with or without a body', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await apiFetch('/api/echo', { method: 'PUT', body: { name: 'x' } });
    await getJson('/api/echo');
    await fetchOrNull401('/api/me-ok');
    expect(spy).toHaveBeenCalledTimes(3);
    for (const [, init] of spy.mock.calls) expect(init?.credentials).toBe('include');
  });

  it('sends no body and no content type when there is no body', async () => {
    await apiFetch('/api/echo', { method: 'POST' });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].body).toBe('');
    expect(seen[0].contentType).toBeUndefined();
  });

  it('GETs by default (the SWR fetcher)', async () => {
    const result = await getJson<{ method: string }>('/api/echo');
    expect(result.method).toBe('GET');
  });

  it('resolves a JSON null body to null (GET /api/time-entries/active with no timer running)', async () => {
    await expect(getJson('/api/null')).resolves.toBeNull();
  });

  it('resolves an empty body to null', async () => {
    await expect(apiFetch('/api/empty', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('throws "<status>: <body text>" on a non-OK response', async () => {
    await expect(apiFetch('/api/bad', { method: 'POST', body: {} })).rejects.toThrow(
      '400: {"statusCode":400,"message":"E-mail já cadastrado","error":"Bad Request"}',
    );
    await expect(getJson('/api/plain')).rejects.toThrow(/^500: boom$/);
  });

  it('uses the status text when the error body is empty', async () => {
    await expect(getJson('/api/no-body')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('rejects with a TypeError when the server cannot be reached', async () => {
    const error = await apiFetch('/api/echo', { baseUrl: 'http://127.0.0.1:9' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(errorMessage(error)).toBe(NETWORK_ERROR_MESSAGE);
    expect(isOutage(error)).toBe(true);
  });

  it('calls an unreachable server or a 5xx an outage, and leaves 4xx answers to the page', async () => {
    expect(isOutage(await getJson('/api/plain').catch((e: unknown) => e))).toBe(true); // 500
    expect(isOutage(await getJson('/api/no-body').catch((e: unknown) => e))).toBe(true); // 503
    expect(isOutage(await apiFetch('/api/bad', { method: 'POST', body: {} }).catch((e: unknown) => e))).toBe(false); // 400
    expect(isOutage(new Error('404: Not Found'))).toBe(false);
    expect(isOutage(new Error('something else'))).toBe(false);
    expect(isOutage('not an error')).toBe(false);
  });

  it('takes a per-call base URL', async () => {
    setApiBaseUrl('http://127.0.0.1:9'); // nothing listens there
    try {
      await expect(apiFetch('/api/empty', { baseUrl })).resolves.toBeNull();
    } finally {
      setApiBaseUrl(baseUrl);
    }
  });
});

describe('fetchOrNull401', () => {
  it('returns null on 401', async () => {
    await expect(fetchOrNull401('/api/auth/me')).resolves.toBeNull();
  });

  it('returns the JSON when OK', async () => {
    await expect(fetchOrNull401('/api/me-ok')).resolves.toEqual({ user: { id: 1, username: 'admin' } });
  });

  it('still throws on other errors', async () => {
    await expect(fetchOrNull401('/api/no-body')).rejects.toThrow('503: Service Unavailable');
  });

  it('treats 401 as an error in the default fetcher', async () => {
    await expect(getJson('/api/auth/me')).rejects.toThrow(/^401: /);
  });
});

describe('errorMessage / errorStatus', () => {
  async function caught(path: string): Promise<unknown> {
    try {
      await getJson(path);
    } catch (error) {
      return error;
    }
    throw new Error('expected a failure');
  }

  it('extracts the server message field', async () => {
    const error = await caught('/api/bad');
    expect(errorMessage(error)).toBe('E-mail já cadastrado');
    expect(errorStatus(error)).toBe(400);
  });

  it('joins a list of messages', async () => {
    expect(errorMessage(await caught('/api/bad-list'))).toBe('email must be an email; name too short');
  });

  it('falls back to the body text, then the status text', async () => {
    expect(errorMessage(await caught('/api/plain'))).toBe('boom');
    expect(errorMessage(await caught('/api/no-body'))).toBe('Service Unavailable');
  });

  it('uses the fallback for things that are not errors', () => {
    expect(errorMessage('nope', 'Erro ao atualizar perfil')).toBe('Erro ao atualizar perfil');
    expect(errorMessage(new Error('Nenhum timer ativo'))).toBe('Nenhum timer ativo');
    expect(errorMessage(new TypeError('fetch failed'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorStatus(new Error('Failed to fetch'))).toBeNull();
  });
});
