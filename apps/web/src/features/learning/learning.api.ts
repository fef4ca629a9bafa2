import type { CompleteLearningStepResponse, LearningDashboard, LearningPathDetail } from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';

/** GET /api/learning/dashboard: XP, level, achievements and every path with the user's progress. */
export function useLearningDashboard() {
  return useSWR<LearningDashboard>(keys.learningDashboard);
}

/** GET /api/learning/paths/{id}: one path with its steps. */
export function useLearningPath(id: number | null) {
  return useSWR<LearningPathDetail>(id ? keys.learningPath(id) : null);
}

/** POST /api/learning/paths/{id}/start (409 for a locked path). */
export async function startPath(id: number): Promise<LearningPathDetail> {
  const path = await apiFetch<LearningPathDetail>(`/api/learning/paths/${id}/start`, { method: 'POST' });
  await Promise.all([mutate(keys.learningPath(id), path, { revalidate: false }), mutate(keys.learningDashboard)]);
  return path;
}

/** POST /api/learning/paths/{id}/steps/{stepId}/complete: XP is awarded once per step. */
export async function completeStep(pathId: number, stepId: number): Promise<CompleteLearningStepResponse> {
  const result = await apiFetch<CompleteLearningStepResponse>(`/api/learning/paths/${pathId}/steps/${stepId}/complete`, { method: 'POST' });
  await Promise.all([mutate(keys.learningPath(pathId), result.path, { revalidate: false }), mutate(keys.learningDashboard)]);
  return result;
}
