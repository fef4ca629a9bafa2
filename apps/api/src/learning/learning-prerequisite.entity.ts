import { Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { LearningPathEntity } from './learning-path.entity';

/** `pathId` stays locked until `prerequisiteId` is completed. */
@Entity('learning_path_prerequisites')
export class LearningPrerequisiteEntity {
  @PrimaryColumn({ type: 'int' })
  pathId: number;

  @PrimaryColumn({ type: 'int' })
  prerequisiteId: number;

  @ManyToOne(() => LearningPathEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pathId' })
  path?: LearningPathEntity;

  @ManyToOne(() => LearningPathEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'prerequisiteId' })
  prerequisite?: LearningPathEntity;
}
