import { Badge, Box, Button, Flex, HStack, IconButton, Link, Popover, Portal, Text } from '@chakra-ui/react';
import { ADMIN_PROFILE_ID, type Notification } from '@wkflow/contracts';
import { Bell, BellRing, CheckCheck, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/useCurrentUser';
import { browserPermission, requestBrowserPermission } from './browserAlerts';
import { markAllNotificationsRead, sendTestNotification, useNotificationBell } from './notifications.api';
import { bellItems, unreadBadge } from './notifications.logic';
import { NotificationItem } from './NotificationItem';
import { openNotification } from './openNotification';

/** 'Ver todas': the whole history (the settings page keeps /notifications). */
export const HISTORY_PATH = '/notifications/all';

/** Failures of the dropdown's calls are English errors with no toast (core.md §8): logged only. */
function logFailure(action: () => Promise<void>): void {
  action().catch((error: unknown) => console.error(error));
}

/**
 * The header's notification dropdown (extended.md §2.2): the first 10 and 'E mais N notificações...'
 * with the server's true total, the badge from the server's unread count (capped at 99+). Clicking
 * one marks it read and opens its task or chat room; 'Ver todas' lists the whole history.
 */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { data, isLoading } = useNotificationBell(Boolean(user));
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(browserPermission);
  const { items, more, unread } = bellItems(data);
  const badge = unreadBadge(unread);

  function choose(notification: Notification) {
    setOpen(false);
    openNotification(notification, navigate);
  }

  async function activate() {
    const result = await requestBrowserPermission();
    setPermission(result);
  }

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Box position="relative" data-testid="notification-bell">
        <Popover.Trigger asChild>
          <IconButton variant="ghost" size="sm" rounded="full" aria-label="Notificações" color="fg.muted">
            <Bell />
          </IconButton>
        </Popover.Trigger>
        {badge && (
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
        )}
      </Box>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '92vw', sm: 'sm' }} data-testid="notification-dropdown">
            <Flex px="4" py="3" align="center" justify="space-between" gap="2" borderBottomWidth="1px" borderColor="border.muted">
              <Text fontWeight="semibold">Notificações</Text>
              <HStack gap="1">
                {permission !== 'granted' && (
                  <Button size="xs" variant="ghost" onClick={() => void activate()}>
                    <BellRing /> Ativar
                  </Button>
                )}
                {user?.accessProfileId === ADMIN_PROFILE_ID && (
                  <Button size="xs" variant="ghost" onClick={() => logFailure(sendTestNotification)}>
                    <FlaskConical /> Teste
                  </Button>
                )}
                {unread > 0 && (
                  <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => logFailure(markAllNotificationsRead)}>
                    <CheckCheck /> Marcar todas
                  </Button>
                )}
              </HStack>
            </Flex>
            <Box maxH="md" overflowY="auto">
              {isLoading ? (
                <Text px="4" py="6" textAlign="center" textStyle="sm" color="fg.muted">
                  Carregando notificações...
                </Text>
              ) : items.length === 0 ? (
                <Text px="4" py="6" textAlign="center" textStyle="sm" color="fg.muted">
                  Nenhuma notificação encontrada
                </Text>
              ) : (
                items.map((n) => <NotificationItem key={n.id} notification={n} onOpen={choose} />)
              )}
            </Box>
            <Flex
              px="4"
              py="2"
              align="center"
              justify={more > 0 ? 'space-between' : 'center'}
              gap="2"
              borderTopWidth="1px"
              borderColor="border.muted"
            >
              {more > 0 && (
                <Text textStyle="xs" color="fg.muted" data-testid="notification-more">
                  E mais {more} notificações...
                </Text>
              )}
              <Link asChild textStyle="sm" fontWeight="medium" color="brand.fg">
                <RouterLink to={HISTORY_PATH} onClick={() => setOpen(false)}>
                  Ver todas
                </RouterLink>
              </Link>
            </Flex>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
