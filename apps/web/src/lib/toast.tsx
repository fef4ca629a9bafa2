import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';

/** Toasts last 5 s and only one shows at a time (core.md §9). */
export const TOAST_DURATION = 5_000;

export const toaster = createToaster({
  // Top right (full width on a phone): forms keep their submit at the bottom, where a toast and its
  // hover area would sit over it; the floating timer holds the bottom-right corner (extended.md §2.14).
  placement: 'top-end',
  max: 1,
  duration: TOAST_DURATION,
  pauseOnPageIdle: true,
});

type ToastType = 'success' | 'error' | 'info' | 'warning';

/** A button in the toast (e.g. 'Desfazer'); the toast closes when it is pressed. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** A toast with buttons to act on what just happened stays this long (or until closed). */
export const ACTION_TOAST_DURATION = 15_000;

function show(
  type: ToastType,
  title: string,
  description?: string,
  action?: ToastAction,
  more: ToastAction[] = [],
  duration = TOAST_DURATION,
): void {
  // A new toast replaces the one on screen (max 1 would otherwise queue it behind).
  toaster.dismiss();
  toaster.create({ type, title, description, duration, closable: true, action, meta: { more } });
}

export const toast = {
  success: (title: string, description?: string, action?: ToastAction) => show('success', title, description, action),
  /** Destructive toast. */
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string, action?: ToastAction) => show('info', title, description, action),
  warning: (title: string, description?: string) => show('warning', title, description),
  /** A success with several buttons (e.g. 'Mostrar concluídas' and 'Desfazer'), left on screen longer. */
  successWithActions: (title: string, description: string, actions: [ToastAction, ...ToastAction[]]) =>
    show('success', title, description, actions[0], actions.slice(1), ACTION_TOAST_DURATION),
};

// The toasts' UI (Chakra's Toaster and its state machines) loads with the first toast, not with every page;
// the toaster shows the toasts created before it mounted.
const ToastList = lazy(() => import('./ToastList'));

/** Rendered once, in the providers. */
export function Toaster() {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (used) return;
    if (toaster.getVisibleToasts().length > 0) setUsed(true);
    return toaster.subscribe(() => setUsed(true));
  }, [used]);
  return used ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
