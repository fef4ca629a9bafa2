import { describe, expect, it } from 'vitest';
import {
  canSaveNotesAlone,
  isProcessEditable,
  canCompleteStep,
  canStartStep,
  categoryLabel,
  formatMinutes,
  processStatusLabel,
  progressPercent,
  progressText,
  sortSteps,
  stepStatusLabel,
} from './onboarding.logic';

describe('status labels', () => {
  it('shows the process statuses of §4', () => {
    expect(['pending', 'in_progress', 'completed', 'cancelled'].map(processStatusLabel)).toEqual([
      'Pendente',
      'Em Andamento',
      'Concluído',
      'Cancelado',
    ]);
    expect(processStatusLabel('archived')).toBe('archived');
  });

  it('labels steps and categories', () => {
    expect(stepStatusLabel('completed')).toBe('Concluída');
    expect(categoryLabel('documentation')).toBe('Documentação');
    expect(categoryLabel('approval')).toBe('Aprovação');
    expect(categoryLabel(null)).toBe('Outros');
  });
});

describe('progress', () => {
  it('is current of total, as a percentage for the bar', () => {
    expect(progressText(2, 6)).toBe('2 de 6');
    expect(progressPercent(2, 6)).toBe(33);
    expect(progressPercent(6, 6)).toBe(100);
    expect(progressPercent(0, 6)).toBe(0);
  });

  it('stays within 0–100 for odd values', () => {
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(9, 6)).toBe(100);
    expect(progressPercent(-1, 6)).toBe(0);
    expect(progressPercent(null, undefined)).toBe(0);
    expect(progressText(null, undefined)).toBe('0 de 0');
  });
});

describe('formatMinutes', () => {
  it('reads minutes and hours', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1h');
    expect(formatMinutes(90)).toBe('1h 30min');
    expect(formatMinutes(0)).toBe('');
    expect(formatMinutes(null)).toBe('');
  });
});

describe('step buttons', () => {
  it('disables Iniciar while in progress and Concluir once completed', () => {
    expect([canStartStep({ status: 'pending' }), canCompleteStep({ status: 'pending' })]).toEqual([true, true]);
    expect([canStartStep({ status: 'in_progress' }), canCompleteStep({ status: 'in_progress' })]).toEqual([false, true]);
    expect([canStartStep({ status: 'completed' }), canCompleteStep({ status: 'completed' })]).toEqual([true, false]);
  });
});

describe('editability', () => {
  it('freezes cancelled processes only', () => {
    expect(isProcessEditable({ status: 'cancelled' })).toBe(false);
    expect(isProcessEditable({ status: 'completed' })).toBe(true);
    expect(isProcessEditable({ status: 'pending' })).toBe(true);
  });

  it('saves notes alone only for steps already started or completed', () => {
    expect(canSaveNotesAlone({ status: 'pending' })).toBe(false);
    expect(canSaveNotesAlone({ status: 'in_progress' })).toBe(true);
    expect(canSaveNotesAlone({ status: 'completed' })).toBe(true);
  });
});

describe('sortSteps', () => {
  it('orders by step_order, then id', () => {
    const steps = [
      { id: 3, step_order: 2 },
      { id: 1, step_order: 1 },
      { id: 2, step_order: 2 },
    ];
    expect(sortSteps(steps).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(steps[0].id).toBe(3);
  });
});
