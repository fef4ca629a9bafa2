import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A burst of chat messages in one room is one unread notification per user: at most one unread
 * chat notification per (user, room), so concurrent messages (any replica) update that row through
 * INSERT … ON CONFLICT instead of adding rows. Older unread duplicates are marked read first.
 */
export class ChatNotificationBursts1795460000000 implements MigrationInterface {
  name = 'ChatNotificationBursts1795460000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "notifications" n SET "isRead" = true
        WHERE NOT n."isRead" AND n.type IN ('chat_message_online', 'chat_message_offline') AND n.data ? 'roomId'
          AND EXISTS (SELECT 1 FROM "notifications" m
                       WHERE m."userId" = n."userId" AND NOT m."isRead" AND m.type IN ('chat_message_online', 'chat_message_offline')
                         AND m.data->>'roomId' = n.data->>'roomId' AND m.id > n.id)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_notifications_unread_room" ON "notifications" ("userId", (data->>'roomId'))
        WHERE NOT "isRead" AND type IN ('chat_message_online', 'chat_message_offline')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_notifications_unread_room"`);
  }
}
