import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { OnboardingProcessStatus } from '@wkflow/contracts';
import { ClientEntity } from '../clients/client.entity';
import { UserEntity } from '../users/user.entity';

@Entity('onboarding_processes')
@Check('CHK_onboarding_processes_status', `"status" IN ('pending', 'in_progress', 'completed', 'cancelled')`)
@Index('IDX_onboarding_processes_client', ['clientId'])
// One open (pending or in progress) process per client: a partial unique index written by the migration.
@Index('UQ_onboarding_processes_open_client', { synchronize: false })
export class OnboardingProcessEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  clientId: number;

  // The process is part of the client's record: deleting the client removes it.
  @ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'clientId' })
  client?: ClientEntity;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: OnboardingProcessStatus;

  /** Steps completed so far. */
  @Column({ type: 'int', default: 0 })
  currentStep: number;

  @Column({ type: 'int' })
  totalSteps: number;

  /** Who started the process. */
  @Column({ type: 'int', nullable: true })
  assignedTo: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'assignedTo' })
  assignee?: UserEntity;

  /** When the first step was started. */
  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
