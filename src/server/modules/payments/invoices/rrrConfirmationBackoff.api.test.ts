import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../../shared/payments';
import type { TaxpayerView } from '../../../../shared/taxpayers';
import { systemActor } from '../../../auth/actor';
import { auditEvents, mdas, payments } from '../../../db/schema';
import { createIntegrations } from '../../../integrations';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { secretBoxFromConfig } from '../../../secrets';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import {
  createRrrConfirmation,
  nextRrrConfirmAt,
  RRR_CONFIRM_MAX_BACKOFF_MS,
} from './rrrConfirmation';

/**
 * The sweep's back-off (ADR 0031): bills that cannot be settled wait their turn, so 25 stuck
 * bills of one MDA do not keep another MDA's lost answer from being settled by the next sweep.
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let officer: SignedIn;
let taxpayer: TaxpayerView;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  officer = await signInAs(ctx, 'ADMIN');
  taxpayer = await createTaxpayer(ctx, { email: 'stuck@example.ng' });
});

afterAll(async () => {
  await ctx?.close();
});

/** An MDA whose Remita raises each RRR and drops the answer. */
async function droppingMda(): Promise<RemitaMda> {
  const mda = await createRemitaMda(ctx);
  ctx.simulators.remita.registerMerchant({ ...mda.credentials, dropsInvoiceAnswers: true });
  return mda;
}

async function raise(mda: RemitaMda): Promise<PaymentView> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/invoices',
    headers: officer.bearer,
    payload: {
      btin: taxpayer.btin,
      mdaId: mda.id,
      revenueHeadCode: mda.revenueHeadCode,
      amountKobo: 500_000,
      description: 'Ground rent',
    },
  });
  expect(res.statusCode).toBe(202);
  return res.json<PaymentView>();
}

/** One sweep as the job runs it: 20 bills, each failure passed on (and counted here). */
function sweep(failures: string[]) {
  const confirmation = createRrrConfirmation({
    db: ctx.db,
    config: ctx.config,
    integrations: createIntegrations(ctx.config, () => ctx.baseUrl as string),
    secrets: secretBoxFromConfig(ctx.config),
    settlements: ctx.settlements,
  });
  return confirmation.settleUnconfirmedBills(systemActor('system'), {
    limit: 20,
    onError: (billId) => failures.push(billId),
  });
}

describe('a sweep with 25 stuck bills of one MDA', () => {
  it("settles another MDA's lost answer by the next sweep", async () => {
    const stuck = await droppingMda();
    const stuckBills: PaymentView[] = [];
    for (let i = 0; i < 25; i += 1) stuckBills.push(await raise(stuck));
    // The MDA's key at Remita changes and RevDesk still holds the old one: every look at its
    // bills is refused as a configuration fault (ADR 0021).
    ctx.simulators.remita.registerMerchant({
      ...stuck.credentials,
      apiKey: 'a-key-remita-no-longer-knows',
    });
    const healthy = await droppingMda();
    const lost = await raise(healthy);
    ctx.simulators.remita.registerMerchant({ ...healthy.credentials, dropsInvoiceAnswers: false });

    const first: string[] = [];
    expect(await sweep(first)).toBe(20);
    // The 20 oldest, all the stuck MDA's, failed; the other MDA's bill waited.
    expect(first).toEqual(stuckBills.slice(0, 20).map((b) => b.id));
    const [waiting] = await ctx.db.select().from(payments).where(eq(payments.id, lost.id));
    expect(waiting).toMatchObject({ rrr: null, rrrConfirmAttempts: 0 });

    const second: string[] = [];
    await sweep(second);
    // Only the five not yet tried were due besides it; the 20 back off.
    expect(second).toEqual(stuckBills.slice(20).map((b) => b.id));
    const [settled] = await ctx.db.select().from(payments).where(eq(payments.id, lost.id));
    expect(settled?.rrr).toMatch(/^\d{12}$/);

    // Each stuck bill keeps why, when it is looked at next, and one audit row for the reason.
    const rows = await ctx.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          stuckBills.map((b) => b.id),
        ),
      );
    for (const row of rows) {
      expect(row.rrrConfirmAttempts).toBe(1);
      expect(row.rrrConfirmNextAt?.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect(row.rrrConfirmError).toMatch(/Remita settings/);
    }
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payment.rrr_confirmation_failed'));
    expect(audits).toHaveLength(25);
    const [mda] = await ctx.db.select().from(mdas).where(eq(mdas.id, stuck.id));
    expect(mda?.remitaFaultCode).not.toBeNull();
  });

  it('a bill failing again for the same reason backs off further, without a new audit row', async () => {
    const mda = await droppingMda();
    const bill = await raise(mda);
    ctx.simulators.remita.registerMerchant({ ...mda.credentials, apiKey: 'wrong-again' });
    const confirmation = createRrrConfirmation({
      db: ctx.db,
      config: ctx.config,
      integrations: createIntegrations(ctx.config, () => ctx.baseUrl as string),
      secrets: secretBoxFromConfig(ctx.config),
      settlements: ctx.settlements,
    });
    for (let i = 0; i < 3; i += 1) {
      await expect(confirmation.settleBill(systemActor('system'), bill.id)).rejects.toThrow();
    }
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, bill.id));
    expect(row?.rrrConfirmAttempts).toBe(3);
    // 1 min, 2 min, then 4 min after the third.
    expect(row?.rrrConfirmNextAt?.getTime()).toBeGreaterThan(Date.now() + 3.5 * 60_000);
    const audits = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, bill.id));
    expect(audits.filter((a) => a.action === 'payment.rrr_confirmation_failed')).toHaveLength(1);
  });
});

describe('the back-off', () => {
  it('doubles from a minute and stops at an hour', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    const waits = [1, 2, 3, 7, 8, 30].map(
      (n) => nextRrrConfirmAt(n, now).getTime() - now.getTime(),
    );
    expect(waits).toEqual([
      60_000,
      120_000,
      240_000,
      RRR_CONFIRM_MAX_BACKOFF_MS,
      RRR_CONFIRM_MAX_BACKOFF_MS,
      RRR_CONFIRM_MAX_BACKOFF_MS,
    ]);
  });
});
