import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { ChatRoomEntity } from './chat-room.entity';

/** How far a user has read a room: messages after lastReadMessageId are unread. */
@Entity('chat_reads')
export class ChatReadEntity {
  @PrimaryColumn({ type: 'int' })
  roomId: number;

  @PrimaryColumn({ type: 'int' })
  userId: number;

  @ManyToOne(() => ChatRoomEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'roomId' })
  room?: ChatRoomEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'int', default: 0 })
  lastReadMessageId: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
