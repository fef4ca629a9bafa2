import { ATTACHMENT_NAME_MAX, safeFileName, stripInvisible, truncateFileName } from './attachment-name';

const codePoints = (text: string) => [...text].length;

describe('attachment names', () => {
  it.each([
    ['\u202eexe.txt', 'exe.txt'],
    ['fatura\u202egpj.exe', 'faturagpj.exe'],
    ['a\u2066b\u2069c\u200e\u200f\u061c.pdf', 'abc.pdf'],
    ['zero\u200bwidth\ufeff.txt', 'zerowidth.txt'],
    ['soft\u00adhyphen.txt', 'softhyphen.txt'],
    ['line\nbreak\r\u0000\u007f\u0085.txt', 'linebreak.txt'],
    ['sep\u2028ara\u2029do.txt', 'separado.txt'],
  ])('strips format and control characters from %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });

  it('keeps joiners inside emoji sequences and words, and drops stray ones', () => {
    expect(stripInvisible('família 👨\u200d👩\u200d👧.txt')).toBe('família 👨\u200d👩\u200d👧.txt');
    expect(stripInvisible('می\u200cخواهم.txt')).toBe('می\u200cخواهم.txt');
    expect(stripInvisible('\u200dinício.txt\u200d')).toBe('início.txt');
    expect(stripInvisible('a \u200d b')).toBe('a  b');
  });

  it('keeps names in any script as typed', () => {
    for (const name of ['relatório ação.txt', 'orçamento – versão final (2ª).pdf', 'ünïcødé 日本語 😀.txt', 'e\u0301.txt']) {
      expect(safeFileName(name)).toBe(name);
    }
  });

  it('removes paths and characters Windows refuses', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\ana\\nota.txt')).toBe('nota.txt');
    expect(safeFileName('a<b>c:d"e|f?g*.txt')).toBe('a_b_c_d_e_f_g_.txt');
    expect(safeFileName('\u202e')).toBe('arquivo');
    expect(safeFileName(' .. ')).toBe('arquivo');
  });

  it('cuts a long name by code points at a grapheme boundary and keeps the extension', () => {
    // A cut at 200 UTF-16 units would end in half of the fifth emoji and lose '.pdf'.
    const emojiAtTheCut = `${'a'.repeat(191)}${'😀'.repeat(10)}.pdf`;
    const cut = safeFileName(emojiAtTheCut);
    expect(cut).toBe(`${'a'.repeat(191)}${'😀'.repeat(5)}.pdf`);
    expect(codePoints(cut)).toBeLessThanOrEqual(ATTACHMENT_NAME_MAX);
    // No lone surrogate: the name survives a trip through UTF-8.
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);

    const emojis = safeFileName(`${'😀'.repeat(250)}.docx`);
    expect(emojis).toBe(`${'😀'.repeat(195)}.docx`);
    expect(codePoints(emojis)).toBe(200);

    // A family emoji (five code points) is kept whole or dropped whole.
    const family = '👨\u200d👩\u200d👧';
    const families = truncateFileName(`${'b'.repeat(193)}${family}${family}.txt`);
    expect(families).toBe(`${'b'.repeat(193)}.txt`);
    expect(truncateFileName(`${'b'.repeat(190)}${family}${family}.txt`)).toBe(`${'b'.repeat(190)}${family}.txt`);
  });

  it('keeps a name at the limit as it is, and cuts one without a usable extension from its end', () => {
    const exact = `${'x'.repeat(196)}.txt`;
    expect(safeFileName(exact)).toBe(exact);
    expect(safeFileName('y'.repeat(300))).toBe('y'.repeat(200));
    const longSuffix = `nome.${'z'.repeat(300)}`;
    expect(safeFileName(longSuffix)).toBe(longSuffix.slice(0, 200));
  });
});
