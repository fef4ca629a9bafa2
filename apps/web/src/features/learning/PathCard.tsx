import { Badge, Box, Button, Card, HStack, Icon, Progress, Stack, Text } from '@chakra-ui/react';
import type { LearningPathStatus, LearningPathSummary } from '@wkflow/contracts';
import { CheckCircle2, Circle, Clock, Lock, PlayCircle, Tag } from 'lucide-react';
import { categoryLabel, difficultyLabel, DIFFICULTY_PALETTE, formatMinutes, pathAction } from './learning.logic';
import { Panel } from '../../components/Panel';

const STATUS_ICON: Record<LearningPathStatus, { icon: typeof Circle; color: string; label: string }> = {
  completed: { icon: CheckCircle2, color: 'fg.success', label: 'Concluída' },
  in_progress: { icon: PlayCircle, color: 'brand.fg', label: 'Em andamento' },
  locked: { icon: Lock, color: 'fg.subtle', label: 'Bloqueada' },
  not_started: { icon: Circle, color: 'fg.subtle', label: 'Não iniciada' },
};

interface PathCardProps {
  path: LearningPathSummary;
  busy: boolean;
  onAction: (path: LearningPathSummary) => void;
}

/** §2.10 path card: colour bar, status icon, difficulty, title, description, progress, minutes and category, action. */
export function PathCard({ path, busy, onAction }: PathCardProps) {
  const status = STATUS_ICON[path.status] ?? STATUS_ICON.not_started;
  const action = pathAction(path.status);
  const locked = path.status === 'locked';
  return (
    <Panel overflow="hidden" data-testid="path-card" data-status={path.status}>
      <Box h="1.5" bg={path.color} opacity={locked ? 0.45 : 1} />
      <Card.Body gap="3" p="5">
        <HStack justify="space-between">
          <Icon color={status.color} boxSize="5" aria-label={status.label}>
            <status.icon />
          </Icon>
          <Badge colorPalette={DIFFICULTY_PALETTE[path.difficulty] ?? 'gray'} variant="subtle">
            {difficultyLabel(path.difficulty)}
          </Badge>
        </HStack>
        <Stack gap="1">
          <Text fontWeight="semibold" textStyle="md" color={locked ? 'fg.muted' : 'fg'}>
            {path.title}
          </Text>
          <Text textStyle="sm" color="fg.muted" lineClamp={2} minH="10">
            {path.description}
          </Text>
          {locked && path.prerequisites.length > 0 && (
            <Text textStyle="xs" color="fg.muted">
              Conclua antes: {path.prerequisites.join(', ')}
            </Text>
          )}
        </Stack>
        <Stack gap="1.5">
          <HStack justify="space-between" textStyle="xs" color="fg.muted">
            <Text>Progresso</Text>
            <Text data-testid="path-progress">
              {path.completedSteps}/{path.totalSteps} etapas
            </Text>
          </HStack>
          <Progress.Root
            value={path.progress}
            size="sm"
            colorPalette={path.status === 'completed' ? 'green' : 'brand'}
            aria-label={`Progresso de ${path.title}`}
          >
            <Progress.Track rounded="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
        <HStack gap="4" textStyle="xs" color="fg.muted">
          <HStack gap="1">
            <Clock size={14} />
            <Text>{formatMinutes(path.estimatedTime)}</Text>
          </HStack>
          <HStack gap="1">
            <Tag size={14} />
            <Text>{categoryLabel(path.category)}</Text>
          </HStack>
        </HStack>
      </Card.Body>
      <Card.Footer p="5" pt="0">
        <Button
          w="full"
          size="sm"
          colorPalette="brand"
          variant={action.action === 'start' ? 'solid' : action.action === 'locked' ? 'subtle' : 'outline'}
          disabled={action.disabled || busy}
          loading={busy}
          onClick={() => onAction(path)}
        >
          {locked && <Lock />}
          {action.label}
        </Button>
      </Card.Footer>
    </Panel>
  );
}
