import { useEffect } from 'react';
import { applyThemeColors } from './applyTheme';
import { useUserTheme } from './themes.api';

/** Mounted in the shell: fetches the user's saved theme after login and applies it on every load. */
export function ActiveTheme({ userId }: { userId: number }) {
  const { data } = useUserTheme(userId);
  const colors = data?.theme?.colors;
  useEffect(() => {
    if (colors) applyThemeColors(colors);
  }, [colors]);
  return null;
}
