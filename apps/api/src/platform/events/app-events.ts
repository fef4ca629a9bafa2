import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import type { ChatMessage, User } from '@wkflow/contracts';

/** Whose access may have changed: one user (his row), or everyone (a profile or its permissions). */
export type AccessScope = number | 'everyone';

/** A new account waiting for approval. */
export interface RegisteredUser {
  id: number;
  name: string;
  email: string;
}

/**
 * Every in-process event of the API: its name and what it carries. A module emits through
 * `AppEvents.emit` and listens with `@OnAppEvent(name)` on a provider's method; neither side imports
 * the other, and a payload that does not match its name fails to compile.
 */
/** A task as an event carries it (the tasks module's TaskSummary is this shape). */
export interface TaskSummary {
  id: number;
  title: string;
  clientId: number;
  createdBy: number | null;
  assignees: number[];
}

export interface AppEventMap {
  // tasks: after the change is committed
  TaskCreated: { taskId: number; actorId: number; assignedTo: number[] };
  TaskUpdated: { taskId: number; actorId: number };
  TaskAssigned: { taskId: number; actorId: number; added: number[]; removed: number[] };
  TaskMoved: {
    taskId: number;
    actorId: number;
    fromColumnId: number;
    toColumnId: number;
    /** Whether it entered a completed column. */
    completed: boolean;
    /** The task as the move wrote it, when the move read it anyway (listeners read it otherwise). */
    task?: TaskSummary;
  };
  CommentAdded: { taskId: number; actorId: number; commentId: number };
  ColumnsChanged: { actorId: number };
  // users and sessions
  UserRegistered: RegisteredUser;
  UserApproved: User;
  /** A committed change to a user row, a profile or its permissions. */
  AccessChanged: { scope: AccessScope };
  /** Ends a user's sessions but the one whose id (as the cookie carries it) is given. */
  SessionsEndRequested: { userId: number; exceptSessionId?: string };
  // chat
  ChatMessageCreated: { roomId: number; message: ChatMessage; authorId: number };
  /** A user marked a room read (opened it, or read a new message in it). */
  ChatRoomRead: { roomId: number; userId: number };
  // timer: a time entry of `userId` on `taskId` was started, stopped, edited or deleted
  TimerChanged: { userId: number; taskId: number };
}

export type AppEventName = keyof AppEventMap;

/**
 * When listeners run, per event, decided here rather than at each call site:
 * - 'after': once the emitting call has returned (its response is on its way); a failing listener is logged.
 * - 'now': synchronously within emit, before the emitter goes on; a failing listener is logged.
 *   Access changes must reach this process's session cache before the response is sent, so the very
 *   next request sees them (other replicas hear it from the database's notification). Chat listeners
 *   start at once so the /ws push leaves before the HTTP answer.
 * - 'awaited': `emitAndWait` resolves once every listener is done and rejects if one fails (ending
 *   sessions after a password change must be over before the change is answered).
 */
export const EVENT_DELIVERY = {
  TaskCreated: 'after',
  TaskUpdated: 'after',
  TaskAssigned: 'after',
  TaskMoved: 'after',
  CommentAdded: 'after',
  ColumnsChanged: 'after',
  UserRegistered: 'after',
  UserApproved: 'after',
  AccessChanged: 'now',
  SessionsEndRequested: 'awaited',
  ChatMessageCreated: 'now',
  ChatRoomRead: 'now',
  TimerChanged: 'after',
} as const satisfies Record<AppEventName, 'after' | 'now' | 'awaited'>;

type AwaitedEventName = { [K in AppEventName]: (typeof EVENT_DELIVERY)[K] extends 'awaited' ? K : never }[AppEventName];
type FiredEventName = Exclude<AppEventName, AwaitedEventName>;
type Listener<K extends AppEventName> = (payload: AppEventMap[K]) => unknown;

/**
 * Marks a provider's method as a listener of one event; the method's parameter must be that
 * event's payload. Listeners are registered when the application bootstraps.
 */
export function OnAppEvent<K extends AppEventName>(name: K) {
  return <T extends Listener<K>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    // A listener of an awaited event fails its emitter; the others are logged and never fail the change.
    OnEvent(name, { suppressErrors: EVENT_DELIVERY[name] !== 'awaited' })(target, key, descriptor);
  };
}

/** The API's one in-process event bus, typed by AppEventMap, on @nestjs/event-emitter. */
@Injectable()
export class AppEvents {
  private readonly logger = new Logger(AppEvents.name);

  constructor(private readonly emitter: EventEmitter2) {}

  /** Tells the listeners of an 'after' or 'now' event; never throws and never waits. */
  emit<K extends FiredEventName>(name: K, payload: AppEventMap[K]): void {
    if (EVENT_DELIVERY[name] === 'now') this.emitter.emit(name, payload);
    else queueMicrotask(() => this.emitter.emit(name, payload));
  }

  /** Tells the listeners of an awaited event; resolves once all are done, rejects if one fails. */
  async emitAndWait<K extends AwaitedEventName>(name: K, payload: AppEventMap[K]): Promise<void> {
    await this.emitter.emitAsync(name, payload);
  }

  /**
   * A listener added at run time (tests, or a listener that lives and ends with something else);
   * returns the function that removes it. Like the decorated ones, a failure is logged, never thrown.
   */
  on<K extends AppEventName>(name: K, listener: Listener<K>): () => void {
    const guarded = async (payload: AppEventMap[K]) => {
      try {
        await listener(payload);
      } catch (error) {
        this.logger.error(`${name} listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    this.emitter.on(name, guarded);
    return () => void this.emitter.off(name, guarded);
  }

  listenerCount(name: AppEventName): number {
    return this.emitter.listenerCount(name);
  }
}
