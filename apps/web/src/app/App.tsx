import { lazy, Suspense, useDeferredValue, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { AuthenticatedRoutes } from './routes';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const LoginUnlockPage = lazy(() => import('../features/auth/LoginUnlockPage'));
const TwoFactorRequiredPage = lazy(() => import('../features/profile/TwoFactorRequiredPage'));

/** Pages open to anyone, logged in or not (the password reset's and the login unlock link's). */
const PUBLIC_PAGES: Record<string, ComponentType> = {
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/login-unlock': LoginUnlockPage,
};

/**
 * Authentication decides everything: loading → 'Carregando...'; no user → the login screen at
 * whatever path; a user → the route table inside the shell (or only the second factor's setup, when his
 * profile requires one he lacks). The password-reset pages show either way.
 */
export function App() {
  // Deferred: when the answer arrives, the shell and the page render in a pass React slices, not in the
  // one long task of SWR's update (Total Blocking Time); the spinner stays up meanwhile.
  const current = useCurrentUser();
  const user = useDeferredValue(current.user);
  const { pathname } = useLocation();
  const PublicPage = PUBLIC_PAGES[pathname.replace(/\/+$/, '')];

  if (PublicPage) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <PublicPage />
      </Suspense>
    );
  }

  if (user === undefined) return <FullPageSpinner />;

  if (user === null) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LoginPage />
      </Suspense>
    );
  }

  // His profile requires a second factor he has not set up: nothing else until he does.
  if (current.twoFactorSetupRequired) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <TwoFactorRequiredPage />
      </Suspense>
    );
  }

  return <AuthenticatedRoutes user={user} />;
}
