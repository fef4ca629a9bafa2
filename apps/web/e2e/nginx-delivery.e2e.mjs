// The web container's nginx (docker/nginx.conf.template) run with Debian's nginx in front of the real build
// (apps/web/dist) and a stand-in API: it must pass `nginx -t` and send the precompressed files with the
// cache headers. scripts/ensure-nginx.sh installs nginx-light and the brotli_static module when missing.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/free-port.cjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = join(root, 'apps/web/dist');
const template = readFileSync(join(root, 'docker/nginx.conf.template'), 'utf8');
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dir;
let nginx;
let api;
let port;

/** Replaces `from` in the template, which must be there exactly once (so a changed template fails here). */
function replaceOnce(text, from, to) {
  assert.equal(text.split(from).length, 2, `docker/nginx.conf.template should hold ${from} once`);
  return text.replace(from, to);
}

function modulesPath() {
  const text = execFileSync('sh', ['-c', 'nginx -V 2>&1'], { encoding: 'utf8' });
  return /--modules-path=(\S+)/.exec(text)?.[1] ?? '/usr/lib/nginx/modules';
}

function get(path, headers = {}) {
  return new Promise((resolveGet, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolveGet({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForNginx() {
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${nginx.output}`);
    try {
      return await get('/favicon.svg');
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wkflow-nginx-'));
  port = await freePort();
  api = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ proxied: req.url, forwardedProto: req.headers['x-forwarded-proto'] }));
  });
  await new Promise((r) => api.listen(0, '127.0.0.1', r));

  assert.match(template, /proxy_pass \$\{API_UPSTREAM\};/);
  let server = template.replaceAll('${API_UPSTREAM}', `http://127.0.0.1:${api.address().port}`);
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
  nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.output = '';
  nginx.stdout.on('data', (d) => (nginx.output += d));
  nginx.stderr.on('data', (d) => (nginx.output += d));
  await waitForNginx();
});

after(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx.once('exit', r));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await new Promise((r) => (api ? api.close(r) : r()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the nginx config of the web container passes nginx -t', () => {
  const output = execFileSync('sh', ['-c', `nginx -t -p '${dir}' -c '${join(dir, 'nginx.conf')}' 2>&1`], { encoding: 'utf8' });
  assert.match(output, /syntax is ok/);
  assert.match(output, /test is successful/);
});

test('hashed assets go out precompressed (brotli, else gzip) and cached for a year', async () => {
  const scripts = readdirSync(join(dist, 'assets')).filter(
    (name) => name.endsWith('.js') && readdirSync(join(dist, 'assets')).includes(`${name}.br`),
  );
  assert.ok(scripts.length > 5, 'the web build writes .br files beside its scripts');
  const script = scripts.sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size)[0];

  const br = await get(`/assets/${script}`, { 'Accept-Encoding': 'br, gzip' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.match(br.headers['content-type'], /javascript/);
  assert.equal(br.headers['cache-control'], IMMUTABLE);
  assert.match(br.headers.vary ?? '', /Accept-Encoding/i);
  assert.equal(br.body.length, statSync(join(dist, 'assets', `${script}.br`)).size);

  const gzip = await get(`/assets/${script}`, { 'Accept-Encoding': 'gzip' });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(gzip.headers['cache-control'], IMMUTABLE);
  assert.equal(gzip.body.length, statSync(join(dist, 'assets', `${script}.gz`)).size);

  const plain = await get(`/assets/${script}`);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.length, statSync(join(dist, 'assets', script)).size);
});

test('index.html, for / and for client routes, is compressed and never cached', async () => {
  for (const path of ['/', '/index.html', '/analytics', '/clients/7']) {
    const response = await get(path, { 'Accept-Encoding': 'br, gzip' });
    assert.deepEqual(
      { path, status: response.status, encoding: response.headers['content-encoding'] },
      { path, status: 200, encoding: 'br' },
    );
    assert.match(response.headers['content-type'], /^text\/html/);
    assert.equal(response.headers['cache-control'], 'no-cache');
  }
});

test('a missing asset is a 404, and /api goes to the API', async () => {
  const missing = await get('/assets/Gone-00000000.js', { 'Accept-Encoding': 'br, gzip' });
  assert.equal(missing.status, 404);

  const proxied = await get('/api/health');
  assert.equal(proxied.status, 200);
  assert.deepEqual(JSON.parse(proxied.body.toString()), { proxied: '/api/health', forwardedProto: 'http' });
});
