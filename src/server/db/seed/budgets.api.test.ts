import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumKobo } from '../../../shared/budgets/phasing';
import type { BudgetView } from '../../../shared/budgets/views';
import { todayInLagos } from '../../../shared/dates';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { seedDemoBudgets } from './budgets';
import { seedDemoMdas } from './mdas';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
});
afterAll(() => ctx.close());

describe('the demo budget', () => {
  it('budgets last year and this year (revised once) for every demo MDA head, once', async () => {
    await seedDemoMdas(ctx.db, ctx.config);
    expect(await seedDemoBudgets(ctx.db, ctx.config)).toBe(3);
    expect(await seedDemoBudgets(ctx.db, ctx.config)).toBe(0);
    const year = Number(todayInLagos().slice(0, 4));
    const executive = await signInAs(ctx, 'EXECUTIVE');
    const get = (y: number, q = '') =>
      ctx.app.inject({ url: `/api/v1/budgets/${y}${q}`, headers: executive.bearer });
    const current = (await get(year)).json<BudgetView>();
    expect(current.version).toBe(2);
    expect(current.note).toMatch(/^Demo budget: supplementary/);
    expect(current.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(current.lines.length).toBeGreaterThan(5);
    expect(current.lines.every((l) => sumKobo(l.months) === l.annualKobo && l.annualKobo > 0)).toBe(
      true,
    );
    // A few heads phased by season, the rest evenly.
    const uneven = current.lines.filter((l) => Math.max(...l.months) - Math.min(...l.months) > 1);
    expect(uneven.length).toBeGreaterThan(0);
    expect(uneven.length).toBeLessThan(current.lines.length);
    const first = (await get(year, '?version=1')).json<BudgetView>();
    expect(first.totals.annualKobo).toBeLessThan(current.totals.annualKobo);
    const previous = (await get(year - 1)).json<BudgetView>();
    expect(previous.version).toBe(1);
    expect(previous.note).toMatch(/^Demo budget/);
  });
});
