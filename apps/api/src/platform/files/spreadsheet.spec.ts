import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { toCsv, toXlsx } from './spreadsheet';

describe('spreadsheet writers', () => {
  it('writes pt-BR CSV: BOM, ; separators, CRLF, decimal commas, quotes where needed, formulas neutralised', () => {
    const csv = toCsv({
      columns: ['Membro', 'Horas'],
      rows: [
        ['Ana; Lima', 1.5],
        ['Bia "B"', null],
        ['=1+2', -2],
        ['@me', 2],
      ],
    });
    expect(csv).toBe('\uFEFFMembro;Horas\r\n"Ana; Lima";1,5\r\n"Bia ""B""";\r\n\'=1+2;-2\r\n\'@me;2\r\n');
    expect(parse(csv, { delimiter: ';', bom: true })).toEqual([
      ['Membro', 'Horas'],
      ['Ana; Lima', '1,5'],
      ['Bia "B"', ''],
      ["'=1+2", '-2'],
      ["'@me", '2'],
    ]);
  });

  it('writes XLSX with text as text (no apostrophe: a text cell is never evaluated), numbers and dates kept', async () => {
    const buffer = await toXlsx([
      {
        name: 'Horas',
        columns: ['+Cabeçalho', 'Dia', 'Horas'],
        rows: [['-x', new Date(Date.UTC(2026, 9, 5)), 1.5]],
        formats: [undefined, 'dd/mm/yyyy'],
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Horas');
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(['+Cabeçalho', 'Dia', 'Horas']);
    expect((sheet?.getRow(2).values as unknown[]).slice(1)).toEqual(['-x', new Date(Date.UTC(2026, 9, 5)), 1.5]);
    expect(sheet?.getCell('B2').numFmt).toBe('dd/mm/yyyy');
  });
});
