// A free TCP port on 127.0.0.1 for a server of ours (the start scripts, the test harnesses, the bench).
// CommonJS, so that the ES-module scripts and the API's jest suites (TypeScript compiled to CommonJS)
// share this one copy.
const { readFileSync } = require('node:fs');
const { createServer } = require('node:net');

/**
 * The ports a server of ours may take: below the kernel's ephemeral range, from which every outgoing
 * connection takes its local port (a port handed out by listen(0) comes from that range too, and an
 * outgoing connection can hold it by the time the server binds: EADDRINUSE).
 */
function serverPortRange() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 11_024) return [low - 10_000, low - 1];
  } catch {
    // not Linux: the kernel picks below
  }
  return null;
}

/** Whether a server can listen on 127.0.0.1:port right now (0: the kernel picks); the port, or null. */
function tryListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const bound = server.address().port;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port nothing listens on right now, other than those in `avoid`: ports another process was
 * told to use but may not have bound yet.
 */
async function freePort(avoid = []) {
  const range = serverPortRange();
  for (let attempt = 0; attempt < 100; attempt++) {
    const wanted = range ? range[0] + Math.floor(Math.random() * (range[1] - range[0] + 1)) : 0;
    const port = await tryListen(wanted);
    if (port !== null && !avoid.includes(port)) return port;
  }
  throw new Error('no free TCP port found on 127.0.0.1');
}

module.exports = { freePort };
