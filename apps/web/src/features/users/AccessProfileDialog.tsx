import { FormDialog } from '../../components/FormDialog';
import { FormikInput } from '../../components/FormikInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { FormikTextarea } from '../../components/FormikTextarea';
import { createAccessProfile } from './users.api';
import { accessProfileInitialValues, accessProfileSchema, toAccessProfilePayload, type AccessProfileValues } from './users.schemas';
import type { AccessProfile } from '@wkflow/contracts';

interface AccessProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (profile: AccessProfile) => void;
}

/** 'Novo Perfil de Acesso': POST /api/access-profiles (name, description). */
export function AccessProfileDialog({ open, onOpenChange, onCreated }: AccessProfileDialogProps) {
  async function onSubmit(values: AccessProfileValues) {
    try {
      const profile = await createAccessProfile(toAccessProfilePayload(values));
      toast.success('Perfil criado com sucesso!');
      onOpenChange(false);
      onCreated(profile);
    } catch (error) {
      toast.error('Erro ao criar perfil', errorMessage(error));
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Novo Perfil de Acesso"
      initialValues={accessProfileInitialValues}
      validationSchema={accessProfileSchema}
      onSubmit={onSubmit}
      submitLabel="Criar Perfil"
      submittingLabel="Criando..."
    >
      <FormikInput name="name" label="Nome" autoComplete="off" placeholder="Ex.: Financeiro" />
      <FormikTextarea name="description" label="Descrição" placeholder="O que este perfil pode fazer" />
    </FormDialog>
  );
}
