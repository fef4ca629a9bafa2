import { describe, expect, it } from 'vitest';
import type { PermissionSubject } from '../src/permissions';
import {
  effectiveLockDate,
  ENTRY_DURATION_INVALID,
  ENTRY_END_BEFORE_START,
  ENTRY_END_INVALID,
  ENTRY_FOR_OTHERS,
  ENTRY_IN_FUTURE,
  ENTRY_NOT_YOURS,
  ENTRY_START_INVALID,
  ENTRY_TOO_LONG,
  entryChangeError,
  entryCreateError,
  intervalError,
  isLocked,
  LOCK_DATE_NOT_PAST,
  LOCK_DAYS_RANGE,
  lockedMessage,
  lockSettingsError,
  manualEntryError,
  manualEntryInterval,
  overlapping,
} from '../src/time-entries';

const TZ = 'America/Sao_Paulo';
const now = new Date('2026-11-24T15:00:00.000Z'); // 12:00 in São Paulo
const at = (iso: string) => new Date(iso);
const user = (permission: string | null, id = 7, profile = 3): PermissionSubject & { id: number } => ({
  id,
  accessProfileId: profile,
  permissions: permission ? [{ module: 'time_tracking', permission }] : [],
});

describe('intervalError', () => {
  it('wants the end after the start', () => {
    expect(intervalError({ start: at('2026-11-24T10:00:00Z'), end: at('2026-11-24T10:00:00Z') }, now)).toBe(ENTRY_END_BEFORE_START);
    expect(intervalError({ start: at('2026-11-24T10:00:00Z'), end: at('2026-11-24T09:00:00Z') }, now)).toBe(ENTRY_END_BEFORE_START);
    expect(intervalError({ start: new Date(NaN), end: at('2026-11-24T09:00:00Z') }, now)).toBe(ENTRY_END_BEFORE_START);
  });
  it('refuses an end in the future, and accepts one ending now', () => {
    expect(intervalError({ start: at('2026-11-24T14:00:00Z'), end: at('2026-11-24T15:00:01Z') }, now)).toBe(ENTRY_IN_FUTURE);
    expect(intervalError({ start: at('2026-11-24T14:00:00Z'), end: now }, now)).toBeNull();
  });
  it('allows at most 24 hours', () => {
    expect(intervalError({ start: at('2026-11-22T10:00:00Z'), end: at('2026-11-23T10:00:00Z') }, now)).toBeNull();
    expect(intervalError({ start: at('2026-11-22T10:00:00Z'), end: at('2026-11-23T10:00:01Z') }, now)).toBe(ENTRY_TOO_LONG);
  });
});

describe('overlap', () => {
  const others = [
    { id: 1, startTime: '2026-11-24T10:00:00Z', endTime: '2026-11-24T11:00:00Z' },
    { id: 2, startTime: '2026-11-24T14:30:00Z', endTime: null }, // running since 11:30 local
  ];
  it('treats intervals as half-open: touching is fine', () => {
    expect(overlapping({ start: at('2026-11-24T11:00:00Z'), end: at('2026-11-24T12:00:00Z') }, others, now)).toEqual([]);
    expect(overlapping({ start: at('2026-11-24T09:00:00Z'), end: at('2026-11-24T10:00:00Z') }, others, now)).toEqual([]);
  });
  it('finds a finished entry inside, around or across the interval', () => {
    for (const [s, e] of [
      ['2026-11-24T10:15:00Z', '2026-11-24T10:45:00Z'],
      ['2026-11-24T09:00:00Z', '2026-11-24T12:00:00Z'],
      ['2026-11-24T10:59:00Z', '2026-11-24T11:30:00Z'],
    ])
      expect(overlapping({ start: at(s), end: at(e) }, others, now).map((o) => o.id)).toEqual([1]);
  });
  it('counts a running timer from its start up to now', () => {
    expect(overlapping({ start: at('2026-11-24T14:00:00Z'), end: at('2026-11-24T14:31:00Z') }, others, now).map((o) => o.id)).toEqual([2]);
    expect(overlapping({ start: at('2026-11-24T13:00:00Z'), end: at('2026-11-24T14:30:00Z') }, others, now)).toEqual([]);
  });
  it('names the other entry in the message', () => {
    expect(manualEntryError({ start: at('2026-11-24T10:30:00Z'), end: at('2026-11-24T12:00:00Z') }, others, now, TZ)).toBe(
      'Este período se sobrepõe a outro registro de tempo (24/11/2026 07:00 – 08:00)',
    );
    expect(manualEntryError({ start: at('2026-11-24T14:00:00Z'), end: now }, others, now, TZ)).toBe(
      'Este período se sobrepõe ao timer em andamento (iniciado em 24/11/2026 11:30)',
    );
    expect(manualEntryError({ start: at('2026-11-24T12:00:00Z'), end: at('2026-11-24T13:00:00Z') }, others, now, TZ)).toBeNull();
  });
});

describe('manualEntryInterval (the form)', () => {
  it('reads a date, a start and an end in the given zone', () => {
    expect(manualEntryInterval({ date: '2026-11-20', start: '09:00', end: '10:30' }, TZ)).toEqual({
      interval: { start: at('2026-11-20T12:00:00Z'), end: at('2026-11-20T13:30:00Z') },
    });
  });
  it('takes a duration in HH:MM instead of an end, past midnight too', () => {
    expect(manualEntryInterval({ date: '2026-11-20', start: '23:00', end: '', duration: '02:15' }, TZ)).toEqual({
      interval: { start: at('2026-11-21T02:00:00Z'), end: at('2026-11-21T04:15:00Z') },
    });
  });
  it('says which field is wrong', () => {
    expect(manualEntryInterval({ date: '2026-02-30', start: '09:00', end: '10:00' }, TZ)).toMatchObject({ field: 'date' });
    expect(manualEntryInterval({ date: '', start: '09:00', end: '10:00' }, TZ)).toMatchObject({ field: 'date' });
    expect(manualEntryInterval({ date: '2026-11-20', start: '9h', end: '10:00' }, TZ)).toEqual({
      field: 'start',
      error: ENTRY_START_INVALID,
    });
    expect(manualEntryInterval({ date: '2026-11-20', start: '09:00', end: '24:00' }, TZ)).toEqual({
      field: 'end',
      error: ENTRY_END_INVALID,
    });
    expect(manualEntryInterval({ date: '2026-11-20', start: '09:00', duration: '1:75' }, TZ)).toEqual({
      field: 'duration',
      error: ENTRY_DURATION_INVALID,
    });
  });
  it('leaves an end before the start to the interval rule', () => {
    const result = manualEntryInterval({ date: '2026-11-20', start: '10:00', end: '09:00' }, TZ);
    expect('interval' in result && intervalError(result.interval, now)).toBe(ENTRY_END_BEFORE_START);
  });
});

describe('lockdown period', () => {
  it('locks through a fixed date or today minus N days (in the zone)', () => {
    expect(effectiveLockDate({ mode: 'none', lockDate: '2026-10-31', lockDays: 5 }, now, TZ)).toBeNull();
    expect(effectiveLockDate({ mode: 'date', lockDate: '2026-10-31', lockDays: null }, now, TZ)).toBe('2026-10-31');
    expect(effectiveLockDate({ mode: 'days', lockDate: null, lockDays: 30 }, now, TZ)).toBe('2026-10-25');
    // 01:00 UTC on the 25th is still the 24th in São Paulo.
    expect(effectiveLockDate({ mode: 'days', lockDate: null, lockDays: 1 }, at('2026-11-25T01:00:00Z'), TZ)).toBe('2026-11-23');
  });
  it('locks entries starting on or before the date, by their local day', () => {
    expect(isLocked('2026-11-01T02:59:00Z', '2026-10-31', TZ)).toBe(true); // 23:59 on the 31st locally
    expect(isLocked('2026-11-01T03:00:00Z', '2026-10-31', TZ)).toBe(false);
    expect(isLocked('2026-11-01T03:00:00Z', null, TZ)).toBe(false);
  });
  it('checks the settings', () => {
    expect(lockSettingsError({ mode: 'date', lockDate: '2026-11-24', lockDays: null }, now, TZ)).toBe(LOCK_DATE_NOT_PAST);
    expect(lockSettingsError({ mode: 'date', lockDate: '2026-11-23', lockDays: null }, now, TZ)).toBeNull();
    expect(lockSettingsError({ mode: 'date', lockDate: null, lockDays: null }, now, TZ)).not.toBeNull();
    expect(lockSettingsError({ mode: 'days', lockDate: null, lockDays: 0 }, now, TZ)).toBe(LOCK_DAYS_RANGE);
    expect(lockSettingsError({ mode: 'days', lockDate: null, lockDays: 1.5 }, now, TZ)).toBe(LOCK_DAYS_RANGE);
    expect(lockSettingsError({ mode: 'days', lockDate: null, lockDays: 30 }, now, TZ)).toBeNull();
    expect(lockSettingsError({ mode: 'none', lockDate: null, lockDays: null }, now, TZ)).toBeNull();
  });
  it('says until when in the message', () => {
    expect(lockedMessage('2026-10-31')).toMatch(/^Período bloqueado até 31\/10\/2026/);
  });
});

describe('who may add and change entries', () => {
  const old = { startTime: '2026-10-10T12:00:00Z' };
  const recent = { startTime: '2026-11-20T12:00:00Z' };
  it('lets write (and the administrator profile) change anything, locked or not', () => {
    for (const subject of [user('write'), user(null, 7, 1)]) {
      expect(entryChangeError(subject, { ...old, userId: 99 }, '2026-10-31', TZ)).toBeNull();
      expect(entryCreateError(subject, 99, at(old.startTime), '2026-10-31', TZ)).toBeNull();
    }
  });
  it('lets own_only, read and view_all change only their own entries in the open period', () => {
    for (const level of ['own_only', 'read', 'view_all', 'view_assigned']) {
      const subject = user(level);
      expect(entryChangeError(subject, { ...recent, userId: 7 }, '2026-10-31', TZ)).toBeNull();
      expect(entryChangeError(subject, { ...recent, userId: 8 }, '2026-10-31', TZ)).toBe(ENTRY_NOT_YOURS);
      expect(entryChangeError(subject, { ...old, userId: 7 }, '2026-10-31', TZ)).toBe(lockedMessage('2026-10-31'));
      expect(entryCreateError(subject, 7, at(recent.startTime), '2026-10-31', TZ)).toBeNull();
      expect(entryCreateError(subject, 8, at(recent.startTime), '2026-10-31', TZ)).toBe(ENTRY_FOR_OTHERS);
      expect(entryCreateError(subject, 7, at(old.startTime), '2026-10-31', TZ)).toBe(lockedMessage('2026-10-31'));
      expect(entryCreateError(subject, 7, at(old.startTime), null, TZ)).toBeNull();
    }
  });
  it('lets hidden change nothing', () => {
    expect(entryChangeError(user('hidden'), { ...recent, userId: 7 }, null, TZ)).toBe(ENTRY_NOT_YOURS);
  });
});
