import { Button, Field, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { TIMESHEET_PERIOD_LABELS, TIMESHEET_PERIODS, type TimesheetPeriod } from '@wkflow/contracts';
import { FilterX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTimesheetOptions } from './timeEntries.api';
import { filterProblem, idOrNull, initialTimesheetFilter, type TimesheetFilterState } from './timesheet.logic';

function Select({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The filters of /time-management: period (or a custom range), person, client and task. The
 * choices come from the server, limited to what the user's time_tracking scope shows.
 */
export function TimesheetFilters({ filter, onChange }: { filter: TimesheetFilterState; onChange: (next: TimesheetFilterState) => void }) {
  const { data: options } = useTimesheetOptions(null);
  // Tasks narrowed to the chosen client (one more call only when a client is picked).
  const { data: clientOptions } = useTimesheetOptions(filter.clientId, Boolean(filter.clientId));
  const tasks = (filter.clientId ? clientOptions?.tasks : options?.tasks) ?? [];
  const problem = filterProblem(filter);
  const set = (patch: Partial<TimesheetFilterState>) => onChange({ ...filter, ...patch });
  const filtered = JSON.stringify(filter) !== JSON.stringify(initialTimesheetFilter);

  return (
    <SimpleGrid
      as="fieldset"
      aria-label="Filtros"
      columns={{ base: 2, lg: filter.period === 'custom' ? 6 : 4 }}
      gap="3"
      mb="4"
      alignItems="end"
    >
      <Select label="Período" value={filter.period} onChange={(v) => set({ period: v as TimesheetPeriod })} testId="time-period">
        {TIMESHEET_PERIODS.map((p) => (
          <option key={p} value={p}>
            {TIMESHEET_PERIOD_LABELS[p]}
          </option>
        ))}
      </Select>
      {filter.period === 'custom' && (
        <>
          <Field.Root invalid={Boolean(problem && filter.from && filter.to)}>
            <Field.Label>De</Field.Label>
            <Input
              size="sm"
              type="date"
              value={filter.from}
              max={filter.to || undefined}
              onChange={(e) => set({ from: e.target.value })}
              data-testid="time-from"
            />
          </Field.Root>
          <Field.Root invalid={Boolean(problem && filter.from && filter.to)}>
            <Field.Label>Até</Field.Label>
            <Input
              size="sm"
              type="date"
              value={filter.to}
              min={filter.from || undefined}
              onChange={(e) => set({ to: e.target.value })}
              data-testid="time-to"
            />
          </Field.Root>
        </>
      )}
      <Select label="Pessoa" value={String(filter.userId ?? '')} onChange={(v) => set({ userId: idOrNull(v) })} testId="time-person">
        <option value="">Todas as pessoas</option>
        {options?.people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </Select>
      <Select
        label="Cliente"
        value={String(filter.clientId ?? '')}
        // A task belongs to one client: changing the client clears the task.
        onChange={(v) => set({ clientId: idOrNull(v), taskId: null })}
        testId="time-client"
      >
        <option value="">Todos os clientes</option>
        {options?.clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
      <Select label="Tarefa" value={String(filter.taskId ?? '')} onChange={(v) => set({ taskId: idOrNull(v) })} testId="time-task">
        <option value="">Todas as tarefas</option>
        {tasks.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </Select>
      {filtered && (
        <Button size="sm" variant="ghost" onClick={() => onChange(initialTimesheetFilter)} justifySelf="start">
          <FilterX /> Limpar filtros
        </Button>
      )}
      {problem && (
        <Text role="status" color="fg.muted" textStyle="sm" gridColumn="1 / -1">
          {problem}
        </Text>
      )}
    </SimpleGrid>
  );
}
