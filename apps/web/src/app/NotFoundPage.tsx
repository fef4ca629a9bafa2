import { Button, Center, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** Any unknown path while logged in. */
export default function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <Center minH="60vh">
      <Stack align="center" gap="4" textAlign="center" data-testid="not-found">
        <Icon boxSize="12" color="fg.subtle">
          <SearchX />
        </Icon>
        <Heading as="h1" size="2xl" fontWeight="semibold">
          Página não encontrada
        </Heading>
        <Text color="fg.muted">O endereço acessado não existe ou foi movido.</Text>
        <Button asChild colorPalette="brand" variant="outline" size="sm">
          <RouterLink to="/">
            <ArrowLeft /> Voltar ao início
          </RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
