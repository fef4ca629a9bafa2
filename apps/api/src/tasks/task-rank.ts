import { randomInt } from 'node:crypto';
import { BASE_62_DIGITS, generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { pgError } from '../platform/database/db-errors';

/** The unique index on (columnId, rank) of board tasks: two writes that picked one key cannot both commit. */
export const RANK_INDEX = 'UQ_tasks_column_rank';

/** Past this length a key is not stored: its column is given fresh, short keys instead (rare). */
export const RANK_MAX_LENGTH = 64;

/**
 * A key sorting between `before` and `after` (null: the open end), from fractional-indexing,
 * plus three random digits: two moves computing between the same neighbours at the same time
 * almost never pick the same key (the unique index and a retry handle the rest).
 */
export function rankBetween(before: string | null, after: string | null): string {
  let key: string;
  try {
    key = generateKeyBetween(before, after);
  } catch (error) {
    throw new UnusableRankError(error instanceof Error ? error.message : String(error));
  }
  // key < after; only when key is a prefix of after could a longer key pass after.
  if (after !== null && after.startsWith(key)) return key;
  const tail = BASE_62_DIGITS[randomInt(62)] + BASE_62_DIGITS[randomInt(62)] + BASE_62_DIGITS[1 + randomInt(61)]; // no trailing zero
  return key + tail;
}

/** A neighbour's key is not one fractional-indexing can work with (written by hand, say): the column needs fresh keys. */
export class UnusableRankError extends Error {}

/** n increasing short keys, for a column given fresh keys. */
export function freshRanks(n: number): string[] {
  return generateNKeysBetween(null, null, n);
}

/** True when a write lost the race for a key (another transaction committed the same key first). */
export function isRankConflict(error: unknown): boolean {
  const pg = pgError(error);
  return pg?.code === '23505' && pg.constraint === RANK_INDEX;
}

/**
 * True when PostgreSQL ended the statement to break a deadlock (40P01): a move waiting for a
 * column that a column's fresh keys (respace) hold, while the respace waits for that move's row.
 * Nothing was written; the same write run again goes through once the other one commits.
 */
export function isDeadlock(error: unknown): boolean {
  return pgError(error)?.code === '40P01';
}

/** A write that lost to a concurrent one (a key taken first, or a deadlock ended): run again, it goes through. */
export function isWriteConflict(error: unknown): boolean {
  return isRankConflict(error) || isDeadlock(error);
}

/** Runs a write transaction again (with a fresh read of the neighbours) after a write conflict (isWriteConflict). */
export async function retryOnWriteConflict<T>(work: () => Promise<T>, attempts = 20): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isWriteConflict(error)) throw error;
    }
  }
}
