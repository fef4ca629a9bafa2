import { Alert, Button, Checkbox, HStack, Link, Stack } from '@chakra-ui/react';
import { LOGIN_UNLOCK_SENT } from '@wkflow/contracts';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormikInput } from '../../components/FormikInput';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { login } from './auth.api';
import { asksSecondFactor } from './twoFactor.api';
import { loginInitialValues, loginSchema, type LoginValues } from './auth.schemas';
import { useCurrentUser } from './useCurrentUser';

/**
 * Login mode: email + password; success refetches the current user, which enters the app. An account
 * with a second factor goes on to its code (`onSecondFactor`).
 */
export function LoginForm({ initialEmail = '', onSecondFactor }: { initialEmail?: string; onSecondFactor: () => void }) {
  const { mutate } = useCurrentUser();
  // 'Lembrar senha' is kept on screen only: its state is sent nowhere (core.md §2).
  const [remember, setRemember] = useState(false);
  // The answer that asks to follow the e-mailed unlock link stays on screen, not only in a toast.
  const [unlockNotice, setUnlockNotice] = useState(false);

  async function onSubmit(values: LoginValues) {
    setUnlockNotice(false);
    try {
      const answer = await login({ email: values.email, password: values.password });
      if (asksSecondFactor(answer)) return onSecondFactor();
      toast.success('Login successful');
      await mutate();
    } catch (error) {
      const message = errorMessage(error);
      toast.error('Login failed', message);
      setUnlockNotice(message === LOGIN_UNLOCK_SENT);
    }
  }

  return (
    <Formik initialValues={{ ...loginInitialValues, email: initialEmail }} validationSchema={loginSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Entrar">
          <Stack gap="4">
            {unlockNotice && (
              <Alert.Root status="warning" role="alert" data-testid="login-unlock-notice">
                <Alert.Indicator />
                <Alert.Description>{LOGIN_UNLOCK_SENT}</Alert.Description>
              </Alert.Root>
            )}
            <FormikInput name="email" label="E-mail" type="email" autoComplete="email" placeholder="seu@email.com" />
            <PasswordInput name="password" label="Senha" autoComplete="current-password" placeholder="••••••" />
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Checkbox.Root size="sm" colorPalette="brand" checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)}>
                <Checkbox.HiddenInput name="remember" />
                <Checkbox.Control />
                <Checkbox.Label>Lembrar senha</Checkbox.Label>
              </Checkbox.Root>
              <Link asChild color="brand.fg" textStyle="sm" fontWeight="medium">
                <RouterLink to="/forgot-password">Esqueceu a senha?</RouterLink>
              </Link>
            </HStack>
            <Button type="submit" colorPalette="brand" width="full" loading={isSubmitting} loadingText="Entrando...">
              Entrar
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
