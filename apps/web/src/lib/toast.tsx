import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** Toasts last 5 s and only one shows at a time (core.md §9). */
export const TOAST_DURATION = 5_000;

export const toaster = createToaster({
  // Bottom centre: the floating timer holds the bottom-right corner (extended.md §2.14).
  placement: 'bottom',
  max: 1,
  duration: TOAST_DURATION,
  pauseOnPageIdle: true,
});

type ToastType = 'success' | 'error' | 'info' | 'warning';

function show(type: ToastType, title: string, description?: string): void {
  // A new toast replaces the one on screen (max 1 would otherwise queue it behind).
  toaster.dismiss();
  toaster.create({ type, title, description, duration: TOAST_DURATION, closable: true });
}

export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  /** Destructive toast. */
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
};

/** Rendered once, in the providers. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(t) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {t.title && <Toast.Title>{t.title}</Toast.Title>}
              {t.description && <Toast.Description>{t.description}</Toast.Description>}
            </Stack>
            {t.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
