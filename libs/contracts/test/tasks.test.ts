import { describe, expect, it } from 'vitest';
import { contrastTextColor, isCompletedColumnName, taskStatus } from '../src/tasks';
import { contrastRatio } from '../src/themes';

const tz = 'America/Sao_Paulo';

describe('isCompletedColumnName', () => {
  it.each([
    ['concluídos', true],
    ['Concluídos', true],
    ['CONCLUÍDO', true],
    ['Concluidos', true],
    ['Finalizadas', true],
    ['Completo', true],
    ['Em andamento', false],
    ['Backlog', false],
  ])('%s → %s', (name, expected) => {
    expect(isCompletedColumnName(name)).toBe(expected);
  });
});

describe('taskStatus around midnight in the app time zone', () => {
  // 02:30 UTC on the 19th is still 23:30 on the 18th in São Paulo.
  const lateOn18th = new Date('2026-11-19T02:30:00Z');
  const earlyOn19th = new Date('2026-11-19T03:30:00Z');

  it('a deadline earlier today is not overdue yet', () => {
    expect(taskStatus('2026-11-18T12:00:00-03:00', lateOn18th, tz)).toBe('open');
  });
  it('becomes overdue once the local date passes', () => {
    expect(taskStatus('2026-11-18T12:00:00-03:00', earlyOn19th, tz)).toBe('overdue');
  });
  it('uses the local date of the deadline, not its UTC date', () => {
    // 23:30 local on the 18th is 02:30 UTC on the 19th.
    expect(taskStatus('2026-11-19T02:30:00Z', earlyOn19th, tz)).toBe('overdue');
    expect(taskStatus('2026-11-19T03:30:00Z', earlyOn19th, tz)).toBe('open');
  });
  it('future deadlines and missing ones are open', () => {
    expect(taskStatus('2026-12-01T00:00:00Z', earlyOn19th, tz)).toBe('open');
    expect(taskStatus(null, earlyOn19th, tz)).toBe('open');
  });
});

describe('contrastTextColor', () => {
  it('is black on light colours and white on dark ones', () => {
    expect(contrastTextColor('#ffffff')).toBe('#000000');
    expect(contrastTextColor('#eab308')).toBe('#000000');
    expect(contrastTextColor('#1e3a8a')).toBe('#ffffff');
    expect(contrastTextColor('#6b7280')).toBe('#ffffff');
    expect(contrastTextColor('#fff')).toBe('#000000');
    expect(contrastTextColor('#000')).toBe('#ffffff');
  });

  it('picks black on the mid colours where white text failed 4.5:1 (sky 2.77:1, red 3.76:1)', () => {
    expect(contrastRatio('#ffffff', '#0ea5e9')).toBeCloseTo(2.77, 2);
    expect(contrastRatio('#ffffff', '#ef4444')).toBeCloseTo(3.76, 2);
    expect(contrastTextColor('#0ea5e9')).toBe('#000000');
    expect(contrastTextColor('#ef4444')).toBe('#000000');
  });

  it('keeps every badge text at 4.5:1 or more, and agrees with the brightness-128 rule away from 71-128', () => {
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const color = `#${hex(r)}${hex(g)}${hex(b)}`;
          const text = contrastTextColor(color);
          expect(contrastRatio(color, text)).toBeGreaterThanOrEqual(4.5);
          const brightness = (r * 299 + g * 587 + b * 114) / 1000;
          if (brightness > 128) expect(text).toBe('#000000');
          if (brightness < 70) expect(text).toBe('#ffffff');
        }
  });

  it('is white for what is not a colour', () => {
    expect(contrastTextColor('tomato')).toBe('#ffffff');
    expect(contrastTextColor('')).toBe('#ffffff');
  });
});
