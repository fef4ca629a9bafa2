import type { QueueOptions, WorkerOptions } from 'bullmq';

const retryStrategy = (attempt: number) => Math.min(attempt * 500, 5000);

/**
 * A producer's queue: adding a job fails fast while Redis is down (no offline buffering), so the
 * caller keeps the work in its table and hands it over later (the e-mail sweep, the report sweep).
 */
export function queueOptions(redisUrl: string, redisPrefix: string): QueueOptions {
  return {
    connection: { url: redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy },
    prefix: `${redisPrefix}:bull`,
  };
}

/** A worker's connection: blocking commands need maxRetriesPerRequest null; it reconnects on its own. */
export function workerOptions(redisUrl: string, redisPrefix: string, concurrency: number): WorkerOptions {
  return {
    connection: { url: redisUrl, maxRetriesPerRequest: null, retryStrategy },
    prefix: `${redisPrefix}:bull`,
    concurrency,
  };
}
