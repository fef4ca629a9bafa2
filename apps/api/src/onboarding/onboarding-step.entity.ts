import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { OnboardingCategory, OnboardingStepStatus } from '@wkflow/contracts';
import { OnboardingProcessEntity } from './onboarding-process.entity';

@Entity('onboarding_steps')
@Check('CHK_onboarding_steps_status', `"status" IN ('pending', 'in_progress', 'completed')`)
@Check('CHK_onboarding_steps_category', `"category" IN ('documentation', 'setup', 'training', 'approval', 'other')`)
@Unique('UQ_onboarding_steps_process_order', ['processId', 'stepOrder'])
export class OnboardingStepEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  processId: number;

  @ManyToOne(() => OnboardingProcessEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'processId' })
  process?: OnboardingProcessEntity;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20, default: 'other' })
  category: OnboardingCategory;

  /** Minutes. */
  @Column({ type: 'int', default: 0 })
  estimatedDuration: number;

  @Column({ type: 'int' })
  stepOrder: number;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: OnboardingStepStatus;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
