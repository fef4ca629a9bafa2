import { describe, expect, it } from 'vitest';
import { aiModelLabel, aiTestOutcome, confidenceBand, confidencePercent, matchClient, matchPerson, type AiTaskSuggestion } from '../src/ai';

describe('confidenceBand (core.md §9)', () => {
  it.each([
    [1, 'Alta confiança', 'green'],
    [0.8, 'Alta confiança', 'green'],
    [0.79, 'Média confiança', 'yellow'],
    [0.6, 'Média confiança', 'yellow'],
    [0.59, 'Baixa confiança', 'red'],
    [0, 'Baixa confiança', 'red'],
    [Number.NaN, 'Baixa confiança', 'red'],
  ])('%s → %s (%s)', (confidence, label, color) => {
    expect(confidenceBand(confidence)).toMatchObject({ label, color });
  });
});

describe('confidencePercent', () => {
  it.each([
    [0.857, '86%'],
    [1, '100%'],
    [0, '0%'],
    [1.4, '100%'],
    [-1, '0%'],
  ])('%s → %s', (value, text) => expect(confidencePercent(value)).toBe(text));
});

describe('aiTestOutcome (extended.md §2.13)', () => {
  const full: AiTaskSuggestion = {
    title: 'Criar posts',
    description: 'Criar posts da Acme para a Maria amanhã',
    clientName: 'Acme',
    clientId: 1,
    assignedToNames: ['Maria Souza'],
    assignedToIds: [2],
    deadline: '2026-11-19T18:00:00-03:00',
    confidence: 1,
    suggestions: [],
    warnings: [],
  };

  it('no answer is an empty response', () => {
    expect(aiTestOutcome(null)).toBe('Resposta Vazia');
    expect(aiTestOutcome(undefined)).toBe('Resposta Vazia');
    expect(aiTestOutcome({})).toBe('Resposta Vazia');
    expect(aiTestOutcome({ title: '', description: ' ', assignedToNames: [], clientName: null, deadline: null })).toBe('Resposta Vazia');
  });
  it('every field found is a complete success (reachable here)', () => {
    expect(aiTestOutcome(full)).toBe('Sucesso Completo');
  });
  it('a title or a description is a partial success', () => {
    expect(aiTestOutcome({ ...full, deadline: null })).toBe('Sucesso Parcial');
    expect(aiTestOutcome({ ...full, assignedToNames: [], assignedToIds: [] })).toBe('Sucesso Parcial');
    expect(aiTestOutcome({ ...full, title: '', clientName: null, clientId: null })).toBe('Sucesso Parcial');
  });
  it('anything else is incomplete', () => {
    expect(aiTestOutcome({ ...full, title: '', description: '' })).toBe('Resultado Incompleto');
  });
});

describe('aiModelLabel', () => {
  it('names gpt-4o as GPT-4o and the offline parser as such', () => {
    expect(aiModelLabel('gpt-4o', 'openai')).toBe('GPT-4o');
    expect(aiModelLabel('gpt-4o-mini', 'openai')).toBe('GPT-4o-mini');
    expect(aiModelLabel('llama3', 'openai')).toBe('llama3');
    expect(aiModelLabel(null, 'offline')).toBe('Analisador offline (pt-BR)');
  });
});

describe('matching names against real users and clients', () => {
  const users = [
    { id: 1, name: 'Maria Souza', username: 'maria' },
    { id: 2, name: 'Maria Lima', username: 'mlima' },
    { id: 3, name: 'João Pereira', username: 'joao' },
  ];
  const clients = [
    { id: 10, name: 'Acme Corp' },
    { id: 11, name: 'Acme Brasil' },
    { id: 12, name: 'Clínica Sorriso Leve' },
  ];

  it('people: full name, username, unique first name; accents and case ignored', () => {
    expect(matchPerson('maria lima', users)).toEqual({ kind: 'found', item: users[1] });
    expect(matchPerson('@MLIMA', users)).toEqual({ kind: 'found', item: users[1] });
    expect(matchPerson('Joao', users)).toEqual({ kind: 'found', item: users[2] });
    expect(matchPerson('João P', users)).toEqual({ kind: 'none' });
    expect(matchPerson('Fulano', users)).toEqual({ kind: 'none' });
    expect(matchPerson('', users)).toEqual({ kind: 'none' });
  });
  it('people: the username settles a shared first name', () => {
    expect(matchPerson('Maria', users)).toEqual({ kind: 'found', item: users[0] });
    expect(matchPerson('Maria', users.slice(1).concat({ id: 4, name: 'Maria Dias', username: 'mdias' }))).toMatchObject({
      kind: 'ambiguous',
    });
  });
  it('clients: exact, unique prefix, or a name contained in the text', () => {
    expect(matchClient('acme corp', clients)).toEqual({ kind: 'found', item: clients[0] });
    expect(matchClient('Clinica Sorriso', clients)).toEqual({ kind: 'found', item: clients[2] });
    expect(matchClient('Acme', clients)).toMatchObject({ kind: 'ambiguous' });
    expect(matchClient('Acme Corp Ltda', clients)).toEqual({ kind: 'found', item: clients[0] });
    expect(matchClient('Zeta', clients)).toEqual({ kind: 'none' });
  });
});
