import { notificationTarget, showsBrowserPopup, type Notification, type NotificationPage } from '@wkflow/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import { isTimeKey, keys } from '../../lib/swr';
import { toast } from '../../lib/toast';
import { playBeep, showBrowserNotification } from './browserAlerts';
import { revalidateOtherLists } from './notifications.api';
import { prependToPage, type RealtimeEvent } from './notifications.logic';
import { openNotification } from './openNotification';
import { connectRealtime, useRealtime } from './realtime';

type Navigate = (path: string) => void;

/** The keys of one task that an open board or task dialog may be showing. */
function isTaskKey(key: unknown, taskId: number): boolean {
  if (typeof key !== 'string') return false;
  const task = keys.task(taskId);
  return key === keys.tasks || key === task || key.startsWith(`${task}/`) || key === keys.taskTimeEntries(taskId);
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

function onEvent(event: RealtimeEvent, reconnected: boolean, navigate: Navigate): void {
  switch (event.type) {
    case 'connected':
      // Events may have been missed while the socket was down.
      if (reconnected) {
        void mutate((key) => key === keys.notificationBell || key === keys.tasks || key === keys.columns);
        revalidateOtherLists();
      }
      return;
    case 'notification':
      return onNotification(event.notification, event.repeat, navigate);
    case 'task.changed':
      void mutate((key) => isTaskKey(key, event.taskId));
      return;
    case 'column.changed':
      void mutate((key) => key === keys.columns || key === keys.tasks);
      return;
    case 'timer.changed':
      void mutate((key) => isTimeKey(key, event.taskId));
      return;
    case 'chat.message':
      void mutate((key) => key === keys.chatRooms || key === keys.chatMessages(event.roomId));
  }
}

/** Mounted once by the logged-in shell: opens the tab's socket and applies live events to the SWR cache. */
export function LiveUpdates() {
  const connections = useRef(0);
  const navigate = useNavigate();
  useEffect(() => connectRealtime(() => void mutate(keys.me)), []);
  useRealtime((event) => {
    if (event.type === 'connected') connections.current += 1;
    onEvent(event, connections.current > 1, navigate);
  });
  return null;
}
