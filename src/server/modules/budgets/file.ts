import {
  BUDGET_COLUMNS,
  BUDGET_IMPORT_MAX_BYTES,
  BUDGET_IMPORT_MAX_ROWS,
  type BudgetFileRow,
  type BudgetRowProblem,
  readBudgetHeader,
  readBudgetRow,
} from '../../../shared/budgets/file';
import { AppError } from '../../errors';
import { readSheetUpload, type SheetUploadSpec } from '../../uploads/sheet';
import { type CatalogueMda, type CheckedLine, checkBudgetLines, problemsMessage } from './check';

/**
 * Reading a budget file (src/shared/budgets/file.ts is its format) through the upload path's
 * checks (ADR 0030): a file with any bad row is refused whole, 422 naming each row and field,
 * so a version is never stored from half a file.
 */

export const BUDGET_SHEET: SheetUploadSpec = {
  accept: ['csv', 'xlsx'],
  maxBytes: BUDGET_IMPORT_MAX_BYTES,
  maxRows: BUDGET_IMPORT_MAX_ROWS,
  rowsAre: 'budget lines',
  saveHint: 'Save the budget as .xlsx or as CSV (UTF-8) from the template.',
  emptyHint: 'A budget file has its header, then one MDA and revenue head a line.',
  trimCells: true,
};

export async function readBudgetFile(
  bytes: Buffer,
  fileName: string,
  catalogue: readonly CatalogueMda[],
): Promise<CheckedLine[]> {
  const { header, data } = await readSheetUpload(bytes, fileName, BUDGET_SHEET);
  const read = readBudgetHeader(header.cells);
  if (!read.ok) throw new AppError('INVALID_FILE', read.problem);
  const problems: BudgetRowProblem[] = [];
  const rows: BudgetFileRow[] = [];
  for (const { lineNumber, cells } of data) {
    const row = readBudgetRow(lineNumber, cells, read.columns);
    problems.push(...row.problems);
    if (row.row) rows.push(row.row);
  }
  const checked = checkBudgetLines(
    rows.map((r) => ({
      line: r.line,
      mda: { code: r.mdaCode },
      economicCode: r.economicCode,
      annualKobo: r.annualKobo,
      monthsKobo: r.months,
    })),
    catalogue,
    { mda: BUDGET_COLUMNS.mdaCode, economicCode: BUDGET_COLUMNS.economicCode },
  );
  problems.push(...checked.problems);
  if (problems.length === 0 && checked.lines.length === 0) {
    throw new AppError(
      'INVALID_FILE',
      `${fileName} holds no budget line with an amount. ${BUDGET_SHEET.emptyHint}`,
    );
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    throw new AppError('INVALID_FILE', problemsMessage(fileName, problems, 'line'), {
      details: { rows: problems.slice(0, 200), count: problems.length },
    });
  }
  return checked.lines;
}
