import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../../../scripts/free-port.cjs';
import { stopChild, waitFor } from './processes';

/**
 * Debian's nginx in front of API processes, as the web container proxies them: the `/api/` and
 * `/ws` locations are read from docker/nginx.conf.template (the shipped config), with an upstream
 * block listing the given ports.
 */

const ROOT = resolve(__dirname, '../../../..');
const TEMPLATE = join(ROOT, 'docker/nginx.conf.template');

/** The nginx binary, installed by scripts/ensure-nginx.sh when missing (as root with apt); null when there is none. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean) as string[];
  const found = () => candidates.find((path) => existsSync(path)) ?? null;
  if (found()) return found();
  try {
    execFileSync('bash', [join(ROOT, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
  } catch {
    return null;
  }
  return found();
}

/** The text of `location <path> { … }` in the template, braces balanced. */
export function locationBlock(template: string, path: string): string {
  const start = template.indexOf(`location ${path} {`);
  if (start < 0) throw new Error(`docker/nginx.conf.template has no "location ${path}" block`);
  let depth = 0;
  for (let i = template.indexOf('{', start); i < template.length; i++) {
    if (template[i] === '{') depth++;
    else if (template[i] === '}' && --depth === 0) return template.slice(start, i + 1);
  }
  throw new Error(`unbalanced "location ${path}" block`);
}

export interface Nginx {
  url: string;
  /** One line per request: `<upstream addresses tried> <upstream statuses> <status> <method> <uri>`. */
  accessLog(): string[];
  stop(): Promise<void>;
}

/** Starts nginx on a free port proxying /api/ and /ws to 127.0.0.1:<each of upstreamPorts>. */
export async function startNginx(binary: string, upstreamPorts: number[]): Promise<Nginx> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'wkflow-nginx-'));
  chmodSync(dir, 0o755); // workers run as an unprivileged user when nginx starts as root
  const template = readFileSync(TEMPLATE, 'utf8');
  const locations = ['/api/', '/ws'].map((path) => locationBlock(template, path).replaceAll('${API_UPSTREAM}', 'http://wkflow_api'));
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$upstream_addr $upstream_status $status $request_method $uri';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream wkflow_api {
    zone wkflow_api 64k;
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    # nginx closes a client connection after its 1000th request (with Connection: close); autocannon
    # ignores that header and writes its next request into the closing socket, an ECONNRESET of the
    # load tool's own making. Browsers reconnect; here the connections simply stay open.
    keepalive_requests 1000000;
${locations.join('\n')}
  }
}
`,
  );
  let output = '';
  const child: ChildProcess = spawn(binary, ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const nginx: Nginx = {
    url: `http://127.0.0.1:${port}`,
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean) : []),
    async stop() {
      await stopChild(child, 'SIGTERM', 5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}${readLog(dir)}`);
      return (await fetch(`${nginx.url}/api/health`).catch(() => null))?.ok;
    }, `nginx on ${port}`);
  } catch (error) {
    await nginx.stop();
    throw error;
  }
  return nginx;
}

function readLog(dir: string): string {
  const path = join(dir, 'error.log');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}
