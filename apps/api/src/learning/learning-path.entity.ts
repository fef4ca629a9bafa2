import { Check, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { LearningCategory, LearningDifficulty } from '@wkflow/contracts';

/** A seeded learning path (the catalogue); its steps and prerequisites are separate rows. */
@Entity('learning_paths')
@Unique('UQ_learning_paths_slug', ['slug'])
@Check('CHK_learning_paths_category', `"category" IN ('basic', 'workflow', 'collaboration', 'advanced')`)
@Check('CHK_learning_paths_difficulty', `"difficulty" IN ('beginner', 'intermediate', 'advanced')`)
export class LearningPathEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stable key of the catalogue, so the seed can run again. */
  @Column({ type: 'varchar', length: 60 })
  slug: string;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20 })
  category: LearningCategory;

  @Column({ type: 'varchar', length: 20 })
  difficulty: LearningDifficulty;

  @Column({ type: 'varchar', length: 7 })
  color: string;

  /** Minutes. */
  @Column({ type: 'int', default: 0 })
  estimatedTime: number;

  @Column({ type: 'int', default: 0 })
  position: number;
}
