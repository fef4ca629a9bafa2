import { Box, Card, Heading, Text } from '@chakra-ui/react';
import { formatHoursMinutes, type AnalyticsTrendDay, type ClientPerformance, type MemberProductivity } from '@wkflow/contracts';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayLabel, topBy } from './analytics.logic';
import { Panel } from '../../components/Panel';

/** Charts of the overview, Produtividade and Clientes tabs. Only this file imports recharts (loaded lazily). */

const COLORS = {
  primary: 'var(--wk-brand-500, #3b82f6)',
  secondary: '#22c55e',
  warning: '#f97316',
  grid: 'var(--chakra-colors-border-muted, #e5e7eb)',
};

/** Axis names cut to fit under a bar group. */
const shortName = (value: unknown) => {
  const text = String(value);
  return text.length > 14 ? `${text.slice(0, 13)}…` : text;
};

/** Axis ticks in decimal hours; tooltips in hours and minutes from the same exact figure. */
const hoursLabel = (value: unknown) => `${Number(value).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} h`;
const timeLabel = (value: unknown) => formatHoursMinutes(Number(value) * 3600);
/** Exact hours from exact seconds (the API's `hours` has two decimals). */
const exactHours = <T extends { seconds: number }>(rows: T[]) => rows.map((row) => ({ ...row, hours: row.seconds / 3600 }));

function ChartCard({ title, children, empty }: { title: string; children: React.ReactElement; empty: boolean }) {
  return (
    <Panel>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body>
        {empty ? (
          <Text color="fg.muted" textAlign="center" py="10">
            Sem dados neste período.
          </Text>
        ) : (
          <Box h="80" fontSize="xs">
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          </Box>
        )}
      </Card.Body>
    </Panel>
  );
}

interface BarSpec {
  key: string;
  name: string;
  color: string;
}

/** Counts side by side per member or client. */
function CountBars<T extends { name: string }>({ title, data, bars }: { title: string; data: T[]; bars: BarSpec[] }) {
  return (
    <ChartCard title={title} empty={data.length === 0}>
      <BarChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="name" tickLine={false} interval={0} tick={{ fontSize: 11 }} tickFormatter={shortName} />
        <YAxis allowDecimals={false} tickLine={false} width={32} />
        <Tooltip />
        <Legend />
        {bars.map((bar) => (
          <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.color} radius={[4, 4, 0, 0]} />
        ))}
      </BarChart>
    </ChartCard>
  );
}

/** Hours as horizontal bars, longest first. */
function HoursBars<T extends { name: string; hours: number }>({ title, data }: { title: string; data: T[] }) {
  return (
    <ChartCard title={title} empty={data.length === 0}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, left: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} horizontal={false} />
        <XAxis type="number" tickLine={false} tickFormatter={hoursLabel} />
        <YAxis type="category" dataKey="name" width={140} tickLine={false} tick={{ fontSize: 11 }} />
        <Tooltip formatter={timeLabel} />
        <Bar dataKey="hours" name="Horas" fill={COLORS.primary} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function ProductivityCharts({ members }: { members: MemberProductivity[] }) {
  return (
    <>
      <CountBars
        title="Tarefas por membro"
        data={topBy(members, (m) => m.completed_tasks + m.open_tasks)}
        bars={[
          { key: 'completed_tasks', name: 'Concluídas', color: COLORS.secondary },
          { key: 'open_tasks', name: 'Abertas', color: COLORS.primary },
        ]}
      />
      <HoursBars title="Horas registradas por membro" data={exactHours(topBy(members, (m) => m.seconds))} />
    </>
  );
}

export function ClientCharts({ clients }: { clients: ClientPerformance[] }) {
  return (
    <>
      <CountBars
        title="Tarefas por cliente"
        data={topBy(clients, (c) => c.tasks + c.completed)}
        bars={[
          { key: 'tasks', name: 'Tarefas', color: COLORS.primary },
          { key: 'completed', name: 'Concluídas', color: COLORS.secondary },
          { key: 'overdue', name: 'Atrasadas', color: COLORS.warning },
        ]}
      />
      <HoursBars title="Horas por cliente" data={exactHours(topBy(clients, (c) => c.seconds))} />
    </>
  );
}

/** The overview's day-by-day trend: completed tasks as bars, hours as a line on its own axis. */
export function TrendChart({ days }: { days: AnalyticsTrendDay[] }) {
  const empty = days.every((d) => d.completed_tasks === 0 && d.seconds === 0);
  return (
    <ChartCard title="Atividade por dia" empty={empty}>
      <ComposedChart data={exactHours(days)} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="date" tickLine={false} tick={{ fontSize: 11 }} tickFormatter={dayLabel} minTickGap={16} />
        <YAxis yAxisId="tasks" allowDecimals={false} tickLine={false} width={32} />
        <YAxis yAxisId="hours" orientation="right" tickLine={false} width={48} tickFormatter={hoursLabel} />
        <Tooltip labelFormatter={dayLabel} formatter={(value, name) => (name === 'Horas' ? timeLabel(value) : value)} />
        <Legend />
        <Bar
          yAxisId="tasks"
          dataKey="completed_tasks"
          name="Tarefas concluídas"
          fill={COLORS.secondary}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
        {/* Bars, not a line: a line between daily points spreads one day's hours over its neighbours. */}
        <Bar yAxisId="hours" dataKey="hours" name="Horas" fill={COLORS.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </ComposedChart>
    </ChartCard>
  );
}
