import type { DataSource, EntityManager } from 'typeorm';

/** Where a repository method runs: the pool, or the caller's transaction. */
export type Db = DataSource | EntityManager;

/**
 * What every module's repository shares: the data source, and a transaction its service opens and
 * passes back to the repository's methods (and to other modules' methods that join it).
 */
export abstract class ModuleRepository {
  constructor(protected readonly dataSource: DataSource) {}

  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A REPEATABLE READ transaction: every read in it sees one snapshot. */
  snapshot<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }
}
