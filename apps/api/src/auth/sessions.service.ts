import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UserEvents } from '../users/user-events';
import { SESSION_TABLE, storedSessionId } from './session-store';

/** Server-side session records beyond the current request's (the auth module owns the session table). */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    userEvents: UserEvents,
  ) {
    userEvents.onEndSessions((userId, exceptSid) => this.revokeUserSessions(userId, exceptSid));
  }

  /** Ends every session of a user except one (its id as the cookie carries it) (after a password change, or when an account goes). */
  async revokeUserSessions(userId: number, exceptSid?: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "${SESSION_TABLE}" WHERE (sess->>'userId')::int = $1 AND ($2::varchar IS NULL OR sid <> $2)`, [
      userId,
      exceptSid ? storedSessionId(exceptSid) : null,
    ]);
  }
}
