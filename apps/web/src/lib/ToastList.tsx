import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toast';

/** The toasts on screen (loaded by lib/toast's Toaster). */
export default function ToastList() {
  return (
    <Portal>
      {/* The region's name in Portuguese: the library's is 'Notifications, bottom (alt+T)'. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="Notificações">
        {(t) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {t.title && <Toast.Title>{t.title}</Toast.Title>}
              {t.description && <Toast.Description>{t.description}</Toast.Description>}
            </Stack>
            {t.action && <Toast.ActionTrigger>{t.action.label}</Toast.ActionTrigger>}
            {/* Named in Portuguese: the library names it in English. */}
            {t.closable && <Toast.CloseTrigger aria-label="Fechar" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
