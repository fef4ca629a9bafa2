import { MigrationInterface, QueryRunner } from "typeorm";

/** Access profile names are unique case-insensitively (the API answers 409 before this fires). */
export class AccessProfileNames1795345461545 implements MigrationInterface {
    name = 'AccessProfileNames1795345461545'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_access_profiles_name_lower" ON "access_profiles" (lower("name"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."UQ_access_profiles_name_lower"`);
    }
}
