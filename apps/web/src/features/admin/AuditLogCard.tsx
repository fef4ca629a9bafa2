import { Button, Field, Grid, HStack, Input, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditRecord, auditActionLabel } from '@wkflow/contracts';
import { Download, ScrollText } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import useSWR from 'swr';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { keys } from '../../lib/swr';
import { listOf, useTeam } from '../users/useUsers';
import { AdminCard } from './AdminCard';

interface AuditFilterValues {
  actorId: string;
  action: string;
  from: string;
  to: string;
}

const NO_FILTERS: AuditFilterValues = { actorId: '', action: '', from: '', to: '' };

/** The query string of the filters set (and the page, past the first). */
export function auditQuery(filters: AuditFilterValues, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

const DETAILS_SHOWN = 160;

/** What a row's details say: its data as `key: value` pairs (the export has them whole). */
function details(record: AuditRecord): string {
  return Object.entries(record.data)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

const shortened = (text: string) => (text.length > DETAILS_SHOWN ? `${text.slice(0, DETAILS_SHOWN)}…` : text);

/** A filter's select: 'Todas' (no filter), then the options. */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Todas</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** 'Auditoria': who did what to which object, and when; filtered by person, action and period, page by page, exported as CSV. */
export function AuditLogCard() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = auditQuery(filters, page);
  const exportQuery = auditQuery(filters);
  const { data, error, isLoading } = useSWR<AuditPage>(keys.audit(query), { keepPreviousData: true });
  const actions = useSWR<string[]>(keys.auditActions).data ?? [];
  const team = listOf(useTeam().data);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / AUDIT_PAGE_SIZE));
  const id = useId();

  const set = (name: keyof AuditFilterValues) => (value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };

  return (
    <AdminCard
      title="Auditoria"
      description="Quem fez o quê, em qual objeto e quando: entradas, aprovações, perfis e permissões, tokens, senhas de clientes."
      icon={<ScrollText />}
      testId="audit-log"
      actions={
        <Button asChild size="sm" variant="outline">
          <a href={`/api/audit/export${exportQuery ? `?${exportQuery}` : ''}`} download>
            <Download /> Exportar CSV
          </a>
        </Button>
      }
    >
      <Stack gap="4">
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: '2fr 2fr 1fr 1fr' }} gap="3">
          <FilterSelect label="Pessoa" value={filters.actorId} onChange={set('actorId')}>
            {team.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Ação" value={filters.action} onChange={set('action')}>
            {actions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </FilterSelect>
          <Field.Root>
            <Field.Label>De</Field.Label>
            <Input size="sm" type="date" value={filters.from} onChange={(e) => set('from')(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Até</Field.Label>
            <Input size="sm" type="date" value={filters.to} onChange={(e) => set('to')(e.target.value)} />
          </Field.Root>
        </Grid>
        {error ? (
          <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar a auditoria.')}</Text>
        ) : isLoading && !data ? (
          <Skeleton h="40" />
        ) : !data?.items.length ? (
          <Text color="fg.muted" textStyle="sm" data-testid="audit-empty">
            Nenhum registro para estes filtros.
          </Text>
        ) : (
          // A region of its own that scrolls sideways on a phone, reachable from the keyboard.
          <Table.ScrollArea borderWidth="1px" rounded="l2" tabIndex={0} role="region" aria-label="Registros de auditoria">
            <Table.Root size="sm" aria-labelledby={`${id}-caption`}>
              <Table.Caption id={`${id}-caption`} captionSide="top" textAlign="start" srOnly>
                Registros de auditoria
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Quando</Table.ColumnHeader>
                  <Table.ColumnHeader>Quem</Table.ColumnHeader>
                  <Table.ColumnHeader>Ação</Table.ColumnHeader>
                  <Table.ColumnHeader>Objeto</Table.ColumnHeader>
                  <Table.ColumnHeader>Detalhes</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.items.map((record) => (
                  <Table.Row key={record.id} data-testid="audit-row">
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(record.createdAt)}</Table.Cell>
                    <Table.Cell>{record.actor?.name ?? '—'}</Table.Cell>
                    <Table.Cell>{auditActionLabel(record.action)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {record.entity}
                      {record.entityId !== null ? ` #${record.entityId}` : ''}
                    </Table.Cell>
                    <Table.Cell color="fg.muted" minW="60" maxW="md" whiteSpace="normal" wordBreak="break-all" title={details(record)}>
                      {shortened(details(record))}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Text textStyle="sm" color="fg.muted" aria-live="polite">
            {data ? `${data.total} registro${data.total === 1 ? '' : 's'} · página ${page} de ${pages}` : ''}
          </Text>
          <HStack gap="2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Próxima
            </Button>
          </HStack>
        </HStack>
      </Stack>
    </AdminCard>
  );
}
