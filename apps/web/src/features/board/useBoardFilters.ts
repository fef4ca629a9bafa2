import type { Task } from '@wkflow/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { useTaskSearch } from '../../app/useTaskSearch';
import {
  CLIENT_PARAM,
  DEFAULT_FILTERS,
  idParam,
  keepUnchangedGroups,
  MEMBER_PARAM,
  searchHiddenByFilters,
  tasksByColumn,
  visibleTasks,
  type BoardFilters,
} from './board.logic';
import { withoutParam } from '../../lib/searchParams';
import { hiddenMatchesText } from './search.logic';
import type { BoardData } from './useBoardData';

/**
 * What the board shows: the header's search, the address's client and member (the member only for a
 * user who sees every task), the filter checkboxes; the cards they leave, grouped by list.
 */
export function useBoardFilters(
  { tasks, columns, names }: Pick<BoardData, 'tasks' | 'columns' | 'names'>,
  params: URLSearchParams,
  setParams: SetURLSearchParams,
  viewAll: boolean,
) {
  const [query, setQuery] = useTaskSearch();
  const scope = useMemo(
    () => ({ clientId: idParam(params.get(CLIENT_PARAM)), memberId: viewAll ? idParam(params.get(MEMBER_PARAM)) : null }),
    [params, viewAll],
  );
  const [filters, setFilters] = useState<BoardFilters>(DEFAULT_FILTERS);

  const visible = useMemo(() => visibleTasks(tasks, columns, filters, query, scope, names), [tasks, columns, filters, query, scope, names]);
  const hiddenText = useMemo(
    () => hiddenMatchesText(searchHiddenByFilters(tasks, columns, filters, query, scope, names)),
    [tasks, columns, filters, query, scope, names],
  );
  // A list whose cards did not change keeps its array, so its column does not render again.
  const previousGroups = useRef<Map<number, Task[]> | null>(null);
  const grouped = useMemo(() => keepUnchangedGroups(previousGroups.current, tasksByColumn(visible)), [visible]);
  useEffect(() => {
    previousGroups.current = grouped;
  }, [grouped]);

  const clearParam = (name: string) => setParams(withoutParam(name), { replace: true });
  const scopeClient = scope.clientId !== null ? (names.clients.get(scope.clientId)?.name ?? `#${scope.clientId}`) : null;
  const scopeMember = scope.memberId !== null ? (names.people.get(scope.memberId)?.name ?? `#${scope.memberId}`) : null;

  return { query, setQuery, scope, filters, setFilters, visible, hiddenText, grouped, clearParam, scopeClient, scopeMember };
}
