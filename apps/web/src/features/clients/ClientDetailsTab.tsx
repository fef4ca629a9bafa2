import { Button, Card, Grid, HStack, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { ClientFormFields } from './ClientFormFields';
import { ClientLogoBox } from './ClientLogoBox';
import { updateClient } from './clients.api';
import { clientFormValues, clientSchema, toClientPayload, type ClientFormValues } from './clients.schemas';
import type { Client } from '@wkflow/contracts';
import { Panel } from '../../components/Panel';

/** 'Dados do Cliente': the client form (PATCH /api/clients/{id}) beside the logo box. */
export function ClientDetailsTab({ client, canWrite }: { client: Client; canWrite: boolean }) {
  // Reinitialise only when the saved fields change (not when e.g. the logo does), so edits survive.
  const snapshot = JSON.stringify(clientFormValues(client));
  const initialValues = useMemo(() => JSON.parse(snapshot) as ClientFormValues, [snapshot]);

  async function onSubmit(values: ClientFormValues) {
    try {
      await updateClient(client.id, toClientPayload(values, canWrite));
      toast.success('Cliente atualizado');
    } catch (error) {
      toast.error('Erro ao atualizar cliente', errorMessage(error));
    }
  }

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 280px' }} gap="6" alignItems="start">
      <Panel>
        <Card.Body>
          <Formik initialValues={initialValues} validationSchema={clientSchema} onSubmit={onSubmit} enableReinitialize>
            {({ isSubmitting, dirty, resetForm }) => (
              <Form noValidate aria-label="Dados do Cliente">
                <Stack gap="4">
                  <ClientFormFields readOnly={!canWrite} />
                  {canWrite && (
                    <HStack justify="flex-end" gap="2" pt="2">
                      <Button variant="ghost" type="button" disabled={!dirty || isSubmitting} onClick={() => resetForm()}>
                        Descartar
                      </Button>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Salvando..." disabled={!dirty}>
                        <Save /> Salvar alterações
                      </Button>
                    </HStack>
                  )}
                </Stack>
              </Form>
            )}
          </Formik>
        </Card.Body>
      </Panel>
      <Panel>
        <Card.Body>
          <ClientLogoBox client={client} canWrite={canWrite} />
        </Card.Body>
      </Panel>
    </Grid>
  );
}
