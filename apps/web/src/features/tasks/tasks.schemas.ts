import {
  REMINDER_OPTIONS,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type CreateTaskRequest,
  type ReminderOption,
  type Task,
} from '@wkflow/contracts';
import * as yup from 'yup';
import { fromLocalInput, toLocalInput } from './tasks.logic';

/**
 * The task form (core.md §5): the request's fields as the inputs hold them; the deadline is
 * datetime-local, to the minute.
 */
export interface TaskFormValues
  extends Pick<CreateTaskRequest, 'title' | 'description' | 'deadline'>, Required<Pick<CreateTaskRequest, 'assignedTo'>> {
  /** The select's value: '' until a client is chosen. */
  clientId: string;
  columnId: number | null;
  /** '' is 'Nenhum lembrete'. */
  reminderTime: ReminderOption | '';
}

export const taskSchema = yup.object({
  title: yup.string().trim().required('Título é obrigatório').max(TASK_TITLE_MAX, `Título deve ter no máximo ${TASK_TITLE_MAX} caracteres`),
  description: yup
    .string()
    .trim()
    .required('Descrição é obrigatória')
    .max(TASK_DESCRIPTION_MAX, `Descrição deve ter no máximo ${TASK_DESCRIPTION_MAX} caracteres`),
  clientId: yup.string().required('Cliente é obrigatório'),
  columnId: yup.number().nullable(),
  deadline: yup
    .string()
    .required('Prazo é obrigatório')
    .test('deadline', 'Prazo é obrigatório', (value) => !value || fromLocalInput(value) !== null),
  assignedTo: yup.array(yup.number().required()).default([]),
  reminderTime: yup.string().oneOf(['', ...REMINDER_OPTIONS]),
});

export function emptyTaskValues(columnId: number | null, clientId: number | null = null): TaskFormValues {
  return {
    title: '',
    description: '',
    clientId: clientId === null ? '' : String(clientId),
    columnId,
    deadline: '',
    assignedTo: [],
    reminderTime: '',
  };
}

export function taskToValues(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    clientId: String(task.clientId),
    columnId: task.columnId,
    deadline: toLocalInput(task.deadline),
    assignedTo: [...task.assignedTo],
    reminderTime: task.reminderTime ?? '',
  };
}

/** The body of POST /api/tasks and PUT /api/tasks/{id}. */
export function toTaskPayload(values: TaskFormValues, withColumn: boolean): CreateTaskRequest {
  const payload: CreateTaskRequest = {
    title: values.title.trim(),
    description: values.description.trim(),
    clientId: Number(values.clientId),
    deadline: fromLocalInput(values.deadline) ?? values.deadline,
    assignedTo: values.assignedTo,
    reminderTime: values.reminderTime || null,
  };
  // No column on create means the backlog (the server picks it); an edit sends it only when the list changed.
  if (withColumn && values.columnId) payload.columnId = values.columnId;
  return payload;
}

/** A comment is sent only when it is not blank after trimming (core.md §5). */
export function commentToSend(text: string): string | null {
  const content = text.trim();
  return content ? content : null;
}
