import { MigrationInterface, QueryRunner } from "typeorm";

export class Clients1795338442258 implements MigrationInterface {
    name = 'Clients1795338442258'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "clients" ("id" SERIAL NOT NULL, "name" character varying(120) NOT NULL, "email" character varying(254), "phone" character varying(40), "cnpj" character varying(30), "address" character varying(300), "website" character varying(300), "description" text, "color" character varying(20) NOT NULL DEFAULT '#6b7280', "socialMedia" jsonb NOT NULL DEFAULT '{}', "logoFile" character varying(200), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f1ab7cf3a5714dbc6bb4e1c28a4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_clients_name" ON "clients"  ("name") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_clients_name"`);
        await queryRunner.query(`DROP TABLE "clients"`);
    }

}
