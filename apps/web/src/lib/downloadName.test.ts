import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './downloadName';

describe('dispositionFileName', () => {
  it('prefers filename* over the ASCII fallback', () => {
    expect(dispositionFileName(`attachment; filename="relatorio final c.pdf"; filename*=UTF-8''relat%C3%B3rio%20final%20%C3%A7.pdf`)).toBe(
      'relatório final ç.pdf',
    );
  });
  it('takes the plain filename when that is all there is', () => {
    expect(dispositionFileName('attachment; filename="horas-2026-10-01-a-2026-10-31.csv"')).toBe('horas-2026-10-01-a-2026-10-31.csv');
  });
  it('falls back on a malformed filename* and on no header', () => {
    expect(dispositionFileName(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A.csv`)).toBe('a.csv');
    expect(dispositionFileName(null)).toBeUndefined();
  });
});
