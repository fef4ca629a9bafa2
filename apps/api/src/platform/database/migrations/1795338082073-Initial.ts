import { MigrationInterface, QueryRunner } from "typeorm";

export class Initial1795338082073 implements MigrationInterface {
    name = 'Initial1795338082073'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "audit_log" ("id" SERIAL NOT NULL, "actorId" integer, "action" character varying(60) NOT NULL, "entity" character varying(60) NOT NULL, "entityId" integer, "data" jsonb NOT NULL DEFAULT '{}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_audit_log_entity" ON "audit_log"  ("entity", "entityId") `);
        await queryRunner.query(`CREATE TABLE "module_permissions" ("id" SERIAL NOT NULL, "profileId" integer NOT NULL, "module" character varying(40) NOT NULL, "permission" character varying(20) NOT NULL, "additionalData" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bf5fcec22f78b73d1945ae9ec4d" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_module_permissions_profile_module" ON "module_permissions"  ("profileId", "module") `);
        await queryRunner.query(`CREATE TABLE "access_profiles" ("id" SERIAL NOT NULL, "name" character varying(120) NOT NULL, "description" text NOT NULL DEFAULT '', "isDefault" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2c010ee4f3b3d9c89b46674dd4b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "users" ("id" SERIAL NOT NULL, "name" character varying(120) NOT NULL, "username" character varying(60) NOT NULL, "email" character varying(254) NOT NULL, "passwordHash" character varying(255) NOT NULL, "role" character varying(20) NOT NULL DEFAULT 'collaborator', "accessProfileId" integer NOT NULL, "isApproved" boolean NOT NULL DEFAULT false, "approvedAt" TIMESTAMP WITH TIME ZONE, "approvedById" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`);
        await queryRunner.query(`ALTER TABLE "module_permissions" ADD CONSTRAINT "FK_cb738fbbf38271609060ec4fdfe" FOREIGN KEY ("profileId") REFERENCES "access_profiles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "FK_9826f75925c6bf1f697a667cae4" FOREIGN KEY ("accessProfileId") REFERENCES "access_profiles"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        // Case-insensitive uniqueness of usernames and e-mails.
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_username_lower" ON "users" (lower("username"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email_lower" ON "users" (lower("email"))`);
        // express-session store (connect-pg-simple's schema).
        await queryRunner.query(`CREATE TABLE "session" ("sid" character varying NOT NULL, "sess" json NOT NULL, "expire" TIMESTAMP(6) NOT NULL, CONSTRAINT "session_pkey" PRIMARY KEY ("sid"))`);
        await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);
        await queryRunner.query(`CREATE INDEX "IDX_session_user" ON "session" (((sess->>'userId')))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "session"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_users_email_lower"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_users_username_lower"`);
        await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_9826f75925c6bf1f697a667cae4"`);
        await queryRunner.query(`ALTER TABLE "module_permissions" DROP CONSTRAINT "FK_cb738fbbf38271609060ec4fdfe"`);
        await queryRunner.query(`DROP TABLE "users"`);
        await queryRunner.query(`DROP TABLE "access_profiles"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_module_permissions_profile_module"`);
        await queryRunner.query(`DROP TABLE "module_permissions"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_audit_log_entity"`);
        await queryRunner.query(`DROP TABLE "audit_log"`);
    }

}
