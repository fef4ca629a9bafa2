import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { neutralizeCell } from '@wkflow/contracts';

/** A formula of our own with its computed result (XLSX only; CSV writes the result). */
export interface SheetFormula {
  formula: string;
  result: number;
}

/** A cell: text (neutralised against formulas in CSV), a number, a day (XLSX only), a formula of ours (XLSX), or empty. */
export type SheetCell = string | number | Date | SheetFormula | null;

export interface Sheet {
  name: string;
  columns: string[];
  rows: SheetCell[][];
  /** Column widths in characters (XLSX only). */
  widths?: number[];
  /** Excel number formats per column (XLSX only), e.g. 'dd/mm/yyyy', '0.00'. */
  formats?: (string | undefined)[];
  /** The last row is a totals row (XLSX: bold). */
  totalsRow?: boolean;
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
    if (typeof value === 'object') return String(value.result).replace('.', ',');
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

/**
 * An XLSX workbook (exceljs), one worksheet per sheet. Text goes in as text cells, unchanged: a
 * string cell of an XLSX is never evaluated, so the CSV's protective apostrophe would only show
 * as a stray character here. Numbers stay numbers; formulas are only the ones we write.
 */
export async function toXlsx(sheets: Sheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow(sheet.columns).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(row);
    if (sheet.totalsRow && sheet.rows.length > 0) worksheet.lastRow!.font = { bold: true };
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
