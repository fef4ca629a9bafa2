import { describe, expect, it } from 'vitest';
import { applySocialMedia, formatCnpj, formatPhoneBR, socialProfileUrl } from '../src/clients';

describe('client form formats (issue 22 §17)', () => {
  it('formats phones as the placeholder shows', () => {
    expect(formatPhoneBR('11999998888')).toBe('(11) 99999-8888');
    expect(formatPhoneBR(' 11 3333-4444 ')).toBe('(11) 3333-4444');
    expect(formatPhoneBR('+55 (21) 98765-4321')).toBe('(21) 98765-4321');
    expect(formatPhoneBR('ramal 12')).toBe('ramal 12');
    expect(formatPhoneBR('')).toBe('');
  });
  it('formats a CNPJ of 14 digits', () => {
    expect(formatCnpj('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatCnpj('12.345.678/0001-90')).toBe('12.345.678/0001-90');
    expect(formatCnpj('123')).toBe('123');
  });
  it("turns an '@handle' into the network's profile URL, and keeps web addresses", () => {
    expect(socialProfileUrl('instagram', '@paodourado')).toBe('https://instagram.com/paodourado');
    expect(socialProfileUrl('instagram', ' @pao.dourado ')).toBe('https://instagram.com/pao.dourado');
    expect(socialProfileUrl('instagram', 'paodourado')).toBe('https://instagram.com/paodourado');
    expect(socialProfileUrl('tiktok', '@verdevida')).toBe('https://tiktok.com/@verdevida');
    expect(socialProfileUrl('youtube', '@canal')).toBe('https://youtube.com/@canal');
    expect(socialProfileUrl('twitter', '@technova')).toBe('https://x.com/technova');
    expect(socialProfileUrl('linkedin', 'technova')).toBe('https://linkedin.com/company/technova');
    expect(socialProfileUrl('facebook', '@pao_dourado')).toBe('https://facebook.com/pao_dourado');
    expect(socialProfileUrl('instagram', 'instagram.com/paodourado')).toBe('https://instagram.com/paodourado');
    expect(socialProfileUrl('instagram', 'https://www.instagram.com/a/')).toBe('https://www.instagram.com/a/');
    expect(socialProfileUrl('instagram', '@pão')).toBeNull();
    expect(socialProfileUrl('instagram', '@a b')).toBeNull();
    expect(socialProfileUrl('instagram', 'javascript:alert(1)')).toBeNull();
  });
  it('applies handles in a social links update', () => {
    expect(applySocialMedia({}, { instagram: '@paodourado', facebook: '' })).toEqual({
      ok: true,
      socialMedia: { instagram: 'https://instagram.com/paodourado' },
    });
  });
});
