import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../shared/dates';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { payments, posTerminals, posTransactions } from '../schema';
import { seedDemo } from './demo';
import { DEMO_UNKNOWN_TERMINAL, seedDemoPos } from './pos';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' }, { listen: true });
  await seedDemo(ctx.db, ctx.config);
});
afterAll(() => ctx.close());

describe('demo POS collections', () => {
  it('seeds a month over thirty terminals once, each payment matching its transaction', async () => {
    // Its time is kept in its audit row (`pos.demo_seeded`), never asserted (docs/architecture.md §9).
    const seeded = await seedDemoPos(ctx.db, ctx.config, ctx.simulators);
    expect(seeded).toBeGreaterThan(3_000);
    expect(await seedDemoPos(ctx.db, ctx.config, ctx.simulators)).toBe(0);
    const [terminals] = await ctx.db.select({ n: count() }).from(posTerminals);
    expect(terminals?.n).toBe(30);

    const states = await ctx.db
      .select({ state: posTransactions.state, n: count() })
      .from(posTransactions)
      .groupBy(posTransactions.state);
    const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
    expect(byState.recorded).toBeGreaterThan(1_000);
    expect(byState.declined).toBeGreaterThan(0);
    expect(byState.reversed).toBeGreaterThan(0);
    expect(byState.held).toBeGreaterThan(0);

    // Every recorded or reversed transaction has its payment, with the same amount, status
    // and source reference the ledger would have written.
    const [mismatched] = await ctx.db
      .select({ n: count() })
      .from(posTransactions)
      .innerJoin(payments, eq(payments.id, posTransactions.paymentId))
      .where(
        sql`${payments.amountKobo} <> ${posTransactions.amountKobo}
          or ${payments.sourceReference} <> 'benjis/' || ${posTransactions.terminalId} || '/' || ${posTransactions.stan} || '/' || ${posTransactions.transactionDay}
          or ${payments.channel} <> 'pos'
          or (${posTransactions.state} = 'reversed') <> (${payments.status} = 'reversed')
          or ${payments.receiptNumber} is null`,
      );
    expect(mismatched?.n).toBe(0);
    const [unknown] = await ctx.db
      .select({ n: count() })
      .from(posTransactions)
      .where(
        and(
          eq(posTransactions.terminalId, DEMO_UNKNOWN_TERMINAL),
          isNull(posTransactions.paymentId),
        ),
      );
    expect(unknown?.n).toBeGreaterThan(0);
  });

  it('leaves gaps a pull of yesterday catches up: only those are new', async () => {
    const officer = await signInAs(ctx, 'OFFICER_BENJIS');
    const day = addDays(todayInLagos(), -1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pos/pulls',
      headers: officer.bearer,
      payload: { day },
    });
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json();
    let pull = { status: 'queued', outcomes: {} as Record<string, number> };
    for (let i = 0; i < 600 && !['succeeded', 'failed'].includes(pull.status); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pull = (
        await ctx.app.inject({ url: `/api/v1/pos/pulls/${jobId}`, headers: officer.bearer })
      ).json();
    }
    expect(pull.status).toBe('succeeded');
    expect(pull.outcomes.recorded).toBeGreaterThan(0);
    expect(pull.outcomes.duplicate).toBeGreaterThan(pull.outcomes.recorded ?? 0);
  });
});
