import type { MeResponse, User } from '@wkflow/contracts';
import useSWR from 'swr';
import { setAppTimeZone } from '../../lib/appTimeZone';
import { fetchOrNull401 } from '../../lib/fetcher';
import { FIVE_MINUTES, keys } from '../../lib/swr';

/**
 * The logged-in user (GET /api/auth/me). A 401 means no user; no retry; fresh for 5 minutes.
 * `user` is undefined while the first answer is pending, null when logged out.
 */
export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR<MeResponse | null>(keys.me, fetchOrNull401, {
    dedupingInterval: FIVE_MINUTES,
    shouldRetryOnError: false,
    revalidateIfStale: false,
  });
  setAppTimeZone(data?.timeZone);
  const user: User | null | undefined = data === undefined ? (error ? null : undefined) : (data?.user ?? null);
  // His profile requires a second factor he has not set up: the app shows only its setup (App.tsx).
  const twoFactorSetupRequired = data?.twoFactorSetupRequired === true;
  return { user, twoFactorSetupRequired, isLoading, error: error as Error | undefined, mutate };
}
