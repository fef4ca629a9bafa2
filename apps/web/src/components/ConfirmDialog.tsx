import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { DialogFrame } from './DialogFrame';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, under the title. */
  children: ReactNode;
  confirmLabel?: string;
  colorPalette?: 'green' | 'red' | 'brand';
  /** Extra content under the question (e.g. the rejection reason). */
  details?: ReactNode;
  /** Runs on confirm; the dialog closes when it resolves and stays open when it throws. */
  onConfirm: () => Promise<void>;
  /** Keeps the confirm button disabled (a further step in `details` is still missing). */
  confirmDisabled?: boolean;
}

/** A confirmation (alertdialog): Cancelar / the confirm button, red ('Excluir') unless told otherwise. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel = 'Excluir',
  colorPalette = 'red',
  details,
  onConfirm,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // the caller showed the error toast; keep the dialog so the user can retry or cancel
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame role="alertdialog" open={open} onOpenChange={(next) => !busy && onOpenChange(next)} closeDisabled={busy}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted">{children}</Text>
          {details}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" disabled={busy}>
            Cancelar
          </Button>
        </Dialog.ActionTrigger>
        <Button colorPalette={colorPalette} onClick={() => void confirm()} loading={busy} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
