import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../users/user-directory';
import { type AppEventMap, OnAppEvent } from '../platform/events/app-events';
import { SESSION_TABLE, storedSessionId } from './session-store';

/** Server-side session records beyond the current request's (the auth module owns the session table). */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
  ) {}

  /** The users module asks for it (a password change, an account that goes) without depending on auth. */
  @OnAppEvent('SessionsEndRequested')
  async onSessionsEndRequested({ userId, exceptSessionId }: AppEventMap['SessionsEndRequested']): Promise<void> {
    await this.revokeUserSessions(userId, exceptSessionId);
  }

  /** Ends every session of a user except one (its id as the cookie carries it) (after a password change, or when an account goes). */
  async revokeUserSessions(userId: number, exceptSid?: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "${SESSION_TABLE}" WHERE (sess->>'userId')::int = $1 AND ($2::varchar IS NULL OR sid <> $2)`, [
      userId,
      exceptSid ? storedSessionId(exceptSid) : null,
    ]);
  }

  /** Which of these sessions (ids as stored) are still open: not expired, their user approved. */
  async stillOpen(sids: string[]): Promise<Set<string>> {
    const rows: { sid: string; userId: number | null }[] = await this.dataSource.query(
      `SELECT sid, (sess->>'userId')::int AS "userId" FROM "${SESSION_TABLE}" WHERE sid = ANY($1::varchar[]) AND expire > now()`,
      [sids],
    );
    const approved = new Set(await this.users.approvedIds(rows.flatMap((row) => (row.userId === null ? [] : [row.userId]))));
    return new Set(rows.filter((row) => row.userId !== null && approved.has(row.userId)).map((row) => row.sid));
  }
}
