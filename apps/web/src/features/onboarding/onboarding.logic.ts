import {
  ONBOARDING_CATEGORY_LABELS,
  ONBOARDING_STATUS_LABELS,
  type OnboardingProcess,
  type OnboardingStep,
  type OnboardingProcessStatus,
  type OnboardingCategory,
  type OnboardingStepStatus,
} from '@wkflow/contracts';

/** extended.md §4: process statuses as shown (Pendente, Em Andamento, Concluído, Cancelado). */
export const PROCESS_STATUS_LABELS: Record<OnboardingProcessStatus, string> = ONBOARDING_STATUS_LABELS;

export const STEP_STATUS_LABELS: Record<OnboardingStepStatus, string> = {
  pending: 'Pendente',
  in_progress: 'Em Andamento',
  completed: 'Concluída',
};

export const STATUS_PALETTE: Record<OnboardingProcessStatus, string> = {
  pending: 'gray',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'red',
};

export const CATEGORY_LABELS: Record<OnboardingCategory, string> = ONBOARDING_CATEGORY_LABELS;

export function processStatusLabel(status: string): string {
  return PROCESS_STATUS_LABELS[status as OnboardingProcessStatus] ?? status;
}

export function stepStatusLabel(status: string): string {
  return STEP_STATUS_LABELS[status as OnboardingStepStatus] ?? status;
}

export function categoryLabel(category: string | null | undefined): string {
  return CATEGORY_LABELS[(category ?? 'other') as OnboardingCategory] ?? category ?? CATEGORY_LABELS.other;
}

/** Progress of a process as a whole percentage (0–100), safe for odd values. */
export function progressPercent(current: number | null | undefined, total: number | null | undefined): number {
  const done = Number(current) || 0;
  const all = Number(total) || 0;
  if (all <= 0) return 0;
  return Math.round((Math.min(Math.max(done, 0), all) / all) * 100);
}

/** 'current de total' as the list shows it. */
export function progressText(current: number | null | undefined, total: number | null | undefined): string {
  return `${Number(current) || 0} de ${Number(total) || 0}`;
}

/** Estimated duration in minutes, readable: '45 min', '2h', '1h 30min'. */
export function formatMinutes(minutes: number | null | undefined): string {
  const value = Math.round(Number(minutes) || 0);
  if (value <= 0) return '';
  if (value < 60) return `${value} min`;
  const hours = Math.floor(value / 60);
  const rest = value % 60;
  return rest ? `${hours}h ${rest}min` : `${hours}h`;
}

/** Iniciar is disabled while the step is in progress; Concluir once it is completed (extended.md §4). */
export function canStartStep(step: Pick<OnboardingStep, 'status'>): boolean {
  return step.status !== 'in_progress';
}

export function canCompleteStep(step: Pick<OnboardingStep, 'status'>): boolean {
  return step.status !== 'completed';
}

/** A cancelled process cannot be changed (the API refuses it), so its buttons are off. */
export function isProcessEditable(process: Pick<OnboardingProcess, 'status'>): boolean {
  return process.status !== 'cancelled';
}

/**
 * Notes travel with a status the user may set (in_progress or completed): a pending step's notes
 * are saved by Iniciar or Concluir, a started or finished step's notes can be saved on their own.
 */
export function canSaveNotesAlone(step: Pick<OnboardingStep, 'status'>): boolean {
  return step.status !== 'pending';
}

/** Steps in their template order. */
export function sortSteps<T extends Pick<OnboardingStep, 'step_order' | 'id'>>(steps: readonly T[]): T[] {
  return [...steps].sort((a, b) => a.step_order - b.step_order || a.id - b.id);
}

/** The person responsible for a process, by name (the username only when no name is stored). */
export function personName(process: { assigned_name: string | null; assigned_username: string | null }): string {
  return process.assigned_name?.trim() || process.assigned_username?.trim() || '';
}

/** Asked before a completed step is reopened (its progress is lost until it is completed again). */
export function reopenQuestion(stepName: string): string {
  return `Reabrir a etapa "${stepName}"? Ela volta para Em andamento e o progresso do onboarding diminui.`;
}
