import { Injectable } from '@nestjs/common';
import { ChatRepository } from './chat.repository';

/** What other modules may know about chat rooms (the chat module alone reads its tables). */
@Injectable()
export class ChatDirectory {
  constructor(private readonly chat: ChatRepository) {}

  /** The room's name, or null when it is gone. */
  roomName(roomId: number): Promise<string | null> {
    return this.chat.roomName(roomId);
  }
}
