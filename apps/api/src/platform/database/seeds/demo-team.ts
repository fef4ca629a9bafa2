import { type EntityManager, In } from 'typeorm';
import { UserEntity } from '../../../users/user.entity';

/** username → id of the approved demo users among `usernames` (the demo seeds name people by username). */
export async function demoTeam(db: EntityManager, usernames: readonly string[]): Promise<Map<string, number>> {
  const users = await db
    .getRepository(UserEntity)
    .find({ select: { id: true, username: true }, where: { isApproved: true, username: In([...usernames]) } });
  return new Map(users.map((user) => [user.username, user.id]));
}
