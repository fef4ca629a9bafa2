import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The TOTP second factor (auth module: two_factor, two_factor_recovery_codes) and an access
 * profile's 'Exigir verificação em duas etapas' (users module: access_profiles.requireTwoFactor).
 */
export class TwoFactor1795926800126 implements MigrationInterface {
    name = 'TwoFactor1795926800126'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "two_factor" ("userId" integer NOT NULL, "secret" text NOT NULL, "enabledAt" TIMESTAMP WITH TIME ZONE, "lastTimeStep" bigint, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d288854a558678a066860bd30e0" PRIMARY KEY ("userId"))`);
        await queryRunner.query(`CREATE TABLE "two_factor_recovery_codes" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "codeHash" character varying(64) NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6f535a18c9fb9da8cc9b7ea70dc" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_two_factor_recovery_codes_user_hash" ON "two_factor_recovery_codes"  ("userId", "codeHash") `);
        await queryRunner.query(`ALTER TABLE "access_profiles" ADD "requireTwoFactor" boolean NOT NULL DEFAULT false`);
        await queryRunner.query(`ALTER TABLE "two_factor" ADD CONSTRAINT "FK_d288854a558678a066860bd30e0" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "FK_b8bb7fb08d5097dc938cef1e4ac" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "two_factor_recovery_codes" DROP CONSTRAINT "FK_b8bb7fb08d5097dc938cef1e4ac"`);
        await queryRunner.query(`ALTER TABLE "two_factor" DROP CONSTRAINT "FK_d288854a558678a066860bd30e0"`);
        await queryRunner.query(`ALTER TABLE "access_profiles" DROP COLUMN "requireTwoFactor"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_two_factor_recovery_codes_user_hash"`);
        await queryRunner.query(`DROP TABLE "two_factor_recovery_codes"`);
        await queryRunner.query(`DROP TABLE "two_factor"`);
    }

}
