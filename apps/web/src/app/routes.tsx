import { isAdmin, RECOMMENDATIONS_RESTRICTED_MESSAGE, RECOMMENDATIONS_RESTRICTED_TITLE, type User } from '@wkflow/contracts';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AccessDenied, AdminOnly } from '../components/AccessDenied';
import { canSeeAiDebug } from '../features/ai/ai.logic';
import { canOpenRecommendations } from '../features/recommendations/recommendations.logic';
import { AppShell } from './AppShell';
import { needs, RequireAccess, type RouteAccess } from './RequireAccess';

// Every page is its own chunk; only the shell is in the entry bundle.
const BoardPage = lazy(() => import('../features/board/BoardPage'));
const ClientsPage = lazy(() => import('../features/clients/ClientsPage'));
const ClientEditPage = lazy(() => import('../features/clients/ClientEditPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const UserRegisterPage = lazy(() => import('../features/users/UserRegisterPage'));
const AccessProfilesPage = lazy(() => import('../features/users/AccessProfilesPage'));
const PendingApprovalsPage = lazy(() => import('../features/users/PendingApprovalsPage'));
const UserEditPage = lazy(() => import('../features/users/UserEditPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const OnboardingPage = lazy(() => import('../features/onboarding/OnboardingPage'));
const ChatPage = lazy(() => import('../features/chat/ChatPage'));
const AnalyticsPage = lazy(() => import('../features/analytics/AnalyticsPage'));
const TimeManagementPage = lazy(() => import('../features/time-management/TimeManagementPage'));
const NotificationSettingsPage = lazy(() => import('../features/notifications/NotificationSettingsPage'));
const NotificationHistoryPage = lazy(() => import('../features/notifications/NotificationHistoryPage'));
const RecommendationsPage = lazy(() => import('../features/recommendations/RecommendationsPage'));
const LearningPage = lazy(() => import('../features/learning/LearningPage'));
const ThemesPage = lazy(() => import('../features/themes/ThemesPage'));
const AdminSettingsPage = lazy(() => import('../features/admin/AdminSettingsPage'));
const AdminAiTestPage = lazy(() => import('../features/admin/AdminAiTestPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

const USERS_READ = needs('users', 'read', 'Você não tem permissão para visualizar os usuários.');
const CLIENTS_READ = needs('clients', 'read', 'Você não tem permissão para visualizar os clientes.');
const ADMIN: RouteAccess = {
  allows: (user) => isAdmin(user),
  denied: <AccessDenied message="Você não tem permissão para acessar as configurações de e-mail." />,
};
const RECOMMENDATIONS: RouteAccess = {
  allows: canOpenRecommendations,
  denied: <AccessDenied title={RECOMMENDATIONS_RESTRICTED_TITLE} message={RECOMMENDATIONS_RESTRICTED_MESSAGE} />,
};
const AI_TEST: RouteAccess = { allows: canSeeAiDebug, denied: <AdminOnly /> };

/** The authenticated route table (extended.md §2.1). */
export function AuthenticatedRoutes({ user }: { user: User }) {
  return (
    <Routes>
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route element={<AppShell user={user} />}>
        <Route element={<RequireAccess access={needs('tasks', 'read', 'Você não tem permissão para visualizar o WKFlow.')} />}>
          <Route index element={<BoardPage />} />
          <Route path="kanban" element={<BoardPage />} />
        </Route>
        <Route element={<RequireAccess access={CLIENTS_READ} />}>
          <Route path="clients" element={<ClientsPage />} />
          <Route path="clients/:id" element={<ClientEditPage />} />
        </Route>
        <Route element={<RequireAccess access={USERS_READ} />}>
          <Route path="users" element={<UsersPage />} />
          <Route path="users/approvals" element={<PendingApprovalsPage />} />
          <Route path="users/:id/edit" element={<UserEditPage />} />
        </Route>
        <Route element={<RequireAccess access={needs('users', 'write', 'Você não tem permissão para cadastrar usuários.')} />}>
          <Route path="users/register" element={<UserRegisterPage />} />
        </Route>
        <Route
          element={<RequireAccess access={needs('user_management', 'read', 'Você não tem permissão para gerenciar perfis de acesso.')} />}
        >
          <Route path="users/profiles" element={<AccessProfilesPage />} />
          <Route path="users/permissions" element={<AccessProfilesPage />} />
        </Route>
        <Route path="profile" element={<ProfilePage />} />
        {/* Onboarding is part of the client's record on the API: clients read to view, clients write to act. */}
        <Route
          element={<RequireAccess access={needs('clients', 'read', 'Você não tem permissão para visualizar o onboarding de clientes.')} />}
        >
          <Route path="onboarding" element={<OnboardingPage />} />
        </Route>
        <Route element={<RequireAccess access={needs('chat', 'read', 'Você não tem permissão para visualizar o chat.')} />}>
          <Route path="chat" element={<ChatPage />} />
        </Route>
        <Route element={<RequireAccess access={needs('analytics', 'read', 'Você não tem permissão para visualizar analytics.')} />}>
          <Route path="analytics" element={<AnalyticsPage />} />
        </Route>
        <Route
          element={<RequireAccess access={needs('time_tracking', 'read', 'Você não tem permissão para visualizar gestão de tempo.')} />}
        >
          <Route path="time-management" element={<TimeManagementPage />} />
        </Route>
        <Route path="notifications" element={<NotificationSettingsPage />} />
        {/* 'Ver todas' of the bell: the whole history (not in the spec's table; /notifications stays the settings). */}
        <Route path="notifications/all" element={<NotificationHistoryPage />} />
        {/* users read plus access profile 1 or role manager (extended.md §6) */}
        <Route element={<RequireAccess access={RECOMMENDATIONS} />}>
          <Route path="recommendations" element={<RecommendationsPage />} />
        </Route>
        <Route path="learning" element={<LearningPage />} />
        <Route path="themes" element={<ThemesPage />} />
        {/* role admin or access profile 1, like the API (extended.md §2.12) */}
        <Route element={<RequireAccess access={ADMIN} />}>
          <Route path="admin/settings" element={<AdminSettingsPage />} />
        </Route>
        {/* username admin only (extended.md §2.13) */}
        <Route element={<RequireAccess access={AI_TEST} />}>
          <Route path="admin/ai-test" element={<AdminAiTestPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
