import {
  notificationTarget,
  showsBrowserPopup,
  type BoardChangesResponse,
  type Column,
  type Notification,
  type ServerMessage,
  type NotificationPage,
  type Task,
} from '@wkflow/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { mutate, useSWRConfig, type Cache } from 'swr';
import { boardLoading, boardVersion, onBoardLoaded, readBoard, setBoardVersion, versionRead } from '../../lib/boardVersion';
import { appTimeZone } from '../../lib/appTimeZone';
import { apiFetch } from '../../lib/fetcher';
import { connectRealtime, useRealtime } from '../../lib/realtime';
import { isTimeKey, keys } from '../../lib/swr';
import { createLiveBoard, type LiveBoard } from '../board/liveBoard';
import { toast } from '../../lib/toast';
import { playBeep, showBrowserNotification } from './browserAlerts';
import { revalidateOtherLists } from './notifications.api';
import { prependToPage } from './notifications.logic';
import { openNotification } from './openNotification';

type Navigate = (path: string) => void;

/** The keys an open task dialog reads besides the task itself (history, comments, attachments, times). */
function isTaskPartKey(key: unknown, taskIds: ReadonlySet<number>): boolean {
  if (typeof key !== 'string') return false;
  const match = /^\/api\/(?:tasks\/(\d+)\/|time-entries\/task\/(\d+)$)/.exec(key);
  return match !== null && taskIds.has(Number(match[1] ?? match[2]));
}

/**
 * The live board over the SWR cache: the list and its version, each open task's own key, and the
 * columns, patched in place (no revalidation). A task that left the user's view is read again
 * where a dialog shows it: it then shows archived, or closes with 'Tarefa não encontrada ou sem
 * acesso' when the user may no longer see it.
 */
function swrLiveBoard(cache: Cache): LiveBoard {
  const cached = (key: string): unknown => cache.get(key)?.data;
  return createLiveBoard({
    tasks: () => cached(keys.tasks) as Task[] | undefined,
    setTasks: (tasks) => void mutate(keys.tasks, tasks, { revalidate: false }),
    // A list SWR stored before the listener could match it (the board's early read) still knows its version.
    version: () => {
      const known = boardVersion();
      if (known !== null) return known;
      const list = cached(keys.tasks) as Task[] | undefined;
      const read = list ? versionRead(list) : null;
      if (read !== null) setBoardVersion(read);
      return read;
    },
    setVersion: setBoardVersion,
    loading: boardLoading,
    details(changed, removed) {
      for (const task of changed)
        if (cached(keys.task(task.id)) !== undefined) void mutate(keys.task(task.id), task, { revalidate: false });
      for (const id of removed) if (cache.get(keys.task(id)) !== undefined) void mutate(keys.task(id), undefined, { revalidate: true });
      const ids = new Set([...changed.map((t) => t.id), ...removed]);
      if (ids.size) void mutate((key) => isTaskPartKey(key, ids));
    },
    setColumns: (columns: Column[]) => void mutate(keys.columns, columns, { revalidate: false }),
    reloadColumns: () => void mutate(keys.columns),
    fetchSince: (version) => apiFetch<BoardChangesResponse>(`${keys.tasks}?since=${version}`),
    fetchBoard: () => readBoard(keys.tasks),
  });
}

/**
 * A live notification: into the bell (the server's counts follow), a toast whose action opens it,
 * the beep when its sound is on, and the system pop-up when its browser toggle is on. A repeat (a
 * chat burst updating its row) updates the toast and the pop-up (same tag) without a second beep.
 */
function onNotification(notification: Notification, repeat: boolean, navigate: Navigate): void {
  void mutate<NotificationPage | undefined>(keys.notificationBell, (page) => prependToPage(page, notification, repeat));
  revalidateOtherLists();
  const open = () => openNotification(notification, navigate);
  toast.info(notification.title, notification.message, {
    label: notificationTarget(notification.data) ? 'Abrir' : 'Marcar como lida',
    onClick: open,
  });
  if (notification.soundEnabled && !repeat) playBeep();
  if (showsBrowserPopup(notification.channel)) showBrowserNotification(notification, open);
}

function onEvent(event: ServerMessage, reconnected: boolean, navigate: Navigate, board: LiveBoard): void {
  switch (event.type) {
    case 'connected':
      // Events may have been missed while the socket was down: the board asks what changed since.
      if (reconnected) {
        void mutate(keys.notificationBell);
        revalidateOtherLists();
        board.reconnected();
      }
      return;
    case 'notification':
      return onNotification(event.notification, event.repeat === true, navigate);
    case 'board.changed':
      board.receive(event);
      return;
    case 'timer.changed':
      void mutate((key) => isTimeKey(key, event.taskId));
      return;
    case 'chat.message':
      void mutate((key) => key === keys.chatRooms || key === keys.chatMessages(event.roomId));
  }
}

/** The calendar day in the app's time zone ('2026-11-25'). */
const appDay = () => new Date().toLocaleDateString('en-CA', { timeZone: appTimeZone() });

/**
 * Statuses turn 'Atrasada' at midnight without any write, so no change message carries them: the
 * board is read again once when the app's day changes (checked every minute).
 */
function useDayChangeRefresh(): void {
  useEffect(() => {
    let day = appDay();
    const timer = window.setInterval(() => {
      const today = appDay();
      if (today === day) return;
      day = today;
      void mutate(keys.tasks);
    }, 60_000);
    return () => window.clearInterval(timer);
  }, []);
}

/** Mounted once by the logged-in shell: opens the tab's socket and applies live events to the SWR cache. */
export function LiveUpdates() {
  const connections = useRef(0);
  const navigate = useNavigate();
  const { cache } = useSWRConfig();
  const board = useMemo(() => swrLiveBoard(cache), [cache]);
  useEffect(() => onBoardLoaded((tasks, version) => board.loaded(tasks, version)), [board]);
  useEffect(() => connectRealtime(() => void mutate(keys.me)), []);
  useDayChangeRefresh();
  useRealtime((event) => {
    if (event.type === 'connected') connections.current += 1;
    onEvent(event, connections.current > 1, navigate, board);
  });
  return null;
}
