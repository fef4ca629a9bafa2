import { Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { REMINDER_LABELS, REMINDER_OPTIONS } from '@wkflow/contracts';
import { useField } from 'formik';
import { MemberChecklist } from './MemberChecklist';
import { isPastDeadline } from './tasks.logic';
import type { ReminderOption } from '@wkflow/contracts';
import { IdOptions } from '../../components/IdOptions';

interface TaskCardFieldsProps {
  clients: ReadonlyArray<{ id: number; name: string; color: string }>;
  users: ReadonlyArray<{ id: number; name: string; username: string }>;
  readOnly: boolean;
}

function ClientSelect({ clients, readOnly }: Pick<TaskCardFieldsProps, 'clients' | 'readOnly'>) {
  const [field, meta] = useField<string>('clientId');
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root id="field-clientId" invalid={invalid} required disabled={readOnly}>
      <Field.Label>
        Cliente <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field {...field} bg="bg">
          <option value="">Selecionar Cliente *</option>
          <IdOptions items={clients} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

function DeadlineInput({ readOnly }: { readOnly: boolean }) {
  const [field, meta] = useField<string>('deadline');
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root id="field-deadline" invalid={invalid} required disabled={readOnly}>
      <Field.Label>
        Prazo <Field.RequiredIndicator />
      </Field.Label>
      <Input {...field} type="datetime-local" step={60} size="sm" bg="bg" />
      {invalid ? (
        <Field.ErrorText>{meta.error}</Field.ErrorText>
      ) : (
        // Allowed (a late task may be recorded), but said when the user sets it.
        !readOnly &&
        field.value !== meta.initialValue &&
        isPastDeadline(field.value) && (
          <Field.HelperText color="orange.fg" data-testid="deadline-past">
            Prazo no passado
          </Field.HelperText>
        )
      )}
    </Field.Root>
  );
}

function ReminderSelect({ readOnly }: { readOnly: boolean }) {
  const [field] = useField<ReminderOption | ''>('reminderTime');
  return (
    <Field.Root id="field-reminderTime" disabled={readOnly}>
      <Field.Label>Lembrete</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field {...field} bg="bg">
          <option value="">Nenhum lembrete</option>
          {REMINDER_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {REMINDER_LABELS[option]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function MembersList({ users, readOnly }: Pick<TaskCardFieldsProps, 'users' | 'readOnly'>) {
  const [field, , helpers] = useField<number[]>('assignedTo');
  return <MemberChecklist users={users} value={field.value} onChange={(ids) => void helpers.setValue(ids)} disabled={readOnly} maxH="52" />;
}

export function TaskCardFields({ clients, users, readOnly }: TaskCardFieldsProps) {
  return (
    <Stack gap="3" as="section" aria-label="Adicionar ao cartão">
      <Text textStyle="xs" fontWeight="bold" color="fg.muted" letterSpacing="wide">
        ADICIONAR AO CARTÃO
      </Text>
      <ClientSelect clients={clients} readOnly={readOnly} />
      <DeadlineInput readOnly={readOnly} />
      <ReminderSelect readOnly={readOnly} />
      <MembersList users={users} readOnly={readOnly} />
    </Stack>
  );
}
