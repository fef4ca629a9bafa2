import { Button, Field, NativeSelect, Stack } from '@chakra-ui/react';
import { USER_ROLES } from '@wkflow/contracts';
import { Form, Formik, useField } from 'formik';
import { FormikInput } from '../../components/FormikInput';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { register } from './auth.api';
import { ROLE_LABELS, registerInitialValues, registerSchema, type RegisterValues } from './auth.schemas';

export const REGISTER_SUCCESS_DESCRIPTION = 'Sua conta aguarda aprovação do administrador.';

function RoleSelect() {
  const [field] = useField<string>('role');
  return (
    <Field.Root id="field-role">
      <Field.Label>Perfil solicitado</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...field}>
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Register mode: on success the account waits for an administrator, and the card goes back to login. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  async function onSubmit(values: RegisterValues) {
    try {
      await register(values);
      toast.success('Conta Criada com Sucesso', REGISTER_SUCCESS_DESCRIPTION);
      onRegistered(values.email);
    } catch (error) {
      toast.error('Erro ao Criar Conta', errorMessage(error));
    }
  }

  return (
    <Formik initialValues={registerInitialValues} validationSchema={registerSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Criar Conta">
          <Stack gap="4">
            <FormikInput name="name" label="Nome" autoComplete="name" placeholder="Seu nome completo" />
            <FormikInput name="username" label="Nome de usuário" autoComplete="username" placeholder="seu.usuario" />
            <FormikInput name="email" label="E-mail" type="email" autoComplete="email" placeholder="seu@email.com" />
            <PasswordInput name="password" label="Senha" autoComplete="new-password" placeholder="Mínimo de 8 caracteres" />
            <RoleSelect />
            <Button type="submit" colorPalette="brand" width="full" loading={isSubmitting} loadingText="Criando...">
              Criar Conta
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
