import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { formatDuration } from '@wkflow/contracts';
import { Maximize2, Minimize2, Square, Timer, X } from 'lucide-react';
import { useState } from 'react';
import { useTimer } from './useTimer';

/** The floating timer at the bottom right, shown only while a timer runs. Close and stop both stop it. */
export function FloatingTimer() {
  const timer = useTimer();
  const [minimized, setMinimized] = useState(false);
  if (!timer.isRunning) return null;
  const stop = () => void timer.stop();
  const elapsed = formatDuration(timer.elapsedTime);

  return (
    // A named landmark: outside <main>, it is still reached by landmark navigation (axe's 'region').
    <Box
      as="aside"
      aria-label="Timer em andamento"
      position="fixed"
      bottom="4"
      right="4"
      zIndex="docked"
      bg="gray.900"
      color="white"
      rounded="lg"
      shadow="lg"
      px="3"
      py="2"
      minW={minimized ? undefined : '64'}
      // A fixed box is as wide as its content: a long title would push it past a phone's left edge.
      maxW="calc(100vw - 2rem)"
      data-testid="floating-timer"
    >
      <Flex align="center" gap="2">
        <Timer size={16} />
        {minimized ? (
          <Text fontFamily="mono" fontWeight="semibold" data-testid="floating-timer-elapsed">
            {elapsed}
          </Text>
        ) : (
          <Box flex="1" minW="0">
            <Text textStyle="xs" color="gray.300" truncate data-testid="floating-timer-title">
              {timer.taskTitle ?? 'Tarefa'}
            </Text>
            <Text fontFamily="mono" fontSize="xl" fontWeight="semibold" data-testid="floating-timer-elapsed">
              {elapsed}
            </Text>
          </Box>
        )}
        <IconButton
          aria-label={minimized ? 'Expandir' : 'Minimizar'}
          size="xs"
          variant="ghost"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          onClick={() => setMinimized((m) => !m)}
        >
          {minimized ? <Maximize2 /> : <Minimize2 />}
        </IconButton>
        <IconButton aria-label="Parar" size="xs" colorPalette="red" onClick={stop} data-testid="floating-timer-stop">
          <Square />
        </IconButton>
        <IconButton aria-label="Fechar" size="xs" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }} onClick={stop}>
          <X />
        </IconButton>
      </Flex>
    </Box>
  );
}
