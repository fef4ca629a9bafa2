import type { LearningPathSummary } from '@wkflow/contracts';
import { describe, expect, it } from 'vitest';
import { CATEGORY_FILTERS, categoryLabel, difficultyLabel, filterPaths, formatMinutes, nextLevelText, pathAction } from './learning.logic';

describe('pathAction', () => {
  it('labels the button by status (§2.10)', () => {
    expect(pathAction('completed')).toEqual({ action: 'review', label: 'Revisar', disabled: false });
    expect(pathAction('in_progress')).toEqual({ action: 'continue', label: 'Continuar', disabled: false });
    expect(pathAction('locked')).toEqual({ action: 'locked', label: 'Bloqueado', disabled: true });
    expect(pathAction('not_started').label).toBe('Iniciar');
    expect(pathAction('anything else').label).toBe('Iniciar');
  });
});

describe('filters', () => {
  const paths = [
    { id: 1, category: 'basic' },
    { id: 2, category: 'advanced' },
    { id: 3, category: 'basic' },
  ] as LearningPathSummary[];
  it('has all and the four categories in pt-BR', () => {
    expect(CATEGORY_FILTERS.map((f) => f.value)).toEqual(['all', 'basic', 'workflow', 'collaboration', 'advanced']);
    expect(CATEGORY_FILTERS.map((f) => f.label)).toEqual(['Todas', 'Básico', 'Fluxo de trabalho', 'Colaboração', 'Avançado']);
  });
  it('keeps the paths of the chosen category', () => {
    expect(filterPaths(paths, 'all').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(filterPaths(paths, 'basic').map((p) => p.id)).toEqual([1, 3]);
    expect(filterPaths(paths, 'workflow')).toEqual([]);
  });
});

describe('labels', () => {
  it('names difficulties and categories', () => {
    expect(['beginner', 'intermediate', 'advanced'].map(difficultyLabel)).toEqual(['Iniciante', 'Intermediário', 'Avançado']);
    expect(categoryLabel('collaboration')).toBe('Colaboração');
    expect(difficultyLabel('expert')).toBe('expert');
  });
  it('formats minutes', () => {
    expect(formatMinutes(20)).toBe('20 min');
    expect(formatMinutes(60)).toBe('1h');
    expect(formatMinutes(90)).toBe('1h 30min');
  });
  it('tells how much XP is missing', () => {
    expect(nextLevelText(50, 60)).toBe('Faltam 10 XP para o próximo nível');
    expect(nextLevelText(500, null)).toBe('Nível máximo alcançado');
  });
});
