import type { DataSource } from 'typeorm';
import { generateKeyBetween } from 'fractional-indexing';
import { ClientEntity } from '../clients/client.entity';
import { demoTeam } from '../platform/database/seeds/demo-team';
import { ColumnsRepository } from './repositories/columns.repository';
import { ColumnEntity, TaskAssigneeEntity, TaskEntity, TaskHistoryEntity } from './task.entities';

export const DEFAULT_COLUMNS = [
  { name: 'Backlog', color: '#6b7280', isFixed: true },
  { name: 'A fazer', color: '#3b82f6', isFixed: false },
  { name: 'Em andamento', color: '#f97316', isFixed: false },
  { name: 'Em revisão', color: '#8b5cf6', isFixed: false },
  { name: 'concluídos', color: '#22c55e', isFixed: true },
];

/** The board's default columns, written once when the board has none (every install needs them). */
export async function seedBoardColumns(dataSource: DataSource): Promise<void> {
  const columns = new ColumnsRepository(dataSource);
  await columns.transaction(async (db) => {
    await columns.lockAll(db);
    if ((await columns.list(db)).length > 0) return;
    for (const [index, column] of DEFAULT_COLUMNS.entries()) await columns.insert(db, { ...column, position: index + 1 });
  });
}

const DEMO_TASKS: Array<{
  title: string;
  description: string;
  column: string;
  client: number;
  days: number;
  assignees: string[];
  reminder?: string;
}> = [
  {
    title: 'Calendário editorial de dezembro',
    description: 'Planejar os posts de dezembro para o Instagram e o Facebook.',
    column: 'A fazer',
    client: 0,
    days: 3,
    assignees: ['maria', 'joao'],
    reminder: '1d',
  },
  {
    title: 'Relatório mensal de mídia paga',
    description: 'Consolidar resultados do Google Ads e Meta Ads de novembro.',
    column: 'Em andamento',
    client: 1,
    days: 1,
    assignees: ['carlos'],
  },
  {
    title: 'Novo layout da landing page',
    description: 'Protótipo no Figma com a nova identidade: https://www.figma.com',
    column: 'Em revisão',
    client: 2,
    days: 5,
    assignees: ['ana', 'maria', 'joao', 'carlos'],
  },
  {
    title: 'Briefing da campanha de verão',
    description: 'Reunião com o cliente para alinhar objetivos e verba.',
    column: 'Backlog',
    client: 3,
    days: 10,
    assignees: [],
  },
  {
    title: 'Roteiro de vídeos para Reels',
    description: 'Três roteiros curtos com chamadas para o cardápio novo.',
    column: 'A fazer',
    client: 0,
    days: -2,
    assignees: ['joao'],
  },
  {
    title: 'Ajustes no site institucional',
    description: 'Corrigir formulário de contato e velocidade da home.',
    column: 'Em andamento',
    client: 4,
    days: -1,
    assignees: ['ana'],
    reminder: '2h',
  },
  {
    title: 'Fotos de produto',
    description: 'Sessão de fotos dos novos produtos para o e-commerce.',
    column: 'concluídos',
    client: 1,
    days: -3,
    assignees: ['maria'],
  },
  {
    title: 'Respostas aos comentários',
    description: 'Responder comentários e mensagens da semana.',
    column: 'A fazer',
    client: 2,
    days: 2,
    assignees: ['joao', 'ana'],
  },
  {
    title: 'Planejamento de SEO',
    description: 'Lista de palavras-chave e pautas para o blog.',
    column: 'Backlog',
    client: 4,
    days: 14,
    assignees: ['carlos'],
  },
  {
    title: 'Newsletter de novembro',
    description: 'Texto e arte da newsletter para a base de clientes.',
    column: 'concluídos',
    client: 3,
    days: -6,
    assignees: ['ana'],
  },
  {
    title: 'Campanha Black Friday',
    description: 'Criativos e segmentação para a campanha da Black Friday.',
    column: 'Em revisão',
    client: 0,
    days: 0,
    assignees: ['maria', 'carlos'],
    reminder: '6h',
  },
  {
    title: 'Manual de marca',
    description: 'Revisar cores, tipografia e usos do logotipo.',
    column: 'A fazer',
    client: 1,
    days: 7,
    assignees: ['ana'],
  },
];

/** A board with a dozen tasks across the columns, assigned to the demo team. */
export async function seedTasksDemo(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (db) => {
    const tasks = db.getRepository(TaskEntity);
    if ((await tasks.count()) > 0) return;
    const clients = await db.getRepository(ClientEntity).find({ select: { id: true }, order: { id: 'ASC' }, take: 5 });
    if (clients.length === 0) return;
    const columns = await db.getRepository(ColumnEntity).find({ select: { id: true, name: true } });
    const usernames = ['admin', ...new Set(DEMO_TASKS.flatMap((task) => task.assignees))];
    const team = await demoTeam(db, usernames);
    const adminId = team.get('admin') ?? null;
    const lastRanks = new Map<number, string>();
    // Created before any of them was completed (a day ago), so analytics see sensible durations.
    const createdAt = new Date(Date.now() - 10 * 24 * 3_600_000);
    const thisHour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    for (const task of DEMO_TASKS) {
      const column = columns.find((c) => c.name === task.column) ?? columns[0];
      const rank = generateKeyBetween(lastRanks.get(column.id) ?? null, null);
      lastRanks.set(column.id, rank);
      const completed = task.column === 'concluídos';
      const { id } = await tasks.save({
        title: task.title,
        description: task.description,
        clientId: clients[task.client % clients.length].id,
        columnId: column.id,
        deadline: new Date(thisHour.getTime() + task.days * 24 * 3_600_000),
        reminderTime: task.reminder ?? null,
        createdBy: adminId,
        rank,
        completedAt: completed ? new Date(Date.now() - 24 * 3_600_000) : null,
        createdAt,
      });
      const assignees = task.assignees.flatMap((username) => team.get(username) ?? []);
      if (assignees.length) await db.getRepository(TaskAssigneeEntity).insert(assignees.map((userId) => ({ taskId: id, userId })));
      await db.getRepository(TaskHistoryEntity).insert({
        taskId: id,
        userId: adminId,
        actionType: 'created',
        metadata: { title: task.title },
        createdAt,
      });
    }
  });
}
