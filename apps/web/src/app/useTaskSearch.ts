import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export const SEARCH_PARAM = 'q';
const BOARD_PATHS = ['/', '/kanban'];

/**
 * The header's 'Buscar tarefas...' text, kept in the URL (`?q=`) so the board reads it with the
 * same hook. Typing on another screen takes the user to the board with the query.
 */
export function useTaskSearch(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const query = params.get(SEARCH_PARAM) ?? '';

  const setQuery = useCallback(
    (value: string) => {
      if (BOARD_PATHS.includes(pathname)) {
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (value) next.set(SEARCH_PARAM, value);
            else next.delete(SEARCH_PARAM);
            return next;
          },
          { replace: true },
        );
      } else if (value) {
        navigate(`/?${new URLSearchParams({ [SEARCH_PARAM]: value })}`);
      }
    },
    [pathname, setParams, navigate],
  );

  return [query, setQuery];
}
