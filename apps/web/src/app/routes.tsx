import type { User } from '@wkflow/contracts';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from './AppShell';

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

/** The authenticated route table (extended.md §2.1). */
export function AuthenticatedRoutes({ user }: { user: User }) {
  return (
    <Routes>
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route element={<AppShell user={user} />}>
        <Route index element={<BoardPage />} />
        <Route path="kanban" element={<BoardPage />} />
        <Route path="clients" element={<ClientsPage />} />
        <Route path="clients/:id" element={<ClientEditPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/register" element={<UserRegisterPage />} />
        <Route path="users/profiles" element={<AccessProfilesPage />} />
        <Route path="users/permissions" element={<AccessProfilesPage />} />
        <Route path="users/approvals" element={<PendingApprovalsPage />} />
        <Route path="users/:id/edit" element={<UserEditPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="onboarding" element={<OnboardingPage />} />
        <Route path="chat" element={<ChatPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="time-management" element={<TimeManagementPage />} />
        <Route path="notifications" element={<NotificationSettingsPage />} />
        {/* 'Ver todas' of the bell: the whole history (not in the spec's table; /notifications stays the settings). */}
        <Route path="notifications/all" element={<NotificationHistoryPage />} />
        <Route path="recommendations" element={<RecommendationsPage />} />
        <Route path="learning" element={<LearningPage />} />
        <Route path="themes" element={<ThemesPage />} />
        <Route path="admin/settings" element={<AdminSettingsPage />} />
        <Route path="admin/ai-test" element={<AdminAiTestPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
