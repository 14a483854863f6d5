import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import type { TccView } from '../../../../shared/tcc/views';
import { systemActor } from '../../../auth/actor';
import { auditEvents, mdas, payments, taxSettings } from '../../../db/schema';
import { notificationOf } from '../../../integrations/remita/simulator';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { findTcc, selectTccHistory } from '../queries';
import { send } from '../testing';
import { generateTestTcc, tccBody } from './testing';

/**
 * A kind with a processing fee (tax_settings `tcc.feeKobo.<kind>`): the certificate waits for
 * payment, its RRR is raised at once, and the ledger's settlement sends it into the chain when
 * Remita says it is paid (ADR 0011). One bill at a time. Runs on PostgreSQL too.
 */

const FEE_KOBO = 500_000;

let ctx: TestContext & { close(): Promise<void> };
let pa: SignedIn;
let da: SignedIn;
let admin: SignedIn;
let director: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [pa, da, admin, director] = await Promise.all([
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'ADMIN'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
  ]);
  mda = await createRemitaMda(ctx, { name: 'Board of Internal Revenue' });
  await ctx.db.insert(taxSettings).values({
    key: 'tcc.feeKobo.presumptive',
    effectiveFrom: todayInLagos(),
    value: FEE_KOBO,
    note: 'Test: a presumptive TCC costs N5,000 to process',
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function feeBills(tccId: string) {
  return ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.subjectKind, 'tcc'), eq(payments.subjectId, tccId)));
}

async function notifyPaid(rrr: string) {
  const paid = ctx.simulators.remita.pay(rrr);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/remita/notifications',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(notificationOf(paid)),
  });
  expect(res.statusCode).toBe(200);
}

describe('a certificate with a processing fee', () => {
  it('waits for payment with its RRR raised; paid, it enters the chain once; a reversal does not move it', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const preview = await send(
      ctx,
      pa,
      'GET',
      `/api/v1/tcc/preview?kind=presumptive&btin=${taxpayer.btin}`,
    );
    expect(preview.json().feeKobo).toBe(FEE_KOBO);
    // Another kind keeps its fee of 0.
    const free = await generateTestTcc(ctx, da, tccBody('direct-assessment', taxpayer.btin));
    expect(free.status).toBe('pending_director_assessment');

    const created = await generateTestTcc(ctx, pa, tccBody('presumptive', taxpayer.btin));
    expect(created.status).toBe('awaiting_payment');
    const [bill, ...others] = await feeBills(created.id);
    expect(others).toEqual([]);
    expect(bill).toMatchObject({
      status: 'pending',
      amountKobo: FEE_KOBO,
      mdaId: mda.id,
      btin: taxpayer.btin,
    });

    const again = await send(ctx, pa, 'POST', `/api/v1/tcc/${created.id}/bill`, {});
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(again.json().error.message).toContain(bill?.rrr as string);

    await notifyPaid(bill?.rrr as string);
    const paid = await findTcc(ctx.db, created.id);
    expect(paid).toMatchObject({ status: 'pending_director_assessment', feePaymentId: bill?.id });
    // The same notification again changes nothing.
    await notifyPaid(bill?.rrr as string);
    const history = await selectTccHistory(ctx.db, created.id);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['generated', null, 'awaiting_payment'],
      ['fee_paid', 'awaiting_payment', 'pending_director_assessment'],
    ]);
    const audit = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'tcc'), eq(auditEvents.entityId, created.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['tcc.fee_paid', 'tcc.generated']);

    const afterPaid = await send(ctx, pa, 'POST', `/api/v1/tcc/${created.id}/bill`, {});
    expect(outcomeOf(afterPaid)).toBe('409 CONFLICT');

    const reversed = await send(ctx, admin, 'POST', `/api/v1/payments/${bill?.id}/reverse`, {
      reason: 'The bank recalled this payment',
    });
    expect(reversed.statusCode).toBe(200);
    expect((await findTcc(ctx.db, created.id))?.status).toBe('pending_director_assessment');
  });

  it('only the whole fee releases it: a smaller payment linked to it changes nothing', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, pa, tccBody('presumptive', taxpayer.btin));
    const [bill] = await feeBills(created.id);
    if (!bill) throw new Error('no fee bill');
    await ctx.db.transaction((tx) =>
      ctx.settlements.settle(tx, systemActor('remita'), {
        ...bill,
        status: 'paid',
        amountKobo: FEE_KOBO - 1,
      }),
    );
    expect((await findTcc(ctx.db, created.id))?.status).toBe('awaiting_payment');
    await ctx.db.transaction((tx) =>
      ctx.settlements.settle(tx, systemActor('remita'), { ...bill, status: 'paid' }),
    );
    expect((await findTcc(ctx.db, created.id))?.status).toBe('pending_director_assessment');
  });

  it('a cancelled bill is raised again; two officers at once raise one bill', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, pa, tccBody('presumptive', taxpayer.btin));
    const [first] = await feeBills(created.id);
    const cancelled = await send(ctx, admin, 'POST', `/api/v1/invoices/${first?.id}/cancel`, {
      reason: 'Raised on the wrong MDA',
    });
    expect(cancelled.statusCode).toBe(200);

    const answers = await Promise.all([
      send(ctx, pa, 'POST', `/api/v1/tcc/${created.id}/bill`, { mdaId: mda.id }),
      send(ctx, pa, 'POST', `/api/v1/tcc/${created.id}/bill`, { mdaId: mda.id }),
    ]);
    expect(answers.map(outcomeOf).sort()).toEqual(['201', '409 CONFLICT']);
    const raised = answers
      .find((a) => a.statusCode === 201)
      ?.json<{ tcc: TccView; bill: { rrr: string } }>();
    expect(raised?.tcc.fee).toMatchObject({ amountKobo: FEE_KOBO, rrr: raised?.bill.rrr });
    const bills = await feeBills(created.id);
    expect(bills.map((b) => b.status).sort()).toEqual(['cancelled', 'pending']);

    // Only the kind's officers raise it (the director reads it, the direct-assessment officer
    // does not even see it); a certificate without a fee has no bill.
    expect(
      (await send(ctx, director, 'POST', `/api/v1/tcc/${created.id}/bill`, {})).statusCode,
    ).toBe(403);
    expect((await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/bill`, {})).statusCode).toBe(
      404,
    );
    const free = await generateTestTcc(ctx, da, tccBody('direct-assessment', taxpayer.btin));
    expect(outcomeOf(await send(ctx, da, 'POST', `/api/v1/tcc/${free.id}/bill`, {}))).toBe(
      '422 RULE_VIOLATION',
    );
  });

  it('when Remita cannot raise the bill the certificate still waits, the failure is audited, the officer raises it again', async () => {
    // For this test the first MDA by name has no Remita service: the automatic bill fails.
    const first = await createMda(ctx, { name: 'AAA Ministry without Remita' });
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, pa, tccBody('presumptive', taxpayer.btin)).finally(
      () => ctx.db.delete(mdas).where(eq(mdas.id, first.id)),
    );
    expect(created.status).toBe('awaiting_payment');
    expect(await feeBills(created.id)).toEqual([]);
    const audit = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'tcc'), eq(auditEvents.entityId, created.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['tcc.fee_bill_failed', 'tcc.generated']);

    const raised = await send(ctx, pa, 'POST', `/api/v1/tcc/${created.id}/bill`, {
      mdaId: mda.id,
    });
    expect(raised.statusCode).toBe(201);
    await notifyPaid(raised.json().bill.rrr);
    expect((await findTcc(ctx.db, created.id))?.status).toBe('pending_director_assessment');
  });
});
