import { Box, Button, Card, Flex, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Notification } from '@wkflow/contracts';
import { CheckCheck, Settings } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { markAllNotificationsRead, onNotificationsChanged, useNotificationHistory } from './notifications.api';
import { NotificationItem } from './NotificationItem';
import { openNotification } from './openNotification';

/**
 * 'Ver todas' (/notifications/all): the whole history, newest first, 20 at a time ('Carregar mais'),
 * with the true total and unread counts. Clicking one marks it read and opens its target.
 */
export default function NotificationHistoryPage() {
  const navigate = useNavigate();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useNotificationHistory();
  const items = useMemo(() => {
    // A row may move between pages while they load (a chat burst moves it to the top): show it once.
    const seen = new Set<number>();
    return (data ?? []).flatMap((page) => page.items).filter((n) => !seen.has(n.id) && seen.add(n.id));
  }, [data]);
  const first = data?.[0];
  const last = data?.[data.length - 1];
  const loadingMore = isValidating && size > (data?.length ?? 0);

  useEffect(() => onNotificationsChanged(() => void mutate()), [mutate]);

  function open(notification: Notification) {
    openNotification(notification, navigate);
    void mutate();
  }

  return (
    <Box maxW="3xl">
      <PageHeader
        title="Todas as notificações"
        description={first ? `${first.total} notificações, ${first.unread} não lidas.` : 'Seu histórico de notificações.'}
        actions={
          <HStack gap="2" wrap="wrap">
            {(first?.unread ?? 0) > 0 && (
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  markAllNotificationsRead()
                    .catch((e: unknown) => console.error(e))
                    .finally(() => void mutate())
                }
              >
                <CheckCheck /> Marcar todas
              </Button>
            )}
            <Button asChild variant="ghost" size="sm">
              <RouterLink to="/notifications">
                <Settings /> Configurações
              </RouterLink>
            </Button>
          </HStack>
        }
      />
      <Card.Root overflow="hidden">
        {isLoading ? (
          <Stack p="4" gap="3" aria-busy="true">
            <Text textStyle="sm" color="fg.muted">
              Carregando notificações...
            </Text>
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : error ? (
          <Text px="4" py="6" textAlign="center" textStyle="sm" color="fg.error">
            Não foi possível carregar as notificações.
          </Text>
        ) : items.length === 0 ? (
          <Text px="4" py="6" textAlign="center" textStyle="sm" color="fg.muted">
            Nenhuma notificação encontrada
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" data-testid="notification-history">
            {items.map((n) => (
              <Box as="li" key={n.id}>
                <NotificationItem notification={n} onOpen={open} />
              </Box>
            ))}
          </Box>
        )}
      </Card.Root>
      <Flex justify="space-between" align="center" mt="4" gap="3" wrap="wrap">
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {first ? `Mostrando ${items.length} de ${first.total}` : ''}
        </Text>
        {last?.nextCursor && (
          <Button variant="outline" size="sm" loading={loadingMore} onClick={() => void setSize(size + 1)}>
            Carregar mais
          </Button>
        )}
      </Flex>
      <Text mt="6" textStyle="xs" color="fg.muted">
        Todas as notificações ficam aqui; os canais (e-mail, navegador, som) se ajustam em{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/notifications">Configurações de Notificação</RouterLink>
        </Link>
        .
      </Text>
    </Box>
  );
}
