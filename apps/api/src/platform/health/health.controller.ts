import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../access/access.decorators';
import { RedisService } from '../redis/redis.service';
import { DrainService } from './drain.service';
import { HealthRepository } from './health.repository';
import { ApiResult } from '../openapi/api-result';

type Probe = 'up' | 'down' | 'disabled';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly probes: HealthRepository,
    private readonly redis: RedisService,
    private readonly drain: DrainService,
  ) {}

  /** 200 when the database answers (Redis is reported; without it the product degrades, it does not stop). */
  @Public()
  @Get()
  @ApiResult('HealthStatus', { alsoWith: [503] })
  async check(@Res({ passthrough: true }) response: Response): Promise<{ status: 'ok' | 'error'; database: Probe; redis: Probe }> {
    const database: Probe = (await this.probes.databaseAnswers()) ? 'up' : 'down';
    const redis = await this.redis.ping();
    const status = database === 'up' ? 'ok' : 'error';
    if (status === 'error') response.status(503);
    return { status, database, redis };
  }

  /**
   * Readiness for a load balancer: 503 at once when the process has been told to stop (SIGTERM)
   * or the database does not answer, else 200. Route traffic only to replicas answering 200.
   */
  @Public()
  @Get('ready')
  @ApiResult('ReadinessStatus', { alsoWith: [503] })
  async ready(@Res({ passthrough: true }) response: Response): Promise<{ status: 'ready' | 'draining' | 'error' }> {
    if (this.drain.isDraining) {
      response.status(503);
      return { status: 'draining' };
    }
    const up = await this.probes.databaseAnswers();
    if (!up) response.status(503);
    return { status: up ? 'ready' : 'error' };
  }
}
