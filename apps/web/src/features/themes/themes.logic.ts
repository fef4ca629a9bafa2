import {
  contrastRatio,
  hexToRgb,
  THEME_CATEGORIES,
  THEME_CATEGORY_LABELS,
  type Theme,
  type ThemeCategory,
  type ThemeColors,
  themeColorErrors,
} from '@wkflow/contracts';

/** The tabs of /themes (§2.11): all, then each category. */
export type ThemeTab = 'all' | ThemeCategory;
export const THEME_TABS: Array<{ value: ThemeTab; label: string }> = [
  { value: 'all', label: 'Todos' },
  ...THEME_CATEGORIES.map((value) => ({ value, label: THEME_CATEGORY_LABELS[value] })),
];

export function themesInTab(themes: Theme[], tab: ThemeTab): Theme[] {
  return tab === 'all' ? themes : themes.filter((t) => t.category === tab);
}

/** '4.8' / '1.240' / '15,4 mil' in pt-BR. */
export function formatRating(rating: number): string {
  return rating.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
export function formatCount(count: number): string {
  if (count >= 10_000) return `${(count / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mil`;
  return count.toLocaleString('pt-BR');
}

const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `a` moved towards `b` by `amount` (0 = a, 1 = b), in sRGB. */
export function mixHex(a: string, b: string, amount: number): string {
  const [x, y] = [hexToRgb(a), hexToRgb(b)];
  return toHex(x.map((v, i) => v + (y[i] - v) * amount));
}

/** A brand scale 50-950 around the primary colour (its 600, Chakra's `brand.solid`). */
export function brandScale(primary: string): Record<string, string> {
  const tints: Array<[string, number]> = [
    ['50', 0.92],
    ['100', 0.84],
    ['200', 0.68],
    ['300', 0.5],
    ['400', 0.3],
    ['500', 0.15],
  ];
  const shades: Array<[string, number]> = [
    ['700', 0.15],
    ['800', 0.3],
    ['900', 0.45],
    ['950', 0.6],
  ];
  return {
    ...Object.fromEntries(tints.map(([step, amount]) => [step, mixHex(primary, '#ffffff', amount)])),
    '600': primary.toLowerCase(),
    ...Object.fromEntries(shades.map(([step, amount]) => [step, mixHex(primary, '#000000', amount)])),
  };
}

/** Text on a primary-coloured button: white while it stays legible (WCAG 3:1 for bold UI text), else near-black. */
export function readableOn(color: string): string {
  return contrastRatio(color, '#ffffff') >= 3 ? '#ffffff' : '#09090b';
}

/**
 * The CSS variables lib/theme.ts reads (`--wk-*`) for a theme's colours: page and surfaces,
 * text, borders and the brand scale. Muted steps are mixed between surface and text so they keep
 * their contrast in light and dark themes alike.
 */
export function themeCssVariables(colors: ThemeColors): Record<string, string> {
  const { background, surface, text, textSecondary, border, primary } = colors;
  const vars: Record<string, string> = {
    '--wk-bg': background,
    '--wk-surface': surface,
    '--wk-muted': mixHex(surface, text, 0.06),
    '--wk-emphasized': mixHex(surface, text, 0.12),
    '--wk-fg': text,
    '--wk-fg-muted': textSecondary,
    '--wk-fg-subtle': mixHex(textSecondary, surface, 0.35),
    '--wk-border': border,
    '--wk-border-muted': mixHex(border, surface, 0.45),
    '--wk-border-subtle': mixHex(border, surface, 0.7),
    '--wk-border-emphasized': mixHex(border, text, 0.2),
    '--wk-brand-contrast': readableOn(primary),
    '--wk-secondary': colors.secondary,
    '--wk-accent': colors.accent,
  };
  for (const [step, value] of Object.entries(brandScale(primary))) vars[`--wk-brand-${step}`] = value;
  return vars;
}

/** Colours that can be applied: every key a hex colour (anything else is ignored, never half-applied). */
export function isApplicable(colors: unknown): colors is ThemeColors {
  return Boolean(colors) && typeof colors === 'object' && themeColorErrors(colors as Record<string, unknown>).length === 0;
}
