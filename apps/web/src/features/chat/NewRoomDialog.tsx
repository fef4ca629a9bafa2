import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { FormikInput } from '../../components/FormikInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { createRoom } from './chat.api';
import { emptyRoomValues, roomSchema, type RoomFormValues } from './chat.schemas';
import type { ChatRoom } from './chat.types';

/** 'Nova sala': a non-blank name and an optional description → 'Sala criada'. */
export function NewRoomDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (room: ChatRoom | null) => void;
}) {
  async function onSubmit(values: RoomFormValues) {
    try {
      const room = await createRoom({ name: values.name.trim(), description: values.description.trim() });
      toast.success('Sala criada');
      onOpenChange(false);
      onCreated(room);
    } catch (error) {
      toast.error('Erro ao criar sala', errorMessage(error));
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open && (
              <Formik initialValues={emptyRoomValues} validationSchema={roomSchema} onSubmit={onSubmit}>
                {({ isSubmitting, values }) => (
                  <Form noValidate aria-label="Nova sala" style={{ display: 'contents' }}>
                    <Dialog.Header>
                      <Dialog.Title>Nova sala</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <FormikInput name="name" label="Nome" required placeholder="Ex.: Geral" autoComplete="off" autoFocus />
                        <FormikInput
                          name="description"
                          label="Descrição"
                          placeholder="Sobre o que é esta sala (opcional)"
                          autoComplete="off"
                        />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Dialog.ActionTrigger asChild>
                        <Button variant="outline" type="button">
                          Cancelar
                        </Button>
                      </Dialog.ActionTrigger>
                      <Button
                        type="submit"
                        colorPalette="brand"
                        loading={isSubmitting}
                        disabled={!values.name.trim()}
                        loadingText="Criando..."
                      >
                        Criar sala
                      </Button>
                    </Dialog.Footer>
                  </Form>
                )}
              </Formik>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
