import { HStack, IconButton } from '@chakra-ui/react';
import type { AdminTimeEntry } from '@wkflow/contracts';
import { Lock, Pencil, Trash2 } from 'lucide-react';
import { appTimeZone } from '../../lib/appTimeZone';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { entryLockHint } from './manualEntry.logic';
import { useTimeLock } from './timeEntries.api';

/**
 * A row's edit and delete: disabled, with the reason as the hint, for entries in the locked period
 * or of other people (without time_tracking write) — the server refuses them the same way.
 */
export function EntryActions({ entry, onEdit, onRemove }: { entry: AdminTimeEntry; onEdit: () => void; onRemove: () => void }) {
  const { user } = useCurrentUser();
  const { subject } = usePermissions();
  const { data: lock } = useTimeLock(Boolean(user));
  const hint = user ? entryLockHint({ ...subject, id: user.id }, entry, lock?.effectiveDate ?? null, appTimeZone()) : null;
  return (
    <HStack justify="flex-end" gap="1" title={hint ?? undefined} data-locked={hint ? 'true' : undefined}>
      {hint && <Lock size={14} aria-label={hint} role="img" />}
      <IconButton
        aria-label={hint ? `Editar (${hint})` : 'Editar'}
        size="xs"
        variant="ghost"
        disabled={Boolean(hint) || !entry.endTime}
        onClick={onEdit}
      >
        <Pencil />
      </IconButton>
      <IconButton
        aria-label={hint ? `Remover (${hint})` : 'Remover'}
        size="xs"
        variant="ghost"
        colorPalette="red"
        disabled={Boolean(hint)}
        onClick={onRemove}
      >
        <Trash2 />
      </IconButton>
    </HStack>
  );
}
