import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { type AppEventMap, OnAppEvent } from '../platform/events/app-events';
import { SessionCache } from './session-cache';
import { createStore, sessionMiddleware } from './session-store';

/** Owns the session store's connection pool and the express-session handler built on it. */
@Injectable()
export class SessionProvider implements OnModuleInit, OnModuleDestroy {
  private readonly pool: Pool;
  readonly handler: RequestHandler;

  private readonly cache: SessionCache;
  private readonly store: ReturnType<typeof createStore>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new Pool({ connectionString: config.databaseUrl, max: 5 });
    this.pool.on('error', () => undefined); // a dropped idle client is replaced on next use
    this.cache = new SessionCache(config.databaseUrl, config.cacheTtlMs);
    this.store = createStore(this.pool, this.cache);
    this.handler = sessionMiddleware(config, this.store);
  }

  /** This process forgets the cached session users at once (other replicas hear it from the database). */
  @OnAppEvent('AccessChanged')
  onAccessChanged({ scope }: AppEventMap['AccessChanged']): void {
    this.cache.invalidate(scope === 'everyone' ? '*' : `u:${scope}`);
  }

  async onModuleInit(): Promise<void> {
    await this.cache.listen();
  }

  async onModuleDestroy(): Promise<void> {
    // Stops the store's expired-session pruning timer: it would fire later on the ended pool.
    await this.store.close();
    await this.cache.close();
    await this.pool.end();
  }
}
