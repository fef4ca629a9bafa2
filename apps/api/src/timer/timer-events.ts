import { Injectable, Logger } from '@nestjs/common';

/** A time entry of `userId` on `taskId` was started, stopped, edited or deleted (after the commit). */
export interface TimerChangedEvent {
  userId: number;
  taskId: number;
}

type Listener = (event: TimerChangedEvent) => void | Promise<void>;

/** In-process hook for the modules that react to time entries (the /ws 'timer.changed' event). */
@Injectable()
export class TimerEvents {
  private readonly logger = new Logger(TimerEvents.name);
  private readonly listeners: Listener[] = [];

  subscribe(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener), 1);
  }

  /** Listeners run after the response path; a failing listener never fails the change. */
  emit(event: TimerChangedEvent): void {
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(event))
        .catch((error: unknown) =>
          this.logger.error(`listener failed on timer.changed: ${error instanceof Error ? error.message : error}`),
        );
    }
  }
}
