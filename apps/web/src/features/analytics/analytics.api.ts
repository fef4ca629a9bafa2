import type {
  AnalyticsDashboard,
  AnalyticsPeriod,
  AnalyticsTrendDay,
  ClientPerformance,
  CreateReportRequest,
  MemberProductivity,
  Report,
} from '@wkflow/contracts';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { apiFetch, getApiBaseUrl } from '../../lib/fetcher';
import { FIVE_MINUTES, keys } from '../../lib/swr';
import { hasUnfinishedReports } from './analytics.logic';

/** Dashboard figures are fresh for 5 minutes (extended.md §7, §9): refetched on a later visit. */
const FRESH_FIVE_MINUTES: SWRConfiguration = { dedupingInterval: FIVE_MINUTES, revalidateIfStale: true };

export function useDashboard(period: AnalyticsPeriod) {
  return useSWR<AnalyticsDashboard>(keys.analyticsDashboard(period), FRESH_FIVE_MINUTES);
}

export function useTrend(period: AnalyticsPeriod) {
  return useSWR<AnalyticsTrendDay[]>(keys.analyticsTrend(period), FRESH_FIVE_MINUTES);
}

export function useProductivity(period: AnalyticsPeriod) {
  return useSWR<MemberProductivity[]>(keys.analyticsProductivity(period), FRESH_FIVE_MINUTES);
}

export function useClientPerformance(period: AnalyticsPeriod) {
  return useSWR<ClientPerformance[]>(keys.analyticsClients(period), FRESH_FIVE_MINUTES);
}

/** The report list; polled every 3 s only while a report is still being computed. */
export function useReports() {
  return useSWR<Report[]>(keys.analyticsReports, { refreshInterval: (reports) => (hasUnfinishedReports(reports) ? 3_000 : 0) });
}

export async function createReport(body: CreateReportRequest): Promise<Report> {
  const report = await apiFetch<Report>('/api/analytics/reports', { method: 'POST', body });
  await mutate(keys.analyticsReports);
  return report;
}

export function reportDownloadUrl(id: number): string {
  return `${getApiBaseUrl()}/api/analytics/reports/${id}/download`;
}
