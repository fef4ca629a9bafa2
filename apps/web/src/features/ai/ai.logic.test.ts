import { aiTestOutcome, confidenceBand, type AiParseResult, type Column } from '@wkflow/contracts';
import { Settings } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyDraft,
  canSeeAiDebug,
  draftFromSuggestion,
  fromDateTimeLocal,
  OUTCOME_COLORS,
  previewFields,
  suggestionPayload,
  targetColumnId,
  textToSend,
  toDateTimeLocal,
} from './ai.logic';

const zone = Settings.defaultZone;
beforeAll(() => {
  Settings.defaultZone = 'America/Sao_Paulo';
});
afterAll(() => {
  Settings.defaultZone = zone;
});

const suggestion: AiParseResult = {
  title: 'Criar posts',
  description: 'Criar posts da Acme para a Maria amanhã às 14h',
  clientName: 'Acme',
  clientId: 10,
  assignedToNames: ['Maria Souza'],
  assignedToIds: [1],
  deadline: '2026-11-19T14:00:00-03:00',
  confidence: 0.9,
  suggestions: [],
  warnings: [],
  debug: { originalText: 'x', rawResponse: '{}', usersCount: 4, clientsCount: 5, mode: 'offline', model: null },
};
const clients = [
  { id: 10, name: 'Acme' },
  { id: 11, name: 'TechNova' },
];
const users = [
  { id: 1, name: 'Maria Souza' },
  { id: 2, name: 'Carlos Lima' },
];

describe('datetime-local conversion', () => {
  it('round-trips in the browser zone to the minute', () => {
    expect(toDateTimeLocal('2026-11-19T17:00:00Z')).toBe('2026-11-19T14:00');
    expect(fromDateTimeLocal('2026-11-19T14:00')).toBe('2026-11-19T14:00:00-03:00');
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('nope')).toBe('');
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('19/11/2026')).toBeNull();
  });
});

describe('editing a suggestion', () => {
  it('starts from the suggestion and applies the edits with real names', () => {
    const draft = draftFromSuggestion(suggestion);
    expect(draft).toEqual({
      title: 'Criar posts',
      description: suggestion.description,
      clientId: 10,
      assignedTo: [1],
      deadline: '2026-11-19T14:00',
    });
    const edited = applyDraft(
      suggestion,
      { ...draft, title: 'Posts de Natal', clientId: 11, assignedTo: [1, 2], deadline: '2026-11-20T09:30' },
      clients,
      users,
    );
    expect(edited).toMatchObject({
      title: 'Posts de Natal',
      clientId: 11,
      clientName: 'TechNova',
      assignedToIds: [1, 2],
      assignedToNames: ['Maria Souza', 'Carlos Lima'],
      deadline: '2026-11-20T09:30:00-03:00',
    });
  });

  it('keeps the suggested names when the lists are not loaded, and clears what is cleared', () => {
    const draft = draftFromSuggestion(suggestion);
    expect(applyDraft(suggestion, draft, [], [])).toMatchObject({ clientName: 'Acme', assignedToNames: ['Maria Souza'] });
    expect(applyDraft(suggestion, { ...draft, clientId: null, assignedTo: [], deadline: '' }, clients, users)).toMatchObject({
      clientId: null,
      clientName: null,
      assignedToIds: [],
      assignedToNames: [],
      deadline: null,
    });
  });

  it('never sends the debug data', () => {
    expect(suggestionPayload(suggestion)).not.toHaveProperty('debug');
    expect(Object.keys(suggestionPayload(suggestion)).sort()).toEqual([
      'assignedToIds',
      'assignedToNames',
      'clientId',
      'clientName',
      'confidence',
      'deadline',
      'description',
      'suggestions',
      'title',
      'warnings',
    ]);
  });
});

describe('targetColumnId (core.md §4: the first column when none is chosen)', () => {
  const columns: Column[] = [
    { id: 7, name: 'A fazer', position: 2, color: '#000', isFixed: false },
    { id: 3, name: 'Backlog', position: 1, color: '#000', isFixed: true },
  ];
  it('preselects the first column by position', () => expect(targetColumnId(columns, null)).toBe(3));
  it('keeps a chosen column', () => expect(targetColumnId(columns, 7)).toBe(7));
  it('ignores a chosen column that no longer exists', () => expect(targetColumnId(columns, 99)).toBe(3));
  it('has none without columns', () => {
    expect(targetColumnId([], null)).toBeNull();
    expect(targetColumnId(undefined, null)).toBeNull();
  });
});

describe('preview', () => {
  it('shows the deadline as dd/MM/yyyy HH:mm and says what is missing', () => {
    expect(previewFields(suggestion)).toMatchObject({ client: 'Acme', assignees: 'Maria Souza', deadline: '19/11/2026 14:00' });
    expect(previewFields({ ...suggestion, clientName: null, assignedToNames: [], deadline: null })).toMatchObject({
      client: 'Nenhum cliente identificado',
      assignees: 'Nenhum responsável identificado',
      deadline: 'Sem prazo definido',
    });
  });
  it('colours the confidence with the spec bands', () => {
    expect(confidenceBand(suggestion.confidence).color).toBe('green');
  });
});

describe('admin AI test', () => {
  it('has a colour for every outcome', () => {
    expect(OUTCOME_COLORS[aiTestOutcome(suggestion)]).toBe('green');
    expect(OUTCOME_COLORS[aiTestOutcome(null)]).toBe('red');
  });
  it('needs non-blank text', () => {
    expect(textToSend('   ')).toBeNull();
    expect(textToSend(' Criar posts ')).toBe(' Criar posts ');
  });
  it('is for username admin only', () => {
    expect(canSeeAiDebug({ username: 'admin' })).toBe(true);
    expect(canSeeAiDebug({ username: 'maria' })).toBe(false);
    expect(canSeeAiDebug(null)).toBe(false);
  });
});
