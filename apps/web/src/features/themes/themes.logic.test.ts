import { contrastRatio, type Theme, type ThemeColors } from '@wkflow/contracts';
import { describe, expect, it } from 'vitest';
import {
  brandScale,
  formatCount,
  formatRating,
  isApplicable,
  mixHex,
  readableOn,
  themeCssVariables,
  themesInTab,
  THEME_TABS,
} from './themes.logic';

const light: ThemeColors = {
  primary: '#2563eb',
  secondary: '#64748b',
  accent: '#f59e0b',
  background: '#fafafa',
  surface: '#ffffff',
  text: '#18181b',
  textSecondary: '#52525b',
  border: '#e4e4e7',
};
const dark: ThemeColors = {
  ...light,
  primary: '#3b82f6',
  background: '#0b1120',
  surface: '#111827',
  text: '#f1f5f9',
  textSecondary: '#94a3b8',
  border: '#1f2937',
};

describe('tabs', () => {
  it('are all, default, dark, colorful, custom in pt-BR', () => {
    expect(THEME_TABS.map((t) => t.value)).toEqual(['all', 'default', 'dark', 'colorful', 'custom']);
    expect(THEME_TABS.map((t) => t.label)).toEqual(['Todos', 'Padrão', 'Escuros', 'Coloridos', 'Personalizados']);
  });
  it('filter by category', () => {
    const themes = [
      { id: 1, category: 'dark' },
      { id: 2, category: 'default' },
    ] as Theme[];
    expect(themesInTab(themes, 'all').map((t) => t.id)).toEqual([1, 2]);
    expect(themesInTab(themes, 'dark').map((t) => t.id)).toEqual([1]);
    expect(themesInTab(themes, 'custom')).toEqual([]);
  });
});

describe('numbers', () => {
  it('formats ratings and counts in pt-BR', () => {
    expect(formatRating(4.8)).toBe('4,8');
    expect(formatRating(5)).toBe('5,0');
    expect(formatCount(980)).toBe('980');
    expect(formatCount(1240)).toBe('1.240');
    expect(formatCount(15420)).toBe('15,4 mil');
  });
});

describe('colour maths', () => {
  it('mixes colours', () => {
    expect(mixHex('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mixHex('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
  it('builds a brand scale that darkens from 50 to 950 with the primary at 600', () => {
    const scale = brandScale('#2563EB');
    expect(scale['600']).toBe('#2563eb');
    const steps = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'];
    const luminance = steps.map((s) => contrastRatio(scale[s], '#000000'));
    expect([...luminance].sort((a, b) => b - a)).toEqual(luminance);
  });
  it('puts white on dark buttons and dark text on light ones', () => {
    expect(readableOn('#2563eb')).toBe('#ffffff');
    expect(readableOn('#facc15')).toBe('#09090b');
    expect(readableOn('#10b981')).toBe('#09090b');
  });
});

describe('themeCssVariables', () => {
  it('maps the theme onto the variables the Chakra tokens read', () => {
    const vars = themeCssVariables(light);
    expect(vars).toMatchObject({
      '--wk-bg': '#fafafa',
      '--wk-surface': '#ffffff',
      '--wk-fg': '#18181b',
      '--wk-fg-muted': '#52525b',
      '--wk-border': '#e4e4e7',
      '--wk-brand-600': '#2563eb',
      '--wk-brand-contrast': '#ffffff',
    });
    expect(Object.keys(vars).filter((k) => k.startsWith('--wk-brand-')).length).toBe(12);
  });
  it('keeps muted surfaces readable in a dark theme', () => {
    const vars = themeCssVariables(dark);
    expect(contrastRatio(vars['--wk-fg'], vars['--wk-muted'])).toBeGreaterThan(7);
    expect(contrastRatio(vars['--wk-fg-muted'], vars['--wk-emphasized'])).toBeGreaterThan(4.5);
  });
});

describe('isApplicable', () => {
  it('accepts full hex colour sets only', () => {
    expect(isApplicable(light)).toBe(true);
    expect(isApplicable({ ...light, primary: 'blue' })).toBe(false);
    expect(isApplicable(null)).toBe(false);
    expect(isApplicable('x')).toBe(false);
  });
});
