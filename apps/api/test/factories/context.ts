import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** What a factory writes through: the running app (its rules, as services) and its data source (repositories). */
export interface FactoryContext {
  app: INestApplication;
  dataSource: DataSource;
}

/** The instant `seconds` before now: for back-dated rows. */
export function secondsAgo(seconds: number): Date {
  return new Date(Date.now() - seconds * 1000);
}
