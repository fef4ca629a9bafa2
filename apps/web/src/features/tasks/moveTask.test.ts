import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyTaskChanges, type Task } from '@wkflow/contracts';
import { mutate } from 'swr';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import { testTask } from '../../test/taskFixture';
import { tasksByColumn } from '../board/board.logic';
import { moveTask } from './tasks.api';

const task = (id: number, columnId: number, rank: string, position: number): Task =>
  testTask(id, { title: `T${id}`, columnId, rank, position, deadline: '2026-12-01T12:00:00.000Z', createdBy: null });

const board = () => [task(1, 1, 'a0', 1), task(2, 1, 'a1', 2), task(3, 2, 'a0', 1), task(4, 2, 'a1', 2)];
/** The server's copy of task 1 after its move to column 2, place 2 (between 3 and 4). */
const moved = task(1, 2, 'a0V', 2);

/** A tiny API whose move answer waits until the test lets it go (or fails). */
let server: Server;
let pending: ((status: number, body: unknown) => void) | null = null;
let requested: Promise<void>;
let markRequested: () => void;

beforeAll(async () => {
  server = createServer((req, res: ServerResponse) => {
    req.resume();
    if (req.method === 'PUT' && req.url === '/api/tasks/1/move') {
      pending = (status, body) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      markRequested();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  setApiBaseUrl('');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  requested = new Promise((resolve) => (markRequested = resolve));
  pending = null;
  await mutate(keys.tasks, board(), { revalidate: false });
});

const list = async () => (await mutate<Task[]>(keys.tasks)) ?? [];
const places = async () =>
  [...tasksByColumn(await list()).entries()]
    .sort(([a], [b]) => a - b)
    .map(([column, tasks]) => `${column}:${tasks.map((t) => `${t.id}@${t.position}`).join(',')}`)
    .join(' ');

describe('moveTask', () => {
  it('shows the card in place at once, then takes the server copy without moving the others', async () => {
    const done = moveTask(1, 2, 2, 'A fazer');
    await requested;
    expect(await places()).toBe('1:2@1 2:3@1,1@2,4@3');
    expect((await list()).find((t) => t.id === 1)!.rank).not.toBe('a0V');
    pending!(200, moved);
    await done;
    expect(await places()).toBe('1:2@1 2:3@1,1@2,4@3');
    expect((await list()).find((t) => t.id === 1)!.rank).toBe('a0V');
    // The /ws message for the same move, after the answer: nothing moves.
    await mutate<Task[]>(keys.tasks, (l) => applyTaskChanges(l ?? [], [moved], []), { revalidate: false });
    expect(await places()).toBe('1:2@1 2:3@1,1@2,4@3');
  });

  it('keeps a newer copy that came over /ws before the answer', async () => {
    const done = moveTask(1, 2, 2, 'A fazer');
    await requested;
    // The move's message, then someone else's rename of the card, arrive first.
    const renamed = { ...moved, title: 'Renomeada' };
    await mutate<Task[]>(keys.tasks, (l) => applyTaskChanges(l ?? [], [moved], []), { revalidate: false });
    await mutate<Task[]>(keys.tasks, (l) => applyTaskChanges(l ?? [], [renamed], []), { revalidate: false });
    pending!(200, moved);
    await done;
    expect((await list()).find((t) => t.id === 1)!.title).toBe('Renomeada');
    expect(await places()).toBe('1:2@1 2:3@1,1@2,4@3');
  });

  it('puts the card back when the server refuses the move', async () => {
    const done = moveTask(1, 2, 2, 'A fazer');
    await requested;
    pending!(409, { statusCode: 409, message: 'Coluna não encontrada' });
    await expect(done).rejects.toThrow(/409/);
    expect(await places()).toBe('1:1@1,2@2 2:3@1,4@2');
  });
});
