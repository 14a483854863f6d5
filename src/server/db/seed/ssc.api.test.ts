import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSC_REVENUE_HEAD_CODE } from '../../../shared/ssc/enums';
import type { SscScheduleDetail, SscSchedulePage } from '../../../shared/ssc/views';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { demoSscMonths, seedDemoSscSchedules } from './ssc';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
});
afterAll(() => ctx.close());

describe('demo SSC schedules', () => {
  it('adds three months of each category for four MDAs, once, at the demo rates', async () => {
    expect(demoSscMonths(new Date('2026-01-15T10:00:00Z'))).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
    ]);
    expect(await seedDemoSscSchedules(ctx.db, ctx.config, ctx.simulators)).toBe(36);
    expect(await seedDemoSscSchedules(ctx.db, ctx.config, ctx.simulators)).toBe(0);
    const executive = await signInAs(ctx, 'EXECUTIVE');
    const all = await ctx.app.inject({ url: '/api/v1/ssc/schedules', headers: executive.bearer });
    expect(all.json<SscSchedulePage>().total).toBe(36);
    const lastMonth = demoSscMonths(new Date())[2];
    const res = await ctx.app.inject({
      url: `/api/v1/ssc/schedules?category=office-holders&month=${lastMonth}`,
      headers: executive.bearer,
    });
    const page = res.json<SscSchedulePage>();
    expect(page.total).toBe(4);
    expect(page.items.every((s) => s.hasDemoRates && s.levyKobo > 0)).toBe(true);
    expect(page.items.every((s) => s.status === 'unbilled')).toBe(true);
  });

  it('bills the older months to BIRS under the SSC head: some billed, some paid', async () => {
    const executive = await signInAs(ctx, 'EXECUTIVE');
    const totalOf = async (status: string) => {
      const res = await ctx.app.inject({
        url: `/api/v1/ssc/schedules?status=${status}`,
        headers: executive.bearer,
      });
      return res.json<SscSchedulePage>().total;
    };
    // Oldest month paid (12); the middle one billed for two MDAs (6) and paid for two (6).
    expect(await totalOf('paid')).toBe(18);
    expect(await totalOf('billed')).toBe(6);
    expect(await totalOf('unbilled')).toBe(12);
    const [paid] = (
      await ctx.app.inject({ url: '/api/v1/ssc/schedules?status=paid', headers: executive.bearer })
    ).json<SscSchedulePage>().items;
    const admin = await signInAs(ctx, 'ADMIN');
    const detail = (
      await ctx.app.inject({ url: `/api/v1/ssc/schedules/${paid?.id}`, headers: admin.bearer })
    ).json<SscScheduleDetail>();
    expect(detail.bill).toMatchObject({
      status: 'paid',
      type: 'ssc',
      amountKobo: detail.levyKobo,
      mda: { code: 'BIRS' },
      revenueHeadCode: SSC_REVENUE_HEAD_CODE,
      payerName: detail.mda.name,
    });
    expect(detail.bill?.receiptNumber).toBeTruthy();
  });

  it('refuses to run in production', async () => {
    await expect(
      seedDemoSscSchedules(ctx.db, { ...ctx.config, env: 'production' }),
    ).rejects.toThrow(/production/);
  });
});
