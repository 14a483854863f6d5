// Reads the first sheet of an XLSX as a stream, in a worker thread (xlsxRows.ts starts it with
// a memory cap and a time limit), and stops once it has read one row more than the upload
// takes: a file of 91,000 rows costs the reading of 5,002. Plain JavaScript, so Node runs it
// as it is in every setting (tsx, Vitest, production) without a loader of its own.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
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

async function readRows({ bytes, maxRows }) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
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
  (error) => parentPort.postMessage({ ok: false, message: String(error?.message ?? error) }),
);
