import { Badge, Box, Code, HStack, Stack, Text } from '@chakra-ui/react';
import type { AiDebugInfo } from '@wkflow/contracts';

/** Admin-only (username admin): the original text, the AI's answer and the counts it had as context. */
export function AiDebugPanel({ debug }: { debug: AiDebugInfo }) {
  return (
    <Stack gap="2" rounded="md" borderWidth="1px" borderStyle="dashed" borderColor="border" p="3" bg="bg.subtle" data-testid="ai-debug">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text textStyle="sm" fontWeight="semibold">
          Depuração (admin)
        </Text>
        <HStack gap="2">
          <Badge variant="outline">Usuários: {debug.usersCount}</Badge>
          <Badge variant="outline">Clientes: {debug.clientsCount}</Badge>
          <Badge variant="outline">{debug.mode === 'openai' ? `IA: ${debug.model ?? 'OpenAI'}` : 'Modo offline'}</Badge>
        </HStack>
      </HStack>
      <Box>
        <Text textStyle="xs" color="fg.muted" mb="1">
          Texto original
        </Text>
        <Code display="block" whiteSpace="pre-wrap" p="2" w="full" textStyle="xs">
          {debug.originalText}
        </Code>
      </Box>
      <Box>
        <Text textStyle="xs" color="fg.muted" mb="1">
          Resposta da IA
        </Text>
        <Code display="block" whiteSpace="pre-wrap" p="2" w="full" maxH="48" overflowY="auto" textStyle="xs">
          {debug.rawResponse || '(vazia)'}
        </Code>
      </Box>
    </Stack>
  );
}
