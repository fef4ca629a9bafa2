import { contrastRatio, DEFAULT_THEME_NAME, THEME_CATEGORIES, themeColorErrors } from '@wkflow/contracts';
import { THEME_CATALOGUE } from './themes.seed';
import { LEARNING_CATALOGUE } from '../learning/learning.seed';

describe('theme catalogue', () => {
  it('starts with the default theme and has unique names', () => {
    expect(THEME_CATALOGUE[0].name).toBe(DEFAULT_THEME_NAME);
    expect(new Set(THEME_CATALOGUE.map((t) => t.name)).size).toBe(THEME_CATALOGUE.length);
  });
  it('covers every category', () => {
    expect(new Set(THEME_CATALOGUE.map((t) => t.category))).toEqual(new Set(THEME_CATEGORIES));
  });
  it.each(THEME_CATALOGUE.map((t) => [t.name, t] as const))('%s has hex colours and readable text', (_name, theme) => {
    expect(themeColorErrors(theme.colors)).toEqual([]);
    // WCAG AA for body text on cards and on the page, and for the secondary text.
    expect(contrastRatio(theme.colors.text, theme.colors.surface)).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(theme.colors.text, theme.colors.background)).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(theme.colors.textSecondary, theme.colors.surface)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('learning catalogue', () => {
  it('has unique slugs, steps and known, earlier prerequisites (so no cycles)', () => {
    const seen = new Set<string>();
    for (const path of LEARNING_CATALOGUE) {
      expect(path.steps.length).toBeGreaterThanOrEqual(3);
      expect(path.steps.length).toBeLessThanOrEqual(6);
      for (const prerequisite of path.prerequisites) expect(seen.has(prerequisite)).toBe(true);
      expect(seen.has(path.slug)).toBe(false);
      seen.add(path.slug);
    }
  });
});
