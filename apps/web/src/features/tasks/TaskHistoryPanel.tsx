import { Box, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { HistoryAction, TaskHistoryItem } from '@wkflow/contracts';
import { ArrowRightLeft, Bell, CalendarClock, Clock, Pencil, PlusCircle, Users, type LucideIcon } from 'lucide-react';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { actorName, historySentence, relativeTime, type HistoryNames } from './tasks.logic';

const ICONS: Record<HistoryAction, { icon: LucideIcon; palette: string }> = {
  created: { icon: PlusCircle, palette: 'green' },
  updated: { icon: Pencil, palette: 'blue' },
  time_tracked: { icon: Clock, palette: 'purple' },
  assigned: { icon: Users, palette: 'teal' },
  moved: { icon: ArrowRightLeft, palette: 'orange' },
  deadline_changed: { icon: CalendarClock, palette: 'red' },
  reminder_set: { icon: Bell, palette: 'yellow' },
};

interface TaskHistoryPanelProps {
  items: TaskHistoryItem[] | undefined;
  isLoading: boolean;
  error: unknown;
  names: HistoryNames;
}

/**
 * The task history panel (core.md §2): an icon per event type, the actor (name, username or
 * 'Usuário'), the relative time in pt-BR and a sentence naming the people, client and lists.
 */
export function TaskHistoryPanel({ items, isLoading, error, names }: TaskHistoryPanelProps) {
  if (isLoading) {
    return (
      <Center py="4">
        <Spinner size="sm" />
      </Center>
    );
  }
  if (error) {
    return (
      <Text textStyle="sm" color="red.fg">
        {errorMessage(error)}
      </Text>
    );
  }
  if (!items || items.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted" py="2" data-testid="history-empty">
        Nenhum histórico disponível
      </Text>
    );
  }
  const now = new Date();
  return (
    <Stack gap="0" data-testid="task-history">
      {items.map((item, index) => {
        const { icon: Icon, palette } = ICONS[item.actionType] ?? ICONS.updated;
        return (
          <HStack key={item.id} align="stretch" gap="3" data-testid="history-item" data-action={item.actionType}>
            <Stack align="center" gap="0" flexShrink={0}>
              <Center boxSize="7" rounded="full" bg={`${palette}.subtle`} color={`${palette}.fg`}>
                <Icon size={14} />
              </Center>
              {index < items.length - 1 && <Box flex="1" w="1px" bg="border.muted" minH="3" />}
            </Stack>
            <Box flex="1" minW="0" pb="4">
              <Text textStyle="sm">
                <Text as="span" fontWeight="semibold">
                  {actorName(item.user)}
                </Text>{' '}
                {historySentence(item, names)}
              </Text>
              <Text textStyle="xs" color="fg.muted" title={formatDateTime(item.createdAt)}>
                {relativeTime(item.createdAt, now)}
              </Text>
            </Box>
          </HStack>
        );
      })}
    </Stack>
  );
}
