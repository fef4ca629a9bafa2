import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators';
import { RedisService } from '../redis/redis.service';

type Probe = 'up' | 'down' | 'disabled';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  /** 200 when the database answers (Redis is reported; without it the product degrades, it does not stop). */
  @Public()
  @Get()
  async check(@Res({ passthrough: true }) response: Response): Promise<{ status: 'ok' | 'error'; database: Probe; redis: Probe }> {
    const database: Probe = await this.dataSource
      .query('SELECT 1')
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    const redis = await this.redis.ping();
    const status = database === 'up' ? 'ok' : 'error';
    if (status === 'error') response.status(503);
    return { status, database, redis };
  }
}
