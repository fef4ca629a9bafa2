import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { keys } from '../../lib/swr';
import { resetThemeColors } from '../themes/applyTheme';
import { logout } from './auth.api';

/** POST /api/auth/logout, then forget the user (and every cached list) and go to /login. */
export function useLogout() {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.error('Logout failed', error); // a logout failure is only logged (extended.md §8)
    }
    await mutate((key) => key !== keys.me, undefined, { revalidate: false });
    resetThemeColors();
    await mutate(keys.me, null, { revalidate: false });
    navigate('/login', { replace: true });
  }, [mutate, navigate]);
}
