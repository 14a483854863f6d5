import { todayInLagos } from '../../../../shared/dates';
import {
  POS_SETTLEMENT_MAX_BYTES,
  POS_SETTLEMENT_MAX_ROWS,
  readSettlementHeader,
  readSettlementLine,
  type SettlementLine,
} from '../../../../shared/pos/settlement';
import { AppError } from '../../../errors';
import { unstorableTextProblem } from '../../../security/unstorableText';
import { readSheetUpload, type SheetUploadSpec } from '../../../uploads/sheet';

/**
 * Reading the provider's settlement file (src/shared/pos/settlement.ts is its format) through
 * the upload path's checks (ADR 0030). The provider's file is machine-made: a file with a bad
 * line or a repeated transaction is refused whole (422 naming the lines), so what the job
 * compares is exactly what the provider settled.
 */

export const POS_SETTLEMENT_SHEET: SheetUploadSpec = {
  accept: ['csv', 'xlsx'],
  maxBytes: POS_SETTLEMENT_MAX_BYTES,
  maxRows: POS_SETTLEMENT_MAX_ROWS,
  rowsAre: 'transactions',
  saveHint: 'Upload the settlement file as the provider sent it, as .csv or .xlsx.',
  emptyHint: 'A settlement file has its header, then one transaction a line.',
  trimCells: true,
};

/** The most problems a refusal lists; the count says how many there are. */
const PROBLEMS_LISTED = 20;

export type ReadSettlementLine = SettlementLine & { lineNumber: number; day: string };

export async function readSettlementFile(
  bytes: Buffer,
  fileName: string,
): Promise<ReadSettlementLine[]> {
  const { header, data } = await readSheetUpload(bytes, fileName, POS_SETTLEMENT_SHEET);
  const read = readSettlementHeader(header.cells);
  if (!read.ok) throw new AppError('INVALID_FILE', read.problem);

  const problems: { line: number; problem: string }[] = [];
  const firstLineOf = new Map<string, number>();
  const lines: ReadSettlementLine[] = [];
  for (const { lineNumber, cells } of data) {
    const row = readSettlementLine(cells, read.columns);
    if (!row.ok) {
      problems.push({ line: lineNumber, problem: row.problem });
      continue;
    }
    const unstorable = [row.line.payerName, row.line.payerPhone, row.line.revenueHeadCode].some(
      (text) => text !== null && unstorableTextProblem(text) !== null,
    );
    if (unstorable) {
      problems.push({
        line: lineNumber,
        problem: 'a payer field holds a character that cannot be stored',
      });
      continue;
    }
    const day = todayInLagos(row.line.transactedAt);
    // A transaction is one terminal's STAN on one Lagos day (pos_transactions_once_key).
    const key = `${row.line.terminalId}/${row.line.stan}/${day}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      problems.push({
        line: lineNumber,
        problem: `repeats line ${first} (terminal ${row.line.terminalId}, STAN ${row.line.stan}, ${day})`,
      });
      continue;
    }
    firstLineOf.set(key, lineNumber);
    lines.push({ ...row.line, lineNumber, day });
  }
  if (problems.length > 0) {
    const listed = problems
      .slice(0, PROBLEMS_LISTED)
      .map((p) => `line ${p.line}: ${p.problem}`)
      .join('; ');
    const more =
      problems.length > PROBLEMS_LISTED ? ` and ${problems.length - PROBLEMS_LISTED} more` : '';
    const isDuplicate = problems.every((p) => p.problem.startsWith('repeats'));
    throw new AppError(
      'INVALID_FILE',
      `${fileName} is refused: ${isDuplicate ? 'it holds duplicate rows' : `${problems.length} line${problems.length > 1 ? 's' : ''} cannot be read`} — ${listed}${more}. Nothing was stored.`,
      { details: { rows: problems.slice(0, PROBLEMS_LISTED) } },
    );
  }
  return lines;
}
