import type { User } from '@wkflow/contracts';
import type { UserEntity } from './user.entity';

/** The public shape of a user: never the password hash. */
export function toUser(
  entity: Pick<UserEntity, 'id' | 'name' | 'username' | 'email' | 'role' | 'accessProfileId' | 'isApproved' | 'createdAt'>,
): User {
  return {
    id: entity.id,
    name: entity.name,
    username: entity.username,
    email: entity.email,
    role: entity.role,
    accessProfileId: entity.accessProfileId,
    status: entity.isApproved ? 'approved' : 'pending',
    isApproved: entity.isApproved,
    createdAt: entity.createdAt.toISOString(),
  };
}
