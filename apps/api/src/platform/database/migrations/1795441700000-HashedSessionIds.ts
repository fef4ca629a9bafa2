import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The session table keys sessions by the SHA-256 (hex) of their id (auth/session-store.ts). Rows
 * written before are converted in place, so everyone stays logged in: the cookie still carries the
 * id, and the store now looks up its hash. Going back cannot recover the ids: it ends every session.
 */
export class HashedSessionIds1795441700000 implements MigrationInterface {
  name = 'HashedSessionIds1795441700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "session" SET sid = encode(sha256(convert_to(sid, 'UTF8')), 'hex')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "session"`);
  }
}
