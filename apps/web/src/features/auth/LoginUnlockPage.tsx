import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { LOGIN_UNLOCK_INVALID } from '@wkflow/contracts';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/fetcher';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { unlockLogin } from './auth.api';
import { AuthCard } from './AuthCard';

/**
 * /login-unlock?token=…: the link mailed when the right password came from a new address while
 * the account was held by too many wrong attempts. A button, not an automatic call: a mail
 * scanner that opens the link spends nothing. Then the person logs in from that address.
 */
export default function LoginUnlockPage() {
  useDocumentTitle('Liberar acesso');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(
    token ? null : { ok: false, message: LOGIN_UNLOCK_INVALID },
  );
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { message } = await unlockLogin({ token });
      setOutcome({ ok: true, message });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'Não foi possível liberar o acesso. Tente novamente.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Liberar acesso"
      description="Confirme que foi você quem tentou entrar na sua conta a partir de um endereço novo."
      footer={
        <Link asChild color="brand.fg" textStyle="sm" fontWeight="medium">
          <RouterLink to="/login">Voltar para o login</RouterLink>
        </Link>
      }
    >
      <Stack gap="4">
        {outcome && (
          <Alert.Root status={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} data-testid="login-unlock-outcome">
            <Alert.Indicator />
            <Alert.Description>{outcome.message}</Alert.Description>
          </Alert.Root>
        )}
        {outcome?.ok ? (
          <Button asChild colorPalette="brand" width="full">
            <RouterLink to="/login">Ir para o login</RouterLink>
          </Button>
        ) : (
          token && (
            <Button colorPalette="brand" width="full" loading={busy} loadingText="Liberando..." onClick={confirm}>
              Fui eu: liberar acesso
            </Button>
          )
        )}
      </Stack>
    </AuthCard>
  );
}
