import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The health probes' one query: whether PostgreSQL answers at all (no table is read). */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  databaseAnswers(): Promise<boolean> {
    return this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
  }
}
