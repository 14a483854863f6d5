import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import { addMonths, firstDayOf, monthOf } from '../../../../shared/indicators/months';
import type { IndicatorItem, IndicatorsAnswer } from '../../../../shared/indicators/schemas';
import type { TccStatus } from '../../../../shared/tcc/enums';
import {
  assessments,
  bankAccounts,
  bankStatementLines,
  payments,
  taxpayers,
  tccHistory,
  tccs,
} from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { insertDirect } from '../../assessments/notices/testing';
import { send } from '../../assessments/testing';
import { paidYears } from '../../tcc/testing';
import { computeFigure } from '../service';
import { snapshotClosedMonths } from '../snapshots';
import { registryDuplicates } from './registry';
import { rebuildRegistryKept, verifyRegistryKept } from './registryKept';

/**
 * Certificate turnaround and registry quality (docs/indicators.md) against records built by
 * hand in a closed month, each answer worked out below; then the registry's snapshot held while
 * a phone number is corrected.
 */

let ctx: TestContext & { close(): Promise<void> };
let chairman: SignedIn;
const today = todayInLagos();
const month = addMonths(monthOf(today), -2);
const next = addMonths(month, 1);
/** Nine in the morning in Lagos, `days` after the 3rd of the month. */
const day = (days: number, m = month) =>
  new Date(new Date(`${m}-03T08:00:00Z`).getTime() + days * 86_400_000);
let phoneFixedBtin: string;

async function itemOf(key: string, m = month): Promise<IndicatorItem> {
  const res = await send(ctx, chairman, 'GET', `/api/v1/indicators?month=${m}`);
  expect(res.statusCode).toBe(200);
  const item = res.json<IndicatorsAnswer>().items.find((i) => i.key === key);
  if (!item) throw new Error(`no ${key}`);
  return item;
}

const factsOf = (item: { facts: { label: string; value: number | null }[] }) =>
  Object.fromEntries(item.facts.map((f) => [f.label, f.value]));

/**
 * A certificate whose history is `steps` (the status entered, days after the 3rd of month `m`),
 * approved at the last step, printed `printedAfter` days after the 3rd when given.
 */
let sequence = 0;
async function certificate(
  by: SignedIn,
  steps: [TccStatus, number][],
  options: { printedAfter?: number; m?: string } = {},
) {
  const m = options.m ?? month;
  sequence += 1;
  const [row] = await ctx.db
    .insert(tccs)
    .values({
      number: `TEST/TCC/2026/${sequence}`,
      kind: 'direct-assessment',
      status: options.printedAfter === undefined ? 'approved' : 'printed',
      btin: holderBtin,
      holder: { name: 'Test Holder', address: '1 Test Road', nationalId: null, phone: null },
      holderName: 'test holder',
      purpose: 'contract',
      sourceOfIncome: 'Salary',
      years: paidYears(),
      createdBy: by.officer.id,
      createdAt: day(0, m),
      issuedAt: day(steps.at(-1)?.[1] ?? 0, m),
      expiresOn: '2026-12-31',
      signedPayload: 'test.payload',
      signingKeyId: 'test',
    })
    .returning({ id: tccs.id });
  const tccId = row?.id as string;
  let from: TccStatus | null = null;
  const history = steps.map(([status, days]) => {
    const entry = {
      tccId,
      action: from === null ? ('generated' as const) : ('approved' as const),
      fromStatus: from,
      toStatus: status,
      at: day(days, m),
    };
    from = status;
    return entry;
  });
  if (options.printedAfter !== undefined) {
    history.push({
      tccId,
      action: 'approved',
      fromStatus: 'approved',
      toStatus: 'printed',
      at: day(options.printedAfter, m),
    });
  }
  await ctx.db
    .insert(tccHistory)
    .values(
      history.map((h) => (h.toStatus === 'printed' ? { ...h, action: 'printed' as const } : h)),
    );
}

let holderBtin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  chairman = await signInAs(ctx, 'TCC_CHAIRMAN');
  const officer = await signInAs(ctx, 'OFFICER_DA');
  holderBtin = (await createTaxpayer(ctx, { firstName: 'Holder' })).btin;

  // The service's first record: a bank credit the month before, so the month may be asked for.
  const [account] = await ctx.db
    .insert(bankAccounts)
    .values({ bank: 'fidelity', accountNumber: '0123456781', name: 'Collections' })
    .returning();
  await ctx.db.insert(bankStatementLines).values({
    accountId: account?.id as string,
    bankReference: 'FT-FIRST',
    valueDate: firstDayOf(addMonths(month, -1)),
    direction: 'credit',
    amountKobo: 100_00,
    narration: 'First',
    state: 'unmatched',
  });

  // A: requested on the 3rd, approved on day 14 (within), printed on day 16. Two days with
  // the Director of Assessment, one with the Director of Collection, eleven with the Chairman.
  await certificate(
    officer,
    [
      ['pending_director_assessment', 0],
      ['pending_director_collection', 2],
      ['pending_chairman', 3],
      ['approved', 14],
    ],
    { printedAfter: 16 },
  );
  // B: a day awaiting its fee, rejected by the Director of Collection and amended in two days,
  // approved on day 15 (not within), not printed. Assessment 1 + 1, Collection 1 + 1, Chairman 8.
  await certificate(officer, [
    ['awaiting_payment', 0],
    ['pending_director_assessment', 1],
    ['pending_director_collection', 2],
    ['rejected_director_collection', 3],
    ['pending_director_assessment', 5],
    ['pending_director_collection', 6],
    ['pending_chairman', 7],
    ['approved', 15],
  ]);
  // C: approved the month after: counted there, not here.
  await certificate(
    officer,
    [
      ['pending_director_assessment', 0],
      ['approved', 1],
    ],
    { m: next },
  );

  // The registry: eight registered in the month, one the month after.
  const registered = new Date(`${month}-10T11:00:00Z`);
  const person = async (firstName: string, change: Partial<typeof taxpayers.$inferInsert> = {}) => {
    const t = await createTaxpayer(ctx, { firstName, lastName: 'Test' });
    await ctx.db
      .update(taxpayers)
      .set({ createdAt: registered, ...change })
      .where(eq(taxpayers.btin, t.btin));
    return t;
  };
  // A pair by NIN: the second record has it only as its national tax ID.
  await person('Ninone', { nin: '12345678901' });
  await person('Nintwo', { nin: null, nationalTaxId: '12345678901' });
  // A pair by phone.
  await person('Phoneone', { phone: '+2348091110001' });
  phoneFixedBtin = (await person('Phonetwo', { phone: '+2348091110001' })).btin;
  // A pair by name and date of birth, written in different cases.
  await person('Amaka', { firstName: 'Amaka', lastName: 'Obi', dateOfBirth: '1990-02-01' });
  await person('AMAKA', { firstName: 'AMAKA', lastName: 'obi', dateOfBirth: '1990-02-01' });
  // Missing a phone; missing a national ID.
  await person('Nophone', { phone: null });
  await person('Noid', { nin: null, nationalTaxId: null });
  // The month after, with the pair's phone: not in this month.
  await person('Later', { phone: '+2348091110001', createdAt: day(0, next) });
});

afterAll(async () => {
  await ctx?.close();
});

describe('certificate turnaround', () => {
  it('day 14 is within the two weeks, day 15 is not; the Chairman is where they wait longest', async () => {
    const item = await itemOf('tcc-within-14-days');
    expect(item.value).toBe(0.5);
    expect(item.unit).toBe('share');
    expect(item.facts).toEqual([
      { label: 'Certificates approved in the month', value: 2, unit: 'count' },
      { label: 'Median days from request to approval', value: 14.5, unit: 'days' },
      { label: 'Of them printed by the month’s end', value: 1, unit: 'count' },
      { label: 'Median days from request to printing', value: 16, unit: 'days' },
      { label: 'Average days waiting for the fee to be paid', value: 1, unit: 'days' },
      { label: 'Average days waiting for the Director of Assessment', value: 2, unit: 'days' },
      { label: 'Average days waiting for the Director of Collection', value: 1.5, unit: 'days' },
      { label: 'Average days waiting for the Chairman', value: 9.5, unit: 'days' },
      {
        label: 'Average days waiting for the officer, after a rejection',
        value: 2,
        unit: 'days',
      },
      { label: 'Longest wait: for the Chairman', value: 9.5, unit: 'days' },
    ]);
    const after = await itemOf('tcc-within-14-days', next);
    expect(after.value).toBe(1);
    expect(factsOf(after)['Certificates approved in the month']).toBe(1);
  });
});

describe('registry quality', () => {
  it('counts each taxpayer of a pair by NIN, by phone and by name and date of birth; the missing ones are facts', async () => {
    const item = await itemOf('registry-duplicates');
    expect(item.value).toBe(6);
    expect(item.unit).toBe('count');
    expect(item.tadatRef).toMatch(/^P1-1/);
    expect(factsOf(item)).toEqual({
      'Registered taxpayers': 8,
      'Groups of likely duplicates': 3,
      'Sharing a NIN': 2,
      'Sharing a phone number': 2,
      'Sharing an e-mail address': 0,
      'Same name and date of birth': 2,
      'Missing a national ID': 1,
      'Missing a phone number': 1,
      'No assessment or payment in 3 years': 0,
    });
    // The month after, a third with the pair's phone joins its group.
    const after = await itemOf('registry-duplicates', next);
    expect(after.value).toBe(7);
    expect(factsOf(after)['Sharing a phone number']).toBe(3);
  });

  it('a closed month’s snapshot does not move when a phone is corrected; recomputing it would', async () => {
    await snapshotClosedMonths(ctx.db, today);
    await ctx.db
      .update(taxpayers)
      .set({ phone: '+2348091119999' })
      .where(eq(taxpayers.btin, phoneFixedBtin));
    const item = await itemOf('registry-duplicates');
    expect(item.source).toBe('snapshot');
    expect(item.value).toBe(6);
    expect((await computeFigure(ctx.db, 'registry-duplicates', month, today)).value).toBe(4);
    expect((await itemOf('tcc-within-14-days')).source).toBe('snapshot');
  });
});

/**
 * The kept tables behind registry quality (migration registry_kept_values), in a registry of
 * their own: groups made, changed and dissolved by edits and a deletion, a registration after
 * the day measured, and three years without activity, each answer worked out by hand.
 */
describe('registry quality from its kept tables', () => {
  let own: TestContext & { close(): Promise<void> };
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  /** Noon in Lagos, `years` years and `days` days before today. */
  const ago = (years: number, days = 0) => {
    const d = new Date(`${today}T11:00:00Z`);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return new Date(d.getTime() - days * 86_400_000);
  };
  const person = async (firstName: string, change: Partial<typeof taxpayers.$inferInsert> = {}) => {
    const t = await createTaxpayer(own, { firstName });
    if (Object.keys(change).length > 0) {
      await own.db.update(taxpayers).set(change).where(eq(taxpayers.btin, t.btin));
    }
    return t.btin;
  };
  type Rows = { rows: unknown[] };
  const recounted = async () => {
    const kept = (await own.db.execute(
      sql`select rule, value, holders from taxpayer_match_values order by rule, value`,
    )) as unknown as { rows: unknown[] };
    const recount = (await own.db.execute(
      sql`select rule, value, holders from taxpayer_match_values_recount order by rule, value`,
    )) as unknown as { rows: unknown[] };
    return { kept: kept.rows, recount: recount.rows };
  };

  beforeAll(async () => {
    own = await createTestContext();
    // A pair by phone.
    await person('Phonea', { phone: '+2348092220001' });
    await person('Phoneb', { phone: '+2348092220001' });
    // Three by NIN: one has it as its NIN, two only as their national tax ID.
    await person('Nina', { nin: '22345678901' });
    await person('Ninb', { nin: null, nationalTaxId: '22345678901' });
    await person('Ninc', { nin: null, nationalTaxId: '22345678901' });
    // A pair by name and date of birth, in different cases.
    await person('Ngozi', { lastName: 'Eze', dateOfBirth: '1991-03-04' });
    await person('NGOZI', { lastName: 'EZE', dateOfBirth: '1991-03-04' });
    // A pair by phone until one's phone is corrected.
    await person('Fixa', { phone: '+2348092220002' });
    const fixed = await person('Fixb', { phone: '+2348092220002' });
    await own.db
      .update(taxpayers)
      .set({ phone: '+2348092229999' })
      .where(eq(taxpayers.btin, fixed));
    // A pair by e-mail until one is deleted (a record entered twice, removed by hand).
    await person('Maila', { email: 'same@example.ng' });
    const removed = await person('Mailb', { email: 'same@example.ng' });
    await own.db.delete(taxpayers).where(eq(taxpayers.btin, removed));
    // Missing a national ID; missing a phone.
    await person('Noid', { nin: null, nationalTaxId: null });
    await person('Nophone', { phone: null });
    // Registered after the day measured, with the first pair's phone and no phone at all.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    await person('Latea', { phone: '+2348092220001', createdAt: tomorrow });
    await person('Lateb', { phone: null, createdAt: tomorrow });

    // Three years without activity: registered four years ago and paid two years ago (active),
    // registered four years ago and never active (counted), the same but last paid three years
    // and ten days ago (counted), registered a year ago (too new to count).
    const mda = await createMda(own);
    const paidBy = async (btin: string | null, paidAt: Date) => {
      const [row] = await own.db
        .insert(payments)
        .values({
          receiptNumber: `TST/${paidAt.getUTCFullYear()}/${randomUUID().replace(/\D/g, '').padEnd(9, '7').slice(0, 9)}`,
          amountKobo: 500_00,
          mdaId: mda.id,
          channel: 'manual',
          status: 'paid',
          arrival: 'notification',
          paidAt,
          btin,
        })
        .returning({ id: payments.id });
      return row?.id as string;
    };
    const activeOne = await person('Active', { createdAt: ago(4) });
    await paidBy(activeOne, ago(2));
    // Another payment the same day, and an older one, leave the date where it is.
    await paidBy(activeOne, ago(2));
    await paidBy(activeOne, ago(3, 30));
    await person('Idle', { createdAt: ago(4) });
    const oldPayer = await person('Oldpayer', { createdAt: ago(4) });
    // Paid unattached, then matched to the taxpayer: the update names it.
    const unattached = await paidBy(null, ago(3, 10));
    await own.db.update(payments).set({ btin: oldPayer }).where(eq(payments.id, unattached));
    await person('Newish', { createdAt: ago(1) });
    // Registered four years ago and assessed a year ago (the assessment inserted issued), or two
    // years ago (a draft, issued by an update): both active.
    const assessed = await insertDirect(own, { issuedAt: ago(1) });
    const drafted = await insertDirect(own, { status: 'draft', issuedAt: null, dueDate: null });
    for (const [btin, firstName] of [
      [assessed.taxpayer.btin, 'Assessed'],
      [drafted.taxpayer.btin, 'Drafted'],
    ] as const) {
      await own.db
        .update(taxpayers)
        .set({ createdAt: ago(4), firstName })
        .where(eq(taxpayers.btin, btin));
    }
    await own.db
      .update(assessments)
      .set({ status: 'issued', issuedAt: ago(2), dueDate: '2099-12-31' })
      .where(eq(assessments.id, drafted.assessment.id));
  });

  afterAll(async () => {
    await own?.close();
  });

  it('counts the groups standing today, each taxpayer once, and leaves out one registered later', async () => {
    const figure = await registryDuplicates(own.db, monthOf(today), today);
    // Phone 2 + NIN 3 + name 2; the corrected phone's and the deleted e-mail's pairs are gone.
    expect(figure.value).toBe(7);
    expect(factsOf(figure)).toEqual({
      // 21 made, one deleted, two registered after today.
      'Registered taxpayers': 18,
      'Groups of likely duplicates': 3,
      'Sharing a NIN': 3,
      'Sharing a phone number': 2,
      'Sharing an e-mail address': 0,
      'Same name and date of birth': 2,
      'Missing a national ID': 1,
      'Missing a phone number': 1,
      'No assessment or payment in 3 years': 2,
    });
  });

  it('a day in the past counts only those registered by then', async () => {
    const figure = await registryDuplicates(own.db, monthOf(yesterday), yesterday);
    // Only the six registered a year or more ago, none in a group, none missing anything.
    expect(figure.value).toBe(0);
    expect(factsOf(figure)).toMatchObject({
      'Registered taxpayers': 6,
      'Groups of likely duplicates': 0,
      'Missing a national ID': 0,
      'Missing a phone number': 0,
    });
  });

  it('the kept tables equal a recount from scratch, and a rebuild leaves them so', async () => {
    const { kept, recount } = await recounted();
    expect(kept).toEqual(recount);
    expect(kept.length).toBeGreaterThan(0);
    expect(await verifyRegistryKept(own.db)).toEqual([]);
    const activity = <Rows>(
      await own.db.execute(
        sql`select btin, registered_on::text, active_on::text from taxpayer_last_activity order by btin`,
      )
    );
    await rebuildRegistryKept(own.db);
    expect(await verifyRegistryKept(own.db)).toEqual([]);
    const after = <Rows>(
      await own.db.execute(
        sql`select btin, registered_on::text, active_on::text from taxpayer_last_activity order by btin`,
      )
    );
    expect(after.rows).toEqual(activity.rows);
    expect((await recounted()).kept).toEqual(kept);
  });

  it('verify names a kept value that drifted', async () => {
    await own.db.execute(
      sql`update taxpayer_match_values set holders = holders + 1 where rule = 'no-phone'`,
    );
    expect(await verifyRegistryKept(own.db)).toEqual([
      { table: 'taxpayer_match_values', key: 'no-phone', kept: '3', recount: '2' },
    ]);
    await rebuildRegistryKept(own.db);
    expect(await verifyRegistryKept(own.db)).toEqual([]);
  });

  it('registrations and payments at once, in opposite orders, lose no count and do not deadlock', async () => {
    // Each transaction registers two taxpayers in one statement holding two shared phones, listed
    // in opposite orders by odd and even ones, then pays for the first of them. On PostgreSQL
    // the pool runs five at a time; PGlite runs them one after another.
    const phones = ['+2348092230001', '+2348092230002'];
    const mda = await createMda(own);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        own.db.transaction(async (tx) => {
          const pair = i % 2 === 0 ? phones : [...phones].reverse();
          const rows = pair.map((phone, k) => ({
            btin: String(1_999_000_000 + i * 2 + k),
            kind: 'individual' as const,
            displayName: `Racer ${i} ${k}`,
            firstName: `Racer${i}`,
            lastName: `Side${k}`,
            phone,
          }));
          await tx.insert(taxpayers).values(rows);
          await tx.insert(payments).values({
            receiptNumber: `TST/2026/${randomUUID().replace(/\D/g, '').padEnd(9, '7').slice(0, 9)}`,
            amountKobo: 100_00,
            mdaId: mda.id,
            channel: 'manual',
            status: 'paid',
            arrival: 'notification',
            paidAt: new Date(),
            btin: rows[0]?.btin,
          });
        }),
      ),
    );
    const held = (await own.db.execute(
      sql`select value, holders from taxpayer_match_values
           where rule = 'phone' and value in (${phones[0]}, ${phones[1]}) order by value`,
    )) as unknown as { rows: { value: string; holders: number }[] };
    expect(held.rows).toEqual([
      { value: phones[0], holders: 10 },
      { value: phones[1], holders: 10 },
    ]);
    expect(await verifyRegistryKept(own.db)).toEqual([]);
  });
});
