import { DataSource, QueryFailedError } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';

/**
 * Runs a hot statement as a named prepared statement on the pool's connections: PostgreSQL parses
 * and plans it once per connection instead of on every call (planning a move's read cost as much
 * as running it). Errors come back as TypeORM's QueryFailedError, as from DataSource.query.
 */
export async function preparedQuery<T>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  try {
    return (await pool.query({ name, text, values })).rows as T[];
  } catch (error) {
    throw new QueryFailedError(text, values, error as Error);
  }
}
