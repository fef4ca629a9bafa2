import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Board version: a number raised once by every transaction that writes tasks, their
 * assignees or attachments, or columns (whoever writes: the API on any replica, a seed, psql).
 * The serialised board is cached per version, so a cache hit costs one tiny query.
 *
 * Session changes: every API process caches sessions with their user and permissions for a few
 * seconds and LISTENs on 'wkflow_sessions'; these triggers tell it what to forget (a session
 * row, a user's sessions, or everything when profiles or permissions change).
 */
export class Performance1795420000000 implements MigrationInterface {
    name = 'Performance1795420000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "board_version" ("id" integer NOT NULL DEFAULT 1, "version" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_board_version" PRIMARY KEY ("id"), CONSTRAINT "CHK_board_version_one_row" CHECK ("id" = 1))`);
        await queryRunner.query(`INSERT INTO "board_version" ("id", "version") VALUES (1, 0)`);
        // Deferred to commit time, once per transaction: the row lock is the transaction's last one
        // (no deadlock with the column locks of a move), and readers see new data and version together.
        await queryRunner.query(`CREATE FUNCTION "bump_board_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('wkflow.board_version_txid', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('wkflow.board_version_txid', txid_current()::text, true);
    UPDATE "board_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$`);
        for (const table of ['tasks', 'task_assignees', 'task_attachments', 'columns']) {
            await queryRunner.query(`CREATE CONSTRAINT TRIGGER "TRG_${table}_board_version" AFTER INSERT OR UPDATE OR DELETE ON "${table}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_board_version"()`);
            await queryRunner.query(`CREATE TRIGGER "TRG_${table}_board_version_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "bump_board_version"()`);
        }
        await queryRunner.query(`CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('wkflow_sessions', '*');
  ELSIF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('wkflow_sessions', 's:' || OLD.sid);
  ELSE
    PERFORM pg_notify('wkflow_sessions', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$`);
        await queryRunner.query(`CREATE TRIGGER "TRG_session_cache" AFTER UPDATE OF "sess" OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"()`);
        await queryRunner.query(`CREATE TRIGGER "TRG_users_session_cache" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"()`);
        for (const table of ['session', 'users', 'module_permissions', 'access_profiles']) {
            const events = table === 'session' || table === 'users' ? 'TRUNCATE' : 'INSERT OR UPDATE OR DELETE OR TRUNCATE';
            await queryRunner.query(`CREATE TRIGGER "TRG_${table}_session_cache_all" AFTER ${events} ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"()`);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const table of ['tasks', 'task_assignees', 'task_attachments', 'columns']) {
            await queryRunner.query(`DROP TRIGGER "TRG_${table}_board_version_truncate" ON "${table}"`);
            await queryRunner.query(`DROP TRIGGER "TRG_${table}_board_version" ON "${table}"`);
        }
        for (const table of ['session', 'users', 'module_permissions', 'access_profiles']) {
            await queryRunner.query(`DROP TRIGGER "TRG_${table}_session_cache_all" ON "${table}"`);
        }
        await queryRunner.query(`DROP TRIGGER "TRG_users_session_cache" ON "users"`);
        await queryRunner.query(`DROP TRIGGER "TRG_session_cache" ON "session"`);
        await queryRunner.query(`DROP FUNCTION "notify_session_change"()`);
        await queryRunner.query(`DROP FUNCTION "bump_board_version"()`);
        await queryRunner.query(`DROP TABLE "board_version"`);
    }

}
