import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Login anti-automation kept in PostgreSQL: the auth module's limit counters (rate-limiter-flexible's
 * RateLimiterPostgres layout: key, points, expiry in epoch ms) and its login-unlock links (SHA-256
 * of the token, the source it unlocks, expiry, used-at).
 */

export class LoginLimits1795870784114 implements MigrationInterface {
    name = 'LoginLimits1795870784114'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "auth_limits" ("key" text NOT NULL, "points" integer NOT NULL DEFAULT '0', "expire" bigint, CONSTRAINT "PK_6ff0573d3d008aec0db2a3c6ec3" PRIMARY KEY ("key"))`);
        await queryRunner.query(`CREATE INDEX "IDX_auth_limits_expire" ON "auth_limits"  ("expire") `);
        await queryRunner.query(`CREATE TABLE "login_unlock_tokens" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "tokenHash" character varying(64) NOT NULL, "source" character varying(64) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da0dccbc6487811f494cd8d7dd9" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_login_unlock_tokens_user" ON "login_unlock_tokens"  ("userId") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_login_unlock_tokens_hash" ON "login_unlock_tokens"  ("tokenHash") `);
        await queryRunner.query(`ALTER TABLE "login_unlock_tokens" ADD CONSTRAINT "FK_39517cda47f1f6d545c8c76a686" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "login_unlock_tokens" DROP CONSTRAINT "FK_39517cda47f1f6d545c8c76a686"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_login_unlock_tokens_hash"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_login_unlock_tokens_user"`);
        await queryRunner.query(`DROP TABLE "login_unlock_tokens"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_auth_limits_expire"`);
        await queryRunner.query(`DROP TABLE "auth_limits"`);
    }

}
