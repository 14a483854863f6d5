import { todayInLagos } from '../../../shared/dates';
import {
  DEMAND_NOTICE_STATUS_LABELS,
  DEMAND_NOTICE_VIEW_STATUSES,
  type DemandNoticeViewStatus,
  demandNoticeViewStatus,
  type MdaTransactionItem,
  type MdaTransactionQuery,
  type MdaTransactionReport,
} from '../../../shared/demandNotices';
import type { Actor } from '../../auth/actor';
import { mdaScopeOf } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import { amount, type Column, date, reference, text } from '../../export/columns';
import { exportList } from '../../export/exportList';
import {
  type DemandNoticeListRow,
  type NoticeFilter,
  type NoticeSums,
  rollupAnswers,
  selectCountsByStatus,
  selectDemandNotices,
  selectDemandNoticeTotals,
  selectNoticeBills,
  selectNoticeSums,
} from './queries';

/** The most rows one export holds, as for assessments. */
export const MDA_TRANSACTION_EXPORT_LIMIT = 50_000;

export const MDA_TRANSACTION_COLUMNS: readonly Column<MdaTransactionItem>[] = [
  reference('Notice number', (i) => i.number, 22),
  text('MDA', (i) => i.mdaName, 32),
  text('Payer', (i) => i.payerName, 32),
  text('Status', (i) => DEMAND_NOTICE_STATUS_LABELS[i.status], 12),
  reference('RRR', (i) => i.rrr, 16),
  amount('Total', (i) => i.totalKobo, 14),
  amount('Paid', (i) => i.paidKobo, 14),
  date('Issued', (i) => i.issuedOn, 12),
  date('Due', (i) => i.dueOn, 12),
];

/** One item per demand notice, with its newest standing bill's RRR (batched per page). */
async function itemsOf(db: Db, rows: readonly DemandNoticeListRow[], today: string) {
  const bills = await selectNoticeBills(
    db,
    rows.map((r) => r.notice.id),
  );
  return rows.map(({ notice, mdaName }): MdaTransactionItem => {
    const own = bills.filter((b) => b.subjectId === notice.id);
    const bill = own.find((b) => b.status !== 'cancelled') ?? own[0];
    return {
      id: notice.id,
      number: notice.number,
      mdaId: notice.mdaId,
      mdaName,
      payerName: notice.payerName,
      status: demandNoticeViewStatus(notice.status, notice.dueOn, today),
      totalKobo: notice.totalKobo,
      paidKobo: notice.paidKobo,
      issuedOn: notice.issuedOn,
      dueOn: notice.dueOn,
      rrr: bill?.rrr ?? null,
    };
  });
}

const NONE: NoticeSums = { count: 0, totalKobo: 0, paidKobo: 0, outstandingKobo: 0 };

const plus = (a: NoticeSums, b: NoticeSums): NoticeSums => ({
  count: a.count + b.count,
  totalKobo: a.totalKobo + b.totalKobo,
  paidKobo: a.paidKobo + b.paidKobo,
  outstandingKobo: a.outstandingKobo + b.outstandingKobo,
});

const minus = (a: NoticeSums, b: NoticeSums): NoticeSums => ({
  count: a.count - b.count,
  totalKobo: a.totalKobo - b.totalKobo,
  paidKobo: a.paidKobo - b.paidKobo,
  outstandingKobo: a.outstandingKobo - b.outstandingKobo,
});

type TotalsAndCounts = {
  count: number;
  totals: MdaTransactionReport['totals'];
  countsByStatus: MdaTransactionReport['countsByStatus'];
};

/**
 * The filter's totals and counts per status from the demand notice totals (migration 0036), so
 * the report over every MDA reads a few hundred rollup rows, not every notice
 * (docs/architecture.md §9). `overdue` is read from the due date against today, which a stored
 * total cannot hold (it would change at midnight with no statement to move it). So the rollup
 * holds the stored statuses, and the open notices (issued, part paid) not yet due are read
 * apart from the notices (few: those within their term); an open notice that is not "not yet
 * due" is overdue, so overdue = the open ones in the rollup less those. The answer is exactly
 * selectDemandNoticeTotals' and selectCountsByStatus' (report.api.test.ts compares them).
 */
async function totalsAndCountsFromRollup(db: Db, filter: NoticeFilter): Promise<TotalsAndCounts> {
  const { stored, notYetDue } = await selectNoticeSums(db, filter);
  const of = (sums: Map<string, NoticeSums>, status: string) => sums.get(status) ?? NONE;
  const byView: Record<DemandNoticeViewStatus, NoticeSums> = {
    issued: of(notYetDue, 'issued'),
    part_paid: of(notYetDue, 'part_paid'),
    overdue: minus(
      plus(of(stored, 'issued'), of(stored, 'part_paid')),
      plus(of(notYetDue, 'issued'), of(notYetDue, 'part_paid')),
    ),
    paid: of(stored, 'paid'),
    cancelled: of(stored, 'cancelled'),
  };
  const chosen = filter.status ? [filter.status] : DEMAND_NOTICE_VIEW_STATUSES;
  const totals = { billedKobo: 0, paidKobo: 0, outstandingKobo: 0 };
  let count = 0;
  for (const status of chosen) {
    const sums = byView[status];
    count += sums.count;
    totals.paidKobo += sums.paidKobo;
    // A cancelled notice asks nothing and owes nothing; what was paid on it still counts.
    if (status !== 'cancelled') {
      totals.billedKobo += sums.totalKobo;
      totals.outstandingKobo += sums.outstandingKobo;
    }
  }
  const countsByStatus = {
    issued: byView.issued.count,
    part_paid: byView.part_paid.count,
    overdue: byView.overdue.count,
    paid: byView.paid.count,
    cancelled: byView.cancelled.count,
  };
  return { count, totals, countsByStatus };
}

/** The totals and counts: from the rollup when it holds what the filter asks, else counted. */
export async function selectTotalsAndCounts(
  db: Db,
  filter: NoticeFilter,
): Promise<TotalsAndCounts> {
  if (rollupAnswers(filter)) return totalsAndCountsFromRollup(db, filter);
  const [{ count, ...totals }, countsByStatus] = await Promise.all([
    selectDemandNoticeTotals(db, filter),
    selectCountsByStatus(db, filter),
  ]);
  return { count, totals, countsByStatus };
}

/**
 * The MDA transaction report (docs/product.md §2 reporting/mda-transaction-report): the demand
 * notices of the MDAs the officer may see, with what the ledger holds as paid on each. Its paid
 * total is the ledger's (paid_kobo is the settlement's sum of the paid payments naming the
 * notice), so it agrees with the payment history's for the same notices to the kobo.
 */
export function createMdaTransactionReport({ db }: { db: Db }) {
  function filterOf(actor: Actor, query: MdaTransactionQuery): NoticeFilter {
    return {
      mdaId: query.mdaId,
      revenueHeadCode: query.revenueHeadCode,
      status: query.status,
      from: query.from,
      to: query.to,
      payer: query.payer,
      scope: mdaScopeOf(actor),
      today: todayInLagos(),
    };
  }

  return {
    async findMdaTransactions(
      actor: Actor,
      query: MdaTransactionQuery,
    ): Promise<MdaTransactionReport> {
      const filter = filterOf(actor, query);
      const [rows, { count, totals, countsByStatus }] = await Promise.all([
        selectDemandNotices(db, filter, {
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        selectTotalsAndCounts(db, filter),
      ]);
      return {
        items: await itemsOf(db, rows, filter.today),
        page: query.page,
        pageSize: query.pageSize,
        total: count,
        totals,
        countsByStatus,
      };
    },

    /** The report's filter as a file, through the one export path (ADR 0029); audited. */
    async exportMdaTransactions(
      actor: Actor,
      query: MdaTransactionQuery & { format: 'csv' | 'xlsx' },
    ) {
      const filter = filterOf(actor, query);
      const { scope: _scope, ...audited } = filter;
      return exportList(db, actor, {
        format: query.format,
        fileName: 'mda-transactions',
        sheet: 'MDA transactions',
        columns: MDA_TRANSACTION_COLUMNS,
        count: async () => (await selectTotalsAndCounts(db, filter)).count,
        page: async ({ limit, offset }) =>
          itemsOf(
            db,
            await selectDemandNotices(db, filter, { sort: query.sort, limit, offset }),
            filter.today,
          ),
        rowLimit: {
          max: MDA_TRANSACTION_EXPORT_LIMIT,
          message: () =>
            `This filter matches more than ${MDA_TRANSACTION_EXPORT_LIMIT.toLocaleString('en-NG')} demand notices; an export holds at most that many. Narrow it and export again.`,
        },
        audit: {
          action: 'mda_transactions.exported',
          entityType: 'demand_notice',
          filter: audited,
        },
      });
    },
  };
}
