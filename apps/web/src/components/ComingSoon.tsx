import { Card, Center, Icon, Stack, Text } from '@chakra-ui/react';
import { Construction } from 'lucide-react';
import { PageHeader } from './PageHeader';

interface ComingSoonProps {
  title: string;
  description?: string;
}

/** Placeholder for a screen that is not built yet: its title and a short note. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs">
        <Card.Body>
          <Center py="12">
            <Stack align="center" gap="3" textAlign="center">
              <Center boxSize="12" rounded="full" bg="brand.subtle" color="brand.fg">
                <Icon boxSize="6">
                  <Construction />
                </Icon>
              </Center>
              <Text fontWeight="medium">Em construção</Text>
              <Text color="fg.muted" textStyle="sm" maxW="sm">
                Esta tela estará disponível em breve.
              </Text>
            </Stack>
          </Center>
        </Card.Body>
      </Card.Root>
    </>
  );
}
