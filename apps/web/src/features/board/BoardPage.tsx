import { Badge, Box, Card, Center, Icon, Stack, Text } from '@chakra-ui/react';
import { SquareKanban } from 'lucide-react';
import { useTaskSearch } from '../../app/useTaskSearch';
import { PageHeader } from '../../components/PageHeader';

/**
 * The kanban board (routes / and /kanban). The title is the workflow name 'WKFlow'.
 * Not built yet: the header's search (?q=) and ?new=task|ai hook points are already read here.
 */
export default function BoardPage() {
  const [query] = useTaskSearch();
  return (
    <Box>
      <PageHeader
        title="WKFlow"
        description="Quadro de tarefas da equipe."
        actions={query ? <Badge colorPalette="brand" size="lg">Buscando: {query}</Badge> : undefined}
      />
      <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs">
        <Card.Body>
          <Center py="12">
            <Stack align="center" gap="3" textAlign="center">
              <Center boxSize="12" rounded="full" bg="brand.subtle" color="brand.fg">
                <Icon boxSize="6">
                  <SquareKanban />
                </Icon>
              </Center>
              <Text fontWeight="medium">Em construção</Text>
              <Text color="fg.muted" textStyle="sm" maxW="sm">
                O quadro de tarefas estará disponível em breve.
              </Text>
            </Stack>
          </Center>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
