import type { DataSource } from 'typeorm';
import { can, canSeeRecommendations, type LearningCategory, type LearningDifficulty, type PermissionSubject } from '@wkflow/contracts';
import { LearningRepository } from './learning.repository';

/** Who a step is written for: a step the learner cannot do is shown as its `otherwise` text. */
export type StepNeed = (user: PermissionSubject & { role?: string | null }) => boolean;
const TASKS_WRITE: StepNeed = (u) => can(u, 'tasks', 'write');
const CLIENTS_WRITE: StepNeed = (u) => can(u, 'clients', 'write');
const ANALYTICS_READ: StepNeed = (u) => can(u, 'analytics', 'read');
const RECOMMENDATIONS: StepNeed = (u) => canSeeRecommendations(u, u);
const USERS_WRITE: StepNeed = (u) => can(u, 'users', 'write');
const VIEW_ALL_TASKS: StepNeed = (u) => can(u, 'tasks', 'view_all');

export interface CatalogueStep {
  title: string;
  description: string;
  /** The permission the step needs; without it the learner reads `otherwise` (same step, same XP). */
  needs?: StepNeed;
  otherwise?: { title: string; description: string };
}

export interface CataloguePath {
  slug: string;
  title: string;
  description: string;
  category: LearningCategory;
  difficulty: LearningDifficulty;
  color: string;
  /** Minutes. */
  estimatedTime: number;
  /** XP of each step. */
  xp: number;
  /** Slugs of the paths to complete first. */
  prerequisites: string[];
  steps: CatalogueStep[];
}

/** The learning center's paths, in display order: how to use WKFlow itself. */
export const LEARNING_CATALOGUE: CataloguePath[] = [
  {
    slug: 'primeiros-passos',
    title: 'Primeiros passos no WKFlow',
    description: 'Conheça o quadro, crie sua primeira tarefa e encontre o que precisa.',
    category: 'basic',
    difficulty: 'beginner',
    color: '#3b82f6',
    estimatedTime: 20,
    xp: 10,
    prerequisites: [],
    steps: [
      {
        title: 'Conheça o quadro WKFlow',
        description:
          'Abra o quadro na página inicial e veja as colunas Backlog, A fazer, Em andamento, Em revisão e concluídos. Cada cartão é uma tarefa de um cliente.',
      },
      {
        title: 'Crie sua primeira tarefa',
        description:
          'Clique em Nova Tarefa no cabeçalho (a tarefa entra na primeira lista, o Backlog) ou no + de uma lista (entra nessa lista) e informe título, cliente, responsáveis e prazo.',
        needs: TASKS_WRITE,
        otherwise: {
          title: 'Abra uma tarefa atribuída a você',
          description:
            'Clique em um cartão com o seu nome para ver descrição, prazo, responsáveis, comentários e anexos. Quem cria as tarefas é quem tem permissão de escrita em Tarefas (por exemplo, o Gerente).',
        },
      },
      {
        title: 'Mova um cartão entre colunas',
        description: 'Arraste o cartão para a coluna seguinte conforme o trabalho avança. O histórico da tarefa registra cada movimento.',
        needs: VIEW_ALL_TASKS,
        otherwise: {
          title: 'Mova um cartão entre colunas',
          description:
            'Arraste um cartão atribuído a você para a coluna seguinte conforme o trabalho avança. O histórico da tarefa registra cada movimento.',
        },
      },
      {
        title: 'Encontre tarefas pela busca',
        description:
          'Digite no campo "Buscar tarefas..." do cabeçalho para filtrar o quadro pelo título, pela descrição, pelo cliente ou pelo nome de um responsável.',
      },
      {
        title: 'Revise seu perfil',
        description: 'Em Meu Perfil, confira seu nome e e-mail e troque sua senha se necessário.',
      },
    ],
  },
  {
    slug: 'organizando-o-quadro',
    title: 'Organizando o quadro',
    description: 'Prazos, lembretes, comentários e a barra lateral Projetos para nada escapar.',
    category: 'basic',
    difficulty: 'beginner',
    color: '#22c55e',
    estimatedTime: 25,
    xp: 10,
    prerequisites: ['primeiros-passos'],
    steps: [
      {
        title: 'Defina prazos e lembretes',
        description: 'Em cada tarefa, escolha o prazo e um lembrete (por exemplo, 1 dia antes) para ser avisado a tempo.',
      },
      {
        title: 'Comente e anexe arquivos',
        description: 'Use os comentários da tarefa para registrar decisões e anexe briefings, artes e contratos no próprio cartão.',
      },
      {
        title: 'Filtre pela barra lateral Projetos',
        description: 'Na barra lateral, filtre por cliente e acompanhe as entregas que vencem em 1, 2, 3 ou mais dias.',
      },
      {
        title: 'Consulte o histórico da tarefa',
        description: 'Abra o histórico para ver quem criou, moveu, atribuiu ou mudou o prazo da tarefa, e quando.',
      },
    ],
  },
  {
    slug: 'controle-de-tempo',
    title: 'Controle de tempo',
    description: 'Registre as horas de cada tarefa com o cronômetro e revise seus lançamentos.',
    category: 'workflow',
    difficulty: 'beginner',
    color: '#f97316',
    estimatedTime: 20,
    xp: 10,
    prerequisites: ['primeiros-passos'],
    steps: [
      {
        title: 'Inicie o cronômetro de uma tarefa',
        description: 'Abra uma tarefa e inicie o cronômetro: ele aparece flutuando no canto inferior direito enquanto estiver rodando.',
      },
      {
        title: 'Minimize e pare o cronômetro',
        description: 'Minimize o cronômetro para liberar a tela e pare-o ao terminar; o tempo vira um lançamento da tarefa.',
      },
      {
        title: 'Veja o tempo total da tarefa',
        description: 'No detalhe da tarefa, confira o tempo total somado de todos os lançamentos da equipe.',
      },
      {
        title: 'Revise seus lançamentos em Tempos',
        description: 'A tela Tempos lista os lançamentos por período (hoje, semana, mês ou tudo) e permite corrigir a duração.',
      },
    ],
  },
  {
    slug: 'comunicacao-em-equipe',
    title: 'Comunicação em equipe',
    description: 'Converse nas salas de chat e receba só os avisos que importam.',
    category: 'collaboration',
    difficulty: 'beginner',
    color: '#06b6d4',
    estimatedTime: 15,
    xp: 10,
    prerequisites: ['primeiros-passos'],
    steps: [
      {
        title: 'Entre em uma sala de chat',
        description:
          'Abra o Chat, escolha uma sala e envie uma mensagem para a equipe. As salas com mensagens novas mostram o total não lido.',
      },
      {
        title: 'Responda a uma mensagem',
        description: 'Use a opção de resposta para citar a mensagem original e manter a conversa organizada.',
      },
      {
        title: 'Crie uma sala para um projeto',
        description: 'Crie uma sala com nome e descrição para concentrar a conversa de um cliente ou campanha.',
      },
      {
        title: 'Ajuste suas notificações',
        description: 'Em Notificações, escolha quais avisos chegam por e-mail, pelo navegador e com som.',
      },
    ],
  },
  {
    slug: 'onboarding-de-clientes',
    title: 'Onboarding de clientes',
    description: 'Do cadastro do cliente à conclusão do processo de onboarding, etapa por etapa.',
    category: 'workflow',
    difficulty: 'intermediate',
    color: '#8b5cf6',
    estimatedTime: 35,
    xp: 20,
    prerequisites: ['organizando-o-quadro'],
    steps: [
      {
        title: 'Cadastre o cliente',
        description: 'Em Clientes, crie o cliente com nome, cor, contatos e redes sociais.',
        needs: CLIENTS_WRITE,
        otherwise: {
          title: 'Conheça o cadastro do cliente',
          description:
            'Em Clientes, abra um cliente e veja contatos, redes sociais e tarefas. Cadastrar e editar clientes fica com o Gerente.',
        },
      },
      {
        title: 'Guarde os acessos com segurança',
        description:
          'Na aba de acessos do cliente, registre ferramenta, URL, usuário e senha. As senhas ficam criptografadas e aparecem mascaradas.',
        needs: CLIENTS_WRITE,
        otherwise: {
          title: 'Use os acessos do cliente com segurança',
          description:
            'Na aba de acessos do cliente, as senhas aparecem mascaradas: revele ou copie só quando for usar. Quem registra os acessos é o Gerente.',
        },
      },
      {
        title: 'Inicie o processo de onboarding',
        description: 'Em Onboarding, selecione o cliente e clique em Iniciar Onboarding: as etapas padrão são criadas automaticamente.',
        needs: CLIENTS_WRITE,
        otherwise: {
          title: 'Acompanhe um onboarding',
          description: 'Em Onboarding, selecione um cliente e veja as etapas do processo, o responsável e o progresso.',
        },
      },
      {
        title: 'Avance as etapas com notas',
        description: 'Marque cada etapa como em andamento ou concluída e registre notas sobre o que foi combinado.',
        needs: CLIENTS_WRITE,
        otherwise: {
          title: 'Leia as notas das etapas',
          description: 'Abra as etapas do onboarding para ler as notas sobre o que foi combinado com o cliente.',
        },
      },
      {
        title: 'Conclua o processo',
        description: 'Ao concluir a última etapa, o processo passa para Concluído e o cliente está pronto para o dia a dia.',
        needs: CLIENTS_WRITE,
        otherwise: {
          title: 'Veja um processo concluído',
          description: 'Quando a última etapa é concluída, o processo passa para Concluído e o cliente está pronto para o dia a dia.',
        },
      },
    ],
  },
  {
    slug: 'produtividade-avancada',
    title: 'Produtividade avançada',
    description: 'Crie tarefas com IA, gere relatórios e deixe o WKFlow com a sua cara.',
    category: 'advanced',
    difficulty: 'intermediate',
    color: '#eab308',
    estimatedTime: 30,
    xp: 20,
    prerequisites: ['controle-de-tempo'],
    steps: [
      {
        title: 'Crie tarefas com IA',
        description: 'Use Criar com IA e descreva a tarefa em texto livre, como "post para a Padaria Real até sexta para o João".',
        needs: TASKS_WRITE,
        otherwise: {
          title: 'Busque e filtre suas tarefas',
          description: 'Combine a busca do cabeçalho com os filtros Em aberto, Atrasadas e Concluídas para achar o que é seu em segundos.',
        },
      },
      {
        title: 'Gere um relatório',
        description: 'Em Analytics, gere um relatório de produtividade ou de tempo para o período desejado.',
        needs: ANALYTICS_READ,
        otherwise: {
          title: 'Revise suas horas da semana',
          description: 'Em Tempos, escolha o período Semana e confira as horas lançadas em cada tarefa.',
        },
      },
      {
        title: 'Siga as recomendações',
        description: 'Veja as recomendações de fluxo de trabalho e marque as que foram implementadas.',
        needs: RECOMMENDATIONS,
        otherwise: {
          title: 'Comente o andamento',
          description: 'Registre nos comentários da tarefa o que falta e o que foi combinado, para a equipe seguir sem perguntar.',
        },
      },
      {
        title: 'Escolha seu tema',
        description: 'Em Temas, visualize as opções e aplique a que preferir: o tema fica salvo na sua conta.',
      },
    ],
  },
  {
    slug: 'gestao-de-equipe',
    title: 'Gestão de equipe e permissões',
    description: 'Aprove cadastros, defina perfis de acesso e acompanhe o desempenho da equipe.',
    category: 'advanced',
    difficulty: 'advanced',
    color: '#ef4444',
    estimatedTime: 40,
    xp: 30,
    prerequisites: ['organizando-o-quadro', 'comunicacao-em-equipe'],
    steps: [
      {
        title: 'Aprove novos cadastros',
        description:
          'Em Usuários › Aprovações, revise os cadastros pendentes e aprove com o perfil solicitado ou outro, ou rejeite com um motivo. Um aviso chega no sino a cada novo cadastro.',
        needs: USERS_WRITE,
        otherwise: {
          title: 'Saiba como um cadastro é aprovado',
          description:
            'Quem se cadastra aguarda um administrador, que aprova com o perfil solicitado ou outro. Peça a ele se alguém da equipe não consegue entrar.',
        },
      },
      {
        title: 'Configure perfis de acesso',
        description: 'Crie perfis e defina, módulo a módulo, se o acesso é oculto, leitura ou escrita.',
        needs: USERS_WRITE,
        otherwise: {
          title: 'Conheça o seu perfil de acesso',
          description: 'Seu perfil define o que você vê e edita em cada módulo. Se precisar de mais acesso, fale com um administrador.',
        },
      },
      {
        title: 'Distribua as tarefas',
        description: 'Atribua responsáveis às tarefas e use o filtro de membros da barra lateral para equilibrar a carga.',
        needs: TASKS_WRITE,
        otherwise: {
          title: 'Organize sua carga',
          description: 'Veja na barra lateral as entregas dos próximos dias e avise o Gerente quando o prazo de uma tarefa não couber.',
        },
      },
      {
        title: 'Acompanhe os indicadores',
        description: 'Em Analytics, compare tarefas concluídas, horas e taxa de conclusão entre períodos.',
        needs: ANALYTICS_READ,
        otherwise: {
          title: 'Acompanhe suas horas',
          description: 'Em Tempos, compare as horas lançadas por período e corrija um lançamento quando necessário.',
        },
      },
    ],
  },
];

/** A step as the learner reads it: its `otherwise` text when the learner lacks what the step needs. */
export function stepForLearner(
  slug: string,
  order: number,
  user: PermissionSubject & { role?: string | null },
): { title: string; description: string } | null {
  const step = LEARNING_CATALOGUE.find((p) => p.slug === slug)?.steps[order - 1];
  if (!step?.needs || !step.otherwise || step.needs(user)) return null;
  return step.otherwise;
}

/**
 * Writes the catalogue: paths by slug, steps by (path, order), prerequisites. Idempotent: a re-run
 * updates texts and colours in place, so users' progress (keyed by step id) is kept.
 */
export async function seedLearningCatalogue(dataSource: DataSource): Promise<void> {
  const learning = new LearningRepository(dataSource);
  await learning.transaction(async (db) => {
    const ids = new Map<string, number>();
    for (const [index, path] of LEARNING_CATALOGUE.entries()) {
      const { xp: _xp, prerequisites: _prerequisites, steps: _steps, ...fields } = path;
      const pathId = await learning.upsertCataloguePath({ ...fields, position: index + 1 }, db);
      ids.set(path.slug, pathId);
      for (const [order, step] of path.steps.entries()) {
        await learning.upsertCatalogueStep(
          { pathId, stepOrder: order + 1, title: step.title, description: step.description, xp: path.xp },
          db,
        );
      }
    }
    for (const path of LEARNING_CATALOGUE) {
      for (const prerequisite of path.prerequisites) {
        const prerequisiteId = ids.get(prerequisite);
        if (!prerequisiteId) throw new Error(`Trilha ${path.slug}: pré-requisito desconhecido ${prerequisite}`);
        await learning.addPrerequisite(ids.get(path.slug)!, prerequisiteId, db);
      }
    }
  });
}
