import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { LearningStepEntity } from './learning-step.entity';

/** A step a user completed: the primary key makes completing twice a no-op (XP once). */
@Entity('learning_progress')
export class LearningProgressEntity {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @PrimaryColumn({ type: 'int' })
  stepId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @ManyToOne(() => LearningStepEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'stepId' })
  step?: LearningStepEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  completedAt: Date;
}
