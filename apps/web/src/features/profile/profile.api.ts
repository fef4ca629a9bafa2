import type { ChangePasswordRequest, MeResponse, UpdateProfileRequest } from '@wkflow/contracts';
import { mutate } from 'swr';
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
