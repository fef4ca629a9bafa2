import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { ClientEntity } from '../clients/client.entity';
import { UserEntity } from '../users/user.entity';

@Entity('columns')
export class ColumnEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'varchar', length: 20, default: '#6b7280' })
  color: string;

  /** Backlog and concluídos: no per-column add button, cannot be deleted. */
  @Column({ type: 'boolean', default: false })
  isFixed: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

@Entity('tasks')
// One board task per key and column: two moves computing the same key cannot both commit.
@Index('UQ_tasks_column_rank', ['columnId', 'rank'], { unique: true, where: '"isArchived" = false' })
@Index('IDX_tasks_deadline', ['deadline'])
@Index('IDX_tasks_client', ['clientId'])
// Analytics periods filter on these two.
@Index('IDX_tasks_completed_at', ['completedAt'])
@Index('IDX_tasks_created_at', ['createdAt'])
export class TaskEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'int' })
  clientId: number;

  @ManyToOne(() => ClientEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'clientId' })
  client?: ClientEntity;

  @Column({ type: 'int' })
  columnId: number;

  @ManyToOne(() => ColumnEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'columnId' })
  column?: ColumnEntity;

  @Column({ type: 'timestamptz' })
  deadline: Date;

  /** One of REMINDER_OPTIONS ('1h', '2h', '6h', '1d') or null. */
  @Column({ type: 'varchar', length: 4, nullable: true })
  reminderTime: string | null;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'createdBy' })
  creator?: UserEntity;

  /** Order in the column: a fractional-indexing key compared byte by byte (positions are computed on read). */
  @Column({ type: 'varchar', collation: 'C' })
  rank: string;

  @Column({ type: 'boolean', default: false })
  isArchived: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

@Entity('task_assignees')
@Index('IDX_task_assignees_user', ['userId'])
export class TaskAssigneeEntity {
  @PrimaryColumn({ type: 'int' })
  taskId: number;

  @PrimaryColumn({ type: 'int' })
  userId: number;

  @ManyToOne(() => TaskEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taskId' })
  task?: TaskEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;
}

@Entity('task_comments')
@Index('IDX_task_comments_task', ['taskId', 'createdAt'])
export class TaskCommentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  taskId: number;

  @ManyToOne(() => TaskEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taskId' })
  task?: TaskEntity;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'text' })
  content: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

@Entity('task_history')
@Index('IDX_task_history_task', ['taskId', 'createdAt'])
// Analytics: who was active in a period.
@Index('IDX_task_history_user_created', ['userId', 'createdAt'])
export class TaskHistoryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  taskId: number;

  @ManyToOne(() => TaskEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taskId' })
  task?: TaskEntity;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 30 })
  actionType: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  fieldName: string | null;

  @Column({ type: 'text', nullable: true })
  oldValue: string | null;

  @Column({ type: 'text', nullable: true })
  newValue: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

@Entity('task_attachments')
@Index('IDX_task_attachments_task', ['taskId'])
export class TaskAttachmentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  taskId: number;

  @ManyToOne(() => TaskEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taskId' })
  task?: TaskEntity;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 255 })
  originalName: string;

  /** Random name on disk: never derived from the client's file name. */
  @Column({ type: 'varchar', length: 100 })
  storedName: string;

  @Column({ type: 'varchar', length: 150 })
  mimeType: string;

  @Column({ type: 'int' })
  size: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
