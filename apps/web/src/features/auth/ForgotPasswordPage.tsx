import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormikInput } from '../../components/FormikInput';
import { errorMessage } from '../../lib/fetcher';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { requestPasswordReset } from './auth.api';
import { forgotPasswordSchema, type ForgotPasswordValues } from './auth.schemas';
import { AuthCard } from './AuthCard';

/** /forgot-password: asks for the e-mail; the answer is the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Esqueceu a senha?');
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(values: ForgotPasswordValues) {
    setFailure(null);
    try {
      const { message } = await requestPasswordReset({ email: values.email.trim() });
      setSent(message);
    } catch (error) {
      setFailure(errorMessage(error, 'Não foi possível pedir o link. Tente novamente.'));
    }
  }

  return (
    <AuthCard
      title="Esqueceu a senha?"
      description="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
      footer={
        <Link asChild color="brand.fg" textStyle="sm" fontWeight="medium">
          <RouterLink to="/login">Voltar para o login</RouterLink>
        </Link>
      }
    >
      <Stack gap="4">
        {sent && (
          <Alert.Root status="success" role="status" data-testid="forgot-password-sent">
            <Alert.Indicator />
            <Alert.Description>{sent}</Alert.Description>
          </Alert.Root>
        )}
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <Formik initialValues={{ email: '' }} validationSchema={forgotPasswordSchema} onSubmit={onSubmit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Esqueceu a senha?">
              <Stack gap="4">
                <FormikInput name="email" label="E-mail" type="email" autoComplete="email" placeholder="seu@email.com" autoFocus />
                <Button type="submit" colorPalette="brand" width="full" loading={isSubmitting} loadingText="Enviando...">
                  {sent ? 'Enviar de novo' : 'Enviar link'}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Stack>
    </AuthCard>
  );
}
