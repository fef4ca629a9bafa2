import { Box, Circle, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { notificationTarget, type Notification } from '@wkflow/contracts';
import { ChevronRight } from 'lucide-react';
import { formatDateTime } from '../../lib/format';

/**
 * One notification as a button (bell and 'Ver todas'): unread ones stand out; those with a task or
 * chat room show an arrow and say where they lead to screen readers.
 */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const target = notificationTarget(notification.data);
  const where = target ? ('taskId' in target ? 'Abre a tarefa' : 'Abre a conversa') : null;
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
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' }}
      cursor="pointer"
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-read={notification.isRead}
      data-target={target ? ('taskId' in target ? `task:${target.taskId}` : `room:${target.roomId}`) : undefined}
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
          {where && <VisuallyHidden>{where}</VisuallyHidden>}
        </Stack>
        {target && (
          <Box color="fg.muted" mt="1" flexShrink={0} aria-hidden>
            <ChevronRight size={16} />
          </Box>
        )}
      </Flex>
    </Box>
  );
}
