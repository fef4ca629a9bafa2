import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { RecommendationPriority, RecommendationStatus, RecommendationType } from '@wkflow/contracts';
import { UserEntity } from '../users/user.entity';

@Entity('recommendations')
@Index('IDX_recommendations_status', ['status', 'expiresAt'])
// One active recommendation per rule key, enforced by the database (partial unique index in the migration).
@Index('UQ_recommendations_active_key', { synchronize: false })
export class RecommendationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The situation a rule detected (e.g. 'overdue-rate', 'bottleneck:3'). */
  @Column({ type: 'varchar', length: 80 })
  key: string;

  @Column({ type: 'varchar', length: 20 })
  type: RecommendationType;

  @Column({ type: 'varchar', length: 10 })
  priority: RecommendationPriority;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  impact: string;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: RecommendationStatus;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When and by whom it was implemented or dismissed, with the notes or the reason. */
  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  resolvedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'resolvedBy' })
  resolver?: UserEntity;

  @Column({ type: 'text', nullable: true })
  resolutionNote: string | null;
}
