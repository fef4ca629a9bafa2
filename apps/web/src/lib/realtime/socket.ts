import { useEffect, useRef } from 'react';
import { type ClientMessage, parseServerMessage, type ServerMessage, WS_SESSION_ENDED } from '@wkflow/contracts';
import { reconnectDelay, socketUrl } from './connection';

/**
 * The tab's one /ws connection and a tiny event emitter over it: features subscribe with
 * `useRealtime(listener)`. The socket is opened by <LiveUpdates/> (logged-in shell only).
 * Every frame is checked against the contract (libs/contracts realtime.ts) before listeners see it.
 */

type Listener = (message: ServerMessage) => void;
const listeners = new Set<Listener>();

/**
 * The chat room this tab's page shows, told to the server so it does not notify us of messages we
 * are reading. A hidden tab shows nothing; each connection (tab) counts apart on the server.
 */
let viewingRoom: number | null = null;
let sendViewing: (() => void) | null = null;

export function setViewingRoom(roomId: number | null): void {
  viewingRoom = roomId;
  sendViewing?.();
}

export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: ServerMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('Realtime listener failed', error);
    }
  }
}

/**
 * Opens the socket and keeps it open, reconnecting with backoff (1 s … 30 s) until the returned
 * function is called. `onSessionEnded` runs when the server closes it for an ended session.
 */
export function connectRealtime(onSessionEnded: () => void): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;
  let told: number | null | undefined;

  // The room in view as the server should know it: none while the tab is hidden.
  const tell = () => {
    const roomId = document.visibilityState === 'hidden' ? null : viewingRoom;
    if (!socket || socket.readyState !== WebSocket.OPEN || roomId === told) return;
    told = roomId;
    const message: ClientMessage = { type: 'viewing', roomId };
    socket.send(JSON.stringify(message));
  };
  sendViewing = tell;
  document.addEventListener('visibilitychange', tell);

  const open = () => {
    timer = null;
    if (stopped) return;
    try {
      socket = new WebSocket(socketUrl(window.location));
    } catch (error) {
      console.warn('WebSocket could not be opened', error);
      schedule();
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      told = undefined; // a new connection knows nothing yet
      if (viewingRoom !== null) tell();
    };
    socket.onmessage = (message) => {
      const event = parseServerMessage(message.data);
      if (event) emit(event);
      else console.warn('Ignored a malformed realtime message', message.data);
    };
    socket.onclose = (close) => {
      socket = null;
      if (close.code === WS_SESSION_ENDED) onSessionEnded();
      schedule();
    };
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(open, reconnectDelay(attempt++));
  };

  open();
  return () => {
    stopped = true;
    if (sendViewing === tell) sendViewing = null;
    document.removeEventListener('visibilitychange', tell);
    if (timer) clearTimeout(timer);
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      // Closing a socket still connecting makes the browser log "WebSocket is closed before the
      // connection is established" (React's StrictMode and a quick navigation do it on every load):
      // it closes as soon as it opens instead.
      if (socket.readyState === WebSocket.CONNECTING) {
        const connecting = socket;
        connecting.onopen = () => connecting.close(1000);
        connecting.onerror = null;
      } else socket.close(1000);
    }
  };
}

/** Calls `listener` for every live event while the component is mounted (the latest listener is used). */
export function useRealtime(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeRealtime((event) => latest.current(event)), []);
}
