import type { AdminTimeEntry } from '@wkflow/contracts';

export const PERIOD_LABELS = { today: 'Hoje', week: 'Esta semana', month: 'Este mês', all: 'Tudo' } as const;

/** The three summary cards: total time (exact seconds, running entries so far), record count and distinct active users. */
export function summarize(entries: AdminTimeEntry[], now: Date = new Date()) {
  let seconds = 0;
  for (const entry of entries) {
    seconds += entry.duration ?? Math.max(0, Math.floor((now.getTime() - new Date(entry.startTime).getTime()) / 1000));
  }
  return {
    totalSeconds: seconds,
    records: entries.length,
    activeUsers: new Set(entries.map((e) => e.userId)).size,
  };
}

/** 'Em andamento' without an endTime, 'Concluído' with one. */
export function entryStatus(entry: Pick<AdminTimeEntry, 'endTime'>): 'Em andamento' | 'Concluído' {
  return entry.endTime ? 'Concluído' : 'Em andamento';
}
