import { Tabs } from '@chakra-ui/react';
import { DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '@wkflow/contracts';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useDashboard } from './analytics.api';
import { ClientsTab, OverviewTab, ProductivityTab } from './AnalyticsTabs';
import { PeriodSelect } from './PeriodSelect';
import { ReportsTab } from './ReportsTab';

type TabKey = 'overview' | 'productivity' | 'clients' | 'reports';

/** /analytics (extended.md §2.6): team figures for 7, 30 or 90 days, and reports. Needs analytics read. */
export default function AnalyticsPage() {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const [tab, setTab] = useState<TabKey>('overview');
  const dashboard = useDashboard(period);

  return (
    <>
      <PageHeader
        title="Analytics"
        description="Indicadores da equipe e relatórios."
        actions={<PeriodSelect size="sm" w="44" label="Período" value={period} onChange={setPeriod} testId="analytics-period" />}
      />
      {/* unmountOnExit: a chart left mounted in a hidden tab measures 0×0 and recharts warns on every resize. */}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as TabKey)} variant="line" colorPalette="brand" lazyMount unmountOnExit>
        <Tabs.List mb="5" overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="overview" flexShrink={0} whiteSpace="nowrap">
            Visão Geral
          </Tabs.Trigger>
          <Tabs.Trigger value="productivity" flexShrink={0} whiteSpace="nowrap">
            Produtividade
          </Tabs.Trigger>
          <Tabs.Trigger value="clients" flexShrink={0} whiteSpace="nowrap">
            Clientes
          </Tabs.Trigger>
          <Tabs.Trigger value="reports" flexShrink={0} whiteSpace="nowrap">
            Relatórios
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview" pt="0">
          <OverviewTab data={dashboard.data} isLoading={dashboard.isLoading} period={period} />
        </Tabs.Content>
        <Tabs.Content value="productivity" pt="0">
          <ProductivityTab period={period} />
        </Tabs.Content>
        <Tabs.Content value="clients" pt="0">
          <ClientsTab period={period} />
        </Tabs.Content>
        <Tabs.Content value="reports" pt="0">
          <ReportsTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
