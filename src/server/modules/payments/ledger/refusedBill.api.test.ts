import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import type { SscScheduleDetail, SscScheduleView } from '../../../../shared/ssc/views';
import type { StampBillView, StampInstrumentDetail } from '../../../../shared/stampDuty/schemas';
import { auditEvents, payments } from '../../../db/schema';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import {
  createMda,
  createTaxpayer,
  type SignedIn,
  signInAs,
  uniquePhone,
} from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { send } from '../../assessments/testing';
import { scheduleCsv, uploadSchedule } from '../../ssc/testing';

/**
 * A bill Remita refuses (ledger.refuseBill: `failed`, no RRR) settles its subject as a cancelled
 * bill does (ADR 0028): a stamp duty instrument is assessed again and an SSC schedule unbilled
 * again, so "Raise bill" works on them once Remita accepts, instead of leaving them "billed" by
 * a bill that has no RRR. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let stampOfficer: SignedIn;
let admin: SignedIn;
let collector: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [stampOfficer, admin] = await Promise.all([
    signInAs(ctx, 'OFFICER_STAMP_DUTY'),
    signInAs(ctx, 'ADMIN'),
  ]);
  collector = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

/** Remita no longer knows the MDA's service type: it refuses paymentinit clearly (023). */
function refuseBills(mda: RemitaMda) {
  ctx.simulators.remita.registerMerchant({ ...mda.credentials, serviceTypeIds: [] });
}

function acceptBills(mda: RemitaMda) {
  ctx.simulators.remita.registerMerchant(mda.credentials);
}

async function billStatuses(subjectId: string) {
  const rows = await ctx.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.subjectId, subjectId));
  return rows.map((r) => r.status).sort();
}

describe('a refused bill', () => {
  it('leaves a stamp duty instrument assessed, audited, and billable again', async () => {
    const lessee = await createTaxpayer(ctx);
    const created = await send(ctx, stampOfficer, 'POST', '/api/v1/stamp-duty/instruments', {
      instrumentType: 'lease',
      executedOn: todayInLagos(),
      considerationKobo: 6_000_000_000,
      termYears: 5,
      description: 'Lease of a shop at Swali market',
      parties: [
        { role: 'lessor', name: 'Tari Ebi', phone: uniquePhone() },
        { role: 'lessee', btin: lessee.btin },
      ],
    });
    expect(outcomeOf(created)).toBe('201');
    const { id } = created.json<StampInstrumentDetail>();
    const bill = () =>
      send(ctx, stampOfficer, 'POST', `/api/v1/stamp-duty/instruments/${id}/bill`, {
        mdaId: collector.id,
      });

    refuseBills(collector);
    expect(outcomeOf(await bill())).toBe('502 REMITA_AUTH_FAILED');
    acceptBills(collector);
    const after = await send(ctx, stampOfficer, 'GET', `/api/v1/stamp-duty/instruments/${id}`);
    expect(after.json<StampInstrumentDetail>().status).toBe('assessed');
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'stamp_duty.payment_failed')),
      );
    expect(audit?.after).toMatchObject({ status: 'assessed' });

    const again = await bill();
    expect(outcomeOf(again), again.body).toBe('201');
    expect(again.json<StampBillView>().instrument.status).toBe('billed');
    expect(await billStatuses(id)).toEqual(['failed', 'pending']);
  });

  it('leaves an SSC schedule unbilled, audited, and billable again', async () => {
    const mda = await createMda(ctx);
    const up = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: todayInLagos().slice(0, 7) },
      { text: scheduleCsv([['MOF/1', 'Ada Obi', 'GL 08', '150000.00']]) },
    );
    expect(outcomeOf(up), up.body).toBe('201');
    const { id } = up.json<SscScheduleView>();
    const bill = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/ssc/schedules/${id}/bill`,
        headers: admin.bearer,
        payload: { mdaId: collector.id, revenueHeadCode: collector.revenueHeadCode },
      });

    refuseBills(collector);
    expect(outcomeOf(await bill())).toBe('502 REMITA_AUTH_FAILED');
    acceptBills(collector);
    const after = await ctx.app.inject({
      url: `/api/v1/ssc/schedules/${id}`,
      headers: admin.bearer,
    });
    expect(after.json<SscScheduleDetail>().status).toBe('unbilled');
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'ssc_schedule.unbilled')));
    expect(audit?.after).toMatchObject({ status: 'unbilled', paymentStatus: 'failed' });

    const again = await bill();
    expect(outcomeOf(again), again.body).toBe('200');
    expect(again.json<SscScheduleDetail>().status).toBe('billed');
    expect(await billStatuses(id)).toEqual(['failed', 'pending']);
  });
});
