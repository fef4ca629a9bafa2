import { MigrationInterface, QueryRunner } from "typeorm";

export class AuditIndexes1795941730893 implements MigrationInterface {
    name = 'AuditIndexes1795941730893'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE INDEX "IDX_audit_log_actor" ON "audit_log"  ("actorId", "createdAt") `);
        await queryRunner.query(`CREATE INDEX "IDX_audit_log_created" ON "audit_log"  ("createdAt") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_audit_log_created"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_audit_log_actor"`);
    }

}
