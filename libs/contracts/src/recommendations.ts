import { percent } from './analytics';
import { formatHoursMinutes } from './timer';

export const RECOMMENDATION_TYPES = ['workflow', 'team', 'client', 'performance', 'other'] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];
export const RECOMMENDATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type RecommendationPriority = (typeof RECOMMENDATION_PRIORITIES)[number];
export const RECOMMENDATION_STATUSES = ['active', 'implemented', 'dismissed', 'expired'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export const RECOMMENDATION_TYPE_LABELS: Record<RecommendationType, string> = {
  workflow: 'Fluxo de trabalho',
  team: 'Equipe',
  client: 'Clientes',
  performance: 'Desempenho',
  other: 'Outros',
};
export const RECOMMENDATION_PRIORITY_LABELS: Record<RecommendationPriority, string> = {
  urgent: 'Urgente',
  high: 'Alta',
  medium: 'Média',
  low: 'Baixa',
};

/** The 'Acesso Restrito' text (extended.md §2.9), also the API's 403 message. */
export const RECOMMENDATIONS_RESTRICTED_TITLE = 'Acesso Restrito';
export const RECOMMENDATIONS_RESTRICTED_MESSAGE = 'Este recurso está disponível apenas para Administradores e Gerentes.';
/** Days a generated recommendation stays active. */
export const RECOMMENDATION_TTL_DAYS = 7;

/** What a rule proposes; `key` identifies the situation, so one situation has one active row. */
export interface RecommendationDraft {
  key: string;
  type: RecommendationType;
  priority: RecommendationPriority;
  title: string;
  description: string;
  action: string;
  impact: string;
  data: Record<string, unknown>;
}

/** A recommendation as the API returns it (extended.md §3). */
export interface Recommendation extends RecommendationDraft {
  id: number;
  status: RecommendationStatus;
  expiresAt: string;
  createdAt: string;
}

export interface RecommendationStats {
  active: number;
  implemented: number;
  /** implemented / every recommendation ever generated, in %. */
  implementationRate: number;
}

export interface RecommendationInsights {
  teamProductivityScore: number;
  /**
   * The one completion rate (the analytics overview's for 30 days): tasks created in the last 30
   * calendar days (APP_TIMEZONE, archived left out) that sit in a completed list now, in %.
   */
  completionRate: number;
  /** The tasks behind completionRate: created in the 30 days, and completed of those. */
  createdLast30: number;
  completedOfCreatedLast30: number;
  overdueRate: number;
  completedTasks: number;
  overdueTasks: number;
  totalTasks: number;
  /** Hours from creation to completion, over completed tasks. */
  avgCompletionTime: number;
  mostActiveUser: { name: string } | null;
  leastActiveUser: { name: string } | null;
  bottleneckColumn: string | null;
}

export interface GenerateRecommendationsResult {
  created: number;
  recommendations: Recommendation[];
}

/** The aggregated figures the rules read, gathered by the API in SQL. */
export interface RecommendationMetrics {
  /** Not archived and not completed. */
  openTasks: number;
  /** Open with a deadline before today. */
  overdueTasks: number;
  /** Open with nobody assigned. */
  unassignedOpenTasks: number;
  /** Working columns (neither fixed nor completed) with their open tasks. */
  columns: { id: number; name: string; openTasks: number }[];
  /** Approved members: open tasks assigned and seconds tracked (exact sum) in the last 14 days. */
  members: { id: number; name: string; openTasks: number; recentSeconds: number }[];
  /** Clients without a task created or changed, or time tracked, in 30 days. */
  inactiveClients: { id: number; name: string }[];
  /** Tasks created in the last 30 calendar days (the analytics definition), and how many of them are completed. */
  createdLast30: number;
  completedOfCreatedLast30: number;
  /** Average hours from creation to completion of completed tasks; null when none. */
  avgCompletionHours: number | null;
}

export const RECOMMENDATION_THRESHOLDS = {
  /** Overdue share of open tasks: high from 20 %, urgent from 40 %, with at least 5 open tasks. */
  overdueHigh: 20,
  overdueUrgent: 40,
  overdueMinOpen: 5,
  /** A working column holding at least 8 open tasks and 40 % of those of all working columns. */
  bottleneckMinTasks: 8,
  bottleneckShare: 40,
  unassignedMedium: 3,
  unassignedHigh: 10,
  /** Open tasks that make a member overloaded. */
  overloadedOpenTasks: 12,
  lowCompletionMinTasks: 10,
  lowCompletionRate: 30,
  /** A week from creation to completion, on average, is slow. */
  slowCompletionHours: 168,
} as const;

/** A number as pt-BR text: decimal comma. */
const ptBR = (value: number) => String(value).replace('.', ',');

const names = (list: { name: string }[], max = 5): string =>
  list.length <= max
    ? list.map((m) => m.name).join(', ')
    : `${list
        .slice(0, max)
        .map((m) => m.name)
        .join(', ')} e mais ${list.length - max}`;

function overdueRule(m: RecommendationMetrics): RecommendationDraft | null {
  const rate = percent(m.overdueTasks, m.openTasks);
  if (m.openTasks < RECOMMENDATION_THRESHOLDS.overdueMinOpen || rate < RECOMMENDATION_THRESHOLDS.overdueHigh) return null;
  return {
    key: 'overdue-rate',
    type: 'workflow',
    priority: rate >= RECOMMENDATION_THRESHOLDS.overdueUrgent ? 'urgent' : 'high',
    title: 'Muitas tarefas atrasadas',
    description: `${m.overdueTasks} de ${m.openTasks} tarefas abertas (${ptBR(rate)}%) estão com o prazo vencido.`,
    action: 'Revise os prazos das tarefas atrasadas, renegocie as datas com os clientes e priorize as mais antigas.',
    impact: 'Menos atrasos e entregas mais previsíveis para os clientes.',
    data: { overdueTasks: m.overdueTasks, openTasks: m.openTasks, overdueRate: rate },
  };
}

function bottleneckRule(m: RecommendationMetrics): RecommendationDraft | null {
  const total = m.columns.reduce((sum, c) => sum + c.openTasks, 0);
  const top = [...m.columns].sort((a, b) => b.openTasks - a.openTasks || a.id - b.id)[0];
  if (!top || top.openTasks < RECOMMENDATION_THRESHOLDS.bottleneckMinTasks) return null;
  const share = percent(top.openTasks, total);
  if (share < RECOMMENDATION_THRESHOLDS.bottleneckShare) return null;
  return {
    key: `bottleneck:${top.id}`,
    type: 'workflow',
    priority: 'high',
    title: `Gargalo na coluna "${top.name}"`,
    description: `A coluna "${top.name}" concentra ${top.openTasks} tarefas (${ptBR(share)}% das tarefas abertas).`,
    action: `Defina um limite de tarefas para "${top.name}" e concentre a equipe em finalizar o que já está nela antes de puxar novas tarefas.`,
    impact: 'Fluxo mais contínuo e menor tempo de ciclo das tarefas.',
    data: { columnId: top.id, columnName: top.name, openTasks: top.openTasks, share },
  };
}

function unassignedRule(m: RecommendationMetrics): RecommendationDraft | null {
  if (m.unassignedOpenTasks < RECOMMENDATION_THRESHOLDS.unassignedMedium) return null;
  return {
    key: 'unassigned-tasks',
    type: 'team',
    priority: m.unassignedOpenTasks >= RECOMMENDATION_THRESHOLDS.unassignedHigh ? 'high' : 'medium',
    title: 'Tarefas sem responsável',
    description: `${m.unassignedOpenTasks} tarefas abertas não têm ninguém atribuído.`,
    action: 'Atribua um responsável a cada tarefa aberta para que nenhuma fique esquecida.',
    impact: 'Responsabilidades claras e menos tarefas paradas.',
    data: { unassignedTasks: m.unassignedOpenTasks },
  };
}

function overloadedRule(m: RecommendationMetrics): RecommendationDraft | null {
  const overloaded = m.members.filter((member) => member.openTasks >= RECOMMENDATION_THRESHOLDS.overloadedOpenTasks);
  if (overloaded.length === 0) return null;
  return {
    key: 'overloaded-members',
    type: 'team',
    priority: 'high',
    title: 'Membros sobrecarregados',
    description: `${names(overloaded)} ${overloaded.length === 1 ? 'tem' : 'têm'} ${RECOMMENDATION_THRESHOLDS.overloadedOpenTasks} ou mais tarefas abertas.`,
    action: 'Redistribua parte dessas tarefas para membros com menos demanda.',
    impact: 'Carga de trabalho equilibrada e menor risco de atrasos e esgotamento.',
    data: { members: overloaded.map(({ id, name, openTasks }) => ({ id, name, openTasks })) },
  };
}

function idleRule(m: RecommendationMetrics): RecommendationDraft | null {
  const idle = m.members.filter((member) => member.openTasks === 0 || member.recentSeconds === 0);
  if (idle.length === 0) return null;
  return {
    key: 'idle-members',
    type: 'team',
    priority: 'medium',
    title: 'Membros com pouca atividade',
    description: `${names(idle)} ${idle.length === 1 ? 'está' : 'estão'} sem tarefas abertas ou sem tempo registrado nos últimos 14 dias.`,
    action: 'Verifique a disponibilidade desses membros e atribua a eles tarefas do backlog.',
    impact: 'Melhor aproveitamento da capacidade da equipe.',
    data: {
      members: idle.map(({ id, name, openTasks, recentSeconds }) => ({
        id,
        name,
        openTasks,
        recentSeconds,
        recentTime: formatHoursMinutes(recentSeconds),
      })),
    },
  };
}

function inactiveClientsRule(m: RecommendationMetrics): RecommendationDraft | null {
  if (m.inactiveClients.length === 0) return null;
  return {
    key: 'inactive-clients',
    type: 'client',
    priority: 'low',
    title: 'Clientes sem atividade',
    description: `${names(m.inactiveClients)} não ${m.inactiveClients.length === 1 ? 'teve' : 'tiveram'} tarefas nem tempo registrado nos últimos 30 dias.`,
    action: 'Entre em contato com esses clientes para propor novas entregas ou revisar o contrato.',
    impact: 'Relacionamento ativo com os clientes e novas oportunidades de trabalho.',
    data: { clients: m.inactiveClients },
  };
}

function lowCompletionRule(m: RecommendationMetrics): RecommendationDraft | null {
  const rate = percent(m.completedOfCreatedLast30, m.createdLast30);
  if (m.createdLast30 < RECOMMENDATION_THRESHOLDS.lowCompletionMinTasks || rate >= RECOMMENDATION_THRESHOLDS.lowCompletionRate) return null;
  return {
    key: 'low-completion-rate',
    type: 'performance',
    priority: 'medium',
    title: 'Taxa de conclusão baixa',
    description: `Só ${ptBR(rate)}% das ${m.createdLast30} tarefas criadas nos últimos 30 dias foram concluídas.`,
    action: 'Divida as tarefas grandes em entregas menores e revise as prioridades com a equipe.',
    impact: 'Mais entregas concluídas por período.',
    data: { createdTasks: m.createdLast30, completedTasks: m.completedOfCreatedLast30, completionRate: rate },
  };
}

function slowCompletionRule(m: RecommendationMetrics): RecommendationDraft | null {
  if (m.avgCompletionHours === null || m.avgCompletionHours <= RECOMMENDATION_THRESHOLDS.slowCompletionHours) return null;
  const days = Math.round((m.avgCompletionHours / 24) * 10) / 10;
  return {
    key: 'slow-completion',
    type: 'performance',
    priority: 'medium',
    title: 'Tarefas demoram para ser concluídas',
    description: `Em média, uma tarefa leva ${ptBR(days)} dias da criação até a conclusão.`,
    action: 'Acompanhe as tarefas paradas há mais tempo nas reuniões da equipe e remova os impedimentos.',
    impact: 'Entregas mais rápidas e clientes mais satisfeitos.',
    data: { avgCompletionHours: m.avgCompletionHours },
  };
}

const RULES = [
  overdueRule,
  bottleneckRule,
  unassignedRule,
  overloadedRule,
  idleRule,
  inactiveClientsRule,
  lowCompletionRule,
  slowCompletionRule,
];

/** Every recommendation the metrics call for, most urgent first. */
export function recommendationDrafts(metrics: RecommendationMetrics): RecommendationDraft[] {
  const order = (p: RecommendationPriority) => RECOMMENDATION_PRIORITIES.indexOf(p);
  return RULES.map((rule) => rule(metrics))
    .filter((draft): draft is RecommendationDraft => draft !== null)
    .sort((a, b) => order(a.priority) - order(b.priority));
}

/**
 * 0–100: 70 % weight on the completion rate and 30 % on being on time (100 − overdue rate);
 * 0 for a board without tasks.
 */
export function teamProductivityScore(totalTasks: number, completionRate: number, overdueRate: number): number {
  if (totalTasks === 0) return 0;
  const score = completionRate * 0.7 + (100 - overdueRate) * 0.3;
  return Math.max(0, Math.min(100, Math.round(score)));
}

/** POST /api/recommendations/{id}/implement */
export interface ImplementRecommendationRequest {
  notes?: string;
}

/** POST /api/recommendations/{id}/dismiss */
export interface DismissRecommendationRequest {
  reason?: string;
}
