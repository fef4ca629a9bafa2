import { MigrationInterface, QueryRunner } from 'typeorm';

/** The clients module's optional hourly rate (R$, numeric(10,2)) for timesheets and exports. */
export class ClientHourlyRate1795570000000 implements MigrationInterface {
  name = 'ClientHourlyRate1795570000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "clients" ADD "hourlyRate" numeric(10,2)`);
    await queryRunner.query(`ALTER TABLE "clients" ADD CONSTRAINT "CHK_clients_hourly_rate" CHECK ("hourlyRate" >= 0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "clients" DROP CONSTRAINT "CHK_clients_hourly_rate"`);
    await queryRunner.query(`ALTER TABLE "clients" DROP COLUMN "hourlyRate"`);
  }
}
