import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { NEW_PARAM } from '../../app/shellActions';
import { withoutParam } from '../../lib/searchParams';
import { usePermissions } from '../auth/usePermissions';

const AiTaskModal = lazy(() => import('./AiTaskModal').then((m) => ({ default: m.AiTaskModal })));

/**
 * Opens the 'Criar Tarefa com IA' modal when the URL carries ?new=ai (the header's 'Criar com IA')
 * and removes the parameter on close. Mounted once by the app shell; needs tasks write.
 */
export function AiTaskModalHost() {
  const [params, setParams] = useSearchParams();
  const { can, isLoading } = usePermissions();
  const requested = params.get(NEW_PARAM) === 'ai';
  const allowed = can('tasks', 'write');

  const close = useCallback(() => setParams(withoutParam(NEW_PARAM), { replace: true }), [setParams]);

  // Without tasks write the header shows no button; a hand-typed ?new=ai is just dropped.
  useEffect(() => {
    if (requested && !isLoading && !allowed) close();
  }, [requested, isLoading, allowed, close]);

  if (!requested || !allowed) return null;
  return (
    <Suspense fallback={null}>
      <AiTaskModal open onClose={close} />
    </Suspense>
  );
}
