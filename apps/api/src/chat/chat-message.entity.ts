import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { ChatRoomEntity } from './chat-room.entity';

@Entity('chat_messages')
// (roomId, id DESC): the latest page, older pages (id < before), the last message and unread
// counts are all range scans of it. Written by hand in the migration (TypeORM cannot say DESC).
@Index('IDX_chat_messages_room_id_desc', { synchronize: false })
export class ChatMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  roomId: number;

  @ManyToOne(() => ChatRoomEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'roomId' })
  room?: ChatRoomEntity;

  /** Null only if the author's account was removed: the conversation stays. */
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'int', nullable: true })
  replyTo: number | null;

  @ManyToOne(() => ChatMessageEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'replyTo' })
  repliedMessage?: ChatMessageEntity;

  @Column({ type: 'boolean', default: false })
  isEdited: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
