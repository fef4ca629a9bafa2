import { Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { formatDuration } from '@wkflow/contracts';
import { Pause, Play, Square, Timer } from 'lucide-react';
import { memo, type MouseEvent } from 'react';
import { useTimer } from './useTimer';

/** The card's quick start/stop button (hidden by the card for completed tasks). */
export const QuickTimerButton = memo(function QuickTimerButton({ taskId, taskTitle }: { taskId: number; taskTitle: string }) {
  const timer = useTimer();
  const mine = timer.isRunning && timer.taskId === taskId;
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (mine) void timer.stop();
    else void timer.start(taskId, taskTitle);
  };
  return (
    <IconButton
      // Named with the task: a list of 27 'Iniciar timer' buttons says nothing about which one starts what.
      aria-label={mine ? `Parar timer: ${taskTitle}` : `Iniciar timer: ${taskTitle}`}
      title={mine ? `Parar timer (${formatDuration(timer.elapsedTime)})` : 'Iniciar timer'}
      size="2xs"
      variant={mine ? 'solid' : 'ghost'}
      colorPalette={mine ? 'red' : 'gray'}
      onClick={onClick}
      data-testid={`quick-timer-${taskId}`}
    >
      {mine ? <Pause /> : <Play />}
    </IconButton>
  );
});

/** The task dialog's timer: the running-timer box, the total and the start/stop button. */
export function TaskTimerPanel({ taskId, taskTitle, totalTime }: { taskId: number; taskTitle: string; totalTime?: number }) {
  const timer = useTimer();
  const mine = timer.isRunning && timer.taskId === taskId;
  return (
    <Stack gap="3">
      {mine && (
        <Box rounded="md" borderWidth="1px" borderColor="green.300" bg="green.50" p="3" data-testid="task-timer-running">
          <Flex align="center" gap="2" color="green.700">
            <Timer size={16} />
            <Text fontWeight="medium" textStyle="sm">
              Timer em andamento
            </Text>
          </Flex>
          <Text fontFamily="mono" fontSize="2xl" fontWeight="semibold" color="green.800">
            {formatDuration(timer.elapsedTime)}
          </Text>
        </Box>
      )}
      {totalTime !== undefined && (
        <Box rounded="md" borderWidth="1px" borderColor="border.muted" p="3">
          <Text textStyle="xs" color="fg.muted" textTransform="uppercase" fontWeight="semibold">
            Tempo total gasto
          </Text>
          <Text fontFamily="mono" fontSize="lg" data-testid="task-total-time">
            {formatDuration(totalTime + (mine ? timer.elapsedTime : 0))}
          </Text>
        </Box>
      )}
      <Button
        colorPalette={mine ? 'red' : 'green'}
        variant={mine ? 'solid' : 'outline'}
        onClick={() => (mine ? void timer.stop() : void timer.start(taskId, taskTitle))}
        data-testid="task-timer-button"
      >
        {mine ? <Square /> : <Play />}
        {mine ? `Parar Contagem (${formatDuration(timer.elapsedTime)})` : 'Iniciar Contagem de Tempo'}
      </Button>
    </Stack>
  );
}
