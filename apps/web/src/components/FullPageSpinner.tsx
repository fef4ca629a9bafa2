import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** The 'Carregando...' spinner (authentication state, lazy pages). */
export function FullPageSpinner({ minH = '100dvh' }: { minH?: string }) {
  return (
    <Center minH={minH} data-testid="loading">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" textStyle="sm">
          Carregando...
        </Text>
      </Stack>
    </Center>
  );
}
