import type { Column, Task } from '@wkflow/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { NEW_PARAM } from '../../app/shellActions';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import type { TaskDialogTarget } from '../tasks/TaskDialog';
import { withoutParam } from '../../lib/searchParams';
import { backlogColumn } from './board.logic';
import { useLinkedTask } from './useLinkedTask';

interface BoardDialogsInput {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  tasks: readonly Task[];
  tasksLoaded: boolean;
  columns: Column[];
  columnsReady: boolean;
  canWrite: boolean;
  /** The client the board is filtered by: a new task starts with it chosen. */
  scopeClientId: number | null;
}

/**
 * The board's dialogs: the task dialog (a task's is the address /kanban?task=<id>, see useLinkedTask;
 * a new task's is state only, also opened by the header's ?new=task), the phone's filter sheet and the
 * 'Arquivadas' drawer. Each is mounted from its first opening on, so later closings keep their animation.
 */
export function useBoardDialogs({
  params,
  setParams,
  tasks,
  tasksLoaded,
  columns,
  columnsReady,
  canWrite,
  scopeClientId,
}: BoardDialogsInput) {
  const [creating, setCreating] = useState<TaskDialogTarget | null>(null);
  const linked = useLinkedTask(params, setParams, tasks, tasksLoaded);
  const target = useMemo<TaskDialogTarget | null>(
    () => creating ?? (linked.ready ? { mode: 'edit', taskId: linked.taskId } : null),
    [creating, linked.ready, linked.taskId],
  );
  const taskDialogUsed = useOpenedOnce(target !== null);
  const [filterSheetOpen, setFilterSheetOpen] = useState(false);
  const filterSheetUsed = useOpenedOnce(filterSheetOpen);
  const [archivedOpen, setArchivedOpen] = useState(false);
  const archivedUsed = useOpenedOnce(archivedOpen);

  const { open: openTask, close: closeLinked } = linked;
  const onOpen = useCallback((taskId: number) => openTask(taskId), [openTask]);
  const onAdd = useCallback(
    (column: Column) => setCreating({ mode: 'create', columnId: column.id, clientId: scopeClientId }),
    [scopeClientId],
  );
  const onClose = useCallback(() => {
    if (creating) setCreating(null);
    else closeLinked();
  }, [creating, closeLinked]);

  // The header's 'Nova Tarefa' opens the board with ?new=task: the create dialog in the backlog.
  // (?new=ai belongs to the AI modal host.)
  const newAction = params.get(NEW_PARAM);
  useEffect(() => {
    if (newAction !== 'task' || !columnsReady) return;
    if (canWrite) setCreating({ mode: 'create', columnId: backlogColumn(columns)?.id ?? null, clientId: scopeClientId });
    setParams(withoutParam(NEW_PARAM), { replace: true });
  }, [newAction, columnsReady, canWrite, columns, scopeClientId, setParams]);

  return {
    onOpen,
    onAdd,
    /** Opens a task's dialog (from the drawer of archived tasks). */
    openTask,
    taskDialog: { used: taskDialogUsed, target, onClose },
    filterSheet: { used: filterSheetUsed, open: filterSheetOpen, setOpen: setFilterSheetOpen },
    archived: { used: archivedUsed, open: archivedOpen, setOpen: setArchivedOpen },
  };
}
