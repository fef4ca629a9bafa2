import { describe, expect, it } from 'vitest';
import {
  changedNetworks,
  displayedPassword,
  externalHref,
  filterClients,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  logoFileError,
  normalizeSocialMedia,
  PASSWORD_MASK,
  socialFormValues,
  socialMediaPatch,
} from './clients.logic';
import type { Client } from '@wkflow/contracts';

function client(overrides: Partial<Client>): Client {
  return {
    id: 1,
    name: 'Cliente',
    email: null,
    phone: null,
    cnpj: null,
    address: null,
    website: null,
    description: null,
    color: '#6b7280',
    social_media: {},
    logoUrl: null,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('social links', () => {
  it('fills one field per network, blank where the client has none', () => {
    expect(socialFormValues({ instagram: 'https://instagram.com/a' })).toEqual({
      instagram: 'https://instagram.com/a',
      facebook: '',
      linkedin: '',
      youtube: '',
      twitter: '',
      tiktok: '',
    });
    expect(socialFormValues(null).tiktok).toBe('');
  });

  it('removes blank networks and trims the others', () => {
    expect(normalizeSocialMedia({ instagram: '  https://instagram.com/a ', facebook: '   ', tiktok: '' })).toEqual({
      instagram: 'https://instagram.com/a',
    });
  });

  it('sends every network, blank ones as "" so the server removes them', () => {
    const values = { ...socialFormValues({}), linkedin: ' https://linkedin.com/company/a ' };
    expect(socialMediaPatch(values)).toEqual({
      social_media: { instagram: '', facebook: '', linkedin: 'https://linkedin.com/company/a', youtube: '', twitter: '', tiktok: '' },
    });
  });

  it('lists the networks that change: added, edited, removed; whitespace alone is no change', () => {
    const current = { instagram: 'https://instagram.com/a', facebook: 'https://facebook.com/a' };
    const values = {
      ...socialFormValues(current),
      instagram: ' https://instagram.com/a ',
      facebook: '',
      youtube: 'https://youtube.com/@a',
    };
    expect(changedNetworks(current, values)).toEqual(['facebook', 'youtube']);
    expect(changedNetworks(current, socialFormValues(current))).toEqual([]);
    expect(changedNetworks(null, socialFormValues({}))).toEqual([]);
  });
});

describe('displayedPassword', () => {
  it('shows the mask until revealed', () => {
    expect(PASSWORD_MASK).toBe('••••••••');
    expect(displayedPassword(undefined)).toBe('••••••••');
    expect(displayedPassword(null)).toBe('••••••••');
    expect(displayedPassword('s3nh@')).toBe('s3nh@');
    expect(displayedPassword('')).toBe('');
  });
});

describe('filterClients', () => {
  const clients = [
    client({ id: 1, name: 'Padaria São João', email: 'contato@padaria.com', cnpj: '12.345.678/0001-90' }),
    client({ id: 2, name: 'Academia Forte', phone: '(11) 98888-7777' }),
    client({ id: 3, name: 'Café Central', email: 'oi@cafe.com' }),
  ];

  it('returns everyone sorted by name without a query', () => {
    expect(filterClients(clients, '  ').map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it('ignores case and accents and matches every word', () => {
    expect(filterClients(clients, 'sao joao').map((c) => c.id)).toEqual([1]);
    expect(filterClients(clients, 'CAFE').map((c) => c.id)).toEqual([3]);
    expect(filterClients(clients, 'padaria contato').map((c) => c.id)).toEqual([1]);
    expect(filterClients(clients, 'padaria cafe')).toEqual([]);
  });

  it('finds by e-mail, phone digits and CNPJ digits', () => {
    expect(filterClients(clients, 'oi@cafe').map((c) => c.id)).toEqual([3]);
    expect(filterClients(clients, '988887777').map((c) => c.id)).toEqual([2]);
    expect(filterClients(clients, '12345678').map((c) => c.id)).toEqual([1]);
  });
});

describe('logoFileError', () => {
  it('accepts PNG and JPG up to 5 MB', () => {
    expect(logoFileError({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoFileError({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(logoFileError({ type: '', size: 10, name: 'logo.JPG' })).toBeNull();
  });

  it('rejects other types and larger files with a clear message', () => {
    expect(logoFileError({ type: 'image/gif', size: 10 })).toBe(LOGO_TYPE_MESSAGE);
    expect(logoFileError({ type: 'application/pdf', size: 10, name: 'logo.png' })).toBe(LOGO_TYPE_MESSAGE);
    expect(logoFileError({ type: '', size: 10, name: 'logo.svg' })).toBe(LOGO_TYPE_MESSAGE);
    expect(logoFileError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(LOGO_SIZE_MESSAGE);
  });
});

describe('externalHref', () => {
  it('adds https:// when the scheme is missing', () => {
    expect(externalHref('padaria.com.br')).toBe('https://padaria.com.br');
    expect(externalHref('http://padaria.com.br')).toBe('http://padaria.com.br');
  });
});
