import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** The shared Redis connection, when REDIS_URL is set. The API keeps serving without it. */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          keyPrefix: `${config.redisPrefix}:`,
          lazyConnect: false,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
        })
      : null;
    this.client?.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  /** 'up', 'down' or 'disabled' (no REDIS_URL). */
  async ping(timeoutMs = 1000): Promise<'up' | 'down' | 'disabled'> {
    if (!this.client) return 'disabled';
    try {
      const reply = await Promise.race([
        this.client.ping(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
      ]);
      return reply === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.client && this.client.status !== 'end') await this.client.quit().catch(() => this.client?.disconnect());
  }
}
