import { describe, expect, it } from 'vitest';
import {
  destinationError,
  emailContent,
  formatQueueDate,
  queueCounters,
  queueItemBadge,
  recipientOf,
  serviceStatusBadge,
} from './email.logic';

describe('serviceStatusBadge', () => {
  it('maps each status to its pt-BR badge', () => {
    expect(serviceStatusBadge('configured', false).label).toBe('Configurado');
    expect(serviceStatusBadge('error', false).label).toBe('Erro');
    expect(serviceStatusBadge('testing', false).label).toBe('Testando');
    expect(serviceStatusBadge('unknown', false).label).toBe('Não Configurado');
    expect(serviceStatusBadge(undefined, false).label).toBe('Não Configurado');
  });
  it('shows Testando while a check runs', () => {
    expect(serviceStatusBadge('configured', true).label).toBe('Testando');
  });
});

describe('queue', () => {
  it('has four counters in order, missing ones at 0', () => {
    expect(queueCounters({ byStatus: { sent: 4, pending: 1, scheduled: 0, failed: 2 } }).map((c) => [c.status, c.value])).toEqual([
      ['sent', 4],
      ['pending', 1],
      ['scheduled', 0],
      ['failed', 2],
    ]);
    expect(queueCounters(undefined).map((c) => c.value)).toEqual([0, 0, 0, 0]);
  });
  it('labels item statuses', () => {
    expect(queueItemBadge('failed')).toEqual({ label: 'Falhou', colorPalette: 'red' });
    expect(queueItemBadge('sent').label).toBe('Enviado');
  });
  it('formats dates as dd/MM/yyyy HH:mm or Data inválida', () => {
    expect(formatQueueDate('2025-03-07T09:05:00')).toBe('07/03/2025 09:05');
    expect(formatQueueDate('ontem')).toBe('Data inválida');
    expect(formatQueueDate(null)).toBe('Data inválida');
  });
  it('shows the body, else the HTML as text, else Conteúdo não disponível', () => {
    expect(emailContent({ body: ' Olá ', html_body: '<p>x</p>' })).toBe('Olá');
    expect(emailContent({ body: '', html_body: '<style>p{}</style><p>Olá</p><p>Tchau<br>fim</p>' })).toBe('Olá\nTchau\nfim');
    expect(emailContent({ body: '', html_body: null })).toBe('Conteúdo não disponível');
  });
  it('reads the recipient from recipient_email or to_email', () => {
    expect(recipientOf({ recipient_email: 'a@x.com', to_email: 'b@x.com' })).toBe('a@x.com');
    expect(recipientOf({ recipient_email: '', to_email: 'b@x.com' })).toBe('b@x.com');
  });
});

describe('destinationError', () => {
  it('requires a destination', () => {
    expect(destinationError('')).toBe('E-mail de destino é obrigatório');
    expect(destinationError('   ')).toBe('E-mail de destino é obrigatório');
    expect(destinationError('a@b.com')).toBeNull();
  });
});
