import { useMemo } from 'react';
import { FormDialog } from '../../components/FormDialog';
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
import type { ClientCredential } from '@wkflow/contracts';
import { FormikTextarea } from '../../components/FormikTextarea';

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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={credential ? 'Editar credencial' : 'Nova credencial'}
      scrollBehavior="inside"
      formKey={credential?.id ?? 'new'}
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={onSubmit}
      submitLabel={credential ? 'Salvar' : 'Criar credencial'}
      submittingLabel="Salvando..."
    >
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
    </FormDialog>
  );
}
