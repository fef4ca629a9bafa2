import { describe, expect, it } from 'vitest';
import {
  dateBR,
  hourlyValue,
  hoursDecimalBR,
  hoursHHMM,
  isIsoDate,
  moneyBR,
  neutralizeCell,
  parseMoneyBR,
  timeBR,
  timesheetFileName,
  timesheetRange,
  weekDays,
} from '../src/timesheets';

const TZ = 'America/Sao_Paulo';

describe('neutralizeCell (OWASP CSV injection)', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('prefixes %j with an apostrophe', (cell) => {
    expect(neutralizeCell(cell)).toBe(`'${cell}`);
  });
  it('leaves ordinary text alone', () => {
    expect(neutralizeCell('Padaria = boa')).toBe('Padaria = boa');
    expect(neutralizeCell('')).toBe('');
    expect(neutralizeCell("'já")).toBe("'já");
  });
});

describe('pt-BR formats', () => {
  it('writes hours as decimal with a comma and as HH:MM', () => {
    expect(hoursDecimalBR(5400)).toBe('1,50');
    expect(hoursDecimalBR(72)).toBe('0,02');
    expect(hoursDecimalBR(0)).toBe('0,00');
    expect(hoursHHMM(5430)).toBe('01:30');
    expect(hoursHHMM(30 * 3600 + 59)).toBe('30:00');
  });
  it('writes dates as dd/MM/yyyy in the zone', () => {
    // 02:00 UTC is still the previous day in São Paulo.
    expect(dateBR('2026-03-01T02:00:00.000Z', TZ)).toBe('28/02/2026');
    expect(timeBR('2026-03-01T02:00:00.000Z', TZ)).toBe('23:00');
  });
  it('computes hours × rate in cents', () => {
    expect(hourlyValue(5400, 100)).toBe(150);
    expect(hourlyValue(60, 150.5)).toBe(2.51);
    expect(hourlyValue(3600, null)).toBeNull();
    expect(moneyBR(1234.5)).toBe('1234,50');
  });
});

describe('timesheet ranges', () => {
  it('validates ISO dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
  });
  it('includes both days of a custom range in the zone', () => {
    const { since, until } = timesheetRange({ period: 'custom', from: '2026-11-01', to: '2026-11-30' }, new Date(), TZ);
    expect(since?.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(until?.toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });
  it('starts the week on Monday and leaves all unbounded', () => {
    const now = new Date('2026-11-25T12:00:00.000Z'); // a Wednesday
    expect(timesheetRange({ period: 'week' }, now, TZ).since?.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(timesheetRange({ period: 'all' }, now, TZ)).toEqual({ since: null, until: null });
    expect(weekDays(now, TZ)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });
});

describe('parseMoneyBR', () => {
  it('reads amounts as typed in pt-BR', () => {
    expect(parseMoneyBR('150')).toBe(150);
    expect(parseMoneyBR('150,5')).toBe(150.5);
    expect(parseMoneyBR('R$ 1.234,50')).toBe(1234.5);
    expect(parseMoneyBR('150.50')).toBe(150.5);
    expect(parseMoneyBR('  ')).toBeNull();
  });
  it('refuses negatives, three decimals and text', () => {
    for (const text of ['-1', '1,234', 'abc', '1.2.3', '999999999']) expect(parseMoneyBR(text)).toBeUndefined();
  });
});

describe('timesheetFileName', () => {
  const now = new Date('2026-11-28T15:00:00Z'); // a Saturday in São Paulo
  const name = (period: 'today' | 'week' | 'month' | 'all', ext: 'csv' | 'xlsx' = 'csv') => timesheetFileName({ period }, now, TZ, ext);
  it("names the period in pt-BR words, never the API's English ones", () => {
    expect(name('today')).toBe('horas-dia-2026-11-28.csv');
    expect(name('week')).toBe('horas-semana-2026-11-23.csv');
    expect(name('month', 'xlsx')).toBe('horas-mes-2026-11.xlsx');
    expect(name('all')).toBe('horas-ate-2026-11-28.csv');
    expect(timesheetFileName({ period: 'custom', from: '2026-10-01', to: '2026-10-31' }, now, TZ, 'csv')).toBe(
      'horas-periodo-2026-10-01-a-2026-10-31.csv',
    );
  });
});
