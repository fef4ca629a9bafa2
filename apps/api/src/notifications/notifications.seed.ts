import type { DataSource } from 'typeorm';
import { demoTeam } from '../platform/database/seeds/demo-team';
import { NotificationEntity } from './notification.entities';

const DEMO: { username: string; type: string; title: string; message: string; minutesAgo: number; isRead: boolean }[] = [
  {
    username: 'joao',
    type: 'task_assigned',
    title: 'Nova tarefa atribuída: Artes para redes sociais',
    message: 'Maria atribuiu a tarefa "Artes para redes sociais" a você.',
    minutesAgo: 240,
    isRead: true,
  },
  {
    username: 'joao',
    type: 'task_comment',
    title: 'Novo comentário em: Artes para redes sociais',
    message: 'Carlos comentou na tarefa.',
    minutesAgo: 50,
    isRead: false,
  },
  {
    username: 'ana',
    type: 'task_due_6h',
    title: 'Prazo próximo: Briefing Verde Vida',
    message: 'A tarefa vence em até 6 horas.',
    minutesAgo: 20,
    isRead: false,
  },
  {
    username: 'carlos',
    type: 'chat_message_online',
    title: 'Nova mensagem em Geral',
    message: 'Ana: O cliente Verde Vida mandou o briefing novo.',
    minutesAgo: 45,
    isRead: false,
  },
  {
    username: 'maria',
    type: 'task_completed',
    title: 'Tarefa concluída: Relatório mensal',
    message: 'Carlos concluiu a tarefa "Relatório mensal".',
    minutesAgo: 90,
    isRead: false,
  },
];

/** A few notifications for the demo users' dropdowns. Idempotent: only for users who have none. */
export async function seedNotificationsDemo(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (db) => {
    const notifications = db.getRepository(NotificationEntity);
    for (const [username, userId] of await demoTeam(db, ['maria', 'carlos', 'joao', 'ana'])) {
      if (await notifications.exists({ where: { userId } })) continue;
      for (const item of DEMO.filter((d) => d.username === username)) {
        await notifications.insert({
          userId,
          type: item.type,
          title: item.title,
          message: item.message,
          isRead: item.isRead,
          channel: 'browser',
          soundEnabled: true,
          createdAt: new Date(Date.now() - item.minutesAgo * 60_000),
        });
      }
    }
  });
}
