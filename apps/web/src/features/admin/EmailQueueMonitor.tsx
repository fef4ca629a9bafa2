import { Badge, Box, Button, Collapsible, Flex, Icon, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { EmailQueueItem } from '@wkflow/contracts';
import { ChevronDown, Inbox, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { refreshQueue, retryEmail, useEmailQueue, useEmailQueueStats } from './email.api';
import { EMAIL_TYPE_LABELS, emailContent, formatQueueDate, queueCounters, queueItemBadge, recipientOf } from './email.logic';
import { AdminCard } from './AdminCard';

function QueueItem({ item }: { item: EmailQueueItem }) {
  const [retrying, setRetrying] = useState(false);
  const badge = queueItemBadge(item.status);

  async function retry() {
    setRetrying(true);
    try {
      await retryEmail(item.id);
      toast.success('E-mail reagendado', 'O e-mail voltou para a fila de envio.');
    } catch (error) {
      toast.error('Erro ao reagendar e-mail', errorMessage(error, 'Falha ao marcar e-mail para reenvio'));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <Collapsible.Root borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: 0 }} data-testid="email-queue-item">
      <Flex align="center" gap="3" px="4" py="3">
        <Collapsible.Trigger asChild>
          <Flex
            as="button"
            flex="1"
            minW="0"
            align="center"
            gap="3"
            textAlign="start"
            cursor="pointer"
            aria-label={`Detalhes: ${item.subject}`}
          >
            <Collapsible.Context>
              {(api) => (
                <Icon color="fg.muted" boxSize="4" transform={api.open ? 'rotate(180deg)' : undefined} transition="transform 0.15s">
                  <ChevronDown />
                </Icon>
              )}
            </Collapsible.Context>
            <Stack gap="0.5" minW="0" flex="1">
              <Text fontWeight="medium" textStyle="sm" truncate>
                {item.subject}
              </Text>
              <Text textStyle="xs" color="fg.muted" truncate>
                {item.recipient_name ? `${item.recipient_name} · ` : ''}
                {recipientOf(item)} · {EMAIL_TYPE_LABELS[item.email_type] ?? item.email_type} · {formatQueueDate(item.created_at)}
              </Text>
              {item.status === 'failed' && item.error_message && (
                <Text textStyle="xs" color="fg.error" lineClamp={2} data-testid="email-error">
                  {item.error_message}
                </Text>
              )}
            </Stack>
          </Flex>
        </Collapsible.Trigger>
        <Badge colorPalette={badge.colorPalette} variant="subtle" flexShrink={0}>
          {badge.label}
        </Badge>
        {item.status === 'failed' && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => void retry()} loading={retrying} flexShrink={0}>
            <RotateCcw /> Reenviar
          </Button>
        )}
      </Flex>
      <Collapsible.Content>
        <Box mx="4" mb="3" p="3" rounded="md" bg="bg.muted" textStyle="sm">
          {item.sent_at && (
            <Text textStyle="xs" color="fg.muted" mb="2">
              Enviado em {formatQueueDate(item.sent_at)}
            </Text>
          )}
          <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="email-content">
            {emailContent(item)}
          </Text>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** Four counters, a refresh action and the last 100 e-mails (both polled every 30 s). */
export function EmailQueueMonitor() {
  const queue = useEmailQueue(true);
  const stats = useEmailQueueStats(true);
  const [refreshing, setRefreshing] = useState(false);
  const items = queue.data ?? [];

  async function refresh() {
    setRefreshing(true);
    await refreshQueue().finally(() => setRefreshing(false));
  }

  return (
    <AdminCard
      title="Fila de E-mails"
      description="Os últimos 100 e-mails; atualizada a cada 30 segundos."
      icon={<Inbox />}
      testId="email-queue-monitor"
      actions={
        <Button size="sm" variant="outline" onClick={() => void refresh()} loading={refreshing}>
          <RefreshCw /> Atualizar
        </Button>
      }
    >
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mb="4">
        {queueCounters(stats.data).map((c) => (
          <Box key={c.status} p="3" rounded="md" borderWidth="1px" borderColor="border.muted" data-testid={`queue-counter-${c.status}`}>
            <Text textStyle="xs" color="fg.muted">
              {c.label}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" color={`${c.colorPalette}.fg`} data-testid="queue-counter-value">
              {c.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Box borderWidth="1px" borderColor="border.muted" rounded="md" overflow="hidden">
        {queue.isLoading ? (
          <Stack p="4" gap="3">
            <Skeleton h="8" />
            <Skeleton h="8" />
            <Skeleton h="8" />
          </Stack>
        ) : queue.error ? (
          <Text p="6" textAlign="center" textStyle="sm" color="fg.error">
            {errorMessage(queue.error, 'Não foi possível carregar a fila de e-mails.')}
          </Text>
        ) : items.length === 0 ? (
          <Text p="6" textAlign="center" textStyle="sm" color="fg.muted">
            Nenhum e-mail na fila.
          </Text>
        ) : (
          items.map((item) => <QueueItem key={item.id} item={item} />)
        )}
      </Box>
    </AdminCard>
  );
}
