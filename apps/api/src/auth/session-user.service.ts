import { Injectable } from '@nestjs/common';
import type { UserAccessRow } from '../users/user-access';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { AuthRepository } from './auth.repository';

export type SessionUserRow = UserAccessRow;

export function toAuthenticatedUser(row: SessionUserRow | null | undefined): AuthenticatedUser | null {
  return row ? { ...row, permissions: row.permissions ?? [] } : null;
}

/** Loads the session's user and their profile's permissions in one query (the users module's `user_access` view). */
@Injectable()
export class SessionUserService {
  constructor(private readonly auth: AuthRepository) {}

  /** Null when the user no longer exists or is not approved (their session no longer counts). */
  async load(userId: number): Promise<AuthenticatedUser | null> {
    return toAuthenticatedUser(await this.auth.userAccess(userId));
  }
}
