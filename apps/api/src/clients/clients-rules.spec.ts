import { applySocialMedia, normalizeHttpUrl } from '@wkflow/contracts';
import { detectLogoType } from './logo-storage';

describe('normalizeHttpUrl', () => {
  it.each([
    ['https://agencia.com.br', 'https://agencia.com.br'],
    ['  http://agencia.com.br/contato?x=1  ', 'http://agencia.com.br/contato?x=1'],
    ['agencia.com.br', 'https://agencia.com.br'],
    ['instagram.com/agencia', 'https://instagram.com/agencia'],
    ['http://localhost:3000', 'http://localhost:3000'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeHttpUrl(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'agencia',
    'ftp://agencia.com.br',
    'javascript:alert(1)',
    'mailto:a@b.com',
    'http://',
    'http:agencia.com.br',
    'https://agência com.br',
  ])('refuses %j', (input) => {
    expect(normalizeHttpUrl(input)).toBeNull();
  });
});

describe('applySocialMedia', () => {
  const current = { instagram: 'https://instagram.com/a', facebook: 'https://facebook.com/a' };

  it('sets, removes on blank or null, and keeps networks not named', () => {
    expect(applySocialMedia(current, { instagram: '', linkedin: 'linkedin.com/company/a', facebook: null })).toEqual({
      ok: true,
      socialMedia: { linkedin: 'https://linkedin.com/company/a' },
    });
    expect(applySocialMedia(current, { tiktok: 'https://tiktok.com/@a' })).toEqual({
      ok: true,
      socialMedia: { ...current, tiktok: 'https://tiktok.com/@a' },
    });
    expect(current).toEqual({ instagram: 'https://instagram.com/a', facebook: 'https://facebook.com/a' });
  });

  it('names an unsupported network and a bad URL', () => {
    expect(applySocialMedia({}, { pinterest: 'https://pinterest.com/a' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('pinterest'),
    });
    expect(applySocialMedia({}, { youtube: 'not a url' })).toEqual({ ok: false, message: 'URL inválida para youtube' });
    expect(applySocialMedia({}, { youtube: 42 })).toEqual({ ok: false, message: 'URL inválida para youtube' });
    expect(applySocialMedia({}, { twitter: `https://x.com/${'a'.repeat(300)}` })).toEqual({
      ok: false,
      message: 'URL inválida para twitter',
    });
  });
});

describe('detectLogoType', () => {
  it('knows PNG and JPEG by their first bytes only', () => {
    expect(detectLogoType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toEqual({
      extension: 'png',
      contentType: 'image/png',
    });
    expect(detectLogoType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(detectLogoType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectLogoType(Buffer.from('<svg></svg>'))).toBeNull();
    expect(detectLogoType(Buffer.alloc(0))).toBeNull();
  });
});
