import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { SsoOutcomeNotice, SsoSignIn, useAuthProviders } from './SsoSignIn';
import { TwoFactorStep } from './TwoFactorStep';
import { useCurrentUser } from './useCurrentUser';
import { toast } from '../../lib/toast';

type Mode = 'login' | 'register' | 'second-factor';

const TITLES: Record<Mode, { title: string; description: string }> = {
  login: { title: 'Entrar', description: 'Acesse sua conta para continuar.' },
  register: { title: 'Criar Conta', description: 'Preencha seus dados para solicitar acesso.' },
  'second-factor': { title: 'Verificação em duas etapas', description: 'Confirme que é você com o aplicativo autenticador.' },
};

/** /login (and any path while logged out): one card toggling between login and account creation, and the second factor's step. */
export default function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [registeredEmail, setRegisteredEmail] = useState('');
  const { mutate } = useCurrentUser();
  const providers = useAuthProviders();
  // OIDC_ONLY: accounts come from the company's provider; there is nothing to register here.
  const canRegister = providers?.passwordLogin !== 'administrators';
  const isLogin = mode === 'login';
  useDocumentTitle(TITLES[mode].title);

  return (
    <AuthCard
      title={TITLES[mode].title}
      description={TITLES[mode].description}
      footer={
        mode === 'second-factor' || (isLogin && !canRegister) ? undefined : (
          <Button
            type="button"
            variant="plain"
            size="sm"
            color="brand.fg"
            onClick={() => setMode(isLogin ? 'register' : 'login')}
            data-testid="auth-toggle"
          >
            {isLogin ? 'Não tem conta? Criar uma' : 'Já tem conta? Entrar'}
          </Button>
        )
      }
    >
      {mode === 'second-factor' ? (
        <TwoFactorStep
          onSignedIn={async (me) => {
            toast.success('Login successful');
            await mutate(me, { revalidate: false });
          }}
          onRestart={() => setMode('login')}
        />
      ) : isLogin ? (
        <>
          <SsoOutcomeNotice />
          <SsoSignIn providers={providers} />
          <LoginForm key={registeredEmail} initialEmail={registeredEmail} onSecondFactor={() => setMode('second-factor')} />
        </>
      ) : (
        <RegisterForm
          onRegistered={(email) => {
            setRegisteredEmail(email);
            setMode('login');
          }}
        />
      )}
    </AuthCard>
  );
}
