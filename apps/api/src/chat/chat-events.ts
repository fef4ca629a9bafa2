import { Injectable, Logger } from '@nestjs/common';
import type { ChatMessage } from '@wkflow/contracts';

export interface ChatMessageCreatedEvent {
  roomId: number;
  message: ChatMessage;
  authorId: number;
}

export type ChatMessageCreatedListener = (event: ChatMessageCreatedEvent) => void | Promise<void>;

/**
 * In-process hook for what follows a chat message (the /ws push, chat notifications). Emitted
 * after the message is committed; a listener's failure is logged and never fails the request.
 */
@Injectable()
export class ChatEvents {
  private readonly logger = new Logger(ChatEvents.name);
  readonly listeners: ChatMessageCreatedListener[] = [];

  /** Registers a listener; returns the function that removes it. */
  onMessageCreated(listener: ChatMessageCreatedListener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  emitMessageCreated(event: ChatMessageCreatedEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        const result = listener(event);
        if (result && typeof (result as Promise<void>).catch === 'function') {
          (result as Promise<void>).catch((error: unknown) => this.failed(error));
        }
      } catch (error) {
        this.failed(error);
      }
    }
  }

  private failed(error: unknown): void {
    this.logger.error(`chat messageCreated listener failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
