/**
 * SQL text shared by the analytics read models (time entries under the alias e). Kept beside them:
 * nothing outside a repository writes SQL.
 */

/**
 * Seconds of a time entry (alias e): its duration, or while it runs its time up to `upTo` (SQL: an
 * instant, or e."startTime" to count it as 0).
 */
export const entrySeconds = (upTo: string) =>
  `COALESCE(e.duration, GREATEST(EXTRACT(EPOCH FROM (COALESCE(e."endTime", ${upTo}) - e."startTime")), 0))`;

/** Seconds of a time entry, a running one counting its time so far. */
export const ENTRY_SECONDS = entrySeconds('now()');
