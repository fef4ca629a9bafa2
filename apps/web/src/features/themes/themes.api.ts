import type { Theme, UserThemeResponse } from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import { applyThemeColors } from './applyTheme';

/** GET /api/themes: the catalogue. */
export function useThemes() {
  return useSWR<Theme[]>(keys.themes);
}

/** GET /api/themes/user/{userId}: the user's active theme (the default one until they choose). */
export function useUserTheme(userId: number | null | undefined) {
  return useSWR<UserThemeResponse>(userId ? keys.userTheme(userId) : null);
}

/**
 * Applying (§4): the theme is set in the page at once, then saved with POST /api/themes/{id}/activate.
 * When saving fails the previous theme comes back and the error is thrown to the caller.
 */
export async function activateTheme(userId: number, theme: Theme, previous: Theme | undefined): Promise<void> {
  const key = keys.userTheme(userId);
  applyThemeColors(theme.colors);
  await mutate<UserThemeResponse>(key, { theme }, { revalidate: false });
  try {
    const saved = await apiFetch<UserThemeResponse>(`/api/themes/${theme.id}/activate`, { method: 'POST' });
    await mutate<UserThemeResponse>(key, saved, { revalidate: false });
    await mutate(keys.themes);
  } catch (error) {
    if (previous) {
      applyThemeColors(previous.colors);
      await mutate<UserThemeResponse>(key, { theme: previous }, { revalidate: false });
    }
    throw error;
  }
}
