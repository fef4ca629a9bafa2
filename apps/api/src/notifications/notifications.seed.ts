import type { DataSource } from 'typeorm';

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
    const users: { id: number; username: string; count: number }[] = await db.query(
      `SELECT u.id, lower(u.username) AS username, (SELECT count(*)::int FROM notifications n WHERE n."userId" = u.id) AS count
         FROM users u WHERE u."isApproved" AND lower(u.username) IN ('maria', 'carlos', 'joao', 'ana')`,
    );
    for (const user of users.filter((u) => u.count === 0)) {
      for (const item of DEMO.filter((d) => d.username === user.username)) {
        await db.query(
          `INSERT INTO notifications ("userId", type, title, message, "isRead", channel, "soundEnabled", "createdAt")
           VALUES ($1, $2, $3, $4, $5, 'browser', true, now() - make_interval(mins => $6))`,
          [user.id, item.type, item.title, item.message, item.isRead, item.minutesAgo],
        );
      }
    }
  });
}
