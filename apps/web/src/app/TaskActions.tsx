import { Box, Button, Stack } from '@chakra-ui/react';
import { Plus, Sparkles } from 'lucide-react';

interface TaskActionsProps {
  onNewTask: () => void;
  onCreateWithAi: () => void;
  /** Full-width stacked buttons (drawer) instead of the compact header pair. */
  stacked?: boolean;
}

/** 'Nova Tarefa' and 'Criar com IA' (rendered only with tasks write). */
export function TaskActions({ onNewTask, onCreateWithAi, stacked = false }: TaskActionsProps) {
  const label = (text: string) =>
    stacked ? (
      text
    ) : (
      <Box as="span" hideBelow="lg">
        {text}
      </Box>
    );
  return (
    <Stack direction={stacked ? 'column' : 'row'} gap="2">
      <Button size="sm" colorPalette="brand" onClick={onNewTask} aria-label="Nova Tarefa" data-testid="new-task">
        <Plus /> {label('Nova Tarefa')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        colorPalette="brand"
        onClick={onCreateWithAi}
        aria-label="Criar com IA"
        data-testid="create-with-ai"
      >
        <Sparkles /> {label('Criar com IA')}
      </Button>
    </Stack>
  );
}
