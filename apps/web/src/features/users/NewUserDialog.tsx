import { SimpleGrid } from '@chakra-ui/react';
import { FormDialog } from '../../components/FormDialog';
import { FormikInput } from '../../components/FormikInput';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { ProfileSelect } from './ProfileSelect';
import { createUser } from './users.api';
import { newUserInitialValues, newUserSchema, toCreateUserPayload, type NewUserValues } from './users.schemas';
import type { AccessProfile } from '@wkflow/contracts';

interface NewUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profiles: readonly AccessProfile[];
}

/** 'Novo Usuário': POST /api/users; the account is approved at once. */
export function NewUserDialog({ open, onOpenChange, profiles }: NewUserDialogProps) {
  async function onSubmit(values: NewUserValues) {
    try {
      await createUser(toCreateUserPayload(values));
      toast.success('Usuário criado com sucesso!');
      onOpenChange(false);
    } catch (error) {
      toast.error('Erro ao criar usuário', errorMessage(error));
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Novo Usuário"
      size="md"
      scrollBehavior="inside"
      initialValues={newUserInitialValues}
      validationSchema={newUserSchema}
      onSubmit={onSubmit}
      submitLabel="Criar Usuário"
      submittingLabel="Criando..."
    >
      <FormikInput name="name" label="Nome" autoComplete="off" placeholder="Nome completo" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormikInput name="username" label="Nome de usuário" autoComplete="off" placeholder="nome.sobrenome" />
        <FormikInput name="email" label="E-mail" type="email" autoComplete="off" placeholder="nome@agencia.com" />
      </SimpleGrid>
      <PasswordInput name="password" label="Senha" autoComplete="new-password" placeholder="Mínimo de 8 caracteres" />
      <ProfileSelect profiles={profiles} />
    </FormDialog>
  );
}
