import { HStack, Icon, List, Stack, Text } from '@chakra-ui/react';
import { Lightbulb, TriangleAlert } from 'lucide-react';

/** The suggestion's 'Sugestões' and 'Avisos' lists (nothing when both are empty). */
export function AiNotes({ suggestions, warnings }: { suggestions: string[]; warnings: string[] }) {
  if (!suggestions.length && !warnings.length) return null;
  return (
    <Stack gap="3">
      {warnings.length > 0 && (
        <Stack gap="1.5" rounded="md" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" p="3" data-testid="ai-warnings">
          <HStack gap="2" color="orange.fg">
            <Icon boxSize="4">
              <TriangleAlert />
            </Icon>
            <Text textStyle="sm" fontWeight="semibold">
              Avisos
            </Text>
          </HStack>
          <List.Root ps="5" gap="0.5" textStyle="sm">
            {warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      {suggestions.length > 0 && (
        <Stack gap="1.5" rounded="md" borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" p="3" data-testid="ai-suggestions">
          <HStack gap="2" color="blue.fg">
            <Icon boxSize="4">
              <Lightbulb />
            </Icon>
            <Text textStyle="sm" fontWeight="semibold">
              Sugestões
            </Text>
          </HStack>
          <List.Root ps="5" gap="0.5" textStyle="sm">
            {suggestions.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
    </Stack>
  );
}
