import {
  LEARNING_CATEGORIES,
  LEARNING_CATEGORY_LABELS,
  LEARNING_DIFFICULTY_LABELS,
  type LearningCategory,
  type LearningDifficulty,
  type LearningPathStatus,
  type LearningPathSummary,
} from '@wkflow/contracts';

export type CategoryFilter = 'all' | LearningCategory;

/** The filter buttons of §2.10: all, basic, workflow, collaboration, advanced. */
export const CATEGORY_FILTERS: Array<{ value: CategoryFilter; label: string }> = [
  { value: 'all', label: 'Todas' },
  ...LEARNING_CATEGORIES.map((value) => ({ value, label: LEARNING_CATEGORY_LABELS[value] })),
];

export function filterPaths(paths: LearningPathSummary[], filter: CategoryFilter): LearningPathSummary[] {
  return filter === 'all' ? paths : paths.filter((p) => p.category === filter);
}

export type PathAction = 'review' | 'continue' | 'locked' | 'start';

/** The card's button (§2.10): Revisar (completed), Continuar (in progress), Bloqueado (locked, disabled), Iniciar. */
export function pathAction(status: LearningPathStatus | string): { action: PathAction; label: string; disabled: boolean } {
  switch (status) {
    case 'completed':
      return { action: 'review', label: 'Revisar', disabled: false };
    case 'in_progress':
      return { action: 'continue', label: 'Continuar', disabled: false };
    case 'locked':
      return { action: 'locked', label: 'Bloqueado', disabled: true };
    default:
      return { action: 'start', label: 'Iniciar', disabled: false };
  }
}

export function difficultyLabel(difficulty: LearningDifficulty | string): string {
  return LEARNING_DIFFICULTY_LABELS[difficulty as LearningDifficulty] ?? difficulty;
}

export const DIFFICULTY_PALETTE: Record<LearningDifficulty, string> = { beginner: 'green', intermediate: 'orange', advanced: 'red' };

export function categoryLabel(category: LearningCategory | string): string {
  return LEARNING_CATEGORY_LABELS[category as LearningCategory] ?? category;
}

/** '45 min' or '1h 30min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)}h ${rest}min` : `${minutes / 60}h`;
}

/** 'Faltam 40 XP para o próximo nível' or the top-level message. */
export function nextLevelText(totalPoints: number, nextLevelPoints: number | null): string {
  if (nextLevelPoints === null) return 'Nível máximo alcançado';
  return `Faltam ${Math.max(0, nextLevelPoints - totalPoints)} XP para o próximo nível`;
}
