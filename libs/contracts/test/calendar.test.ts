import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, DEFAULT_APP_TIMEZONE } from '../src/calendar';

describe('calendar days in APP_TIMEZONE (issue 22 §10)', () => {
  // 2026-11-24 10:00 in São Paulo (UTC-3).
  const now = new Date('2026-11-24T13:00:00.000Z');

  it('counts dates, not 24-hour blocks', () => {
    expect(DEFAULT_APP_TIMEZONE).toBe('America/Sao_Paulo');
    // The day after tomorrow, 40 h away: 2 days, not 1.
    expect(calendarDaysBetween('2026-11-26T05:00:00.000Z', now)).toBe(2);
    // Tomorrow 00:30 local, 14.5 h away: 1 day.
    expect(calendarDaysBetween('2026-11-25T03:30:00.000Z', now)).toBe(1);
    // Tonight 23:59 local: today.
    expect(calendarDaysBetween('2026-11-25T02:59:00.000Z', now)).toBe(0);
    expect(calendarDaysBetween('2026-11-23T12:00:00.000Z', now)).toBe(-1);
    expect(calendarDaysBetween('not a date', now)).toBeNull();
  });

  it('reads the dates in the zone given', () => {
    // 02:00 UTC on the 25th is still the 24th in São Paulo, already the 25th in Lisbon.
    expect(calendarDaysBetween('2026-11-25T02:00:00.000Z', now, 'America/Sao_Paulo')).toBe(0);
    expect(calendarDaysBetween('2026-11-25T02:00:00.000Z', now, 'Europe/Lisbon')).toBe(1);
  });

  it('is not fooled by a daylight-saving change (a 23- or 25-hour day)', () => {
    // New York leaves DST on 2026-11-01.
    const before = new Date('2026-10-31T16:00:00.000Z');
    expect(calendarDaysBetween('2026-11-02T16:00:00.000Z', before, 'America/New_York')).toBe(2);
  });
});
