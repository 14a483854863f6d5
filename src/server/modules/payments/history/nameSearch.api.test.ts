import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPage } from '../../../../shared/payments';
import { findSimilarWords, wordsOf } from '../../../search/nameWords';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs, signInMdaOfficer } from '../../../testing/factories';
import { createPayment } from '../testing';
import { PAYER_NAMES, type PaymentFilter, selectPaymentsNewestFirstByWindow } from './queries';

/**
 * The payment history's payer-name search (migration 0014, ADR 0019): word by word through the
 * payer-name dictionary, forgiving a wrong letter or two swapped ones, inside the officer's
 * MDAs and with every other filter; a name matching more than 1,000 payments is counted that
 * far, without sums, and its newest-first page is read window by window in exactly the order
 * of the whole set.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx.close();
});

async function list(query: string, who: SignedIn = admin): Promise<PaymentPage> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/payments?${query}`,
    headers: who.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (page: PaymentPage) => page.items.map((p) => p.id).sort();

const mdaOfficerOf = (mdaIds: string[]) => signInMdaOfficer(ctx, mdaIds);

/** `count` unpaid bills of one payer name on an MDA, one every 9 hours back from now. */
async function insertBills(mdaId: string, payerName: string, count: number) {
  await ctx.db.execute(sql`
    insert into payments (amount_kobo, mda_id, payer_name, channel, status, arrival, created_at)
    select 100 * n, ${mdaId}, ${payerName}, 'remita', 'pending', 'invoice',
      now() - n * interval '9 hours'
    from generate_series(1, ${count}) as n`);
}

/** The ids of an MDA's payments whose payer name has the word, newest first. */
async function newestFirst(mdaId: string, word: string): Promise<string[]> {
  const result = (await ctx.db.execute(sql`
    select id from payments where mda_id = ${mdaId} and payer_name_words @> array[${word}]::text[]
    order by created_at desc, id desc`)) as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe('GET /api/v1/payments?customerName=', () => {
  it('matches payer names word by word, forgiving a wrong letter or two swapped ones', async () => {
    const [a, b] = [await createMda(ctx), await createMda(ctx)];
    const chinedu = await createPayment(ctx, {
      mdaId: a.id,
      payerName: 'Chinedu Okonkwo',
      amountKobo: 10_000,
    });
    const bill = await createPayment(ctx, {
      mdaId: a.id,
      status: 'pending',
      payerName: 'Okonkwo-Ademola Ltd.',
      amountKobo: 20_000,
    });
    const elsewhere = await createPayment(ctx, { mdaId: b.id, payerName: 'Nneka Okonkwo' });
    await createPayment(ctx, { mdaId: a.id, payerName: 'Tari Ebiowei' });
    await createPayment(ctx, { mdaId: a.id, payerName: null });

    const only = async (query: string, expected: string[], who: SignedIn = admin) =>
      expect(ids(await list(query, who)), query).toEqual([...expected].sort());
    await only(`mdaCode=${a.code}&customerName=Okonkwo`, [chinedu.id, bill.id]);
    await only(`mdaCode=${a.code}&customerName=okonkwa`, [chinedu.id, bill.id]);
    await only(`mdaCode=${a.code}&customerName=Oknokwo`, [chinedu.id, bill.id]);
    await only(`mdaCode=${a.code}&customerName=Aedmola`, [bill.id]);
    await only(`mdaCode=${a.code}&customerName=Mr%20Chinedu%20Okonkwo`, [chinedu.id]);
    await only(`mdaCode=${a.code}&customerName=Chinedu%20Ademola`, []);
    await only(`mdaCode=${a.code}&customerName=Oknokwo&status=pending`, [bill.id]);
    await only(`customerName=Oknokwo&mdaCode=${b.code}`, [elsewhere.id]);
    // The MDA officer finds only the payments of their MDAs.
    await only('customerName=Oknokwo', [chinedu.id, bill.id], await mdaOfficerOf([a.id]));

    const page = await list(`mdaCode=${a.code}&customerName=Okonkwo`);
    expect(page.isTotalCapped).toBe(false);
    expect(page.total).toBe(2);
    expect(page.totals).toEqual({
      count: 2,
      amountKobo: 30_000,
      paidAmountKobo: 10_000,
      isCapped: false,
    });
  });

  it('counts a common name only to 1,000, without sums, and pages it newest first', async () => {
    const mda = await createMda(ctx);
    await insertBills(mda.id, 'Boma Ebimobowei', 1_010);
    await insertBills(mda.id, 'Boma Tamunotonye', 3);
    const expected = await newestFirst(mda.id, 'ebimobowei');
    expect(expected).toHaveLength(1_010);

    const first = await list(`mdaCode=${mda.code}&customerName=Ebimobowei`);
    expect(first.isTotalCapped).toBe(true);
    expect(first.total).toBe(1_000);
    expect(first.totals).toEqual({
      count: 1_000,
      amountKobo: null,
      paidAmountKobo: null,
      isCapped: true,
    });
    expect(first.items.map((p) => p.id)).toEqual(expected.slice(0, 50));
    const third = await list(`mdaCode=${mda.code}&customerName=Ebimobowei&page=3&pageSize=3`);
    expect(third.items.map((p) => p.id)).toEqual(expected.slice(6, 9));
    // Another order sorts the set as before, still counted only so far.
    const byAmount = await list(`mdaCode=${mda.code}&customerName=Ebimobowei&sort=-amount`);
    expect(byAmount.isTotalCapped).toBe(true);
    expect(byAmount.items[0]?.amountKobo).toBe(101_000);

    // Narrowed under the cap, the count and the sums are exact again.
    const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const recent = await list(`mdaCode=${mda.code}&customerName=Ebimobowei&startDate=${from}`);
    const direct = (await ctx.db.execute(sql`
      select count(*)::int as n, sum(amount_kobo)::bigint::text as kobo from payments
      where mda_id = ${mda.id} and payer_name = 'Boma Ebimobowei' and payment_date >= ${from}`)) as {
      rows: { n: number; kobo: string }[];
    };
    const row = direct.rows[0] as { n: number; kobo: string };
    expect(recent.isTotalCapped).toBe(false);
    expect(recent.totals).toEqual({
      count: row.n,
      amountKobo: Number(row.kobo),
      paidAmountKobo: 0,
      isCapped: false,
    });
  });

  it('reads newest first window by window in exactly the order of the whole set', async () => {
    const mda = await createMda(ctx);
    await insertBills(mda.id, 'Ibiso Dagogo', 40);
    // One far in the past (past every bounded window) and one dated ahead.
    await ctx.db.execute(sql`
      insert into payments (amount_kobo, mda_id, payer_name, channel, status, arrival, created_at)
      values (100, ${mda.id}, 'Ibiso Dagogo', 'remita', 'pending', 'invoice', '1931-05-01T10:00:00Z'),
        (200, ${mda.id}, 'Ibiso Dagogo', 'remita', 'pending', 'invoice', now() + interval '2 days')`);
    const expected = await newestFirst(mda.id, 'dagogo');
    const filter: PaymentFilter = {
      paymentReference: null,
      assessmentId: undefined,
      btin: undefined,
      customerName: 'Dagogo',
      mdaCode: mda.code,
      mdaIdOfCode: mda.id,
      payerNameWordsOfName: await ctx.db.transaction((tx) =>
        findSimilarWords(tx, PAYER_NAMES, wordsOf('Dagogo')),
      ),
    };
    const all = await selectPaymentsNewestFirstByWindow(ctx.db, filter, undefined, {
      limit: 100,
      offset: 0,
    });
    expect(all.map((p) => p.id)).toEqual(expected);
    const middle = await selectPaymentsNewestFirstByWindow(ctx.db, filter, undefined, {
      limit: 5,
      offset: 20,
    });
    expect(middle.map((p) => p.id)).toEqual(expected.slice(20, 25));
  });
});
