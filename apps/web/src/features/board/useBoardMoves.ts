import { isCompletedColumnName, type Column, type Task } from '@wkflow/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { moveTask } from '../tasks/tasks.api';
import { cardMovedText, columnMovedText, dropPlace, reorderColumns, stepColumn, type BoardFilters } from './board.logic';
import { reorderColumnsOnServer } from './columns.api';

/**
 * Moving cards and lists: a drop, 'Mover para…' (its dialog, and the card focused again after it), a
 * list dragged or stepped with the arrow keys; and the board's one polite live region, which reads out
 * where a card or a list went after a keyboard move.
 */
export function useBoardMoves(tasks: Task[], columns: Column[], filters: BoardFilters, setFilters: Dispatch<SetStateAction<BoardFilters>>) {
  // The handlers read the latest board through a ref, so the memoised columns keep one callback.
  const latest = useRef({ tasks, columns, completedShown: filters.completed });
  useEffect(() => {
    latest.current = { tasks, columns, completedShown: filters.completed };
  }, [tasks, columns, filters.completed]);

  /** A card to `position` of `column`: a drop and 'Mover para…' both move through here. Resolves whether it was saved. */
  const move = useCallback(
    (taskId: number, column: Column, position: number): Promise<boolean> => {
      const board = latest.current;
      const task = board.tasks.find((t) => t.id === taskId);
      const from = board.columns.find((c) => c.id === task?.columnId);
      return moveTask(taskId, column.id, position, column.name)
        .then(() => {
          // A completed card leaves the default board: say so, and offer the way back to where it was.
          if (!task || !from || !isCompletedColumnName(column.name) || isCompletedColumnName(from.name)) return true;
          const undo = {
            label: 'Desfazer',
            onClick: () =>
              void moveTask(taskId, from.id, task.position, from.name).catch((err: unknown) =>
                toast.error('Erro ao mover tarefa', errorMessage(err)),
              ),
          };
          if (latest.current.completedShown) {
            toast.success('Tarefa concluída', undefined, undo);
            return true;
          }
          // Hidden by the 'Concluídas' filter: the card does not just vanish; the toast says where it
          // went, stays until closed or 15 s, and shows the completed cards on request.
          toast.successWithActions('Tarefa concluída', `"${task.title}" foi para '${column.name}', oculta pelo filtro 'Concluídas'.`, [
            { label: 'Mostrar concluídas', onClick: () => setFilters((f) => ({ ...f, completed: true })) },
            undo,
          ]);
          return true;
        })
        .catch((err: unknown) => {
          toast.error('Erro ao mover tarefa', errorMessage(err));
          return false;
        });
    },
    [setFilters],
  );

  const [announcement, setAnnouncement] = useState('');
  /** 'Mover para…': the move, then its place read out once saved. */
  const moveByKeyboard = useCallback(
    (taskId: number, column: Column, position: number, place: { at: number; of: number }) => {
      const title = latest.current.tasks.find((t) => t.id === taskId)?.title ?? 'Tarefa';
      void move(taskId, column, position).then((saved) => saved && setAnnouncement(cardMovedText(title, column.name, place.at, place.of)));
    },
    [move],
  );

  const onDrop = useCallback(
    (taskId: number, column: Column, shown: Task[], slot: number) => {
      const board = latest.current;
      const task = board.tasks.find((t) => t.id === taskId);
      const from = board.columns.find((c) => c.id === task?.columnId);
      const position = dropPlace(task, from, column, shown, slot);
      if (position !== null) void move(taskId, column, position);
    },
    [move],
  );

  // 'Mover para…': the card whose dialog is open, then the card to focus again when it closes.
  const [movingId, setMovingId] = useState<number | null>(null);
  const moveUsed = useOpenedOnce(movingId !== null);
  const [focusTask, setFocusTask] = useState<number | null>(null);
  const onMove = useCallback((taskId: number) => setMovingId(taskId), []);
  const onFocused = useCallback(() => setFocusTask(null), []);
  const lastMoving = useRef<number | null>(null);
  const closeMove = useCallback(() => {
    lastMoving.current = movingId;
    setFocusTask(movingId);
    setMovingId(null);
  }, [movingId]);
  const cardButton = useCallback(() => document.querySelector<HTMLElement>(`[data-task-id="${lastMoving.current}"] .wk-card__open`), []);
  const movingTask = useMemo(() => (movingId === null ? null : (tasks.find((t) => t.id === movingId) ?? null)), [tasks, movingId]);
  const focusColumn = focusTask === null ? null : (tasks.find((t) => t.id === focusTask)?.columnId ?? null);

  const onReorder = useCallback((columnId: number, target: Column, before: boolean) => {
    const updates = reorderColumns(latest.current.columns, columnId, target.id, before);
    if (!updates) return;
    reorderColumnsOnServer(updates).catch((err: unknown) => toast.error('Erro ao reordenar colunas', errorMessage(err)));
  }, []);
  /** A list's grip with an arrow key: one place left or right, read out once saved. */
  const onStep = useCallback((column: Column, step: -1 | 1) => {
    const next = stepColumn(latest.current.columns, column.id, step);
    if (!next) return;
    reorderColumnsOnServer(next.updates)
      .then(() => setAnnouncement(columnMovedText(column.name, next.place, next.count)))
      .catch((err: unknown) => toast.error('Erro ao reordenar colunas', errorMessage(err)));
  }, []);

  return {
    announcement,
    onDrop,
    onReorder,
    onStep,
    onMove,
    /** The card to focus again after 'Mover para…' closed, and its list. */
    focusTask,
    focusColumn,
    onFocused,
    /** The 'Mover para…' dialog's props (mounted from its first opening on). */
    moveDialog: { used: moveUsed, task: movingTask, onMove: moveByKeyboard, onClose: closeMove, finalFocus: cardButton },
  };
}
