import type { AiParseResult, AiTaskSuggestion, AiTestOutcome, Column } from '@wkflow/contracts';
import { DateTime } from 'luxon';
import { formatDateTime } from '../../lib/format';

/** Toasts of the AI flow (core.md §5, §8; extended.md §5, §8). */
export const AI_TOASTS = {
  textRequired: { title: 'Texto obrigatório', description: 'Digite uma descrição da tarefa para análise.' },
  columnRequired: { title: 'Informações incompletas', description: 'Selecione uma coluna para criar a tarefa.' },
  created: 'Tarefa criada com sucesso',
  failed: 'Erro ao processar tarefa',
  testTextRequired: 'Digite um texto para testar',
  testFailed: 'Erro no teste de IA',
} as const;

/** The only user who sees the debug panel and the admin AI test page (core.md §6, extended.md §2.13). */
export const AI_DEBUG_USERNAME = 'admin';
export const canSeeAiDebug = (user: { username: string } | null | undefined) => user?.username === AI_DEBUG_USERNAME;

/** The editable copy of a suggestion ('Editar'). The deadline is a datetime-local value (browser zone). */
export interface AiDraft {
  title: string;
  description: string;
  clientId: number | null;
  assignedTo: number[];
  deadline: string;
}

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** ISO → 'yyyy-MM-ddTHH:mm' in the browser's zone ('' when missing or invalid). */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toLocal().toFormat(LOCAL_FORMAT) : '';
}

/** 'yyyy-MM-ddTHH:mm' (browser zone) → ISO with offset; null when empty or invalid. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = DateTime.fromFormat(value, LOCAL_FORMAT);
  return date.isValid ? date.toISO({ suppressMilliseconds: true }) : null;
}

export function draftFromSuggestion(suggestion: AiTaskSuggestion): AiDraft {
  return {
    title: suggestion.title,
    description: suggestion.description,
    clientId: suggestion.clientId,
    assignedTo: [...suggestion.assignedToIds],
    deadline: toDateTimeLocal(suggestion.deadline),
  };
}

interface Named {
  id: number;
  name: string;
}

/** The suggestion with the draft's values; names come from the real lists (or stay as suggested). */
export function applyDraft(
  suggestion: AiTaskSuggestion,
  draft: AiDraft,
  clients: readonly Named[],
  users: readonly Named[],
): AiTaskSuggestion {
  const clientName =
    draft.clientId === null
      ? null
      : (clients.find((c) => c.id === draft.clientId)?.name ?? (draft.clientId === suggestion.clientId ? suggestion.clientName : null));
  const assignedToNames = draft.assignedTo.map((id) => {
    const known = users.find((u) => u.id === id)?.name;
    const index = suggestion.assignedToIds.indexOf(id);
    return known ?? (index >= 0 ? suggestion.assignedToNames[index] : `#${id}`);
  });
  return {
    ...suggestion,
    title: draft.title,
    description: draft.description,
    clientId: draft.clientId,
    clientName,
    assignedToIds: [...draft.assignedTo],
    assignedToNames,
    deadline: fromDateTimeLocal(draft.deadline),
  };
}

/** The body's suggestion: only the suggestion's own fields (never the admin debug data). */
export function suggestionPayload(suggestion: AiTaskSuggestion | AiParseResult): AiTaskSuggestion {
  const { title, description, clientName, clientId, assignedToNames, assignedToIds, deadline, confidence, suggestions, warnings } =
    suggestion;
  return { title, description, clientName, clientId, assignedToNames, assignedToIds, deadline, confidence, suggestions, warnings };
}

/** The column chosen, else the first one by position (core.md §4). */
export function targetColumnId(columns: readonly Column[] | undefined, chosen: number | null): number | null {
  if (chosen !== null && columns?.some((c) => c.id === chosen)) return chosen;
  const first = [...(columns ?? [])].sort((a, b) => a.position - b.position || a.id - b.id)[0];
  return first?.id ?? null;
}

/** What the preview shows in 'Visualizar'. */
export function previewFields(suggestion: AiTaskSuggestion) {
  return {
    title: suggestion.title || '—',
    assignees: suggestion.assignedToNames.length ? suggestion.assignedToNames.join(', ') : 'Nenhum responsável identificado',
    client: suggestion.clientName ?? 'Nenhum cliente identificado',
    deadline: suggestion.deadline ? formatDateTime(suggestion.deadline) : 'Sem prazo definido',
    description: suggestion.description || '—',
  };
}

/** Badge colours of the admin AI test outcomes. */
export const OUTCOME_COLORS: Record<AiTestOutcome, string> = {
  'Sucesso Completo': 'green',
  'Sucesso Parcial': 'yellow',
  'Resultado Incompleto': 'orange',
  'Resposta Vazia': 'red',
};

/** Non-blank text (trimmed) or null. */
export function textToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? text : null;
}
