import type { Notification } from '@wkflow/contracts';
import { useEffect, useRef } from 'react';
import { mutate } from 'swr';
import { isTimeKey, keys } from '../../lib/swr';
import { toast } from '../../lib/toast';
import { playBeep, showBrowserNotification } from './browserAlerts';
import { prependNotification, type RealtimeEvent } from './notifications.logic';
import { connectRealtime, useRealtime } from './realtime';

/** The keys of one task that an open board or task dialog may be showing. */
function isTaskKey(key: unknown, taskId: number): boolean {
  if (typeof key !== 'string') return false;
  const task = keys.task(taskId);
  return key === keys.tasks || key === task || key.startsWith(`${task}/`) || key === keys.taskTimeEntries(taskId);
}

function onNotification(notification: Notification): void {
  void mutate<Notification[]>(keys.notifications, (list) => prependNotification(list, notification));
  toast.info(notification.title, notification.message);
  if (notification.soundEnabled) playBeep();
  showBrowserNotification(notification);
}

function onEvent(event: RealtimeEvent, reconnected: boolean): void {
  switch (event.type) {
    case 'connected':
      // Events may have been missed while the socket was down.
      if (reconnected) void mutate((key) => key === keys.notifications || key === keys.tasks || key === keys.columns);
      return;
    case 'notification':
      return onNotification(event.notification);
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
  useEffect(() => connectRealtime(() => void mutate(keys.me)), []);
  useRealtime((event) => {
    if (event.type === 'connected') connections.current += 1;
    onEvent(event, connections.current > 1);
  });
  return null;
}
