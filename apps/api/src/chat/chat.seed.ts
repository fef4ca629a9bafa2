import type { DataSource } from 'typeorm';
import { demoTeam } from '../platform/database/seeds/demo-team';
import { ChatMessageEntity } from './chat-message.entity';
import { ChatRoomEntity } from './chat-room.entity';

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
    const rooms = db.getRepository(ChatRoomEntity);
    if ((await rooms.find({ select: { id: true, name: true } })).some((room) => room.name.toLowerCase() === 'geral')) return;
    const idOf = await demoTeam(db, ['maria', 'carlos', 'joao', 'ana']);
    const room = await rooms.save({ name: 'Geral', description: 'Conversas gerais da equipe', createdBy: idOf.get('maria') ?? null });
    const ids: number[] = [];
    for (const [index, message] of DEMO_MESSAGES.entries()) {
      const userId = idOf.get(message.username);
      if (!userId) continue;
      const replyTo = message.replyToIndex !== undefined ? (ids[message.replyToIndex] ?? null) : null;
      const row = await db.getRepository(ChatMessageEntity).save({
        roomId: room.id,
        userId,
        message: message.message,
        replyTo,
        createdAt: new Date(Date.now() - message.minutesAgo * 60_000),
      });
      ids[index] = row.id;
    }
  });
}
