import { DateTime } from 'luxon';
import { AI_MESSAGES, interpretModelAnswer } from '.';

describe('interpretModelAnswer: a model answer checked against the real lists', () => {
  const tz = 'America/Sao_Paulo';
  const now = DateTime.fromISO('2026-11-18T10:00', { zone: tz });
  const users = [
    { id: 1, name: 'Maria Souza', username: 'maria' },
    { id: 2, name: 'João Pereira', username: 'joao' },
  ];
  const clients = [{ id: 10, name: 'Padaria Pão Dourado' }];
  const interpret = (answer: Record<string, unknown>, text = 'Criar posts') =>
    interpretModelAnswer(answer, text, { now, timezone: tz, users, clients });

  it('re-matches names and never takes ids from the model', () => {
    const result = interpret({
      title: 'Criar posts',
      description: 'Criar posts de Natal',
      clientName: 'padaria pao dourado',
      assignedToNames: ['joao', 'Fulano'],
      assignedToIds: [99],
      deadline: '2026-11-19T14:00:00-03:00',
      confidence: 0.9,
      suggestions: ['Anexe fotos'],
      warnings: [],
    });
    expect(result).toMatchObject({
      clientName: 'Padaria Pão Dourado',
      clientId: 10,
      assignedToNames: ['João Pereira'],
      assignedToIds: [2],
      deadline: '2026-11-19T14:00:00-03:00',
      confidence: 0.8,
      suggestions: ['Anexe fotos'],
      warnings: [AI_MESSAGES.personNotFound('Fulano')],
    });
  });

  it('reads a deadline without offset in the app zone, a bare date at 18:00, and flags bad or past ones', () => {
    expect(interpret({ deadline: '2026-11-19T09:00:00' }).deadline).toBe('2026-11-19T09:00:00-03:00');
    expect(interpret({ deadline: '2026-11-20' }).deadline).toBe('2026-11-20T18:00:00-03:00');
    const bad = interpret({ deadline: 'sexta-feira' });
    expect(bad.deadline).toBeNull();
    expect(bad.warnings).toEqual(expect.arrayContaining([AI_MESSAGES.invalidDate('sexta-feira'), AI_MESSAGES.noDeadline]));
    expect(interpret({ deadline: '2026-01-01T10:00:00-03:00' }).warnings).toContain(AI_MESSAGES.pastDate);
  });

  it('survives wrong types and falls back to the offline title and description', () => {
    const result = interpret(
      { title: 42, description: null, clientName: ['x'], assignedToNames: 'Maria', confidence: 'alta', suggestions: [1, 'ok'] },
      'Criar posts da Padaria Pão Dourado amanhã',
    );
    expect(result).toMatchObject({
      title: 'Criar posts',
      description: 'Criar posts da Padaria Pão Dourado amanhã',
      clientId: null,
      assignedToIds: [1],
      suggestions: ['ok'],
    });
    expect(result.confidence).toBeGreaterThanOrEqual(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });
});
