import { CLIENT_PARAM, MEMBER_PARAM } from '../features/board/board.logic';
import { SEARCH_PARAM } from './useTaskSearch';

/**
 * Hook points of the header buttons. 'Nova Tarefa' and 'Criar com IA' open the board with
 * `?new=task` / `?new=ai`; the board (features/board) reads NEW_PARAM, opens the task dialog or the
 * AI modal, and removes the parameter.
 */
export const NEW_PARAM = 'new';
export type NewAction = 'task' | 'ai';

const BOARD_PATHS = ['/', '/kanban'];
/** The board's own filters: kept when the action starts on the board, meaningless elsewhere. */
const BOARD_SCOPE_PARAMS = [CLIENT_PARAM, MEMBER_PARAM];

/**
 * Where a header action goes from `pathname?search`: the board with the action, keeping the search
 * text and, from the board itself, its client and member filters (so the board still shows them
 * after the new task is saved).
 */
export function newActionPath(action: NewAction, pathname: string, search = ''): string {
  const current = new URLSearchParams(search);
  const onBoard = BOARD_PATHS.includes(pathname);
  const next = new URLSearchParams();
  for (const name of [SEARCH_PARAM, ...(onBoard ? BOARD_SCOPE_PARAMS : [])]) {
    const value = current.get(name);
    if (value) next.set(name, value);
  }
  next.set(NEW_PARAM, action);
  return `${onBoard ? pathname : '/'}?${next}`;
}
