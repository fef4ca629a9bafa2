import type { AiCreateTaskBody, AiParseResult, ParseTaskRequest, Task } from '@wkflow/contracts';
import { apiFetch } from '../../lib/fetcher';

/** POST /api/ai/parse-task: free text → suggestion (with debug data for username admin). */
export function parseTask(text: string): Promise<AiParseResult> {
  return apiFetch<AiParseResult>('/api/ai/parse-task', { method: 'POST', body: { text } satisfies ParseTaskRequest });
}

/** POST /api/ai/create-task: the (edited) suggestion into a column. */
export function createTaskFromSuggestion(body: AiCreateTaskBody): Promise<Task> {
  return apiFetch<Task>('/api/ai/create-task', { method: 'POST', body });
}
