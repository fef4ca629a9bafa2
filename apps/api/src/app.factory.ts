import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { AppModule } from './app.module';
import { csrfProtection } from './common/csrf';
import { securityHeaders } from './common/security-headers';
import { mountQueueDashboard } from './email/queue-dashboard';
import { attachWebSockets } from './notifications/realtime.service';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';

export const JSON_BODY_LIMIT = '256kb';

/** Builds the configured application; `main.ts` listens on it, tests drive it with supertest. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = pino({ level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bodyParser: false,
    logger: config.logLevel === 'silent' ? false : ['error', 'warn', 'log'],
  });

  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.disable('x-powered-by');
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          scriptSrc: ["'self'"],
        },
      },
    }),
  );
  // pino-http writes one line per request at 'info' (errors included): below that level it would
  // only build a child logger per request for nothing (nothing reads req.log).
  if (logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger,
        autoLogging: { ignore: (req) => req.url === '/api/health' },
        serializers: {
          req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }),
    );
  }
  if (config.webOrigins.length) app.enableCors({ origin: config.webOrigins, credentials: true });
  app.use('/api', csrfProtection(config.webOrigins));
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }), bodyErrors);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('WKFlow API').setVersion('1').addCookieAuth('wkflow.sid').build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  mountQueueDashboard(app);
  if (config.webDistDir) serveWeb(app, resolve(config.webDistDir));
  await app.init();
  attachWebSockets(app);
  // Unknown /api paths get the JSON error shape instead of Express's HTML page.
  app.use('/api', (_req: Request, res: Response) => {
    res.status(404).json({ statusCode: 404, message: 'Rota não encontrada', error: 'Not Found' });
  });
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

/** Serves the built SPA on the API's port: static files, and index.html for client routes. */
function serveWeb(app: NestExpressApplication, dir: string): void {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST_DIR ${dir} has no index.html (build the web app first)`);
  // Mounted before Nest's routes: /api requests skip it (a file lookup per API call otherwise).
  const files = express.static(dir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api') || req.path === '/ws') return next();
    res.sendFile(index);
  });
}
