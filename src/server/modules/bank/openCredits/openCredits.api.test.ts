import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenCreditPage } from '../../../../shared/bank/openCredits';
import { auditEvents, bankStatementLines } from '../../../db/schema';
import { csvRowsOf, xlsxSheetOf } from '../../../export/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createBankAccount, insertLines, insertPaidPayment } from '../matching/testing';

/**
 * The credits waiting across accounts (docs/bank-matching.md "Credits waiting"), read through
 * the API on a world built by hand: which credits are listed and in which order, the page and
 * its totals, the filters, the export in both formats (every row, audited), and what the
 * signed out, an officer without `bank:read` and bad input are answered. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let first: { id: string; accountNumber: string };
let second: { id: string; accountNumber: string };

/**
 * Waiting, in the order the list must give them (value date, then bank reference):
 * B0 2026-01-15 ₦10,000,000.00 unmatched (account two, the oldest);
 * A2 2026-03-02 ₦2,000.00 ambiguous between two payments (account one);
 * B1 2026-03-02 ₦999.50 unmatched (account two: same day as A2, after it by reference);
 * A1 2026-03-05 ₦1,500.00 unmatched (account one).
 * Not waiting, on account one: a matched credit, a posted one, one marked not revenue (all
 * older than every waiting one, so a list reading them would put them first) and a debit.
 */
const WAITING = ['FTB0000', 'FTA0002', 'FTB0001', 'FTA0001'];
const WAITING_KOBO = 1_000_000_000 + 200_000 + 99_950 + 150_000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  const mda = await createMda(ctx);
  first = await createBankAccount(ctx.db, { mdaId: mda.id });
  second = await createBankAccount(ctx.db, { mdaId: null });
  const pay = (amountKobo: number) =>
    insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo, day: '2026-03-01' });
  const [p1, p2, p3, p4] = await Promise.all([
    pay(200_000),
    pay(200_000),
    pay(300_000),
    pay(400_000),
  ]);

  const [a1, a2, matched, posted, notRevenue] = await insertLines(ctx.db, first.id, [
    {
      valueDate: '2026-03-05',
      amountKobo: 150_000,
      narration: 'TRF OKON',
      bankReference: 'FTA0001',
    },
    {
      valueDate: '2026-03-02',
      amountKobo: 200_000,
      narration: 'DEPOSIT',
      bankReference: 'FTA0002',
    },
    { valueDate: '2026-01-01', amountKobo: 300_000, narration: 'RRR', bankReference: 'FTA0003' },
    { valueDate: '2026-01-02', amountKobo: 400_000, narration: 'POSTED', bankReference: 'FTA0004' },
    {
      valueDate: '2026-01-03',
      amountKobo: 500_000,
      narration: 'OWN TRF',
      bankReference: 'FTA0005',
    },
    {
      valueDate: '2026-01-04',
      amountKobo: 600_000,
      narration: 'CHARGES',
      bankReference: 'FTA0006',
      direction: 'debit',
    },
  ]);
  await insertLines(ctx.db, second.id, [
    {
      valueDate: '2026-03-02',
      amountKobo: 99_950,
      narration: '=HYPERLINK("http://evil.example")',
      bankReference: 'FTB0001',
    },
    {
      valueDate: '2026-01-15',
      amountKobo: 1_000_000_000,
      narration: 'SALARY REFUND',
      bankReference: 'FTB0000',
    },
  ]);
  const set = (id: string | undefined, change: Partial<typeof bankStatementLines.$inferInsert>) =>
    ctx.db
      .update(bankStatementLines)
      .set(change)
      .where(eq(bankStatementLines.id, id as string));
  await set(a2, { state: 'ambiguous', candidatePaymentIds: [p1?.id, p2?.id] as string[] });
  await set(matched, { state: 'matched', rule: 'amount-and-date', paymentId: p3?.id });
  await set(posted, { state: 'matched', rule: 'posted', paymentId: p4?.id });
  await set(notRevenue, { state: 'not-revenue', stateReason: 'Between our own accounts' });
  expect(a1).toBeDefined();
});

afterAll(async () => {
  await ctx?.close();
});

const get = (query: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/bank/open-credits?${query}`, headers });

async function lastExportAudit() {
  const [row] = await ctx.db
    .select({ actorId: auditEvents.actorId, after: auditEvents.after })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'bank_open_credits.exported'),
        eq(auditEvents.entityType, 'bank_statement_line'),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('GET /api/v1/bank/open-credits', () => {
  it('lists the unmatched and ambiguous credits of every account, the oldest first, with totals', async () => {
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OpenCreditPage>();
    expect(body.items.map((c) => c.bankReference)).toEqual(WAITING);
    expect(body).toMatchObject({
      page: 1,
      pageSize: 50,
      total: 4,
      totals: { count: 4, amountKobo: WAITING_KOBO },
    });
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      accountNumber: second.accountNumber,
      accountName: `Test collections ${second.accountNumber}`,
      bankReference: 'FTB0000',
      valueDate: '2026-01-15',
      amountKobo: 1_000_000_000,
      narration: 'SALARY REFUND',
      state: 'unmatched',
      candidateCount: 0,
    });
    expect(body.items[1]).toMatchObject({
      accountNumber: first.accountNumber,
      state: 'ambiguous',
      candidateCount: 2,
    });
  });

  it('pages in the same order, the totals still the whole filter’s', async () => {
    const body = (await get('page=2&pageSize=3')).json<OpenCreditPage>();
    expect(body.items.map((c) => c.bankReference)).toEqual(['FTA0001']);
    expect(body).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(body.totals.amountKobo).toBe(WAITING_KOBO);
  });

  it('filters by account and by state', async () => {
    const mine = (await get(`accountNumber=${first.accountNumber}`)).json<OpenCreditPage>();
    expect(mine.items.map((c) => c.bankReference)).toEqual(['FTA0002', 'FTA0001']);
    expect(mine.totals).toEqual({ count: 2, amountKobo: 350_000 });
    const ambiguous = (await get('state=ambiguous')).json<OpenCreditPage>();
    expect(ambiguous.items.map((c) => c.bankReference)).toEqual(['FTA0002']);
    const unmatched = (await get(`state=unmatched&accountNumber=${second.accountNumber}`)).json();
    expect(unmatched.totals).toEqual({ count: 2, amountKobo: 1_000_099_950 });
  });

  it('answers 404 for an account not configured', async () => {
    expect(outcomeOf(await get('accountNumber=0000000000'))).toBe('404 NOT_FOUND');
  });
});

describe('GET /api/v1/bank/open-credits?format=csv|xlsx', () => {
  it('CSV: every row of the filter, not a page, in the list’s order; naira decimals; audited', async () => {
    const res = await get('page=2&pageSize=1&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="bank-credits-waiting-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const header = res.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0];
    expect(header).toBe(
      'Value date,Account number,Account,Bank reference,Amount (NGN),Narration,State,Candidate payments',
    );
    const rows = csvRowsOf(res);
    expect(rows.map((r) => r['Bank reference'])).toEqual(WAITING);
    expect(rows[0]).toEqual({
      'Value date': '2026-01-15',
      'Account number': second.accountNumber,
      Account: `Test collections ${second.accountNumber}`,
      'Bank reference': 'FTB0000',
      'Amount (NGN)': '10000000.00',
      Narration: 'SALARY REFUND',
      State: 'Unmatched',
      'Candidate payments': '0',
    });
    expect(rows[1]).toMatchObject({ State: 'Ambiguous', 'Candidate payments': '2' });
    // A narration is the payer's text: one starting like a formula is neutralised.
    expect(rows[2]).toMatchObject({
      'Amount (NGN)': '999.50',
      Narration: `'=HYPERLINK("http://evil.example")`,
    });

    const audit = await lastExportAudit();
    expect(audit?.actorId).toBe(admin.officer.id);
    expect(audit?.after).toEqual({ filter: {}, format: 'csv', rows: 4 });
  });

  it('CSV: the list’s filters apply, and are in the audit row', async () => {
    const res = await get(`accountNumber=${first.accountNumber}&state=unmatched&format=csv`);
    expect(csvRowsOf(res).map((r) => r['Bank reference'])).toEqual(['FTA0001']);
    expect((await lastExportAudit())?.after).toEqual({
      filter: { accountNumber: first.accountNumber, state: 'unmatched' },
      format: 'csv',
      rows: 1,
    });
  });

  it('XLSX: the same rows, amounts as naira numbers and value dates as dates', async () => {
    const res = await get('format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const { sheet, headers, rows } = await xlsxSheetOf(res, 'Bank credits waiting');
    expect(headers).toEqual([
      'Value date',
      'Account number',
      'Account',
      'Bank reference',
      'Amount (NGN)',
      'Narration',
      'State',
      'Candidate payments',
    ]);
    expect(sheet.rowCount).toBe(5);
    expect(rows.map((r) => r['Bank reference']?.value)).toEqual(WAITING);
    expect(rows[0]?.['Amount (NGN)']?.value).toBe(10_000_000);
    expect(rows[0]?.['Amount (NGN)']?.numFmt).toBe('"₦"#,##0.00');
    expect(rows[0]?.['Value date']?.value).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(rows[0]?.['Value date']?.numFmt).toBe('dd/mm/yyyy');
    expect(rows[1]?.['Candidate payments']?.value).toBe(2);
    expect(rows[2]?.Narration?.type).toBe(ExcelJS.ValueType.String);
    expect((await lastExportAudit())?.after).toEqual({ filter: {}, format: 'xlsx', rows: 4 });
  });
});

describe('GET /api/v1/bank/open-credits: who, and bad input', () => {
  it('refuses the signed out (401) and an officer without bank:read (403), export included, auditing nothing', async () => {
    const before = await lastExportAudit();
    expect(outcomeOf(await get('', {}))).toBe('401 UNAUTHENTICATED');
    expect(outcomeOf(await get('format=csv', {}))).toBe('401 UNAUTHENTICATED');
    const mdaOfficer = await signInAs(ctx, 'OFFICER_MDA');
    expect(outcomeOf(await get('', mdaOfficer.bearer))).toBe('403 FORBIDDEN');
    expect(outcomeOf(await get('format=xlsx', mdaOfficer.bearer))).toBe('403 FORBIDDEN');
    expect(await lastExportAudit()).toEqual(before);
    // EXECUTIVE holds bank:read: reads and exports, decides nothing (docs/api.md).
    const executive = await signInAs(ctx, 'EXECUTIVE');
    expect((await get('', executive.bearer)).json<OpenCreditPage>().total).toBe(4);
    expect(csvRowsOf(await get('format=csv', executive.bearer))).toHaveLength(4);
  });

  it.each([
    ['state=matched', 'state'],
    ['state=not-revenue&format=csv', 'state'],
    ['accountNumber=12345', 'accountNumber'],
    ['accountNumber=12345&format=xlsx', 'accountNumber'],
    ['page=0', 'page'],
    ['pageSize=201', 'pageSize'],
    ['format=pdf', 'format'],
  ])('%s → 422 naming %s, nothing exported', async (query, field) => {
    const before = await lastExportAudit();
    const res = await get(query);
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(res.json().error.details)).toContain(field);
    expect(await lastExportAudit()).toEqual(before);
  });
});
