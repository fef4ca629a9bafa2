// The web container's nginx (docker/nginx.conf.template, rendered by docker/web-entrypoint.sh) run with Debian's
// nginx in front of the real build (apps/web/dist) and a stand-in API: it must pass `nginx -t`, send the
// precompressed files with the cache headers and the API's security headers on every response.
// scripts/ensure-nginx.sh installs nginx-light and the brotli_static module when missing.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/free-port.cjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = join(root, 'apps/web/dist');
const TEMPLATE = join(root, 'docker/nginx.conf.template');
const ENTRYPOINT = readFileSync(join(root, 'docker/web-entrypoint.sh'), 'utf8');
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The headers the API's helmet sends over plain http (the built API: apps/api/dist).
const { plainHttpSecurityHeaders } = createRequire(import.meta.url)(join(root, 'apps/api/dist/platform/http/security-headers.js'));
const API_HEADERS = plainHttpSecurityHeaders();

let api;
/** The web container's nginx with the default environment (no HSTS). */
let web;

/** Replaces `from` in `text`, which must hold it exactly once (so a changed file fails here). */
function replaceOnce(text, from, to, what = 'docker/nginx.conf.template') {
  assert.equal(text.split(from).length, 2, `${what} should hold ${from} once`);
  return text.replace(from, to);
}

function modulesPath() {
  const text = execFileSync('sh', ['-c', 'nginx -V 2>&1'], { encoding: 'utf8' });
  return /--modules-path=(\S+)/.exec(text)?.[1] ?? '/usr/lib/nginx/modules';
}

function get(port, path, headers = {}) {
  return new Promise((resolveGet, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolveGet({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Renders the template with the container's own entrypoint (its paths pointed at a temporary folder, its
 * final `exec nginx` left out), with `env` as the container's environment. Returns the rendered server block,
 * or throws with the entrypoint's message when it refuses the environment.
 */
function renderWithEntrypoint(dir, env) {
  let script = replaceOnce(ENTRYPOINT, '/etc/nginx/templates/default.conf.template', TEMPLATE, 'docker/web-entrypoint.sh');
  script = replaceOnce(script, '/etc/nginx/conf.d/default.conf', join(dir, 'rendered.conf'), 'docker/web-entrypoint.sh');
  script = replaceOnce(script, "exec nginx -g 'daemon off;'", 'exit 0', 'docker/web-entrypoint.sh');
  execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH, ...env }, stdio: 'pipe' });
  return readFileSync(join(dir, 'rendered.conf'), 'utf8');
}

/** Debian's nginx with the rendered web config on a free port, serving apps/web/dist. */
async function startWebNginx(env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wkflow-nginx-'));
  const port = await freePort();
  let server = renderWithEntrypoint(dir, { API_UPSTREAM: `http://127.0.0.1:${api.address().port}`, ...env });
  server = replaceOnce(server, 'listen 80;', `listen 127.0.0.1:${port};`);
  server = replaceOnce(server, 'root /usr/share/nginx/html;', `root ${dist};`);
  writeFileSync(join(dir, 'server.conf'), server);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${join(dir, name)};`);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // Debian's nginx.conf loads its modules from modules-enabled/; this one loads the one the template needs.
      `load_module ${modulesPath()}/ngx_http_brotli_static_module.so;`,
      process.getuid?.() === 0 ? 'user root;' : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...temp.map((line) => `  ${line}`),
      `  include ${join(dir, 'server.conf')};`,
      '}',
    ].join('\n'),
  );
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    if (Date.now() - started > 10_000) throw new Error(`nginx did not answer in 10 s:\n${output}`);
    try {
      await get(port, '/favicon.svg');
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    dir,
    get: (path, headers) => get(port, path, headers),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The values of header `name` in a response, one per time it was sent. */
function sent(response, name) {
  return response.rawHeaders.flatMap((value, i) => (i % 2 === 1 && response.rawHeaders[i - 1].toLowerCase() === name ? [value] : []));
}

/** Asserts that every security header of the API went out exactly once with the API's value. */
function assertSecurityHeaders(what, response) {
  for (const [name, value] of Object.entries(API_HEADERS)) assert.deepEqual(sent(response, name), [value], `${what}: ${name}`);
}

before(async () => {
  // The stand-in API answers with the headers the API used to send where they differed (frame-ancestors
  // 'self', X-Frame-Options SAMEORIGIN, ws: and wss: to any host): nginx must send its own, once.
  api = createServer((req, res) => {
    for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', "default-src 'self';frame-ancestors 'self';connect-src 'self' ws: wss:");
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ proxied: req.url, forwardedProto: req.headers['x-forwarded-proto'] }));
  });
  await new Promise((r) => api.listen(0, '127.0.0.1', r));
  web = await startWebNginx();
});

after(async () => {
  await web?.stop();
  await new Promise((r) => (api ? api.close(r) : r()));
});

test('the nginx config of the web container passes nginx -t', () => {
  const output = execFileSync('sh', ['-c', `nginx -t -p '${web.dir}' -c '${join(web.dir, 'nginx.conf')}' 2>&1`], { encoding: 'utf8' });
  assert.match(output, /syntax is ok/);
  assert.match(output, /test is successful/);
});

test('hashed assets go out precompressed (brotli, else gzip) and cached for a year', async () => {
  const scripts = readdirSync(join(dist, 'assets')).filter(
    (name) => name.endsWith('.js') && readdirSync(join(dist, 'assets')).includes(`${name}.br`),
  );
  assert.ok(scripts.length > 5, 'the web build writes .br files beside its scripts');
  const script = scripts.sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size)[0];

  const br = await web.get(`/assets/${script}`, { 'Accept-Encoding': 'br, gzip' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.match(br.headers['content-type'], /javascript/);
  assert.equal(br.headers['cache-control'], IMMUTABLE);
  assert.match(br.headers.vary ?? '', /Accept-Encoding/i);
  assert.equal(br.body.length, statSync(join(dist, 'assets', `${script}.br`)).size);

  const gzip = await web.get(`/assets/${script}`, { 'Accept-Encoding': 'gzip' });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(gzip.headers['cache-control'], IMMUTABLE);
  assert.equal(gzip.body.length, statSync(join(dist, 'assets', `${script}.gz`)).size);

  const plain = await web.get(`/assets/${script}`);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.length, statSync(join(dist, 'assets', script)).size);
});

test('index.html, for / and for client routes, is compressed and never cached', async () => {
  for (const path of ['/', '/index.html', '/analytics', '/clients/7']) {
    const response = await web.get(path, { 'Accept-Encoding': 'br, gzip' });
    assert.deepEqual(
      { path, status: response.status, encoding: response.headers['content-encoding'] },
      { path, status: 200, encoding: 'br' },
    );
    assert.match(response.headers['content-type'], /^text\/html/);
    assert.equal(response.headers['cache-control'], 'no-cache');
  }
});

test('a missing asset is a 404, and /api goes to the API', async () => {
  const missing = await web.get('/assets/Gone-00000000.js', { 'Accept-Encoding': 'br, gzip' });
  assert.equal(missing.status, 404);

  const proxied = await web.get('/api/health');
  assert.equal(proxied.status, 200);
  assert.deepEqual(JSON.parse(proxied.body.toString()), { proxied: '/api/health', forwardedProto: 'http' });
});

test("every response carries the API's security headers once: the page, an asset, a 404, a proxied /api answer", async () => {
  const script = readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.js'));
  const responses = {
    '/': await web.get('/', { 'Accept-Encoding': 'br, gzip' }),
    '/clients/7 (a client route)': await web.get('/clients/7'),
    [`/assets/${script}`]: await web.get(`/assets/${script}`, { 'Accept-Encoding': 'br, gzip' }),
    '/favicon.svg': await web.get('/favicon.svg'),
    '/assets/Gone-00000000.js (404)': await web.get('/assets/Gone-00000000.js'),
    '/api/tasks (proxied)': await web.get('/api/tasks'),
  };
  assert.equal(responses['/assets/Gone-00000000.js (404)'].status, 404);
  assert.equal(API_HEADERS['x-frame-options'], 'DENY');
  assert.match(API_HEADERS['content-security-policy'], /(^|;)frame-ancestors 'none'(;|$)/);
  assert.match(API_HEADERS['content-security-policy'], /(^|;)connect-src 'self'(;|$)/);
  for (const [what, response] of Object.entries(responses)) {
    assertSecurityHeaders(what, response);
    // Plain http: no HSTS (HSTS_MAX_AGE unset) and nothing telling the browser to upgrade.
    assert.deepEqual(sent(response, 'strict-transport-security'), [], `${what}: strict-transport-security`);
    assert.doesNotMatch(response.headers['content-security-policy'], /upgrade-insecure-requests/, what);
    assert.equal(response.headers.server, 'nginx', `${what}: server_tokens off`);
  }
  // The API's Cache-Control passes through (once); a 404 is not cached for a year.
  assert.deepEqual(sent(responses['/api/tasks (proxied)'], 'cache-control'), ['no-store']);
  assert.deepEqual(sent(responses['/assets/Gone-00000000.js (404)'], 'cache-control'), []);
});

test('HSTS_MAX_AGE turns Strict-Transport-Security on for every response; a bad value stops the container', async () => {
  const withHsts = await startWebNginx({ HSTS_MAX_AGE: '31536000' });
  try {
    for (const path of ['/', '/assets/Gone-00000000.js', '/api/health']) {
      const response = await withHsts.get(path);
      assert.deepEqual(sent(response, 'strict-transport-security'), ['max-age=31536000; includeSubDomains'], path);
      assertSecurityHeaders(path, response);
    }
  } finally {
    await withHsts.stop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'wkflow-nginx-'));
  try {
    assert.throws(
      () => renderWithEntrypoint(dir, { API_UPSTREAM: 'http://api:3000', HSTS_MAX_AGE: 'one year' }),
      (error) => {
        assert.match(String(error.stderr), /HSTS_MAX_AGE must be a number of seconds/);
        return true;
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
