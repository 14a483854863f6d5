import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  nairaTextToKobo,
  TCC_BATCH_MAX_ROWS,
  TCC_BATCH_REQUIRED_COLUMNS,
  tccBatchTemplateRows,
} from '../../../../shared/tcc/bulk';
import { AppError } from '../../../errors';
import { readTccBatchFile } from './file';

const MDA = '7c0b4b8e-8f43-4a53-9a43-5a4d3c1e2b10';
const HEADER = TCC_BATCH_REQUIRED_COLUMNS.join(',');
/** Valid BTINs (their check digit is right). */
const BTIN_A = '2000000000';
const BTIN_B = '1000000005';

function row(btin: string, overrides: Partial<Record<string, string>> = {}): string {
  const cells: Record<string, string> = {
    btin,
    staff_number: 'MOH/001',
    purpose: 'loan',
    source_of_income: 'Salary',
    year_1: '2023',
    income_1: '"3,600,000.00"',
    tax_1: '312000.5',
    paid_1: '312000.50',
    year_2: '2024',
    income_2: '3600000',
    tax_2: '0',
    paid_2: '0.00',
    year_3: '2025',
    income_3: '₦3600000.00',
    tax_3: '312000',
    paid_3: '312000',
    ...overrides,
  };
  return TCC_BATCH_REQUIRED_COLUMNS.map((c) => cells[c] ?? '').join(',');
}

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('nairaTextToKobo', () => {
  it('reads naira with at most two decimals, thousands commas and the naira sign', () => {
    expect(nairaTextToKobo('1500.50')).toBe(150_050);
    expect(nairaTextToKobo('1500.5')).toBe(150_050);
    expect(nairaTextToKobo('1,500,000')).toBe(150_000_000);
    expect(nairaTextToKobo('₦ 0.07')).toBe(7);
    expect(nairaTextToKobo('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-5', '1.005', '1,50', 'abc', '1e6', '12.']) {
      expect(nairaTextToKobo(bad), bad).toBeNull();
    }
  });
});

describe('readTccBatchFile', () => {
  it('reads good rows into the mda-employee generate input, amounts in kobo', async () => {
    const lines = await readTccBatchFile(csv(HEADER, row(BTIN_A)), 'payroll.csv', MDA);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line?.problem).toBeNull();
    expect(line?.lineNumber).toBe(2);
    expect(line?.input).toMatchObject({
      kind: 'mda-employee',
      btin: BTIN_A,
      staffNumber: 'MOH/001',
      purpose: 'loan',
      sourceOfIncome: 'Salary',
      years: [
        { year: 2023, incomeKobo: 360_000_000, taxKobo: 31_200_050, paidKobo: 31_200_050 },
        { year: 2024, incomeKobo: 360_000_000, taxKobo: 0, paidKobo: 0 },
        { year: 2025, incomeKobo: 360_000_000, taxKobo: 31_200_000, paidKobo: 31_200_000 },
      ],
    });
    expect(line?.input).not.toHaveProperty('mdaId');
  });

  it('keeps a bad row with its reason and line, and flags a repeated BTIN and purpose', async () => {
    const lines = await readTccBatchFile(
      csv(
        HEADER,
        row('2000000001'),
        '',
        row(BTIN_A, { purpose: 'holiday' }),
        row(BTIN_A, { tax_2: 'ten naira' }),
        row(BTIN_B),
        row(BTIN_B, { staff_number: 'again' }),
        row(BTIN_B, { purpose: 'Visa or travel' }),
        row(BTIN_A, { year_3: '' }),
      ),
      'payroll.csv',
      MDA,
    );
    expect(lines.map((l) => [l.lineNumber, l.btin, l.problem])).toEqual([
      [2, '2000000001', 'btin: This BTIN’s check digit is wrong: check the number'],
      [4, BTIN_A, expect.stringContaining('"holiday" is not a purpose')],
      [5, BTIN_A, 'tax_2 "ten naira" is not an amount in naira (e.g. 1500000.00).'],
      [6, BTIN_B, null],
      [7, BTIN_B, 'Duplicate of line 6: the same BTIN and purpose.'],
      [8, BTIN_B, null],
      [9, BTIN_A, 'year_3 is missing (e.g. 2024).'],
    ]);
  });

  it('asks for the detail when the purpose is other', async () => {
    const [line] = await readTccBatchFile(
      csv(`${HEADER},purpose_detail`, `${row(BTIN_A, { purpose: 'other' })},`),
      'p.csv',
      MDA,
    );
    expect(line?.problem).toBe('purpose_detail: Say what the certificate is for');
  });

  it('refuses a header that is not the template’s, naming what is wrong', async () => {
    const wrong = HEADER.replace('staff_number', 'staff_no').replace(',paid_3', '');
    const error = await refusal(readTccBatchFile(csv(wrong, row(BTIN_A)), 'p.csv', MDA));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toContain('missing staff_number, paid_3');
    expect(error.message).toContain('unknown "staff_no"');
  });

  it('refuses files that are not CSV or XLSX, empty, headers only, or too long', async () => {
    expect((await refusal(readTccBatchFile(csv(HEADER), 'p.txt', MDA))).message).toContain(
      'Choose a .csv or .xlsx file',
    );
    expect((await refusal(readTccBatchFile(Buffer.from(''), 'p.csv', MDA))).message).toContain(
      'is empty',
    );
    expect((await refusal(readTccBatchFile(csv(HEADER), 'p.csv', MDA))).message).toContain(
      'no employees',
    );
    const many = Array.from({ length: TCC_BATCH_MAX_ROWS + 1 }, () => row(BTIN_A));
    expect((await refusal(readTccBatchFile(csv(HEADER, ...many), 'p.csv', MDA))).message).toContain(
      'at most 5,000',
    );
    expect(
      (await refusal(readTccBatchFile(Buffer.from([80, 75, 3, 4, 0, 0]), 'p.xlsx', MDA))).message,
    ).toContain('not an .xlsx workbook');
  });

  it('reads an XLSX workbook: numbers as typed, rows numbered as in the sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Payroll');
    const [header, example] = tccBatchTemplateRows(2023);
    sheet.addRow(header);
    sheet.addRow([]);
    // As a spreadsheet stores them: numbers, and a formula whose result has float noise.
    sheet.addRow(
      (header ?? []).map((name, i) => {
        if (name === 'btin') return Number(BTIN_B);
        if (name === 'income_1') return 1500.5;
        if (name === 'tax_1') return { formula: 'A1*0.1', result: 0.1 + 0.2 };
        if (/^(year|income|tax|paid)_\d$/.test(name)) return Number(example?.[i]);
        return example?.[i] ?? '';
      }),
    );
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const [line] = await readTccBatchFile(bytes, 'payroll.xlsx', MDA);
    expect(line?.lineNumber).toBe(3);
    expect(line?.problem).toBeNull();
    expect(line?.input?.btin).toBe(BTIN_B);
    expect(line?.input?.years[0]).toMatchObject({ year: 2023, incomeKobo: 150_050, taxKobo: 30 });
  });

  it('reads its own template back as one good employee', async () => {
    const text = stringify(tccBatchTemplateRows(2023));
    const lines = await readTccBatchFile(Buffer.from(text), 'template.csv', MDA);
    expect(lines.map((l) => l.problem)).toEqual([null]);
  });
});
