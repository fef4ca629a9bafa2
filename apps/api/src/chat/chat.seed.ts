import type { DataSource } from 'typeorm';

const DEMO_MESSAGES: { username: string; message: string; minutesAgo: number; replyToIndex?: number }[] = [
  { username: 'maria', message: 'Bom dia, pessoal! Lembrando da reunião de pauta às 10h.', minutesAgo: 180 },
  { username: 'joao', message: 'Bom dia! Já subi as artes da Padaria Pão Dourado para revisão.', minutesAgo: 170 },
  { username: 'carlos', message: 'Ótimo, João. Vou revisar ainda hoje.', minutesAgo: 160, replyToIndex: 1 },
  { username: 'ana', message: 'O cliente Verde Vida mandou o briefing novo, está no onboarding.', minutesAgo: 45 },
  { username: 'maria', message: 'Valeu, Ana! Vamos priorizar isso amanhã.', minutesAgo: 30, replyToIndex: 3 },
];

/**
 * The 'Geral' room with a short conversation among the demo users (created by maria).
 * Idempotent: messages are only written when the room is new.
 */
export async function seedChatDemo(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (db) => {
    const [existing] = await db.query(`SELECT id FROM chat_rooms WHERE lower(name) = 'geral'`);
    if (existing) return;
    const users: { id: number; username: string }[] = await db.query(
      `SELECT id, lower(username) AS username FROM users WHERE "isApproved" AND lower(username) IN ('maria', 'carlos', 'joao', 'ana')`,
    );
    const idOf = new Map(users.map((u) => [u.username, u.id]));
    const [room] = await db.query(
      `INSERT INTO chat_rooms (name, description, "createdBy") VALUES ('Geral', 'Conversas gerais da equipe', $1) RETURNING id`,
      [idOf.get('maria') ?? null],
    );
    const ids: number[] = [];
    for (const message of DEMO_MESSAGES) {
      const userId = idOf.get(message.username);
      if (!userId) continue;
      const replyTo = message.replyToIndex !== undefined ? (ids[message.replyToIndex] ?? null) : null;
      const [row] = await db.query(
        `INSERT INTO chat_messages ("roomId", "userId", message, "replyTo", "createdAt") VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5)) RETURNING id`,
        [room.id, userId, message.message, replyTo, message.minutesAgo],
      );
      ids[DEMO_MESSAGES.indexOf(message)] = row.id;
    }
  });
}
