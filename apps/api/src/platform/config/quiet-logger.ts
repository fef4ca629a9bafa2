import { ConsoleLogger, type ConsoleLoggerOptions } from '@nestjs/common';

/** Nest's start-up chatter: a line per module loaded, per controller and per route mapped (~500). */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * Nest's console logger without its start-up lines unless `showStartup` (LOG_LEVEL debug or trace):
 * the application's own messages, warnings and errors are untouched.
 */
export class StartupQuietLogger extends ConsoleLogger {
  private readonly showStartup: boolean;

  constructor({ showStartup, ...options }: ConsoleLoggerOptions & { showStartup: boolean }) {
    super(options);
    this.showStartup = showStartup;
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (!this.showStartup && typeof context === 'string' && STARTUP_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }
}
