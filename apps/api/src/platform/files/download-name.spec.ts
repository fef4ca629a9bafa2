import contentDisposition from 'content-disposition';
import { asciiFileName, attachmentDisposition } from './download-name';

describe('attachmentDisposition', () => {
  it('adds filename* with an ASCII fallback for Latin-1 letters', () => {
    expect(attachmentDisposition('relatório final ç.pdf')).toBe(
      `attachment; filename="relatorio final c.pdf"; filename*=UTF-8''relat%C3%B3rio%20final%20%C3%A7.pdf`,
    );
  });

  it('keeps a plain ASCII name as it is, with no filename*', () => {
    expect(attachmentDisposition('horas-2026-10-01-a-2026-10-31.csv')).toBe('attachment; filename="horas-2026-10-01-a-2026-10-31.csv"');
  });

  it.each(['Relatório – Março.csv', 'família 👨\u200d👩\u200d👧.txt', "aspas 'e' 100% [v2].txt", '東京.pdf'])(
    'round-trips %j through a parser',
    (name) => {
      const header = attachmentDisposition(name);
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"(; filename\*=UTF-8''[\x21-\x7e]+)?$/);
      expect(contentDisposition.parse(header).parameters.filename).toBe(name);
    },
  );

  it('falls back to letters without accents and _ for the rest', () => {
    expect(asciiFileName('Ação – ok 😀.txt')).toBe('Acao _ ok _.txt');
  });
});
