import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MdaTransactionReport } from '../../../shared/demandNotices';
import type { PaymentPage } from '../../../shared/payments';
import { createTestContext, type TestContext } from '../../testing/context';
import { seedDemoDemandNotices } from './demandNotices';
import { seedDemo, seedDemoTaxpayers } from './demo';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' }, { listen: true });
  await seedDemo(ctx.db, ctx.config);
  await seedDemoTaxpayers(ctx.db, ctx.config);
});
afterAll(() => ctx?.close());

describe('demo demand notices seed', () => {
  it('gives each paying MDA a notice in every status, its bills at Remita, once', async () => {
    const made = await seedDemoDemandNotices(ctx.db, ctx.config, ctx.simulators);
    expect(made).toBeGreaterThan(0);
    expect(await seedDemoDemandNotices(ctx.db, ctx.config, ctx.simulators)).toBe(0);
    // The demo OFFICER_MDA (Ministry of Health) reads its own notices, one per status.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'officer_mda', password: ctx.config.demoPassword },
    });
    expect(login.statusCode).toBe(200);
    const session = {
      bearer: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
    };
    const res = await ctx.app.inject({
      url: '/api/v1/reports/mda-transactions',
      headers: session.bearer,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json<MdaTransactionReport>();
    expect(report.countsByStatus).toEqual({
      issued: 1,
      part_paid: 1,
      overdue: 1,
      paid: 1,
      cancelled: 1,
    });
    const history = await ctx.app.inject({
      url: '/api/v1/payments?type=demand-notice',
      headers: session.bearer,
    });
    expect(report.totals.paidKobo).toBe(history.json<PaymentPage>().totals.paidAmountKobo);
    const issued = report.items.find((i) => i.status === 'issued');
    expect(ctx.simulators.remita.getInvoice(issued?.rrr as string)?.statusCode).toBe('025');
  });
});
