import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sessionMiddleware } from './session-store';

/** Owns the session store's connection pool and the express-session handler built on it. */
@Injectable()
export class SessionProvider implements OnModuleDestroy {
  private readonly pool: Pool;
  readonly handler: RequestHandler;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new Pool({ connectionString: config.databaseUrl, max: 5 });
    this.pool.on('error', () => undefined); // a dropped idle client is replaced on next use
    this.handler = sessionMiddleware(config, this.pool);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
