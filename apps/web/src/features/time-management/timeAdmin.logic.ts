import type { AdminTimeEntry } from '@wkflow/contracts';

/** 'Em andamento' without an endTime, 'Concluído' with one. */
export function entryStatus(entry: Pick<AdminTimeEntry, 'endTime'>): 'Em andamento' | 'Concluído' {
  return entry.endTime ? 'Concluído' : 'Em andamento';
}
