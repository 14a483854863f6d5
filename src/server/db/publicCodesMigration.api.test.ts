import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/context';
import {
  type DatabaseBeforeMigration,
  databaseBeforeMigration,
  type RunSql,
} from '../testing/migrations';
import '../testing/provided';

/**
 * Migration public_codes (ADR 0032) on rows written before it: every existing receipt, notice
 * and certificate gets a code of its own, and the public check answers by it. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

const MDA = randomUUID();
const BTIN = '2000000027';
const PAID = 30;

async function writeOldRows(run: RunSql) {
  await run(`insert into mdas (id, code, name) values ($1, $2, 'Codes Test Ministry')`, [
    MDA,
    `COD-${MDA.slice(0, 4)}`,
  ]);
  await run(
    `insert into taxpayers (btin, kind, display_name, first_name, last_name)
     values ($1, 'individual', 'Ebiere Codes', 'Ebiere', 'Codes')`,
    [BTIN],
  );
  for (let i = 0; i < PAID; i += 1) {
    await run(
      `insert into payments (receipt_number, rrr, amount_kobo, mda_id, payer_name, channel,
         status, arrival, paid_at)
       values ($1, $2, 500000, $3, 'Ebiere Codes', 'remita', 'paid', 'notification', now())`,
      [`COD/2026/${String(i).padStart(7, '0')}`, String(300000000000 + i), MDA],
    );
  }
  await run(
    `insert into assessments (kind, source, status, notice_number, btin, tax_year, input,
       computation, law, gross_income_kobo, chargeable_income_kobo, tax_kobo, issued_at, due_date)
     values ('direct', 'backlog', 'issued', 'COD/DA/2025/000001', $1, 2025, '{}', '{}',
       'backlog', 0, 0, 2000000, now(), '2099-12-31')`,
    [BTIN],
  );
  await run(
    `insert into tccs (number, kind, status, btin, holder, holder_name, purpose,
       source_of_income, years, fee_kobo)
     values ('COD/TCC/2026/000001', 'presumptive', 'awaiting_payment', $1, '{}',
       'ebiere codes', 'contract', 'Trading', '[]', 0)`,
    [BTIN],
  );
}

let migrated: DatabaseBeforeMigration;
let ctx: TestContext & { close(): Promise<void> };

beforeAll(async () => {
  migrated = await databaseBeforeMigration('public_codes', writeOldRows);
  await migrated.database.migrate();
  ctx = await createTestContext({}, { database: migrated.database, runJobs: false });
});

afterAll(async () => {
  await ctx?.close();
  await migrated?.cleanUp();
});

const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/;

async function codesOf(table: 'payments' | 'assessments' | 'tccs'): Promise<string[]> {
  const result = (await ctx.db.execute(
    sql`select public_code from ${sql.identifier(table)} order by created_at, id`,
  )) as unknown as { rows: { public_code: string }[] };
  return result.rows.map((r) => r.public_code);
}

describe('migration public_codes on existing rows', () => {
  it('gives every existing receipt, notice and certificate a code of its own', async () => {
    const payments = await codesOf('payments');
    expect(payments.length).toBeGreaterThanOrEqual(PAID);
    const all = [...payments, ...(await codesOf('assessments')), ...(await codesOf('tccs'))];
    for (const code of all) expect(code).toMatch(CODE);
    expect(new Set(all).size).toBe(all.length);
  });

  it('the public check answers an old receipt by its new code, the payer masked', async () => {
    const [code] = (
      (await ctx.db.execute(
        sql`select public_code from payments where receipt_number = 'COD/2026/0000000'`,
      )) as unknown as { rows: { public_code: string }[] }
    ).rows.map((r) => r.public_code);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/receipts/${code}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      receiptNumber: 'COD/2026/0000000',
      isGenuine: true,
      payerName: 'E***** C****',
    });
  });

  it('a unique index finds a code; a row inserted since gets one too', async () => {
    const indexes = (await ctx.db.execute(
      // The tables this migration gave a code; later domains' tables carry their own.
      sql`select indexname from pg_indexes where indexname like '%public_code_key' and tablename in ('assessments', 'payments', 'tccs') order by indexname`,
    )) as unknown as { rows: { indexname: string }[] };
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'assessments_public_code_key',
      'payments_public_code_key',
      'tccs_public_code_key',
    ]);
    const inserted = (await ctx.db.execute(
      sql`insert into mdas (code, name) values ('COD-NEW', 'New') returning id`,
    )) as unknown as { rows: { id: string }[] };
    const payment = (await ctx.db.execute(
      sql`insert into payments (amount_kobo, mda_id, channel, status, arrival)
          values (1, ${inserted.rows[0]?.id}, 'remita', 'pending', 'notification')
          returning public_code`,
    )) as unknown as { rows: { public_code: string }[] };
    expect(payment.rows[0]?.public_code).toMatch(CODE);
  });
});
