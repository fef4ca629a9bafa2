import { DateTime } from 'luxon';
import type { AiTaskSuggestion } from '@wkflow/contracts';
import { AI_MESSAGES, AI_TITLE_MAX, parseTaskText } from '.';

const tz = 'America/Sao_Paulo';
/** A Wednesday, 10:00 in São Paulo (UTC−3 all year). */
const now = DateTime.fromISO('2026-11-18T10:00', { zone: tz });

const users = [
  { id: 1, name: 'Maria Souza', username: 'maria' },
  { id: 2, name: 'Carlos Lima', username: 'carlos' },
  { id: 3, name: 'João Pereira', username: 'joao' },
  { id: 4, name: 'Ana Costa', username: 'ana' },
  { id: 5, name: 'Pedro Alves', username: 'palves' },
  { id: 6, name: 'Pedro Rocha', username: 'procha' },
  { id: 7, name: 'Mariana Dias', username: 'mari' },
];
const clients = [
  { id: 10, name: 'Acme' },
  { id: 11, name: 'Padaria Pão Dourado' },
  { id: 12, name: 'TechNova Soluções' },
  { id: 13, name: 'Clínica Sorriso Leve' },
  { id: 14, name: 'Verde Vida Orgânicos' },
];

const parse = (text: string, at = now) => parseTaskText(text, { now: at, timezone: tz, users, clients });
/** 'YYYY-MM-DD HH:mm' in São Paulo, for readable expectations. */
const local = (iso: string | null) => (iso ? DateTime.fromISO(iso).setZone(tz).toFormat('yyyy-MM-dd HH:mm') : null);

interface Expected {
  title?: string;
  client?: string | null;
  assignees?: string[];
  /** 'YYYY-MM-DD HH:mm' in São Paulo, or null. */
  deadline?: string | null;
  /** Each must be among the warnings. */
  warnings?: string[];
  confidence?: number;
}

const table: Array<[string, Expected]> = [
  // Relative dates and default time.
  ['Enviar proposta para a Acme hoje', { title: 'Enviar proposta', client: 'Acme', deadline: '2026-11-18 18:00' }],
  ['Enviar proposta para a Acme amanhã', { deadline: '2026-11-19 18:00' }],
  ['Enviar proposta para a Acme depois de amanhã', { title: 'Enviar proposta', deadline: '2026-11-20 18:00' }],
  ['Enviar proposta para a Acme Depois de Amanhã às 9h', { deadline: '2026-11-20 09:00' }],
  ['Revisar contrato da Acme amanha as 14h', { title: 'Revisar contrato', client: 'Acme', deadline: '2026-11-19 14:00' }],
  // Weekdays: the next one after today (a Wednesday).
  ['Entregar artes da Acme na sexta', { title: 'Entregar artes', deadline: '2026-11-20 18:00' }],
  ['Entregar artes da Acme na sexta-feira às 10h', { deadline: '2026-11-20 10:00' }],
  ['Entregar artes da Acme até sexta às 18h30', { title: 'Entregar artes', deadline: '2026-11-20 18:30' }],
  ['Post sobre promoção da Acme na segunda', { deadline: '2026-11-23 18:00' }],
  ['Relatório da Acme na terça-feira', { deadline: '2026-11-24 18:00' }],
  ['Relatório da Acme na quarta', { deadline: '2026-11-25 18:00' }],
  ['Relatório da Acme quinta às 11h', { deadline: '2026-11-19 11:00' }],
  ['Fotos da Acme no sábado', { deadline: '2026-11-21 18:00' }],
  ['Fotos da Acme domingo de manhã', { deadline: '2026-11-22 09:00' }],
  ['Relatório da Acme sexta da semana que vem', { deadline: '2026-11-27 18:00' }],
  ['Preparar a segunda versão do site da Acme', { title: 'Preparar a segunda versão do site', deadline: null }],
  ['Planejar campanha da Acme na próxima semana', { title: 'Planejar campanha', deadline: '2026-11-23 18:00' }],
  ['Planejar campanha da Acme semana que vem', { deadline: '2026-11-23 18:00' }],
  // Absolute dates.
  ['Entregar banner da Acme dia 25', { title: 'Entregar banner', deadline: '2026-11-25 18:00' }],
  ['Entregar banner da Acme no dia 15', { deadline: '2026-12-15 18:00' }],
  ['Entregar banner da Acme até 15/12', { title: 'Entregar banner', deadline: '2026-12-15 18:00' }],
  ['Entregar banner da Acme em 15/12/2026 às 14:30', { deadline: '2026-12-15 14:30' }],
  ['Entregar banner da Acme em 10/11', { deadline: '2027-11-10 18:00' }],
  ['Entregar banner da Acme em 01/03/2025', { deadline: '2025-03-01 18:00', warnings: [AI_MESSAGES.pastDate] }],
  ['Entregar banner da Acme até 15 de dezembro', { deadline: '2026-12-15 18:00' }],
  ['Entregar banner da Acme dia 3 de janeiro de 2027 às 8h', { deadline: '2027-01-03 08:00' }],
  ['Fechar relatório da Acme até o fim do mês', { title: 'Fechar relatório', deadline: '2026-11-30 18:00' }],
  ['Responder e-mails da Acme daqui a 3 dias', { deadline: '2026-11-21 18:00' }],
  ['Campanha da Acme em duas semanas', { deadline: '2026-12-02 18:00' }],
  ['Ligar para a Acme daqui a 2 horas', { deadline: '2026-11-18 12:00' }],
  ['Entregar banner da Acme em 31/02', { deadline: null, warnings: [AI_MESSAGES.invalidDate('31/02')] }],
  // Times.
  ['Reunião com a Acme amanhã 14h30', { title: 'Reunião', deadline: '2026-11-19 14:30' }],
  ['Reunião com a Acme amanhã às 3 da tarde', { deadline: '2026-11-19 15:00' }],
  ['Reunião com a Acme amanhã às 9 e meia', { deadline: '2026-11-19 09:30' }],
  ['Reunião com a Acme amanhã ao meio-dia', { deadline: '2026-11-19 12:00' }],
  ['Reunião com a Acme amanhã à tarde', { deadline: '2026-11-19 14:00' }],
  ['Reunião com a Acme hoje à noite', { deadline: '2026-11-18 19:00' }],
  ['Reunião com a Acme às 16h', { title: 'Reunião', deadline: '2026-11-18 16:00' }],
  ['Reunião com a Acme às 8h', { deadline: '2026-11-19 08:00' }],
  ['Reunião com a Acme hoje às 8h', { deadline: '2026-11-18 08:00', warnings: [AI_MESSAGES.pastDate] }],
  ['Gravação de 2h de vídeo para a Acme amanhã', { title: 'Gravação de 2h de vídeo', deadline: '2026-11-19 18:00' }],
  // People.
  [
    'Criar posts para o Instagram da Acme para a Maria amanhã às 14h',
    { title: 'Criar posts para o Instagram', client: 'Acme', assignees: ['Maria Souza'], deadline: '2026-11-19 14:00', confidence: 1 },
  ],
  ['Criar posts da Acme para a Maria e o Carlos até sexta', { title: 'Criar posts', assignees: ['Maria Souza', 'Carlos Lima'] }],
  ['Criar posts da Acme para Maria, Carlos e Ana até sexta', { assignees: ['Maria Souza', 'Carlos Lima', 'Ana Costa'] }],
  ['Criar posts da Acme para o joão amanhã', { title: 'Criar posts', assignees: ['João Pereira'] }],
  ['Criar posts da Acme @maria @carlos amanhã', { title: 'Criar posts', assignees: ['Maria Souza', 'Carlos Lima'] }],
  ['Revisar landing page da Acme com o @joao amanhã', { title: 'Revisar landing page', assignees: ['João Pereira'] }],
  [
    'Ligar para o Pedro da Acme amanhã',
    { assignees: [], warnings: [AI_MESSAGES.ambiguousPerson('Pedro', ['Pedro Alves', 'Pedro Rocha'])] },
  ],
  ['Ligar para o Pedro Rocha da Acme amanhã', { title: 'Ligar', assignees: ['Pedro Rocha'] }],
  [
    'Revisar texto da Acme para o Fulano amanhã',
    { title: 'Revisar texto', assignees: [], warnings: [AI_MESSAGES.personNotFound('Fulano')] },
  ],
  ['Revisar texto da Acme para @ninguem amanhã', { assignees: [], warnings: [AI_MESSAGES.personNotFound('@ninguem')] }],
  ['Responsável: Ana. Atualizar o site da Acme até sexta', { title: 'Atualizar o site', assignees: ['Ana Costa'] }],
  ['A Mariana precisa revisar o blog da Acme amanhã', { title: 'Revisar o blog', assignees: ['Mariana Dias'] }],
  ['Maria, revise o texto da newsletter da Acme até 15/12', { title: 'Revise o texto da newsletter', assignees: ['Maria Souza'] }],
  // Clients.
  ['Criar cardápio novo para o cliente Padaria Pão Dourado até sexta', { title: 'Criar cardápio novo', client: 'Padaria Pão Dourado' }],
  ['Relatório de SEO do cliente TechNova amanhã', { title: 'Relatório de SEO', client: 'TechNova Soluções' }],
  ['Campanha de verão da clinica sorriso leve na segunda', { title: 'Campanha de verão', client: 'Clínica Sorriso Leve' }],
  ['Stories para a Verde Vida amanhã', { title: 'Stories', client: 'Verde Vida Orgânicos' }],
  [
    'Orçamento para o cliente Zeta amanhã',
    { title: 'Orçamento', client: null, warnings: [AI_MESSAGES.clientNotFound('Zeta'), AI_MESSAGES.noClient] },
  ],
  ['Revisar textos do site amanhã', { client: null, warnings: [AI_MESSAGES.noClient] }],
  ['Reunião da Acme com a TechNova amanhã', { client: 'Acme', warnings: [AI_MESSAGES.severalClients('Acme')] }],
  // Fillers and punctuation.
  ['Preciso que a Maria revise o site da Acme amanhã', { title: 'Revise o site', assignees: ['Maria Souza'] }],
  ['Criar uma tarefa para atualizar o portfólio da Acme. Usar as fotos novas.', { title: 'Atualizar o portfólio', deadline: null }],
  ['Amanhã às 10h, reunião de briefing com a Acme', { title: 'Reunião de briefing', deadline: '2026-11-19 10:00' }],
  [
    'Por favor, preparar apresentação para a TechNova até quinta',
    { title: 'Preparar apresentação', client: 'TechNova Soluções', deadline: '2026-11-19 18:00' },
  ],
  [
    '@joao e @ana: gravar reels para a TechNova na segunda de manhã',
    { title: 'Gravar reels', assignees: ['João Pereira', 'Ana Costa'], deadline: '2026-11-23 09:00' },
  ],
  [
    'Criar posts de Natal para o Instagram da Padaria Pão Dourado, para a Maria, até sexta às 18h',
    { title: 'Criar posts de Natal para o Instagram', confidence: 1 },
  ],
  [
    'Reunião às 15h com o João e a Ana sobre a Acme',
    { title: 'Reunião', assignees: ['João Pereira', 'Ana Costa'], deadline: '2026-11-18 15:00' },
  ],
  ['Ana vai cuidar do site da Acme amanhã', { title: 'Cuidar do site', assignees: ['Ana Costa'] }],
  ['Revisar a arte 2 da acme até 25/11 18:00', { title: 'Revisar a arte 2', client: 'Acme', deadline: '2026-11-25 18:00' }],
  ['Fazer as 3 artes da Acme até sexta', { title: 'Fazer as 3 artes', deadline: '2026-11-20 18:00' }],
  ['Ajustar site da Acme, prazo: 20/12 às 17h', { title: 'Ajustar site', deadline: '2026-12-20 17:00' }],
  // Nothing found.
  [
    'fazer algo',
    { title: 'Fazer algo', client: null, assignees: [], deadline: null, warnings: [AI_MESSAGES.noClient, AI_MESSAGES.noDeadline] },
  ],
];

describe('parseTaskText: pt-BR sentences (now = Wed 2026-11-18 10:00, São Paulo)', () => {
  it('has a table of at least 40 sentences', () => {
    expect(table.length).toBeGreaterThanOrEqual(40);
  });

  it.each(table)('%s', (text, expected) => {
    const result = parse(text);
    if (expected.title !== undefined) expect(result.title).toBe(expected.title);
    if (expected.client !== undefined) expect(result.clientName).toBe(expected.client);
    if (expected.assignees !== undefined) expect(result.assignedToNames).toEqual(expected.assignees);
    if (expected.deadline !== undefined) expect(local(result.deadline)).toBe(expected.deadline);
    for (const warning of expected.warnings ?? []) expect(result.warnings).toContain(warning);
    if (expected.confidence !== undefined) expect(result.confidence).toBe(expected.confidence);
  });
});

describe('parseTaskText: the whole suggestion', () => {
  it('fills every field of a complete sentence, with real ids', () => {
    const result: AiTaskSuggestion = parse('Criar posts de Natal da Acme para a Maria e o @joao até sexta às 18h30');
    expect(result).toEqual({
      title: 'Criar posts de Natal',
      description: 'Criar posts de Natal da Acme para a Maria e o @joao até sexta às 18h30',
      clientName: 'Acme',
      clientId: 10,
      assignedToNames: ['Maria Souza', 'João Pereira'],
      assignedToIds: [1, 3],
      deadline: '2026-11-20T18:30:00-03:00',
      confidence: 1,
      suggestions: [],
      warnings: [],
    });
  });

  it('never invents ids: unknown people and clients are warnings only', () => {
    const result = parse('Orçamento para o cliente Zeta com o @beltrano para o Sicrano amanhã');
    expect(result.clientId).toBeNull();
    expect(result.assignedToIds).toEqual([]);
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        AI_MESSAGES.clientNotFound('Zeta'),
        AI_MESSAGES.personNotFound('@beltrano'),
        AI_MESSAGES.personNotFound('Sicrano'),
      ]),
    );
  });

  it('suggests what is missing and lowers the confidence', () => {
    const result = parse('Atualizar o site');
    expect(result.suggestions).toEqual(
      expect.arrayContaining([AI_MESSAGES.suggestDeadline, AI_MESSAGES.suggestClient, AI_MESSAGES.suggestAssignee]),
    );
    expect(result.confidence).toBe(0.3);
  });

  it('tells when the default time was used', () => {
    expect(parse('Atualizar o site da Acme amanhã').suggestions).toContain(AI_MESSAGES.suggestDefaultTime);
  });

  it('cleans the description and keeps all of the text', () => {
    const result = parse('  Criar   posts da Acme amanhã.\n\n\n\nUsar   as fotos novas.  ');
    expect(result.description).toBe('Criar posts da Acme amanhã.\n\nUsar as fotos novas.');
    expect(result.title).toBe('Criar posts');
  });

  it('keeps titles to 80 characters, cut between words', () => {
    const long = `Escrever ${'um texto muito longo sobre marketing digital '.repeat(5)}para a Acme amanhã`;
    const { title } = parse(long);
    expect(title.length).toBeLessThanOrEqual(AI_TITLE_MAX);
    expect(long.startsWith(title)).toBe(true);
    expect(title.endsWith(' ')).toBe(false);
  });

  it('accepts a JS Date as now and is deterministic', () => {
    const a = parse('Relatório da Acme amanhã às 9h', now);
    const b = parseTaskText('Relatório da Acme amanhã às 9h', { now: now.toJSDate(), timezone: tz, users, clients });
    expect(b).toEqual(a);
  });

  it('reads dates in the given time zone around midnight', () => {
    // 01:30 UTC on the 19th is still the 18th (22:30) in São Paulo: 'amanhã' is the 19th.
    const lateNight = DateTime.fromISO('2026-11-19T01:30:00Z');
    expect(local(parse('Relatório da Acme amanhã', lateNight).deadline)).toBe('2026-11-19 18:00');
  });

  it('gives a title even when the text is only a date', () => {
    const result = parse('amanhã às 14h');
    expect(result.title).toBe('Amanhã às 14h');
    expect(result.suggestions).toContain(AI_MESSAGES.suggestTitle);
  });
});
