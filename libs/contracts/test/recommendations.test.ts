import { describe, expect, it } from 'vitest';
import { recommendationDrafts, teamProductivityScore, type RecommendationMetrics } from '../src/recommendations';

/** A healthy team: no rule fires. */
const healthy: RecommendationMetrics = {
  openTasks: 20,
  overdueTasks: 1,
  unassignedOpenTasks: 0,
  columns: [
    { id: 2, name: 'A fazer', openTasks: 6 },
    { id: 3, name: 'Em andamento', openTasks: 6 },
    { id: 4, name: 'Em revisão', openTasks: 5 },
  ],
  members: [
    { id: 1, name: 'Ana', openTasks: 5, recentSeconds: 12 * 3600 },
    { id: 2, name: 'Bruno', openTasks: 4, recentSeconds: 8 * 3600 },
  ],
  inactiveClients: [],
  createdLast30: 20,
  completedOfCreatedLast30: 10,
  avgCompletionHours: 48,
};
const keys = (m: RecommendationMetrics) => recommendationDrafts(m).map((d) => d.key);

describe('recommendation rules', () => {
  it('propose nothing for a healthy team', () => {
    expect(recommendationDrafts(healthy)).toEqual([]);
  });

  it('flag the overdue rate: high from 20 %, urgent from 40 %, not on tiny boards', () => {
    expect(recommendationDrafts({ ...healthy, overdueTasks: 4 })[0]).toMatchObject({
      key: 'overdue-rate',
      type: 'workflow',
      priority: 'high',
    });
    expect(recommendationDrafts({ ...healthy, overdueTasks: 8 })[0]).toMatchObject({ key: 'overdue-rate', priority: 'urgent' });
    expect(recommendationDrafts({ ...healthy, overdueTasks: 3 })).toEqual([]);
    expect(keys({ ...healthy, openTasks: 4, overdueTasks: 4 })).toEqual([]);
  });

  it('name the bottleneck column when it holds many of the working tasks', () => {
    const columns = [
      { id: 2, name: 'A fazer', openTasks: 3 },
      { id: 3, name: 'Em revisão', openTasks: 9 },
    ];
    const [draft] = recommendationDrafts({ ...healthy, columns });
    expect(draft).toMatchObject({ key: 'bottleneck:3', type: 'workflow', priority: 'high', title: 'Gargalo na coluna "Em revisão"' });
    expect(draft.data).toMatchObject({ columnName: 'Em revisão', openTasks: 9, share: 75 });
    expect(draft.description).toBe('A coluna "Em revisão" concentra 9 tarefas (75% das tarefas abertas).');
    // Below the minimum count, no bottleneck even with the whole share.
    expect(keys({ ...healthy, columns: [{ id: 3, name: 'Em revisão', openTasks: 7 }] })).toEqual([]);
  });

  it('ask for owners of unassigned tasks', () => {
    expect(recommendationDrafts({ ...healthy, unassignedOpenTasks: 3 })[0]).toMatchObject({
      key: 'unassigned-tasks',
      type: 'team',
      priority: 'medium',
    });
    expect(recommendationDrafts({ ...healthy, unassignedOpenTasks: 10 })[0]).toMatchObject({ priority: 'high' });
  });

  it('spot overloaded and idle members', () => {
    const members = [
      { id: 1, name: 'Ana', openTasks: 12, recentSeconds: 30 * 3600 },
      { id: 2, name: 'Bruno', openTasks: 0, recentSeconds: 2 * 3600 },
      { id: 3, name: 'Carla', openTasks: 3, recentSeconds: 0 },
    ];
    const drafts = recommendationDrafts({ ...healthy, members });
    expect(drafts.map((d) => d.key)).toEqual(['overloaded-members', 'idle-members']);
    expect(drafts[0].description).toContain('Ana');
    expect(drafts[1].data).toMatchObject({ members: [{ name: 'Bruno' }, { name: 'Carla' }] });
    expect(drafts[1].description).toContain('Bruno, Carla estão');
  });

  it('list inactive clients, low completion and slow completion', () => {
    const drafts = recommendationDrafts({
      ...healthy,
      inactiveClients: [{ id: 9, name: 'Padaria' }],
      createdLast30: 10,
      completedOfCreatedLast30: 2,
      avgCompletionHours: 200,
    });
    expect(drafts.map((d) => [d.key, d.type, d.priority])).toEqual([
      ['low-completion-rate', 'performance', 'medium'],
      ['slow-completion', 'performance', 'medium'],
      ['inactive-clients', 'client', 'low'],
    ]);
    expect(drafts[1].description).toContain('8,3 dias');
    expect(drafts[0].description).toBe('Só 20% das 10 tarefas criadas nos últimos 30 dias foram concluídas.');
  });

  it('order drafts by priority', () => {
    const drafts = recommendationDrafts({ ...healthy, overdueTasks: 10, inactiveClients: [{ id: 1, name: 'X' }], unassignedOpenTasks: 4 });
    expect(drafts.map((d) => d.priority)).toEqual(['urgent', 'medium', 'low']);
  });
});

describe('teamProductivityScore', () => {
  it('weighs completion 70 % and punctuality 30 %', () => {
    expect(teamProductivityScore(10, 50, 10)).toBe(62);
    expect(teamProductivityScore(10, 100, 0)).toBe(100);
    expect(teamProductivityScore(0, 0, 0)).toBe(0);
  });
});

describe('recommendation texts', () => {
  it('write decimals the pt-BR way', () => {
    const [draft] = recommendationDrafts({ ...healthy, openTasks: 30, overdueTasks: 7 });
    expect(draft.description).toBe('7 de 30 tarefas abertas (23,3%) estão com o prazo vencido.');
  });
});
