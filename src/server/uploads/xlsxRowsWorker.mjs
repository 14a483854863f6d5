// Reads the first sheet of an XLSX as a stream, in a worker thread (xlsxRows.ts starts it with
// a memory cap and a time limit), and stops once it has read one row more than the upload
// takes: a file of 91,000 rows costs the reading of 5,002. Plain JavaScript, so Node runs it
// as it is in every setting (tsx, Vitest, production) without a loader of its own.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** A spreadsheet number as the officer sees it: 2024, 1500.5 → "1500.50", never 0.30000000000000004. */
function numberText(value) {
  if (Number.isInteger(value)) return String(value);
  const kobo = value * 100;
  return Math.abs(kobo - Math.round(kobo)) < 1e-6 ? value.toFixed(2) : String(value);
}

function cellText(cell) {
  const value = cell.value;
  if (typeof value === 'number') return numberText(value);
  if (value && typeof value === 'object' && 'result' in value && typeof value.result === 'number') {
    return numberText(value.result);
  }
  if (value && typeof value === 'object' && Array.isArray(value.richText)) {
    return value.richText.map((part) => part.text ?? '').join('');
  }
  return cell.text ?? '';
}

/**
 * Every part must unpack to no more than its central directory declared (zip.ts checked those
 * sizes): a part that would unpack further is refused here, before exceljs reads a byte, so a
 * bomb whose sizes lie costs at most the declared sizes. Returns why not, or null.
 */
function checkDeclaredSizes(bytes, entries) {
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) {
      return `its part ${entry.name} is not where its directory says`;
    }
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const packed = bytes.subarray(start, start + entry.compressedBytes);
    if (entry.method === 0) {
      if (packed.length !== entry.uncompressedBytes) return `its part ${entry.name} is damaged`;
      continue;
    }
    try {
      const unpacked = inflateRawSync(packed, {
        maxOutputLength: Math.max(1, entry.uncompressedBytes),
      });
      if (unpacked.length !== entry.uncompressedBytes) {
        return `its part ${entry.name} unpacks to another size than it declares`;
      }
    } catch (error) {
      if (error?.code === 'ERR_BUFFER_TOO_LARGE') {
        return `its part ${entry.name} unpacks to more than it declares`;
      }
      return `its part ${entry.name} is damaged`;
    }
  }
  return null;
}

async function readRows({ bytes: data, entries, maxRows }) {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const lie = checkDeclaredSizes(bytes, entries);
  if (lie) return { ok: false, reason: 'lying', detail: lie };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const rows = [];
  let isOverLimit = false;
  let hasSheet = false;
  for await (const sheet of reader) {
    hasSheet = true;
    for await (const row of sheet) {
      const cells = [];
      for (let col = 1; col <= row.cellCount; col += 1)
        cells.push(cellText(row.getCell(col)).trim());
      if (!cells.some((c) => c !== '')) continue;
      // The header, maxRows data rows, and one more that says the file is too long.
      if (rows.length > maxRows + 1) {
        isOverLimit = true;
        break;
      }
      rows.push({ lineNumber: row.number, cells });
    }
    break;
  }
  return { ok: true, hasSheet, rows, isOverLimit };
}

readRows(workerData).then(
  (result) => parentPort.postMessage(result),
  (error) =>
    parentPort.postMessage({
      ok: false,
      reason: 'unreadable',
      detail: String(error?.message ?? error),
    }),
);
