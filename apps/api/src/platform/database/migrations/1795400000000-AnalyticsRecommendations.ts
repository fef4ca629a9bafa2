import { MigrationInterface, QueryRunner } from "typeorm";

export class AnalyticsRecommendations1795400000000 implements MigrationInterface {
    name = 'AnalyticsRecommendations1795400000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "analytics_reports" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "name" character varying(120) NOT NULL, "type" character varying(30) NOT NULL, "parameters" jsonb NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "result" jsonb, "errorMessage" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f1eb49d61068f2aeb3373e75ee6" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_analytics_reports_user" ON "analytics_reports"  ("userId", "createdAt") `);
        await queryRunner.query(`CREATE TABLE "recommendations" ("id" SERIAL NOT NULL, "key" character varying(80) NOT NULL, "type" character varying(20) NOT NULL, "priority" character varying(10) NOT NULL, "title" character varying(200) NOT NULL, "description" text NOT NULL, "action" text NOT NULL, "impact" text NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "status" character varying(20) NOT NULL DEFAULT 'active', "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resolvedAt" TIMESTAMP WITH TIME ZONE, "resolvedBy" integer, "resolutionNote" text, CONSTRAINT "PK_23a8d2db26db8cabb6ae9d6cd87" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_recommendations_status" ON "recommendations"  ("status", "expiresAt") `);
        // One active recommendation per rule key: generate inserts with ON CONFLICT DO NOTHING.
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_recommendations_active_key" ON "recommendations" ("key") WHERE "status" = 'active'`);
        // Analytics filters tasks by completion and creation time, and history rows by time.
        await queryRunner.query(`CREATE INDEX "IDX_tasks_created_at" ON "tasks"  ("createdAt") `);
        await queryRunner.query(`CREATE INDEX "IDX_tasks_completed_at" ON "tasks"  ("completedAt") `);
        await queryRunner.query(`CREATE INDEX "IDX_task_history_user_created" ON "task_history"  ("userId", "createdAt") `);
        await queryRunner.query(`ALTER TABLE "analytics_reports" ADD CONSTRAINT "FK_b560d0c267e1929a375f748cf15" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "recommendations" ADD CONSTRAINT "FK_b3ae561fd4675cbce2dd92b589c" FOREIGN KEY ("resolvedBy") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "recommendations" DROP CONSTRAINT "FK_b3ae561fd4675cbce2dd92b589c"`);
        await queryRunner.query(`ALTER TABLE "analytics_reports" DROP CONSTRAINT "FK_b560d0c267e1929a375f748cf15"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_task_history_user_created"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_tasks_completed_at"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_tasks_created_at"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_recommendations_active_key"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_recommendations_status"`);
        await queryRunner.query(`DROP TABLE "recommendations"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_analytics_reports_user"`);
        await queryRunner.query(`DROP TABLE "analytics_reports"`);
    }

}
