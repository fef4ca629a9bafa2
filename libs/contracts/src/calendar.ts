import { DateTime } from 'luxon';

/** The zone "today", "tomorrow" and the delivery days are counted in when APP_TIMEZONE is unset. */
export const DEFAULT_APP_TIMEZONE = 'America/Sao_Paulo';

/**
 * Calendar days from `now`'s date to `at`'s date in `timeZone`: 0 the same day, 1 tomorrow, 2 the
 * day after tomorrow, -1 yesterday; null for a bad date. The card's 'Vence em N dias' and the
 * sidebar's 'Em N dias' both count with it (issue 22 §10).
 */
export function calendarDaysBetween(at: string | Date, now: Date, timeZone: string = DEFAULT_APP_TIMEZONE): number | null {
  const target = typeof at === 'string' ? DateTime.fromISO(at, { zone: timeZone }) : DateTime.fromJSDate(at, { zone: timeZone });
  const base = DateTime.fromJSDate(now, { zone: timeZone });
  if (!target.isValid || !base.isValid) return null;
  return Math.round(target.startOf('day').diff(base.startOf('day'), 'days').days);
}
