import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { AuthenticatedRoutes } from './routes';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));

/**
 * Authentication decides everything: loading → 'Carregando...'; no user → the login screen at
 * whatever path; a user → the route table inside the shell.
 */
export function App() {
  const { user } = useCurrentUser();

  if (user === undefined) return <FullPageSpinner />;

  if (user === null) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LoginPage />
      </Suspense>
    );
  }

  return <AuthenticatedRoutes user={user} />;
}
