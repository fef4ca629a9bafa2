import { Injectable, Logger } from '@nestjs/common';
import type { ChatMessage } from '@wkflow/contracts';

export interface ChatMessageCreatedEvent {
  roomId: number;
  message: ChatMessage;
  authorId: number;
}

export type ChatMessageCreatedListener = (event: ChatMessageCreatedEvent) => void | Promise<void>;

/** A user marked a room read (opened it, or read a new message in it). */
export interface ChatRoomReadEvent {
  roomId: number;
  userId: number;
}

export type ChatRoomReadListener = (event: ChatRoomReadEvent) => void | Promise<void>;

/**
 * In-process hook for what follows a chat message (the /ws push, chat notifications). Emitted
 * after the message is committed; a listener's failure is logged and never fails the request.
 */
@Injectable()
export class ChatEvents {
  private readonly logger = new Logger(ChatEvents.name);
  readonly listeners: ChatMessageCreatedListener[] = [];
  private readonly readListeners: ChatRoomReadListener[] = [];

  /** Registers a listener of rooms marked read (the chat notifications of that room are read too). */
  onRoomRead(listener: ChatRoomReadListener): void {
    this.readListeners.push(listener);
  }

  emitRoomRead(event: ChatRoomReadEvent): void {
    for (const listener of [...this.readListeners]) {
      try {
        const result = listener(event);
        if (result && typeof (result as Promise<void>).catch === 'function')
          (result as Promise<void>).catch((error: unknown) => this.failed(error));
      } catch (error) {
        this.failed(error);
      }
    }
  }

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
