import { DEFAULT_APP_TIMEZONE } from '@wkflow/contracts';

/**
 * The API's APP_TIMEZONE (from GET /api/auth/me): the zone the cards' 'Vence em N dias' and the
 * sidebar's delivery days count calendar days in. One value for the whole app, set when the
 * logged-in user is read (before any board renders).
 */
let zone = DEFAULT_APP_TIMEZONE;

export function appTimeZone(): string {
  return zone;
}

export function setAppTimeZone(timeZone: string | undefined): void {
  if (timeZone) zone = timeZone;
}
