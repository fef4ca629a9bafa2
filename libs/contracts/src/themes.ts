/** Themes (extended.md §2.11, §3, §4): the catalogue, the user's active theme and colour rules. */

export const THEME_CATEGORIES = ['default', 'dark', 'colorful', 'custom'] as const;
export type ThemeCategory = (typeof THEME_CATEGORIES)[number];

export const THEME_CATEGORY_LABELS: Record<ThemeCategory, string> = {
  default: 'Padrão',
  dark: 'Escuros',
  colorful: 'Coloridos',
  custom: 'Personalizados',
};

export const THEME_COLOR_KEYS = ['primary', 'secondary', 'accent', 'background', 'surface', 'text', 'textSecondary', 'border'] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColors = Record<ThemeColorKey, string>;

export interface Theme {
  id: number;
  /** Slug. */
  name: string;
  displayName: string;
  description: string;
  category: ThemeCategory;
  isPremium: boolean;
  rating: number;
  ratingCount: number;
  downloads: number;
  colors: ThemeColors;
}

/** GET /api/themes/user/{userId} and POST /api/themes/{id}/activate. */
export interface UserThemeResponse {
  theme: Theme;
}

/** The theme of a user who never chose one. */
export const DEFAULT_THEME_NAME = 'padrao';

export const THEME_MESSAGES = {
  notFound: 'Tema não encontrado',
  otherUser: 'Você só pode ver o seu próprio tema',
  noDefault: 'Tema padrão não configurado',
} as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

/** What is wrong with a theme's colours: a missing key, or a value that is not #rgb / #rrggbb. Empty when valid. */
export function themeColorErrors(colors: Partial<Record<string, unknown>> | null | undefined): string[] {
  const errors: string[] = [];
  for (const key of THEME_COLOR_KEYS) {
    const value = colors?.[key];
    if (value === undefined) errors.push(`${key}: cor ausente`);
    else if (!isHexColor(value)) errors.push(`${key}: "${String(value)}" não é uma cor hexadecimal válida`);
  }
  return errors;
}

/** #rgb or #rrggbb → [r, g, b] 0-255. Assumes a valid hex colour. */
export function hexToRgb(hex: string): [number, number, number] {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** A theme is dark when its page background is. */
export function isDarkTheme(colors: Pick<ThemeColors, 'background'>): boolean {
  return relativeLuminance(colors.background) < 0.2;
}
