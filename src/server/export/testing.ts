import { crc32, inflateRawSync } from 'node:zlib';
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

/**
 * One file of a zip (an XLSX is one) as text, read by its central directory, where the
 * streaming writer puts the sizes it could not know when it wrote each entry's header; its
 * CRC-32 and size are checked against what the directory says.
 */
export function zipEntryText(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i += 1) {
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, '');
    if (entryName === name) {
      const dataAt =
        localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataAt, dataAt + compressedSize);
      const bytes = method === 8 ? inflateRawSync(data) : data;
      if (bytes.length !== size || crc32(bytes) !== crc) {
        throw new Error(`${name}: its size or CRC-32 is not the central directory's`);
      }
      return bytes.toString('utf8');
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`no ${name} in the zip`);
}
