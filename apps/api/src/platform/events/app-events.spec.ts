import { Injectable, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppEvents, type AppEventMap, EVENT_DELIVERY, OnAppEvent } from './app-events';
import { EventsModule } from './events.module';

@Injectable()
class Listener {
  readonly heard: string[] = [];
  ending: Promise<void> | null = null;

  @OnAppEvent('TaskCreated')
  onTaskCreated(event: AppEventMap['TaskCreated']): void {
    this.heard.push(`created ${event.taskId}`);
  }

  @OnAppEvent('AccessChanged')
  onAccessChanged({ scope }: AppEventMap['AccessChanged']): void {
    this.heard.push(`access ${scope}`);
  }

  @OnAppEvent('ChatRoomRead')
  onRoomRead(): void {
    throw new Error('listener quebrado');
  }

  @OnAppEvent('SessionsEndRequested')
  async onSessionsEnd({ userId }: AppEventMap['SessionsEndRequested']): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (userId < 0) throw new Error('sessões');
    this.heard.push(`ended ${userId}`);
  }
}

describe('AppEvents', () => {
  let events: AppEvents;
  let listener: Listener;
  let close: () => Promise<void>;
  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const moduleRef = await Test.createTestingModule({ imports: [EventsModule], providers: [Listener] }).compile();
    const app = await moduleRef.createNestApplication().init();
    events = app.get(AppEvents);
    listener = app.get(Listener);
    close = () => app.close();
  });
  afterAll(() => close());
  beforeEach(() => listener.heard.splice(0));

  it("runs an 'after' listener once the emitting call has returned", async () => {
    events.emit('TaskCreated', { taskId: 7, actorId: 1, assignedTo: [] });
    expect(listener.heard).toEqual([]);
    await Promise.resolve();
    expect(listener.heard).toEqual(['created 7']);
  });

  it("runs a 'now' listener within emit", () => {
    events.emit('AccessChanged', { scope: 'everyone' });
    expect(listener.heard).toEqual(['access everyone']);
  });

  it('logs a failing listener without failing the emitter', () => {
    expect(() => events.emit('ChatRoomRead', { roomId: 1, userId: 2 })).not.toThrow();
  });

  it("waits for an awaited event's listeners, and rejects when one fails", async () => {
    await events.emitAndWait('SessionsEndRequested', { userId: 3 });
    expect(listener.heard).toEqual(['ended 3']);
    await expect(events.emitAndWait('SessionsEndRequested', { userId: -1 })).rejects.toThrow('sessões');
  });

  it('adds and removes a listener at run time, guarded like the decorated ones', async () => {
    const seen: number[] = [];
    const before = events.listenerCount('TaskCreated');
    const off = events.on('TaskCreated', ({ taskId }) => void seen.push(taskId));
    const offBroken = events.on('TaskCreated', () => {
      throw new Error('quebrado');
    });
    events.emit('TaskCreated', { taskId: 9, actorId: 1, assignedTo: [] });
    await new Promise((resolve) => setImmediate(resolve));
    off();
    offBroken();
    expect(seen).toEqual([9]);
    expect(events.listenerCount('TaskCreated')).toBe(before);
  });

  it('types each name with its payload and its delivery', () => {
    expect(Object.keys(EVENT_DELIVERY).length).toBe(13);
    // @ts-expect-error a payload must match its event's name
    events.emit('TaskCreated', { roomId: 1 });
    // @ts-expect-error an awaited event is not fired and forgotten
    events.emit('SessionsEndRequested', { userId: 1 });
    // @ts-expect-error an unknown event does not compile
    events.emit('NoSuchEvent', {});
  });
});
