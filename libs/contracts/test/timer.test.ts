import { describe, expect, it } from 'vitest';
import { elapsedSeconds, formatDuration, formatHoursMinutes, parseDuration, periodStart, secondsToHours } from '../src/timer';

const tz = 'America/Sao_Paulo';

describe('periodStart in the app time zone', () => {
  // 2026-11-18 is a Wednesday; 01:30 UTC is still Tuesday 22:30 in São Paulo (UTC-3).
  const lateTuesdayLocal = new Date('2026-11-18T01:30:00Z');

  it('today starts at local midnight, not UTC midnight', () => {
    expect(periodStart('today', lateTuesdayLocal, tz)?.toISOString()).toBe('2026-11-17T03:00:00.000Z');
    expect(periodStart('today', new Date('2026-11-18T03:00:00Z'), tz)?.toISOString()).toBe('2026-11-18T03:00:00.000Z');
  });
  it('week starts on Monday local time', () => {
    expect(periodStart('week', lateTuesdayLocal, tz)?.toISOString()).toBe('2026-11-16T03:00:00.000Z');
    // Sunday 23:59 local still belongs to the week that began the Monday before.
    expect(periodStart('week', new Date('2026-11-23T02:59:00Z'), tz)?.toISOString()).toBe('2026-11-16T03:00:00.000Z');
    expect(periodStart('week', new Date('2026-11-23T03:00:00Z'), tz)?.toISOString()).toBe('2026-11-23T03:00:00.000Z');
  });
  it('month starts on the 1st local time', () => {
    expect(periodStart('month', new Date('2026-12-01T02:00:00Z'), tz)?.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(periodStart('month', new Date('2026-12-01T03:00:00Z'), tz)?.toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });
  it('all has no start', () => {
    expect(periodStart('all', lateTuesdayLocal, tz)).toBeNull();
  });
});

describe('durations', () => {
  it('formats HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(90000)).toBe('25:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
  });
  it('parses HH:MM and HH:MM:SS', () => {
    expect(parseDuration('01:30')).toBe(5400);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('00:00')).toBe(0);
    expect(parseDuration('1:60')).toBeNull();
    expect(parseDuration('abc')).toBeNull();
    expect(parseDuration('1:2')).toBeNull();
  });
  it('measures elapsed seconds', () => {
    expect(elapsedSeconds('2026-11-18T10:00:00Z', new Date('2026-11-18T10:01:05Z'))).toBe(65);
    expect(elapsedSeconds('2026-11-18T10:00:00Z', new Date('2026-11-18T09:00:00Z'))).toBe(0);
  });
});

describe('formatHoursMinutes', () => {
  it('never shows logged time as zero', () => {
    expect(formatHoursMinutes(0)).toBe('0 min');
    expect(formatHoursMinutes(12)).toBe('12 s');
    expect(formatHoursMinutes(72)).toBe('1 min');
    expect(formatHoursMinutes(59 * 60 + 59)).toBe('59 min');
    expect(formatHoursMinutes(3600 + 5 * 60 + 30)).toBe('1 h 05 min');
    expect(formatHoursMinutes(3 * 3600)).toBe('3 h');
    expect(formatHoursMinutes(1234 * 3600 + 60)).toBe('1.234 h 01 min');
    expect(formatHoursMinutes(-5)).toBe('0 min');
  });
});

describe('secondsToHours', () => {
  it('keeps two decimal places', () => {
    expect(secondsToHours(72)).toBe(0.02);
    expect(secondsToHours(5400)).toBe(1.5);
    expect(secondsToHours(0)).toBe(0);
  });
});
