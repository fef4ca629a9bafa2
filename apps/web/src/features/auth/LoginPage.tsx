import { Box, Button, Card, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { BrandMark } from '../../components/BrandMark';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
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
    <Center as="main" minH="100dvh" px="4" py="10" bgGradient="to-br" gradientFrom="brand.50" gradientTo="bg.subtle">
      <Box w="full" maxW="md">
        <Flex justify="center" mb="6">
          <BrandMark size="lg" />
        </Flex>
        <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="md" rounded="xl" data-testid="auth-card">
          <Card.Header gap="1" pb="2">
            <Heading as="h1" size="xl" fontWeight="semibold">
              {isLogin ? 'Entrar' : 'Criar Conta'}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {isLogin ? 'Acesse sua conta para continuar.' : 'Preencha seus dados para solicitar acesso.'}
            </Text>
          </Card.Header>
          <Card.Body>
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
          </Card.Body>
          <Card.Footer justifyContent="center" pt="0">
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
          </Card.Footer>
        </Card.Root>
      </Box>
    </Center>
  );
}
