import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

@Entity('notifications')
@Index('IDX_notifications_user_created', ['userId', 'createdAt'])
// One unread chat notification per user and room (a burst updates it); hand-written in its migration.
@Index('UQ_notifications_unread_room', { synchronize: false })
export class NotificationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 40 })
  type: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'boolean', default: false })
  isRead: boolean;

  /** The outward channels used besides the list: browser (system pop-up), email, both, or in_app (none). */
  @Column({ type: 'varchar', length: 10, default: 'browser' })
  channel: string;

  @Column({ type: 'boolean', default: true })
  soundEnabled: boolean;

  @Column({ type: 'jsonb', nullable: true })
  data: Record<string, unknown> | null;

  /** When it happened; a chat burst moves it to its latest message. */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

@Entity('notification_preferences')
export class NotificationPreferenceEntity {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @PrimaryColumn({ type: 'varchar', length: 40 })
  type: string;

  @Column({ type: 'boolean' })
  emailEnabled: boolean;

  @Column({ type: 'boolean' })
  browserEnabled: boolean;

  @Column({ type: 'boolean' })
  soundEnabled: boolean;
}

/** One row per reminder sent: the primary key makes a reminder fire once, across restarts and replicas. */
@Entity('notification_deliveries')
export class NotificationDeliveryEntity {
  @PrimaryColumn({ type: 'int' })
  taskId: number;

  @ManyToOne('TaskEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taskId' })
  task?: unknown;

  @PrimaryColumn({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  /** task_due_6h, task_due_3h, task_due_1h or reminder:<deadline> */
  @PrimaryColumn({ type: 'varchar', length: 60 })
  kind: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
