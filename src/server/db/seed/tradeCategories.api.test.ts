import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { DEMO_TRADE_CATEGORIES, seedDemoTradeCategories } from './tradeCategories';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
});
afterAll(() => ctx.close());

describe('demo trade categories', () => {
  it('adds the Bayelsa categories once, each marked as a demo value', async () => {
    expect(await seedDemoTradeCategories(ctx.db, ctx.config)).toBe(DEMO_TRADE_CATEGORIES.length);
    expect(await seedDemoTradeCategories(ctx.db, ctx.config)).toBe(0);
    const assessor = await signInAs(ctx, 'OFFICER_PA');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/trade-categories?pageSize=200',
      headers: assessor.bearer,
    });
    expect(res.statusCode).toBe(200);
    const items: { name: string; isDemo: boolean; rule: string; rateBasisPoints: number | null }[] =
      res.json().items;
    expect(items).toHaveLength(DEMO_TRADE_CATEGORIES.length);
    expect(items.every((c) => c.isDemo)).toBe(true);
    expect(items.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Boat and speedboat operators', 'Keke NAPEP (tricycle) operators']),
    );
    expect(items.find((c) => c.rule === 'percent_of_turnover')).toMatchObject({
      turnoverThresholdKobo: 1_200_000_000,
      rateBasisPoints: 100,
    });
  });

  it('refuses to run in production', async () => {
    await expect(
      seedDemoTradeCategories(ctx.db, { ...ctx.config, env: 'production' }),
    ).rejects.toThrow(/production/);
  });
});
