import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

type Answer = { rawPayload: Buffer };

/** An exported CSV parsed back, one object per row keyed by header (the byte-order mark dropped). */
export function csvRowsOf(res: Answer): Record<string, string>[] {
  return parse(res.rawPayload.toString('utf8'), { columns: true, bom: true });
}

/** An exported XLSX opened back with exceljs: its one sheet, and each row's cells by header. */
export async function xlsxSheetOf(res: Answer, sheetName: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no ${sheetName} sheet`);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  for (let n = 2; n <= sheet.rowCount; n += 1) {
    const row = sheet.getRow(n);
    rows.push(Object.fromEntries(headers.map((header, i) => [header, row.getCell(i + 1)])));
  }
  return { sheet, headers, rows };
}
