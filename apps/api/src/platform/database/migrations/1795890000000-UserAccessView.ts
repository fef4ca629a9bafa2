import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users module's published read of an approved account's access: who he is and his profile's
 * permissions, one row per approved user. The auth module reads it inside its session query (one
 * round trip per request) instead of SQL text handed over by the users module. PostgreSQL inlines
 * the view, so the plan is the one the query had.
 */
export class UserAccessView1795890000000 implements MigrationInterface {
  name = 'UserAccessView1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIEW "user_access" AS
       SELECT u.id, u.username, u.name, u.role, u."accessProfileId",
              (SELECT json_agg(json_build_object('module', p.module, 'permission', p.permission, 'additionalData', p."additionalData"))
                 FROM module_permissions p WHERE p."profileId" = u."accessProfileId") AS permissions
         FROM users u
        WHERE u."isApproved"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW "user_access"`);
  }
}
