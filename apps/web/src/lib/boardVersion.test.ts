import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardLoading, fetchBoard, onBoardLoaded, parseBoardVersion, versionRead } from './boardVersion';
import { setApiBaseUrl } from './fetcher';

let server: Server;
let version: string | null = '42';

beforeAll(async () => {
  // A tiny API: GET /api/tasks answers a list with the version header (when set).
  server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...(version === null ? {} : { 'X-Board-Version': version }) });
    res.end(JSON.stringify([{ id: 1 }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  setApiBaseUrl('');
  await new Promise((resolve) => server.close(resolve));
});

describe('board version', () => {
  it('reads the header as a non-negative integer only', () => {
    expect(parseBoardVersion('17')).toBe(17);
    expect(parseBoardVersion(' 0 ')).toBe(0);
    for (const bad of [null, '', '-1', '1.5', 'abc', '1e3', '9999999999999999']) expect(parseBoardVersion(bad)).toBeNull();
  });

  it('hands the list to SWR and its version to the listeners a task later (after SWR stored it)', async () => {
    const heard: [unknown, number | null][] = [];
    const stop = onBoardLoaded((tasks, v) => heard.push([tasks, v]));
    const loading = fetchBoard('/api/tasks');
    expect(boardLoading()).toBe(true);
    const list = await loading;
    expect(list).toEqual([{ id: 1 }]);
    expect(boardLoading()).toBe(false);
    expect(heard).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual([[list, 42]]);
    expect(heard[0][0]).toBe(list);
    version = null;
    await fetchBoard('/api/tasks');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard[1][1]).toBeNull();
    stop();
  });

  it('remembers the version each list was read at (a list stored before anyone listened)', async () => {
    version = '57';
    const list = await fetchBoard('/api/tasks');
    expect(versionRead(list)).toBe(57);
    expect(versionRead([])).toBeNull();
  });
});
