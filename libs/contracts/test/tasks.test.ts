import { describe, expect, it } from 'vitest';
import { contrastTextColor, isCompletedColumnName, taskStatus } from '../src/tasks';

const tz = 'America/Sao_Paulo';

describe('isCompletedColumnName', () => {
  it.each([
    ['concluídos', true],
    ['Concluídos', true],
    ['CONCLUÍDO', true],
    ['Concluidos', true],
    ['Finalizadas', true],
    ['Completo', true],
    ['Em andamento', false],
    ['Backlog', false],
  ])('%s → %s', (name, expected) => {
    expect(isCompletedColumnName(name)).toBe(expected);
  });
});

describe('taskStatus around midnight in the app time zone', () => {
  // 02:30 UTC on the 19th is still 23:30 on the 18th in São Paulo.
  const lateOn18th = new Date('2026-11-19T02:30:00Z');
  const earlyOn19th = new Date('2026-11-19T03:30:00Z');

  it('a deadline earlier today is not overdue yet', () => {
    expect(taskStatus('2026-11-18T12:00:00-03:00', lateOn18th, tz)).toBe('open');
  });
  it('becomes overdue once the local date passes', () => {
    expect(taskStatus('2026-11-18T12:00:00-03:00', earlyOn19th, tz)).toBe('overdue');
  });
  it('uses the local date of the deadline, not its UTC date', () => {
    // 23:30 local on the 18th is 02:30 UTC on the 19th.
    expect(taskStatus('2026-11-19T02:30:00Z', earlyOn19th, tz)).toBe('overdue');
    expect(taskStatus('2026-11-19T03:30:00Z', earlyOn19th, tz)).toBe('open');
  });
  it('future deadlines and missing ones are open', () => {
    expect(taskStatus('2026-12-01T00:00:00Z', earlyOn19th, tz)).toBe('open');
    expect(taskStatus(null, earlyOn19th, tz)).toBe('open');
  });
});

describe('contrastTextColor', () => {
  it('is black on light colours and white on dark ones', () => {
    expect(contrastTextColor('#ffffff')).toBe('#000000');
    expect(contrastTextColor('#eab308')).toBe('#000000');
    expect(contrastTextColor('#1e3a8a')).toBe('#ffffff');
    expect(contrastTextColor('#6b7280')).toBe('#ffffff');
    expect(contrastTextColor('#fff')).toBe('#000000');
  });
});
