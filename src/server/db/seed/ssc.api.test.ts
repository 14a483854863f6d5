import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SscSchedulePage } from '../../../shared/ssc/views';
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
    expect(await seedDemoSscSchedules(ctx.db, ctx.config)).toBe(36);
    expect(await seedDemoSscSchedules(ctx.db, ctx.config)).toBe(0);
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
  });

  it('refuses to run in production', async () => {
    await expect(
      seedDemoSscSchedules(ctx.db, { ...ctx.config, env: 'production' }),
    ).rejects.toThrow(/production/);
  });
});
