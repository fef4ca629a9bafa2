import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The board's change log, so open boards get what changed instead of the whole board: every
 * transaction that writes tasks, their assignees or attachments, or columns (whoever writes: the
 * API on any replica, a seed, psql) raises the board version once, at commit, and logs each row
 * it touched under that version:
 *  - 'task': a task row was inserted, updated or deleted (`taskId`);
 *  - 'assignee': a user was assigned to or unassigned from a task (`taskId`, `userId`): that
 *    user's view of the task may have changed;
 *  - 'attachment': a task's attachments changed (`taskId`);
 *  - 'column': a column changed (every column is sent again);
 *  - 'reset': a table was truncated (clients read the whole board again).
 * The commit then notifies 'wkflow_board' with the version. `board_version.prunedThrough` is the
 * newest version whose log rows may have been deleted: a client behind it reads everything.
 * The version is taken under the board_version row lock, held to commit, so versions follow the
 * commit order and a reader that sees version v sees every change up to v.
 */
export class BoardChanges1795580000000 implements MigrationInterface {
  name = 'BoardChanges1795580000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "board_version" ADD "prunedThrough" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`UPDATE "board_version" SET "prunedThrough" = "version"`);
    await queryRunner.query(
      `CREATE TABLE "board_changes" ("version" bigint NOT NULL, "kind" character varying(10) NOT NULL, "taskId" integer, "userId" integer,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_board_changes_kind" CHECK ("kind" IN ('task', 'assignee', 'attachment', 'column', 'reset')))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_board_changes_version" ON "board_changes" ("version")`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "bump_board_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
  row_kind varchar;
  task_id integer;
  user_id integer;
BEGIN
  IF current_setting('wkflow.board_version_txid', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE "board_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
    PERFORM set_config('wkflow.board_version_txid', txid_current()::text, true);
    PERFORM set_config('wkflow.board_version', v::text, true);
    PERFORM pg_notify('wkflow_board', v::text);
  ELSE
    v := current_setting('wkflow.board_version')::bigint;
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN
    row_kind := 'reset';
  ELSIF TG_TABLE_NAME = 'tasks' THEN
    row_kind := 'task';
    task_id := COALESCE(NEW."id", OLD."id");
  ELSIF TG_TABLE_NAME = 'task_assignees' THEN
    row_kind := 'assignee';
    task_id := COALESCE(NEW."taskId", OLD."taskId");
    user_id := COALESCE(NEW."userId", OLD."userId");
  ELSIF TG_TABLE_NAME = 'task_attachments' THEN
    row_kind := 'attachment';
    task_id := COALESCE(NEW."taskId", OLD."taskId");
  ELSE
    row_kind := 'column';
  END IF;
  INSERT INTO "board_changes" ("version", "kind", "taskId", "userId") VALUES (v, row_kind, task_id, user_id);
  RETURN NULL;
END
$$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "bump_board_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('wkflow.board_version_txid', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('wkflow.board_version_txid', txid_current()::text, true);
    UPDATE "board_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$`);
    await queryRunner.query(`DROP TABLE "board_changes"`);
    await queryRunner.query(`ALTER TABLE "board_version" DROP COLUMN "prunedThrough"`);
  }
}
