import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ReportStatus, ReportTable, ReportType } from '@wkflow/contracts';
import { UserEntity } from '../users/user.entity';

@Entity('analytics_reports')
@Index('IDX_analytics_reports_user', ['userId', 'createdAt'])
export class ReportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Who asked for it: a user sees their own reports, profile 1 sees all. */
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 30 })
  type: ReportType;

  @Column({ type: 'jsonb' })
  parameters: { period: number };

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: ReportStatus;

  /** The computed table (header and rows), once completed. */
  @Column({ type: 'jsonb', nullable: true })
  result: ReportTable | null;

  @Column({ type: 'text', nullable: true })
  errorMessage: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
