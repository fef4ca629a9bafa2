import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables the analytics figures read, and the columns of them that change a figure. */
const SOURCES: { table: string; update: string }[] = [
  { table: 'tasks', update: 'UPDATE OF "columnId", "clientId", "createdAt", "completedAt", "isArchived", "deadline"' },
  { table: 'task_assignees', update: 'UPDATE' },
  { table: 'time_entries', update: 'UPDATE' },
  { table: 'task_history', update: 'UPDATE' },
  { table: 'users', update: 'UPDATE OF "name", "isApproved"' },
  { table: 'clients', update: 'UPDATE OF "name", "color"' },
  { table: 'columns', update: 'UPDATE OF "name", "isFixed"' },
];

/**
 * Analytics figures: every API process keeps the dashboard and its tabs in memory and LISTENs on
 * 'wkflow_analytics'. One notification per statement that writes what they read (whoever writes:
 * the API on any replica, a script, psql); the process then forgets every figure.
 */
export class AnalyticsNotify1795571000000 implements MigrationInterface {
  name = 'AnalyticsNotify1795571000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "notify_analytics_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wkflow_analytics', TG_TABLE_NAME);
  RETURN NULL;
END
$$`);
    for (const { table, update } of SOURCES) {
      await queryRunner.query(
        `CREATE TRIGGER "TRG_${table}_analytics" AFTER INSERT OR DELETE OR ${update} ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_analytics_change"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "TRG_${table}_analytics_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_analytics_change"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table } of SOURCES) {
      await queryRunner.query(`DROP TRIGGER "TRG_${table}_analytics_truncate" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "TRG_${table}_analytics" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "notify_analytics_change"()`);
  }
}
