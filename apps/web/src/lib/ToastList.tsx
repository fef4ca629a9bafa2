import { Toaster as ChakraToaster, HStack, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster, type ToastAction } from './toast';

/** The toasts on screen (loaded by lib/toast's Toaster). */
export default function ToastList() {
  return (
    <Portal>
      {/* Only the toast itself takes the pointer: not its group, nor the invisible hover areas around it.
          The region's name in Portuguese: the library's is 'Notifications, bottom (alt+T)'. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} pointerEvents="none" aria-label="Notificações">
        {(t) => {
          const more = (t.meta?.more ?? []) as ToastAction[];
          return (
            <Toast.Root
              width={{ md: 'sm' }}
              pointerEvents="auto"
              css={{ '& > [data-ghost]': { pointerEvents: 'none !important' } }}
              data-testid="toast"
            >
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {t.title && <Toast.Title>{t.title}</Toast.Title>}
                {t.description && <Toast.Description>{t.description}</Toast.Description>}
                {/* Several buttons go in a row under the text, which keeps its width. */}
                {more.length > 0 && (
                  <HStack gap="2" mt="1" flexWrap="wrap">
                    {t.action && <Toast.ActionTrigger>{t.action.label}</Toast.ActionTrigger>}
                    {more.map((extra) => (
                      <Toast.ActionTrigger
                        key={extra.label}
                        onClick={() => {
                          extra.onClick();
                          if (t.id) toaster.dismiss(t.id);
                        }}
                      >
                        {extra.label}
                      </Toast.ActionTrigger>
                    ))}
                  </HStack>
                )}
              </Stack>
              {more.length === 0 && t.action && <Toast.ActionTrigger>{t.action.label}</Toast.ActionTrigger>}
              {/* Named in Portuguese: the library names it in English. */}
              {t.closable && <Toast.CloseTrigger aria-label="Fechar" />}
            </Toast.Root>
          );
        }}
      </ChakraToaster>
    </Portal>
  );
}
