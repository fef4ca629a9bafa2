import { Box, Button, Flex, HStack, Link, Popover, Portal, Text } from '@chakra-ui/react';
import { ADMIN_PROFILE_ID, type Notification } from '@wkflow/contracts';
import { BellRing, CheckCheck, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/useCurrentUser';
import { browserPermission, requestBrowserPermission } from './browserAlerts';
import { markAllNotificationsRead, sendTestNotification, useNotificationBell } from './notifications.api';
import { useOpenAfterMount } from '../../components/useOpenAfterMount';
import { BellButton, BellBadge, HISTORY_PATH } from './NotificationBell';
import { bellItems } from './notifications.logic';
import { NotificationItem } from './NotificationItem';
import { openNotification } from './openNotification';

/** Failures of the dropdown's calls are English errors with no toast (core.md §8): logged only. */
function logFailure(action: () => Promise<void>): void {
  action().catch((error: unknown) => console.error(error));
}

/** The dropdown itself (loaded on demand by NotificationBell), opened by the click that loaded it. */
export default function NotificationBellPopup({ defaultOpen }: { defaultOpen: boolean }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { data, isLoading } = useNotificationBell(Boolean(user));
  const [open, setOpen] = useState(defaultOpen);
  const shown = useOpenAfterMount(open);
  const [permission, setPermission] = useState(browserPermission);
  const { items, more, unread } = bellItems(data);

  function choose(notification: Notification) {
    setOpen(false);
    openNotification(notification, navigate);
  }

  async function activate() {
    const result = await requestBrowserPermission();
    setPermission(result);
  }

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount open={shown} onOpenChange={(e) => setOpen(e.open)}>
      <Box position="relative" data-testid="notification-bell">
        <Popover.Trigger asChild>
          <BellButton />
        </Popover.Trigger>
        <BellBadge unread={unread} />
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
