import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Server, ServerResponse } from 'node:http';

/**
 * A graceful stop for a replica behind a proxy. `drain()` turns readiness to 503, closes the
 * listener (new connections are refused, so the proxy sends them to another replica), answers
 * what is in flight with `Connection: close` and resolves once every connection has ended (or
 * the time is up, then it ends the rest).
 */
@Injectable()
export class DrainService {
  private draining = false;
  private readonly active = new Set<ServerResponse>();
  private server: Server | null = null;

  get isDraining(): boolean {
    return this.draining;
  }

  /** How many requests are being answered right now. */
  get inFlight(): number {
    return this.active.size;
  }

  /** First middleware: tracks the responses in flight; during a drain they close their connection. */
  readonly track = (_request: Request, response: Response, next: NextFunction): void => {
    if (this.draining) response.setHeader('Connection', 'close');
    this.active.add(response);
    response.once('close', () => {
      this.active.delete(response);
      // A keep-alive connection whose last response just ended: close it now rather than idle.
      if (this.draining) setImmediate(() => this.server?.closeIdleConnections());
    });
    next();
  };

  /**
   * Readiness turns 503 at once and every response closes its connection; after `delayMs` (time
   * for a load balancer polling readiness to notice; 0 behind nginx, which learns from the refused
   * connection) the listener closes. Resolves when every connection has ended, cutting those
   * still open after `timeoutMs` more.
   */
  async drain(server: Server, delayMs: number, timeoutMs: number): Promise<void> {
    this.draining = true;
    this.server = server;
    for (const response of this.active) if (!response.headersSent) response.setHeader('Connection', 'close');
    server.closeIdleConnections();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      // Calls back once every connection (WebSockets included) has ended; closes idle ones now.
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
}
