import { mutate, type SWRConfiguration } from 'swr';
import { fetchBoard } from './boardVersion';
import { errorMessage, errorStatus, getJson, isOutage } from './fetcher';
import { toast, toaster } from './toast';

/**
 * SWR defaults (core.md §7, DESIGN §6): no refetch on focus or reconnect, never stale, no retry.
 * Polling is set per hook only where the spec gives an interval.
 */
/** The fetcher of every key: the board list also keeps the version it was read at (lib/boardVersion.ts). */
export const fetchKey = (key: string): Promise<unknown> => (key === keys.tasks ? fetchBoard(key) : getJson(key));

export const swrDefaults: SWRConfiguration = {
  fetcher: fetchKey,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  dedupingInterval: 2_000,
  // A 401 on any data call means the session ended: refetch the current user, which shows the login.
  // A read the server did not answer says so, instead of leaving the page looking empty.
  onError(error: unknown, key: string) {
    if (key !== keys.me && errorStatus(error) === 401) void mutate(keys.me);
    else if (isOutage(error) && !key.startsWith(NOTIFICATIONS_PREFIX)) showLoadFailure(error);
  },
};

export const LOAD_FAILURE_TITLE = 'Erro ao carregar dados';
/** core.md §8: notification failures show no toast (the bell polls; its page has its own message). */
const NOTIFICATIONS_PREFIX = '/api/notifications';
/** While the server stays out of reach, polls and page changes repeat the notice at most this often. */
export const LOAD_FAILURE_INTERVAL_MS = 30_000;
let lastLoadFailureAt = -Infinity;

function showLoadFailure(error: unknown, now = Date.now()): void {
  // Never hides the toast of an action (e.g. 'Erro ao mover tarefa'): only one shows at a time.
  if (now - lastLoadFailureAt < LOAD_FAILURE_INTERVAL_MS || toaster.getVisibleToasts().length > 0) return;
  lastLoadFailureAt = now;
  toast.error(LOAD_FAILURE_TITLE, errorMessage(error));
}

export const FIVE_MINUTES = 5 * 60_000;

/** Every SWR key of the app, in one place. */
export const keys = {
  me: '/api/auth/me',
  /** The ways in the login screen offers (single sign-on, and whether e-mail and password are everyone's). */
  authProviders: '/api/auth/providers',
  /** The signed-in user's own sessions ('Meu perfil'). */
  authSessions: '/api/auth/sessions',
  /** Personal API tokens: one's own, or (administrators) everyone's. */
  apiTokens: (all: boolean) => (all ? '/api/tokens?all=true' : '/api/tokens'),
  /** The signed-in user's second factor ('Meu perfil'). */
  twoFactor: '/api/auth/2fa',
  modulePermissions: '/api/module-permissions',
  clients: '/api/clients',
  client: (id: number | string) => `/api/clients/${id}`,
  clientAccess: (id: number | string) => `/api/clients/${id}/access`,
  users: '/api/users',
  /** The whole team including pending registrations (needs users read). */
  usersWithPending: '/api/users?includePending=true',
  user: (id: number | string) => `/api/users/${id}`,
  pendingUsers: '/api/users/pending',
  accessProfiles: '/api/access-profiles',
  profilePermissions: (id: number | string) => `/api/access-profiles/${id}/permissions`,
  columns: '/api/columns',
  tasks: '/api/tasks',
  task: (id: number | string) => `/api/tasks/${id}`,
  /** The 'Arquivadas' list: search, client and page in the query (one key per combination). */
  archivedPrefix: '/api/tasks/archived',
  archived: (query: { search?: string; clientId?: number | null; limit?: number; offset?: number }) => {
    const params = new URLSearchParams();
    if (query.search) params.set('search', query.search);
    if (query.clientId) params.set('clientId', String(query.clientId));
    if (query.limit) params.set('limit', String(query.limit));
    if (query.offset) params.set('offset', String(query.offset));
    const text = params.toString();
    return text ? `/api/tasks/archived?${text}` : '/api/tasks/archived';
  },
  taskAttachments: (id: number | string) => `/api/tasks/${id}/attachments`,
  taskComments: (id: number | string) => `/api/tasks/${id}/comments`,
  taskHistory: (id: number | string) => `/api/tasks/${id}/history`,
  taskTotalTime: (id: number | string) => `/api/tasks/${id}/total-time`,
  taskTimeEntries: (id: number | string) => `/api/time-entries/task/${id}`,
  activeTimeEntry: '/api/time-entries/active',
  adminTimeEntries: (period: string) => `/api/time-entries/admin?period=${period}`,
  /** /time-management: the filtered page with its totals (the query from timesheetQuery). */
  timesheet: (query: string) => `/api/time-entries/timesheet?${query}`,
  timesheetOptions: (clientId: number | null) => `/api/time-entries/timesheet/options${clientId ? `?clientId=${clientId}` : ''}`,
  timesheetExport: (query: string, format: 'csv' | 'xlsx') => `/api/time-entries/timesheet/export?format=${format}&${query}`,
  myWeek: '/api/time-entries/my-week',
  notifications: '/api/notifications',
  /** The bell: the first 10 of the history with the true total and unread counts. */
  notificationBell: '/api/notifications/history?limit=10',
  notificationHistory: (limit: number, cursor: string | null) =>
    `/api/notifications/history?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  notificationPreferences: '/api/notifications/preferences',
  onboarding: '/api/onboarding',
  onboardingSteps: (id: number | string) => `/api/onboarding/${id}/steps`,
  chatRooms: '/api/chat/rooms',
  chatMessages: (id: number | string) => `/api/chat/rooms/${id}/messages`,
  analyticsDashboard: (period: number) => `/api/analytics/dashboard?period=${period}`,
  analyticsReports: '/api/analytics/reports',
  analyticsTrend: (period: number) => `/api/analytics/trend?period=${period}`,
  analyticsProductivity: (period: number) => `/api/analytics/productivity?period=${period}`,
  analyticsClients: (period: number) => `/api/analytics/clients?period=${period}`,
  recommendations: '/api/recommendations',
  recommendationsAnalytics: '/api/recommendations/analytics',
  recommendationsStats: '/api/recommendations/stats',
  learningDashboard: '/api/learning/dashboard',
  learningPath: (id: number | string) => `/api/learning/paths/${id}`,
  themes: '/api/themes',
  userTheme: (userId: number | string) => `/api/themes/user/${userId}`,
  emailStatus: '/api/admin/email-status',
  emailQueue: '/api/admin/email-queue',
  /** 'Auditoria': a page of the trail for these filters (a query string, possibly empty), and the actions recorded. */
  audit: (query: string) => `/api/audit${query ? `?${query}` : ''}`,
  auditActions: '/api/audit/actions',
  emailQueueStats: '/api/admin/email-queue/stats',
} as const;

const TIME_FIGURES = [
  '/api/time-entries/admin?',
  '/api/time-entries/timesheet',
  '/api/time-entries/my-week',
  '/api/analytics/dashboard?',
  '/api/analytics/trend?',
  '/api/analytics/productivity?',
  '/api/analytics/clients?',
];

/**
 * The keys that show time entries or figures from them, refreshed when a timer starts or stops
 * (in this tab, or another one through /ws 'timer.changed'): the running timer, the task's
 * times and history, /time-management (every period) and the analytics sums.
 */
export function isTimeKey(key: unknown, taskId: number | null): boolean {
  if (typeof key !== 'string') return false;
  if (key === keys.activeTimeEntry || TIME_FIGURES.some((prefix) => key.startsWith(prefix))) return true;
  return (
    taskId !== null && (key === keys.taskTotalTime(taskId) || key === keys.taskTimeEntries(taskId) || key === keys.taskHistory(taskId))
  );
}
