import type { DataSource } from 'typeorm';
import type { LearningCategory, LearningDifficulty } from '@wkflow/contracts';

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
  steps: Array<{ title: string; description: string }>;
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
          'Clique em Nova Tarefa no cabeçalho e informe título, cliente, responsáveis e prazo. Toda tarefa nova entra no Backlog.',
      },
      {
        title: 'Mova um cartão entre colunas',
        description: 'Arraste o cartão para a coluna seguinte conforme o trabalho avança. O histórico da tarefa registra cada movimento.',
      },
      {
        title: 'Encontre tarefas pela busca',
        description: 'Digite no campo "Buscar tarefas..." do cabeçalho para filtrar o quadro pelo título ou pela descrição.',
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
      },
      {
        title: 'Guarde os acessos com segurança',
        description:
          'Na aba de acessos do cliente, registre ferramenta, URL, usuário e senha. As senhas ficam criptografadas e aparecem mascaradas.',
      },
      {
        title: 'Inicie o processo de onboarding',
        description: 'Em Onboarding, selecione o cliente e clique em Iniciar Onboarding: as etapas padrão são criadas automaticamente.',
      },
      {
        title: 'Avance as etapas com notas',
        description: 'Marque cada etapa como em andamento ou concluída e registre notas sobre o que foi combinado.',
      },
      {
        title: 'Conclua o processo',
        description: 'Ao concluir a última etapa, o processo passa para Concluído e o cliente está pronto para o dia a dia.',
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
      },
      {
        title: 'Gere um relatório',
        description: 'Em Analytics, gere um relatório de produtividade ou de tempo para o período desejado.',
      },
      {
        title: 'Siga as recomendações',
        description: 'Veja as recomendações de fluxo de trabalho e marque as que foram implementadas.',
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
        description: 'Em Usuários › Aprovações, revise os cadastros pendentes e aprove ou rejeite com um motivo.',
      },
      {
        title: 'Configure perfis de acesso',
        description: 'Crie perfis e defina, módulo a módulo, se o acesso é oculto, leitura ou escrita.',
      },
      {
        title: 'Distribua as tarefas',
        description: 'Atribua responsáveis às tarefas e use o filtro de membros da barra lateral para equilibrar a carga.',
      },
      {
        title: 'Acompanhe os indicadores',
        description: 'Em Analytics, compare tarefas concluídas, horas e taxa de conclusão entre períodos.',
      },
    ],
  },
];

/**
 * Writes the catalogue: paths by slug, steps by (path, order), prerequisites. Idempotent: a re-run
 * updates texts and colours in place, so users' progress (keyed by step id) is kept.
 */
export async function seedLearningCatalogue(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (db) => {
    const ids = new Map<string, number>();
    for (const [position, path] of LEARNING_CATALOGUE.entries()) {
      const [{ id }] = await db.query(
        `INSERT INTO learning_paths (slug, title, description, category, difficulty, color, "estimatedTime", position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, category = EXCLUDED.category,
           difficulty = EXCLUDED.difficulty, color = EXCLUDED.color, "estimatedTime" = EXCLUDED."estimatedTime", position = EXCLUDED.position
         RETURNING id`,
        [path.slug, path.title, path.description, path.category, path.difficulty, path.color, path.estimatedTime, position + 1],
      );
      ids.set(path.slug, id);
      for (const [index, step] of path.steps.entries()) {
        await db.query(
          `INSERT INTO learning_steps ("pathId", "stepOrder", title, description, xp) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT ("pathId", "stepOrder") DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, xp = EXCLUDED.xp`,
          [id, index + 1, step.title, step.description, path.xp],
        );
      }
    }
    for (const path of LEARNING_CATALOGUE) {
      for (const prerequisite of path.prerequisites) {
        const prerequisiteId = ids.get(prerequisite);
        if (!prerequisiteId) throw new Error(`Trilha ${path.slug}: pré-requisito desconhecido ${prerequisite}`);
        await db.query(`INSERT INTO learning_path_prerequisites ("pathId", "prerequisiteId") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          ids.get(path.slug),
          prerequisiteId,
        ]);
      }
    }
  });
}
