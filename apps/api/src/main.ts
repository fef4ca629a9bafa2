import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from './app.factory';
import { type AppConfig, ConfigError, loadConfig } from './platform/config/app-config';
import { DrainService } from './platform/health/drain.service';
import { RealtimeService } from './platform/realtime/realtime.service';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  let stopping = false; // a second signal (Ctrl-C reaches npm start and the API) waits for the first stop
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!stopping) void stop(app, config, signal);
      stopping = true;
    });
  }
  console.log(
    `WKFlow API listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/api (docs at /api/docs)`,
  );
}

/**
 * The graceful stop: readiness turns 503 and the listener closes (a proxy sends new requests to
 * another replica), /ws clients are told to reconnect (close code 1012), requests in flight
 * finish, then the modules close (queue workers after their current job, Redis, the database).
 */
async function stop(app: NestExpressApplication, config: AppConfig, signal: NodeJS.Signals): Promise<void> {
  const drain = app.get(DrainService);
  const server = app.getHttpServer() as Server;
  console.log(`${signal}: draining ${drain.inFlight} request(s) in flight, then stopping`);
  try {
    await Promise.all([app.get(RealtimeService).closeAll(), drain.drain(server, config.shutdownDelayMs, config.shutdownTimeoutMs)]);
    await app.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
