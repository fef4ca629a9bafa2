import type { Notification } from '@wkflow/contracts';
import { toast } from '../../lib/toast';
import { BEEP, BROWSER_NOTIFICATION_MS } from './notifications.logic';

/** The browser's notification permission, or null where the API does not exist. */
export function browserPermission(): NotificationPermission | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : null;
}

/** 'Ativar' and the prompt: asks for permission and says how it went ('Permissão Concedida' / 'Permissão Negada'). */
export async function requestBrowserPermission(): Promise<NotificationPermission | null> {
  if (browserPermission() === null) {
    toast.error('Permissão Negada', 'Este navegador não suporta notificações.');
    return null;
  }
  const result = await window.Notification.requestPermission();
  if (result === 'granted') toast.success('Permissão Concedida', 'Você receberá notificações do navegador.');
  else toast.error('Permissão Negada', 'As notificações do navegador não foram permitidas.');
  return result;
}

let audio: AudioContext | null = null;

/** The beep: an 800 Hz sine for 0.5 s. A failure (no audio, autoplay blocked) is only logged. */
export function playBeep(): void {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = BEEP.frequency;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + BEEP.seconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + BEEP.seconds);
  } catch (error) {
    console.warn('Failed to play notification sound', error);
  }
}

/**
 * A browser notification when permission is granted; it closes itself after 5 s. Clicking it brings
 * the tab forward and runs `onClick` (marks it read and opens its target).
 */
export function showBrowserNotification(notification: Pick<Notification, 'id' | 'title' | 'message'>, onClick?: () => void): void {
  if (browserPermission() !== 'granted') return;
  try {
    const shown = new window.Notification(notification.title, { body: notification.message, tag: `wkflow-${notification.id}` });
    shown.onclick = () => {
      window.focus();
      onClick?.();
      shown.close();
    };
    setTimeout(() => shown.close(), BROWSER_NOTIFICATION_MS);
  } catch (error) {
    console.warn('Failed to show browser notification', error);
  }
}
