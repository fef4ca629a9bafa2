import { Badge, Box, Button, Card, Flex, HStack, IconButton, Input, SimpleGrid, Spinner, Table, Text } from '@chakra-ui/react';
import {
  formatBRL,
  formatDuration,
  formatHoursMinutes,
  parseDuration,
  type AdminTimeEntry,
  type TimesheetEntry,
  type UpdateTimeEntryRequest,
} from '@wkflow/contracts';
import { Check, Clock, ListChecks, Users, Wallet, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../auth/usePermissions';
import { apiFetch, errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EntryActions } from './EntryActions';
import { ExportButtons } from './ExportButtons';
import { MyWeek } from './MyWeek';
import { entryStatus } from './timeAdmin.logic';
import {
  filterFromSearch,
  filterProblem,
  filterSearch,
  TIMESHEET_PAGE_SIZE,
  timesheetQuery,
  valueSummary,
  type TimesheetFilterState,
} from './timesheet.logic';
import { useTimesheet } from './timeEntries.api';
import { TimesheetFilters } from './TimesheetFilters';
import { TimesheetTotals } from './TimesheetTotals';
import { TimeEntryTools } from './TimeEntryTools';
import { Panel } from '../../components/Panel';

function SummaryCard({ label, value, icon, note }: { label: string; value: string | number; icon: React.ReactNode; note?: string | null }) {
  return (
    <Panel>
      <Card.Body p={{ base: '3', md: '6' }}>
        <Flex align="center" gap="3">
          <Box color="brand.fg" display={{ base: 'none', sm: 'block' }}>
            {icon}
          </Box>
          <Box minW="0">
            <Text textStyle="sm" color="fg.muted">
              {label}
            </Text>
            <Text fontSize={{ base: 'lg', md: '2xl' }} fontWeight="semibold" whiteSpace="nowrap">
              {value}
            </Text>
            {note && (
              <Text textStyle="xs" color="fg.muted">
                {note}
              </Text>
            )}
          </Box>
        </Flex>
      </Card.Body>
    </Panel>
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
      await apiFetch(`/api/time-entries/${entry.id}`, { method: 'PUT', body: { duration } satisfies UpdateTimeEntryRequest });
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

function valueSummaryProps(totals: Parameters<typeof valueSummary>[0]) {
  const { text, note } = valueSummary(totals);
  return { value: text, note };
}

/**
 * /time-management: the time records the user may see, filtered by period (or dates), person,
 * client and task, with totals per client and person, the user's own week, exports, edit and delete.
 */
export default function TimeManagementPage() {
  // The filter lives in the address: reload, back and a shared link keep it.
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filter = useMemo(() => filterFromSearch(new URLSearchParams(search)), [search]);
  // The page belongs to its filter: another filter (typed, or back/forward) starts at its first page.
  const [paging, setPaging] = useState({ search, offset: 0 });
  const offset = paging.search === search ? paging.offset : 0;
  const setOffset = (next: number) => setPaging({ search, offset: next });
  const ready = filterProblem(filter) === null;
  const query = timesheetQuery(filter);
  const { data, isLoading, mutate } = useTimesheet(ready ? timesheetQuery(filter, { limit: TIMESHEET_PAGE_SIZE, offset }) : null);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<AdminTimeEntry | null>(null);

  function setFilter(next: TimesheetFilterState) {
    // Typing a custom range's dates replaces the entry rather than stacking one per date.
    const datesOnly = next.period === 'custom' && filter.period === 'custom' && (next.from !== filter.from || next.to !== filter.to);
    // Only what this change changed, applied to the address as it is now (the browser's: the router's
    // own search params are those of the last render): two quick edits (the start date, then the end)
    // before the page renders again must not undo the first.
    const changed = Object.fromEntries(
      (Object.keys(next) as (keyof TimesheetFilterState)[]).filter((key) => next[key] !== filter[key]).map((key) => [key, next[key]]),
    );
    setSearchParams(filterSearch({ ...filterFromSearch(new URLSearchParams(window.location.search)), ...changed }), { replace: datesOnly });
  }

  const entries: TimesheetEntry[] = data?.items ?? [];
  const totals = data?.totals;
  // The server shows values to clients write (timesheet.service); known before its answer, the summary row
  // keeps its number of cards instead of turning from 3 into 4 when the page arrives (a layout shift).
  const { can } = usePermissions();
  const showsValues = data?.showsValues ?? can('clients', 'write');
  const total = data?.total ?? 0;

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
        actions={<ExportButtons query={query} disabled={!ready || total === 0} />}
      />
      <MyWeek />
      <TimeEntryTools />
      <TimesheetFilters filter={filter} onChange={setFilter} />
      <SimpleGrid columns={{ base: 2, md: showsValues ? 4 : 3 }} gap={{ base: '3', md: '4' }} mb="6">
        <SummaryCard label="Total de horas" value={formatHoursMinutes(totals?.seconds ?? 0)} icon={<Clock />} />
        <SummaryCard label="Registros" value={totals?.records ?? 0} icon={<ListChecks />} />
        <SummaryCard label="Usuários ativos" value={totals?.activeUsers ?? 0} icon={<Users />} />
        {showsValues && <SummaryCard label="Valor" {...valueSummaryProps(totals)} icon={<Wallet />} />}
      </SimpleGrid>
      {totals && <TimesheetTotals totals={totals} showsValues={showsValues} />}
      <Panel>
        <Card.Body p="0">
          {isLoading && !data ? (
            <Flex justify="center" py="10">
              <Spinner />
            </Flex>
          ) : entries.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="10">
              {ready ? 'Nenhum registro de tempo neste filtro.' : 'Escolha as datas do período personalizado.'}
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
                    {showsValues && <Table.ColumnHeader textAlign="end">Valor</Table.ColumnHeader>}
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
                      {showsValues && (
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {entry.value == null ? '—' : formatBRL(entry.value)}
                        </Table.Cell>
                      )}
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
          {total > TIMESHEET_PAGE_SIZE && (
            <Flex
              as="nav"
              aria-label="Páginas"
              justify="space-between"
              align="center"
              gap="2"
              px="4"
              py="3"
              borderTopWidth="1px"
              borderColor="border.muted"
            >
              <Text textStyle="sm" color="fg.muted">
                {offset + 1}–{Math.min(offset + TIMESHEET_PAGE_SIZE, total)} de {total}
              </Text>
              <HStack gap="2">
                <Button
                  size="xs"
                  variant="outline"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - TIMESHEET_PAGE_SIZE))}
                >
                  Anterior
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={offset + TIMESHEET_PAGE_SIZE >= total}
                  onClick={() => setOffset(offset + TIMESHEET_PAGE_SIZE)}
                >
                  Próxima
                </Button>
              </HStack>
            </Flex>
          )}
        </Card.Body>
      </Panel>
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
