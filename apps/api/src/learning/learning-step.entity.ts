import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { LearningPathEntity } from './learning-path.entity';

@Entity('learning_steps')
@Unique('UQ_learning_steps_path_order', ['pathId', 'stepOrder'])
export class LearningStepEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  pathId: number;

  @ManyToOne(() => LearningPathEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pathId' })
  path?: LearningPathEntity;

  @Column({ type: 'int' })
  stepOrder: number;

  @Column({ type: 'varchar', length: 160 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'int', default: 10 })
  xp: number;
}
