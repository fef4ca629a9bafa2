import { MigrationInterface, QueryRunner } from "typeorm";

export class TasksAndTimer1795342290402 implements MigrationInterface {
    name = 'TasksAndTimer1795342290402'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "columns" ("id" SERIAL NOT NULL, "name" character varying(60) NOT NULL, "position" integer NOT NULL, "color" character varying(20) NOT NULL DEFAULT '#6b7280', "isFixed" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4ac339ccbbfed1dcd96812abbd5" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "tasks" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "description" text NOT NULL, "clientId" integer NOT NULL, "columnId" integer NOT NULL, "deadline" TIMESTAMP WITH TIME ZONE NOT NULL, "reminderTime" character varying(4), "createdBy" integer, "position" integer NOT NULL DEFAULT '1', "isArchived" boolean NOT NULL DEFAULT false, "completedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8d12ff38fcc62aaba2cab748772" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_tasks_client" ON "tasks"  ("clientId") `);
        await queryRunner.query(`CREATE INDEX "IDX_tasks_deadline" ON "tasks"  ("deadline") `);
        await queryRunner.query(`CREATE INDEX "IDX_tasks_column_position" ON "tasks"  ("columnId", "position") WHERE "isArchived" = false`);
        await queryRunner.query(`CREATE TABLE "task_assignees" ("taskId" integer NOT NULL, "userId" integer NOT NULL, CONSTRAINT "PK_296ec87b94a488aea22063f7f3e" PRIMARY KEY ("taskId", "userId"))`);
        await queryRunner.query(`CREATE INDEX "IDX_task_assignees_user" ON "task_assignees"  ("userId") `);
        await queryRunner.query(`CREATE TABLE "task_comments" ("id" SERIAL NOT NULL, "taskId" integer NOT NULL, "userId" integer, "content" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_83b99b0b03db29d4cafcb579b77" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_task_comments_task" ON "task_comments"  ("taskId", "createdAt") `);
        await queryRunner.query(`CREATE TABLE "task_history" ("id" SERIAL NOT NULL, "taskId" integer NOT NULL, "userId" integer, "actionType" character varying(30) NOT NULL, "fieldName" character varying(30), "oldValue" text, "newValue" text, "metadata" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_716670443aea4a2f4a599bb7c53" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_task_history_task" ON "task_history"  ("taskId", "createdAt") `);
        await queryRunner.query(`CREATE TABLE "task_attachments" ("id" SERIAL NOT NULL, "taskId" integer NOT NULL, "userId" integer, "originalName" character varying(255) NOT NULL, "storedName" character varying(100) NOT NULL, "mimeType" character varying(150) NOT NULL, "size" integer NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_34eb9e5133310a488eaba0be28a" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_task_attachments_task" ON "task_attachments"  ("taskId") `);
        await queryRunner.query(`CREATE TABLE "time_entries" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "taskId" integer NOT NULL, "startTime" TIMESTAMP WITH TIME ZONE NOT NULL, "endTime" TIMESTAMP WITH TIME ZONE, "duration" integer, "description" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b8bc5f10269ba2fe88708904aa0" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_time_entries_start" ON "time_entries"  ("startTime") `);
        await queryRunner.query(`CREATE INDEX "IDX_time_entries_user_start" ON "time_entries"  ("userId", "startTime") `);
        await queryRunner.query(`CREATE INDEX "IDX_time_entries_task" ON "time_entries"  ("taskId") `);
        await queryRunner.query(`ALTER TABLE "tasks" ADD CONSTRAINT "FK_4e7cd3aff0dbd7708e02b14ecb8" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "tasks" ADD CONSTRAINT "FK_0ecfe75e5bd731e00e634d70e5f" FOREIGN KEY ("columnId") REFERENCES "columns"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "tasks" ADD CONSTRAINT "FK_97dd6125cba9c54b7c6cd02b080" FOREIGN KEY ("createdBy") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_assignees" ADD CONSTRAINT "FK_8b1600551063c485554bca74c13" FOREIGN KEY ("taskId") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_assignees" ADD CONSTRAINT "FK_e1f7dbf3fd1b02451882ea7c7b4" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_comments" ADD CONSTRAINT "FK_ba265816ca1d93f51083e06c520" FOREIGN KEY ("taskId") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_comments" ADD CONSTRAINT "FK_be77588a6727c9a27075b590048" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_history" ADD CONSTRAINT "FK_158887786322644785a61e6980e" FOREIGN KEY ("taskId") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_history" ADD CONSTRAINT "FK_f3691163d6ec8381abbecc9f20f" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_attachments" ADD CONSTRAINT "FK_47d3c46e4edb30cdaf97ccdb8d8" FOREIGN KEY ("taskId") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "task_attachments" ADD CONSTRAINT "FK_2a0280fbafa7b94c89ce6744d87" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "time_entries" ADD CONSTRAINT "FK_d1b452d7f0d45863303b7d30000" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "time_entries" ADD CONSTRAINT "FK_8cfb57662e88d7c65010311661d" FOREIGN KEY ("taskId") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        // At most one running timer per user, enforced by the database.
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_time_entries_running_user" ON "time_entries" ("userId") WHERE "endTime" IS NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."UQ_time_entries_running_user"`);
        await queryRunner.query(`ALTER TABLE "time_entries" DROP CONSTRAINT "FK_8cfb57662e88d7c65010311661d"`);
        await queryRunner.query(`ALTER TABLE "time_entries" DROP CONSTRAINT "FK_d1b452d7f0d45863303b7d30000"`);
        await queryRunner.query(`ALTER TABLE "task_attachments" DROP CONSTRAINT "FK_2a0280fbafa7b94c89ce6744d87"`);
        await queryRunner.query(`ALTER TABLE "task_attachments" DROP CONSTRAINT "FK_47d3c46e4edb30cdaf97ccdb8d8"`);
        await queryRunner.query(`ALTER TABLE "task_history" DROP CONSTRAINT "FK_f3691163d6ec8381abbecc9f20f"`);
        await queryRunner.query(`ALTER TABLE "task_history" DROP CONSTRAINT "FK_158887786322644785a61e6980e"`);
        await queryRunner.query(`ALTER TABLE "task_comments" DROP CONSTRAINT "FK_be77588a6727c9a27075b590048"`);
        await queryRunner.query(`ALTER TABLE "task_comments" DROP CONSTRAINT "FK_ba265816ca1d93f51083e06c520"`);
        await queryRunner.query(`ALTER TABLE "task_assignees" DROP CONSTRAINT "FK_e1f7dbf3fd1b02451882ea7c7b4"`);
        await queryRunner.query(`ALTER TABLE "task_assignees" DROP CONSTRAINT "FK_8b1600551063c485554bca74c13"`);
        await queryRunner.query(`ALTER TABLE "tasks" DROP CONSTRAINT "FK_97dd6125cba9c54b7c6cd02b080"`);
        await queryRunner.query(`ALTER TABLE "tasks" DROP CONSTRAINT "FK_0ecfe75e5bd731e00e634d70e5f"`);
        await queryRunner.query(`ALTER TABLE "tasks" DROP CONSTRAINT "FK_4e7cd3aff0dbd7708e02b14ecb8"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_time_entries_task"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_time_entries_user_start"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_time_entries_start"`);
        await queryRunner.query(`DROP TABLE "time_entries"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_task_attachments_task"`);
        await queryRunner.query(`DROP TABLE "task_attachments"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_task_history_task"`);
        await queryRunner.query(`DROP TABLE "task_history"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_task_comments_task"`);
        await queryRunner.query(`DROP TABLE "task_comments"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_task_assignees_user"`);
        await queryRunner.query(`DROP TABLE "task_assignees"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_tasks_column_position"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_tasks_deadline"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_tasks_client"`);
        await queryRunner.query(`DROP TABLE "tasks"`);
        await queryRunner.query(`DROP TABLE "columns"`);
    }

}
