import { Badge, Box, Card, Flex, HStack, IconButton, Input, NativeSelect, SimpleGrid, Spinner, Table, Text } from '@chakra-ui/react';
import { formatDuration, formatHoursMinutes, parseDuration, TIME_PERIODS, type AdminTimeEntry, type TimePeriod } from '@wkflow/contracts';
import { Check, Clock, ListChecks, Users, X } from 'lucide-react';
import { useState } from 'react';
import useSWR from 'swr';
import { PageHeader } from '../../components/PageHeader';
import { apiFetch, errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { keys } from '../../lib/swr';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/usePermissions';
import { AccessDenied } from '../clients/AccessDenied';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { EntryActions } from './EntryActions';
import { TimeEntryTools } from './TimeEntryTools';
import { entryStatus, PERIOD_LABELS, summarize } from './timeAdmin.logic';

function SummaryCard({ label, value, icon }: { label: string; value: string | number; icon: React.ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs">
      <Card.Body>
        <Flex align="center" gap="3">
          <Box color="brand.fg">{icon}</Box>
          <Box>
            <Text textStyle="sm" color="fg.muted">
              {label}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold">
              {value}
            </Text>
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function DurationEditor({ entry, onDone }: { entry: AdminTimeEntry; onDone: () => void }) {
  const [text, setText] = useState(formatDuration(entry.duration ?? 0));
  const [saving, setSaving] = useState(false);
  async function save() {
    const duration = parseDuration(text);
    if (duration === null) return; // the spec shows no message: invalid input is simply not sent
    setSaving(true);
    try {
      await apiFetch(`/api/time-entries/${entry.id}`, { method: 'PUT', body: { duration } });
      toast.success('Entrada atualizada');
      onDone();
    } catch (error) {
      toast.error('Erro ao atualizar', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }
  return (
    <HStack gap="1">
      <Input
        size="xs"
        w="24"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="HH:MM:SS"
        aria-label="Duração"
        onKeyDown={(e) => e.key === 'Enter' && void save()}
      />
      <IconButton aria-label="Salvar" size="xs" colorPalette="green" onClick={() => void save()} loading={saving}>
        <Check />
      </IconButton>
      <IconButton aria-label="Cancelar" size="xs" variant="ghost" onClick={onDone}>
        <X />
      </IconButton>
    </HStack>
  );
}

/** /time-management: the team's time records for a period, with edit and delete. */
export default function TimeManagementPage() {
  const { can, isLoading: permissionsLoading } = usePermissions();
  const [period, setPeriod] = useState<TimePeriod>('week');
  const allowed = can('time_tracking', 'read');
  const { data, isLoading, mutate } = useSWR<AdminTimeEntry[]>(allowed ? keys.adminTimeEntries(period) : null);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<AdminTimeEntry | null>(null);

  if (permissionsLoading) return <Spinner />;
  if (!allowed) return <AccessDenied message="Você não tem permissão para visualizar gestão de tempo." />;

  const entries = data ?? [];
  const summary = summarize(entries);

  async function remove(entry: AdminTimeEntry) {
    try {
      await apiFetch(`/api/time-entries/${entry.id}`, { method: 'DELETE' });
      toast.success('Entrada removida');
      await mutate();
    } catch (error) {
      toast.error('Erro ao remover', errorMessage(error));
      throw error;
    }
  }

  return (
    <>
      <PageHeader
        title="Gestão de Tempo"
        description="Registros de tempo da equipe."
        actions={
          <NativeSelect.Root size="sm" w="44">
            <NativeSelect.Field
              aria-label="Período"
              value={period}
              onChange={(e) => setPeriod(e.target.value as TimePeriod)}
              data-testid="time-period"
            >
              {TIME_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        }
      />
      <TimeEntryTools />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="6">
        <SummaryCard label="Total de horas" value={formatHoursMinutes(summary.totalSeconds)} icon={<Clock />} />
        <SummaryCard label="Registros" value={summary.records} icon={<ListChecks />} />
        <SummaryCard label="Usuários ativos" value={summary.activeUsers} icon={<Users />} />
      </SimpleGrid>
      <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs">
        <Card.Body p="0">
          {isLoading ? (
            <Flex justify="center" py="10">
              <Spinner />
            </Flex>
          ) : entries.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="10">
              Nenhum registro de tempo neste período.
            </Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="time-entries">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Tarefa</Table.ColumnHeader>
                    <Table.ColumnHeader>Cliente</Table.ColumnHeader>
                    <Table.ColumnHeader>Usuário</Table.ColumnHeader>
                    <Table.ColumnHeader>Início</Table.ColumnHeader>
                    <Table.ColumnHeader>Duração</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Ações</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {entries.map((entry) => (
                    <Table.Row key={entry.id} data-testid={`time-entry-${entry.id}`}>
                      <Table.Cell fontWeight="medium">{entry.task_title}</Table.Cell>
                      <Table.Cell>{entry.client_name ?? '—'}</Table.Cell>
                      <Table.Cell>{entry.user_name}</Table.Cell>
                      <Table.Cell>{formatDateTime(entry.startTime)}</Table.Cell>
                      <Table.Cell fontFamily="mono">
                        {editing === entry.id ? (
                          <DurationEditor
                            entry={entry}
                            onDone={() => {
                              setEditing(null);
                              void mutate();
                            }}
                          />
                        ) : entry.duration !== null ? (
                          formatDuration(entry.duration)
                        ) : (
                          '—'
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={entry.endTime ? 'green' : 'orange'}>{entryStatus(entry)}</Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <EntryActions entry={entry} onEdit={() => setEditing(entry.id)} onRemove={() => setRemoving(entry)} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover registro"
        confirmLabel="Remover"
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      >
        Tem certeza que deseja remover este registro de tempo?
      </ConfirmDialog>
    </>
  );
}
