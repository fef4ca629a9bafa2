import { HStack, Text } from '@chakra-ui/react';
import { lengthHint } from '../features/tasks/tasks.logic';

/** Under a limited field: 'n/max' near the limit and a sentence once it is reached (a paste is cut there). */
export function LengthHint({ length, max }: { length: number; max: number }) {
  const hint = lengthHint(length, max);
  if (!hint) return null;
  return (
    <HStack justify="space-between" w="full" textStyle="xs" color={hint.message ? 'orange.fg' : 'fg.muted'} data-testid="length-hint">
      <Text aria-live="polite">{hint.message ?? ''}</Text>
      <Text>{hint.counter}</Text>
    </HStack>
  );
}
