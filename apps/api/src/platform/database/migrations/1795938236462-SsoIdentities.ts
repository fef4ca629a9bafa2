import { MigrationInterface, QueryRunner } from "typeorm";

export class SsoIdentities1795938236462 implements MigrationInterface {
    name = 'SsoIdentities1795938236462'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "sso_identities" ("issuer" character varying(255) NOT NULL, "subject" character varying(255) NOT NULL, "userId" integer NOT NULL, "linkedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_70cb9b1dfeca42be78d7cfdf0d2" PRIMARY KEY ("issuer", "subject"))`);
        await queryRunner.query(`CREATE INDEX "IDX_sso_identities_user" ON "sso_identities"  ("userId") `);
        await queryRunner.query(`ALTER TABLE "sso_identities" ADD CONSTRAINT "FK_65a4013d230a83a458509cfadc3" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "sso_identities" DROP CONSTRAINT "FK_65a4013d230a83a458509cfadc3"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_sso_identities_user"`);
        await queryRunner.query(`DROP TABLE "sso_identities"`);
    }

}
