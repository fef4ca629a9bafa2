import { Alert, Button, Stack } from '@chakra-ui/react';
import { type MeResponse, TWO_FACTOR_CODE_MESSAGE, TWO_FACTOR_CODE_PATTERN, TWO_FACTOR_MESSAGES } from '@wkflow/contracts';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { FormikInput } from '../../components/FormikInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { verifySecondFactor } from './twoFactor.api';

const appCodeSchema = yup.object({
  answer: yup.string().required('Digite o código').matches(TWO_FACTOR_CODE_PATTERN, TWO_FACTOR_CODE_MESSAGE),
});
const recoverySchema = yup.object({
  answer: yup.string().trim().required('Digite um código de recuperação').max(32, 'Código de recuperação inválido'),
});

/**
 * The sign-in's second step, after a right password: the authenticator app's code, or one of the
 * recovery codes. `onSignedIn` gets the user; `onRestart` goes back to e-mail and password (the
 * wait for the code ran out).
 */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: (me: MeResponse) => Promise<void> | void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit({ answer }: { answer: string }) {
    setFailure(null);
    try {
      await onSignedIn(await verifySecondFactor(recovery ? { recoveryCode: answer.trim() } : { code: answer.replace(/\s/g, '') }));
    } catch (error) {
      const message = errorMessage(error);
      if (message !== TWO_FACTOR_MESSAGES.challengeExpired) return setFailure(message);
      toast.error('Verificação expirada', message);
      onRestart();
    }
  }

  return (
    <Formik
      key={String(recovery)}
      initialValues={{ answer: '' }}
      validationSchema={recovery ? recoverySchema : appCodeSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Verificação em duas etapas" data-testid="two-factor-step">
          <Stack gap="4">
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            )}
            {recovery ? (
              <FormikInput
                name="answer"
                label="Código de recuperação"
                autoComplete="off"
                placeholder="xxxxx-xxxxx"
                autoFocus
                spellCheck={false}
              />
            ) : (
              <FormikInput
                name="answer"
                label="Código do aplicativo"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="123456"
                autoFocus
                helperText="O código de 6 dígitos que o aplicativo autenticador mostra agora."
              />
            )}
            <Button type="submit" colorPalette="brand" width="full" loading={isSubmitting} loadingText="Verificando...">
              Verificar
            </Button>
            <Button type="button" variant="plain" size="sm" color="brand.fg" onClick={() => setRecovery(!recovery)}>
              {recovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
            </Button>
            <Button type="button" variant="plain" size="sm" color="fg.muted" onClick={onRestart}>
              Voltar para e-mail e senha
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
