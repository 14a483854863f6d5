import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccountList, StatementFetchView } from '../../../shared/bank/accounts';
import { addDays, todayInLagos } from '../../../shared/dates';
import { waitForFetch } from '../../modules/bank/statements/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { bankAccounts, bankStatementLines } from '../schema';
import { DEMO_BANK_ACCOUNTS, seedDemoBankAccounts } from './bank';
import { seedDemoMdas } from './mdas';
import { seedDemoPayments } from './payments';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' }, { listen: true });
});
afterAll(() => ctx.close());

describe('demo collection accounts', () => {
  it('adds two accounts once, whose statements carry the demo payments that the matcher finds', async () => {
    await seedDemoMdas(ctx.db, ctx.config);
    expect(await seedDemoPayments(ctx.db, ctx.config, ctx.simulators)).toBeGreaterThan(0);
    const credits = await seedDemoBankAccounts(ctx.db, ctx.config, ctx.simulators);
    expect(credits).toBeGreaterThan(10);
    expect(await seedDemoBankAccounts(ctx.db, ctx.config, ctx.simulators)).toBe(0);

    const admin = await signInAs(ctx, 'ADMIN');
    const list = await ctx.app.inject({ url: '/api/v1/bank/accounts', headers: admin.bearer });
    const numbers = list.json<BankAccountList>().items.map((a) => a.accountNumber);
    expect(numbers).toEqual(
      expect.arrayContaining([
        DEMO_BANK_ACCOUNTS.general.accountNumber,
        DEMO_BANK_ACCOUNTS.lands.accountNumber,
      ]),
    );

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bank/statements/fetch',
      headers: admin.bearer,
      payload: {
        accountNumber: DEMO_BANK_ACCOUNTS.general.accountNumber,
        from: addDays(todayInLagos(), -44),
        to: todayInLagos(),
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const view: StatementFetchView = await waitForFetch(ctx, admin.bearer, res.json().jobId);
    expect(view.status).toBe('succeeded');
    const [general] = await ctx.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.accountNumber, DEMO_BANK_ACCOUNTS.general.accountNumber));
    const lines = await ctx.db
      .select({ state: bankStatementLines.state, rule: bankStatementLines.rule })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.accountId, general?.id ?? ''));
    const matched = lines.filter((l) => l.state === 'matched');
    expect(matched.some((l) => l.rule === 'rrr-in-narration')).toBe(true);
    expect(matched.some((l) => l.rule === 'receipt-in-narration')).toBe(true);
    expect(lines.some((l) => l.state === 'unmatched')).toBe(true);
  });
});
