import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Response } from 'superagent';
import { IMMUTABLE_CACHE } from '../src/app.factory';
import { plainHttpSecurityHeaders } from '../src/platform/http/security-headers';
import { startTestApp, type TestContext } from './utils/test-app';

/**
 * The built SPA served from the API's port (`WEB_DIST_DIR`), laid out as `vite build` writes it: hashed files
 * under assets/, each text file with its `.br` and `.gz` beside it.
 */
describe('serving the built web app (e2e)', () => {
  const asset = '/assets/BoardPage-Dx3k9QaZ.js';
  const script = `export const board = ${JSON.stringify('quadro '.repeat(400))};\n`;
  const page = `<!doctype html><html lang="pt-BR"><head><script type="module" src="${asset}"></script></head><body><div id="root"></div></body></html>`;
  let dist: string;
  let ctx: TestContext;

  function writeWithCompressed(path: string, text: string): void {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(text, { level: 9 }));
  }

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'wkflow-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeWithCompressed('index.html', page);
    writeWithCompressed(asset.slice(1), script);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await startTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli, cached for a year', async () => {
    const response = await ctx.http.get(asset).set('Accept-Encoding', 'br, gzip').buffer(true).parse(rawBody).expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(response.headers['content-length'])).toBe(statSync(join(dist, `${asset.slice(1)}.br`)).size);
    expect(Number(response.headers['content-length'])).toBeLessThan(script.length / 10);
  });

  it('falls back to gzip, then to the plain file, by Accept-Encoding', async () => {
    const gzip = await ctx.http.get(asset).set('Accept-Encoding', 'gzip').buffer(true).parse(rawBody).expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE_CACHE);

    const plain = await ctx.http.get(asset).set('Accept-Encoding', 'identity').buffer(true).parse(rawBody).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('sends index.html compressed and never cached, for / and for client routes', async () => {
    for (const path of ['/', '/index.html', '/analytics', '/clients/7']) {
      const response = await ctx.http.get(path).set('Accept-Encoding', 'br, gzip').buffer(true).parse(rawBody).expect(200);
      expect({ path, encoding: response.headers['content-encoding'] }).toEqual({ path, encoding: 'br' });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('revalidates files outside /assets, and answers a missing asset with 404 instead of the page', async () => {
    const favicon = await ctx.http.get('/favicon.svg').expect(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');

    const missing = await ctx.http.get('/assets/Gone-00000000.js').set('Accept-Encoding', 'br, gzip').expect(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it("sends the security headers nginx sends (the API's) on the page, an asset and a 404", async () => {
    // The web container's nginx is checked against the same list (apps/web/e2e/nginx-delivery.e2e.mjs).
    const expected = plainHttpSecurityHeaders();
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const path of ['/', '/clients/7', asset, '/assets/Gone-00000000.js']) {
      const response = await ctx.http.get(path);
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers[name]]));
      expect({ path, sent }).toEqual({ path, sent: expected });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('leaves /api to the API', async () => {
    const response = await ctx.http.get('/api/no-such-thing').set('Accept-Encoding', 'br, gzip').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

/** Keeps the body as the bytes sent (superagent would otherwise decode it). */
function rawBody(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
