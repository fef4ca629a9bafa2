import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  achievementsFor,
  type CompleteLearningStepResponse,
  LEARNING_MESSAGES,
  type LearningDashboard,
  type LearningPathDetail,
  type LearningPathSummary,
  levelForPoints,
  pathProgress,
  pathStatus,
  type PermissionSubject,
} from '@wkflow/contracts';
import { LearningRepository, type PathProgressRow } from './learning.repository';
import { stepForLearner } from './learning.seed';

/** The learner: steps are phrased for what his profile lets him do. */
export type Learner = PermissionSubject & { id: number; role?: string | null };

function summary({ xp: _xp, started, prerequisitesMet, ...row }: PathProgressRow): LearningPathSummary {
  return {
    ...row,
    status: pathStatus({ completedSteps: row.completedSteps, totalSteps: row.totalSteps, started, prerequisitesMet }),
    progress: pathProgress(row.completedSteps, row.totalSteps),
  };
}

/** The learning center: the seeded paths, each user's progress, XP, level and achievements. */
@Injectable()
export class LearningService {
  constructor(private readonly learning: LearningRepository) {}

  async dashboard(userId: number): Promise<LearningDashboard> {
    const rows = await this.learning.pathsWithProgress(userId);
    const paths = rows.map(summary);
    const totalPoints = rows.reduce((sum, row) => sum + row.xp, 0);
    const completedSteps = rows.reduce((sum, row) => sum + row.completedSteps, 0);
    const level = levelForPoints(totalPoints);
    const achievementList = achievementsFor({ completedSteps, totalPoints, paths });
    return {
      totalPoints,
      level: level.level,
      levelName: level.name,
      nextLevelPoints: level.nextLevelPoints,
      completedPaths: paths.filter((p) => p.status === 'completed').length,
      achievements: achievementList.filter((a) => a.unlocked).length,
      achievementList,
      availablePaths: paths.filter((p) => p.status !== 'locked').length,
      paths,
    };
  }

  /**
   * One path with its steps and which of them the user completed; a step the user's profile cannot
   * do (e.g. 'Crie sua primeira tarefa' without tasks write) reads as its catalogue alternative.
   */
  async path(user: Learner, pathId: number, db?: EntityManager): Promise<LearningPathDetail> {
    const [row] = await this.learning.pathsWithProgress(user.id, pathId, db);
    const slug = row ? await this.learning.slugOf(pathId, db) : null;
    if (!row || slug === null) throw new NotFoundException(LEARNING_MESSAGES.pathNotFound);
    const stored = await this.learning.stepsWithProgress(user.id, pathId, db);
    const steps = stored.map((step) => ({ ...step, ...(stepForLearner(slug, step.order, user) ?? {}) }));
    return { ...summary(row), steps };
  }

  /** Iniciar: records the start (once); a locked path is refused. */
  async start(user: Learner, pathId: number): Promise<LearningPathDetail> {
    const userId = user.id;
    return this.learning.transaction(async (db) => {
      await this.unlockedPath(userId, pathId, db);
      await this.learning.recordStart(userId, pathId, db);
      return this.path(user, pathId, db);
    });
  }

  /** Concluir: completes a step once (the progress key makes a repeat a no-op, so XP counts once). */
  async completeStep(user: Learner, pathId: number, stepId: number): Promise<CompleteLearningStepResponse> {
    const userId = user.id;
    return this.learning.transaction(async (db) => {
      await this.unlockedPath(userId, pathId, db);
      const step = await this.learning.step(pathId, stepId, db);
      if (!step) throw new NotFoundException(LEARNING_MESSAGES.stepNotFound);
      await this.learning.recordStart(userId, pathId, db);
      const completedNow = await this.learning.completeStep(userId, stepId, db);
      const totalPoints = await this.learning.totalPoints(userId, db);
      return { path: await this.path(user, pathId, db), xpAwarded: completedNow ? step.xp : 0, totalPoints };
    });
  }

  private async unlockedPath(userId: number, pathId: number, db: EntityManager): Promise<void> {
    const [row] = await this.learning.pathsWithProgress(userId, pathId, db);
    if (!row) throw new NotFoundException(LEARNING_MESSAGES.pathNotFound);
    if (summary(row).status === 'locked') throw new ConflictException(LEARNING_MESSAGES.locked);
  }
}
