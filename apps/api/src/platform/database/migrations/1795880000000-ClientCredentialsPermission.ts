import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'Senhas & Acessos' gets a permission of its own (module client_credentials, under Clientes).
 * Every existing profile keeps what it had: it gets the level its clients permission holds, so
 * whoever read credentials still reads them and whoever edited them still does. A profile
 * without a clients row (nothing to see) gets none.
 */
export class ClientCredentialsPermission1795880000000 implements MigrationInterface {
  name = 'ClientCredentialsPermission1795880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "module_permissions" ("profileId", module, permission, "additionalData")
       SELECT "profileId", 'client_credentials', permission, NULL FROM "module_permissions" WHERE module = 'clients'
       ON CONFLICT DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "module_permissions" WHERE module = 'client_credentials'`);
  }
}
