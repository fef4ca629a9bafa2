import { Badge, Box, Card, Flex, Heading, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { formatHoursMinutes, type AnalyticsDashboard, type AnalyticsPeriod } from '@wkflow/contracts';
import { CheckCircle2, Clock, Minus, Percent, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useClientPerformance, useProductivity, useTrend } from './analytics.api';
import { formatChange, formatPercent, trendOf } from './analytics.logic';
import { Panel } from '../../components/Panel';

// recharts stays in its own chunk, fetched when a chart tab opens.
const ProductivityCharts = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.ProductivityCharts })));
const TrendChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.TrendChart })));
const ClientCharts = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.ClientCharts })));

function Loading() {
  return (
    <Flex justify="center" py="10">
      <Spinner />
    </Flex>
  );
}

function ChangeBadge({ change }: { change: number | null }) {
  const trend = trendOf(change);
  const Icon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : Minus;
  return (
    <Flex
      align="center"
      gap="1"
      color={trend === 'up' ? 'green.fg' : trend === 'down' ? 'red.fg' : 'fg.muted'}
      textStyle="sm"
      data-trend={trend}
    >
      <Icon size={16} />
      {change === null ? (
        <Text as="span" color="fg.muted">
          {formatChange(change)}
        </Text>
      ) : (
        <>
          <Text as="span" fontWeight="medium">
            {formatChange(change).replace(' vs. período anterior', '')}
          </Text>
          <Text as="span" color="fg.muted">
            vs. período anterior
          </Text>
        </>
      )}
    </Flex>
  );
}

function MetricCard({
  label,
  value,
  change,
  icon,
  testId,
}: {
  label: string;
  value: string;
  change: number | null;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Panel data-testid={testId}>
      <Card.Body gap="2">
        <Flex justify="space-between" align="center">
          <Text textStyle="sm" color="fg.muted">
            {label}
          </Text>
          <Box color="brand.fg">{icon}</Box>
        </Flex>
        <Text fontSize="3xl" fontWeight="semibold" lineHeight="1.1">
          {value}
        </Text>
        <ChangeBadge change={change} />
      </Card.Body>
    </Panel>
  );
}

export function OverviewTab({
  data,
  isLoading,
  period,
}: {
  data: AnalyticsDashboard | undefined;
  isLoading: boolean;
  period: AnalyticsPeriod;
}) {
  const trend = useTrend(period);
  if (isLoading || !data) return <Loading />;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <MetricCard
          testId="metric-completed"
          label="Tarefas Concluídas"
          value={data.completed_tasks.toLocaleString('pt-BR')}
          change={data.completed_tasks_change}
          icon={<CheckCircle2 />}
        />
        <MetricCard
          testId="metric-hours"
          label="Horas Trabalhadas"
          value={formatHoursMinutes(data.total_seconds)}
          change={data.hours_change}
          icon={<Clock />}
        />
        <MetricCard
          testId="metric-members"
          label="Membros Ativos"
          value={data.active_members.toLocaleString('pt-BR')}
          change={data.members_change}
          icon={<Users />}
        />
        <MetricCard
          testId="metric-rate"
          label="Taxa de Conclusão"
          value={formatPercent(data.completion_rate)}
          change={data.completion_rate_change}
          icon={<Percent />}
        />
      </SimpleGrid>
      {trend.data ? (
        <Suspense fallback={<Loading />}>
          <TrendChart days={trend.data} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </Stack>
  );
}

function DataTable({ title, headers, rows, testId }: { title: string; headers: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <Panel>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body p="0" pt="2">
        {rows.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="8">
            Sem dados neste período.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid={testId}>
              <Table.Header>
                <Table.Row>
                  {headers.map((h, i) => (
                    <Table.ColumnHeader key={h} textAlign={i === 0 ? 'start' : 'end'}>
                      {h}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((cells, r) => (
                  <Table.Row key={r}>
                    {cells.map((cell, i) => (
                      <Table.Cell key={i} textAlign={i === 0 ? 'start' : 'end'} fontWeight={i === 0 ? 'medium' : undefined}>
                        {cell}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Panel>
  );
}

export function ProductivityTab({ period }: { period: AnalyticsPeriod }) {
  const { data, isLoading } = useProductivity(period);
  if (isLoading || !data) return <Loading />;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Suspense fallback={<Loading />}>
          <ProductivityCharts members={data} />
        </Suspense>
      </SimpleGrid>
      <DataTable
        title="Produtividade por membro"
        testId="productivity-table"
        headers={['Membro', 'Tarefas concluídas', 'Horas', 'Tarefas abertas']}
        rows={data.map((m) => [m.name, m.completed_tasks, formatHoursMinutes(m.seconds), m.open_tasks])}
      />
    </Stack>
  );
}

export function ClientsTab({ period }: { period: AnalyticsPeriod }) {
  const { data, isLoading } = useClientPerformance(period);
  if (isLoading || !data) return <Loading />;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Suspense fallback={<Loading />}>
          <ClientCharts clients={data} />
        </Suspense>
      </SimpleGrid>
      <DataTable
        title="Desempenho por cliente"
        testId="clients-table"
        headers={['Cliente', 'Tarefas', 'Concluídas', 'Atrasadas', 'Horas']}
        rows={data.map((c) => [
          <Flex key="n" align="center" gap="2">
            <Box boxSize="2.5" rounded="full" bg={c.color} flexShrink={0} />
            {c.name}
          </Flex>,
          c.tasks,
          c.completed,
          c.overdue > 0 ? <Badge colorPalette="red">{c.overdue}</Badge> : 0,
          formatHoursMinutes(c.seconds),
        ])}
      />
    </Stack>
  );
}
