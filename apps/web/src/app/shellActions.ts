/**
 * Hook points of the header buttons. 'Nova Tarefa' and 'Criar com IA' open the board with
 * `?new=task` / `?new=ai`; the board (features/board) reads NEW_PARAM, opens the task dialog or the
 * AI modal, and removes the parameter.
 */
export const NEW_PARAM = 'new';
export type NewAction = 'task' | 'ai';

export function newActionPath(action: NewAction, search = ''): string {
  const params = new URLSearchParams(search);
  params.set(NEW_PARAM, action);
  return `/?${params}`;
}
