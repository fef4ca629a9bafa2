import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useOpenAfterMount } from './useOpenAfterMount';

interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  size?: Dialog.RootProps['size'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  role?: Dialog.RootProps['role'];
  /** More of the root's behaviour (initial focus, what closes it). */
  rootProps?: Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'>;
  /** Props of the content box (margins, test id). */
  contentProps?: Dialog.ContentProps;
  /** The corner close button's name; 'Fechar' when not given (the library's own is the English 'Close'). */
  closeLabel?: string;
  closeDisabled?: boolean;
  children: ReactNode;
}

/**
 * Every dialog's frame: centred, backdrop, the corner close button; Escape and a click outside
 * close it and focus returns to what opened it. It opens closed-then-open after mount (see
 * useOpenAfterMount).
 */
export function DialogFrame({
  open,
  onOpenChange,
  size,
  scrollBehavior,
  role,
  rootProps,
  contentProps,
  closeLabel = 'Fechar',
  closeDisabled,
  children,
}: DialogFrameProps) {
  const shown = useOpenAfterMount(open);
  // Only what was given: an explicit undefined would override the defaults (role dialog, size md).
  const given = defined({ role, size, scrollBehavior });
  const closeProps = defined({ 'aria-label': closeLabel, disabled: closeDisabled });
  return (
    <Dialog.Root {...rootProps} {...given} open={shown} onOpenChange={(e) => onOpenChange(e.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...contentProps}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" {...closeProps} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function defined<T extends object>(props: T): Partial<T> {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as Partial<T>;
}
