import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, type Column, type Task } from '@wkflow/contracts';
import { testTask } from '../../test/taskFixture';
import { dueText } from '../tasks/tasks.logic';
import { clientCounts, columnCounts, deliveryBucketOf, deliveryBuckets, memberCounts, scopedTasks, statusSummary } from './sidebar.logic';

const columns: Column[] = [
  { id: 1, name: 'Backlog', position: 1, color: '#6b7280', isFixed: true },
  { id: 2, name: 'Em andamento', position: 2, color: '#f97316', isFixed: false },
  { id: 3, name: 'concluídos', position: 3, color: '#22c55e', isFixed: true },
];
const now = new Date('2026-11-22T12:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const task = (id: number, over: Partial<Task> = {}): Task => testTask(id, { deadline: hours(100), createdAt: now.toISOString(), ...over });

describe('sidebar summaries', () => {
  const tasks = [
    task(1, { deadline: hours(2), assignedTo: [10] }),
    task(2, { deadline: hours(24), assignedTo: [10, 11] }),
    task(3, { deadline: hours(30), clientId: 2 }),
    task(4, { deadline: hours(60), columnId: 2 }),
    task(5, { deadline: hours(73) }),
    task(6, { deadline: hours(-5), status: 'overdue', assignedTo: [11] }),
    task(7, { deadline: hours(5), columnId: 3, assignedTo: [10] }),
  ];

  it('buckets deliveries by calendar days in the app zone (today and tomorrow, 2, 3, more) among non-completed tasks', () => {
    // now is 09:00 on the 22nd in São Paulo: +2 h and +24 h and +30 h are today/tomorrow, +60 h the 24th, +73 h the 25th.
    expect(deliveryBuckets(tasks, columns, now)).toEqual({ oneDay: 3, twoDays: 1, threeDays: 1, later: 0 });
    expect(deliveryBuckets([task(8, { deadline: hours(100) })], columns, now)).toEqual({ oneDay: 0, twoDays: 0, threeDays: 0, later: 1 });
  });
  it('buckets far deadlines without the zone arithmetic, as the calendar-day count would, across a DST change', () => {
    const now = new Date('2026-10-29T23:30:00.000Z');
    for (const zone of ['America/New_York', 'America/Sao_Paulo', 'Pacific/Chatham']) {
      for (let h = 60; h <= 170; h += 1) {
        const deadline = new Date(now.getTime() + h * 3_600_000).toISOString();
        const days = calendarDaysBetween(deadline, now, zone) ?? 0;
        const expected = { oneDay: 0, twoDays: 0, threeDays: 0, later: 0, [deliveryBucketOf(days)]: 1 };
        expect(deliveryBuckets([task(9, { deadline })], columns, now, zone)).toEqual(expected);
      }
    }
  });
  it("a deadline the day after tomorrow, 40 h away, is 'Em 2 dias' and the card says 'Vence em 2 dias' (issue 22 §10)", () => {
    // 20:00 on the 22nd in São Paulo; the deadline is 12:00 on the 24th.
    const evening = new Date('2026-11-22T23:00:00.000Z');
    const due = task(9, { deadline: '2026-11-24T15:00:00.000Z' });
    expect(deliveryBuckets([due], columns, evening)).toEqual({ oneDay: 0, twoDays: 1, threeDays: 0, later: 0 });
    expect(dueText(due, false, evening)).toBe('Vence em 2 dias');
    expect(dueText({ ...due, deadline: '2026-11-23T11:00:00.000Z' }, false, evening)).toBe('Vence em 1 dia');
    expect(dueText({ ...due, deadline: '2026-11-23T01:00:00.000Z' }, false, evening)).toBe('Vence em 2 horas');
    expect(dueText({ ...due, deadline: '2026-11-21T23:00:00.000Z' }, false, evening)).toBe('Venceu há 1 dia');
    // In another zone the same instants fall on other dates.
    // 06:00 on the 24th in São Paulo is 23:00 on the 23rd in Honolulu, where it is 13:00 on the 22nd.
    const early = task(10, { deadline: '2026-11-24T09:00:00.000Z' });
    expect(dueText(early, false, evening)).toBe('Vence em 2 dias');
    expect(deliveryBuckets([early], columns, evening, 'Pacific/Honolulu')).toEqual({ oneDay: 1, twoDays: 0, threeDays: 0, later: 0 });
    expect(dueText(early, false, evening, 'Pacific/Honolulu')).toBe('Vence em 1 dia');
  });
  it('counts tasks by state', () => {
    expect(statusSummary(tasks, columns)).toEqual({ total: 7, open: 5, overdue: 1, completed: 1 });
  });
  it('counts only the own tasks without view_all', () => {
    expect(scopedTasks(tasks, false, 11).map((t) => t.id)).toEqual([2, 6]);
    expect(scopedTasks(tasks, false, undefined)).toEqual([]);
    expect(scopedTasks(tasks, true, 11)).toHaveLength(7);
  });
  it('counts active and overdue tasks per client and per member', () => {
    const clients = clientCounts(tasks, columns, [
      { id: 3, name: 'Zeta', color: '#000000' },
      { id: 2, name: 'Beta', color: '#111111' },
      { id: 1, name: 'Alfa', color: '#222222' },
    ]);
    expect(clients.map((c) => [c.name, c.active, c.overdue])).toEqual([
      ['Alfa', 5, 1],
      ['Beta', 1, 0],
      ['Zeta', 0, 0],
    ]);
    const members = memberCounts(tasks, columns, [
      { id: 11, name: 'Maria' },
      { id: 10, name: 'Ana' },
    ]);
    expect(members.map((m) => [m.name, m.active, m.overdue])).toEqual([
      ['Ana', 2, 0],
      ['Maria', 2, 1],
    ]);
  });
  it('counts tasks per list in board order', () => {
    expect(columnCounts(tasks, [columns[2], columns[0], columns[1]]).map((c) => [c.name, c.count])).toEqual([
      ['Backlog', 5],
      ['Em andamento', 1],
      ['concluídos', 1],
    ]);
  });
});
