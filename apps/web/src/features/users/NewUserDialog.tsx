import { Button, CloseButton, Dialog, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { FormikInput } from '../../components/FormikInput';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { ProfileSelect } from './ProfileSelect';
import { createUser } from './users.api';
import { newUserInitialValues, newUserSchema, toCreateUserPayload, type NewUserValues } from './users.schemas';
import type { AccessProfile } from './users.types';

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
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} size="md" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open && (
              <Formik initialValues={newUserInitialValues} validationSchema={newUserSchema} onSubmit={onSubmit}>
                {({ isSubmitting }) => (
                  <Form noValidate aria-label="Novo Usuário" style={{ display: 'contents' }}>
                    <Dialog.Header>
                      <Dialog.Title>Novo Usuário</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <FormikInput name="name" label="Nome" autoComplete="off" placeholder="Nome completo" />
                        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                          <FormikInput name="username" label="Nome de usuário" autoComplete="off" placeholder="nome.sobrenome" />
                          <FormikInput name="email" label="E-mail" type="email" autoComplete="off" placeholder="nome@agencia.com" />
                        </SimpleGrid>
                        <PasswordInput name="password" label="Senha" autoComplete="new-password" placeholder="Mínimo de 6 caracteres" />
                        <ProfileSelect profiles={profiles} />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Dialog.ActionTrigger asChild>
                        <Button variant="outline" type="button">
                          Cancelar
                        </Button>
                      </Dialog.ActionTrigger>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Criando...">
                        Criar Usuário
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
