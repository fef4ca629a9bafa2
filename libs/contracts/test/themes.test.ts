import { describe, expect, it } from 'vitest';
import { contrastRatio, hexToRgb, isDarkTheme, isHexColor, relativeLuminance, themeColorErrors, THEME_COLOR_KEYS } from '../src/themes';

const valid = Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, '#112233'])) as Record<string, string>;

describe('hex colours', () => {
  it('accepts #rgb and #rrggbb in any case', () => {
    expect(isHexColor('#fff')).toBe(true);
    expect(isHexColor('#2563EB')).toBe(true);
  });
  it('refuses everything else', () => {
    for (const bad of ['fff', '#ffff', '#12345g', 'red', 'rgb(0,0,0)', '#1234567', '', null, 123]) expect(isHexColor(bad)).toBe(false);
  });
  it('converts to rgb', () => {
    expect(hexToRgb('#2563eb')).toEqual([37, 99, 235]);
    expect(hexToRgb('#fa0')).toEqual([255, 170, 0]);
  });
});

describe('themeColorErrors', () => {
  it('is empty for a full set of hex colours', () => {
    expect(themeColorErrors(valid)).toEqual([]);
  });
  it('names each missing or invalid colour', () => {
    const { border: _border, ...missing } = valid;
    expect(themeColorErrors({ ...missing, primary: 'blue' })).toEqual([
      'primary: "blue" não é uma cor hexadecimal válida',
      'border: cor ausente',
    ]);
    expect(themeColorErrors(null)).toHaveLength(THEME_COLOR_KEYS.length);
  });
});

describe('contrast', () => {
  it('matches the WCAG extremes', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777')).toBe(1);
  });
  it('a dark theme is one with a dark background', () => {
    expect(isDarkTheme({ background: '#0b1120' })).toBe(true);
    expect(isDarkTheme({ background: '#fafafa' })).toBe(false);
  });
});
