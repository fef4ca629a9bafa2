import { analyticsRange } from '@wkflow/contracts';
import {
  dashboardAt,
  liveMicros,
  presentClients,
  presentProductivity,
  rowsAt,
  secondsOfMicros,
  trendAt,
  type ClientPart,
  type DashboardParts,
  type RunningEntry,
} from './analytics-figures';

const TZ = 'America/Sao_Paulo';
const now = new Date('2026-03-10T15:00:00.000Z');
const range = analyticsRange(7, now, TZ);
const micros = (date: Date) => BigInt(date.getTime()) * 1000n;
const entry = (start: Date, extra: Partial<RunningEntry> = {}): RunningEntry => ({
  userId: 1,
  clientId: 1,
  day: '2026-03-10',
  startMicros: micros(start) + 123n, // timestamps carry microseconds
  ...extra,
});
const parts: DashboardParts = {
  completed_cur: 0,
  completed_prev: 0,
  micros_cur: 1_500_000n,
  micros_prev: 0n,
  members_cur: 0,
  members_prev: 0,
  created_cur: 0,
  done_cur: 0,
  created_prev: 0,
  done_prev: 0,
};

describe('analytics figures: running entries added at the instant of the answer', () => {
  it('counts a running entry its exact time so far, and 0 when it starts in the future', () => {
    expect(liveMicros(entry(new Date(now.getTime() - 90_000)), now)).toBe(89_999_877n);
    expect(liveMicros(entry(new Date(now.getTime() + 1_000)), now)).toBe(0n);
  });

  it('adds an entry to the period its start falls in: [start, end) current, [previousStart, start) previous', () => {
    const atStart = entry(range.start);
    const justBefore = { ...entry(range.start), startMicros: micros(range.start) - 1n };
    const cur = dashboardAt(parts, [atStart], range, now);
    expect(cur.micros_cur).toBe(1_500_000n + micros(now) - atStart.startMicros);
    expect(cur.micros_prev).toBe(0n);
    const prev = dashboardAt(parts, [justBefore], range, now);
    expect(prev.micros_cur).toBe(1_500_000n);
    expect(prev.micros_prev).toBe(micros(now) - justBefore.startMicros);
    expect(dashboardAt(parts, [entry(range.end)], range, now)).toEqual(parts);
  });

  it('adds to the local day of the start, and to the row of its user or client when listed', () => {
    const days = [
      { date: '2026-03-09', completed_tasks: 0, micros: 0n },
      { date: '2026-03-10', completed_tasks: 1, micros: 5n },
    ];
    const running = [entry(new Date(now.getTime() - 1_000), { day: '2026-03-10', userId: 7 })];
    expect(trendAt(days, running, range, now).map((d) => d.micros)).toEqual([0n, 5n + micros(now) - running[0].startMicros]);
    const rows = [
      { id: 7, micros: 0n },
      { id: 8, micros: 0n },
    ];
    expect(rowsAt(rows, running, (e) => e.userId, range, now).map((r) => r.micros)).toEqual([micros(now) - running[0].startMicros, 0n]);
    expect(rowsAt(rows, running, (e) => e.clientId, range, now)).toEqual(rows); // client 1 is not listed
  });

  it('sorts as the query: most completed, then most time, then the database order of names', () => {
    const members = presentProductivity([
      { id: 1, name: 'b', completed: 0, open: 0, micros: 0n, rank: 2 },
      { id: 2, name: 'a', completed: 0, open: 0, micros: 0n, rank: 1 },
      { id: 3, name: 'c', completed: 0, open: 0, micros: 1n, rank: 3 },
      { id: 4, name: 'd', completed: 2, open: 0, micros: 0n, rank: 4 },
    ]);
    expect(members.map((m) => m.user_id)).toEqual([4, 3, 2, 1]);
    const client = (id: number, tasks: number, m: bigint, rank: number): ClientPart => ({
      id,
      name: String(id),
      color: '#000',
      tasks,
      completed: 0,
      overdue: 0,
      micros: m,
      rank,
    });
    expect(
      presentClients([client(1, 1, 0n, 1), client(2, 1, 3_600_000_000n, 2), client(3, 5, 0n, 3)]).map((c) => [c.client_id, c.hours]),
    ).toEqual([
      [3, 0],
      [2, 1],
      [1, 0],
    ]);
  });

  it('turns exact microseconds into the double PostgreSQL would (sum::float8)', () => {
    expect(secondsOfMicros(12_345_678_901n)).toBe(12345.678901);
    expect(secondsOfMicros(0n)).toBe(0);
  });
});
