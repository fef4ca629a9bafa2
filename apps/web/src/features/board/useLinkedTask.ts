import { TASK_PARAM, type Task } from '@wkflow/contracts';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, type SetURLSearchParams } from 'react-router';
import useSWR from 'swr';
import { errorMessage, errorStatus } from '../../lib/fetcher';
import { withoutParam } from '../../lib/searchParams';
import { keys } from '../../lib/swr';
import { toast } from '../../lib/toast';
import { idParam } from './board.logic';

export const TASK_NOT_AVAILABLE = 'Tarefa não encontrada ou sem acesso';

/** History state of an entry the board pushed by opening a card: closing the dialog goes back over it. */
const OPENED_HERE = 'taskOpenedOnBoard';

export interface LinkedTask {
  /** The task named by ?task=, when the user may see it (else null). */
  taskId: number;
  /** The dialog may open: the task is on the board or was read on its own. */
  ready: boolean;
  /** Opens a task's dialog as a new history entry (the back button closes it). */
  open: (taskId: number) => void;
  /** Closes the dialog: back over the entry the board pushed, else the parameter is dropped. */
  close: () => void;
}

/**
 * The task dialog as an address, /kanban?task=<id> (also /?task=<id>). A task on the board opens at
 * once; one that is not (archived, or not loaded) is read on its own; a task that does not exist or
 * that the user may not see (the API answers both with 404) gives a toast and the plain board.
 * The parameter is read on every change, so a link followed while the board is open opens it too.
 */
export function useLinkedTask(
  params: URLSearchParams,
  setParams: SetURLSearchParams,
  tasks: readonly Task[],
  boardLoaded: boolean,
): LinkedTask {
  const raw = params.get(TASK_PARAM);
  const taskId = idParam(raw);
  const onBoard = taskId !== null && tasks.some((t) => t.id === taskId);
  const single = useSWR<Task>(taskId !== null && boardLoaded && !onBoard ? keys.task(taskId) : null);
  const location = useLocation();
  const navigate = useNavigate();

  const drop = useCallback(() => setParams(withoutParam(TASK_PARAM), { replace: true }), [setParams]);

  const failure = raw !== null && (taskId === null || (!onBoard && single.error !== undefined)) ? (single.error ?? 'invalid') : null;
  useEffect(() => {
    if (failure === null) return;
    const status = failure === 'invalid' ? 404 : errorStatus(failure);
    if (status === 404 || status === 400) toast.error(TASK_NOT_AVAILABLE);
    else toast.error('Erro ao abrir tarefa', errorMessage(failure));
    drop();
  }, [failure, drop]);

  const open = useCallback(
    (id: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(TASK_PARAM, String(id));
          return next;
        },
        { state: { [OPENED_HERE]: true } },
      ),
    [setParams],
  );

  const pushedHere = Boolean((location.state as Record<string, unknown> | null)?.[OPENED_HERE]);
  const close = useCallback(() => {
    if (pushedHere) void navigate(-1);
    else drop();
  }, [pushedHere, navigate, drop]);

  return { taskId: taskId ?? 0, ready: taskId !== null && (onBoard || single.data !== undefined), open, close };
}
