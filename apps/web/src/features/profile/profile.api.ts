import type {
  ApiToken,
  ChangePasswordRequest,
  CreateApiTokenRequest,
  CreatedApiToken,
  EndedSessionsResponse,
  MeResponse,
  UpdateProfileRequest,
  UserSession,
} from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';

/** PUT /api/auth/profile, then the current user is refreshed (/api/auth/me). */
export async function updateOwnProfile(body: UpdateProfileRequest): Promise<void> {
  const response = await apiFetch<MeResponse | null>('/api/auth/profile', { method: 'PUT', body });
  if (response?.user) await mutate(keys.me, response, { revalidate: true });
  else await mutate(keys.me);
}

/** PUT /api/auth/change-password (the server ends the user's other sessions). */
export async function changeOwnPassword(body: ChangePasswordRequest): Promise<void> {
  await apiFetch('/api/auth/change-password', { method: 'PUT', body });
}

/** GET /api/auth/sessions, read again on each visit (sessions open and end elsewhere). */
export function useOwnSessions() {
  return useSWR<UserSession[]>(keys.authSessions, { revalidateOnMount: true });
}

/** DELETE /api/auth/sessions/{id}: that browser is signed out at once. */
export async function endOwnSession(id: string): Promise<void> {
  await apiFetch(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await mutate(keys.authSessions);
}

/** POST /api/auth/sessions/end-others: every session but this one; how many ended. */
export async function endOtherSessions(): Promise<number> {
  const { ended } = await apiFetch<EndedSessionsResponse>('/api/auth/sessions/end-others', { method: 'POST' });
  await mutate(keys.authSessions);
  return ended;
}

/** GET /api/tokens (all: everyone's, for administrators). */
export function useApiTokens(all: boolean) {
  return useSWR<ApiToken[]>(keys.apiTokens(all), { revalidateOnMount: true });
}

/** Both lists (one's own and everyone's) read again after a change. */
async function refreshApiTokens(): Promise<void> {
  await Promise.all([mutate(keys.apiTokens(false)), mutate(keys.apiTokens(true))]);
}

/** POST /api/tokens: the answer holds the secret, shown once. */
export async function createApiToken(body: CreateApiTokenRequest): Promise<CreatedApiToken> {
  const created = await apiFetch<CreatedApiToken>('/api/tokens', { method: 'POST', body });
  await refreshApiTokens();
  return created;
}

/** DELETE /api/tokens/{id}: its next request gets 401. */
export async function revokeApiToken(id: number): Promise<void> {
  await apiFetch(`/api/tokens/${id}`, { method: 'DELETE' });
  await refreshApiTokens();
}
