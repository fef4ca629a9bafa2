import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile asked for at registration is a hint, not a grant: it moves to its own column
 * (`requestedProfileId`), and an account waiting for approval holds Colaborador until an approval
 * names another profile. A CHECK keeps pending accounts off the Administrador profile and role.
 * Approved accounts get the hint their approval's audit row recorded.
 */
export class RequestedProfile1795610000000 implements MigrationInterface {
  name = 'RequestedProfile1795610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "requestedProfileId" integer`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_users_requested_profile" FOREIGN KEY ("requestedProfileId") REFERENCES "access_profiles"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `UPDATE "users" u SET "requestedProfileId" = (
          SELECT (a.data->>'requestedProfileId')::int FROM "audit_log" a
           WHERE a.action = 'user_approved' AND a.entity = 'user' AND a."entityId" = u.id AND a.data->>'requestedProfileId' ~ '^[0-9]{1,9}$'
             AND EXISTS (SELECT 1 FROM "access_profiles" p WHERE p.id = (a.data->>'requestedProfileId')::int)
           ORDER BY a.id DESC LIMIT 1)
        WHERE u."isApproved"`,
    );
    await queryRunner.query(
      `UPDATE "users" SET "requestedProfileId" = "accessProfileId", "accessProfileId" = 3, role = 'collaborator' WHERE NOT "isApproved"`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "CHK_users_pending_not_admin" CHECK ("isApproved" OR ("accessProfileId" <> 1 AND role <> 'admin'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "CHK_users_pending_not_admin"`);
    await queryRunner.query(
      `UPDATE "users" SET "accessProfileId" = "requestedProfileId", role = CASE "requestedProfileId" WHEN 1 THEN 'admin' WHEN 2 THEN 'manager' ELSE 'collaborator' END
        WHERE NOT "isApproved" AND "requestedProfileId" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_users_requested_profile"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "requestedProfileId"`);
  }
}
