import { Button, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { BellRing, Clock, Send, UserCheck } from 'lucide-react';
import type { QueuedEmailResponse } from '@wkflow/contracts';
import { useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { sendTestDeadlineNotification, sendTestEmail, sendTestTaskNotification } from './email.api';
import { destinationError, TEST_EMAIL_DEFAULTS } from './email.logic';
import { AdminCard } from './AdminCard';

function DestinationField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const [touched, setTouched] = useState(false);
  const error = touched ? destinationError(value) : null;
  return (
    // The root's id is the input's id and its label's `for`.
    <Field.Root id={id} invalid={Boolean(error)} required>
      <Field.Label>
        E-mail de destino <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="email"
        placeholder="nome@empresa.com.br"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A send that tracks its own pending state and reports through toasts. */
function useSend() {
  const [pending, setPending] = useState(false);
  async function run(send: () => Promise<QueuedEmailResponse>, success: string, failure: string) {
    setPending(true);
    try {
      const result = await send();
      // Only queued: say so, and say when it cannot leave (SMTP not configured).
      if (result.smtpConfigured) toast.success(success, result.message);
      else toast.warning('E-mail na fila, não enviado', result.message);
    } catch (error) {
      toast.error(failure, errorMessage(error, failure));
    } finally {
      setPending(false);
    }
  }
  return { pending, run };
}

/** The basic test e-mail: destination, subject and message (prefilled). */
export function TestEmailCard() {
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState(TEST_EMAIL_DEFAULTS.subject);
  const [message, setMessage] = useState(TEST_EMAIL_DEFAULTS.message);
  const { pending, run } = useSend();
  const disabled = pending || Boolean(destinationError(to));
  return (
    <AdminCard
      title="E-mail de Teste"
      description="Envie um e-mail simples para verificar a configuração."
      icon={<Send />}
      testId="test-email-card"
    >
      <Stack
        as="form"
        gap="4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled)
            void run(() => sendTestEmail(to.trim(), subject, message), 'E-mail de teste na fila de envio', 'Erro ao enviar e-mail');
        }}
      >
        <DestinationField id="test-email-to" value={to} onChange={setTo} />
        <Field.Root>
          <Field.Label>Assunto</Field.Label>
          <Input name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Mensagem</Field.Label>
          <Textarea name="message" minH="28" value={message} onChange={(e) => setMessage(e.target.value)} />
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={disabled} loading={pending}>
          <Send /> Enviar E-mail de Teste
        </Button>
      </Stack>
    </AdminCard>
  );
}

/** The two notification samples: task assigned and deadline near. */
export function NotificationTestsCard() {
  const [to, setTo] = useState('');
  const task = useSend();
  const deadline = useSend();
  const disabled = task.pending || deadline.pending || Boolean(destinationError(to));
  const failure = 'Erro ao enviar notificação';
  return (
    <AdminCard
      title="Testes de Notificação"
      description="Envie exemplos dos e-mails de notificação, como os usuários os recebem (com o link para a tarefa quando WEB_URL está definido)."
      icon={<BellRing />}
      testId="notification-tests-card"
    >
      <Stack gap="4">
        <DestinationField id="test-notification-to" value={to} onChange={setTo} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Button
            variant="outline"
            disabled={disabled}
            loading={task.pending}
            onClick={() => void task.run(() => sendTestTaskNotification(to.trim()), 'Notificação de teste na fila de envio', failure)}
          >
            <UserCheck /> Tarefa Atribuída
          </Button>
          <Button
            variant="outline"
            disabled={disabled}
            loading={deadline.pending}
            onClick={() =>
              void deadline.run(() => sendTestDeadlineNotification(to.trim()), 'Notificação de teste na fila de envio', failure)
            }
          >
            <Clock /> Prazo Próximo
          </Button>
        </SimpleGrid>
      </Stack>
    </AdminCard>
  );
}
