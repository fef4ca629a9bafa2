// The "live team" bench row: watchers keep the whole board up to date the way the SPA does
// (one GET /api/tasks, then 'board.changed' deltas over /ws, ?since= only after a gap, and a
// background revalidation with If-None-Match), while a few people move cards.
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, MessageChannel, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const { applyTaskChanges } = require(join(root, 'libs/contracts/dist/index.js'));

const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const agent = new Agent({ keepAlive: true, maxSockets: 256 });
/** A GET as Chromium sends it (gzip, deflate, br, zstd); the body as it came over the wire. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, wire: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
const decode = ({ headers, wire }) =>
  headers['content-encoding'] === 'br' ? brotliDecompressSync(wire) : headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire;
/** ETag → the board it names, parsed once for all watchers (the bench client must not be what is measured). */
const parsedBoards = new Map();
function parseBoard(response) {
  const etag = response.headers.etag;
  let board = parsedBoards.get(etag);
  if (!board) {
    board = JSON.parse(decode(response).toString());
    parsedBoards.set(etag, board);
    if (parsedBoards.size > 20) parsedBoards.delete(parsedBoards.keys().next().value);
  }
  return board;
}

/**
 * applyTaskChanges, done once for all watchers that hold the same board and receive the same
 * message (each browser would do it on its own CPU; done 100 times in one thread, it blocked this
 * client's event loop ~100 ms after each move, and that delay was counted in the reads measured).
 */
const appliedBoards = new WeakMap();
function applyShared(tasks, raw, message) {
  let results = appliedBoards.get(tasks);
  if (!results) appliedBoards.set(tasks, (results = new Map()));
  let next = results.get(raw);
  if (!next) results.set(raw, (next = applyTaskChanges(tasks, message.tasks, message.removed)));
  return next;
}

/** One watching client: its board, the version it is at, and what it received. */
class Watcher {
  constructor(baseUrl, cookie, stats) {
    this.baseUrl = baseUrl;
    this.cookie = cookie;
    this.stats = stats;
    this.tasks = null;
    this.version = -1;
    /** The last whole board response received (what a browser's HTTP cache holds for a 304). */
    this.cachedResponse = null;
    this.wsBytes = 0;
    this.refetchBytes = 0;
    this.busy = Promise.resolve();
  }

  async open() {
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/ws`;
    this.socket = new WebSocket(url, { headers: { cookie: this.cookie, origin: this.baseUrl }, perMessageDeflate: false });
    this.socket.on('message', (data) => {
      this.wsBytes += data.length;
      const raw = data.toString();
      const message = JSON.parse(raw);
      if (message.type === 'board.changed') this.enqueue(() => this.onBoardChanged(message, raw));
    });
    await new Promise((resolve, reject) => {
      this.socket.once('open', resolve);
      this.socket.once('error', reject);
    });
    // Messages that arrive before the first load are queued behind it.
    await this.enqueue(async () => this.take(await get(`${this.baseUrl}/api/tasks`, { cookie: this.cookie })));
  }

  /** Board work runs one step at a time, in arrival order. */
  enqueue(step) {
    this.busy = this.busy.then(step).catch((error) => {
      this.stats.errors.push(error.message);
    });
    return this.busy;
  }

  /**
   * A GET /api/tasks answer (the first load, or a revalidation relayed by the reader thread). A
   * 304 means the board is still the one cached. Only a board newer than the one patched so far is
   * taken (and only then parsed); at the same version the patched board stays, and the check at
   * the end compares it with the server's.
   */
  take({ status, headers, wire }) {
    const version = Number(headers['x-board-version']);
    if (status === 200) this.cachedResponse = { headers, wire };
    else if (status !== 304) throw new Error(`GET /api/tasks: ${status}`);
    if (version > this.version || this.tasks === null) {
      this.tasks = parseBoard(this.cachedResponse);
      this.version = version;
    }
  }

  async onBoardChanged(message, raw) {
    if (message.to <= this.version) return;
    if (message.from > this.version) {
      // A gap: what changed since our version (the whole board when it is too old).
      const started = performance.now();
      const response = await get(`${this.baseUrl}/api/tasks?since=${this.version}`, { cookie: this.cookie });
      this.stats.sinceReads.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`GET /api/tasks?since: ${response.status}`);
      this.refetchBytes += response.wire.length;
      const changes = JSON.parse(decode(response).toString());
      if (changes.version > this.version) {
        this.tasks = changes.full ? changes.tasks : applyTaskChanges(this.tasks, changes.tasks, changes.removed);
        this.version = changes.version;
      }
      // The message itself when it goes further (a later message or gap brings what it does not).
      if (message.to <= this.version || message.from > this.version) return;
    }
    this.tasks = applyShared(this.tasks, raw, message);
    this.version = message.to;
  }

  close() {
    this.socket?.close();
  }
}

/** Board order as GET /api/tasks gives it: by column, then place. */
const ordered = (tasks) =>
  [...tasks].sort((a, b) => a.columnId - b.columnId || a.position - b.position).map((t) => `${t.id}:${t.columnId}:${t.position}`);

/**
 * The watchers' thread: their sockets and boards. Revalidation answers come from the reader
 * thread over `port` ({ watcher, status, headers, wire }). Messages: 'start', 'stop', then
 * { check } with the fresh board.
 */
async function watcherThread({ baseUrl, cookies, count, port }) {
  const stats = { sinceReads: [], errors: [] };
  const clients = [];
  for (let i = 0; i < count; i++) clients.push(new Watcher(baseUrl, cookies[i % cookies.length], stats));
  for (let i = 0; i < clients.length; i += 5) await Promise.all(clients.slice(i, i + 5).map((c) => c.open()));
  port.on('message', ({ watcher, status, headers, wire }) => {
    const client = clients[watcher];
    client.enqueue(() => client.take({ status, headers, wire: Buffer.from(wire.buffer, wire.byteOffset, wire.byteLength) }));
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let wsBytesBefore = [];
  parentPort.on('message', async (message) => {
    if (message === 'start') {
      wsBytesBefore = clients.map((c) => c.wsBytes);
      loopDelay.enable();
    } else if (message === 'stop') {
      loopDelay.disable();
      parentPort.postMessage({ stopped: true });
    } else if (message.check) {
      const { expected, freshVersion } = message.check;
      const settleUntil = Date.now() + 5000;
      while (Date.now() < settleUntil && clients.some((c) => c.version < freshVersion)) await sleep(50);
      await Promise.all(clients.map((c) => c.busy));
      let mismatches = 0;
      const examples = [];
      for (const client of clients) {
        const got = ordered(client.tasks ?? []);
        if (got.length === expected.length && got.every((k, i) => k === expected[i])) continue;
        mismatches += 1;
        if (examples.length < 3) {
          const diff = got.findIndex((k, i) => k !== expected[i]);
          examples.push(
            `v${client.version} vs v${freshVersion}: ${got.length}/${expected.length} cards, first difference at ${diff}: ${got[diff]} ≠ ${expected[diff]}`,
          );
        }
      }
      clients.forEach((c) => c.close());
      agent.destroy();
      parentPort.postMessage({
        result: {
          ...stats,
          pushed: clients.map((c, i) => c.wsBytes - wsBytesBefore[i] + c.refetchBytes),
          mismatches,
          examples,
          loopDelayP99: loopDelay.percentile(99) / 1e6,
        },
      });
    }
  });
  parentPort.postMessage({ opened: clients.map((c) => c.cachedResponse.headers.etag) });
}

/**
 * The reader thread: every watcher's revalidation, every 2 s (spread over the 2 s) with
 * If-None-Match, timed in a thread that does nothing else (a browser's fetch is not delayed by
 * 99 other browsers' board work); each answer goes to the watcher over `port`.
 * Messages: 'start', then 'stop' (answered with the figures).
 */
async function readerThread({ baseUrl, cookies, etags, port }) {
  const stats = { reads: [], notModified: 0, revalidationBytes: 0, errors: [] };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let running = false;
  const read = async (watcher) => {
    const started = performance.now();
    const response = await get(`${baseUrl}/api/tasks`, { cookie: cookies[watcher % cookies.length], 'if-none-match': etags[watcher] });
    stats.reads.push(performance.now() - started);
    if (response.status === 304) stats.notModified += 1;
    else if (response.status === 200) {
      stats.revalidationBytes += response.wire.length;
      etags[watcher] = response.headers.etag;
    }
    const { status, headers, wire } = response;
    port.postMessage({ watcher, status, headers, wire: status === 200 ? wire : Buffer.alloc(0) });
  };
  const revalidator = async (watcher, offset) => {
    await sleep(offset);
    while (running) {
      const next = Date.now() + 2000;
      await read(watcher).catch((error) => stats.errors.push(`revalidation: ${error.message}`));
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  let revalidations = [];
  parentPort.on('message', async (message) => {
    if (message === 'start') {
      running = true;
      loopDelay.enable();
      revalidations = etags.map((_, i) => revalidator(i, (i * 2000) / etags.length));
    } else if (message === 'stop') {
      running = false;
      await Promise.all(revalidations);
      loopDelay.disable();
      agent.destroy();
      parentPort.postMessage({ stopped: { ...stats, loopDelayP99: loopDelay.percentile(99) / 1e6 } });
    }
  });
  parentPort.postMessage({ opened: true });
}

if (!isMainThread && workerData?.watchers) await watcherThread(workerData.watchers);
if (!isMainThread && workerData?.readers) await readerThread(workerData.readers);

/** The next message from a worker that has `key`. */
const next = (worker, key) =>
  new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message?.[key] === undefined) return;
      worker.off('message', onMessage);
      resolve(message[key]);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

/**
 * Runs the row: `watchers` clients sharing `watcherCookies` watch for `seconds` (their boards in
 * one worker thread, their revalidations timed in another) while each of `moverCookies` moves a
 * random card to a random place once a second (in this thread).
 */
export async function measureLiveTeam({ baseUrl, watcherCookies, moverCookies, taskIds, columnIds, watchers = 100, seconds = 15 }) {
  const { port1, port2 } = new MessageChannel();
  const boards = new Worker(new URL(import.meta.url), {
    workerData: { watchers: { baseUrl, cookies: watcherCookies, count: watchers, port: port1 } },
    transferList: [port1],
  });
  const etags = await next(boards, 'opened');
  const readers = new Worker(new URL(import.meta.url), {
    workerData: { readers: { baseUrl, cookies: watcherCookies, etags, port: port2 } },
    transferList: [port2],
  });
  await next(readers, 'opened');
  boards.postMessage('start');
  readers.postMessage('start');

  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const moves = [];
  const errors = [];
  let moveErrors = 0;
  const until = Date.now() + seconds * 1000;
  const mover = async (cookie, offset) => {
    await sleep(offset);
    while (Date.now() < until) {
      const nextMove = Date.now() + 1000;
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/tasks/${pick(taskIds)}/move`, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ columnId: pick(columnIds), position: 1 + Math.floor(Math.random() * 430) }),
        });
        await response.arrayBuffer();
        moves.push(performance.now() - started);
        if (response.status !== 200) moveErrors += 1;
      } catch (error) {
        moveErrors += 1;
        errors.push(`move: ${error.message} ${error.cause?.message ?? ''}`);
      }
      await sleep(Math.max(0, nextMove - Date.now()));
    }
  };
  await Promise.all(moverCookies.map((cookie, i) => mover(cookie, (i * 1000) / moverCookies.length)));
  readers.postMessage('stop');
  const reading = await next(readers, 'stopped');
  boards.postMessage('stop');
  await next(boards, 'stopped');

  // Let the last deltas arrive, then compare every board with a fresh read.
  const fresh = await get(`${baseUrl}/api/tasks`, { cookie: watcherCookies[0] });
  const freshVersion = Number(fresh.headers['x-board-version']);
  const expected = ordered(JSON.parse(decode(fresh).toString()));
  boards.postMessage({ check: { expected, freshVersion } });
  const watching = await next(boards, 'result');
  await Promise.all([boards.terminate(), readers.terminate()]);
  agent.destroy();

  const movesMade = moves.length;
  const { pushed } = watching;
  const { reads } = reading;
  return {
    watchers: pushed.length,
    seconds,
    moves: movesMade,
    moveErrors,
    moveP50: percentile(moves, 50),
    moveP99: percentile(moves, 99),
    reads: reads.length,
    notModified: reading.notModified,
    readP50: percentile(reads, 50),
    readP99: percentile(reads, 99),
    sinceReads: watching.sinceReads.length,
    bytesPerMove: movesMade ? pushed.reduce((a, b) => a + b, 0) / pushed.length / movesMade : NaN,
    revalidationKbPerWatcherSecond: reading.revalidationBytes / pushed.length / seconds / 1024,
    mismatches: watching.mismatches,
    examples: watching.examples,
    readerLoopDelayP99: reading.loopDelayP99,
    watcherLoopDelayP99: watching.loopDelayP99,
    errors: [...errors, ...reading.errors, ...watching.errors].slice(0, 5),
  };
}
