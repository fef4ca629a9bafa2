import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { type MeResponse, PASSWORD_RESET_INVALID } from '@wkflow/contracts';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { resetPassword } from './auth.api';
import { resetPasswordSchema, type ResetPasswordValues } from './auth.schemas';
import { AuthCard } from './AuthCard';
import { useCurrentUser } from './useCurrentUser';
import { TwoFactorStep } from './TwoFactorStep';
import { asksSecondFactor } from './twoFactor.api';

/**
 * /reset-password?token=…: the e-mail's link. Sets the new password (the API ends every other
 * session and logs this browser in), then opens the board. A used, expired or wrong link says so
 * and offers to ask for a new one.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Redefinir senha');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { mutate } = useCurrentUser();
  const [invalid, setInvalid] = useState(!token);
  const [failure, setFailure] = useState<string | null>(null);

  const [secondFactor, setSecondFactor] = useState(false);

  async function enter(me: MeResponse) {
    await mutate(me, { revalidate: false });
    navigate('/', { replace: true });
  }

  async function onSubmit(values: ResetPasswordValues) {
    setFailure(null);
    try {
      const answer = await resetPassword({ token, newPassword: values.newPassword });
      toast.success('Senha redefinida com sucesso!');
      // With a second factor on, the link stood in for the password only: the code comes next.
      if (asksSecondFactor(answer)) setSecondFactor(true);
      else await enter(answer);
    } catch (error) {
      const message = errorMessage(error, 'Não foi possível redefinir a senha. Tente novamente.');
      if (message === PASSWORD_RESET_INVALID) setInvalid(true);
      else setFailure(message);
    }
  }

  return (
    <AuthCard
      title="Redefinir senha"
      description="Escolha uma nova senha para a sua conta. Ao salvar, você sai de todos os outros aparelhos."
      footer={
        <Link asChild color="brand.fg" textStyle="sm" fontWeight="medium">
          <RouterLink to="/login">Voltar para o login</RouterLink>
        </Link>
      }
    >
      {secondFactor ? (
        <TwoFactorStep onSignedIn={enter} onRestart={() => navigate('/login', { replace: true })} />
      ) : invalid ? (
        <Stack gap="4" data-testid="reset-password-invalid">
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{PASSWORD_RESET_INVALID}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand" width="full">
            <RouterLink to="/forgot-password">Pedir um novo link</RouterLink>
          </Button>
        </Stack>
      ) : (
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <Formik initialValues={{ newPassword: '', confirmPassword: '' }} validationSchema={resetPasswordSchema} onSubmit={onSubmit}>
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Redefinir senha">
                <Stack gap="4">
                  <PasswordInput name="newPassword" label="Nova senha" autoComplete="new-password" placeholder="Mínimo de 8 caracteres" />
                  <PasswordInput name="confirmPassword" label="Confirmar nova senha" autoComplete="new-password" />
                  <Button type="submit" colorPalette="brand" width="full" loading={isSubmitting} loadingText="Salvando...">
                    Salvar nova senha
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        </Stack>
      )}
    </AuthCard>
  );
}
