import { taskPath } from '@wkflow/contracts';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { restoreTask } from './tasks.api';

/** The absolute address of a task (what 'Copiar link' copies): /kanban?task=<id> on this origin. */
export function taskUrl(taskId: number): string {
  return new URL(taskPath(taskId), window.location.origin).toString();
}

/** Restores a task with its toasts: the archive toast's 'Desfazer', 'Restaurar' in the dialog and in 'Arquivadas'. */
export async function restore(taskId: number): Promise<boolean> {
  try {
    await restoreTask(taskId);
    toast.success('Tarefa restaurada');
    return true;
  } catch (err) {
    toast.error('Erro ao restaurar tarefa', errorMessage(err));
    return false;
  }
}
