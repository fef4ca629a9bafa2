import { Badge, Box, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { forwardRef, lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useNotificationBell } from './notifications.api';
import { bellItems, unreadBadge } from './notifications.logic';

/** 'Ver todas': the whole history (the settings page keeps /notifications). */
export const HISTORY_PATH = '/notifications/all';

/**
 * The dropdown (Chakra's Popover with its positioning and focus machinery, shared with the board's colour
 * picker) loads on the bell's first hover, focus or click, so it is not part of every page's first load.
 */
const loadPopup = () => import('./NotificationBellPopup');
const NotificationBellPopup = lazy(loadPopup);

export const BellButton = forwardRef<HTMLButtonElement, Partial<IconButtonProps>>(function BellButton(props, ref) {
  return (
    <IconButton ref={ref} variant="ghost" size="sm" rounded="full" aria-label="Notificações" color="fg.muted" {...props}>
      <Bell />
    </IconButton>
  );
});

export function BellBadge({ unread }: { unread: number }) {
  const badge = unreadBadge(unread);
  if (!badge) return null;
  return (
    <Badge
      position="absolute"
      top="-1"
      insetEnd="-1"
      minW="5"
      h="5"
      px="1"
      justifyContent="center"
      rounded="full"
      variant="solid"
      colorPalette="red"
      textStyle="2xs"
      pointerEvents="none"
      data-testid="notification-badge"
    >
      {badge}
    </Badge>
  );
}

/**
 * The header's notification dropdown (extended.md §2.2): the first 10 and 'E mais N notificações...'
 * with the server's true total, the badge from the server's unread count (capped at 99+). Clicking
 * one marks it read and opens its task or chat room; 'Ver todas' lists the whole history.
 */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const { data } = useNotificationBell(Boolean(user));
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <Box position="relative" data-testid="notification-bell">
      <BellButton
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onClick={() => setOpened(true)}
      />
      <BellBadge unread={bellItems(data).unread} />
    </Box>
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBellPopup defaultOpen />
    </Suspense>
  );
}
