import type { Task } from '@wkflow/contracts';
import type { CardState } from './board.logic';

/** Names the header search also looks in: the task's client and its assignees (issue 22 §15). */
export interface SearchNames {
  clients: ReadonlyMap<number, { name: string }>;
  people: ReadonlyMap<number, { name: string; username?: string }>;
}

/** Lower case without accents, so 'joao' finds 'João'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Whether a task matches a folded search: title, description, client name, assignees' names (and usernames). */
export function matchesSearch(
  task: Pick<Task, 'title' | 'description' | 'clientId' | 'assignedTo'>,
  needle: string,
  names?: SearchNames,
): boolean {
  if (!needle) return true;
  if (foldText(task.title).includes(needle) || foldText(task.description).includes(needle)) return true;
  if (!names) return false;
  const client = names.clients.get(task.clientId);
  if (client && foldText(client.name).includes(needle)) return true;
  return task.assignedTo.some((id) => {
    const person = names.people.get(id);
    return !!person && (foldText(person.name).includes(needle) || (!!person.username && foldText(person.username).includes(needle)));
  });
}

const STATE_WORDS: Record<CardState, [string, string]> = {
  completed: ['concluída', 'concluídas'],
  overdue: ['atrasada', 'atrasadas'],
  open: ['em aberto', 'em aberto'],
};

/**
 * What the board says when a search finds tasks the status filters hide, e.g.
 * '2 tarefas concluídas escondidas pelos filtros'; null when none is hidden.
 */
export function hiddenMatchesText(hidden: Readonly<Record<CardState, number>>): string | null {
  const order: CardState[] = ['completed', 'overdue', 'open'];
  const parts = order
    .filter((state) => hidden[state] > 0)
    .map((state) => {
      const n = hidden[state];
      return `${n} ${n === 1 ? 'tarefa' : 'tarefas'} ${STATE_WORDS[state][n === 1 ? 0 : 1]}`;
    });
  if (parts.length === 0) return null;
  const total = order.reduce((sum, state) => sum + hidden[state], 0);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}`;
  return `${list} ${total === 1 ? 'escondida' : 'escondidas'} pelos filtros`;
}
