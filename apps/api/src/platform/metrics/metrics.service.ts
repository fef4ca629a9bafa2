import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, type GaugeConfiguration, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * The process's own figures (event-loop lag, heap, GC, handles): one collector per process, kept
 * apart from each application's registry (a test process runs many applications; each would
 * otherwise start its own event-loop monitor).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds: from a health probe (~1 ms) to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route template a request matched ('/api/tasks/:id'), or 'unmatched' (a 404, the web app's files). */
function routeOf(request: Request): string {
  const route = (request as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${request.baseUrl}${route.path}` : 'unmatched';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics (`prom-client`): request durations by route template and status, limits hit
 * (429s), the database pool, and what the domain modules register (`counter`, `gauge`). Served at
 * `/metrics` on the API's port behind `METRICS_TOKEN`, or on `METRICS_PORT` alone; off when neither
 * is set.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsService.name);
  private readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly limitsHit: Counter<'route'>;
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.limitsHit = this.counter('wkflow_limits_hit_total', 'Requests refused by a rate limit (429), by route template', ['route']);
    const pool = () => (dataSource.driver as unknown as { master?: Pool }).master;
    this.gauge({
      name: 'wkflow_db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one',
      labelNames: ['state'],
      collect() {
        const current = pool();
        if (!current) return;
        this.set({ state: 'in_use' }, current.totalCount - current.idleCount);
        this.set({ state: 'idle' }, current.idleCount);
        this.set({ state: 'waiting' }, current.waitingCount);
      },
    });
  }

  /** Whether /metrics is served at all (on the API's port or its own). */
  get enabled(): boolean {
    return this.config.metricsToken !== null || this.config.metricsPort !== null;
  }

  /** A counter of this application's; a module registers its own at start-up. */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge read when scraped (`collect`). */
  gauge<L extends string>(configuration: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return new Gauge({ ...configuration, registers: [this.registry] });
  }

  /** Express middleware: times every request, labelled once it is answered. */
  readonly timeRequests = (request: Request, response: Response, next: NextFunction): void => {
    const end = this.requestDuration.startTimer();
    response.once('finish', () => {
      const route = routeOf(request);
      end({ method: request.method, route, status: String(response.statusCode) });
      if (response.statusCode === 429) this.limitsHit.inc({ route });
    });
    next();
  };

  /** GET /metrics on the API's port: `Authorization: Bearer <METRICS_TOKEN>`; 404 when that port does not serve it. */
  readonly serveOnApiPort = (request: Request, response: Response): void => {
    const token = this.config.metricsToken;
    if (!token) {
      response.status(404).json({ statusCode: 404, message: 'Not Found', error: 'Not Found' });
      return;
    }
    const given = /^Bearer\s+(.+)$/i.exec(request.get('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      response.status(401).json({ statusCode: 401, message: 'Informe o METRICS_TOKEN', error: 'Unauthorized' });
      return;
    }
    void this.write(response);
  };

  /** The exposition text of this application and its process. */
  async text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }

  private async write(response: {
    setHeader(name: string, value: string): unknown;
    statusCode: number;
    end(body?: string): unknown;
  }): Promise<void> {
    try {
      const body = await this.text();
      response.setHeader('Content-Type', this.registry.contentType);
      response.statusCode = 200;
      response.end(body);
    } catch (error) {
      this.logger.error(`metrics not collected: ${error instanceof Error ? error.message : String(error)}`);
      response.statusCode = 500;
      response.end();
    }
  }

  /** METRICS_PORT: /metrics on a port of its own (reachable by the scraper only), without a token. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === null) return;
    const server = createServer((request, response) => {
      if (request.method === 'GET' && request.url?.split('?')[0] === '/metrics') return void this.write(response);
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort!, this.config.host, () => resolve());
    });
    this.server = server;
  }

  /** The port METRICS_PORT listens on (its own when 0 asked for any); null when off. */
  get metricsPortInUse(): number | null {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
