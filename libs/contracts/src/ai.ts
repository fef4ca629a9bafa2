/**
 * AI task creation (core.md §2–§9, extended.md §2.13 and §3): the parse result, its confidence
 * bands and the admin test page's outcome badge (the offline pt-BR parser lives in the API, apps/api/src/ai/parser).
 */

export * from './ai-text';

/** Longest text accepted for analysis. */
export const AI_TEXT_MAX = 4000;

/** What POST /api/ai/parse-task returns (extended.md §3 'AI parse result'). */
export interface AiTaskSuggestion {
  title: string;
  description: string;
  clientName: string | null;
  clientId: number | null;
  assignedToNames: string[];
  assignedToIds: number[];
  /** ISO 8601 with offset, or null when no deadline was found. */
  deadline: string | null;
  /** 0 to 1. */
  confidence: number;
  suggestions: string[];
  warnings: string[];
}

export type AiMode = 'openai' | 'offline';

/** Only for username admin (core.md §6). */
export interface AiDebugInfo {
  originalText: string;
  /** The model's raw answer (online) or the parser's JSON output (offline). */
  rawResponse: string;
  usersCount: number;
  clientsCount: number;
  mode: AiMode;
  /** The model asked (online); null offline. */
  model: string | null;
}

export interface AiParseResult extends AiTaskSuggestion {
  debug?: AiDebugInfo;
}

/**
 * Body of POST /api/ai/create-task: the (possibly edited) suggestion and the target column. Any
 * field of the suggestion may be missing or null; the task form's rules are checked on creation.
 */
export interface AiCreateTaskBody {
  suggestion: { [K in keyof AiTaskSuggestion]?: AiTaskSuggestion[K] | null };
  columnId: number | null;
}

export type ConfidenceLevel = 'high' | 'medium' | 'low';

export interface ConfidenceBand {
  level: ConfidenceLevel;
  label: 'Alta confiança' | 'Média confiança' | 'Baixa confiança';
  /** Chakra colour palette of the badge. */
  color: 'green' | 'yellow' | 'red';
}

/** core.md §9: 0.8 or more high (green), 0.6 or more medium (yellow), else low (red). */
export function confidenceBand(confidence: number): ConfidenceBand {
  const value = Number.isFinite(confidence) ? confidence : 0;
  if (value >= 0.8) return { level: 'high', label: 'Alta confiança', color: 'green' };
  if (value >= 0.6) return { level: 'medium', label: 'Média confiança', color: 'yellow' };
  return { level: 'low', label: 'Baixa confiança', color: 'red' };
}

/** Confidence as a whole percentage: 0.857 → '86%'. */
export function confidencePercent(confidence: number): string {
  const value = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0;
  return `${Math.round(value * 100)}%`;
}

export const AI_TEST_OUTCOMES = ['Resposta Vazia', 'Sucesso Completo', 'Sucesso Parcial', 'Resultado Incompleto'] as const;
export type AiTestOutcome = (typeof AI_TEST_OUTCOMES)[number];

const filled = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value.trim().length > 0 : value !== null && value !== undefined;

/**
 * The admin test page's badge (extended.md §2.13): no answer → 'Resposta Vazia'; title,
 * description, client, assignee and deadline all found → 'Sucesso Completo' (unreachable in the
 * original, reachable here); a title or a description → 'Sucesso Parcial'; else 'Resultado Incompleto'.
 */
export function aiTestOutcome(result: Partial<AiTaskSuggestion> | null | undefined): AiTestOutcome {
  if (!result || typeof result !== 'object') return 'Resposta Vazia';
  const fields = [result.title, result.description, result.clientName, result.assignedToNames, result.deadline];
  if (Object.keys(result).length === 0 || !fields.some(filled)) return 'Resposta Vazia';
  const hasClient = filled(result.clientId) || filled(result.clientName);
  const hasAssignee = filled(result.assignedToIds) || filled(result.assignedToNames);
  if (filled(result.title) && filled(result.description) && hasClient && hasAssignee && filled(result.deadline)) return 'Sucesso Completo';
  if (filled(result.title) || filled(result.description)) return 'Sucesso Parcial';
  return 'Resultado Incompleto';
}

/** The model's display name in the diagnostics: 'gpt-4o' → 'GPT-4o'. */
export function aiModelLabel(model: string | null | undefined, mode: AiMode | null | undefined): string {
  if (mode === 'offline' || !model) return 'Analisador offline (pt-BR)';
  return model.replace(/^gpt/i, 'GPT');
}

/** The three example prompts of the admin AI test page. */
export const AI_EXAMPLE_PROMPTS = [
  'Criar posts de Natal para o Instagram da Padaria Pão Dourado, para a Maria, até sexta às 18h',
  'Reunião de alinhamento com o cliente TechNova Soluções amanhã às 14h30 com o @carlos',
  'Revisar o relatório mensal de mídia paga da Clínica Sorriso Leve para o João e a Ana dia 15',
] as const;

/** POST /api/ai/parse-task */
export interface ParseTaskRequest {
  text: string;
}
