import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { BOARD_VERSION_HEADER } from '@wkflow/contracts';
import { AppModule } from './app.module';
import { csrfProtection } from './platform/http/csrf';
import { StartupQuietLogger } from './platform/config/quiet-logger';
import { securityHeaders } from './platform/http/security-headers';
import { mountQueueDashboard } from './email/queue-dashboard';
import { createValidationPipe } from './platform/http/validation';
import { NullAsJsonInterceptor } from './platform/http/null-as-json';
import { DrainService } from './platform/health/drain.service';
import { MetricsService } from './platform/metrics/metrics.service';
import { rejectUnsafeInput } from './platform/http/safe-input';
import type { AppConfig } from './platform/config/app-config';
import { secureCookieWarnings } from './platform/config/secure-cookie-warnings';
import { documentResponses } from './platform/openapi/api-result';
import { documentRequests } from './platform/openapi/request-schemas';
import { RealtimeAdapter } from './platform/realtime/realtime.adapter';

export const JSON_BODY_LIMIT = '256kb';
/** Cache-Control of every /api response but those that set their own. */
export const API_CACHE_CONTROL = 'no-store';

/** Builds the configured application; `main.ts` listens on it, tests drive it with supertest. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = pino({ level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bodyParser: false,
    logger:
      config.logLevel === 'silent'
        ? false
        : new StartupQuietLogger({ logLevels: ['error', 'warn', 'log'], showStartup: logger.isLevelEnabled('debug') }),
  });

  for (const warning of secureCookieWarnings(config)) logger.warn(warning);

  // First of all: tracks requests in flight for a graceful stop (main.ts drains on SIGTERM), and times them.
  app.use(app.get(DrainService).track);
  const metrics = app.get(MetricsService);
  if (metrics.enabled) app.use(metrics.timeRequests);
  // Prometheus's scrape (METRICS_TOKEN); a 404 otherwise, never the web app.
  app.use('/metrics', metrics.serveOnApiPort);
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(securityHeaders());
  // No API answer is kept by a browser or a proxy (authenticated data above all). The reads that
  // revalidate with an ETag (the whole board, a client's logo) say `private, no-cache` themselves.
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', API_CACHE_CONTROL);
    next();
  });
  // pino-http writes one line per request at REQUEST_LOG_LEVEL ('info'; `npm start` says 'debug'),
  // 5xx at 'error' (the exception filter logs those with their stack too). Below that level it would
  // only build a child logger per request for nothing (nothing reads req.log).
  if (logger.isLevelEnabled(config.requestLogLevel)) {
    app.use(
      pinoHttp({
        logger,
        customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : (config.requestLogLevel as pino.Level)),
        autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/health/ready' },
        serializers: {
          req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }),
    );
  }
  if (config.webOrigins.length) app.enableCors({ origin: config.webOrigins, credentials: true, exposedHeaders: [BOARD_VERSION_HEADER] });
  app.use('/api', csrfProtection(config.webOrigins));
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }), bodyErrors, rejectUnsafeInput);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new NullAsJsonInterceptor());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('WKFlow API').setVersion('1').addCookieAuth('wkflow.sid').build(),
  );
  documentRequests(app, document);
  documentResponses(app, document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  mountQueueDashboard(app);
  if (config.webDistDir) serveWeb(app, resolve(config.webDistDir));
  app.useWebSocketAdapter(new RealtimeAdapter(app));
  await app.init();
  return app;
}

/** Answers body-parser's errors (bad JSON, oversized body) with the API's error shape. */
function bodyErrors(error: { type?: string }, _req: Request, res: Response, next: NextFunction): void {
  if (error.type === 'entity.parse.failed') {
    res.status(400).json({ statusCode: 400, message: 'JSON inválido no corpo da requisição', error: 'Bad Request' });
  } else if (error.type === 'entity.too.large') {
    res.status(413).json({ statusCode: 413, message: 'Corpo da requisição grande demais', error: 'Payload Too Large' });
  } else if (error.type) {
    res.status(400).json({ statusCode: 400, message: 'Corpo da requisição inválido', error: 'Bad Request' });
  } else next(error);
}

/** Hashed build output: its name changes with its content, so browsers may keep it for good. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA on the API's port: the `.br` / `.gz` files the web build writes next to each file
 * (express-static-gzip picks one by Accept-Encoding), hashed `/assets/*` cached for a year, everything else
 * (index.html above all, which names the current assets) revalidated on every load. Client routes get
 * index.html; a missing `/assets/*` file is a 404, not the SPA page.
 */
function serveWeb(app: NestExpressApplication, dir: string): void {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`WEB_DIST_DIR ${dir} has no index.html (build the web app first)`);
  }
  const assets = join(dir, 'assets') + sep;
  const files = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE_CACHE : 'no-cache');
      },
    },
  });
  // Mounted before Nest's routes: /api requests skip it (a file lookup per API call otherwise).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path === '/ws') return next();
    files(req, res, (error?: unknown) => {
      if (error || (req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api')) return next(error);
      if (req.path.startsWith('/assets/')) {
        res.status(404).type('text/plain').send('Not Found');
        return;
      }
      req.url = '/index.html';
      files(req, res, next);
    });
  });
}
