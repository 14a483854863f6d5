import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { insertDirect } from '../../assessments/notices/testing';
import { insertTestTcc } from '../../tcc/testing';
import { createPayment, createRevenueHead } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let mda: { id: string; code: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  mda = await createMda(ctx, { name: 'Ministry of Lands, Yenagoa' });
  await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Ground rent' });
  await createPayment(ctx, {
    mdaId: mda.id,
    amountKobo: 123_450,
    payerName: '=HYPERLINK("http://evil.example","click")',
    revenueHeadCode: '12020401',
    paidAt: new Date('2025-04-10T09:15:00Z'),
    type: 'demand-notice',
  });
  await createPayment(ctx, {
    mdaId: mda.id,
    amountKobo: 100_000_000,
    payerName: 'Ọlọ́run Ebiowei',
    paidAt: new Date('2025-04-11T09:15:00Z'),
  });
  await createPayment(ctx, { mdaId: mda.id, status: 'pending', amountKobo: 5_000 });
});

afterAll(async () => {
  await ctx.close();
});

const exportOf = (query: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/payments?${query}`, headers });

async function lastExportAudit() {
  const [row] = await ctx.db
    .select({ actorId: auditEvents.actorId, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'payment.exported'), eq(auditEvents.entityType, 'payment')))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('GET /api/v1/payments?format=csv|xlsx', () => {
  it('CSV: the filtered set in the list’s order, plain naira decimals, formulas neutralised, audited', async () => {
    const res = await exportOf(`mdaCode=${mda.code}&status=paid&sort=-amount&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const rows: Record<string, string>[] = parse(res.rawPayload.toString('utf8'), {
      columns: true,
      bom: true,
    });
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r['Amount (NGN)'])).toEqual(['1000000.00', '1234.50']);
    expect(rows[0]).toMatchObject({ Payer: 'Ọlọ́run Ebiowei', Status: 'Paid', Channel: 'Remita' });
    expect(rows[1]).toMatchObject({
      Payer: `'=HYPERLINK("http://evil.example","click")`,
      'MDA code': mda.code,
      MDA: 'Ministry of Lands, Yenagoa',
      'Revenue head code': '12020401',
      'Revenue head': 'Ground rent',
      Type: 'MDA demand notice',
      // 09:15 UTC is 10:15 in Lagos.
      'Date paid': '2025-04-10 10:15',
    });
    expect(rows[1]?.RRR).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    expect(rows[1]?.['Receipt number']).toMatch(/^BIRS\/2025\/\d{7}$/);

    const audit = await lastExportAudit();
    expect(audit?.actorId).toBe(admin.officer.id);
    expect(audit?.after).toMatchObject({
      format: 'csv',
      rows: 2,
      filter: { mdaCode: mda.code, status: 'paid' },
    });
  });

  it('XLSX: the same rows, read back with exceljs, amounts and times typed', async () => {
    const res = await exportOf(`mdaCode=${mda.code}&sort=amount&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Payments');
    if (!sheet) throw new Error('no Payments sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 4)).toEqual(['Receipt number', 'RRR', 'Amount (NGN)', 'Status']);
    expect(sheet.rowCount).toBe(4);
    expect(values(2).slice(2, 4)).toEqual([50, 'Pending']);
    expect(values(2)[0]).toBeUndefined(); // a bill has no receipt number yet: an empty cell
    expect(sheet.getCell('C2').numFmt).toBe('"₦"#,##0.00');
    // A string cell with the quote-prefix style: no apostrophe in the value.
    expect(values(3)).toContain('=HYPERLINK("http://evil.example","click")');
    expect(sheet.getRow(3).getCell(8).type).toBe(ExcelJS.ValueType.String);
    // Paid at 09:15 UTC: a date cell reading 10:15, Lagos's wall clock.
    expect(sheet.getRow(3).getCell(6).value).toEqual(new Date('2025-04-10T10:15:00Z'));
    expect(sheet.getRow(3).getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(values(4)[2]).toBe(1_000_000);
    expect((await lastExportAudit())?.after).toMatchObject({ format: 'xlsx', rows: 3 });
  });

  it('an MDA officer’s export holds only their MDAs; 401 and 403 as for the list', async () => {
    const other = await createMda(ctx);
    await createPayment(ctx, { mdaId: other.id });
    const res = await exportOf(`mdaCode=${other.code}&format=csv`, admin.bearer);
    expect(parse(res.rawPayload.toString('utf8'), { columns: true, bom: true })).toHaveLength(1);

    const mdaOfficer = await signInAs(ctx, 'OFFICER_MDA');
    const scoped = await exportOf(`mdaCode=${other.code}&format=csv`, mdaOfficer.bearer);
    expect(scoped.statusCode).toBe(200);
    expect(parse(scoped.rawPayload.toString('utf8'), { columns: true, bom: true })).toHaveLength(0);

    expect((await exportOf('format=csv', {})).statusCode).toBe(401);
    const benjis = await signInAs(ctx, 'OFFICER_BENJIS_READ');
    expect((await exportOf('format=csv', benjis.bearer)).statusCode).toBe(403);
  });

  it('names what a payment pays by its notice or certificate number, never an internal id', async () => {
    const other = await createMda(ctx);
    const { assessment } = await insertDirect(ctx);
    const tcc = await insertTestTcc(ctx, admin);
    await createPayment(ctx, {
      mdaId: other.id,
      type: 'direct-assessment',
      subjectKind: 'assessment',
      subjectId: assessment.id,
      status: 'pending',
    });
    await createPayment(ctx, {
      mdaId: other.id,
      type: 'other',
      subjectKind: 'tcc',
      subjectId: tcc.id,
      status: 'pending',
    });
    await createPayment(ctx, { mdaId: other.id, status: 'pending' });
    const res = await exportOf(`mdaCode=${other.code}&format=csv`);
    expect(res.statusCode).toBe(200);
    const rows: Record<string, string>[] = parse(res.rawPayload.toString('utf8'), {
      columns: true,
      bom: true,
    });
    const pays = rows.map((row) => row['Pays (notice or certificate)']).sort();
    expect(pays).toEqual(['', assessment.noticeNumber, tcc.number].sort());
    expect(res.rawPayload.toString('utf8')).not.toContain(assessment.id);
  });
});
