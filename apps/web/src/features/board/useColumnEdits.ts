import type { Column } from '@wkflow/contracts';
import { useCallback, useState } from 'react';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { createColumn, deleteColumn, renameColumn, updateColumn } from './columns.api';

/** An administrator's edits of the lists: rename, colour, a new list at the end, and deletion after a confirmation. */
export function useColumnEdits(columnCount: number) {
  const onRename = useCallback((column: Column, name: string) => {
    renameColumn(column.id, name, (question) => window.confirm(question))
      .then((renamed) => renamed && toast.success('Lista Atualizada'))
      .catch((err: unknown) => toast.error('Erro ao Atualizar Lista', errorMessage(err)));
  }, []);
  const onRecolor = useCallback((column: Column, color: string) => {
    updateColumn(column.id, { color })
      .then(() => toast.success('Lista Atualizada'))
      .catch((err: unknown) => toast.error('Erro ao Atualizar Lista', errorMessage(err)));
  }, []);
  const onCreate = useCallback(
    async (name: string) => {
      try {
        await createColumn(name, columnCount + 1);
        toast.success('Lista Criada');
        return true;
      } catch (err) {
        toast.error('Erro ao Criar Lista', errorMessage(err));
        return false;
      }
    },
    [columnCount],
  );

  // The list whose deletion waits for the confirmation.
  const [deleting, setDeleting] = useState<Column | null>(null);
  const confirmUsed = useOpenedOnce(deleting !== null);
  const onDelete = useCallback((column: Column) => setDeleting(column), []);
  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteColumn(deleting.id);
      toast.success('Lista Excluída');
    } catch (err) {
      toast.error('Erro ao Excluir Lista', errorMessage(err));
    }
  }

  return {
    onRename,
    onRecolor,
    onCreate,
    onDelete,
    /** The deletion's confirmation dialog (mounted from its first opening on). */
    deleteConfirm: { used: confirmUsed, column: deleting, close: () => setDeleting(null), confirm: confirmDelete },
  };
}
