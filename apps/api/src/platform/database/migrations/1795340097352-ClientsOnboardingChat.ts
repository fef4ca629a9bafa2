import { MigrationInterface, QueryRunner } from "typeorm";

export class ClientsOnboardingChat1795340097352 implements MigrationInterface {
    name = 'ClientsOnboardingChat1795340097352'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "chat_rooms" ("id" SERIAL NOT NULL, "name" character varying(80) NOT NULL, "description" character varying(500), "createdBy" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c69082bd83bffeb71b0f455bd59" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "chat_messages" ("id" SERIAL NOT NULL, "roomId" integer NOT NULL, "userId" integer, "message" text NOT NULL, "replyTo" integer, "isEdited" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40c55ee0e571e268b0d3cd37d10" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "chat_reads" ("roomId" integer NOT NULL, "userId" integer NOT NULL, "lastReadMessageId" integer NOT NULL DEFAULT '0', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_521bc361ae558902e5a4fceb2a0" PRIMARY KEY ("roomId", "userId"))`);
        await queryRunner.query(`CREATE TABLE "client_credentials" ("id" SERIAL NOT NULL, "clientId" integer NOT NULL, "toolName" character varying(120) NOT NULL, "url" character varying(500) NOT NULL, "username" character varying(200) NOT NULL, "passwordEncrypted" text NOT NULL, "observations" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_abd8de48912b01e7ba58724272f" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_client_credentials_client" ON "client_credentials"  ("clientId") `);
        await queryRunner.query(`CREATE TABLE "onboarding_processes" ("id" SERIAL NOT NULL, "clientId" integer NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "currentStep" integer NOT NULL DEFAULT '0', "totalSteps" integer NOT NULL, "assignedTo" integer, "startedAt" TIMESTAMP WITH TIME ZONE, "completedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_onboarding_processes_status" CHECK ("status" IN ('pending', 'in_progress', 'completed', 'cancelled')), CONSTRAINT "PK_6cbb104e5ca9c207ce118c9dd38" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_onboarding_processes_client" ON "onboarding_processes"  ("clientId") `);
        await queryRunner.query(`CREATE TABLE "onboarding_steps" ("id" SERIAL NOT NULL, "processId" integer NOT NULL, "name" character varying(120) NOT NULL, "description" text NOT NULL DEFAULT '', "category" character varying(20) NOT NULL DEFAULT 'other', "estimatedDuration" integer NOT NULL DEFAULT '0', "stepOrder" integer NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "notes" text, "completedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_onboarding_steps_process_order" UNIQUE ("processId", "stepOrder"), CONSTRAINT "CHK_onboarding_steps_category" CHECK ("category" IN ('documentation', 'setup', 'training', 'approval', 'other')), CONSTRAINT "CHK_onboarding_steps_status" CHECK ("status" IN ('pending', 'in_progress', 'completed')), CONSTRAINT "PK_d7cbc8d9a41ce2b2cadd6f08929" PRIMARY KEY ("id"))`);
        // Hand-written indexes (declared with synchronize: false on the entities).
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_chat_rooms_name_lower" ON "chat_rooms" (lower("name"))`);
        await queryRunner.query(`CREATE INDEX "IDX_chat_messages_room_id_desc" ON "chat_messages" ("roomId", "id" DESC)`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_onboarding_processes_open_client" ON "onboarding_processes" ("clientId") WHERE "status" IN ('pending', 'in_progress')`);
        await queryRunner.query(`ALTER TABLE "chat_rooms" ADD CONSTRAINT "FK_618bae345ad346eddc52fa8c8e9" FOREIGN KEY ("createdBy") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "chat_messages" ADD CONSTRAINT "FK_9fa0373c1451ad384fc6a74aa8c" FOREIGN KEY ("roomId") REFERENCES "chat_rooms"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "chat_messages" ADD CONSTRAINT "FK_43d968962b9e24e1e3517c0fbff" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "chat_messages" ADD CONSTRAINT "FK_fc04e55ea1bb26488ee22f465ba" FOREIGN KEY ("replyTo") REFERENCES "chat_messages"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "chat_reads" ADD CONSTRAINT "FK_acff96acacdcac434cc4a488fe0" FOREIGN KEY ("roomId") REFERENCES "chat_rooms"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "chat_reads" ADD CONSTRAINT "FK_c8dbcbc3d79c4810550bd6907e6" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "client_credentials" ADD CONSTRAINT "FK_22a638d9c9d76244595259ad5f9" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "onboarding_processes" ADD CONSTRAINT "FK_eb983b0ae6bbabd7063f4ec3aa9" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "onboarding_processes" ADD CONSTRAINT "FK_d0dac796b0e5e3c7350b705abf2" FOREIGN KEY ("assignedTo") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "onboarding_steps" ADD CONSTRAINT "FK_5f5ce36d8d356a7247fb60b2fc9" FOREIGN KEY ("processId") REFERENCES "onboarding_processes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "onboarding_steps" DROP CONSTRAINT "FK_5f5ce36d8d356a7247fb60b2fc9"`);
        await queryRunner.query(`ALTER TABLE "onboarding_processes" DROP CONSTRAINT "FK_d0dac796b0e5e3c7350b705abf2"`);
        await queryRunner.query(`ALTER TABLE "onboarding_processes" DROP CONSTRAINT "FK_eb983b0ae6bbabd7063f4ec3aa9"`);
        await queryRunner.query(`ALTER TABLE "client_credentials" DROP CONSTRAINT "FK_22a638d9c9d76244595259ad5f9"`);
        await queryRunner.query(`ALTER TABLE "chat_reads" DROP CONSTRAINT "FK_c8dbcbc3d79c4810550bd6907e6"`);
        await queryRunner.query(`ALTER TABLE "chat_reads" DROP CONSTRAINT "FK_acff96acacdcac434cc4a488fe0"`);
        await queryRunner.query(`ALTER TABLE "chat_messages" DROP CONSTRAINT "FK_fc04e55ea1bb26488ee22f465ba"`);
        await queryRunner.query(`ALTER TABLE "chat_messages" DROP CONSTRAINT "FK_43d968962b9e24e1e3517c0fbff"`);
        await queryRunner.query(`ALTER TABLE "chat_messages" DROP CONSTRAINT "FK_9fa0373c1451ad384fc6a74aa8c"`);
        await queryRunner.query(`ALTER TABLE "chat_rooms" DROP CONSTRAINT "FK_618bae345ad346eddc52fa8c8e9"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_onboarding_processes_open_client"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_chat_messages_room_id_desc"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_chat_rooms_name_lower"`);
        await queryRunner.query(`DROP TABLE "onboarding_steps"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_onboarding_processes_client"`);
        await queryRunner.query(`DROP TABLE "onboarding_processes"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_client_credentials_client"`);
        await queryRunner.query(`DROP TABLE "client_credentials"`);
        await queryRunner.query(`DROP TABLE "chat_reads"`);
        await queryRunner.query(`DROP TABLE "chat_messages"`);
        await queryRunner.query(`DROP TABLE "chat_rooms"`);
    }

}
