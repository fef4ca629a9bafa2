import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const uploadsBusyMessage = (limit: number): string =>
  `Você já tem ${limit} ${limit === 1 ? 'envio' : 'envios'} de arquivo em andamento. Aguarde um terminar e tente novamente.`;

/** 429: the user's upload slots are taken (the exception filter sends Retry-After). */
export class UploadsBusy extends HttpException {
  readonly retryAfterSeconds = 1;
  constructor(limit: number) {
    super(uploadsBusyMessage(limit), HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * How many uploads each user has in flight on this process, capped at UPLOAD_CONCURRENCY_PER_USER:
 * what one user's uploads hold (sockets, temp files, parser buffers) stays bounded whatever they send.
 */
@Injectable()
export class UploadSlots {
  private readonly inFlight = new Map<number, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Takes one of the user's slots (429 when all are taken); the function returned gives it back, once. */
  take(userId: number): () => void {
    const limit = this.config.uploadConcurrencyPerUser;
    const taken = this.inFlight.get(userId) ?? 0;
    if (taken >= limit) throw new UploadsBusy(limit);
    this.inFlight.set(userId, taken + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    };
  }

  /** Uploads the user has in flight (for tests and diagnostics). */
  inFlightOf(userId: number): number {
    return this.inFlight.get(userId) ?? 0;
  }
}
