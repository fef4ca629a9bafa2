import { MigrationInterface, QueryRunner } from "typeorm";

export class EmailScheduledFor1795345826485 implements MigrationInterface {
    name = 'EmailScheduledFor1795345826485'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "email_queue" ADD "scheduledFor" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "email_queue" DROP COLUMN "scheduledFor"`);
    }

}
