import { describe, expect, it } from 'vitest';
import { IDLE, startDecision, timerErrorToast, timerState } from './timer.logic';

const entry = {
  id: 7,
  userId: 1,
  taskId: 3,
  startTime: '2026-11-18T10:00:00.000Z',
  endTime: null,
  duration: null,
  description: null,
  createdAt: '2026-11-18T10:00:00.000Z',
  taskTitle: 'Post',
};

describe('timer state', () => {
  it('is idle without an active entry', () => {
    expect(timerState(null, new Date())).toEqual(IDLE);
    expect(timerState({ ...entry, endTime: '2026-11-18T11:00:00.000Z' }, new Date())).toEqual(IDLE);
  });
  it('recomputes elapsed seconds from the start time', () => {
    expect(timerState(entry, new Date('2026-11-18T10:01:01.500Z'))).toEqual({
      isRunning: true,
      taskId: 3,
      taskTitle: 'Post',
      startTime: entry.startTime,
      elapsedTime: 61,
      timeEntryId: 7,
    });
  });
  it("refuses to start while another task's timer runs", () => {
    const running = timerState(entry, new Date());
    expect(startDecision(IDLE, 3)).toBe('start');
    expect(startDecision(running, 3)).toBe('already-running');
    expect(startDecision(running, 4)).toBe('other-task-running');
  });
  it('maps failures to the toasts of the spec', () => {
    expect(timerErrorToast(new Error('404: {}'), 'x').title).toBe('Tarefa não encontrada');
    expect(timerErrorToast(new Error('409: {}'), 'Pare o timer da outra tarefa antes de iniciar este').title).toBe('Atenção');
    expect(timerErrorToast(new Error('500: {}'), 'boom').title).toBe('Erro');
    expect(timerErrorToast(new TypeError('fetch failed'), 'offline').title).toBe('Erro ao gerenciar timer');
  });
});
