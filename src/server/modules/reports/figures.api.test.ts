import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutiveDashboard, MdaRanking } from '../../../shared/dashboards/executive';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../../../shared/payments';
import type { PaymentPage } from '../../../shared/payments/views';
import type { BudgetPerformanceReport } from '../../../shared/reports/budget';
import type {
  CollectionsByMdaReport,
  MdaRevenueReport,
  MdaSummaryReport,
} from '../../../shared/reports/collections';
import type { JrbReturn } from '../../../shared/reports/jrb';
import { systemActor } from '../../auth/actor';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda, signInAs } from '../../testing/factories';
import { createLedger } from '../payments/ledger/ledger';
import { updatePayment } from '../payments/ledger/queries';
import { createPayment, randomRrr } from '../payments/testing';
import { selectCollectionTotals, type TotalsDimension, type TotalsRow } from './totals/queries';

/**
 * One set of figures (docs/reports.md): a period's total is the same on every report and on the
 * payment history that shows it — paid on the Lagos day paid, reversed on the Lagos day
 * reversed. The expected figures are computed here with plain SQL over the payments ledger,
 * written apart from the migration's view and triggers, and every reader is compared with them:
 * the totals read, collections by MDA, the budget, MDA revenue and MDA summary reports, the Joint
 * Revenue Board return, the executive dashboard and the MDA ranking, and the payment history.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: Awaited<ReturnType<typeof signInAs>>;
const mda: { id: string; code: string }[] = [];
const system = systemActor('system');

/** Lagos is UTC+1 all year (no summer time): a Lagos wall-clock time as an instant. */
const lagos = (wallClock: string) => new Date(`${wallClock}+01:00`);

const COLUMN: Record<TotalsDimension, string> = {
  mda: 'mda_id',
  revenueHead: 'revenue_head_code',
  channel: 'channel',
  subjectKind: 'subject_kind',
  type: 'type',
  month: 'month',
  day: 'day',
};

/**
 * The period's movements straight from the payments: + on the Lagos day a paid (or since
 * reversed) payment was paid, − on the Lagos day a reversed one was reversed; grouped, groups
 * that cancel out left out, as TotalsRow.
 */
async function expectedFromLedger(
  from: string,
  to: string,
  groupBy: readonly TotalsDimension[],
  where: { mdaIds?: string[]; channel?: PaymentChannel } = {},
): Promise<TotalsRow[]> {
  const mdaIds = where.mdaIds ?? mda.map((m) => m.id);
  const keys = groupBy.map((d) => sql.raw(COLUMN[d]));
  const result = (await ctx.db.execute(sql`
    with movement as (
      select (paid_at at time zone 'Africa/Lagos')::date as day, mda_id,
             coalesce(revenue_head_code, '') as revenue_head_code, channel::text as channel,
             coalesce(subject_kind::text, '') as subject_kind, coalesce(type::text, '') as type,
             1 as n, amount_kobo as a
      from payments where status in ('paid', 'reversed')
      union all
      select (status_changed_at at time zone 'Africa/Lagos')::date, mda_id,
             coalesce(revenue_head_code, ''), channel::text, coalesce(subject_kind::text, ''),
             coalesce(type::text, ''), -1, -amount_kobo
      from payments where status = 'reversed'
    ), inside as (
      select *, date_trunc('month', day)::date as month from movement
      where day between ${from}::date and ${to}::date
        and mda_id in (${sql.join(
          mdaIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ${where.channel ? sql`and channel = ${where.channel}` : sql``}
    )
    select ${sql.join(
      [
        ...keys.map(
          (k, i) => sql`${k}::text as ${sql.identifier(COLUMN[groupBy[i] as TotalsDimension])}`,
        ),
        sql`sum(n)::text as n`,
        sql`sum(a)::text as a`,
      ],
      sql`, `,
    )}
    from inside ${keys.length ? sql`group by ${sql.join(keys, sql`, `)}` : sql``}
    having sum(n) <> 0 or sum(a) <> 0`)) as unknown as { rows: Record<string, string>[] };
  return sortRows(
    result.rows.map((r) => {
      const row: TotalsRow = { paymentCount: Number(r.n), amountKobo: Number(r.a) };
      if (r.mda_id !== undefined) row.mdaId = r.mda_id;
      if (r.revenue_head_code !== undefined) row.revenueHeadCode = r.revenue_head_code;
      if (r.channel !== undefined) row.channel = r.channel as PaymentChannel;
      if (r.subject_kind !== undefined) row.subjectKind = r.subject_kind;
      if (r.type !== undefined) row.type = r.type;
      if (r.month !== undefined) row.month = r.month;
      if (r.day !== undefined) row.day = r.day;
      return row;
    }),
  );
}

function sortRows(rows: TotalsRow[]): TotalsRow[] {
  const key = (r: TotalsRow) =>
    [r.mdaId, r.revenueHeadCode, r.channel, r.subjectKind, r.type, r.month, r.day].join('|');
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
}

/** The one read every report goes through, for this test's MDAs. */
async function totals(
  from: string,
  to: string,
  groupBy: readonly TotalsDimension[],
  where: { mdaIds?: string[]; channel?: PaymentChannel; today?: string } = {},
) {
  return sortRows(
    await selectCollectionTotals(
      ctx.db,
      {
        from,
        to,
        scope: { all: true },
        mdaIds: where.mdaIds ?? mda.map((m) => m.id),
        channel: where.channel,
        today: where.today,
      },
      groupBy,
    ),
  );
}

async function get<T>(url: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: admin.bearer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/**
 * Periods with partial months at both ends, a month boundary at midnight, a reversal's day, a
 * day whose payment was reversed the same day, and a whole year.
 */
const PERIODS: [string, string][] = [
  ['2026-01-01', '2026-12-31'],
  ['2026-01-15', '2026-03-10'],
  ['2026-01-31', '2026-01-31'],
  ['2026-02-01', '2026-02-01'],
  ['2026-01-31', '2026-02-01'],
  ['2026-02-01', '2026-02-28'],
  ['2026-02-10', '2026-02-10'],
  ['2026-01-20', '2026-02-05'],
  ['2025-12-20', '2026-04-03'],
  ['2026-03-01', '2026-03-31'],
];

const GROUPINGS: TotalsDimension[][] = [
  [],
  ['mda'],
  ['revenueHead'],
  ['channel'],
  ['subjectKind'],
  ['type'],
  ['month'],
  ['day'],
  ['mda', 'channel'],
  ['revenueHead', 'month'],
  ['mda', 'subjectKind', 'type'],
  ['channel', 'day'],
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  for (let i = 0; i < 3; i++) mda.push(await createMda(ctx));
  const [a, b, c] = mda.map((m) => m.id) as [string, string, string];
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });

  // Remita, card and by hand, paying each kind of subject (and nothing named).
  const subjects = [
    { subjectKind: 'assessment', type: 'direct-assessment' },
    { subjectKind: 'tcc', type: 'tcc' },
    { subjectKind: 'stamp_duty', type: 'stamp-duty' },
    { subjectKind: 'demand_notice', type: 'demand-notice' },
    { subjectKind: 'ssc_schedule', type: 'ssc' },
    { subjectKind: null, type: null },
  ] as const;
  const days = ['2025-12-28', '2026-01-05', '2026-01-16', '2026-02-14', '2026-03-09', '2026-03-11'];
  for (const [i, subject] of subjects.entries()) {
    for (const [j, channel] of (['remita', 'card', 'manual'] as const).entries()) {
      await createPayment(ctx, {
        mdaId: [a, b, c][(i + j) % 3],
        channel,
        amountKobo: 10_000 * (i + 1) + 100 * (j + 1),
        paidAt: lagos(`${days[i]}T${String(8 + j).padStart(2, '0')}:30:00`),
        revenueHeadCode: `1201${i}${j}`,
        subjectKind: subject.subjectKind,
        subjectId: subject.subjectKind ? `subject-${i}-${j}` : null,
        type: subject.type,
      });
    }
  }
  // POS and bank money, recorded without an RRR.
  for (const [channel, sourceReference, day] of [
    ['pos', `benjis/T9/${randomRrr()}/2026-01-31`, '2026-01-31T12:00:00'],
    ['bank', `0123456789/${randomRrr()}`, '2026-02-02T10:00:00'],
  ] as const) {
    await ctx.db.transaction((tx) =>
      ledger.recordReceivedPayment(tx, system, {
        channel,
        sourceReference,
        arrival: channel === 'pos' ? 'push' : 'statement',
        mdaId: b,
        amountKobo: 7_700,
        revenueHeadCode: '12019',
        paidAt: lagos(day),
      }),
    );
  }
  // A month boundary at midnight, Lagos: 23:59 on 31 January is January's, 00:00 on 1 February
  // February's — an hour apart from the UTC days they fall on.
  await createPayment(ctx, { mdaId: a, amountKobo: 2_359, paidAt: lagos('2026-01-31T23:59:00') });
  await createPayment(ctx, {
    mdaId: a,
    amountKobo: 1_000,
    channel: 'card',
    paidAt: lagos('2026-02-01T00:00:00'),
  });
  // Paid on 20 January, reversed on 3 February: + in January, − in February.
  const later = await createPayment(ctx, {
    mdaId: c,
    amountKobo: 50_000,
    paidAt: lagos('2026-01-20T10:00:00'),
    revenueHeadCode: '12011',
  });
  await ctx.db.transaction(async (tx) => {
    await ledger.changeStatusByHand(tx, system, later.id, { to: 'reversed', reason: 'Bounced' });
    await updatePayment(tx, later.id, { statusChangedAt: lagos('2026-02-03T00:05:00') });
  });
  // Paid and reversed on 10 February: nothing on that day, nor anywhere.
  const sameDay = await createPayment(ctx, {
    mdaId: b,
    amountKobo: 30_000,
    channel: 'card',
    paidAt: lagos('2026-02-10T09:00:00'),
  });
  await ctx.db.transaction(async (tx) => {
    await ledger.changeStatusByHand(tx, system, sameDay.id, { to: 'reversed', reason: 'Twice' });
    await updatePayment(tx, sameDay.id, { statusChangedAt: lagos('2026-02-10T23:59:00') });
  });
  // A bill never paid, which moves nothing.
  await createPayment(ctx, { mdaId: a, status: 'pending', amountKobo: 999_00 });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('one set of figures', () => {
  it('the test ledger has every channel, a reversal on a later day and one the same day', async () => {
    const all = await expectedFromLedger('2025-01-01', '2026-12-31', ['channel']);
    expect(all.map((r) => r.channel).sort()).toEqual([...PAYMENT_CHANNELS].sort());
    // February holds the later reversal (−50,000) and not the same-day one.
    const february = await expectedFromLedger('2026-02-01', '2026-02-28', ['day']);
    expect(february.find((r) => r.day === '2026-02-03')).toEqual({
      day: '2026-02-03',
      paymentCount: -1,
      amountKobo: -50_000,
    });
    expect(february.find((r) => r.day === '2026-02-10')).toBeUndefined();
    expect(await expectedFromLedger('2026-01-31', '2026-01-31', [])).toEqual([
      { paymentCount: 2, amountKobo: 7_700 + 2_359 },
    ]);
  });

  it.each(PERIODS)(
    'selectCollectionTotals gives the ledger’s figure at every grouping for %s to %s',
    async (from, to) => {
      for (const groupBy of GROUPINGS) {
        expect(await totals(from, to, groupBy), groupBy.join(' × ') || 'no grouping').toEqual(
          await expectedFromLedger(from, to, groupBy),
        );
      }
      // Narrowed to one MDA and one channel, as reports and the history narrow.
      const [first] = mda;
      expect(
        await totals(from, to, ['day'], { mdaIds: [first?.id as string], channel: 'card' }),
      ).toEqual(
        await expectedFromLedger(from, to, ['day'], {
          mdaIds: [first?.id as string],
          channel: 'card',
        }),
      );
    },
  );

  // The test ledger's last movement is on 11 March 2026: taken as today, a period reaching it
  // reads March, the month in progress, from the monthly table instead of day by day.
  it.each([
    ['2026-01-01', '2026-03-11'],
    ['2025-12-01', '2026-03-11'],
    ['2026-03-01', '2026-03-11'],
    ['2026-03-05', '2026-03-11'],
    ['2026-01-15', '2026-03-20'],
  ])(
    'the month in progress read whole gives the ledger’s figure at every grouping for %s to %s',
    async (from, to) => {
      for (const groupBy of GROUPINGS) {
        expect(
          await totals(from, to, groupBy, { today: '2026-03-11' }),
          groupBy.join(' × ') || 'no grouping',
        ).toEqual(await expectedFromLedger(from, to, groupBy));
      }
    },
  );

  it.each(PERIODS)(
    'collections by MDA gives the ledger’s figure for %s to %s',
    async (from, to) => {
      const report = await get<CollectionsByMdaReport>(
        `/api/v1/reports/collections-by-mda?from=${from}&to=${to}`,
      );
      const ours = report.items.filter((i) => mda.some((m) => m.id === i.mdaId));
      const byMda = await expectedFromLedger(from, to, ['mda']);
      const byChannel = await expectedFromLedger(from, to, ['mda', 'channel']);
      expect(
        ours
          .map((i) => ({ mdaId: i.mdaId, paymentCount: i.count, amountKobo: i.amountKobo }))
          .sort((x, y) => x.mdaId.localeCompare(y.mdaId)),
      ).toEqual(byMda);
      for (const item of ours) {
        for (const channel of PAYMENT_CHANNELS) {
          const expected = byChannel.find((r) => r.mdaId === item.mdaId && r.channel === channel);
          expect(item.byChannel[channel], `${item.mdaId} ${channel}`).toBe(
            expected?.amountKobo ?? 0,
          );
        }
      }
    },
  );

  it.each(PERIODS)(
    'the payment history’s period figure is the reports’ for %s to %s, per MDA and channel',
    async (from, to) => {
      for (const m of mda) {
        const page = await get<PaymentPage>(
          `/api/v1/payments?startDate=${from}&endDate=${to}&mdaCode=${m.code}&pageSize=10`,
        );
        const [expected] = await expectedFromLedger(from, to, [], { mdaIds: [m.id] });
        expect(page.totals.collected, m.code).toEqual({
          count: expected?.paymentCount ?? 0,
          amountKobo: expected?.amountKobo ?? 0,
        });
        const onCard = await get<PaymentPage>(
          `/api/v1/payments?startDate=${from}&endDate=${to}&mdaCode=${m.code}&channel=card`,
        );
        const [card] = await expectedFromLedger(from, to, [], { mdaIds: [m.id], channel: 'card' });
        expect(onCard.totals.collected, `${m.code} card`).toEqual({
          count: card?.paymentCount ?? 0,
          amountKobo: card?.amountKobo ?? 0,
        });
      }
    },
  );

  it.each(PERIODS)(
    'the budget, MDA revenue and MDA summary reports give the ledger’s figure for %s to %s',
    async (from, to) => {
      const budget = await get<BudgetPerformanceReport>(
        `/api/v1/reports/budget-performance?groupBy=mda&from=${from}&to=${to}`,
      );
      for (const m of mda) {
        const [expected] = await expectedFromLedger(from, to, [], { mdaIds: [m.id] });
        const amount = expected?.amountKobo ?? 0;
        const row = budget.items.find((i) => i.key === m.id);
        expect(row?.actualKobo ?? 0, `budget performance ${m.code}`).toBe(amount);
        const revenue = await get<MdaRevenueReport>(
          `/api/v1/reports/mda-revenue?mdaId=${m.id}&from=${from}&to=${to}`,
        );
        expect(revenue.totals.amountKobo, `MDA revenue ${m.code}`).toBe(amount);
        const summary = await get<MdaSummaryReport>(
          `/api/v1/reports/mda-summary?mdaId=${m.id}&from=${from}&to=${to}`,
        );
        expect(summary.collections.amountKobo, `MDA summary ${m.code}`).toBe(amount);
      }
    },
  );

  it.each(['2026-01', '2026-02', '2026-Q1'])(
    'the Joint Revenue Board return for %s gives the ledger’s figure',
    async (period) => {
      const jrb = await get<JrbReturn>(`/api/v1/reports/jrb-return?period=${period}`);
      const [expected] = await expectedFromLedger(jrb.from, jrb.to, []);
      expect(jrb.collections.total).toEqual({
        count: expected?.paymentCount ?? 0,
        amountKobo: expected?.amountKobo ?? 0,
      });
    },
  );

  it.each(['2026-01-31', '2026-02-01', '2026-02-03', '2026-02-10', '2026-03-31'])(
    'the executive dashboard and the MDA ranking on %s give the ledger’s today, month and year',
    async (day) => {
      const board = await get<ExecutiveDashboard>(`/api/v1/dashboards/executive?day=${day}`);
      const sum = async (from: string) =>
        (await expectedFromLedger(from, day, []))[0]?.amountKobo ?? 0;
      expect(board.today.collectedKobo, 'today').toBe(await sum(day));
      expect(board.month.collectedKobo, 'month').toBe(await sum(`${day.slice(0, 7)}-01`));
      expect(board.year.collectedKobo, 'year').toBe(await sum(`${day.slice(0, 4)}-01-01`));
      const ranking = await get<MdaRanking>(`/api/v1/dashboards/mdas?period=month&day=${day}`);
      for (const m of mda) {
        const [expected] = await expectedFromLedger(`${day.slice(0, 7)}-01`, day, [], {
          mdaIds: [m.id],
        });
        const row = ranking.items.find((i) => i.mdaId === m.id);
        expect(row?.collectedKobo ?? 0, `ranking ${m.code}`).toBe(expected?.amountKobo ?? 0);
      }
    },
  );

  it('the history’s paid amount alone would disagree where a reversal crosses the period, which is why its period figure is the reports’', async () => {
    const c = mda[2] as { id: string; code: string };
    // January: the payment reversed in February is "reversed" now, so not in January's paid
    // amount, but January's collections hold it.
    const january = await get<PaymentPage>(
      `/api/v1/payments?startDate=2026-01-01&endDate=2026-01-31&mdaCode=${c.code}`,
    );
    expect(january.totals.collected?.amountKobo).toBe(
      (january.totals.paidAmountKobo as number) + 50_000,
    );
    // February: the reversal comes off there, though nothing listed in February was reversed.
    const february = await get<PaymentPage>(
      `/api/v1/payments?startDate=2026-02-01&endDate=2026-02-28&mdaCode=${c.code}`,
    );
    expect(february.totals.collected?.amountKobo).toBe(
      (february.totals.paidAmountKobo as number) - 50_000,
    );
  });

  it('gives no period figure for a filter the totals cannot answer', async () => {
    const a = mda[0] as { id: string; code: string };
    for (const query of [
      `startDate=2026-01-01&endDate=2026-01-31&mdaCode=${a.code}&status=paid`,
      `startDate=2026-01-01&endDate=2026-01-31&type=tcc`,
      `startDate=2026-01-01&mdaCode=${a.code}`,
      `mdaCode=${a.code}`,
      `startDate=2026-01-01&endDate=2026-01-31&paymentReference=${randomRrr()}`,
    ]) {
      expect((await get<PaymentPage>(`/api/v1/payments?${query}`)).totals.collected, query).toBe(
        undefined,
      );
    }
    // An MDA code that names no MDA matches nothing, in the list and in its figure.
    const none = await get<PaymentPage>(
      '/api/v1/payments?startDate=2026-01-01&endDate=2026-01-31&mdaCode=NOSUCH',
    );
    expect(none.totals.collected).toEqual({ count: 0, amountKobo: 0 });
  });
});
