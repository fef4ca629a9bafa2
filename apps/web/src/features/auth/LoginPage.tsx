import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Mode = 'login' | 'register';

/** /login (and any path while logged out): one card toggling between login and account creation. */
export default function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [registeredEmail, setRegisteredEmail] = useState('');
  const isLogin = mode === 'login';
  useDocumentTitle(isLogin ? 'Entrar' : 'Criar Conta');

  return (
    <AuthCard
      title={isLogin ? 'Entrar' : 'Criar Conta'}
      description={isLogin ? 'Acesse sua conta para continuar.' : 'Preencha seus dados para solicitar acesso.'}
      footer={
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
      }
    >
      {isLogin ? (
        <LoginForm key={registeredEmail} initialEmail={registeredEmail} />
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
