import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { createClient } from './clients.api';
import { clientSchema, emptyClientValues, toClientPayload, type ClientFormValues } from './clients.schemas';
import { ClientFormFields } from './ClientFormFields';

/** 'Novo Cliente': the client form; on success opens the new client's page (logo, social, credentials). */
export function ClientCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();

  async function onSubmit(values: ClientFormValues) {
    try {
      const client = await createClient(toClientPayload(values));
      toast.success('Cliente criado', `${client.name} foi adicionado.`);
      onOpenChange(false);
      navigate(`/clients/${client.id}`);
    } catch (error) {
      toast.error('Erro ao criar cliente', errorMessage(error));
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open && (
              <Formik initialValues={emptyClientValues} validationSchema={clientSchema} onSubmit={onSubmit}>
                {({ isSubmitting }) => (
                  <Form noValidate aria-label="Novo Cliente" style={{ display: 'contents' }}>
                    <Dialog.Header>
                      <Dialog.Title>Novo Cliente</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <ClientFormFields />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Dialog.ActionTrigger asChild>
                        <Button variant="outline" type="button">
                          Cancelar
                        </Button>
                      </Dialog.ActionTrigger>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Criando...">
                        Criar Cliente
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
