import { Button, type ButtonProps } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { usePermissions } from '../auth/usePermissions';

/** The dialog loads with its first opening (it is not part of the task dialog's or the page's first load). */
const loadDialog = () => import('./AddTimeEntryDialog');
const AddTimeEntryDialog = lazy(loadDialog);

/** 'Adicionar tempo' (time_tracking read: one's own time; write: anyone's), on /time-management and in the task dialog. */
export function AddTimeEntryButton({ task, ...props }: { task?: { id: number; title: string } } & ButtonProps) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (!can('time_tracking', 'read')) return null;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        data-testid="add-time-button"
        {...props}
      >
        <Plus /> Adicionar tempo
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <AddTimeEntryDialog open={open} onOpenChange={setOpen} task={task} />
        </Suspense>
      )}
    </>
  );
}
