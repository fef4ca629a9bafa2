import type { Column, Task } from '@wkflow/contracts';
import { useMemo } from 'react';
import { useClients } from '../clients/useClients';
import { useColumns, useTasks, useTeam } from '../tasks/useTaskData';
import { sortColumns } from './board.logic';

const NO_TASKS: Task[] = [];
const NO_COLUMNS: Column[] = [];

/** The board's reads: tasks, lists in order, clients (when the user may read them) and the team, with lookups by id. */
export function useBoardData(canReadClients: boolean) {
  const tasksQuery = useTasks();
  const columnsQuery = useColumns();
  const clientsQuery = useClients(canReadClients);
  const teamQuery = useTeam();
  const tasks = tasksQuery.data ?? NO_TASKS;
  const columns = useMemo(() => sortColumns(columnsQuery.data ?? NO_COLUMNS), [columnsQuery.data]);
  const clients = useMemo(() => clientsQuery.data ?? [], [clientsQuery.data]);
  const team = useMemo(() => teamQuery.data ?? [], [teamQuery.data]);
  const clientsById = useMemo(() => new Map(clients.map((c) => [c.id, c])), [clients]);
  const people = useMemo(() => new Map(team.map((u) => [u.id, u])), [team]);
  const names = useMemo(() => ({ clients: clientsById, people }), [clientsById, people]);
  return {
    tasks,
    /** The tasks' first answer has arrived (an empty board included). */
    tasksLoaded: tasksQuery.data !== undefined,
    columns,
    /** The lists have answered, with data or an error. */
    columnsReady: columnsQuery.data !== undefined || columnsQuery.error !== undefined,
    clients,
    team,
    /** Clients and people by id, for the cards and the filters. */
    names,
    loading: tasksQuery.isLoading || columnsQuery.isLoading,
    loadError: tasksQuery.error ?? columnsQuery.error,
  };
}

export type BoardData = ReturnType<typeof useBoardData>;
