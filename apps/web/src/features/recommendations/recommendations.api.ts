import type {
  DismissRecommendationRequest,
  GenerateRecommendationsResult,
  ImplementRecommendationRequest,
  Recommendation,
  RecommendationInsights,
  RecommendationStats,
} from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';

/** The page's reads (the route's gate lets only those who may see them in). */
export function useRecommendations() {
  const list = useSWR<Recommendation[]>(keys.recommendations);
  const stats = useSWR<RecommendationStats>(keys.recommendationsStats);
  const insights = useSWR<RecommendationInsights>(keys.recommendationsAnalytics);
  return { list, stats, insights };
}

const refresh = () => Promise.all([mutate(keys.recommendations), mutate(keys.recommendationsStats)]);

export async function generateRecommendations(): Promise<GenerateRecommendationsResult> {
  const result = await apiFetch<GenerateRecommendationsResult>('/api/recommendations/generate', { method: 'POST' });
  await Promise.all([refresh(), mutate(keys.recommendationsAnalytics)]);
  return result;
}

export async function implementRecommendation(id: number, notes: string): Promise<void> {
  await apiFetch(`/api/recommendations/${id}/implement`, {
    method: 'POST',
    body: (notes.trim() ? { notes: notes.trim() } : {}) satisfies ImplementRecommendationRequest,
  });
  await refresh();
}

export async function dismissRecommendation(id: number, reason: string): Promise<void> {
  await apiFetch(`/api/recommendations/${id}/dismiss`, {
    method: 'POST',
    body: (reason.trim() ? { reason: reason.trim() } : {}) satisfies DismissRecommendationRequest,
  });
  await refresh();
}
