import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { type AuthProviders, SSO_OUTCOME_MESSAGES, type SsoOutcome } from '@wkflow/contracts';
import { useLocation, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { FIVE_MINUTES, keys } from '../../lib/swr';

/** The ways in the API offers; undefined while unknown (or when it cannot say: e-mail and password only). */
export function useAuthProviders(): AuthProviders | undefined {
  return useSWR<AuthProviders>(keys.authProviders, { dedupingInterval: FIVE_MINUTES, shouldRetryOnError: false }).data;
}

const isOutcome = (value: string | null): value is SsoOutcome => value !== null && Object.hasOwn(SSO_OUTCOME_MESSAGES, value);

/**
 * How the last single sign-on ended when it did not sign in (`/login?sso=<outcome>`, where the API
 * sends the browser back): an account just made and waiting is news, the rest are errors.
 */
export function SsoOutcomeNotice() {
  const [params] = useSearchParams();
  const outcome = params.get('sso');
  if (!isOutcome(outcome)) return null;
  const good = outcome === 'created';
  return (
    <Alert.Root
      status={good ? 'success' : outcome === 'pending' ? 'info' : 'error'}
      role={good ? 'status' : 'alert'}
      mb="4"
      data-testid="sso-outcome"
    >
      <Alert.Indicator />
      <Alert.Description>{SSO_OUTCOME_MESSAGES[outcome]}</Alert.Description>
    </Alert.Root>
  );
}

/**
 * 'Entrar com SSO' (its label is the deployment's) over the e-mail and password form, when the API
 * offers single sign-on. It is a plain link: the API sends the browser to the provider and back to
 * this page's address once signed in.
 */
export function SsoSignIn({ providers }: { providers: AuthProviders | undefined }) {
  const location = useLocation();
  if (!providers?.oidc) return null;
  const returnTo = `${location.pathname}${location.search}`.replace(/[?&]sso=[^&]*/, '');
  const href = `/api/auth/oidc/login?${new URLSearchParams({ returnTo })}`;
  return (
    <Stack gap="4" mb="4">
      <Button asChild colorPalette="brand" variant={providers.passwordLogin === 'administrators' ? 'solid' : 'outline'} width="full">
        <a href={href} data-testid="sso-login">
          {providers.oidc.label}
        </a>
      </Button>
      {providers.passwordLogin === 'administrators' ? (
        <Text textStyle="sm" color="fg.muted" data-testid="password-login-admins">
          E-mail e senha: somente administradores, quando o SSO não estiver disponível.
        </Text>
      ) : (
        <HStack gap="3" aria-hidden="true">
          <Separator flex="1" />
          <Text textStyle="xs" color="fg.muted">
            ou
          </Text>
          <Separator flex="1" />
        </HStack>
      )}
    </Stack>
  );
}
