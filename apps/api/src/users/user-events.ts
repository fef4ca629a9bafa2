import { Injectable, Logger } from '@nestjs/common';
import type { User } from '@wkflow/contracts';

type Listener = (user: User) => void | Promise<void>;

/** In-process hook: the notifications module tells an approved user (in-app and by e-mail). */
@Injectable()
export class UserEvents {
  private readonly logger = new Logger(UserEvents.name);
  private readonly approvedListeners: Listener[] = [];

  onUserApproved(listener: Listener): void {
    this.approvedListeners.push(listener);
  }

  /** Called after the approval is committed; a failing listener never undoes it. */
  userApproved(user: User): void {
    for (const listener of this.approvedListeners) {
      Promise.resolve()
        .then(() => listener(user))
        .catch((error: unknown) => this.logger.error(`approval listener failed: ${error instanceof Error ? error.message : error}`));
    }
  }
}
