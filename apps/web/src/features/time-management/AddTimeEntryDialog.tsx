import { Alert, Dialog, Field, Grid, HStack, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { DESCRIPTION_MAX, formatHoursMinutes, formatIsoDate, lockedMessage } from '@wkflow/contracts';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { useMemo, useState } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { FormikInput } from '../../components/FormikInput';
import { FormikSelect } from '../../components/FormikSelect';
import { FormDialogFooter } from '../../components/FormDialog';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { useClients } from '../clients/useClients';
import { useTasks, useTeam } from '../tasks/useTaskData';
import {
  emptyManualEntry,
  firstOpenDay,
  lockedThrough,
  manualEntrySeconds,
  taskChoices,
  toCreatePayload,
  validateManualEntry,
  type ManualEntryValues,
} from './manualEntry.logic';
import { createTimeEntry, useTimeLock } from './timeEntries.api';

export interface AddTimeEntryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** From the task dialog: the task is fixed. */
  task?: { id: number; title: string };
}

/** 'Início e fim' or 'Duração': which second field the form shows. */
function ModeChoice() {
  const { values, setFieldValue } = useFormikContext<ManualEntryValues>();
  return (
    <RadioGroup.Root
      colorPalette="brand"
      size="sm"
      value={values.mode}
      onValueChange={(e) => void setFieldValue('mode', e.value)}
      aria-label="Informar"
      data-testid="manual-entry-mode"
    >
      <HStack gap="4" wrap="wrap">
        {(
          [
            ['end', 'Início e fim'],
            ['duration', 'Início e duração'],
          ] as const
        ).map(([value, label]) => (
          <RadioGroup.Item key={value} value={value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}

function DescriptionInput() {
  const [field] = useField<string>('description');
  return (
    <Field.Root>
      <Field.Label>Descrição</Field.Label>
      <Textarea {...field} rows={2} maxLength={DESCRIPTION_MAX} placeholder="O que foi feito (opcional)" autoresize />
    </Field.Root>
  );
}

function Total() {
  const { values } = useFormikContext<ManualEntryValues>();
  const seconds = manualEntrySeconds(values);
  return (
    <Text textStyle="sm" color="fg.muted" aria-live="polite" data-testid="manual-entry-total">
      {seconds ? `Total: ${formatHoursMinutes(seconds)}` : ' '}
    </Text>
  );
}

/** 'Adicionar tempo': a finished entry typed by hand (task, date, start and end or a duration, description). */
export default function AddTimeEntryDialog({ open, onOpenChange, task }: AddTimeEntryDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      scrollBehavior="inside"
      contentProps={{ mx: '3', 'data-testid': 'add-time-dialog' } as Dialog.ContentProps}
      closeLabel="Fechar"
    >
      {open && <AddTimeEntryForm task={task} onDone={() => onOpenChange(false)} />}
    </DialogFrame>
  );
}

function AddTimeEntryForm({ task, onDone }: { task?: { id: number; title: string }; onDone: () => void }) {
  const { user } = useCurrentUser();
  const { can } = usePermissions();
  const canWrite = can('time_tracking', 'write');
  const tasks = useTasks(!task);
  const team = useTeam(canWrite);
  const [serverError, setServerError] = useState<string | null>(null);
  const userId = user?.id ?? 0;
  const initialValues = useMemo(() => emptyManualEntry(new Date(), task?.id ?? null, userId), [task?.id, userId]);
  const clients = useClients(!task && can('clients', 'read'));
  const taskGroups = useMemo(() => taskChoices(tasks.data ?? [], clients.data ?? []), [tasks.data, clients.data]);
  // Without time_tracking write the lock applies: its days are refused in the form, before sending.
  const { data: lock } = useTimeLock(Boolean(user));
  const lockDate = lockedThrough(lock?.effectiveDate, canWrite);

  async function onSubmit(values: ManualEntryValues) {
    setServerError(null);
    try {
      await createTimeEntry(toCreatePayload(values, userId));
      toast.success('Tempo adicionado');
      onDone();
    } catch (error) {
      // The dialog stays open with what was typed: the message says what to change (overlap, lock...).
      setServerError(errorMessage(error));
    }
  }

  return (
    <Formik
      initialValues={initialValues}
      validate={(values) => validateManualEntry(values, new Date(), 'local', lockDate)}
      onSubmit={onSubmit}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate aria-label="Adicionar tempo" style={{ display: 'contents' }}>
          <Dialog.Header>
            <Stack gap="0">
              <Dialog.Title>Adicionar tempo</Dialog.Title>
              {task && (
                <Text textStyle="sm" color="fg.muted" data-testid="add-time-task">
                  {task.title}
                </Text>
              )}
            </Stack>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4">
              {!task && (
                <FormikSelect name="taskId" label="Tarefa" required testId="manual-entry-task">
                  <option value="">{tasks.isLoading ? 'Carregando...' : 'Selecione a tarefa'}</option>
                  {taskGroups.map((group) => (
                    <optgroup key={group.client} label={group.client}>
                      {group.tasks.map((t) => (
                        <option key={t.id} value={String(t.id)}>
                          {t.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </FormikSelect>
              )}
              {canWrite && (
                <FormikSelect name="userId" label="Pessoa" required testId="manual-entry-user">
                  {(team.data ?? (user ? [user] : [])).map((u) => (
                    <option key={u.id} value={String(u.id)}>
                      {u.id === userId ? `${u.name} (você)` : u.name}
                    </option>
                  ))}
                </FormikSelect>
              )}
              <FormikInput
                required
                name="date"
                label="Data"
                type="date"
                min={firstOpenDay(lockDate)}
                max={initialValues.date}
                helperText={lockDate ? `Período bloqueado até ${formatIsoDate(lockDate)}: escolha uma data posterior.` : undefined}
              />
              {lockDate && values.date && values.date <= lockDate && (
                <Alert.Root status="warning" data-testid="add-time-locked">
                  <Alert.Indicator />
                  <Alert.Title>{lockedMessage(lockDate)}</Alert.Title>
                </Alert.Root>
              )}
              <ModeChoice />
              <Grid templateColumns="1fr 1fr" gap="3">
                <FormikInput required name="start" label="Início" type="time" />
                {values.mode === 'end' ? (
                  <FormikInput required name="end" label="Fim" type="time" />
                ) : (
                  <FormikInput required name="duration" label="Duração" placeholder="HH:MM" inputMode="numeric" autoComplete="off" />
                )}
              </Grid>
              <Total />
              <DescriptionInput />
              {serverError && (
                <Alert.Root status="error" data-testid="add-time-error">
                  <Alert.Indicator />
                  <Alert.Title>{serverError}</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
          </Dialog.Body>
          <FormDialogFooter
            submitLabel="Adicionar"
            submittingLabel="Adicionando..."
            submitting={isSubmitting}
            submitTestId="add-time-submit"
          />
        </Form>
      )}
    </Formik>
  );
}
