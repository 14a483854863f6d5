import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TccCreated, TccPreview, TccView } from '../../../../shared/tcc/views';
import { auditEvents, tccs } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { createPayment } from '../../payments/testing';
import { insertTestTcc, send } from '../testing';
import { coveredYears, createCompany, tccBody } from './testing';

/**
 * No duplicate certificates, no unbacked years (docs/architecture.md §5): a taxpayer holding an
 * approved, unexpired certificate of the kind and purpose gets a second only with a written
 * reason, shown to every approver; two officers generating at once do not both succeed; a PAYE
 * or MDA-employee year whose tax paid the ledger does not back is flagged. Runs on PostgreSQL
 * too, where the two requests truly race.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let da2: SignedIn;
let payee: SignedIn;
let director: SignedIn;
let pa: SignedIn;

type ErrorJson = {
  error: { code: string; message: string; details?: { number?: string; id?: string } };
};

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [da, da2, payee, director, pa] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
    signInAs(ctx, 'OFFICER_PA'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const [first, second, third] = coveredYears() as [number, number, number];

describe('a second certificate of the kind and purpose', () => {
  it('is refused naming the approved, unexpired one the taxpayer holds', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const held = await insertTestTcc(ctx, da, {
      btin: taxpayer.btin,
      status: 'approved',
      purpose: 'contract',
    });
    // The expiry of a certificate issued today is in the future whatever the date.
    await ctx.db
      .update(tccs)
      .set({ expiresOn: `${third + 2}-12-31` })
      .where(eq(tccs.id, held.id));

    const res = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', taxpayer.btin),
    );
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<ErrorJson>();
    expect(body.error.code).toBe('DUPLICATE_CERTIFICATE');
    expect(body.error.details?.number).toBe(held.number);
    expect(body.error.details?.id).toBe(held.id);
    expect(body.error.message).toContain(held.number);
    const rows = await ctx.db.select().from(tccs).where(eq(tccs.btin, taxpayer.btin));
    expect(rows).toHaveLength(1);

    // Another purpose is another certificate: no refusal.
    const loan = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', taxpayer.btin, { purpose: 'loan' }),
    );
    expect(loan.statusCode, loan.body).toBe(201);
  });

  it('the preview names the held certificate of each purpose, with its expiry, before anything is sent', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const held = await insertTestTcc(ctx, da, {
      btin: taxpayer.btin,
      status: 'printed',
      purpose: 'contract',
    });
    const expiresOn = `${third + 2}-12-31`;
    await ctx.db.update(tccs).set({ expiresOn }).where(eq(tccs.id, held.id));
    // Expired, revoked or of another kind: not held.
    const expired = await insertTestTcc(ctx, da, {
      btin: taxpayer.btin,
      status: 'approved',
      purpose: 'loan',
    });
    await ctx.db
      .update(tccs)
      .set({ expiresOn: `${first}-12-31` })
      .where(eq(tccs.id, expired.id));
    await insertTestTcc(ctx, da, { btin: taxpayer.btin, status: 'revoked', purpose: 'visa' });

    const res = await send(
      ctx,
      da,
      'GET',
      `/api/v1/tcc/preview?kind=direct-assessment&btin=${taxpayer.btin}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TccPreview>().held).toEqual([
      { id: held.id, number: held.number, purpose: 'contract', expiresOn },
    ]);
    const presumptive = await send(
      ctx,
      pa,
      'GET',
      `/api/v1/tcc/preview?kind=presumptive&btin=${taxpayer.btin}`,
    );
    expect(presumptive.json<TccPreview>().held).toEqual([]);
  });

  it('is not refused once the held one has expired or was revoked', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const old = await insertTestTcc(ctx, da, { btin: taxpayer.btin, status: 'approved' });
    await ctx.db
      .update(tccs)
      .set({ expiresOn: `${first}-12-31` })
      .where(eq(tccs.id, old.id));
    await insertTestTcc(ctx, da, { btin: taxpayer.btin, status: 'revoked' });
    const res = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', taxpayer.btin),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('goes on with a written reason, stored, audited and shown to every approver', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const held = await insertTestTcc(ctx, da, { btin: taxpayer.btin, status: 'printed' });
    await ctx.db
      .update(tccs)
      .set({ expiresOn: `${third + 2}-12-31` })
      .where(eq(tccs.id, held.id));
    const reason = 'The original was lost in a flood; the police report is attached.';

    const res = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', taxpayer.btin, { duplicateReason: reason }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TccCreated>();

    const seen = await send(ctx, director, 'GET', `/api/v1/tcc/${created.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const view = seen.json<TccView>();
    expect(view.duplicate).toEqual({
      of: { id: held.id, number: held.number, expiresOn: `${third + 2}-12-31` },
      reason,
    });

    const [audit] = await ctx.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'tcc.generated')));
    expect(audit?.after).toMatchObject({
      duplicateOf: held.id,
      duplicateReason: reason,
      duplicateOfNumber: held.number,
    });

    // A certificate that duplicates nothing says so, and ignores a reason sent for nothing.
    const other = await createTaxpayer(ctx);
    const plain = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', other.btin, { duplicateReason: reason }),
    );
    expect(plain.statusCode, plain.body).toBe(201);
    const plainView = await send(
      ctx,
      director,
      'GET',
      `/api/v1/tcc/${plain.json<TccCreated>().id}`,
    );
    expect(plainView.json<TccView>().duplicate).toBeNull();
  });

  it('two officers generating at once for one taxpayer: one certificate, the other told which', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const body = tccBody('direct-assessment', taxpayer.btin);
    const answers = await Promise.all([
      send(ctx, da, 'POST', '/api/v1/tcc', body),
      send(ctx, da2, 'POST', '/api/v1/tcc', body),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
    const made = answers.find((a) => a.statusCode === 201)?.json<TccCreated>();
    const refused = answers.find((a) => a.statusCode === 409)?.json<ErrorJson>();
    expect(refused?.error.message).toContain(made?.number);
    const rows = await ctx.db.select().from(tccs).where(eq(tccs.btin, taxpayer.btin));
    expect(rows).toHaveLength(1);
  });

  it('two officers overriding at once with reasons: still one certificate', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const held = await insertTestTcc(ctx, da, { btin: taxpayer.btin, status: 'approved' });
    await ctx.db
      .update(tccs)
      .set({ expiresOn: `${third + 2}-12-31` })
      .where(eq(tccs.id, held.id));
    const body = tccBody('direct-assessment', taxpayer.btin, {
      duplicateReason: 'The bank asked for a certificate in the new format.',
    });
    const answers = await Promise.all([
      send(ctx, da, 'POST', '/api/v1/tcc', body),
      send(ctx, da2, 'POST', '/api/v1/tcc', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select().from(tccs).where(eq(tccs.btin, taxpayer.btin));
    expect(rows).toHaveLength(2);
  });
});

describe('PAYE and MDA-employee years against the ledger', () => {
  it('a year whose tax paid has no matching remittance is flagged for the approvers', async () => {
    const mda = await createMda(ctx);
    const employee = await createTaxpayer(ctx);
    const years = [first, second, third].map((year) => ({
      year,
      incomeKobo: 240_000_000,
      taxKobo: 12_000_000,
      paidKobo: 12_000_000,
      receipts: [] as { number: string; date: string; amountKobo: number }[],
    }));
    // The first year: the employee's PAYE remitted in full. The second: remitted in part,
    // found by the receipt the officer entered. The third: nothing in the ledger.
    await createPayment(ctx, {
      btin: employee.btin,
      type: 'paye',
      mdaId: mda.id,
      amountKobo: 12_000_000,
      paidAt: new Date(`${first}-06-30T10:00:00Z`),
    });
    const part = await createPayment(ctx, {
      btin: employee.btin,
      type: 'other',
      mdaId: mda.id,
      amountKobo: 5_000_000,
      paidAt: new Date(`${second + 1}-01-15T10:00:00Z`),
    });
    (years[1] as (typeof years)[number]).receipts = [
      { number: part.receiptNumber as string, date: `${second + 1}-01-15`, amountKobo: 5_000_000 },
    ];
    const res = await send(
      ctx,
      payee,
      'POST',
      '/api/v1/tcc',
      tccBody('mda-employee', employee.btin, { mdaId: mda.id, years }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const view = (
      await send(ctx, director, 'GET', `/api/v1/tcc/${res.json<TccCreated>().id}`)
    ).json<TccView>();
    expect(view.flagged).toBe(true);
    expect(view.years.map((y) => [y.year, y.remittedKobo, y.unbacked])).toEqual([
      [first, 12_000_000, false],
      [second, 5_000_000, true],
      [third, 0, true],
    ]);
    // Unbacked is not arrears: the year went on without a justification.
    expect(view.years.map((y) => y.flag)).toEqual([null, null, null]);
  });

  it('a PAYE year backed by the employer’s receipt is not flagged; a year with nothing paid is not checked', async () => {
    const employer = await createCompany(ctx);
    const employee = await createTaxpayer(ctx);
    const mda = await createMda(ctx);
    const receipts: { year: number; number: string }[] = [];
    for (const year of [first, second]) {
      const payment = await createPayment(ctx, {
        btin: employer.btin,
        type: 'paye',
        mdaId: mda.id,
        amountKobo: 24_000_000,
      });
      receipts.push({ year, number: payment.rrr as string });
    }
    const years = [first, second, third].map((year) => ({
      year,
      incomeKobo: 360_000_000,
      taxKobo: year === third ? 0 : 24_000_000,
      paidKobo: year === third ? 0 : 24_000_000,
      receipts: receipts
        .filter((r) => r.year === year)
        .map((r) => ({ number: r.number, date: `${year}-12-31`, amountKobo: 24_000_000 })),
    }));
    const res = await send(
      ctx,
      payee,
      'POST',
      '/api/v1/tcc',
      tccBody('paye', employee.btin, { employerBtin: employer.btin, years }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const view = (
      await send(ctx, director, 'GET', `/api/v1/tcc/${res.json<TccCreated>().id}`)
    ).json<TccView>();
    expect(view.years.map((y) => y.unbacked)).toEqual([false, false, false]);
    expect(view.flagged).toBe(false);
  });
});
