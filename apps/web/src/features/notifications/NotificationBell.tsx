import { Box, IconButton } from '@chakra-ui/react';
import { Bell } from 'lucide-react';

/**
 * Slot for the notification dropdown of extended.md §2.2 (list, unread badge capped at 99+,
 * Ativar / Teste / Marcar todas). Not built yet: only the bell, without data.
 */
export function NotificationBell() {
  return (
    <Box position="relative" data-testid="notification-bell">
      <IconButton variant="ghost" size="sm" rounded="full" aria-label="Notificações" color="fg.muted">
        <Bell />
      </IconButton>
    </Box>
  );
}
