import { Badge, Box, Button, Circle, Flex, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { ADMIN_PROFILE_ID, type Notification } from '@wkflow/contracts';
import { Bell, BellRing, CheckCheck, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useCurrentUser } from '../auth/useCurrentUser';
import { browserPermission, requestBrowserPermission } from './browserAlerts';
import { markAllNotificationsRead, markNotificationRead, sendTestNotification, useNotifications } from './notifications.api';
import { dropdownItems, unreadBadge, unreadCount } from './notifications.logic';

/** Failures of the dropdown's calls are English errors with no toast (core.md §8): logged only. */
function logFailure(action: () => Promise<void>): void {
  action().catch((error: unknown) => console.error(error));
}

function NotificationItem({ notification }: { notification: Notification }) {
  return (
    <Box
      as="button"
      w="full"
      textAlign="start"
      px="4"
      py="3"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg={notification.isRead ? 'transparent' : 'brand.subtle/40'}
      _hover={{ bg: 'bg.muted' }}
      cursor="pointer"
      onClick={() => !notification.isRead && logFailure(() => markNotificationRead(notification.id))}
      data-testid="notification-item"
      data-read={notification.isRead}
    >
      <Flex gap="3" align="flex-start">
        <Circle size="2" mt="1.5" bg={notification.isRead ? 'transparent' : 'brand.solid'} flexShrink={0} />
        <Stack gap="0.5" minW="0" flex="1">
          <Text textStyle="sm" fontWeight={notification.isRead ? 'normal' : 'semibold'} lineClamp={2}>
            {notification.title}
          </Text>
          <Text textStyle="xs" color="fg.muted" lineClamp={3}>
            {notification.message}
          </Text>
          <Text textStyle="2xs" color="fg.muted">
            {formatDateTime(notification.createdAt)}
          </Text>
        </Stack>
      </Flex>
    </Box>
  );
}

/** The header's notification dropdown (extended.md §2.2): first 10, unread badge capped at 99+. */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const { data, isLoading } = useNotifications(Boolean(user));
  const [permission, setPermission] = useState(browserPermission);
  const unread = unreadCount(data);
  const badge = unreadBadge(unread);
  const { items, more } = dropdownItems(data);

  async function activate() {
    const result = await requestBrowserPermission();
    setPermission(result);
  }

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
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
                items.map((n) => <NotificationItem key={n.id} notification={n} />)
              )}
            </Box>
            {more > 0 && (
              <Text px="4" py="2" textAlign="center" textStyle="xs" color="fg.muted">
                E mais {more} notificações...
              </Text>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
