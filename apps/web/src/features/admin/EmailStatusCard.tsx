import { Badge, Button, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { Mail, RefreshCw } from 'lucide-react';
import { useEmailStatus } from './email.api';
import { serviceStatusBadge } from './email.logic';
import { AdminCard } from './AdminCard';

/** The e-mail service status (not polled) with a refresh action. */
export function EmailStatusCard() {
  const { data, error, isValidating, mutate } = useEmailStatus(true);
  const badge = serviceStatusBadge(error ? 'error' : data?.status, isValidating);
  const message = error
    ? 'Não foi possível verificar o serviço de e-mail.'
    : data?.status === 'unknown'
      ? 'Nenhum servidor SMTP definido (SMTP_URL): os e-mails aguardam na fila.'
      : data?.message;
  return (
    <AdminCard
      title="Status do Serviço de E-mail"
      description="Conexão com o servidor SMTP."
      icon={<Mail />}
      testId="email-status-card"
      actions={
        <Button size="sm" variant="outline" onClick={() => void mutate()} loading={isValidating}>
          <RefreshCw /> Atualizar
        </Button>
      }
    >
      <Stack gap="3">
        <Flex align="center" gap="3" wrap="wrap">
          <Badge size="lg" colorPalette={badge.colorPalette} variant="subtle" data-testid="email-status-badge">
            {badge.label}
          </Badge>
          {message && !isValidating && (
            <Text textStyle="sm" color="fg.muted">
              {message}
            </Text>
          )}
        </Flex>
        {data && (
          <Text textStyle="sm" color="fg.muted" data-testid="email-links">
            {data.webUrl ? (
              <>
                Links nos e-mails de tarefas: <Code wordBreak="break-all">{data.webUrl}</Code>
              </>
            ) : (
              'Os e-mails não trazem link para a tarefa: defina o endereço público do WKFlow (WEB_URL).'
            )}
          </Text>
        )}
      </Stack>
    </AdminCard>
  );
}
