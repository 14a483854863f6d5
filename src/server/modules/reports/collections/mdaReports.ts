import { todayInLagos } from '../../../../shared/dates';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../../../../shared/payments';
import type {
  MdaRevenueHeadRow,
  MdaRevenueQuery,
  MdaRevenueReport,
  MdaSummaryQuery,
  MdaSummaryReport,
} from '../../../../shared/reports/collections';
import { periodOf } from '../../../../shared/reports/period';
import type { Actor } from '../../../auth/actor';
import { type MdaScope, mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { amount, type Column, count, text } from '../../../export/columns';
import { exportList } from '../../../export/exportList';
import { selectTotalsAndCounts } from '../../demandNotices/report';
import { selectBudgetTotals } from '../budget/queries';
import { selectPosTotal } from '../pos/queries';
import { selectCollectionTotals } from '../totals/queries';
import { mdaAskedFor } from './mdaAsked';
import { selectRevenueHeadNames } from './queries';

/** The first day of every Lagos month the period touches. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(`${key}-01`);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

const MONTH_HEADER = new Intl.DateTimeFormat('en-NG', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The revenue report's columns: the head, its total, then one per month of the period. */
export function revenueColumns(months: readonly string[]): Column<MdaRevenueHeadRow>[] {
  return [
    text('Revenue head code', (r) => r.revenueHeadCode || 'None', 14),
    text('Revenue head', (r) => r.revenueHeadName, 32),
    count('Payments', (r) => r.count, 10),
    amount('Collected', (r) => r.amountKobo, 16),
    ...months.map((m, i) =>
      amount<MdaRevenueHeadRow>(
        MONTH_HEADER.format(new Date(`${m}T00:00:00Z`)),
        (r) => r.byMonth[i] ?? 0,
        14,
      ),
    ),
  ];
}

type SummaryLine = { section: string; item: string; count: number | null; amountKobo: number };

const SUMMARY_COLUMNS: readonly Column<SummaryLine>[] = [
  text('Section', (l) => l.section, 20),
  text('Item', (l) => l.item, 36),
  text('Count', (l) => (l.count === null ? '' : String(l.count)), 10),
  amount('Amount', (l) => l.amountKobo, 16),
];

const CHANNEL_LABELS = {
  remita: 'Remita',
  card: 'Card',
  pos: 'POS',
  bank: 'Bank',
  manual: 'By hand',
} as const satisfies Record<PaymentChannel, string>;

/**
 * The MDA's budget for the period, by the budget reports' one read (the newest version of each
 * year, part months prorated by days, docs/reports.md); null when no budget holds the MDA.
 */
async function budgetOf(
  db: Db,
  input: { mdaId: string; from: string; to: string; scope: MdaScope },
) {
  const { rows } = await selectBudgetTotals(
    db,
    {
      year: Number(input.to.slice(0, 4)),
      from: input.from,
      to: input.to,
      scope: input.scope,
      mdaIds: [input.mdaId],
    },
    [],
  );
  return rows[0] ? rows[0].budgetKobo : null;
}

/**
 * The MDA revenue report and the MDA summary report (docs/reports.md): the collection totals'
 * one read (ADR 0034), the demand notice totals through the MDA transaction report's own
 * reading, and the POS daily totals. MDA staff see their MDAs only; another MDA is a 404.
 */
export function createMdaReports({ db }: { db: Db }) {
  async function mdaRevenue(actor: Actor, query: MdaRevenueQuery): Promise<MdaRevenueReport> {
    const { from, to } = periodOf(query, todayInLagos());
    const mda = query.mdaId ? await mdaAskedFor(db, actor, query.mdaId) : null;
    const rows = await selectCollectionTotals(
      db,
      { from, to, scope: mdaScopeOf(actor), mdaIds: query.mdaId ? [query.mdaId] : undefined },
      ['revenueHead', 'month'],
    );
    const months = monthsOf(from, to);
    const heads = new Map<string, MdaRevenueHeadRow>();
    const monthly = months.map((month) => ({ month, count: 0, amountKobo: 0 }));
    const totals = { count: 0, amountKobo: 0 };
    for (const row of rows) {
      const code = row.revenueHeadCode ?? '';
      const head = heads.get(code) ?? {
        revenueHeadCode: code,
        revenueHeadName: '',
        count: 0,
        amountKobo: 0,
        byMonth: months.map(() => 0),
      };
      const i = months.indexOf(row.month ?? '');
      head.count += row.paymentCount;
      head.amountKobo += row.amountKobo;
      const inMonth = monthly[i];
      if (inMonth) {
        head.byMonth[i] = (head.byMonth[i] ?? 0) + row.amountKobo;
        inMonth.count += row.paymentCount;
        inMonth.amountKobo += row.amountKobo;
      }
      totals.count += row.paymentCount;
      totals.amountKobo += row.amountKobo;
      heads.set(code, head);
    }
    const names = await selectRevenueHeadNames(
      db,
      [...heads.keys()].filter((c) => c !== ''),
      query.mdaId,
    );
    const items = [...heads.values()]
      .map((h) => ({
        ...h,
        revenueHeadName:
          h.revenueHeadCode === ''
            ? 'No revenue head'
            : (names.get(h.revenueHeadCode) ?? h.revenueHeadCode),
      }))
      .sort(
        (a, b) => b.amountKobo - a.amountKobo || a.revenueHeadCode.localeCompare(b.revenueHeadCode),
      );
    return {
      from,
      to,
      mda: mda ? { mdaId: mda.id, mdaName: mda.name } : null,
      months,
      items,
      monthly,
      totals,
    };
  }

  async function mdaSummary(actor: Actor, query: MdaSummaryQuery): Promise<MdaSummaryReport> {
    const { from, to } = periodOf(query, todayInLagos());
    const mda = await mdaAskedFor(db, actor, query.mdaId);
    const scope = mdaScopeOf(actor);
    const today = todayInLagos();
    const filter = { from, to, scope, mdaIds: [mda.id] };
    const [byChannelRows, byHeadRows, notices, overdue, pos, budgetKobo] = await Promise.all([
      selectCollectionTotals(db, filter, ['channel']),
      selectCollectionTotals(db, filter, ['revenueHead']),
      selectTotalsAndCounts(db, { mdaId: mda.id, from, to, payer: undefined, scope, today }),
      selectTotalsAndCounts(db, {
        mdaId: mda.id,
        status: 'overdue',
        payer: undefined,
        scope,
        today,
      }),
      selectPosTotal(db, { from, to, scope, mdaId: mda.id }),
      budgetOf(db, { mdaId: mda.id, from, to, scope }),
    ]);
    const byChannel = Object.fromEntries(PAYMENT_CHANNELS.map((c) => [c, 0])) as Record<
      PaymentChannel,
      number
    >;
    const collections = { count: 0, amountKobo: 0, byChannel };
    for (const row of byChannelRows) {
      collections.count += row.paymentCount;
      collections.amountKobo += row.amountKobo;
      if (row.channel) byChannel[row.channel] += row.amountKobo;
    }
    const codes = byHeadRows.map((r) => r.revenueHeadCode ?? '').filter((c) => c !== '');
    const names = await selectRevenueHeadNames(db, codes, mda.id);
    const byRevenueHead = byHeadRows
      .map((r) => ({
        revenueHeadCode: r.revenueHeadCode ?? '',
        revenueHeadName: r.revenueHeadCode
          ? (names.get(r.revenueHeadCode) ?? r.revenueHeadCode)
          : 'No revenue head',
        count: r.paymentCount,
        amountKobo: r.amountKobo,
      }))
      .sort((a, b) => b.amountKobo - a.amountKobo);
    return {
      from,
      to,
      mda: { mdaId: mda.id, mdaName: mda.name, mdaCode: mda.code },
      collections,
      byRevenueHead,
      demandNotices: { count: notices.count, ...notices.totals },
      pos,
      arrears: { count: overdue.count, outstandingKobo: overdue.totals.outstandingKobo },
      budget:
        budgetKobo === null
          ? null
          : { year: Number(to.slice(0, 4)), budgetKobo, actualKobo: collections.amountKobo },
    };
  }

  return {
    mdaRevenue,
    mdaSummary,

    async exportMdaRevenue(actor: Actor, query: MdaRevenueQuery & { format: 'csv' | 'xlsx' }) {
      const report = await mdaRevenue(actor, query);
      return exportList(db, actor, {
        format: query.format,
        fileName: `mda-revenue-${report.from}-to-${report.to}`,
        sheet: 'MDA revenue',
        columns: revenueColumns(report.months),
        count: async () => report.items.length,
        page: async ({ limit, offset }) => report.items.slice(offset, offset + limit),
        audit: {
          action: 'mda_revenue.exported',
          entityType: 'report',
          filter: { from: report.from, to: report.to, mdaId: query.mdaId ?? null },
        },
      });
    },

    async exportMdaSummary(actor: Actor, query: MdaSummaryQuery & { format: 'csv' | 'xlsx' }) {
      const s = await mdaSummary(actor, query);
      const lines: SummaryLine[] = [
        { section: 'Collections', item: 'All channels', ...s.collections },
        ...PAYMENT_CHANNELS.map((c) => ({
          section: 'Collections',
          item: CHANNEL_LABELS[c],
          count: null,
          amountKobo: s.collections.byChannel[c],
        })),
        ...s.byRevenueHead.map((h) => ({
          section: 'Revenue head',
          item: `${h.revenueHeadCode} ${h.revenueHeadName}`.trim(),
          count: h.count,
          amountKobo: h.amountKobo,
        })),
        {
          section: 'Demand notices',
          item: 'Billed',
          count: s.demandNotices.count,
          amountKobo: s.demandNotices.billedKobo,
        },
        {
          section: 'Demand notices',
          item: 'Paid',
          count: null,
          amountKobo: s.demandNotices.paidKobo,
        },
        {
          section: 'Demand notices',
          item: 'Outstanding',
          count: null,
          amountKobo: s.demandNotices.outstandingKobo,
        },
        { section: 'POS', item: 'Recorded takings', ...s.pos },
        {
          section: 'Arrears',
          item: 'Overdue notices, outstanding',
          count: s.arrears.count,
          amountKobo: s.arrears.outstandingKobo,
        },
        ...(s.budget
          ? [
              {
                section: 'Budget',
                item: `Budget ${s.budget.year}`,
                count: null,
                amountKobo: s.budget.budgetKobo,
              },
              { section: 'Budget', item: 'Actual', count: null, amountKobo: s.budget.actualKobo },
            ]
          : []),
      ];
      return exportList(db, actor, {
        format: query.format,
        fileName: `mda-summary-${s.mda.mdaCode}-${s.from}-to-${s.to}`,
        sheet: 'MDA summary',
        columns: SUMMARY_COLUMNS,
        count: async () => lines.length,
        page: async ({ limit, offset }) => lines.slice(offset, offset + limit),
        audit: {
          action: 'mda_summary.exported',
          entityType: 'report',
          filter: { from: s.from, to: s.to, mdaId: s.mda.mdaId },
        },
      });
    },
  };
}
