import { MigrationInterface, QueryRunner } from "typeorm";

export class NotificationsEmail1795343454769 implements MigrationInterface {
    name = 'NotificationsEmail1795343454769'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "email_queue" ("id" SERIAL NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "emailType" character varying(40) NOT NULL, "subject" character varying(300) NOT NULL, "recipientName" character varying(120), "recipientEmail" character varying(254) NOT NULL, "body" text NOT NULL, "htmlBody" text, "errorMessage" text, "attempts" integer NOT NULL DEFAULT '0', "queuedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sentAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b6c031a57087af131ed0176e17c" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_email_queue_status" ON "email_queue"  ("status", "createdAt") `);
        await queryRunner.query(`CREATE TABLE "notifications" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "type" character varying(40) NOT NULL, "title" character varying(200) NOT NULL, "message" text NOT NULL, "isRead" boolean NOT NULL DEFAULT false, "channel" character varying(10) NOT NULL DEFAULT 'browser', "soundEnabled" boolean NOT NULL DEFAULT true, "data" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_notifications_user_created" ON "notifications"  ("userId", "createdAt") `);
        await queryRunner.query(`CREATE TABLE "notification_preferences" ("userId" integer NOT NULL, "type" character varying(40) NOT NULL, "emailEnabled" boolean NOT NULL, "browserEnabled" boolean NOT NULL, "soundEnabled" boolean NOT NULL, CONSTRAINT "PK_c1045c5ab68629da776b58cb767" PRIMARY KEY ("userId", "type"))`);
        await queryRunner.query(`CREATE TABLE "notification_deliveries" ("taskId" integer NOT NULL, "userId" integer NOT NULL, "kind" character varying(60) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_624cb0bd3376a9ae43c07c81716" PRIMARY KEY ("taskId", "userId", "kind"))`);
        await queryRunner.query(`ALTER TABLE "notifications" ADD CONSTRAINT "FK_692a909ee0fa9383e7859f9b406" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_preferences" ADD CONSTRAINT "FK_b70c44e8b00757584a393225593" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_deliveries" ADD CONSTRAINT "FK_11db6ca9ac20e0ad17f7e5f4f3a" FOREIGN KEY ("taskId") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_deliveries" ADD CONSTRAINT "FK_b72d75cc97fecf5d7d08e026365" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "notification_deliveries" DROP CONSTRAINT "FK_b72d75cc97fecf5d7d08e026365"`);
        await queryRunner.query(`ALTER TABLE "notification_deliveries" DROP CONSTRAINT "FK_11db6ca9ac20e0ad17f7e5f4f3a"`);
        await queryRunner.query(`ALTER TABLE "notification_preferences" DROP CONSTRAINT "FK_b70c44e8b00757584a393225593"`);
        await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_692a909ee0fa9383e7859f9b406"`);
        await queryRunner.query(`DROP TABLE "notification_deliveries"`);
        await queryRunner.query(`DROP TABLE "notification_preferences"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_notifications_user_created"`);
        await queryRunner.query(`DROP TABLE "notifications"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_email_queue_status"`);
        await queryRunner.query(`DROP TABLE "email_queue"`);
    }

}
