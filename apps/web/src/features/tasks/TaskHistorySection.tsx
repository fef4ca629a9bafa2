import { Box, Center, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Clock, History, MessageSquare, PlusCircle } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { historySummary, timeRows, type HistoryNames, type SummaryEntry } from './tasks.logic';
import { TaskHistoryPanel } from './TaskHistoryPanel';
import { useTaskComments, useTaskHistory, useTaskTimeEntries } from './useTaskData';

function SummaryLine({ entry }: { entry: SummaryEntry }) {
  const Icon = entry.kind === 'created' ? PlusCircle : entry.kind === 'time' ? Clock : MessageSquare;
  return (
    <HStack align="flex-start" gap="2" data-testid="history-summary-item" data-kind={entry.kind}>
      <Box color="fg.muted" pt="0.5" flexShrink={0}>
        <Icon size={14} />
      </Box>
      <Box flex="1" minW="0">
        <Text textStyle="sm">
          <Text as="span" fontWeight="semibold">
            {entry.who}
          </Text>{' '}
          {entry.kind === 'created' && 'criou a tarefa'}
          {entry.kind === 'time' && (
            <>
              registrou{' '}
              <Text as="span" fontFamily="mono">
                {entry.duration}
              </Text>
              {entry.description ? ` — ${entry.description}` : ''}
            </>
          )}
          {entry.kind === 'comment' && (
            <>
              comentou:{' '}
              <Text as="span" color="fg.muted">
                “{entry.content.length > 120 ? `${entry.content.slice(0, 120)}…` : entry.content}”
              </Text>
            </>
          )}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {formatDateTime(entry.at)}
        </Text>
      </Box>
    </HStack>
  );
}

/**
 * 'Histórico' of the task dialog: the summary (creation, last 3 time entries, last 2 comments),
 * the full list of time records, then every recorded change (the history panel).
 */
export function TaskHistorySection({ taskId, names }: { taskId: number; names: HistoryNames }) {
  const history = useTaskHistory(taskId);
  const entries = useTaskTimeEntries(taskId);
  const comments = useTaskComments(taskId);
  const summary = historySummary(history.data ?? [], entries.data ?? [], comments.data ?? []);
  const rows = timeRows(entries.data ?? []);

  return (
    <Stack gap="4" as="section" aria-label="Histórico">
      <HStack gap="2">
        <History size={16} />
        <Heading as="h3" size="sm">
          Histórico
        </Heading>
      </HStack>

      <Stack gap="2" p="3" rounded="md" borderWidth="1px" borderColor="border.muted" data-testid="history-summary">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          Resumo
        </Text>
        {summary.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            Nenhum histórico disponível
          </Text>
        ) : (
          summary.map((entry, i) => <SummaryLine key={`${entry.kind}-${i}`} entry={entry} />)
        )}
      </Stack>

      <Box>
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="2">
          Registros de tempo
        </Text>
        {rows.length === 0 ? (
          <Center py="3" rounded="md" bg="bg.muted">
            <Text textStyle="sm" color="fg.muted">
              Nenhum registro de tempo
            </Text>
          </Center>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="64">
            <Table.Root size="sm" stickyHeader data-testid="time-records">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Usuário</Table.ColumnHeader>
                  <Table.ColumnHeader>Início</Table.ColumnHeader>
                  <Table.ColumnHeader>Fim</Table.ColumnHeader>
                  <Table.ColumnHeader>Duração</Table.ColumnHeader>
                  <Table.ColumnHeader>Descrição</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id}>
                    <Table.Cell>{row.who}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{row.start}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{row.end}</Table.Cell>
                    <Table.Cell fontFamily="mono">{row.duration}</Table.Cell>
                    <Table.Cell>{row.description}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Box>

      <Box>
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="3">
          Alterações
        </Text>
        <TaskHistoryPanel items={history.data} isLoading={history.isLoading} error={history.error} names={names} />
      </Box>
    </Stack>
  );
}
