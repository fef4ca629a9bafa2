import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Active timers: every API process answers the per-second timer poll from memory and LISTENs on
 * 'wkflow_timers'. These triggers tell it what to forget: a user's timer when any of their time
 * entries is written (start, stop, edit, removal, a cascade), every timer when a task's title
 * changes or a task goes (the poll's answer carries the task's title).
 */
export class ActiveTimerNotify1795430000000 implements MigrationInterface {
  name = 'ActiveTimerNotify1795430000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "notify_timer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR TG_TABLE_NAME = 'tasks' THEN
    PERFORM pg_notify('wkflow_timers', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('wkflow_timers', OLD."userId"::text);
  ELSE
    PERFORM pg_notify('wkflow_timers', NEW."userId"::text);
    IF TG_OP = 'UPDATE' AND OLD."userId" IS DISTINCT FROM NEW."userId" THEN
      PERFORM pg_notify('wkflow_timers', OLD."userId"::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_time_entries_timer_change" AFTER INSERT OR UPDATE OR DELETE ON "time_entries" FOR EACH ROW EXECUTE FUNCTION "notify_timer_change"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_time_entries_timer_truncate" AFTER TRUNCATE ON "time_entries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_timer_change"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_tasks_timer_title" AFTER UPDATE OF "title" ON "tasks" FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION "notify_timer_change"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_tasks_timer_delete" AFTER DELETE ON "tasks" FOR EACH STATEMENT EXECUTE FUNCTION "notify_timer_change"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_tasks_timer_delete" ON "tasks"`);
    await queryRunner.query(`DROP TRIGGER "TRG_tasks_timer_title" ON "tasks"`);
    await queryRunner.query(`DROP TRIGGER "TRG_time_entries_timer_truncate" ON "time_entries"`);
    await queryRunner.query(`DROP TRIGGER "TRG_time_entries_timer_change" ON "time_entries"`);
    await queryRunner.query(`DROP FUNCTION "notify_timer_change"()`);
  }
}
