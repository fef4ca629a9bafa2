import { describe, expect, it } from 'vitest';
import type { Column, Task } from '@wkflow/contracts';
import { testTask } from '../../test/taskFixture';
import { DEFAULT_FILTERS, searchHiddenByFilters, visibleTasks } from './board.logic';
import { hiddenMatchesText, matchesSearch } from './search.logic';

const columns: Column[] = [
  { id: 1, name: 'Backlog', position: 1, color: '#6b7280', isFixed: true },
  { id: 3, name: 'Concluído', position: 3, color: '#22c55e', isFixed: true },
];
const task = (id: number, over: Partial<Task> = {}): Task => testTask(id, over);
const names = {
  clients: new Map([
    [1, { name: 'Padaria Pão Dourado' }],
    [2, { name: 'TechNova' }],
  ]),
  people: new Map([
    [4, { name: 'João Silva', username: 'joao' }],
    [5, { name: 'Ana Costa', username: 'ana' }],
  ]),
};

describe('header search (issue 22 §15)', () => {
  const tasks = [
    task(1, { clientId: 2 }),
    task(2, { assignedTo: [4] }),
    task(3, { clientId: 2, columnId: 3 }),
    task(4, { clientId: 2, columnId: 3, assignedTo: [5] }),
    task(5, { status: 'overdue', assignedTo: [5] }),
  ];

  it('matches the client name and the assignees, ignoring case and accents', () => {
    expect(visibleTasks(tasks, columns, DEFAULT_FILTERS, 'technova', undefined, names).map((t) => t.id)).toEqual([1]);
    expect(visibleTasks(tasks, columns, DEFAULT_FILTERS, 'JOAO', undefined, names).map((t) => t.id)).toEqual([2]);
    expect(visibleTasks(tasks, columns, DEFAULT_FILTERS, 'pao dourado', undefined, names).map((t) => t.id)).toEqual([2, 5]);
    expect(matchesSearch(task(9, { assignedTo: [5] }), 'costa', names)).toBe(true);
    expect(matchesSearch(task(9, { assignedTo: [5] }), 'costa')).toBe(false);
  });

  it('counts the matches the status filters hide, per state', () => {
    expect(searchHiddenByFilters(tasks, columns, DEFAULT_FILTERS, 'technova', undefined, names)).toEqual({
      open: 0,
      overdue: 0,
      completed: 2,
    });
    expect(searchHiddenByFilters(tasks, columns, { open: false, overdue: false, completed: true }, 'ana', undefined, names)).toEqual({
      open: 0,
      overdue: 1,
      completed: 0,
    });
    expect(searchHiddenByFilters(tasks, columns, DEFAULT_FILTERS, '  ', undefined, names)).toEqual({ open: 0, overdue: 0, completed: 0 });
    expect(searchHiddenByFilters(tasks, columns, DEFAULT_FILTERS, 'technova', { clientId: 1, memberId: null }, names).completed).toBe(0);
  });

  it('says how many are hidden, singular and plural', () => {
    expect(hiddenMatchesText({ open: 0, overdue: 0, completed: 2 })).toBe('2 tarefas concluídas escondidas pelos filtros');
    expect(hiddenMatchesText({ open: 0, overdue: 0, completed: 1 })).toBe('1 tarefa concluída escondida pelos filtros');
    expect(hiddenMatchesText({ open: 1, overdue: 1, completed: 3 })).toBe(
      '3 tarefas concluídas, 1 tarefa atrasada e 1 tarefa em aberto escondidas pelos filtros',
    );
    expect(hiddenMatchesText({ open: 0, overdue: 0, completed: 0 })).toBeNull();
  });
});
