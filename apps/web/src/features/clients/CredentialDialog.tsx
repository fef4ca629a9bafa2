import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { FormikInput } from '../../components/FormikInput';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { createCredential, updateCredential } from './clients.api';
import {
  credentialFormValues,
  credentialSchema,
  emptyCredentialValues,
  toCredentialPayload,
  type CredentialFormValues,
} from './clients.schemas';
import type { ClientCredential } from './clients.types';
import { FormikTextarea } from './FormikTextarea';

interface CredentialDialogProps {
  clientId: number;
  /** The credential being edited; null creates one. */
  credential: ClientCredential | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create or edit a stored credential. On edit the password starts blank: blank keeps the stored one. */
export function CredentialDialog({ clientId, credential, open, onOpenChange }: CredentialDialogProps) {
  const mode = credential ? 'edit' : 'create';
  const schema = useMemo(() => credentialSchema(mode), [mode]);
  const initialValues = useMemo(() => (credential ? credentialFormValues(credential) : emptyCredentialValues), [credential]);

  async function onSubmit(values: CredentialFormValues) {
    try {
      if (credential) {
        await updateCredential(clientId, credential.id, toCredentialPayload(values, 'edit'));
        toast.success('Credencial atualizada');
      } else {
        await createCredential(clientId, toCredentialPayload(values, 'create'));
        toast.success('Credencial criada');
      }
      onOpenChange(false);
    } catch (error) {
      toast.error('Erro ao salvar credencial', errorMessage(error));
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open && (
              <Formik key={credential?.id ?? 'new'} initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
                {({ isSubmitting }) => (
                  <Form noValidate aria-label={credential ? 'Editar credencial' : 'Nova credencial'} style={{ display: 'contents' }}>
                    <Dialog.Header>
                      <Dialog.Title>{credential ? 'Editar credencial' : 'Nova credencial'}</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <FormikInput name="toolName" label="Ferramenta" required placeholder="Ex.: Google Ads" autoComplete="off" />
                        <FormikInput name="url" label="URL" required type="url" placeholder="https://" autoComplete="off" />
                        <FormikInput name="username" label="Usuário" required placeholder="login ou e-mail" autoComplete="off" />
                        <PasswordInput
                          name="password"
                          label={credential ? 'Senha (deixe em branco para manter a atual)' : 'Senha'}
                          autoComplete="new-password"
                          placeholder={credential ? '••••••••' : ''}
                        />
                        <FormikTextarea name="observations" label="Observações" placeholder="Opcional" />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Dialog.ActionTrigger asChild>
                        <Button variant="outline" type="button">
                          Cancelar
                        </Button>
                      </Dialog.ActionTrigger>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Salvando...">
                        {credential ? 'Salvar' : 'Criar credencial'}
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
