import { describe, expect, it } from 'vitest';
import { analyticsRange, isAnalyticsPeriod, percent, percentChange, reportFileName } from '../src/analytics';

const tz = 'America/Sao_Paulo';

describe('analyticsRange', () => {
  it('covers the last N local days including today, and the N days before', () => {
    // 01:30 UTC on the 18th is still the 17th, 22:30, in São Paulo.
    const range = analyticsRange(7, new Date('2026-11-18T01:30:00Z'), tz);
    expect(range.end.toISOString()).toBe('2026-11-18T03:00:00.000Z');
    expect(range.start.toISOString()).toBe('2026-11-11T03:00:00.000Z');
    expect(range.previousStart.toISOString()).toBe('2026-11-04T03:00:00.000Z');
  });
  it('has the same length for 30 and 90 days', () => {
    const now = new Date('2026-06-10T15:00:00Z');
    for (const period of [30, 90] as const) {
      const { start, end, previousStart } = analyticsRange(period, now, tz);
      expect((end.getTime() - start.getTime()) / 86_400_000).toBe(period);
      expect((start.getTime() - previousStart.getTime()) / 86_400_000).toBe(period);
    }
  });
  it('accepts only 7, 30 and 90', () => {
    expect([7, 30, 90].every(isAnalyticsPeriod)).toBe(true);
    expect([0, 14, '30', null].some(isAnalyticsPeriod)).toBe(false);
  });
});

describe('percentChange', () => {
  it('is the change relative to the previous period, one decimal', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(10, 10)).toBe(0);
  });
  it('is 0 from nothing to nothing and no figure (null) from nothing to something', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(7, 0)).toBeNull();
  });
  it('percent guards against an empty whole', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(0, 0)).toBe(0);
  });
});

describe('reportFileName', () => {
  it('keeps the name the user gave, accents included, less what a file system refuses', () => {
    expect(reportFileName({ id: 4, name: 'Relatório de Março / Equipe' })).toBe('Relatório de Março - Equipe.csv');
    expect(reportFileName({ id: 6, name: '  ..\u202eRelatório:\tfinal.  ' })).toBe('Relatório-final.csv');
    expect(reportFileName({ id: 7, name: 'á'.repeat(150) })).toBe(`${'á'.repeat(100)}.csv`);
    expect(reportFileName({ id: 5, name: '***' })).toBe('relatorio-5.csv');
  });
});
