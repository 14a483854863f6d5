import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementLinePage, StatementLineView } from '../../../../shared/bank/matching';
import type { PaymentView } from '../../../../shared/payments';
import { systemActor } from '../../../auth/actor';
import { auditEvents, bankStatementLines, payments } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { matchStatementLines } from '../matching/service';
import {
  createBankAccount,
  createRevenueHead,
  insertLines,
  insertPaidPayment,
} from '../matching/testing';

/**
 * Statement lines through the API: the list with its totals and filters, posting an unmatched
 * credit (once, even by two officers at once), picking an ambiguous credit's payment, marking
 * one not revenue, undoing; EXECUTIVE reads and is refused the decisions. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let executive: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, executive] = await Promise.all([signInAs(ctx, 'ADMIN'), signInAs(ctx, 'EXECUTIVE')]);
});

afterAll(async () => {
  await ctx?.close();
});

async function world() {
  const mda = await createMda(ctx);
  const head = await createRevenueHead(ctx.db, mda.id);
  const account = await createBankAccount(ctx.db, { mdaId: mda.id });
  return { mda, head, account };
}

function list(who: SignedIn, query: Record<string, string>) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/bank/statement-lines?${new URLSearchParams(query)}`,
    headers: who.bearer,
  });
}

function act(who: SignedIn, id: string, action: string, payload: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bank/statement-lines/${id}/${action}`,
    headers: who.bearer,
    payload,
  });
}

describe('GET /api/v1/bank/statement-lines', () => {
  it('lists an account’s credits with state, rule, receipt and candidates, and the totals', async () => {
    const { mda, account } = await world();
    const p1 = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 100_000,
      day: '2026-04-01',
    });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 200_000, day: '2026-04-01' });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 200_000, day: '2026-04-02' });
    const ids = await insertLines(ctx.db, account.id, [
      {
        valueDate: '2026-04-02',
        amountKobo: 100_000,
        narration: 'DEPOSIT A',
        bankReference: 'FT0001',
      },
      {
        valueDate: '2026-04-02',
        amountKobo: 200_000,
        narration: 'DEPOSIT B',
        bankReference: 'FT0002',
      },
      {
        valueDate: '2026-04-03',
        amountKobo: 300_000,
        narration: 'DEPOSIT C',
        bankReference: 'FT0003',
      },
      {
        valueDate: '2026-04-03',
        amountKobo: 1_000,
        narration: 'CHARGES',
        direction: 'debit',
        bankReference: 'FT0004',
      },
      { valueDate: '2026-05-01', amountKobo: 9_000, narration: 'LATER', bankReference: 'FT0005' },
    ]);
    await matchStatementLines(ctx.db, systemActor('system'), account.id, ids);

    const res = await list(executive, {
      accountNumber: account.accountNumber,
      from: '2026-04-01',
      to: '2026-04-30',
    });
    expect(outcomeOf(res), res.body).toBe('200');
    const page = res.json<StatementLinePage>();
    expect(page.items.map((i) => [i.bankReference, i.state, i.rule])).toEqual([
      ['FT0001', 'matched', 'amount-and-date'],
      ['FT0002', 'ambiguous', null],
      ['FT0003', 'unmatched', null],
    ]);
    expect(page.items[0]?.receiptNumber).toBe(p1.receiptNumber);
    expect(page.items[1]?.candidates).toHaveLength(2);
    expect(page.total).toBe(3);
    expect(page.totals).toMatchObject({
      count: 3,
      amountKobo: 600_000,
      byState: {
        matched: { count: 1, amountKobo: 100_000 },
        ambiguous: { count: 1, amountKobo: 200_000 },
        unmatched: { count: 1, amountKobo: 300_000 },
        'not-revenue': { count: 0, amountKobo: 0 },
      },
    });

    const unmatched = await list(admin, {
      accountNumber: account.accountNumber,
      from: '2026-04-01',
      to: '2026-04-30',
      state: 'unmatched',
    });
    expect(unmatched.json<StatementLinePage>().items.map((i) => i.bankReference)).toEqual([
      'FT0003',
    ]);
    const debits = await list(admin, {
      accountNumber: account.accountNumber,
      from: '2026-04-01',
      to: '2026-04-30',
      direction: 'debit',
    });
    expect(debits.json<StatementLinePage>().items.map((i) => [i.bankReference, i.state])).toEqual([
      ['FT0004', null],
    ]);
  });

  it('refuses a range over 92 days or reversed (422), an account not configured (404)', async () => {
    const { account } = await world();
    // 1 January to 2 April is 92 days, both counted; to 3 April, 93.
    const long = await list(admin, {
      accountNumber: account.accountNumber,
      from: '2026-01-01',
      to: '2026-04-03',
    });
    expect(outcomeOf(long)).toBe('422 VALIDATION_FAILED');
    const ok = await list(admin, {
      accountNumber: account.accountNumber,
      from: '2026-01-01',
      to: '2026-04-02',
    });
    expect(outcomeOf(ok)).toBe('200');
    const reversed = await list(admin, {
      accountNumber: account.accountNumber,
      from: '2026-04-02',
      to: '2026-04-01',
    });
    expect(outcomeOf(reversed)).toBe('422 VALIDATION_FAILED');
    const unknown = await list(admin, {
      accountNumber: '0000000001',
      from: '2026-04-01',
      to: '2026-04-02',
    });
    expect(outcomeOf(unknown)).toBe('404 NOT_FOUND');
  });
});

describe('POST /api/v1/bank/statement-lines/{id}/post', () => {
  it('records the credit as a bank payment once, matched by rule `posted`, audited', async () => {
    const { mda, head, account } = await world();
    const taxpayer = await createTaxpayer(ctx);
    const [id] = (await insertLines(ctx.db, account.id, [
      {
        valueDate: '2026-04-06',
        amountKobo: 750_000,
        narration: 'TRF FROM OBI',
        bankReference: 'FTPOST01',
      },
    ])) as [string];

    const forbidden = await act(executive, id, 'post', {
      mdaId: mda.id,
      revenueHeadCode: head,
      payerName: 'Ada',
    });
    expect(outcomeOf(forbidden)).toBe('403 FORBIDDEN');

    const res = await act(admin, id, 'post', {
      mdaId: mda.id,
      revenueHeadCode: head,
      btin: taxpayer.btin,
    });
    expect(outcomeOf(res), res.body).toBe('201');
    const payment = res.json<PaymentView>();
    expect(payment).toMatchObject({
      channel: 'bank',
      arrival: 'statement',
      status: 'paid',
      amountKobo: 750_000,
      sourceReference: `${account.accountNumber}/FTPOST01`,
      btin: taxpayer.btin,
      revenueHeadCode: head,
    });
    expect(payment.payerName).toBeTruthy();
    const [line] = await ctx.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, id));
    expect(line).toMatchObject({ state: 'matched', rule: 'posted', paymentId: payment.id });
    const audits = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audits.map((a) => a.action)).toEqual(['bank_statement_line.posted']);

    const again = await act(admin, id, 'post', {
      mdaId: mda.id,
      revenueHeadCode: head,
      payerName: 'Ada',
    });
    expect(outcomeOf(again)).toBe('409 CONFLICT');
  });

  it('one credit posted by two officers at once: one payment, one 409', async () => {
    const { mda, head, account } = await world();
    const second = await signInAs(ctx, 'ADMIN');
    const [id] = (await insertLines(ctx.db, account.id, [
      {
        valueDate: '2026-04-07',
        amountKobo: 123_400,
        narration: 'CASH',
        bankReference: 'FTRACE01',
      },
    ])) as [string];
    const body = { mdaId: mda.id, revenueHeadCode: head, payerName: 'Bola Ade' };
    const answers = await Promise.all([
      act(admin, id, 'post', body),
      act(second, id, 'post', body),
    ]);
    expect(answers.map(outcomeOf).sort()).toEqual(['201', '409 CONFLICT']);
    const recorded = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.sourceReference, `${account.accountNumber}/FTRACE01`));
    expect(recorded).toHaveLength(1);
  });

  it('names the field: another MDA on an MDA’s account, a head not the MDA’s, no payer, an unknown BTIN', async () => {
    const { mda, head, account } = await world();
    const other = await createMda(ctx);
    const [id] = (await insertLines(ctx.db, account.id, [
      { valueDate: '2026-04-08', amountKobo: 5_000, narration: 'X' },
    ])) as [string];
    const cases: Array<[object, string]> = [
      [{ mdaId: other.id, revenueHeadCode: head, payerName: 'Ada' }, 'mdaId'],
      [{ mdaId: mda.id, revenueHeadCode: '99999999', payerName: 'Ada' }, 'revenueHeadCode'],
      [{ mdaId: mda.id, revenueHeadCode: head }, 'payerName'],
      [{ mdaId: mda.id, revenueHeadCode: head, btin: '0000000000' }, 'btin'],
    ];
    for (const [body, field] of cases) {
      const res = await act(admin, id, 'post', body);
      expect(outcomeOf(res), field).toBe('422 VALIDATION_FAILED');
      expect(res.json<{ error: { message: string } }>().error.message).toContain(field);
    }
  });
});

describe('pick, not revenue, undo', () => {
  it('picks an ambiguous credit’s candidate, undoes it, marks it not revenue', async () => {
    const { mda, account } = await world();
    const a = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 400_000,
      day: '2026-04-10',
    });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 400_000, day: '2026-04-11' });
    const outsider = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 400_000,
      day: '2026-03-01',
    });
    const [id] = (await insertLines(ctx.db, account.id, [
      { valueDate: '2026-04-11', amountKobo: 400_000, narration: 'DEPOSIT' },
    ])) as [string];
    await matchStatementLines(ctx.db, systemActor('system'), account.id, [id]);

    const wrong = await act(admin, id, 'pick', { paymentId: outsider.id });
    expect(outcomeOf(wrong)).toBe('422 VALIDATION_FAILED');
    const picked = await act(admin, id, 'pick', { paymentId: a.id });
    expect(outcomeOf(picked), picked.body).toBe('200');
    expect(picked.json<StatementLineView>()).toMatchObject({
      state: 'matched',
      rule: 'picked',
      paymentId: a.id,
    });
    expect(outcomeOf(await act(admin, id, 'not-revenue', { reason: 'A refund' }))).toBe(
      '409 CONFLICT',
    );

    const undone = await act(admin, id, 'undo', { reason: 'Wrong payment picked' });
    expect(outcomeOf(undone), undone.body).toBe('200');
    expect(undone.json<StatementLineView>()).toMatchObject({
      state: 'unmatched',
      paymentId: null,
      rule: null,
    });
    // The rules leave an officer's line alone.
    await matchStatementLines(ctx.db, systemActor('system'), account.id, [id]);
    const marked = await act(admin, id, 'not-revenue', { reason: 'Refund of an overpayment' });
    expect(marked.json<StatementLineView>()).toMatchObject({
      state: 'not-revenue',
      stateReason: 'Refund of an overpayment',
    });
    expect(outcomeOf(await act(admin, id, 'not-revenue', {}))).toBe('422 VALIDATION_FAILED');
  });

  it('undoing a post reverses its payment; posting again records a new one', async () => {
    const { mda, head, account } = await world();
    const [id] = (await insertLines(ctx.db, account.id, [
      { valueDate: '2026-04-12', amountKobo: 60_000, narration: 'POS', bankReference: 'FTREDO01' },
    ])) as [string];
    const body = { mdaId: mda.id, revenueHeadCode: head, payerName: 'Chi Eze' };
    const first = (await act(admin, id, 'post', body)).json<PaymentView>();
    const undone = await act(admin, id, 'undo', { reason: 'Posted to the wrong head' });
    expect(outcomeOf(undone), undone.body).toBe('200');
    const [reversed] = await ctx.db.select().from(payments).where(eq(payments.id, first.id));
    expect(reversed?.status).toBe('reversed');
    const second = await act(admin, id, 'post', body);
    expect(outcomeOf(second), second.body).toBe('201');
    expect(second.json<PaymentView>().sourceReference).toBe(`${account.accountNumber}/FTREDO01#2`);
  });
});
