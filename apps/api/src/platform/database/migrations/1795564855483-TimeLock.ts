import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lockdown period of time tracking: a one-row settings table owned by the timer module
 * (nothing locked until an administrator sets it).
 */
export class TimeLock1795564855483 implements MigrationInterface {
  name = 'TimeLock1795564855483';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "time_lock_settings" ("id" integer NOT NULL DEFAULT '1', "mode" character varying(10) NOT NULL DEFAULT 'none', "lockDate" date, "lockDays" integer, "updatedById" integer, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_time_lock_settings_mode" CHECK ("mode" IN ('none', 'date', 'days')), CONSTRAINT "CHK_time_lock_settings_single" CHECK ("id" = 1), CONSTRAINT "PK_94d66058427bddccbb1104326e9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`INSERT INTO "time_lock_settings" ("id") VALUES (1)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "time_lock_settings"`);
  }
}
