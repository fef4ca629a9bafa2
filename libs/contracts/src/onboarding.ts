/** Client onboarding: processes made of steps (extended.md §2.4, §3, §4). Pure data and rules. */

export const ONBOARDING_PROCESS_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type OnboardingProcessStatus = (typeof ONBOARDING_PROCESS_STATUSES)[number];

export const ONBOARDING_STEP_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type OnboardingStepStatus = (typeof ONBOARDING_STEP_STATUSES)[number];

/** What a user may set a step to (§4): the Iniciar and Concluir buttons. */
export const ONBOARDING_STEP_UPDATE_STATUSES = ['in_progress', 'completed'] as const;
export type OnboardingStepUpdateStatus = (typeof ONBOARDING_STEP_UPDATE_STATUSES)[number];

export const ONBOARDING_CATEGORIES = ['documentation', 'setup', 'training', 'approval', 'other'] as const;
export type OnboardingCategory = (typeof ONBOARDING_CATEGORIES)[number];

export const ONBOARDING_STATUS_LABELS: Record<OnboardingProcessStatus, string> = {
  pending: 'Pendente',
  in_progress: 'Em Andamento',
  completed: 'Concluído',
  cancelled: 'Cancelado',
};

export const ONBOARDING_CATEGORY_LABELS: Record<OnboardingCategory, string> = {
  documentation: 'Documentação',
  setup: 'Configuração',
  training: 'Treinamento',
  approval: 'Aprovação',
  other: 'Outros',
};

export const ONBOARDING_NOTES_MAX = 2000;

export const ONBOARDING_MESSAGES = {
  selectClient: 'Selecione um cliente',
  alreadyOpen: 'Este cliente já possui um processo de onboarding em andamento',
  processNotFound: 'Processo de onboarding não encontrado',
  stepNotFound: 'Etapa não encontrada neste processo',
  cancelled: 'Processo cancelado não pode ser alterado',
  completed: 'Processo concluído não pode ser reaberto',
  stepStatus: 'Status inválido: use in_progress ou completed',
} as const;

export interface OnboardingStepTemplate {
  name: string;
  description: string;
  category: OnboardingCategory;
  /** Minutes. */
  estimatedDuration: number;
}

/** The steps every new process starts with, in order. */
export const ONBOARDING_STEP_TEMPLATE: readonly OnboardingStepTemplate[] = [
  {
    name: 'Reunião de kickoff',
    description: 'Apresentar a equipe, alinhar objetivos, escopo e canais de comunicação com o cliente.',
    category: 'documentation',
    estimatedDuration: 60,
  },
  {
    name: 'Contrato e documentação',
    description: 'Coletar o contrato assinado, dados cadastrais (CNPJ, endereço) e contatos responsáveis.',
    category: 'documentation',
    estimatedDuration: 45,
  },
  {
    name: 'Briefing e identidade visual',
    description: 'Receber o briefing, manual da marca, logotipos, paleta de cores e referências.',
    category: 'documentation',
    estimatedDuration: 90,
  },
  {
    name: 'Acessos às ferramentas',
    description: 'Registrar em Senhas & Acessos os logins de redes sociais, site, anúncios e analytics.',
    category: 'setup',
    estimatedDuration: 30,
  },
  {
    name: 'Configuração do quadro de tarefas',
    description: 'Cadastrar o cliente no WKFlow com sua cor e criar as primeiras tarefas do cronograma.',
    category: 'setup',
    estimatedDuration: 30,
  },
  {
    name: 'Treinamento do cliente',
    description: 'Mostrar ao cliente o fluxo de aprovações, prazos e como solicitar demandas.',
    category: 'training',
    estimatedDuration: 60,
  },
  {
    name: 'Plano de conteúdo do primeiro mês',
    description: 'Montar o calendário editorial e as metas do primeiro mês e enviar para aprovação.',
    category: 'approval',
    estimatedDuration: 120,
  },
  {
    name: 'Aprovação final e início da operação',
    description: 'Obter o aceite do cliente sobre o plano e liberar a equipe para a operação contínua.',
    category: 'approval',
    estimatedDuration: 30,
  },
];

/** GET /api/onboarding (snake_case as the spec shows). */
export interface OnboardingProcess {
  id: number;
  client_id: number;
  client_name: string;
  status: OnboardingProcessStatus;
  /** Steps completed so far: the list shows current_step of total_steps as progress. */
  current_step: number;
  total_steps: number;
  assigned_to: number | null;
  assigned_username: string | null;
  assigned_name: string | null;
  started_at: string | null;
  created_at: string;
  completed_at: string | null;
}

/** GET /api/onboarding/{id}/steps */
export interface OnboardingStep {
  id: number;
  process_id: number;
  name: string;
  description: string;
  category: OnboardingCategory;
  estimated_duration: number;
  step_order: number;
  status: OnboardingStepStatus;
  notes: string | null;
  completed_at: string | null;
}

export interface StartOnboardingRequest {
  clientId: number;
}

export interface UpdateOnboardingStepRequest {
  status: OnboardingStepUpdateStatus;
  notes?: string | null;
}

/** PUT /api/onboarding/{processId}/steps/{stepId} */
export interface UpdateOnboardingStepResponse {
  step: OnboardingStep;
  process: OnboardingProcess;
}

export interface OnboardingProgress {
  status: Exclude<OnboardingProcessStatus, 'cancelled'>;
  /** How many steps are completed. */
  currentStep: number;
  totalSteps: number;
}

/**
 * The process follows its steps (§2.4, §4): completed when every step is completed, in progress
 * as soon as one step has started or finished, pending before that.
 */
export function onboardingProgress(steps: readonly { status: OnboardingStepStatus }[]): OnboardingProgress {
  const totalSteps = steps.length;
  const currentStep = steps.filter((s) => s.status === 'completed').length;
  let status: OnboardingProgress['status'] = 'pending';
  if (totalSteps > 0 && currentStep === totalSteps) status = 'completed';
  else if (steps.some((s) => s.status !== 'pending')) status = 'in_progress';
  return { status, currentStep, totalSteps };
}

/** A process is open (blocks a second one for the same client) until completed or cancelled. */
export function isOnboardingOpen(status: OnboardingProcessStatus): boolean {
  return status === 'pending' || status === 'in_progress';
}
