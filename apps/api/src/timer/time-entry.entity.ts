import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

@Entity('time_entries')
@Index('IDX_time_entries_task', ['taskId'])
@Index('IDX_time_entries_user_start', ['userId', 'startTime'])
@Index('IDX_time_entries_start', ['startTime'])
// At most one running entry per user, enforced by the database (partial unique index in the migration).
@Index('UQ_time_entries_running_user', { synchronize: false })
export class TimeEntryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'int' })
  taskId: number;

  // By name: the tasks domain owns TaskEntity.
  @ManyToOne('TaskEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taskId' })
  task?: unknown;

  @Column({ type: 'timestamptz' })
  startTime: Date;

  @Column({ type: 'timestamptz', nullable: true })
  endTime: Date | null;

  /** Seconds, set when the entry stops (or is edited). */
  @Column({ type: 'int', nullable: true })
  duration: number | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
