import { Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { ShieldX } from 'lucide-react';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { PanelNotice, RoundIcon } from './PanelNotice';

/** The spec's 'Acesso Negado' screen for a module the user may not read ('Acesso Restrito' for recommendations). */
export function AccessDenied({ message, title = 'Acesso Negado' }: { message: string; title?: string }) {
  return (
    <PanelNotice title={title} icon={<ShieldX />} iconBg="red.subtle" iconColor="red.fg" testId="access-denied">
      <Text color="fg.muted" maxW="sm">
        {message}
      </Text>
    </PanelNotice>
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
            <RoundIcon bg="red.subtle" color="red.fg">
              <ShieldX />
            </RoundIcon>
            <Heading as="h1" textStyle="md" fontWeight="medium">
              Acesso negado. Esta página é apenas para administradores.
            </Heading>
          </Stack>
        </Center>
      </Card.Body>
    </Card.Root>
  );
}
