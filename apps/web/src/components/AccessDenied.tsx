import { Card, Center, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { ShieldX } from 'lucide-react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** The spec's 'Acesso Negado' screen for a module the user may not read ('Acesso Restrito' for recommendations). */
export function AccessDenied({ message, title = 'Acesso Negado' }: { message: string; title?: string }) {
  useDocumentTitle(title);
  return (
    <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs" data-testid="access-denied">
      <Card.Body>
        <Center py="16">
          <Stack align="center" gap="3" textAlign="center">
            <DeniedIcon />
            <Heading as="h1" size="lg">
              {title}
            </Heading>
            <Text color="fg.muted" maxW="sm">
              {message}
            </Text>
          </Stack>
        </Center>
      </Card.Body>
    </Card.Root>
  );
}

/** /admin/ai-test's own denial (extended.md §2.13): one line, which is the page's h1 for screen readers. */
export function AdminOnly() {
  useDocumentTitle('Acesso negado');
  return (
    <Card.Root variant="outline" data-testid="access-denied">
      <Card.Body>
        <Center py="16">
          <Stack align="center" gap="3" textAlign="center">
            <DeniedIcon />
            <Heading as="h1" textStyle="md" fontWeight="medium">
              Acesso negado. Esta página é apenas para administradores.
            </Heading>
          </Stack>
        </Center>
      </Card.Body>
    </Card.Root>
  );
}

function DeniedIcon() {
  return (
    <Center boxSize="12" rounded="full" bg="red.subtle" color="red.fg">
      <Icon boxSize="6">
        <ShieldX />
      </Icon>
    </Center>
  );
}
