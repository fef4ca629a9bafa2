import { Box, Button, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { mutate } from 'swr';
import { BrandMark } from '../../components/BrandMark';
import { keys } from '../../lib/swr';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLogout } from '../auth/useLogout';
import { TwoFactorCard } from './TwoFactorCard';

/**
 * Shown instead of the app to a user whose access profile requires a second factor he has not set
 * up (the API answers him nothing else meanwhile): set it up here, or sign out.
 */
export default function TwoFactorRequiredPage() {
  useDocumentTitle('Verificação em duas etapas');
  const logout = useLogout();
  return (
    <Center as="main" minH="100dvh" px="4" py="10" bgGradient="to-br" gradientFrom="brand.50" gradientTo="bg.subtle">
      <Stack w="full" maxW="3xl" gap="5">
        <Flex justify="center">
          <BrandMark size="lg" />
        </Flex>
        <Box textAlign="center">
          <Heading as="h1" size="xl" fontWeight="semibold">
            Configure a verificação em duas etapas
          </Heading>
          <Text color="fg.muted" textStyle="sm" mt="1">
            Seu perfil de acesso exige um segundo fator. Configure-o para continuar usando o WKFlow.
          </Text>
        </Box>
        <TwoFactorCard onEnabled={() => void mutate(keys.me)} />
        <Flex justify="center">
          <Button variant="ghost" onClick={() => void logout()}>
            <LogOut /> Sair
          </Button>
        </Flex>
      </Stack>
    </Center>
  );
}
