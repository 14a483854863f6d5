import { parse } from 'csv-parse/sync';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../auth/actor';
import { auditEvents } from '../db/schema';
import { createTestContext, type TestContext } from '../testing/context';
import { amount, count, date, dateTime, reference, text } from './columns';
import { type ExportFormat, exportList, type ListExport } from './exportList';
import { zipEntryText } from './testing';

let ctx: TestContext & { close(): Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
});

afterAll(async () => {
  await ctx.close();
});

type Payment = {
  notice: string;
  payer: string;
  amountKobo: number;
  paidAt: string;
  dueDate: string;
  days: number;
};

const PAYMENTS: Payment[] = Array.from({ length: 8 }, (_, i) => ({
  notice: `DN/2026/${String(i + 1).padStart(5, '0')}`,
  payer: ['=HYPERLINK("http://evil.example")', '\uFF1DSUM(A1)', '\t@cli', 'Ebiowei'][i % 4] ?? '',
  amountKobo: 59_187_200 + i,
  paidAt: `2026-04-10T23:0${i}:00Z`,
  dueDate: '2026-05-01',
  days: i,
}));

const COLUMNS = [
  reference<Payment>('Notice number', (p) => p.notice),
  text<Payment>('Payer', (p) => p.payer),
  amount<Payment>('Amount', (p) => p.amountKobo),
  dateTime<Payment>('Paid', (p) => p.paidAt),
  date<Payment>('Due date', (p) => p.dueDate),
  count<Payment>('Days', (p) => p.days),
];

/** The list's query stand-in: the rows a window asks for, and a note of each window asked. */
type Window = { limit: number; offset: number; after: string | null };

function listOf(format: ExportFormat, windows: Window[] = []) {
  return {
    format,
    fileName: 'payments',
    sheet: 'Payments',
    columns: COLUMNS,
    count: async () => PAYMENTS.length,
    page: async (window) => {
      // The last row of the page before, by its notice number (the keyset a big list reads by).
      windows.push({ ...window, after: window.after?.notice ?? null });
      return PAYMENTS.slice(window.offset, window.offset + window.limit);
    },
    audit: { action: 'test.exported', entityType: 'test', filter: { what: 'all' } },
    pageSize: 3,
  } satisfies ListExport<Payment>;
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('exportList', () => {
  it('streams a page at a time: three pages of three, in order, none read twice', async () => {
    const windows: Window[] = [];
    const answer = await exportList(ctx.db, systemActor('cli'), listOf('csv', windows));
    expect(answer).toMatchObject({ contentType: 'text/csv; charset=utf-8', rows: 8 });
    expect(answer.fileName).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    // Nothing is read before the reader asks for it.
    expect(windows).toEqual([]);
    const rows: Record<string, string>[] = parse((await bytesOf(answer.body)).toString('utf8'), {
      columns: true,
      bom: true,
    });
    expect(windows).toEqual([
      { limit: 3, offset: 0, after: null },
      { limit: 3, offset: 3, after: 'DN/2026/00003' },
      { limit: 2, offset: 6, after: 'DN/2026/00006' },
    ]);
    expect(rows.map((row) => row['Notice number'])).toEqual(PAYMENTS.map((p) => p.notice));
    expect(rows[0]).toEqual({
      'Notice number': 'DN/2026/00001',
      Payer: `'=HYPERLINK("http://evil.example")`,
      'Amount (NGN)': '591872.00',
      // 23:00 UTC is midnight in Lagos: the next day.
      Paid: '2026-04-11 00:00',
      'Due date': '2026-05-01',
      Days: '0',
    });
    expect(rows.map((row) => row.Payer).slice(1, 3)).toEqual(["'\uFF1DSUM(A1)", "'\t@cli"]);
  });

  it('writes the audit row before the first byte, with the rows counted', async () => {
    await exportList(ctx.db, systemActor('cli'), listOf('xlsx'));
    const [row] = await ctx.db
      .select({ after: auditEvents.after, entityType: auditEvents.entityType })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'test.exported'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row).toEqual({
      entityType: 'test',
      after: { filter: { what: 'all' }, format: 'xlsx', rows: 8 },
    });
  });

  it('refuses a filter past the list’s bound with 422, before anything is audited', async () => {
    const before = await ctx.db.$count(auditEvents, eq(auditEvents.action, 'test.exported'));
    await expect(
      exportList(ctx.db, systemActor('cli'), {
        ...listOf('csv'),
        rowLimit: { max: 5, message: (n) => `${n} rows; at most 5.` },
      }),
    ).rejects.toMatchObject({ code: 'RULE_VIOLATION', message: '8 rows; at most 5.' });
    expect(await ctx.db.$count(auditEvents, eq(auditEvents.action, 'test.exported'))).toBe(before);
  });

  it('XLSX: typed cells, and text that starts like a formula quote-prefixed, no apostrophe', async () => {
    const answer = await exportList(ctx.db, systemActor('cli'), listOf('xlsx'));
    expect(answer.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = await bytesOf(answer.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Payments');
    if (!sheet) throw new Error('no Payments sheet');
    expect(sheet.rowCount).toBe(9);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Notice number',
      'Payer',
      'Amount (NGN)',
      'Paid',
      'Due date',
      'Days',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('=HYPERLINK("http://evil.example")');
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(3).value).toBe(591_872);
    expect(first.getCell(3).numFmt).toBe('"₦"#,##0.00');
    // A date cell showing Lagos's wall clock: midnight of the 11th.
    expect(first.getCell(4).value).toEqual(new Date('2026-04-11T00:00:00Z'));
    expect(first.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(first.getCell(5).value).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(6).value).toBe(0);
    expect(sheet.getRow(9).getCell(1).value).toBe('DN/2026/00008');

    // exceljs reads no quote prefix back: the sheet's and the styles' XML say it.
    const sheetXml = zipEntryText(bytes, 'xl/worksheets/sheet1.xml');
    const stylesXml = zipEntryText(bytes, 'xl/styles.xml');
    const cellXfs = (stylesXml.match(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s)?.[1] ?? '').match(
      /<xf [^>]*?\/?>/g,
    );
    const styleOf = (ref: string) => {
      const s = sheetXml.match(new RegExp(`<c r="${ref}"(?: s="(\\d+)")?`))?.[1];
      return cellXfs?.[Number(s ?? 0)] ?? '';
    };
    for (const ref of ['B2', 'B3', 'B4']) {
      expect(styleOf(ref)).toContain('quotePrefix="1"');
    }
    expect(sheetXml).toContain('<c r="B3" s="');
    expect(sheetXml).toMatch(/<c r="B3"[^>]*t="inlineStr"><is><t>\uFF1DSUM\(A1\)<\/t><\/is>/);
    expect(styleOf('B5')).not.toContain('quotePrefix'); // Ebiowei
    expect(styleOf('A2')).not.toContain('quotePrefix');
    expect(sheetXml).not.toContain("'=HYPERLINK");
  });
});
