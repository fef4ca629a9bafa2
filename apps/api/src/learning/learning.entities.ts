import { LearningPathEntity } from './learning-path.entity';
import { LearningPrerequisiteEntity } from './learning-prerequisite.entity';
import { LearningPathStartEntity } from './learning-path-start.entity';
import { LearningProgressEntity } from './learning-progress.entity';
import { LearningStepEntity } from './learning-step.entity';

/** The entities of the learning domain, registered once in platform/database/entities.ts. */
export const LEARNING_ENTITIES: Function[] = [
  LearningPathEntity,
  LearningStepEntity,
  LearningPrerequisiteEntity,
  LearningProgressEntity,
  LearningPathStartEntity,
];
