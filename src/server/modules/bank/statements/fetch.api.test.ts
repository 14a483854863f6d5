import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BankAggregates } from '../../../../shared/bank/accounts';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { auditEvents, bankStatementLines } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { insertPaidPayment, uniqueRrr } from '../matching/testing';
import { createCollectionAccount, uniqueAccountNumber, waitForFetch } from './testing';

/** POST /bank/statements/fetch and its job, against the bank simulator over real HTTP. */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let admin: SignedIn;
let executive: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({ fidelityTimeoutMs: 4_000 }, { listen: true });
  admin = await signInAs(ctx, 'ADMIN');
  executive = await signInAs(ctx, 'EXECUTIVE');
});

afterEach(() => {
  const sim = ctx.simulators.fidelity;
  sim.mode = 'up';
  sim.delayMs = 0;
  sim.downAfterCalls = null;
});

afterAll(async () => {
  await ctx?.close();
});

function requestFetch(
  headers: Record<string, string>,
  body: { accountNumber: string; from: string; to: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bank/statements/fetch',
    headers,
    payload: body,
  });
}

async function fetchRange(accountNumber: string, from: string, to: string) {
  const res = await requestFetch(admin.bearer, { accountNumber, from, to });
  expect(res.statusCode, res.body).toBe(202);
  return waitForFetch(ctx, admin.bearer, res.json<{ jobId: string }>().jobId);
}

async function linesOf(accountId: string) {
  return ctx.db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.accountId, accountId));
}

describe('fetching a statement', () => {
  it('stores every line of the range once, in kobo; credits unmatched (or reversed), debits without a state', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 10 });
    ctx.simulators.fidelity.expectCredit({
      accountNumber: account.accountNumber,
      valueDate: '2026-09-02',
      amountKobo: 1_234_567,
      narration: 'RRR 280012340001 DEV LEVY',
      isSplit: true,
    });
    const view = await fetchRange(account.accountNumber, '2026-09-01', '2026-09-03');
    const bank = ctx.simulators.fidelity.statementBetween(
      account.accountNumber,
      '2026-09-01',
      '2026-09-03',
    );
    expect(view).toEqual({
      jobId: view.jobId,
      status: 'succeeded',
      accountNumber: account.accountNumber,
      from: '2026-09-01',
      to: '2026-09-03',
      processed: 3,
      total: 3,
      stored: bank.length,
    });
    const stored = await linesOf(account.id);
    expect(stored).toHaveLength(bank.length);
    expect(stored.map((l) => l.bankReference).sort()).toEqual(bank.map((l) => l.tranId).sort());
    const split = stored.filter((l) => l.narration === 'RRR 280012340001 DEV LEVY');
    expect(split.reduce((t, l) => t + l.amountKobo, 0)).toBe(1_234_567);
    for (const line of stored) {
      expect(Number.isInteger(line.amountKobo)).toBe(true);
      // Nothing in the ledger to match; a credit the bank reversed is taken out by the matcher.
      const isReversed = stored.some((d) => d.narration === `REVERSAL OF ${line.bankReference}`);
      expect(line.state).toBe(
        line.direction === 'debit' ? null : isReversed ? 'not-revenue' : 'unmatched',
      );
      expect(line.jobId).toBe(view.jobId);
    }
    // One audit row for the request and one per day stored.
    const audits = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'bank_account'), eq(auditEvents.entityId, account.id)));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'bank_account.created',
      'bank_statement.day_fetched',
      'bank_statement.day_fetched',
      'bank_statement.day_fetched',
      'bank_statement.fetch_requested',
      // The matcher's own row for each day's batch (docs/bank-matching.md).
      'bank_statement.matched',
      'bank_statement.matched',
      'bank_statement.matched',
    ]);
  });

  it('adds nothing when the same days are fetched again; a wider range stores only the new days', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 9 });
    const first = await fetchRange(account.accountNumber, '2026-08-10', '2026-08-11');
    expect(first.stored).toBe(18);
    const again = await fetchRange(account.accountNumber, '2026-08-10', '2026-08-11');
    expect(again).toMatchObject({ status: 'succeeded', processed: 2, stored: 0 });
    const wider = await fetchRange(account.accountNumber, '2026-08-10', '2026-08-12');
    expect(wider).toMatchObject({ status: 'succeeded', processed: 3, stored: 9 });
    expect(await linesOf(account.id)).toHaveLength(27);
  });

  it('two fetches of the same days at once still store each line once', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 12 });
    const [a, b] = await Promise.all([
      requestFetch(admin.bearer, {
        accountNumber: account.accountNumber,
        from: '2026-07-01',
        to: '2026-07-04',
      }),
      requestFetch(admin.bearer, {
        accountNumber: account.accountNumber,
        from: '2026-07-01',
        to: '2026-07-04',
      }),
    ]);
    const views = await Promise.all(
      [a, b].map((res) => waitForFetch(ctx, admin.bearer, res.json<{ jobId: string }>().jobId)),
    );
    expect(views.map((v) => v.status)).toEqual(['succeeded', 'succeeded']);
    expect(views.reduce((total, v) => total + v.stored, 0)).toBe(48);
    expect(await linesOf(account.id)).toHaveLength(48);
  });
});

describe('the credits of a fetched day matched to the ledger', () => {
  it('an RRR in the narration, a split credit, a reversal: matched in the day’s transaction', async () => {
    const mda = await createMda(ctx);
    const account = await createCollectionAccount(ctx, admin.bearer, {
      linesPerDay: 0,
      mdaId: mda.id,
    });
    const rrr = uniqueRrr();
    const byRrr = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 4_500_000,
      day: '2026-10-12',
      rrr,
    });
    const split = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 3_000_001,
      day: '2026-10-12',
    });
    const sim = ctx.simulators.fidelity;
    const expect1 = { accountNumber: account.accountNumber, valueDate: '2026-10-12' };
    sim.expectCredit({
      ...expect1,
      amountKobo: 4_500_000,
      narration: `NIP TRF RRR ${rrr} LAND FEES`,
    });
    sim.expectCredit({
      ...expect1,
      amountKobo: 3_000_001,
      narration: `TRF RCPT ${split.receiptNumber}`,
      isSplit: true,
    });
    sim.expectCredit({
      ...expect1,
      amountKobo: 990_000,
      narration: 'NIP TRF FROM NOBODY KNOWN',
      isReversed: true,
    });
    const view = await fetchRange(account.accountNumber, '2026-10-12', '2026-10-12');
    expect(view).toMatchObject({ status: 'succeeded', stored: 5 });
    const lines = await linesOf(account.id);
    const byNarration = (text: string) => lines.filter((l) => l.narration.startsWith(text));
    expect(byNarration('NIP TRF RRR')).toMatchObject([
      { state: 'matched', rule: 'rrr-in-narration', paymentId: byRrr.id },
    ]);
    expect(byNarration('TRF RCPT').map((l) => [l.state, l.rule, l.paymentId])).toEqual([
      ['matched', 'split', split.id],
      ['matched', 'split', split.id],
    ]);
    expect(byNarration('NIP TRF FROM NOBODY')).toMatchObject([
      { state: 'not-revenue', rule: 'reversed' },
    ]);
  });
});

describe('what the fetch refuses', () => {
  it('a range longer than 92 days, or reversed, or not begun: 422 and no job', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer);
    const tooLong = await requestFetch(admin.bearer, {
      accountNumber: account.accountNumber,
      from: '2026-01-01',
      to: '2026-04-03',
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error.message).toContain('at most 92 days');
    const quarter = await requestFetch(admin.bearer, {
      accountNumber: account.accountNumber,
      from: '2026-01-01',
      to: '2026-04-02',
    });
    expect(quarter.statusCode, quarter.body).toBe(202);
    const reversed = await requestFetch(admin.bearer, {
      accountNumber: account.accountNumber,
      from: '2026-03-02',
      to: '2026-03-01',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().error.message).toBe(
      'The first day (02/03/2026) is after the last (01/03/2026).',
    );
    const tomorrow = addDays(todayInLagos(), 1);
    const future = await requestFetch(admin.bearer, {
      accountNumber: account.accountNumber,
      from: tomorrow,
      to: tomorrow,
    });
    expect(future.statusCode).toBe(422);
    const badDay = await requestFetch(admin.bearer, {
      accountNumber: account.accountNumber,
      from: '2026-02-30',
      to: '2026-03-01',
    });
    expect(badDay.statusCode).toBe(422);
  });

  it('an account that is not a collection account: 404; a deactivated one: 422', async () => {
    const missing = await requestFetch(admin.bearer, {
      accountNumber: uniqueAccountNumber(),
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toContain('is not one of the service');
    const account = await createCollectionAccount(ctx, admin.bearer);
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/bank/accounts/${account.accountNumber}`,
      headers: admin.bearer,
      payload: { isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await requestFetch(admin.bearer, {
      accountNumber: account.accountNumber,
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('deactivated');
  });

  it('only an administrator fetches: 401 without a session, 403 for the executive', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer);
    const body = { accountNumber: account.accountNumber, from: '2026-03-01', to: '2026-03-01' };
    expect((await requestFetch({}, body)).statusCode).toBe(401);
    expect((await requestFetch(executive.bearer, body)).statusCode).toBe(403);
    const officer = await signInAs(ctx, 'OFFICER_DA');
    expect((await requestFetch(officer.bearer, body)).statusCode).toBe(403);
  });
});

describe('when the bank fails', () => {
  it('the bank down: the job fails with the reason in words, nothing stored', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer);
    ctx.simulators.fidelity.mode = 'down';
    const view = await fetchRange(account.accountNumber, '2026-06-01', '2026-06-03');
    expect(view.status).toBe('failed');
    expect(view.processed).toBe(0);
    expect(view.stored).toBe(0);
    expect(view.error).toBe(
      'Could not fetch 01/06/2026 (day 1 of 3): Fidelity Bank answered with an error (HTTP 503). Nothing was stored from this answer; please try again in a few minutes. Nothing was stored.',
    );
    expect(await linesOf(account.id)).toHaveLength(0);
  });

  it('the bank going down half-way: the days before are stored whole, the rest fetched later', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 8 });
    ctx.simulators.fidelity.downAfterCalls = 2;
    const view = await fetchRange(account.accountNumber, '2026-05-01', '2026-05-05');
    expect(view).toMatchObject({ status: 'failed', processed: 2, stored: 16 });
    expect(view.error).toContain('Could not fetch 03/05/2026 (day 3 of 5)');
    expect(view.error).toContain('The 2 days before it are stored');
    expect(await linesOf(account.id)).toHaveLength(16);

    ctx.simulators.fidelity.mode = 'up';
    ctx.simulators.fidelity.downAfterCalls = null;
    const retry = await fetchRange(account.accountNumber, '2026-05-01', '2026-05-05');
    expect(retry).toMatchObject({ status: 'succeeded', processed: 5, stored: 24 });
    expect(await linesOf(account.id)).toHaveLength(40);
  });

  it('the bank too slow, or unreadable: failed, saying which', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer);
    ctx.simulators.fidelity.delayMs = 30_000;
    const slow = await fetchRange(account.accountNumber, '2026-04-01', '2026-04-01');
    expect(slow.status).toBe('failed');
    expect(slow.error).toContain('did not answer within 4 seconds');
    ctx.simulators.fidelity.delayMs = 0;
    ctx.simulators.fidelity.mode = 'malformed';
    const malformed = await fetchRange(account.accountNumber, '2026-04-01', '2026-04-01');
    expect(malformed.error).toContain('cannot read');
    expect(await linesOf(account.id)).toHaveLength(0);
  });
});

describe('following a fetch', () => {
  it('404 for no such fetch; the executive cannot follow one (403)', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/bank/statements/fetch/00000000-0000-4000-8000-000000000000',
      headers: admin.bearer,
    });
    expect(unknown.statusCode).toBe(404);
    const forbidden = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/bank/statements/fetch/00000000-0000-4000-8000-000000000000',
      headers: executive.bearer,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("the bank's aggregates", () => {
  it('reads the credit and debit totals from the bank', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 10 });
    const lines = ctx.simulators.fidelity.statementBetween(
      account.accountNumber,
      '2026-03-01',
      '2026-03-02',
    );
    const credits = lines.filter((l) => l.tranType === 'C');
    const debits = lines.filter((l) => l.tranType === 'D');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bank/aggregates?accountNumber=${account.accountNumber}&from=2026-03-01&to=2026-03-02`,
      headers: executive.bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sum = (of: typeof lines) => ({
      count: of.length,
      amountKobo: of.reduce((t, l) => t + l.amountKobo, 0),
    });
    expect(res.json()).toEqual({
      creditKobo: sum(credits).amountKobo,
      creditCount: credits.length,
      debitKobo: sum(debits).amountKobo,
      debitCount: debits.length,
      // Nothing fetched yet: every line the bank lists (by its credit and debit range calls)
      // is missing, on both days.
      stored: { credits: { count: 0, amountKobo: 0 }, debits: { count: 0, amountKobo: 0 } },
      notStored: { credits: sum(credits), debits: sum(debits), days: ['2026-03-01', '2026-03-02'] },
    });
  });

  it('names the lines and days the stored statement lacks, and nothing once every day is fetched', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 9 });
    const aggregates = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/bank/aggregates?accountNumber=${account.accountNumber}&from=2026-03-05&to=2026-03-07`,
        headers: executive.bearer,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BankAggregates>();
    };
    const bank = (day: string) => {
      const lines = ctx.simulators.fidelity.statementBetween(account.accountNumber, day, day);
      const sum = (of: typeof lines) => ({
        count: of.length,
        amountKobo: of.reduce((t, l) => t + l.amountKobo, 0),
      });
      return {
        credits: sum(lines.filter((l) => l.tranType === 'C')),
        debits: sum(lines.filter((l) => l.tranType === 'D')),
      };
    };
    // The middle day fetched: the first and last are what the bank has and RevDesk does not.
    expect((await fetchRange(account.accountNumber, '2026-03-06', '2026-03-06')).status).toBe(
      'succeeded',
    );
    const partly = await aggregates();
    expect(partly.stored).toEqual(bank('2026-03-06'));
    const [first, last] = [bank('2026-03-05'), bank('2026-03-07')];
    expect(partly.notStored).toEqual({
      credits: {
        count: first.credits.count + last.credits.count,
        amountKobo: first.credits.amountKobo + last.credits.amountKobo,
      },
      debits: {
        count: first.debits.count + last.debits.count,
        amountKobo: first.debits.amountKobo + last.debits.amountKobo,
      },
      days: ['2026-03-05', '2026-03-07'],
    });
    // The whole range fetched: the stored lines add up to the bank's figures.
    await fetchRange(account.accountNumber, '2026-03-05', '2026-03-07');
    const whole = await aggregates();
    expect(whole.notStored).toBeNull();
    expect(whole.stored.credits).toEqual({
      count: whole.creditCount,
      amountKobo: whole.creditKobo,
    });
  });

  it('502 in words when the bank is down; 422 for a long range; 404 for an unknown account', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer);
    const url = (n: string, from: string, to: string) =>
      `/api/v1/bank/aggregates?accountNumber=${n}&from=${from}&to=${to}`;
    ctx.simulators.fidelity.mode = 'down';
    const down = await ctx.app.inject({
      method: 'GET',
      url: url(account.accountNumber, '2026-03-01', '2026-03-02'),
      headers: admin.bearer,
    });
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toMatchObject({ code: 'BANK_UNAVAILABLE' });
    ctx.simulators.fidelity.mode = 'up';
    const long = await ctx.app.inject({
      method: 'GET',
      url: url(account.accountNumber, '2026-01-01', '2026-06-01'),
      headers: admin.bearer,
    });
    expect(long.statusCode).toBe(422);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: url(uniqueAccountNumber(), '2026-03-01', '2026-03-02'),
      headers: admin.bearer,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: url(account.accountNumber, '2026-03-01', '2026-03-02'),
    });
    expect(anonymous.statusCode).toBe(401);
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const forbidden = await ctx.app.inject({
      method: 'GET',
      url: url(account.accountNumber, '2026-03-01', '2026-03-02'),
      headers: officer.bearer,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
