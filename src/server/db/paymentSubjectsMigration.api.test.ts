import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPage } from '../../shared/payments';
import { createTestContext, type TestContext } from '../testing/context';
import { type SignedIn, signInAs } from '../testing/factories';
import {
  type DatabaseBeforeMigration,
  databaseBeforeMigration,
  type RunSql,
} from '../testing/migrations';
import '../testing/provided';

/**
 * Migration payment_subjects (ADR 0028) on rows written the old way: a database migrated up to
 * the migration before it, payments linked through assessment_id as the code of that time
 * linked them, then the rest of the migrations as a deployment applies them. On PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */

const ids = {
  mda: randomUUID(),
  assessment: randomUUID(),
  tcc: randomUUID(),
  assessmentBill: randomUUID(),
  assessmentPaid: randomUUID(),
  upperCaseLink: randomUUID(),
  tccFee: randomUUID(),
  paperNotice: randomUUID(),
  unlinked: randomUUID(),
};
const BTIN = '2000000019';
const MDA_CODE = `MIG-${randomUUID().slice(0, 4)}`;

/** The rows of before the migration, in the columns of that time only. */
async function writeOldRows(run: RunSql) {
  await run(`insert into mdas (id, code, name) values ($1, $2, 'Migration Test Ministry')`, [
    ids.mda,
    MDA_CODE,
  ]);
  await run(
    `insert into taxpayers (btin, kind, display_name, first_name, last_name)
     values ($1, 'individual', 'Ebiere Migration', 'Ebiere', 'Migration')`,
    [BTIN],
  );
  await run(
    `insert into assessments (id, kind, source, status, notice_number, btin, tax_year, input,
       computation, law, gross_income_kobo, chargeable_income_kobo, tax_kobo, paid_kobo,
       issued_at, due_date)
     values ($1, 'direct', 'backlog', 'part_paid', 'BIRS/DA/2025/MIG001', $2, 2025,
       '{"receipts": []}',
       '{"backlog": true, "grossIncomeKobo": 500000000, "chargeableIncomeKobo": 400000000, "taxKobo": 2000000}',
       'backlog', 500000000, 400000000, 2000000, 500000, now(), '2099-12-31')`,
    [ids.assessment, BTIN],
  );
  await run(
    `insert into tccs (id, number, kind, status, btin, holder, holder_name, purpose,
       source_of_income, years, fee_kobo)
     values ($1, 'BIRS/TCC/2026/MIG001', 'presumptive', 'awaiting_payment', $2, '{}',
       'ebiere migration', 'contract', 'Trading', '[]', 500000)`,
    [ids.tcc, BTIN],
  );
  const payment = (
    id: string,
    status: 'paid' | 'pending',
    type: string | null,
    assessmentId: string | null,
    description: string | null,
  ) =>
    run(
      `insert into payments (id, receipt_number, rrr, amount_kobo, mda_id, btin, payer_name,
         channel, status, type, assessment_id, description, arrival, paid_at)
       values ($1, $2, $3, 500000, $4, $5, 'Ebiere Migration', 'remita', $6, $7, $8, $9,
         'notification', $10)`,
      [
        id,
        status === 'paid' ? `MIG/2026/${id.slice(0, 7)}` : null,
        String(Math.floor(Math.random() * 1e12)).padStart(12, '1'),
        ids.mda,
        BTIN,
        status,
        type,
        assessmentId,
        description,
        status === 'paid' ? new Date() : null,
      ],
    );
  await payment(ids.assessmentBill, 'pending', 'direct-assessment', ids.assessment, 'DA 2025');
  await payment(ids.assessmentPaid, 'paid', 'direct-assessment', ids.assessment, 'DA 2025');
  // A link typed by hand through POST /invoices, in capitals: still the assessment's id.
  await payment(ids.upperCaseLink, 'paid', 'other', ids.assessment.toUpperCase(), null);
  await payment(ids.tccFee, 'pending', 'tcc', ids.tcc, 'TCC processing fee');
  // A bill of a paper demand notice: a reference RevDesk holds no record of.
  await payment(ids.paperNotice, 'pending', 'demand-notice', 'DN-2026-0042', 'Development levy');
  await payment(ids.unlinked, 'paid', null, null, null);
}

let migrated: DatabaseBeforeMigration;
let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

beforeAll(async () => {
  migrated = await databaseBeforeMigration('payment_subjects', writeOldRows);
  await migrated.database.migrate();
  ctx = await createTestContext({}, { database: migrated.database, runJobs: false });
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx?.close();
  await migrated?.cleanUp();
});

/** The rows of a query, read the same way from PGlite's and pg's results. */
async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function rowsAfter() {
  type Row = {
    id: string;
    subject_kind: string | null;
    subject_id: string | null;
    description: string | null;
  };
  const rows = await rowsOf<Row>(
    sql`select id, subject_kind, subject_id, description from payments where mda_id = ${ids.mda}`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

describe('migration payment_subjects on existing payments', () => {
  it('moves assessment ids to kind assessment and certificate ids to kind tcc, by the tables that own them', async () => {
    const rows = await rowsAfter();
    expect(rows.size).toBe(6);
    const subject = (id: string) => {
      const row = rows.get(id);
      return { kind: row?.subject_kind, id: row?.subject_id };
    };
    const ofAssessment = { kind: 'assessment', id: ids.assessment };
    expect(subject(ids.assessmentBill)).toEqual(ofAssessment);
    expect(subject(ids.assessmentPaid)).toEqual(ofAssessment);
    // Written as PostgreSQL writes a uuid, so that the assessment's sum finds it.
    expect(subject(ids.upperCaseLink)).toEqual(ofAssessment);
    expect(subject(ids.tccFee)).toEqual({ kind: 'tcc', id: ids.tcc });
    expect(subject(ids.unlinked)).toEqual({ kind: null, id: null });
  });

  it('keeps a reference to no RevDesk record in the description; the payment pays nothing particular', async () => {
    const row = (await rowsAfter()).get(ids.paperNotice);
    expect(row).toMatchObject({
      subject_kind: null,
      subject_id: null,
      description: 'Development levy · Ref. DN-2026-0042',
    });
  });

  it('drops assessment_id and its index, and indexes (subject_kind, subject_id)', async () => {
    const run = async (query: string) => ({ rows: await rowsOf(sql.raw(query)) });
    const columns = await run(
      "select column_name from information_schema.columns where table_name = 'payments' and column_name in ('assessment_id', 'subject_kind', 'subject_id') order by column_name",
    );
    expect(columns.rows).toEqual([{ column_name: 'subject_id' }, { column_name: 'subject_kind' }]);
    const indexes = await run(
      "select indexname, indexdef from pg_indexes where tablename = 'payments' and indexname in ('payments_assessment_idx', 'payments_subject_idx')",
    );
    expect(indexes.rows).toEqual([
      {
        indexname: 'payments_subject_idx',
        indexdef: expect.stringContaining('(subject_kind, subject_id)'),
      },
    ]);
  });

  it('the API answers the moved subjects; the assessment counts what was paid on it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments?mdaCode=${MDA_CODE}&pageSize=20`,
      headers: admin.bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const views = new Map(res.json<PaymentPage>().items.map((p) => [p.id, p]));
    expect(views.get(ids.assessmentPaid)).toMatchObject({
      subjectKind: 'assessment',
      subjectId: ids.assessment,
      assessmentId: ids.assessment,
    });
    expect(views.get(ids.tccFee)).toMatchObject({
      subjectKind: 'tcc',
      subjectId: ids.tcc,
      assessmentId: null,
    });
    expect(views.get(ids.unlinked)).toMatchObject({ subjectKind: null, subjectId: null });

    const assessment = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/assessments/${ids.assessment}`,
      headers: (await signInAs(ctx, 'DIRECTOR_ASSESSMENT')).bearer,
    });
    expect(assessment.statusCode, assessment.body).toBe(200);
    const linked = assessment.json<{ payments: { id: string }[] }>().payments.map((p) => p.id);
    expect(linked.sort()).toEqual(
      [ids.assessmentBill, ids.assessmentPaid, ids.upperCaseLink].sort(),
    );
  });
});
