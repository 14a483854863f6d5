import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkQueue, WorkQueues } from '../../../../shared/dashboards/queues';
import { addDays, todayInLagos } from '../../../../shared/dates';
import type { UserType } from '../../../../shared/userTypes';
import { bankStatementLines, demandNotices } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import {
  createMda,
  createTaxpayer,
  type SignedIn,
  signInAs,
  signInMdaOfficer,
} from '../../../testing/factories';
import { createDirectAssessment } from '../../assessments/testing';
import { createBankAccount, insertLines } from '../../bank/matching/testing';
import { insertTestTcc } from '../../tcc/testing';

/**
 * The work queue of /birs/dashboard (docs/work-queues.md): each role gets the queues of its
 * permissions and menu, and every count is the total of the list its entry names, called as
 * the officer with the same filter.
 */

let ctx: TestContext & { close(): Promise<void> };
let mdaA: string;
let mdaB: string;
const today = todayInLagos();

async function queuesOf(who: SignedIn): Promise<WorkQueue[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/dashboards/me',
    headers: who.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WorkQueues>().queues;
}

/** Each queue's count against the total of its list, called as the same officer. */
async function expectCountsMatchLists(who: SignedIn, queues: WorkQueue[]) {
  for (const queue of queues) {
    const res = await ctx.app.inject({ method: 'GET', url: queue.list, headers: who.bearer });
    expect(res.statusCode, `${queue.key}: ${res.body}`).toBe(200);
    expect(queue.count, queue.key).toBe(res.json<{ total: number }>().total);
  }
}

let serial = 0;
function overdueNotice(mdaId: string, btin: string) {
  serial += 1;
  const issuedOn = addDays(today, -60);
  return {
    number: `WQ/DN/${serial}-${randomUUID().slice(0, 8)}`,
    mdaId,
    btin,
    payerName: 'Queue Payer',
    status: 'issued' as const,
    totalKobo: 10_000,
    paidKobo: 0,
    issuedOn,
    dueOn: addDays(issuedOn, 30),
    revenueHeadCode: '12020401',
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  mdaA = (await createMda(ctx)).id;
  mdaB = (await createMda(ctx)).id;
  const generator = await signInAs(ctx, 'ASSESSMENT_OFFICER');
  for (const kind of ['direct-assessment', 'paye', 'paye'] as const) {
    await insertTestTcc(ctx, generator, { kind, status: 'pending_director_assessment' });
  }
  await insertTestTcc(ctx, generator, { status: 'pending_director_collection' });
  await insertTestTcc(ctx, generator, { kind: 'presumptive', status: 'approved' });
  const { btin } = await createTaxpayer(ctx);
  await ctx.db
    .insert(demandNotices)
    .values([overdueNotice(mdaA, btin), overdueNotice(mdaA, btin), overdueNotice(mdaB, btin)]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/dashboards/me', () => {
  const roles: [UserType, string[]][] = [
    [
      'DIRECTOR_ASSESSMENT',
      [
        'tcc-director_assessment-direct-assessment',
        'tcc-director_assessment-paye',
        'objections-open',
      ],
    ],
    ['DIRECTOR_COLLECTION', ['tcc-director_collection-direct-assessment']],
    ['TCC_CHAIRMAN', ['tcc-chairman-direct-assessment', 'demand-notices-overdue']],
    ['PRINTING_OFFICER', ['tcc-print-direct-assessment', 'tcc-print-presumptive']],
    [
      'ADMIN',
      [
        'payers-to-match',
        'payments-needing-attention',
        'pos-held',
        'stamp-duty-billed',
        'bank-credits-waiting',
      ],
    ],
    ['OFFICER_DA', ['assessment-drafts-direct']],
    ['OFFICER_PA', ['assessment-drafts-presumptive']],
    ['OFFICER_STAMP_DUTY', ['stamp-duty-billed']],
    ['OFFICER_BENJIS', ['pos-held']],
    ['OFFICER_MDA_ADMIN', ['demand-notices-overdue']],
  ];

  it.each(roles)(
    'gives %s its queues, each count the total of the list it links to',
    async (role, keys) => {
      const who = await signInAs(ctx, role);
      const queues = await queuesOf(who);
      for (const key of keys) expect(queues.map((q) => q.key)).toContain(key);
      await expectCountsMatchLists(who, queues);
    },
  );

  it('counts what waits at the director’s stage, links to that list, and says since when', async () => {
    const director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    const queues = await queuesOf(director);
    const paye = queues.find((q) => q.key === 'tcc-director_assessment-paye');
    expect(paye).toMatchObject({
      count: 2,
      link: '/birs/taxs/pending-paye-tcc-backlog-director',
      list: '/api/v1/tcc?kind=paye&status=pending_director_assessment&sort=-waiting',
    });
    expect(paye?.oldestWaitingSince).toEqual(expect.any(String));
    const exemption = queues.find((q) => q.key === 'tcc-director_assessment-exemption');
    expect(exemption).toMatchObject({ count: 0, oldestWaitingSince: null });
    // Another stage's queue is not a director of assessment's.
    expect(queues.some((q) => q.key.startsWith('tcc-director_collection'))).toBe(false);
  });

  it('counts an officer’s own drafts, not another’s', async () => {
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const other = await signInAs(ctx, 'OFFICER_DA');
    const { btin } = await createTaxpayer(ctx);
    await createDirectAssessment(ctx, officer, btin, { issue: false });
    await createDirectAssessment(ctx, other, btin, { issue: false });
    await createDirectAssessment(ctx, officer, btin);
    const drafts = (await queuesOf(officer)).find((q) => q.key === 'assessment-drafts-direct');
    expect(drafts).toMatchObject({
      count: 1,
      link: '/birs/taxs/direct-assessment?status=draft&mine=true',
    });
  });

  it('shows MDA staff the overdue notices of their MDAs only', async () => {
    const staff = await signInMdaOfficer(ctx, [mdaA]);
    const queues = await queuesOf(staff);
    const overdue = queues.find((q) => q.key === 'demand-notices-overdue');
    expect(overdue).toMatchObject({
      count: 2,
      link: '/birs/reporting/mda-transaction-report?status=overdue',
    });
    await expectCountsMatchLists(staff, queues);
    const both = await signInMdaOfficer(ctx, [mdaA, mdaB]);
    expect((await queuesOf(both)).find((q) => q.key === 'demand-notices-overdue')?.count).toBe(3);
  });

  it('counts the bank credits waiting across accounts, the oldest first, as their list does', async () => {
    const admin = await signInAs(ctx, 'ADMIN');
    const before = (await queuesOf(admin)).find((q) => q.key === 'bank-credits-waiting');
    const first = await createBankAccount(ctx.db, { mdaId: mdaA });
    const second = await createBankAccount(ctx.db, { mdaId: null });
    const oldDay = addDays(today, -400);
    const [, ambiguous, decided] = await insertLines(ctx.db, first.id, [
      { valueDate: addDays(today, -2), amountKobo: 5_000, narration: 'TRF A' },
      { valueDate: addDays(today, -3), amountKobo: 6_000, narration: 'TRF B' },
      { valueDate: addDays(today, -4), amountKobo: 7_000, narration: 'TRF C' },
    ]);
    // Older than any statement page's 92 days: still waiting, and counted.
    await insertLines(ctx.db, second.id, [
      { valueDate: oldDay, amountKobo: 8_000, narration: 'TRF D' },
    ]);
    await ctx.db
      .update(bankStatementLines)
      .set({ state: 'ambiguous' })
      .where(eq(bankStatementLines.id, ambiguous as string));
    await ctx.db
      .update(bankStatementLines)
      .set({ state: 'not-revenue' })
      .where(eq(bankStatementLines.id, decided as string));

    const queues = await queuesOf(admin);
    const waiting = queues.find((q) => q.key === 'bank-credits-waiting');
    expect(waiting).toMatchObject({
      count: (before?.count ?? 0) + 3,
      link: '/birs/transactions/post-transactions/waiting',
      list: '/api/v1/bank/open-credits',
    });
    if ((before?.count ?? 0) === 0) {
      expect(waiting?.oldestWaitingSince).toBe(new Date(`${oldDay}T00:00:00+01:00`).toISOString());
    }
    await expectCountsMatchLists(admin, queues);
    // Filtered by account, the list holds that account's waiting credits only.
    const res = await ctx.app.inject({
      url: `/api/v1/bank/open-credits?accountNumber=${first.accountNumber}`,
      headers: admin.bearer,
    });
    expect(res.json<{ total: number }>().total).toBe(2);
  });

  it('gives a role with nothing to work through no queues, and refuses the signed out', async () => {
    const executive = await signInAs(ctx, 'EXECUTIVE');
    expect(await queuesOf(executive)).toEqual([]);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboards/me' });
    expect(res.statusCode).toBe(401);
  });
});
