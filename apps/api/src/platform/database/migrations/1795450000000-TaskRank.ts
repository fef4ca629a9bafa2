import { MigrationInterface, QueryRunner } from 'typeorm';
import { generateNKeysBetween } from 'fractional-indexing';

/**
 * Tasks are ordered by a fractional-indexing key ("rank", compared byte by byte: COLLATE "C")
 * instead of a stored 1..n position, so a move writes one row. Today's order becomes keys per
 * column: the board's tasks by position, then the archived ones. `position` is computed when reading.
 *
 * A row inserted without a key (psql, a test, a bulk load), or moved to another column by SQL that
 * keeps its key, gets a fresh one after the column's last: 'z', 26 digits from a sequence and 'V'
 * (a valid fractional-indexing key, past every key the API derives from its own, which start 'a',
 * 'b'…), or, if the column already holds a key past that, the last key followed by the sequence
 * number and 'V'. So it lands at the end of its column instead of colliding there.
 */
export class TaskRank1795450000000 implements MigrationInterface {
  name = 'TaskRank1795450000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tasks" ADD "rank" character varying COLLATE "C"`);
    const rows: { id: number; columnId: number }[] = await queryRunner.query(
      `SELECT id, "columnId" FROM "tasks" ORDER BY "columnId", "isArchived", "position", id`,
    );
    const byColumn = new Map<number, number[]>();
    for (const row of rows) byColumn.set(row.columnId, [...(byColumn.get(row.columnId) ?? []), row.id]);
    const ids: number[] = [];
    const ranks: string[] = [];
    for (const columnIds of byColumn.values()) {
      ids.push(...columnIds);
      ranks.push(...generateNKeysBetween(null, null, columnIds.length));
    }
    await queryRunner.query(`UPDATE "tasks" t SET "rank" = v.rank FROM unnest($1::int[], $2::text[]) AS v(id, rank) WHERE t.id = v.id`, [
      ids,
      ranks,
    ]);
    // The board-version triggers are deferred: fire them now, ALTER TABLE refuses pending trigger events.
    await queryRunner.query(`SET CONSTRAINTS ALL IMMEDIATE`);
    await queryRunner.query(`ALTER TABLE "tasks" ALTER COLUMN "rank" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tasks_column_position"`);
    await queryRunner.query(`ALTER TABLE "tasks" DROP COLUMN "position"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_tasks_column_rank" ON "tasks" ("columnId", "rank") WHERE "isArchived" = false`);
    await queryRunner.query(`CREATE SEQUENCE "tasks_rank_seq"`);
    await queryRunner.query(`CREATE FUNCTION "task_default_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  last varchar;
BEGIN
  IF NEW."rank" IS NULL OR (TG_OP = 'UPDATE' AND NEW."columnId" <> OLD."columnId" AND NEW."rank" = OLD."rank") THEN
    n := nextval('tasks_rank_seq');
    NEW."rank" := 'z' || lpad(n::text, 26, '0') || 'V';
    SELECT max("rank") INTO last FROM "tasks" WHERE "columnId" = NEW."columnId" AND NOT "isArchived";
    IF last IS NOT NULL AND NEW."rank" <= last THEN
      NEW."rank" := last || n::text || 'V';
    END IF;
  END IF;
  RETURN NEW;
END
$$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_tasks_default_rank" BEFORE INSERT OR UPDATE OF "columnId" ON "tasks" FOR EACH ROW EXECUTE FUNCTION "task_default_rank"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_tasks_default_rank" ON "tasks"`);
    await queryRunner.query(`DROP FUNCTION "task_default_rank"()`);
    await queryRunner.query(`DROP SEQUENCE "tasks_rank_seq"`);
    await queryRunner.query(`ALTER TABLE "tasks" ADD "position" integer NOT NULL DEFAULT '1'`);
    await queryRunner.query(
      `UPDATE "tasks" t SET "position" = r.rn
         FROM (SELECT id, row_number() OVER (PARTITION BY "columnId", "isArchived" ORDER BY "rank", id)::int AS rn FROM "tasks") r
        WHERE t.id = r.id`,
    );
    await queryRunner.query(`SET CONSTRAINTS ALL IMMEDIATE`);
    await queryRunner.query(`DROP INDEX "public"."UQ_tasks_column_rank"`);
    await queryRunner.query(`ALTER TABLE "tasks" DROP COLUMN "rank"`);
    await queryRunner.query(`CREATE INDEX "IDX_tasks_column_position" ON "tasks" ("columnId", "position") WHERE "isArchived" = false`);
  }
}
