import { describe, expect, it } from 'vitest';
import { dayLabel, formatChange, hasUnfinishedReports, reportProblem, topBy, trendOf } from './analytics.logic';

describe('analytics page logic', () => {
  it('shows changes with a sign and a trend', () => {
    expect(formatChange(12.5)).toBe('+12,5% vs. período anterior');
    expect(formatChange(-3)).toBe('-3% vs. período anterior');
    expect(formatChange(0)).toBe('0% vs. período anterior');
    expect([trendOf(4), trendOf(-1), trendOf(0)]).toEqual(['up', 'down', 'flat']);
  });
  it('shows no made-up +100% when the previous period had nothing (the API sends null)', () => {
    expect(formatChange(null)).toBe('sem dados no período anterior');
    expect(trendOf(null)).toBe('flat');
  });
  it('asks for a name, then a type, with the spec toasts', () => {
    expect(reportProblem({ name: '  ', type: 'productivity', period: 30 })).toEqual({
      field: 'name',
      title: 'Nome obrigatório',
      description: 'Por favor, forneça um nome para o relatório.',
    });
    expect(reportProblem({ name: 'Mensal', type: '', period: 30 })).toEqual({
      field: 'type',
      title: 'Tipo obrigatório',
      description: 'Por favor, selecione o tipo do relatório.',
    });
    expect(reportProblem({ name: 'Mensal', type: 'time_tracking', period: 7 })).toBeNull();
  });
  it('knows when reports are still being computed', () => {
    const report = {
      id: 1,
      name: 'r',
      type: 'productivity' as const,
      created_at: '',
      completed_at: null,
      parameters: { period: 30 as const },
      error_message: null,
    };
    expect(hasUnfinishedReports([{ ...report, status: 'completed' }])).toBe(false);
    expect(
      hasUnfinishedReports([
        { ...report, status: 'completed' },
        { ...report, status: 'pending' },
      ]),
    ).toBe(true);
    expect(hasUnfinishedReports(undefined)).toBe(false);
  });
  it('keeps the top non-zero rows for charts', () => {
    expect(topBy([{ v: 1 }, { v: 0 }, { v: 5 }, { v: 3 }], (r) => r.v, 2)).toEqual([{ v: 5 }, { v: 3 }]);
  });
});

describe('dayLabel', () => {
  it('shows a local date as day/month', () => {
    expect(dayLabel('2026-11-23')).toBe('23/11');
    expect(dayLabel('2027-01-05')).toBe('05/01');
  });
  it('leaves anything else as it is', () => {
    expect(dayLabel('ontem')).toBe('ontem');
  });
});
