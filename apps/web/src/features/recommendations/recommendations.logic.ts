import {
  canSeeRecommendations,
  RECOMMENDATION_PRIORITIES,
  type PermissionSubject,
  type Recommendation,
  type RecommendationPriority,
  type User,
} from '@wkflow/contracts';

export const PRIORITY_COLORS: Record<RecommendationPriority, string> = { urgent: 'red', high: 'orange', medium: 'yellow', low: 'gray' };

/** The page: users read plus access profile 1 or role manager (extended.md §6). */
export function canOpenRecommendations(
  user: Pick<User, 'role' | 'accessProfileId'> | null | undefined,
  subject: PermissionSubject,
): boolean {
  return user ? canSeeRecommendations(user, subject) : false;
}

/** How many active recommendations per priority, in the order urgent → low. */
export function countByPriority(recommendations: Recommendation[]): { priority: RecommendationPriority; count: number }[] {
  return RECOMMENDATION_PRIORITIES.map((priority) => ({ priority, count: recommendations.filter((r) => r.priority === priority).length }));
}

/** 'Expira em 3 dias' / 'Expira hoje'. */
export function expiresLabel(expiresAt: string, now = new Date()): string {
  const days = Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000);
  if (days <= 0) return 'Expira hoje';
  return days === 1 ? 'Expira em 1 dia' : `Expira em ${days} dias`;
}

/** The toast after generating: how many are new. */
export function generatedMessage(created: number): string {
  if (created === 0) return 'Nenhuma recomendação nova: as atuais continuam válidas.';
  return created === 1 ? '1 nova recomendação gerada.' : `${created} novas recomendações geradas.`;
}
