import { Card, Center, Stack, Text } from '@chakra-ui/react';
import { Construction } from 'lucide-react';
import { PageHeader } from './PageHeader';
import { RoundIcon } from './PanelNotice';
import { Panel } from './Panel';

interface ComingSoonProps {
  title: string;
  description?: string;
}

/** Placeholder for a screen that is not built yet: its title and a short note. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Panel>
        <Card.Body>
          <Center py="12">
            <Stack align="center" gap="3" textAlign="center">
              <RoundIcon bg="brand.subtle" color="brand.fg">
                <Construction />
              </RoundIcon>
              <Text fontWeight="medium">Em construção</Text>
              <Text color="fg.muted" textStyle="sm" maxW="sm">
                Esta tela estará disponível em breve.
              </Text>
            </Stack>
          </Center>
        </Card.Body>
      </Panel>
    </>
  );
}
