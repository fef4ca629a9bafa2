import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usernames are unique among approved accounts only: a registration whose username is taken waits
 * like any other and its approval is refused until the username changes, so the registrant (or
 * anyone with a mailbox) learns nothing about which usernames exist.
 */
export class ApprovedUsernamesUnique1795610000001 implements MigrationInterface {
  name = 'ApprovedUsernamesUnique1795610000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_users_username_lower"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_username_lower" ON "users" (lower("username")) WHERE "isApproved"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Pending accounts that share a username with another account cannot go back under the full index.
    await queryRunner.query(
      `DELETE FROM "users" u WHERE NOT u."isApproved" AND EXISTS (SELECT 1 FROM "users" o WHERE o.id <> u.id AND lower(o.username) = lower(u.username) AND (o."isApproved" OR o.id < u.id))`,
    );
    await queryRunner.query(`DROP INDEX "public"."UQ_users_username_lower"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_username_lower" ON "users" (lower("username"))`);
  }
}
