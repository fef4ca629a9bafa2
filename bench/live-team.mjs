// The "live team" bench row: watchers keep the whole board up to date the way the SPA does
// (one GET /api/tasks, then 'board.changed' deltas over /ws, ?since= only after a gap, and a
// background revalidation with If-None-Match), while a few people move cards.
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
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
/** A GET as a browser sends it (brotli accepted); the body as it came over the wire, and when its last byte arrived. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'accept-encoding': 'br', ...headers } }, (res) => {
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
    this.etag = null;
    /** The last whole board response received (what a browser's HTTP cache holds for a 304). */
    this.cachedResponse = null;
    this.wsBytes = 0;
    this.refetchBytes = 0;
    this.queue = [];
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
    await this.enqueue(() => this.load(false));
  }

  /** Board work runs one step at a time, in arrival order. */
  enqueue(step) {
    this.busy = this.busy.then(step).catch((error) => {
      this.stats.errors.push(error.message);
    });
    return this.busy;
  }

  /** GET /api/tasks (revalidating with the ETag when asked), as a browser with brotli. */
  async load(revalidate) {
    const headers = { cookie: this.cookie };
    if (revalidate && this.etag) headers['if-none-match'] = this.etag;
    const started = performance.now();
    const response = await get(`${this.baseUrl}/api/tasks`, headers);
    this.stats.reads.push(performance.now() - started);
    const version = Number(response.headers['x-board-version']);
    if (response.status === 304) this.stats.notModified += 1;
    else if (response.status !== 200) throw new Error(`GET /api/tasks: ${response.status}`);
    else {
      this.stats.revalidationBytes += response.wire.length;
      this.cachedResponse = response;
      this.etag = response.headers.etag;
    }
    // A 304 means the board is still the one cached. Only a board newer than the one patched so far
    // is taken (and only then parsed: the bench client's JSON work delays the reads it measures); at
    // the same version the patched board stays, and the check at the end compares it with the server's.
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
 * A worker thread's share of the watchers (several threads, as the watchers are many browsers:
 * one thread applying every watcher's deltas would delay the reads it measures).
 * Messages: 'start' (after the first loads), 'stop', then { check } with the fresh board.
 */
async function watcherThread({ baseUrl, cookies, count }) {
  const stats = { reads: [], sinceReads: [], notModified: 0, revalidationBytes: 0, errors: [] };
  const clients = [];
  for (let i = 0; i < count; i++) clients.push(new Watcher(baseUrl, cookies[i % cookies.length], stats));
  for (let i = 0; i < clients.length; i += 5) await Promise.all(clients.slice(i, i + 5).map((c) => c.open()));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let running = false;
  let revalidations = [];
  let wsBytesBefore = [];
  // Revalidation: every watcher reads the board again every 2 s (spread over the 2 s).
  const revalidator = async (client, offset) => {
    await sleep(offset);
    while (running) {
      const next = Date.now() + 2000;
      await client.enqueue(() => client.load(true));
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  parentPort.on('message', async (message) => {
    if (message === 'start') {
      // The first loads are not part of the figures.
      stats.reads.length = 0;
      stats.notModified = 0;
      stats.revalidationBytes = 0;
      wsBytesBefore = clients.map((c) => c.wsBytes);
      loopDelay.enable();
      running = true;
      revalidations = clients.map((c, i) => revalidator(c, (i * 2000) / clients.length));
    } else if (message === 'stop') {
      running = false;
      await Promise.all(revalidations);
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
  parentPort.postMessage({ opened: true });
}

if (!isMainThread && workerData?.liveTeam) await watcherThread(workerData.liveTeam);

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
 * Runs the row: `watchers` clients sharing `watcherCookies`, spread over `threads` worker
 * threads, watch for `seconds` while each of `moverCookies` moves a random card to a random
 * place once a second.
 */
export async function measureLiveTeam({
  baseUrl,
  watcherCookies,
  moverCookies,
  taskIds,
  columnIds,
  watchers = 100,
  seconds = 15,
  threads = 1,
}) {
  const workers = [];
  for (let t = 0; t < threads; t++) {
    const count = Math.floor(watchers / threads) + (t < watchers % threads ? 1 : 0);
    const cookies = watcherCookies.filter((_, i) => i % threads === t);
    workers.push(
      new Worker(new URL(import.meta.url), {
        workerData: { liveTeam: { baseUrl, cookies: cookies.length ? cookies : watcherCookies, count } },
      }),
    );
  }
  await Promise.all(workers.map((w) => next(w, 'opened')));
  workers.forEach((w) => w.postMessage('start'));

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
  await Promise.all(workers.map((w) => (w.postMessage('stop'), next(w, 'stopped'))));

  // Let the last deltas arrive, then compare every board with a fresh read.
  const fresh = await get(`${baseUrl}/api/tasks`, { cookie: watcherCookies[0] });
  const freshVersion = Number(fresh.headers['x-board-version']);
  const expected = ordered(JSON.parse(decode(fresh).toString()));
  const results = await Promise.all(workers.map((w) => (w.postMessage({ check: { expected, freshVersion } }), next(w, 'result'))));
  await Promise.all(workers.map((w) => w.terminate()));
  agent.destroy();

  const all = (key) => results.flatMap((r) => r[key]);
  const sum = (key) => results.reduce((a, r) => a + r[key], 0);
  const pushed = all('pushed');
  const reads = all('reads');
  const movesMade = moves.length;
  return {
    watchers: pushed.length,
    seconds,
    moves: movesMade,
    moveErrors,
    moveP50: percentile(moves, 50),
    moveP99: percentile(moves, 99),
    reads: reads.length,
    notModified: sum('notModified'),
    readP50: percentile(reads, 50),
    readP99: percentile(reads, 99),
    sinceReads: all('sinceReads').length,
    bytesPerMove: movesMade ? pushed.reduce((a, b) => a + b, 0) / pushed.length / movesMade : NaN,
    revalidationKbPerWatcherSecond: sum('revalidationBytes') / pushed.length / seconds / 1024,
    mismatches: sum('mismatches'),
    examples: all('examples').slice(0, 3),
    clientLoopDelayP99: Math.max(...results.map((r) => r.loopDelayP99)),
    errors: [...errors, ...all('errors')].slice(0, 5),
  };
}
