import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** What other modules may know about chat rooms (the chat module alone reads its tables). */
@Injectable()
export class ChatDirectory {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The room's name, or null when it is gone. */
  async roomName(roomId: number): Promise<string | null> {
    const [room]: { name: string }[] = await this.dataSource.query(`SELECT name FROM chat_rooms WHERE id = $1`, [roomId]);
    return room?.name ?? null;
  }
}
