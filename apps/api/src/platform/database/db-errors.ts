import { QueryFailedError } from 'typeorm';

/** The PostgreSQL error code and constraint (or index) name of a failed query, if it is one. */
export function pgError(error: unknown): { code?: string; constraint?: string } | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = error.driverError as { code?: string; constraint?: string } | undefined;
  return { code: driver?.code, constraint: driver?.constraint };
}

/** Rethrows a database error as the HTTP error a constraint means, when there is one. */
export function translate(error: unknown, byConstraint: Record<string, () => Error>, byCode: Record<string, () => Error> = {}): never {
  const pg = pgError(error);
  const mapped = (pg?.constraint && byConstraint[pg.constraint]) || (pg?.code && byCode[pg.code]);
  throw mapped ? mapped() : error;
}

/** A unique constraint or index refused the write (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgError(error)?.code === '23505';
}

/**
 * A delete or update refused because other rows still reference the row: a foreign-key violation
 * (23503), or, from PostgreSQL 18 on, for ON DELETE RESTRICT keys, a restrict violation (23001).
 */
export function isStillReferenced(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '23503' || code === '23001';
}
