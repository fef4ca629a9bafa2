/**
 * Learning center (extended.md §2.10, §3, §4): paths of ordered steps, XP, levels and
 * achievements. Shapes of /api/learning/* and the pure rules the API and the web both use.
 */

export const LEARNING_CATEGORIES = ['basic', 'workflow', 'collaboration', 'advanced'] as const;
export type LearningCategory = (typeof LEARNING_CATEGORIES)[number];

export const LEARNING_CATEGORY_LABELS: Record<LearningCategory, string> = {
  basic: 'Básico',
  workflow: 'Fluxo de trabalho',
  collaboration: 'Colaboração',
  advanced: 'Avançado',
};

export const LEARNING_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type LearningDifficulty = (typeof LEARNING_DIFFICULTIES)[number];

export const LEARNING_DIFFICULTY_LABELS: Record<LearningDifficulty, string> = {
  beginner: 'Iniciante',
  intermediate: 'Intermediário',
  advanced: 'Avançado',
};

export const LEARNING_PATH_STATUSES = ['completed', 'in_progress', 'locked', 'not_started'] as const;
export type LearningPathStatus = (typeof LEARNING_PATH_STATUSES)[number];

export const LEARNING_MESSAGES = {
  pathNotFound: 'Trilha não encontrada',
  stepNotFound: 'Etapa não encontrada nesta trilha',
  locked: 'Trilha bloqueada',
} as const;

export interface LearningStep {
  id: number;
  title: string;
  description: string;
  order: number;
  xp: number;
  completed: boolean;
  completedAt: string | null;
}

export interface LearningPathSummary {
  id: number;
  title: string;
  description: string;
  category: LearningCategory;
  difficulty: LearningDifficulty;
  status: LearningPathStatus;
  color: string;
  /** 0-100. */
  progress: number;
  completedSteps: number;
  totalSteps: number;
  /** Minutes. */
  estimatedTime: number;
  /** Titles of the paths that must be completed first. */
  prerequisites: string[];
}

export interface LearningPathDetail extends LearningPathSummary {
  steps: LearningStep[];
}

export interface Achievement {
  id: string;
  title: string;
  description: string;
  unlocked: boolean;
}

export interface LearningDashboard {
  totalPoints: number;
  level: number;
  levelName: string;
  /** XP where the next level starts; null at the top level. */
  nextLevelPoints: number | null;
  completedPaths: number;
  /** How many achievements are unlocked. */
  achievements: number;
  achievementList: Achievement[];
  availablePaths: number;
  paths: LearningPathSummary[];
}

export interface CompleteLearningStepResponse {
  path: LearningPathDetail;
  /** XP this call added: 0 when the step was already completed. */
  xpAwarded: number;
  totalPoints: number;
}

/** XP thresholds: a level starts at its `minPoints`. */
export const LEARNING_LEVELS = [
  { level: 1, name: 'Novato', minPoints: 0 },
  { level: 2, name: 'Aprendiz', minPoints: 60 },
  { level: 3, name: 'Praticante', minPoints: 150 },
  { level: 4, name: 'Especialista', minPoints: 300 },
  { level: 5, name: 'Mestre do WKFlow', minPoints: 450 },
] as const;

export interface LearningLevel {
  level: number;
  name: string;
  minPoints: number;
  nextLevelPoints: number | null;
}

/** The level reached with `points` XP (negative or fractional input counts as what it floors to, min 0). */
export function levelForPoints(points: number): LearningLevel {
  const xp = Math.max(0, Math.floor(Number.isFinite(points) ? points : 0));
  let index = 0;
  while (index + 1 < LEARNING_LEVELS.length && xp >= LEARNING_LEVELS[index + 1].minPoints) index += 1;
  const current = LEARNING_LEVELS[index];
  const next = LEARNING_LEVELS[index + 1];
  return { level: current.level, name: current.name, minPoints: current.minPoints, nextLevelPoints: next ? next.minPoints : null };
}

/** Whole percent of steps done, 0 for a path without steps. */
export function pathProgress(completedSteps: number, totalSteps: number): number {
  if (totalSteps <= 0) return 0;
  return Math.round((Math.min(completedSteps, totalSteps) / totalSteps) * 100);
}

export interface PathStatusFacts {
  completedSteps: number;
  totalSteps: number;
  /** The user pressed Iniciar (or completed a step). */
  started: boolean;
  /** Every prerequisite path is completed. */
  prerequisitesMet: boolean;
}

/** §4: not started → in progress → completed; a path whose prerequisites are not done is locked. */
export function pathStatus(facts: PathStatusFacts): LearningPathStatus {
  if (facts.totalSteps > 0 && facts.completedSteps >= facts.totalSteps) return 'completed';
  if (!facts.prerequisitesMet) return 'locked';
  if (facts.started || facts.completedSteps > 0) return 'in_progress';
  return 'not_started';
}

export interface AchievementFacts {
  completedSteps: number;
  totalPoints: number;
  paths: Array<Pick<LearningPathSummary, 'category' | 'status'>>;
}

interface AchievementRule {
  id: string;
  title: string;
  description: string;
  unlocked: (facts: AchievementFacts) => boolean;
}

const completed = (facts: AchievementFacts) => facts.paths.filter((p) => p.status === 'completed');
const allCompleted = (paths: AchievementFacts['paths']) => paths.length > 0 && paths.every((p) => p.status === 'completed');

const ACHIEVEMENT_RULES: AchievementRule[] = [
  {
    id: 'primeiros-passos',
    title: 'Primeiros passos',
    description: 'Conclua sua primeira etapa.',
    unlocked: (f) => f.completedSteps >= 1,
  },
  {
    id: 'trilha-concluida',
    title: 'Trilha concluída',
    description: 'Conclua uma trilha inteira.',
    unlocked: (f) => completed(f).length >= 1,
  },
  {
    id: 'explorador',
    title: 'Explorador',
    description: 'Tenha três trilhas iniciadas ou concluídas.',
    unlocked: (f) => f.paths.filter((p) => p.status === 'in_progress' || p.status === 'completed').length >= 3,
  },
  {
    id: 'base-solida',
    title: 'Base sólida',
    description: 'Conclua todas as trilhas básicas.',
    unlocked: (f) => allCompleted(f.paths.filter((p) => p.category === 'basic')),
  },
  {
    id: 'espirito-de-equipe',
    title: 'Espírito de equipe',
    description: 'Conclua uma trilha de colaboração.',
    unlocked: (f) => completed(f).some((p) => p.category === 'collaboration'),
  },
  {
    id: 'dedicacao',
    title: 'Dedicação',
    description: `Alcance ${LEARNING_LEVELS[3].minPoints} XP.`,
    unlocked: (f) => f.totalPoints >= LEARNING_LEVELS[3].minPoints,
  },
  {
    id: 'mestre-do-fluxo',
    title: 'Mestre do fluxo',
    description: 'Conclua todas as trilhas.',
    unlocked: (f) => allCompleted(f.paths),
  },
];

/** Every achievement, with whether these facts unlock it. */
export function achievementsFor(facts: AchievementFacts): Achievement[] {
  return ACHIEVEMENT_RULES.map(({ unlocked, ...achievement }) => ({ ...achievement, unlocked: unlocked(facts) }));
}
