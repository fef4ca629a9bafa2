import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { FormikInput } from '../../components/FormikInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { FormikTextarea } from '../clients/FormikTextarea';
import { createAccessProfile } from './users.api';
import { accessProfileInitialValues, accessProfileSchema, toAccessProfilePayload, type AccessProfileValues } from './users.schemas';
import type { AccessProfile } from './users.types';

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
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open && (
              <Formik initialValues={accessProfileInitialValues} validationSchema={accessProfileSchema} onSubmit={onSubmit}>
                {({ isSubmitting }) => (
                  <Form noValidate aria-label="Novo Perfil de Acesso" style={{ display: 'contents' }}>
                    <Dialog.Header>
                      <Dialog.Title>Novo Perfil de Acesso</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <FormikInput name="name" label="Nome" autoComplete="off" placeholder="Ex.: Financeiro" />
                        <FormikTextarea name="description" label="Descrição" placeholder="O que este perfil pode fazer" />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Dialog.ActionTrigger asChild>
                        <Button variant="outline" type="button">
                          Cancelar
                        </Button>
                      </Dialog.ActionTrigger>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Criando...">
                        Criar Perfil
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
