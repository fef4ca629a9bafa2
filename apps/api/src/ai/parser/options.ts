import { DateTime } from 'luxon';
import { type AiClientRef, type AiTaskSuggestion, type AiUserRef } from '@wkflow/contracts';

/**
 * The offline pt-BR task parser (DESIGN §5): deterministic, pure, accent-insensitive. It finds a
 * deadline (relative and absolute dates, times), assignees (names, usernames, @mentions), a client
 * (by name) and a title (the first clause without those phrases). Names are only ever matched
 * against the given users and clients: what does not match becomes a warning, never an id.
 */

export interface ParseTaskOptions {
  now: DateTime | Date;
  /** IANA zone the dates in the text are read in (APP_TIMEZONE). */
  timezone: string;
  users: readonly AiUserRef[];
  clients: readonly AiClientRef[];
}

/** The parse's "now", in the zone the text is read in. */
export const nowIn = (options: ParseTaskOptions): DateTime =>
  (options.now instanceof Date ? DateTime.fromJSDate(options.now) : options.now).setZone(options.timezone);

/** Deadline time when only a date is given. */
export const AI_DEFAULT_DEADLINE_HOUR = 18;
/** Longest generated title. */
export const AI_TITLE_MAX = 80;

export const AI_MESSAGES = {
  noClient: 'Nenhum cliente identificado',
  noDeadline: 'Nenhum prazo identificado',
  pastDate: 'A data informada já passou',
  personNotFound: (name: string) => `Pessoa não encontrada: ${name}`,
  ambiguousPerson: (name: string, candidates: string[]) => `Mais de uma pessoa corresponde a "${name}": ${candidates.join(', ')}`,
  clientNotFound: (name: string) => `Cliente não encontrado: ${name}`,
  ambiguousClient: (name: string, candidates: string[]) => `Mais de um cliente corresponde a "${name}": ${candidates.join(', ')}`,
  severalClients: (used: string) => `Mais de um cliente mencionado; usando ${used}`,
  invalidDate: (text: string) => `Data inválida: ${text}`,
  suggestDeadline: 'Defina um prazo para a tarefa',
  suggestClient: 'Selecione o cliente da tarefa',
  suggestAssignee: 'Atribua um responsável à tarefa',
  suggestDefaultTime: 'Nenhum horário informado: prazo definido para as 18:00',
  suggestDetails: 'Adicione mais detalhes à descrição',
  suggestTitle: 'Descreva a tarefa com mais detalhes para gerar um título',
} as const;

/** Weights of what was found (they add up to 1); each problem warning takes PENALTY off. */
export const AI_CONFIDENCE_WEIGHTS = { title: 0.3, client: 0.25, deadline: 0.25, assignee: 0.2 } as const;
export const PENALTY = 0.1;

export function computeConfidence(found: { title: boolean; client: boolean; deadline: boolean; assignee: boolean }, problems = 0): number {
  const w = AI_CONFIDENCE_WEIGHTS;
  const score =
    (found.title ? w.title : 0) +
    (found.client ? w.client : 0) +
    (found.deadline ? w.deadline : 0) +
    (found.assignee ? w.assignee : 0) -
    problems * PENALTY;
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/** The description: the text trimmed, runs of spaces collapsed, at most one blank line in a row. */
export function cleanTaskText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The suggestion both parsers answer: the matched client and people as names and ids, the deadline as ISO. */
export function parsedTask(found: {
  title: string;
  description: string;
  client: AiClientRef | null;
  assignees: readonly AiUserRef[];
  deadline: DateTime | null;
  confidence: number;
  suggestions: string[];
  warnings: string[];
}): AiTaskSuggestion {
  const { client, assignees, deadline } = found;
  return {
    title: found.title,
    description: found.description,
    clientName: client?.name ?? null,
    clientId: client?.id ?? null,
    assignedToNames: assignees.map((u) => u.name),
    assignedToIds: assignees.map((u) => u.id),
    deadline: deadline ? deadline.toISO({ suppressMilliseconds: true }) : null,
    confidence: found.confidence,
    suggestions: found.suggestions,
    warnings: found.warnings,
  };
}
