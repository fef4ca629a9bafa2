import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset by e-mail: the auth module's token table (SHA-256 of the token, expiry, used-at)
 * and, in the outbox, the encrypted values (the link) put into a message only when it is sent.
 */
export class PasswordReset1795562550503 implements MigrationInterface {
  name = 'PasswordReset1795562550503';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "password_reset_tokens" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "tokenHash" character varying(64) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d16bebd73e844c48bca50ff8d3d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_password_reset_tokens_user" ON "password_reset_tokens"  ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_password_reset_tokens_hash" ON "password_reset_tokens"  ("tokenHash") `);
    await queryRunner.query(`ALTER TABLE "email_queue" ADD "secrets" text`);
    await queryRunner.query(
      `ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "FK_d6a19d4b4f6c62dcd29daa497e2" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "FK_d6a19d4b4f6c62dcd29daa497e2"`);
    await queryRunner.query(`ALTER TABLE "email_queue" DROP COLUMN "secrets"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_password_reset_tokens_hash"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_password_reset_tokens_user"`);
    await queryRunner.query(`DROP TABLE "password_reset_tokens"`);
  }
}
