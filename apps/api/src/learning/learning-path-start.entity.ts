import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { LearningPathEntity } from './learning-path.entity';

/** A path a user started (Iniciar). */
@Entity('learning_path_starts')
export class LearningPathStartEntity {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @PrimaryColumn({ type: 'int' })
  pathId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @ManyToOne(() => LearningPathEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pathId' })
  path?: LearningPathEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  startedAt: Date;
}
