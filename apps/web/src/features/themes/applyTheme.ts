import { isDarkTheme, type ThemeColors } from '@wkflow/contracts';
import { isApplicable, themeCssVariables } from './themes.logic';

const STORAGE_KEY = 'wkflow:theme-colors';

/**
 * Recolours the whole app at once: sets the `--wk-*` variables the Chakra tokens read on <html>,
 * and Chakra's `dark` class for dark themes (so every other palette switches to its dark values).
 * Remembered locally so the next load starts with it before the server answers.
 */
export function applyThemeColors(colors: ThemeColors): void {
  if (!isApplicable(colors)) return;
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeCssVariables(colors))) root.style.setProperty(name, value);
  const dark = isDarkTheme(colors);
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(colors));
  } catch {
    // storage unavailable (private mode): the server's theme is applied after login anyway
  }
}

/** At start-up: the last applied theme, if any. */
export function applyStoredTheme(): void {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) applyThemeColors(JSON.parse(stored));
  } catch {
    // nothing stored or unreadable: the default look stays
  }
}

/** At logout: back to the default look, so the login screen never shows the last user's theme. */
export function resetThemeColors(): void {
  const root = document.documentElement;
  for (const name of Array.from(root.style)) if (name.startsWith('--wk-')) root.style.removeProperty(name);
  root.classList.remove('dark');
  root.classList.add('light');
  root.style.colorScheme = 'light';
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: nothing was stored
  }
}
