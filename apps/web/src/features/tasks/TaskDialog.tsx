import { Badge, Box, Button, Center, Dialog, Field, Grid, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { isCompletedColumnName, TASK_TITLE_MAX, type Column, type Task, type TaskAttachment, type User } from '@wkflow/contracts';
import { Form, Formik, useField } from 'formik';
import { Archive, ArchiveRestore, Copy, Link2 } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { LengthHint } from '../../components/LengthHint';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { backlogColumn } from '../board/board.logic';
import type { EditRights } from '../board/BoardColumn';
import { AddTimeEntryButton } from '../time-management/AddTimeEntryButton';
import { TaskTimerPanel } from '../timer/TimerControls';
import { DescriptionField } from './DescriptionField';
import { copyText } from '../../lib/clipboard';
import { archiveTask, copyTask, createTask, updateTask } from './tasks.api';
import { restore, taskUrl } from './taskActions';
import { canEditTask, discardQuestion, type HistoryNames, type UnsavedDrafts } from './tasks.logic';
import { emptyTaskValues, taskSchema, taskToValues, toTaskPayload, type TaskFormValues } from './tasks.schemas';
import { TaskAttachments } from './TaskAttachments';
import { TaskCardFields } from './TaskCardFields';
import { TaskComments } from './TaskComments';
import { TaskHistorySection } from './TaskHistorySection';
import { useTask, useTaskTotalTime } from './useTaskData';
import { IdOptions } from '../../components/IdOptions';

/** What the dialog shows: a new task (in a column, or the backlog) or an existing one. */
export type TaskDialogTarget =
  | { mode: 'create'; columnId: number | null; /** preselected (the board's client filter) */ clientId?: number | null }
  | { mode: 'edit'; taskId: number };

export interface TaskDialogData {
  tasks: readonly Task[];
  columns: readonly Column[];
  clients: ReadonlyArray<{ id: number; name: string; color: string }>;
  users: readonly User[];
}

interface TaskDialogProps extends TaskDialogData {
  target: TaskDialogTarget | null;
  onClose: () => void;
  rights: EditRights & { canWrite: boolean };
}

type DraftsRef = MutableRefObject<UnsavedDrafts>;

/** The large task dialog (core.md §2): create or edit. */
export function TaskDialog({ target, onClose: close, ...rest }: TaskDialogProps) {
  // Closing over a comment typed but not sent (or a description being edited) asks first.
  const drafts = useRef<UnsavedDrafts>({ comment: null, description: false });
  const onClose = () => {
    const question = discardQuestion(drafts.current);
    if (question && !window.confirm(question)) return;
    drafts.current = { comment: null, description: false };
    close();
  };
  const key = target
    ? target.mode === 'edit'
      ? `edit-${target.taskId}`
      : `create-${target.columnId ?? 'backlog'}-${target.clientId ?? ''}`
    : 'closed';
  const content = useRef<HTMLDivElement>(null);
  // A new task starts in its title; an open one starts on the dialog itself (no title selected to overwrite).
  const initialFocus = target?.mode === 'edit' ? () => content.current : undefined;
  return (
    <DialogFrame
      open={target !== null}
      onOpenChange={(next) => !next && onClose()}
      size="xl"
      scrollBehavior="inside"
      rootProps={{
        // Focus moved by other parts of the page (a toast, the timer, a notification) never closes
        // the dialog and loses what was typed: a click outside, Escape or Cancelar do.
        onFocusOutside: (e) => e.preventDefault(),
        initialFocusEl: initialFocus,
      }}
      contentProps={{ ref: content, maxW: '6xl', w: 'full', mx: '3', 'data-testid': 'task-dialog' } as Dialog.ContentProps}
      closeLabel="Fechar"
    >
      {target && <TaskDialogContent key={key} target={target} onClose={onClose} drafts={drafts} {...rest} />}
    </DialogFrame>
  );
}

function TaskDialogContent({
  target,
  onClose,
  drafts,
  tasks,
  columns,
  clients,
  users,
  rights,
}: TaskDialogProps & { target: TaskDialogTarget; drafts: DraftsRef }) {
  const editId = target.mode === 'edit' ? target.taskId : null;
  const fromList = editId ? tasks.find((t) => t.id === editId) : undefined;
  // A task no longer on the board (archived meanwhile, or filtered by the server) is read on its own.
  const single = useTask(editId && !fromList ? editId : null);
  const task = fromList ?? single.data;

  if (editId && !task) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Editar Tarefa</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Center py="16">{single.error ? <Text color="red.fg">{errorMessage(single.error)}</Text> : <Spinner />}</Center>
        </Dialog.Body>
      </>
    );
  }
  return (
    <TaskForm
      task={task ?? null}
      createColumnId={target.mode === 'create' ? target.columnId : null}
      createClientId={target.mode === 'create' ? (target.clientId ?? null) : null}
      onClose={onClose}
      drafts={drafts}
      tasks={tasks}
      columns={columns}
      clients={clients}
      users={users}
      rights={rights}
    />
  );
}

/** The client to preselect, if the user may still pick it (it is in the list of clients). */
function knownClient(clients: TaskDialogData['clients'], id: number | null): number | null {
  return id !== null && clients.some((c) => c.id === id) ? id : null;
}

/** The list the task goes to: saved with the form (a completed task is reopened by choosing another list). */
function ColumnSelect({ columns, fallback, changed }: { columns: readonly Column[]; fallback: number | null; changed: boolean }) {
  const [field, , helpers] = useField<number | null>('columnId');
  return (
    <NativeSelect.Root size="xs" width="auto" variant={changed ? 'subtle' : 'outline'}>
      <NativeSelect.Field
        name="columnId"
        aria-label="Mover para a lista"
        title="Mover para a lista"
        value={String(field.value ?? fallback ?? '')}
        onChange={(e) => void helpers.setValue(e.target.value ? Number(e.target.value) : null)}
        data-testid="task-column-select"
      >
        <IdOptions items={columns} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

interface TaskFormProps extends TaskDialogData {
  task: Task | null;
  createColumnId: number | null;
  createClientId: number | null;
  onClose: () => void;
  drafts: DraftsRef;
  rights: EditRights & { canWrite: boolean };
}

function TitleInput({ readOnly }: { readOnly: boolean }) {
  const [field, meta] = useField<string>('title');
  const invalid = Boolean(meta.touched && meta.error);
  return (
    // The root's id is the input's id and its label's `for`.
    <Field.Root id="field-title" invalid={invalid} required>
      <Field.Label srOnly>Título</Field.Label>
      <Input
        {...field}
        variant="flushed"
        fontSize="xl"
        fontWeight="semibold"
        placeholder="Título da tarefa"
        maxLength={TASK_TITLE_MAX}
        readOnly={readOnly}
      />
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
      {!readOnly && <LengthHint length={field.value.length} max={TASK_TITLE_MAX} />}
    </Field.Root>
  );
}

function TaskForm({ task, createColumnId, createClientId, onClose, drafts, columns, clients, users, rights }: TaskFormProps) {
  const editing = task !== null;
  const editable = editing ? canEditTask(task, rights.userId, rights) : rights.canWrite;
  const readOnly = !editable;
  const backlog = backlogColumn(columns);
  const initialValues = useMemo<TaskFormValues>(
    () => (task ? taskToValues(task) : emptyTaskValues(createColumnId, knownClient(clients, createClientId))),
    [task, createColumnId, createClientId, clients],
  );
  const columnId = task?.columnId ?? createColumnId ?? backlog?.id ?? null;
  const column = columns.find((c) => c.id === columnId) ?? backlog;
  const completed = column ? isCompletedColumnName(column.name) : false;
  const [busy, setBusy] = useState<'copy' | 'archive' | 'restore' | null>(null);
  const totalTime = useTaskTotalTime(task?.id ?? null);

  const names = useMemo<HistoryNames>(() => {
    const clientById = new Map(clients.map((c) => [c.id, c.name]));
    const userById = new Map(users.map((u) => [u.id, u.name]));
    return { client: (id) => clientById.get(id), user: (id) => userById.get(id) };
  }, [clients, users]);

  const onDescriptionPending = useCallback(
    (pending: boolean) => {
      drafts.current.description = pending;
    },
    [drafts],
  );
  const onCommentDraft = useCallback(
    (comment: string | null) => {
      drafts.current.comment = comment;
    },
    [drafts],
  );

  async function onSubmit(values: TaskFormValues) {
    if (task) {
      try {
        // The payload carries the description being edited too (the submit saves it); a changed list
        // moves the task to the end of the chosen one (how a completed task is reopened).
        await updateTask(task.id, toTaskPayload(values, values.columnId !== task.columnId));
        drafts.current.description = false;
        toast.success('Tarefa atualizada');
        onClose();
      } catch (err) {
        toast.error('Erro ao atualizar tarefa', errorMessage(err));
      }
      return;
    }
    try {
      await createTask(toTaskPayload(values, true));
      toast.success('Tarefa criada');
      onClose();
    } catch (err) {
      toast.error('Erro ao criar tarefa', errorMessage(err));
    }
  }

  async function saveDescription(description: string): Promise<boolean> {
    if (!task) return true;
    try {
      await updateTask(task.id, { description });
      toast.success('Tarefa atualizada');
      return true;
    } catch (err) {
      toast.error('Erro ao atualizar tarefa', errorMessage(err));
      return false;
    }
  }

  async function copy() {
    if (!task) return;
    setBusy('copy');
    try {
      await copyTask(task);
      toast.success('Tarefa copiada');
      onClose();
    } catch (err) {
      toast.error('Erro ao copiar tarefa', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  // No question first: the toast offers 'Desfazer' while it shows (5 s), and 'Arquivadas' restores later.
  async function archive() {
    if (!task) return;
    setBusy('archive');
    try {
      await archiveTask(task.id);
      toast.success('Tarefa arquivada', undefined, { label: 'Desfazer', onClick: () => void restore(task.id) });
      onClose();
    } catch (err) {
      toast.error('Erro ao arquivar tarefa', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function restoreHere() {
    if (!task) return;
    setBusy('restore');
    try {
      await restore(task.id);
    } finally {
      setBusy(null);
    }
  }

  async function copyLink() {
    if (!task) return;
    try {
      await copyText(taskUrl(task.id));
      toast.success('Link copiado');
    } catch {
      toast.error('Não foi possível copiar', taskUrl(task.id));
    }
  }

  const canRemoveAttachment = (a: TaskAttachment) => rights.editAll || (a.userId !== null && a.userId === rights.userId);

  return (
    <Formik initialValues={initialValues} validationSchema={taskSchema} onSubmit={onSubmit}>
      {({ isSubmitting, values }) => (
        <Form noValidate aria-label={editing ? 'Editar Tarefa' : 'Nova Tarefa'} style={{ display: 'contents' }}>
          <Dialog.Header pb="2">
            <Stack gap="1">
              <Dialog.Title textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                {editing ? 'Editar Tarefa' : 'Nova Tarefa'}
              </Dialog.Title>
              <HStack gap="2">
                <Badge variant="subtle" colorPalette={completed ? 'green' : 'gray'} data-testid="task-column-badge">
                  <Box as="span" boxSize="2" rounded="full" bg={column?.color ?? 'gray.500'} display="inline-block" />
                  na lista {column?.name ?? 'Backlog'}
                </Badge>
                {editable && <ColumnSelect columns={columns} fallback={column?.id ?? null} changed={values.columnId !== columnId} />}
                {task?.isArchived && (
                  <Badge colorPalette="orange" variant="solid" data-testid="task-archived-badge">
                    Arquivada
                  </Badge>
                )}
                {task?.status === 'overdue' && !completed && (
                  <Badge colorPalette="red" variant="solid">
                    Atrasada
                  </Badge>
                )}
              </HStack>
            </Stack>
          </Dialog.Header>
          <Dialog.Body>
            <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 300px' }} gap={{ base: '6', lg: '8' }}>
              <Stack gap="6" minW="0">
                <TitleInput readOnly={readOnly} />
                <DescriptionField
                  clickToEdit={editing}
                  readOnly={readOnly}
                  onConfirm={saveDescription}
                  onPendingChange={onDescriptionPending}
                />
                {task && (
                  <TaskAttachments taskId={task.id} fallback={task.attachments} canUpload={editable} canRemove={canRemoveAttachment} />
                )}
                {task && <TaskComments taskId={task.id} onDraftChange={onCommentDraft} />}
                {task && <TaskHistorySection taskId={task.id} names={names} />}
              </Stack>
              <Stack gap="5" alignSelf="start" bg="bg.subtle" rounded="lg" p="4" borderWidth="1px" borderColor="border.muted">
                {task && <TaskTimerPanel taskId={task.id} taskTitle={task.title} totalTime={totalTime.data?.totalTime ?? 0} />}
                {task && <AddTimeEntryButton task={{ id: task.id, title: task.title }} bg="bg" />}
                <TaskCardFields clients={clients} users={users} readOnly={readOnly} />
                {task && (
                  <Stack gap="2">
                    <Text textStyle="xs" fontWeight="bold" color="fg.muted" letterSpacing="wide">
                      AÇÕES
                    </Text>
                    <Button size="sm" variant="outline" justifyContent="flex-start" bg="bg" onClick={() => void copyLink()}>
                      <Link2 /> Copiar link
                    </Button>
                    {rights.canWrite && (
                      <Button
                        size="sm"
                        variant="outline"
                        justifyContent="flex-start"
                        bg="bg"
                        onClick={() => void copy()}
                        loading={busy === 'copy'}
                        disabled={busy !== null}
                      >
                        <Copy /> Copiar
                      </Button>
                    )}
                    {editable && task.isArchived && (
                      <Button
                        size="sm"
                        variant="outline"
                        justifyContent="flex-start"
                        bg="bg"
                        onClick={() => void restoreHere()}
                        loading={busy === 'restore'}
                        disabled={busy !== null}
                      >
                        <ArchiveRestore /> Restaurar
                      </Button>
                    )}
                    {editable && !task.isArchived && (
                      <Button
                        size="sm"
                        variant="outline"
                        justifyContent="flex-start"
                        bg="bg"
                        colorPalette="red"
                        onClick={() => void archive()}
                        loading={busy === 'archive'}
                        disabled={busy !== null}
                      >
                        <Archive /> Arquivar
                      </Button>
                    )}
                  </Stack>
                )}
              </Stack>
            </Grid>
          </Dialog.Body>
          <Dialog.Footer borderTopWidth="1px" borderColor="border.muted" pt="4">
            <Button variant="outline" type="button" onClick={onClose}>
              Cancelar
            </Button>
            {editable && (
              <Button
                type="submit"
                colorPalette="brand"
                data-testid="task-submit"
                loading={isSubmitting}
                loadingText={editing ? 'Atualizando...' : 'Criando...'}
              >
                {editing ? 'Atualizar Tarefa' : 'Criar Tarefa'}
              </Button>
            )}
          </Dialog.Footer>
        </Form>
      )}
    </Formik>
  );
}
