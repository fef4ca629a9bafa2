import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { neutralizeCell } from '@wkflow/contracts';

/** A cell: text (neutralised against formulas), a number, a day (XLSX only), or empty. */
export type SheetCell = string | number | Date | null;

export interface Sheet {
  name: string;
  columns: string[];
  rows: SheetCell[][];
  /** Column widths in characters (XLSX only). */
  widths?: number[];
  /** Excel number formats per column (XLSX only), e.g. 'dd/mm/yyyy', '0.00'. */
  formats?: (string | undefined)[];
}

/**
 * CSV for spreadsheets in pt-BR: UTF-8 with a BOM, ';' between fields, numbers with a decimal
 * comma, CRLF line ends; csv-stringify quotes what needs quoting. Every text cell (the header
 * too) goes through neutralizeCell (OWASP CSV injection).
 */
export function toCsv(sheet: Pick<Sheet, 'columns' | 'rows'>): string {
  const cell = (value: SheetCell): string => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value).replace('.', ',');
    if (value instanceof Date) return value.toISOString();
    return neutralizeCell(value);
  };
  return stringify(
    [sheet.columns, ...sheet.rows].map((row) => row.map(cell)),
    {
      delimiter: ';',
      record_delimiter: 'windows',
      bom: true,
    },
  );
}

/** An XLSX workbook (exceljs), one worksheet per sheet; text cells neutralised, numbers kept as numbers. */
export async function toXlsx(sheets: Sheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow(sheet.columns.map(neutralizeCell)).font = { bold: true };
    for (const row of sheet.rows) {
      worksheet.addRow(row.map((value) => (typeof value === 'string' ? neutralizeCell(value) : value)));
    }
    sheet.widths?.forEach((width, index) => {
      worksheet.getColumn(index + 1).width = width;
    });
    sheet.formats?.forEach((format, index) => {
      if (format) worksheet.getColumn(index + 1).numFmt = format;
    });
    worksheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
